"""From a lesson file to stored HTML, and from stored HTML to the page.

At load time the Markdown is rendered once; shortcodes and the cards named in
the prose (``{KC}``, see :mod:`game.cards`) become markers. At request time the
markers become cards and card names in the page's language, and the
body is split around its checks (``split_checks``; both once per process and
language: ``body_pieces``), which the lesson template draws with the learner's
answers (``lessons.presenters.lesson_context``).
"""

from __future__ import annotations

import re
from functools import lru_cache

import markdown
from django.utils.html import escape
from django.utils.translation import get_language

from game.cards import MARKUP, text_html
from game.engine import parse_cards
from game.templatetags.cards import card

from .content import SHORTCODE, Document

CARDS_MARK = re.compile(r"<!--cards:([^>]*)-->")
NAMES_MARK = re.compile(r"<!--names:([^>]*)-->")
TABLE = re.compile(r"<table>(.*?)</table>", re.S)
HEADER_CELL = re.compile(r"<th[^>]*>(.*?)</th>", re.S)
TAG = re.compile(r"<[^>]+>")
CHECK_MARK = re.compile(r"(?:<p>)?<!--check:(\d+)-->(?:</p>)?")
_OPEN, _CLOSE = "\ue000", "\ue001"
_TOKEN = re.compile(f"{_OPEN}(cards|names):([^{_CLOSE}]*){_CLOSE}")


def render_document(document: Document) -> tuple[str, list[str]]:
    """The body as HTML with markers, and the checks' shortcode arguments in order."""
    checks: list[str] = []

    def replace(match: re.Match[str]) -> str:
        kind, args = match.group(1), match.group(2).strip()
        if kind == "cards":
            return f"{_OPEN}cards:{args}{_CLOSE}"
        checks.append(args[len("check") :].strip() if args.startswith("check") else args)
        return f"\n\n<!--check:{len(checks) - 1}-->\n\n"

    # Cards travel through Markdown as private-use text, not as HTML comments: a line
    # that starts with a comment is a raw HTML block to Markdown, which moved two card
    # rows on one line (Gin lesson 5's "Way A") out of their paragraph.
    source = SHORTCODE.sub(replace, document.body)
    source = MARKUP.sub(lambda m: f"{_OPEN}names:{m.group(1)}{_CLOSE}", source)
    html = markdown.markdown(source, extensions=["tables", "sane_lists"], output_format="html")
    return _TOKEN.sub(lambda m: f"<!--{m.group(1)}:{m.group(2)}-->", html), checks


def draw_cards(html: str) -> str:
    """Replace card markers with cards, and name markers with the cards' names, in the
    active language."""

    def replace(match: re.Match[str]) -> str:
        # Spans, not a list: card rows often stand inside a sentence (a <p>).
        cards = parse_cards(match.group(1))
        inner = "".join(str(card(c, small=True)) for c in cards)
        return f'<span class="hand hand--inline">{inner}</span>'

    html = CARDS_MARK.sub(replace, html)
    html = NAMES_MARK.sub(lambda m: str(text_html("{" + m.group(1) + "}")), html)
    return TABLE.sub(_scrolling, html)


def _scrolling(match: re.Match[str]) -> str:
    """A table in a box that scrolls sideways when the table is wider than the screen (a
    320 px phone, a Russian scoring table in large type): its words stay whole ("knoc|ker",
    "defe|nder" broke there: the English Gin week's walk) and the page does not scroll.
    The box takes the focus, so that the keyboard can scroll it, and is named by the
    table's column headings (axe's scrollable-region-focusable)."""
    headings = [" ".join(TAG.sub("", h).split()) for h in HEADER_CELL.findall(match.group(1))]
    name = ", ".join(h for h in headings if h)
    named = f' role="region" aria-label="{escape(name)}"' if name else ""
    return f'<div class="table-scroll"{named} tabindex="0">{match.group(0)}</div>'


def body_pieces(html: str) -> tuple[str | int, ...]:
    """:func:`split_checks` of :func:`draw_cards`: a stored body as the page draws it, in
    the active language. Made once per process, body and language (a lesson page's body
    is the same for every learner; only its checks differ)."""
    return _body_pieces(html, get_language())


@lru_cache(maxsize=256)
def _body_pieces(html: str, language: str | None) -> tuple[str | int, ...]:
    return tuple(split_checks(draw_cards(html)))


def split_checks(html: str) -> list[str | int]:
    """The body as pieces: HTML strings and check indexes, in order."""
    pieces: list[str | int] = []
    position = 0
    for match in CHECK_MARK.finditer(html):
        pieces.append(html[position : match.start()])
        pieces.append(int(match.group(1)))
        position = match.end()
    pieces.append(html[position:])
    return pieces
