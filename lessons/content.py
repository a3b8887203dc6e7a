"""Lesson files: front matter, Markdown, and the shortcodes that draw cards and checks.

Lessons live in ``lessons/content/<lang>/<game>/NN-slug.md``, one file per lesson
and language, with the same file names in every language (``NN`` orders the
lessons of a game; the slug is in English and is the lesson's address). Each
game also has ``summary.md`` (the one-page rule summary for printing), and each
language a ``glossary.md``. A file starts with front matter::

    ---
    title: Melds: groups and runs
    summary: What a meld is, which runs are allowed, and where the ace goes.
    guided: gin-01-first-knock, gin-02-groups-runs-discard
    ---

(``guided`` lists the guided hands the lesson leads into; it may be empty.)
The body is Markdown. Shortcodes, on their own line or inside a sentence:

``[cards 7H 8H 9H]``
    draws the cards (codes: rank A 2-9 T J Q K, suit C D H S; ``10H`` and lower case
    are read too, but a translation must spell every shortcode as the English file does).
``[check meld 7H 8H 9S 9D]`` / ``[check meld random]``
    "Is there a meld among these cards?": the learner picks the cards of a meld,
    or answers that there is none; the engine's reason explains a wrong pick.
``[check deadwood AS 2S 3S 4H 4D 4C KS QH]`` / ``[check deadwood random]``
    "Count the deadwood" (a number); the answer shows the best arrangement.
    Add ``ace-high`` for Basic Rummy's ace-high option.
``[check knock 2C 3C 4C 5H 5D 5S 9S 9H 9D AD]`` / ``[check knock random]``
    "Can this hand knock?" in Gin Rummy (10 cards after the discard; yes or no).
``[check score gin 0 | 2C 3C ... | KH KS ...]``
    "Who scores, and how much?": the game, the knocker (or Basic's winner), then
    each player's hand after ``|`` (Gin: 10 cards each; Knock: the deal size;
    Basic: the winner's hand empty). The settlement is then shown step by step.
    Players have the computer players' names (Ona, Ben, Marta...) in hand order.
    Basic Rummy may add ``rummy`` (the winner went rummy: doubled) and
    ``ace-high`` (the option: aces 15):
    ``[check score basic 0 rummy | | KS 7D AH | 2C 3C]``.
``[check layoff 5C | 2C 3C 4C | 9D 9H 9S]``
    "Where can this card be laid off?": the card, then the melds on the table
    (the answer may be one of them, several, or none).

Cards named in the prose are codes in braces, as everywhere on the site:
``the {KC}``, ``{7H 8H 9H}``, ``{Q-K-A}`` (see :mod:`game.cards`); the page
writes them with its language's rank letters (``К♣`` in Russian). Never type a
card's letters and suit symbol yourself: a test fails on ``K♣`` in a lesson.

A card row inside a list item needs the item's indentation (4 spaces) to stay in
the list. Every question and explanation is the site's own translated text, so a lesson's
shortcodes are the same in every language (a test checks it): translate the
prose around them, never the codes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from game.cards import markup_problems
from game.engine import EngineError, Game, parse_cards
from rummy_site.languages import codes as languages

CONTENT_DIR = Path(__file__).resolve().parent / "content"
SHORTCODE = re.compile(r"\[(cards|check)\s+([^\]]+)\]")
CHECK_KINDS = ("meld", "deadwood", "knock", "score", "layoff")
LESSON_NAME = re.compile(r"^(\d\d)-([a-z0-9-]+)\.md$")


class ContentError(ValueError):
    def __init__(self, where: str, message: str) -> None:
        self.where = where
        self.message = message
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True)
class Shortcode:
    kind: str  # "cards" or "check"
    args: str

    @property
    def text(self) -> str:
        return f"[{self.kind} {self.args}]"


@dataclass(frozen=True)
class Document:
    """One lesson file (or summary, or glossary) as read from disk."""

    path: Path
    language: str
    game: str | None
    slug: str
    order: int
    title: str
    summary: str
    guided: tuple[str, ...]
    body: str
    shortcodes: tuple[Shortcode, ...] = field(default=())


def parse_front_matter(text: str, where: str) -> tuple[dict[str, str], str]:
    if not text.startswith("---\n"):
        raise ContentError(where, "the file must start with front matter between --- lines")
    end = text.find("\n---\n", 4)
    if end < 0:
        raise ContentError(where, "the front matter is not closed with a --- line")
    meta: dict[str, str] = {}
    for number, line in enumerate(text[4:end].splitlines(), start=2):
        if not line.strip():
            continue
        key, sep, value = line.partition(":")
        if not sep or not key.strip().isidentifier():
            raise ContentError(where, f"front matter line {number} is not 'key: value'")
        meta[key.strip()] = value.strip()
    return meta, text[end + 5 :]


def check_shortcode(code: Shortcode, where: str) -> None:
    """Raise :class:`ContentError` if a shortcode cannot be drawn or answered."""
    words = code.args.split()
    try:
        if code.kind == "cards":
            parse_cards(code.args)
            return
        kind = words[0] if words else ""
        if kind not in CHECK_KINDS:
            raise ContentError(
                where, f"{code.text}: unknown check (one of {', '.join(CHECK_KINDS)})"
            )
        rest = code.args[len(kind) :].strip()
        if kind in ("meld", "deadwood", "knock"):
            # Basic Rummy's ace-high option is a deadwood check's only (the checks'
            # parsers take it nowhere else: a card it is not).
            cards = [w for w in rest.split() if not (kind == "deadwood" and w == "ace-high")]
            if cards != ["random"]:
                parsed = parse_cards(cards)
                if len(set(parsed)) != len(parsed):
                    raise ContentError(where, f"{code.text}: a card is there twice")
                if kind == "knock" and len(parsed) != 10:
                    raise ContentError(where, f"{code.text}: a knock check takes 10 cards")
                if kind == "deadwood" and not parsed:
                    raise ContentError(where, f"{code.text}: no cards")
        elif kind == "score":
            from .checks import ScoreCheck

            ScoreCheck.parse(rest)
        elif kind == "layoff":
            from .checks import LayoffCheck

            LayoffCheck.parse(rest)
    except EngineError as exc:
        raise ContentError(where, f"{code.text}: {exc}") from None


def read(path: Path, *, language: str, game: str | None) -> Document:
    where = str(path.relative_to(CONTENT_DIR)) if CONTENT_DIR in path.parents else path.name
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(where, f"cannot read: {exc}") from None
    meta, body = parse_front_matter(text, where)
    for key in meta:
        if key not in ("title", "summary", "guided"):
            raise ContentError(where, f"unknown front matter key {key!r}")
    if not meta.get("title"):
        raise ContentError(where, "the front matter needs a title")
    match = LESSON_NAME.match(path.name)
    order, slug = (int(match.group(1)), match.group(2)) if match else (0, path.stem)
    shortcodes = tuple(Shortcode(m.group(1), m.group(2).strip()) for m in SHORTCODE.finditer(body))
    for code in shortcodes:
        check_shortcode(code, where)
    for part in ("title", "summary"):
        if "{" in meta.get(part, ""):
            raise ContentError(where, f"the {part} is plain text: name cards there in words")
    for problem in markup_problems(SHORTCODE.sub("", body)):
        raise ContentError(where, f"card markup: {problem}")
    guided = tuple(g.strip() for g in meta.get("guided", "").split(",") if g.strip())
    return Document(
        path=path,
        language=language,
        game=game,
        slug=slug,
        order=order,
        title=meta["title"],
        summary=meta.get("summary", ""),
        guided=guided,
        body=body,
        shortcodes=shortcodes,
    )


def lesson_paths(language: str, game: str) -> list[Path]:
    folder = CONTENT_DIR / language / game
    return sorted(p for p in folder.glob("*.md") if LESSON_NAME.match(p.name))


def all_documents() -> list[Document]:
    """Every lesson, summary and glossary in every language (raises on the first problem)."""
    documents = []
    for language in languages():
        for game in Game:
            for path in lesson_paths(language, game):
                documents.append(read(path, language=language, game=game))
            summary = CONTENT_DIR / language / game / "summary.md"
            if summary.exists():
                documents.append(read(summary, language=language, game=game))
        glossary = CONTENT_DIR / language / "glossary.md"
        if glossary.exists():
            documents.append(read(glossary, language=language, game=None))
    return documents


def outline(body: str) -> tuple[int, ...]:
    r"""A document's headings as the number of ``###`` entries under each ``##`` section
    (a glossary's entries, a lesson's parts): a translation has the same.

    >>> outline("## A\n### x\n### y\ntext\n## B\n")
    (2, 0)
    """
    counts: list[int] = []
    for line in body.splitlines():
        if line.startswith("## "):
            counts.append(0)
        elif line.startswith("### "):
            if not counts:
                counts.append(0)
            counts[-1] += 1
    return tuple(counts)


def problems() -> list[str]:
    """Everything wrong with the content: unreadable files, bad shortcodes, a lesson
    missing in a language, shortcodes or headings that differ from the English file."""
    found: list[str] = []
    english: dict[tuple[str | None, str], Document] = {}
    by_language: dict[str, dict[tuple[str | None, str], Document]] = {
        code: {} for code in languages()
    }
    for language in languages():
        paths: list[tuple[Path, str | None]] = []
        for game in Game:
            paths += [(p, game) for p in lesson_paths(language, game)]
            summary = CONTENT_DIR / language / game / "summary.md"
            if summary.exists():
                paths.append((summary, game))
        glossary = CONTENT_DIR / language / "glossary.md"
        if glossary.exists():
            paths.append((glossary, None))
        for path, folder in paths:
            try:
                document = read(path, language=language, game=folder)
            except ContentError as exc:
                found.append(str(exc))
                continue
            by_language[language][(folder, path.name)] = document
            if language == "en":
                english[(folder, path.name)] = document
    for (folder, name), source in english.items():
        for language in languages()[1:]:
            where = f"{language}/{folder + '/' if folder else ''}{name}"
            other = by_language[language].get((folder, name))
            if other is None:
                found.append(f"{where}: missing (the English file exists)")
            elif other.shortcodes != source.shortcodes:
                found.append(f"{where}: its shortcodes differ from the English file's")
            elif other.guided != source.guided:
                found.append(f"{where}: its guided hands differ from the English file's")
            elif outline(other.body) != outline(source.body):
                found.append(
                    f"{where}: its headings differ from the English file's (sections "
                    f"{outline(other.body)} of ### entries, English {outline(source.body)})"
                )
    for language in languages()[1:]:
        for folder, name in by_language[language]:
            english_file = CONTENT_DIR / "en" / (folder or "") / name
            # An English file that exists but failed to read is reported above, once.
            if (folder, name) not in english and not english_file.exists():
                found.append(f"{language}/{folder or ''}/{name}: has no English original")
    return found
