"""Cards in generated text (the log, refusals, the coach, worked answers) are named for
screen readers in the page's language, as {KC} markup is: ``game.cards.spoken_html``,
the ``|spoken`` filter of the Django templates and the Jinja boards."""

from __future__ import annotations

import html as html_module
import re

import pytest
from django.template import Context, Template, engines
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy

from game import explain
from game.cards import card_names, spoken_html, text_html, text_plain
from game.engine import Card, MeldFailure, MoveKind
from game.templatetags.cards import line_items
from tests.factories import shown

#: What a screen reader hears of a card named for it.
HIDDEN = re.compile(r'<span class="visually-hidden">([^<]*)</span>')

CARDS = ["9C", "JD", "TH"]


def said(html: str) -> list[str]:
    return HIDDEN.findall(html)


def heard(html: str) -> str:
    """The text a screen reader reads: what is hidden from it gone, every tag gone."""
    text = re.sub(r'<span aria-hidden="true">[^<]*</span>', "", html)
    return html_module.unescape(re.sub(r"<[^>]+>", "", text))


@pytest.mark.parametrize(
    ("language", "corners", "names"),
    [
        ("en", "9♣ J♦ 10♥", "nine of clubs, jack of diamonds, ten of hearts"),
        ("lt", "9♣ V♦ 10♥", "kryžių devynakė, būgnų valetas, širdžių dešimtakė"),
        ("ru", "9♣ В♦ 10♥", "девятка треф, валет бубен, десятка червей"),
        ("it", "9♣ J♦ 10♥", "nove di fiori, fante di quadri, dieci di cuori"),
    ],
)
def test_a_log_line_names_its_cards_in_the_page_s_language(
    language: str, corners: str, names: str
) -> None:
    """The accessibility finding: "Ona put 9♣ V♦ 10♥ on the table." was read "9 black
    club suit, V black diamond suit..." in an English voice on a Lithuanian page."""
    with translation.override(language):
        line = explain.THEY_DID[MoveKind.MELD].render({"name": "Ona", "cards": CARDS})
        html = str(spoken_html(line))
        assert names == ", ".join(card_names(Card.parse(c) for c in CARDS))
    assert corners in line
    # The eye reads the same sentence; a screen reader hears the names, not the corners.
    assert shown(html) == html_module.escape(line)
    assert said(html) == [names]
    assert f'<span aria-hidden="true">{corners}</span>' in html
    assert corners not in heard(html) and names in heard(html)


@pytest.mark.parametrize(
    ("language", "sequence", "names"),
    [
        ("en", "Q-K-A", "queen, king, ace"),
        ("lt", "D-K-T", "dama, karalius, tūzas"),
        ("ru", "Д-К-Т", "дама, король, туз"),
        ("it", "Q-K-A", "donna, re, asso"),
    ],
)
def test_a_rank_sequence_is_named_rank_by_rank(language: str, sequence: str, names: str) -> None:
    with translation.override(language):
        refusal = explain.meld_failure(MeldFailure.ACE_ABOVE_KING, {"cards": ["QS", "KS", "AS"]})
        html = str(spoken_html(refusal))
        assert text_plain("{Q-K-A}") == sequence
    assert sequence in refusal and f'<span aria-hidden="true">{sequence}</span>' in html
    assert said(html)[-1] == names
    assert shown(html) == html_module.escape(refusal)


def test_numbers_that_only_look_like_cards_stay_text() -> None:
    """A range of digits is not a rank sequence ("3-4 players"), a number beside a word
    is not a card, and a suit symbol alone is no card."""
    text = "3-4 players, 2-10 points, A-2-3 low, hand 19♣x, 110♣, ♣ clubs, Q-K-Ax, -5♥"
    html = str(spoken_html(text))
    assert said(html) == ["ace, two, three"]
    assert shown(html) == html_module.escape(text)


def test_a_run_written_with_dashes_is_one_list() -> None:
    html = str(spoken_html("5♦-6♦-7♦"))
    assert said(html) == ["five of diamonds, six of diamonds, seven of diamonds"]
    assert shown(html) == "5♦-6♦-7♦"


def test_a_player_s_name_is_escaped_never_markup() -> None:
    """Player names come from users: a player named "<b>9♣</b>" is text, its 9♣ a card."""
    line = explain.THEY_DID[MoveKind.DISCARD].render({"name": "<b>9♣</b>", "card": "KS"})
    assert line == "<b>9♣</b> discarded K♠."
    html = str(spoken_html(line))
    assert "<b>" not in html and "&lt;b&gt;" in html
    assert said(html) == ["nine of clubs", "king of spades"]
    assert shown(html) == "&lt;b&gt;9♣&lt;/b&gt; discarded K♠."
    attack = '"><script>alert(1)</script><span aria-hidden="true">'
    html = str(spoken_html(attack + " A♠"))
    assert html.startswith(html_module.escape(attack) + " <span class=")
    assert "<script>" not in html and said(html) == ["ace of spades"]
    for rendered in (
        Template("{% load cards %}{{ s|spoken }}").render(Context({"s": line})),
        engines["jinja2"].from_string("{{ s|spoken }}").render({"s": line}),
        str(line_items([line])),
    ):
        assert "<b>" not in rendered and "&lt;b&gt;" in rendered
        assert said(rendered) == ["nine of clubs", "king of spades"]


def test_html_already_drawn_keeps_its_markup_and_is_not_named_twice() -> None:
    """Authored text (text_html) and safe strings may reach the filter too (a guided
    hand's feedback is either): their tags, attributes and hidden parts stay."""
    with translation.override("lt"):
        authored = text_html("Išmeskite {KC}, ne {9S 9H}.")
        assert spoken_html(authored) == authored
        assert spoken_html(spoken_html("Jūs išmetėte K♣.")) == spoken_html("Jūs išmetėte K♣.")
        picture = mark_safe('<span role="img" aria-label="9♣ 10♣">9♣</span> <b>V♦</b>')
        html = str(spoken_html(picture))
    assert 'aria-label="9♣ 10♣"' in html  # an attribute is never touched
    assert said(html) == ["kryžių devynakė", "būgnų valetas"]
    assert shown(html) == picture


def test_the_same_text_is_named_in_each_page_s_language() -> None:
    """Made once per process and language: "10♥" is not named in the language that met
    it first."""
    for language, name in [("en", "ten of hearts"), ("it", "dieci di cuori"), ("en", None)]:
        with translation.override(language):
            expected = name or "ten of hearts"
            assert said(str(spoken_html("10♥"))) == [expected]
            assert said(str(line_items(["10♥"]))) == [expected]


def test_italian_articles_stay_before_their_card() -> None:
    with translation.override("it"):
        line = explain.YOU_DID[MoveKind.DISCARD].render({"card": "8D"})
        html = str(spoken_html(line))
    assert line == "Hai scartato l'8♦."
    assert said(html) == ["otto di quadri"]
    assert heard(html) == "Hai scartato l'otto di quadri."


def test_anything_printable_is_taken() -> None:
    with translation.override("en"):
        assert said(str(spoken_html(gettext_lazy("Discard")))) == []
    assert spoken_html(None) == "None" and spoken_html(7) == "7"
    assert isinstance(spoken_html("J♣"), SafeString)
    # Jinja's missing name is nothing, as in the board's other places.
    assert engines["jinja2"].from_string("[{{ nothing|spoken }}]").render({}) == "[]"
