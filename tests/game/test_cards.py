"""Cards on the page: accessible names in every language, one sprite, face-down."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.template import Context, Template
from django.utils import translation

from game.cards import markup_problems, parse_markup, text_html, text_plain
from game.engine import Card, Rank
from game.engine.cards import DECK
from tests.a11y import spoken_labels


def render(source: str, **context: object) -> str:
    return Template("{% load cards %}" + source).render(Context(context))


@pytest.mark.parametrize(
    ("language", "code", "name"),
    [
        ("en", "7H", "seven of hearts"),
        ("en", "QS", "queen of spades"),
        ("ru", "7H", "семёрка червей"),
        ("ru", "AS", "туз пик"),
        ("it", "7H", "sette di cuori"),
        ("it", "KD", "re di quadri"),
        ("lt", "7H", "širdžių septynakė"),
        ("lt", "JC", "kryžių valetas"),
    ],
)
def test_card_names(language: str, code: str, name: str) -> None:
    with translation.override(language):
        html = render("{% card code %}", code=code)
    assert f'aria-label="{name}"' in html
    assert 'role="img"' in html


@pytest.mark.parametrize("language", ["en", "lt", "ru", "it"])
def test_every_card_has_a_distinct_name_in_every_language(language: str) -> None:
    from game.cards import card_name

    with translation.override(language):
        names = {card_name(card) for card in DECK}
    assert len(names) == 52


def test_card_uses_the_shared_sprite_and_shape_not_colour() -> None:
    html = render('{% card "TD" %}')
    assert '<use href="#suit-diamonds">' in html
    assert ">10<" in html  # the ten is printed "10" in the corner
    assert "card--red" in html and "card--diamonds" in html


def test_face_down_card_shows_nothing_of_the_card() -> None:
    with translation.override("ru"):
        html = render("{% card None %}")
    assert "card--back" in html
    assert "data-card" not in html
    assert 'aria-label="карта рубашкой вверх"' in html


def test_selected_card() -> None:
    assert "card--selected" in render('{% card "2C" selected=True %}')


def test_corner_index_is_localised() -> None:
    with translation.override("ru"):
        html = render('{% card "QH" %}')
    assert ">Д<" in html


# ------------------------------------------------------------------ cards in authored text
@pytest.mark.parametrize(
    ("inner", "parsed"),
    [
        ("KC", (Card.parse("KC"),)),
        ("9S 9H 9D", tuple(Card.parse(c) for c in ("9S", "9H", "9D"))),
        ("Q-K-A", (Rank.QUEEN, Rank.KING, Rank.ACE)),
        ("T-J", (Rank.TEN, Rank.JACK)),
    ],
)
def test_card_markup_is_cards_or_a_rank_sequence(inner: str, parsed: tuple[object, ...]) -> None:
    assert parse_markup(inner) == parsed


@pytest.mark.parametrize(
    "text", ["{XX}", "{}", "{Q-K-Z}", "{-}", "the {KC", "{7H 7H", "{7H:abl}", "{Q-K-A:gen}"]
)
def test_bad_card_markup_is_reported(text: str) -> None:
    assert markup_problems(text)


def test_good_card_markup_has_no_problems() -> None:
    assert markup_problems("Throw the {KC}: {Q-K-A} is not a run, {9S 9H 9D} is.") == []


@pytest.mark.parametrize(
    ("language", "shown", "spoken"),
    [
        ("en", "Q♠ K♠", "queen of spades, king of spades"),
        ("ru", "Д♠ К♠", "дама пик, король пик"),
        ("lt", "D♠ K♠", "vynų dama, vynų karalius"),
    ],
)
def test_card_markup_shows_the_page_s_letters_and_says_the_full_names(
    language: str, shown: str, spoken: str
) -> None:
    with translation.override(language):
        html = str(text_html("Keep <the> {QS KS}."))
        plain = text_plain("Keep {QS KS} and {Q-K-A}.")
        sequence = text_plain("{Q-K-A}")
    assert html.startswith("Keep &lt;the&gt; ")  # the text around the cards is escaped
    assert f'<span aria-hidden="true">{shown}</span>' in html
    assert f'<span class="visually-hidden">{spoken}</span>' in html
    assert plain == f"Keep {shown} and {sequence}."
    assert sequence == {"en": "Q-K-A", "ru": "Д-К-Т", "lt": "D-K-T"}[language]


@pytest.mark.parametrize(
    ("language", "text", "spoken"),
    [
        # A name in the case its sentence needs: the rank declines, the suit stays.
        ("lt", "su {6S:ins} ir {6C:ins}", ["vynų šešake", "kryžių šešake"]),
        ("lt", "prie {AH 2H:gen}", ["širdžių tūzo, širdžių dviakės"]),
        (
            "lt",
            "į {QD:acc}, {KD:loc}, {JD:dat}",
            ["būgnų damą", "būgnų karaliuje", "būgnų valetui"],
        ),
        ("ru", "с {QD:ins} и {KS:ins}", ["дамой бубен", "королём пик"]),
        (
            "ru",
            "к {7H:dat}, без {AS:gen}, в {TC:acc}",
            ["семёрке червей", "туза пик", "десятку треф"],
        ),
        ("ru", "о {8D:loc}", ["восьмёрке бубен"]),
        # Languages without cases say the nominative.
        ("it", "con il {6S:ins}", ["sei di picche"]),
        ("en", "with the {6S:ins}", ["six of spades"]),
    ],
)
def test_a_card_named_in_a_case(language: str, text: str, spoken: list[str]) -> None:
    with translation.override(language):
        html = str(text_html(text))
        plain = text_plain(text)
    said = [m for m in re.findall(r'class="visually-hidden">([^<]*)<', html)]
    assert said == spoken
    assert "{" not in plain and not re.search(r":(gen|dat|acc|ins|loc)", plain)  # cards, no case


@pytest.mark.parametrize("language", ["en", "lt"])
def test_the_boards_fast_markup_escapes_as_format_html_does(language: str) -> None:
    """The seats' and the log's items are made by a format_html() without Django's lazy
    checks: the same escaping, safe strings kept, lazy strings in the page's language."""
    from django.utils.html import format_html
    from django.utils.safestring import mark_safe
    from django.utils.translation import gettext_lazy

    from game.templatetags.cards import _html

    args = ["<b>&'\"", mark_safe("<i>x</i>"), 7, gettext_lazy("dealer"), None, ""]
    with translation.override(language):
        assert _html("{}|{}|{}|{}|{}|{}", *args) == format_html("{}|{}|{}|{}|{}|{}", *args)
        assert _html("<li>{}</li>", "a < b") == "<li>a &lt; b</li>"


def test_cards_written_one_after_another_are_read_as_a_list() -> None:
    """The native review: «prie {AH:gen} {2H:gen} {3H:gen}» was read as one long name,
    «prie širdžių tūzo širdžių dviakės širdžių triakės»; a hidden comma parts them."""
    with translation.override("lt"):
        html = str(text_html("Prie {AH:gen} {2H:gen} {3H:gen} tinka {4H}, o ne {5H}."))
    spoken = re.sub(r"<[^>]+>", "", re.sub(r'<span aria-hidden="true">[^<]*</span>', "", html))
    assert spoken == (
        "Prie širdžių tūzo, širdžių dviakės, širdžių triakės tinka širdžių keturakė, "
        "o ne širdžių penkakė."
    )


def test_a_card_of_the_hand_form_is_named_once() -> None:
    """Each card to pick is read as its checkbox's name only: the card drawn in its
    label is hidden from screen readers, which read it a second time as an image
    (the accessibility walk: "checkbox nine of clubs, graphic nine of clubs")."""
    from game.templatetags.cards import choices_html

    with translation.override("lt"):
        html = choices_html(["9C", "7H"], selected=["7H"], drawn="7H")
    assert spoken_labels(html) == ["kryžių devynakė", "širdžių septynakė ką tik iš kaladės"]
    assert html.count('role="img"') == 2  # still drawn, for the eye


def test_a_card_refers_to_the_suits_drawn_in_its_own_page_not_to_a_file() -> None:
    """Its three suits (two corners and the pip) refer to the page's own symbols: as
    ``/static/cards/suits.svg#hearts`` each was a resource request of its own, 50-70 ms
    of an old phone's main thread on the longest lesson (docs/deploy.md, "Drawing the
    cards"). Its name and its parts are those of before."""
    with translation.override("it"):
        html = render('{% card "7H" %}')
    assert re.findall(r'<use href="([^"]*)"', html) == ["#suit-hearts"] * 3
    assert "suits.svg" not in html
    assert html.count('role="img"') == 1 and 'aria-label="sette di cuori"' in html
    assert html.count('class="card__index') == 2 and html.count('aria-hidden="true"') == 3


def test_the_sprite_tag_draws_the_four_suits_of_the_file_once_hidden() -> None:
    from django.contrib.staticfiles import finders

    html = render("{% suit_sprite %}")
    path = finders.find("cards/suits.svg")
    assert isinstance(path, str)
    with open(path, encoding="utf-8") as sprite:
        symbols = re.findall(r"<symbol\b.*?</symbol>", sprite.read(), re.DOTALL)
    assert len(symbols) == 4 and all(symbol in html for symbol in symbols)
    assert re.findall(r'<symbol id="([^"]+)"', html) == [
        "suit-hearts",
        "suit-diamonds",
        "suit-clubs",
        "suit-spades",
    ]
    assert html.startswith('<svg class="suit-sprite"') and 'aria-hidden="true"' in html
    assert "<!--" not in html  # the file's comment stays in the file


@pytest.mark.django_db
def test_every_suit_a_page_draws_is_in_that_page(client: Any) -> None:
    """The longest lesson's cards find their suits' symbols in the page: each page
    carries the sprite once, at the top of its body, before any card."""
    from django.core.management import call_command

    call_command("load_lessons", verbosity=0)
    page = client.get("/it/lessons/gin/scoring-a-hand/").content.decode()
    used = set(re.findall(r'<use href="#([^"]+)"', page))
    defined = re.findall(r'<symbol id="([^"]+)"', page)
    assert used and used <= set(defined) and len(defined) == 4
    assert page.count('class="suit-sprite"') == 1
    assert page.index('class="suit-sprite"') < page.index('class="card ')
