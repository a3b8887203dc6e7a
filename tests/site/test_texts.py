"""Every text as a native teacher writes it: cards named by code, one term per concept.

Two kinds of test. On the **sources** (lessons, guided hands' words, the
catalogues) of every language: no card typed by hand, no variant the language's
term list forbids (``rummy_site.proofing``). On the **pages** a Lithuanian or
Russian learner reads (every lesson, every guided hand step by step with its
hints and feedback, a practice table): no English rank letter beside a suit
symbol or in a sequence, and in Russian no Latin player name.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import translation

from game.cards import text_html, text_plain
from game.guided import scenarios
from game.names import COMPUTER_NAMES, learner_default
from lessons.models import Lesson
from rummy_site import proofing
from rummy_site.languages import codes
from tests.factories import move_data

LANGUAGES = list(codes())
NATIVE_LETTERS = ["lt", "ru"]
HTMX = {"HTTP_HX_REQUEST": "true"}


# ------------------------------------------------------------------ the rules themselves
@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Discard the K♣ now.", ["K♣"]),
        ("10♥ and 9♥", ["10♥", "9♥"]),
        ("Q-K-A is not a run", ["Q-K-A"]),
        ("Д-К-Т — нет", ["Д-К-Т"]),
        ("for 3-4 players", []),
        ("the {KC} and {Q-K-A}", []),
        ("ace-2-3", []),
    ],
)
def test_a_card_typed_by_hand_is_found(text: str, found: list[str]) -> None:
    assert [card for card, _context in proofing.hand_written_cards(text)] == found


@pytest.mark.parametrize(
    ("language", "text", "found"),
    [
        ("ru", "сбросьте Д♠", []),
        ("ru", "сбросьте Q♠", ["Q♠"]),
        ("ru", "Д-К-Т — нет", []),
        ("ru", "Q-K-A — нет", ["Q-K-A"]),
        ("ru", "К♣ и K♣", ["K♣"]),  # the second K is Latin
        ("lt", "K♣ ir D♠", []),  # Lithuanian writes K for the king too
        ("lt", "A♠ ir J♦", ["A♠", "J♦"]),
        ("lt", "T-2-3 ir A-2-3", ["A-2-3"]),
        ("it", "Q♠", []),  # Italian cards keep J, Q, K
    ],
)
def test_an_english_rank_letter_is_found_on_a_page(
    language: str, text: str, found: list[str]
) -> None:
    assert [card for card, _context in proofing.latin_cards(text, language)] == found


def test_a_term_list_variant_is_found_whatever_its_ending_and_case() -> None:
    found = proofing.term_variants("Подкладывайте карты. Подклад тоже.", "ru")
    listed = [t for t in proofing.terms("ru") for a in t.avoid if a.startswith("подклад")]
    if listed:  # the Russian list bans «подкладывать»
        assert len(found) == 2


def test_the_russian_discard_pile_is_one_term_with_its_prepositions() -> None:
    """«сброс» takes «в» (docs/terms/ru.md: «в сброс», «в сбросе»): the lessons and the
    guided hands put a card «в открытую на сброс» beside the interface's «в сброс»; the
    term list forbids both «на сбросе» and «на сброс», not «в сброс» nor «сброса»."""

    def found(text: str) -> list[str]:
        return [what for what, _context in proofing.term_variants(text, "ru")]

    assert len(found("Положите карту в открытую на сброс.")) == 1
    assert len(found("Эта карта лежит на сбросе.")) == 1
    assert found("Положите карту в открытую в сброс. Верхняя карта сброса — {6H}.") == []


def test_a_cheap_card_is_a_small_card_in_lithuanian() -> None:
    """The Lithuanian newcomer's walk: «pigi korta», «pigią kortą», «pigios» were one more
    word for what the term list calls «smulki korta». The list now forbids «pig*»; the
    knocker's hand comes first in words a child reads at once (not «pirmos parodytos
    pasibeldusiojo kortos»)."""
    found = proofing.term_variants("Liko viena pigi korta. Paėmėte pigią kortą.", "lt")
    assert len(found) == 2 and all("smulki korta" in what for what, _context in found)
    assert not [w for w, _c in proofing.term_variants("Liko viena smulki korta.", "lt")]
    lessons = proofing.LESSONS / "lt" / "knock"
    for path in sorted(lessons.glob("*.md")):
        assert "pirmos parodytos" not in path.read_text(encoding="utf-8").lower(), path.name


# ------------------------------------------------------------------ the sources
@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_has_a_term_list_of_the_english_concepts(language: str) -> None:
    concepts = {t.concept for t in proofing.terms("en")}
    terms = proofing.terms(language)
    assert terms, f"docs/terms/{language}.md lists no terms"
    missing = concepts - {t.concept for t in terms}
    assert not missing, f"docs/terms/{language}.md lacks {sorted(missing)}"
    assert all(t.term for t in terms)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_card_is_typed_by_hand(language: str) -> None:
    found = proofing.findings(language)["cards"]
    assert not found, f"{len(found)} card(s) typed by hand:\n" + "\n".join(map(str, found[:20]))


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_uses_a_variant_the_term_list_forbids(language: str) -> None:
    found = proofing.findings(language)["terms"]
    assert not found, f"{len(found)} forbidden variant(s):\n" + "\n".join(map(str, found[:20]))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_players_are_named_in_the_language(language: str) -> None:
    """The computer players and the learner's default name: a name of the language,
    in its alphabet, and the same names in every guided hand."""
    with translation.override(language):
        names = [str(n) for n in COMPUTER_NAMES]
        default = learner_default()
    assert len(set(names)) == len(names) and default not in names
    if language == "ru":
        assert all(re.fullmatch(r"[А-ЯЁ][а-яё]+", n) for n in [*names, default]), names
        assert "Она" not in names  # the pronoun "she"
    for scenario in scenarios.library():
        seats = scenario.names[language]
        assert list(seats[1:]) == names[: len(seats) - 1], (scenario.slug, seats)


# ------------------------------------------------------------------ the pages
class _VisibleText(HTMLParser):
    """The text of a page as a person reads it (no scripts, styles or attributes)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def visible(html: str) -> str:
    parser = _VisibleText()
    parser.feed(html)
    return " ".join(parser.parts)


LATIN_NAMES = re.compile(
    r"\b(Ona|Ben|Marta|Luca|Ivan|Alex|Anna|Boris|Carla|Player)\b", re.IGNORECASE
)


def page_problems(html: str, language: str, where: str) -> list[str]:
    text = visible(html)
    found = [f"{where}: {card!r} in …{ctx}…" for card, ctx in proofing.latin_cards(text, language)]
    if language == "ru":
        found += [f"{where}: Latin name {m.group(0)!r}" for m in LATIN_NAMES.finditer(text)]
    found += [f"{where}: card markup left {m.group(0)!r}" for m in re.finditer(r"\{\w", text)]
    return found


@pytest.mark.django_db
@pytest.mark.parametrize("language", NATIVE_LETTERS)
def test_no_lesson_page_shows_english_cards(client: Client, language: str) -> None:
    call_command("load_lessons", verbosity=0)
    urls = [f"/{language}/lessons/"]
    for lesson in Lesson.objects.filter(language=language).exclude(game=""):
        urls.append(f"/{language}/lessons/{lesson.game}/")
        if lesson.slug == "summary":
            continue
        urls.append(f"/{language}/lessons/{lesson.game}/{lesson.slug}/")
    urls += [f"/{language}/lessons/{g}/summary/" for g in ("basic", "gin", "knock")]
    urls.append(f"/{language}/lessons/glossary/")
    problems = []
    for url in dict.fromkeys(urls):
        response = client.get(url)
        assert response.status_code == 200, url
        problems += page_problems(response.content.decode(), language, url)
    assert not problems, "\n".join(problems[:30])


@pytest.mark.django_db
@pytest.mark.parametrize("language", NATIVE_LETTERS)
def test_no_guided_hand_shows_english_cards_or_names(client: Client, language: str) -> None:
    """Every guided hand played through in the language: each step's page, every hint,
    the feedback on the right move; and every wrong-move text as the page draws it."""
    problems = page_problems(client.get(f"/{language}/guided/").content.decode(), language, "index")
    for scenario in scenarios.library():
        base = f"/{language}/guided/{scenario.slug}/"
        version = 0
        for number, move in enumerate(scenarios.right_line(scenario), start=1):
            step = scenario.steps[number - 1]
            for _hint in step.hints:
                client.post(base + "hint/", {"version": str(version)}, **HTMX)
                version += 1
            page = client.get(base).content.decode()
            problems += page_problems(page, language, f"{scenario.slug} step {number}")
            response = client.post(base + "move/", {"version": str(version), **move_data(move)})
            assert response.status_code in (200, 303), (scenario.slug, number)
            version += 1
            with translation.override(language):
                for wrong in step.wrong:
                    html = str(text_html(wrong.say[language]))
                    problems += page_problems(html, language, f"{scenario.slug} {number} wrong")
        finished = client.get(base).content.decode()
        problems += page_problems(finished, language, f"{scenario.slug} end")
    assert not problems, f"{len(problems)} problem(s):\n" + "\n".join(problems[:30])


@pytest.mark.django_db
@pytest.mark.parametrize("language", NATIVE_LETTERS)
def test_a_practice_table_shows_the_language_s_cards_and_names(
    client: Client, language: str
) -> None:
    response = client.post(
        f"/{language}/practice/new/", {"game": "knock", "players": "4", "name": "Аня"}
    )
    assert response.status_code == 303
    table_url = response["Location"]
    client.post(table_url + "computer/", {"version": "0", "all": "1"})
    html = client.get(table_url).content.decode()
    assert not page_problems(html, language, table_url)


@pytest.mark.parametrize("language", LANGUAGES)
def test_card_markup_draws_the_language_s_letters_and_full_names(language: str) -> None:
    with translation.override(language):
        html = str(text_html("{QS} and {Q-K-A}"))
        plain = text_plain("{QS} {Q-K-A}")
    assert "{" not in html and "visually-hidden" in html
    assert not proofing.latin_cards(plain, language), plain


@pytest.mark.parametrize(
    ("language", "text", "found"),
    [
        ("lt", "Dėkite jį su {2H} ir {3H}.", ["{2H}", "{3H}"]),
        ("lt", "Dėkite jį su {2H:ins} ir {3H:ins}.", []),
        ("lt", "prie {AH} {2H:gen} {3H}", ["{AH}", "{3H}"]),
        ("lt", "Turite {9S} ir {9H}: jūsų {KS} dar laukia.", ["{9S}", "{9H}"]),  # {KS}: subject
        ("lt", "aukščiau už {JS}, {8S} – žemiau", ["{JS}"]),  # {8S} is a subject
        ("ru", "Вместе с вашими {6S} и {6C}", ["{6S}", "{6C}"]),
        ("ru", "Оставьте карту {QS} в сбросе: вместе с вашей {QD} это пара.", ["{QD}"]),
        ("ru", "Из прикупа пришла {7D}.", []),
        ("lt", "Dėkite ją su jūsų {6S} ir {6C}.", ["{6S}", "{6C}"]),  # past a possessive
        ("lt", "Ona išmeta {QS}.", ["{QS}"]),  # a verb's object
        ("ru", "Оля сбросила {8H:acc}.", []),
        ("ru", "У вас нет {8S}.", ["{8S}"]),
        ("it", "con il {6S}", []),  # Italian names do not decline
    ],
)
def test_a_card_after_a_word_that_wants_another_case_is_found(
    language: str, text: str, found: list[str]
) -> None:
    assert [code for code, _context in proofing.uncased_cards(text, language)] == found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_card_is_named_in_the_case_its_sentence_needs(language: str) -> None:
    """A screen reader says a card's name as the markup asks: "su {6S}" would be read
    «su vynų šešakė» (the native review of 3 December); "su {6S:ins}" is «su vynų šešake»."""
    found = proofing.findings(language)["cases"]
    assert not found, f"{len(found)} card(s) without their case:\n" + "\n".join(
        map(str, found[:20])
    )


def test_check_texts_without_the_dev_tools_says_how_to_get_them(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """After `make run` only (no dev extras), the translator's tool says what to
    install instead of ending in a traceback."""
    import sys

    from django.core.management.base import CommandError

    monkeypatch.setitem(sys.modules, "polib", None)  # `import polib` raises ImportError
    with pytest.raises(CommandError, match="make install-dev"):
        call_command("check_texts", "--language", "lt")
