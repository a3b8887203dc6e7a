"""Proofing every text the site shows: cards written by hand, and words the term lists forbid.

Three rules hold for every language (``tests/site/test_texts.py`` runs them; the
``check_texts`` command prints what it finds, file by file):

* **Cards are data.** Lessons and guided hands name cards by code, ``{KC}``,
  ``{Q-K-A}`` (see :mod:`game.cards`). A card typed by hand ("K♣", "Q-K-A") is a
  defect in the source of every language; and on a Lithuanian or Russian page a
  Latin rank letter beside a suit symbol, or a sequence such as "Q-K-A", means
  an English card slipped through (:func:`hand_written_cards`, :func:`latin_cards`).
* **A card's name in the case its sentence needs.** A card's name is spoken in
  the nominative unless its markup names a case (``{6S:ins}``, :mod:`game.cards`).
  A card right after a preposition, a declined determiner or a verb whose object
  it is ("su {6S}", «с вашей {QD}», "išmeta {QS}"), or joined to such a card by
  "and" or "or", must say its case; the words are listed in the "Cards in a case"
  section of the language's term list (Lithuanian and Russian; :func:`uncased_cards`).
* **One term per concept.** ``docs/terms/<lang>.md`` lists, for each concept of
  the game, the one word a language uses and, in backticks in its last column,
  the variants not to use (``подклад*``: ``*`` stands for any ending). No
  lesson, guided hand or catalogue entry may use one (:func:`term_variants`).

:func:`sources` yields every authored text of a language, with where it is.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.conf import settings

from game.cards import MARKUP
from rummy_site.languages import codes

BASE = Path(settings.BASE_DIR)
TERMS = BASE / "docs" / "terms"
LESSONS = BASE / "lessons" / "content"
GUIDED = BASE / "game" / "guided" / "content"
LOCALE = BASE / "locale"

SUITS = "♠♥♦♣"
#: Latin rank letters that are not this language's own (Lithuanian writes K for king).
FOREIGN_LETTERS = {"lt": "AJQ", "ru": "AJQKT"}
#: The language's own rank letters (as its catalogue writes them in a card's corner).
OWN_LETTERS = {"lt": "TVDK", "ru": "ТВДК"}
_RANK = r"(?:10|[2-9AJQKTVDВДКТ])"
_HAND_CARD = re.compile(rf"(?<![\w{{]){_RANK}[{SUITS}]")
_HAND_SEQUENCE = re.compile(rf"(?<![\w\-{{]){_RANK}(?:-{_RANK}){{1,}}(?![\w\-}}])")
_SHORTCODE = re.compile(r"\[(?:cards|check)\s+[^\]]+\]")


@dataclass(frozen=True)
class Finding:
    where: str
    what: str
    text: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}: …{self.text}…"


def _context(text: str, start: int, end: int) -> str:
    return text[max(0, start - 30) : end + 30].replace("\n", " ")


def hand_written_cards(text: str) -> list[tuple[str, str]]:
    """Cards typed by hand in a source text, instead of ``{KC}`` markup: a rank
    beside a suit symbol ("K♣", "10♥") or a rank sequence with a letter ("Q-K-A").
    A sequence of digits alone ("3-4 players") is a range, not cards."""
    found = []
    for match in _HAND_CARD.finditer(text):
        found.append((match.group(0), _context(text, match.start(), match.end())))
    for match in _HAND_SEQUENCE.finditer(text):
        if not match.group(0).replace("-", "").isdigit():
            found.append((match.group(0), _context(text, match.start(), match.end())))
    return found


def latin_cards(text: str, language: str) -> list[tuple[str, str]]:
    """In a page's visible text: an English rank letter beside a suit symbol, or in a
    rank sequence, where the language writes its own letters (lt, ru)."""
    foreign = FOREIGN_LETTERS.get(language)
    if not foreign:
        return []
    card = re.compile(rf"(?<!\w)[{foreign}][{SUITS}]")
    rank = rf"(?:10|[2-9{foreign}{OWN_LETTERS.get(language, '')}])"
    sequence = re.compile(rf"(?<![\w\-]){rank}(?:-{rank})+(?![\w\-])")
    found = [(m.group(0), _context(text, m.start(), m.end())) for m in card.finditer(text)]
    for match in sequence.finditer(text):
        if re.search(f"[{foreign}]", match.group(0)):
            found.append((match.group(0), _context(text, match.start(), match.end())))
    return found


# -- Cases -------------------------------------------------------------------------------

_CASE_SECTION = "## Cards in a case"
#: A card's markup, as :data:`game.cards.MARKUP` reads it, and what may join the cards
#: of one phrase: a space, "and", "or".
_CARD = MARKUP.pattern
_JOINERS = r"(?:\s+(?:ir|ar|arba|bei|и|или)\s+|\s+)"
#: Possessives that do not decline, which may stand between a preposition and its card.
_UNDECLINED = r"(?:(?:jūsų|jos|jo|savo|jų|её|его|их)\s+)?"


@cache
def case_words(language: str) -> frozenset[str]:
    """The words after which a card's name is not in the nominative: the backticked
    words of the "Cards in a case" section of ``docs/terms/<lang>.md`` (prepositions,
    declined determiners, verbs whose object is a card); none for a language without it."""
    path = TERMS / f"{language}.md"
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    if _CASE_SECTION not in text:
        return frozenset()
    section = text.split(_CASE_SECTION, 1)[1].split("\n## ", 1)[0]
    return frozenset(word.lower() for word in _AVOID.findall(section))


def uncased_cards(text: str, language: str) -> list[tuple[str, str]]:
    """Each card markup right after one of the language's :func:`case_words`, or
    following such a card (after a space, "and" or "or"), that does not name its case
    (``{6S}`` for ``{6S:ins}``). A sequence of ranks (``{Q-K-A}``) takes no case."""
    words = case_words(language)
    if not words:
        return []
    chain = re.compile(rf"(?<![\w{{}}])(\w+)\s+{_UNDECLINED}({_CARD}(?:{_JOINERS}{_CARD})*)")
    found = []
    for match in chain.finditer(text):
        if match.group(1).lower() not in words:
            continue
        for card in MARKUP.finditer(match.group(2)):
            inner = card.group(1)
            if ":" not in inner and "-" not in inner:
                start = match.start(2) + card.start()
                found.append((card.group(0), _context(text, start, card.end() + match.start(2))))
    return found


# -- Term lists --------------------------------------------------------------------------


@dataclass(frozen=True)
class Term:
    concept: str
    term: str
    avoid: tuple[str, ...]


_AVOID = re.compile(r"`([^`]+)`")


@cache
def terms(language: str) -> tuple[Term, ...]:
    """The term list of a language: each row of the table in ``docs/terms/<lang>.md``
    (| concept | term | forms | not |)."""
    path = TERMS / f"{language}.md"
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("|") or len(cells) < 4 or set(cells[0]) <= {"-", " ", ":"}:
            continue
        if cells[0].lower() == "concept":
            continue
        rows.append(Term(cells[0], cells[1], tuple(_AVOID.findall(cells[-1]))))
    return tuple(rows)


def _variant(pattern: str) -> re.Pattern[str]:
    words = [re.escape(w).replace(r"\*", r"\w*") for w in pattern.split()]
    return re.compile(r"(?<!\w)" + r"\s+".join(words) + r"(?!\w)", re.IGNORECASE)


def term_variants(text: str, language: str) -> list[tuple[str, str]]:
    """Every variant in ``text`` that the language's term list says not to use, as
    (the term to use instead, context)."""
    found = []
    for term in terms(language):
        for avoid in term.avoid:
            for match in _variant(avoid).finditer(text):
                found.append(
                    (
                        f"{match.group(0)!r} (use {term.term!r} for {term.concept})",
                        _context(text, match.start(), match.end()),
                    )
                )
    return found


# -- Sources -------------------------------------------------------------------------------


def _scenario_texts(data: object, path: str) -> Iterator[tuple[str, str]]:
    if isinstance(data, str):
        yield path, data
    elif isinstance(data, list):
        for i, item in enumerate(data):
            yield from _scenario_texts(item, f"{path}[{i}]")
    elif isinstance(data, dict):
        for key, value in data.items():
            if key != "names":
                yield from _scenario_texts(value, f"{path}.{key}" if path else key)


def sources(language: str) -> Iterator[tuple[str, str]]:
    """Every authored text of ``language``: lesson files (their prose, without the
    shortcodes), guided hands' words, and the catalogue's translations (for English:
    its message ids)."""
    import polib  # type: ignore[import-untyped,unused-ignore]

    for path in sorted((LESSONS / language).rglob("*.md")):
        text = _SHORTCODE.sub("", path.read_text(encoding="utf-8"))
        yield str(path.relative_to(BASE)), text
    for path in sorted((GUIDED / language).glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for key, text in _scenario_texts(data, ""):
            yield f"{path.relative_to(BASE)} {key}", text
    english = language == settings.LANGUAGE_CODE
    # English has no catalogue of its own: its texts are the message ids, in any catalogue.
    po = LOCALE / (codes()[1] if english else language) / "LC_MESSAGES" / "django.po"
    for entry in polib.pofile(str(po)):
        if entry.obsolete:
            continue
        where = f"{po.relative_to(BASE)} {entry.msgid[:40]!r}"
        if english:
            texts = [entry.msgid, entry.msgid_plural] if entry.msgid_plural else [entry.msgid]
        else:
            texts = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        for text in texts:
            if text:
                yield where, text


def findings(language: str) -> dict[str, list[Finding]]:
    """What the three rules find in the language's sources, by rule."""
    cards: list[Finding] = []
    words: list[Finding] = []
    cases: list[Finding] = []
    for where, text in sources(language):
        cards += [Finding(where, f"card by hand {c!r}", ctx) for c, ctx in hand_written_cards(text)]
        words += [Finding(where, what, ctx) for what, ctx in term_variants(text, language)]
        cases += [
            Finding(where, f"card without its case {c!r}", ctx)
            for c, ctx in uncased_cards(text, language)
        ]
    return {"cards": cards, "terms": words, "cases": cases}


__all__ = [
    "Finding",
    "Term",
    "case_words",
    "findings",
    "hand_written_cards",
    "latin_cards",
    "sources",
    "term_variants",
    "terms",
    "uncased_cards",
]
