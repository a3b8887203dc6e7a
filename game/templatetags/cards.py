"""``{% card %}``: draw one card, face up or down, as an accessible element.

    {% load cards %}
    {% card "7H" %}                 seven of hearts
    {% card card selected=True %}   a Card object, drawn as selected
    {% card None %}                 a face-down card
    {% card_name "7H" %}            just the translated name, as text
    {% card_choices cards %}        the hand form's cards: one <li> with a checkbox each
    {% seat_items seats %}          the players: one <li> each (game.board.Seat)
    {% meld_choices melds %}        the melds on the table, one radio <li> each
    {% line_items lines %}          a list's lines, escaped: one <li> each
    {{ sentence|spoken }}           generated text, escaped, its cards named for screen
                                    readers (game.cards.spoken_html)

Suits are drawn from one SVG sprite, ``static/cards/suits.svg``, whose symbols every
page carries inline (``{% suit_sprite %}`` in ``base.html``, at the top of the body):
a card's ``<use href="#suit-hearts">`` refers to its own page. Referred to as a file
(``suits.svg#hearts``), each of the longest lesson's 462 references was a resource
request of its own, 50-70 ms of an old phone's main thread (docs/deploy.md, "Drawing
the cards"); the symbols cost a page 1 KB, about 0.35 KB gzipped, and the file's request
is gone. The markup is built here rather than in an included template: a table page
draws dozens of cards, and this is several times faster. The markup, for "7H" and
face down::

    <span class="card card--hearts card--red" role="img" aria-label="seven of hearts"
          data-card="7H">
      <span class="card__index" aria-hidden="true">7<svg class="card__suit">...</svg></span>
      <svg class="card__pip" aria-hidden="true"><use href="#suit-hearts"></use></svg>
      <span class="card__index card__index--end" aria-hidden="true">7<svg ...></svg></span>
    </span>
    <span class="card card--back" role="img" aria-label="face-down card"></span>

A card's two corner suits stay ``<use>`` elements: drawn as CSS masks of the same shapes
(one ``<use>`` a card), the longest lesson took longer, not less, to paint.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from django import template
from django.contrib.staticfiles import finders
from django.core.exceptions import ImproperlyConfigured
from django.template.context import Context
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, gettext_noop, pgettext

from game.engine import Card

from ..board import Seat
from ..cards import card_face, spoken_html
from ..cards import card_name as _card_name

register = template.Library()


@lru_cache(maxsize=4096)
def _card_html(code: str | None, selected: bool, small: bool, language: str | None) -> SafeString:
    face = card_face(code, selected=selected)
    size = " card--small" if small else ""
    if face.card is None:
        return format_html(
            '<span class="card card--back{}" role="img" aria-label="{}"></span>', size, face.name
        )
    sprite = "#suit-" + face.suit
    classes = f"card card--{face.suit}" + (" card--red" if face.red else "")
    classes += (" card--selected" if selected else "") + size
    suit = format_html(
        '<svg class="card__suit" focusable="false"><use href="{}"></use></svg>', sprite
    )
    return format_html(
        '<span class="{}" role="img" aria-label="{}" data-card="{}">'
        '<span class="card__index" aria-hidden="true">{}{}</span>'
        '<svg class="card__pip" focusable="false" aria-hidden="true"><use href="{}"></use></svg>'
        '<span class="card__index card__index--end" aria-hidden="true">{}{}</span></span>',
        classes,
        face.name,
        face.code,
        face.index,
        suit,
        sprite,
        face.index,
        suit,
    )


#: The sprite's opening tag in a page: never drawn itself (its symbols are drawn where a
#: card refers to them), taking no room even without the stylesheet.
SPRITE_TAG = (
    '<svg class="suit-sprite" xmlns="http://www.w3.org/2000/svg" width="0" height="0"'
    ' aria-hidden="true" focusable="false">'
)


@lru_cache(maxsize=1)
def _sprite_html() -> SafeString:
    path = finders.find("cards/suits.svg")
    if not isinstance(path, str):
        raise ImproperlyConfigured("static/cards/suits.svg, the suits' shapes, is missing")
    with open(path, encoding="utf-8") as sprite:
        text = sprite.read()
    symbols = re.findall(r"<symbol\b.*?</symbol>", text, re.DOTALL)
    return mark_safe(SPRITE_TAG + "".join(symbols) + "</svg>")


@register.simple_tag
def suit_sprite() -> SafeString:
    """The suits' symbols (``static/cards/suits.svg``), inline, for the page's cards to
    refer to (``#suit-hearts``). Once a page, in ``base.html``; read from the file once
    a process."""
    return _sprite_html()


@register.simple_tag
def card(value: Card | str | None, selected: bool = False, small: bool = False) -> SafeString:
    code = None if value is None else str(value)
    return _card_html(code, bool(selected), bool(small), get_language())


@register.simple_tag
def card_name(value: Card | str) -> str:
    return _card_name(Card.parse(value) if isinstance(value, str) else value)


#: The tags of the card just taken from the discard pile and of the card just drawn
#: (translated where they are drawn).
JUST_TAKEN = gettext_noop("just taken")
JUST_DRAWN = gettext_noop("just drawn")


@lru_cache(maxsize=4096)
def _choice_html(code: str, checked: bool, tag: str, language: str | None) -> SafeString:
    # The checkbox is named by its label's words, and the card drawn in it is hidden from
    # screen readers: as an image of its own it was read a second time, "checkbox nine
    # of clubs, graphic nine of clubs" (the accessibility walk).
    label = format_html('<span class="card-choice__tag">{}</span>', gettext(tag)) if tag else ""
    return format_html(
        '<li><input type="checkbox" class="card-choice__input" name="cards" value="{}"'
        ' id="card-{}" form="hand-form"{}><label class="card-choice" for="card-{}">'
        '<span class="visually-hidden">{}</span><span aria-hidden="true">{}</span>{}'
        "</label></li>",
        code,
        code,
        mark_safe(" checked") if checked else "",
        code,
        card_face(code).name,
        _card_html(code, False, False, language),
        label,
    )


@register.simple_tag(takes_context=True)
def card_choices(context: Context, cards: Iterable[Card | str]) -> SafeString:
    """The hand form's cards, each a ``<li>`` holding a checkbox (``name="cards"``, in
    the form ``hand-form``) and its label: the card, and "just taken" or "just drawn"
    when it is the card the learner took from the discard pile or drew. The context's
    ``selected`` cards are checked (after a refused move, what the learner had chosen)."""
    return choices_html(
        cards,
        selected=context.get("selected"),
        taken=context.get("taken"),
        drawn=context.get("drawn"),
    )


def choices_html(
    cards: Iterable[Card | str],
    *,
    selected: Iterable[Card | str] | None = None,
    taken: Card | str | None = None,
    drawn: Card | str | None = None,
) -> SafeString:
    """:func:`card_choices`' markup (the Jinja2 boards call it too). Each item is made
    once per process and language (52 cards, a few states)."""
    chosen = {str(c) for c in selected or ()}
    taken_code = None if taken is None else str(taken)
    drawn_code = None if drawn is None else str(drawn)
    language = get_language()
    items = []
    for value in cards:
        code = str(value)
        tag = JUST_TAKEN if code == taken_code else JUST_DRAWN if code == drawn_code else ""
        items.append(_choice_html(code, code in chosen, tag, language))
    return mark_safe("".join(items))


def _html(format_string: str, *args: object) -> SafeString:
    """``format_html()`` for the markup made on every move (a seat whose cards changed,
    a new line of the log): each argument escaped unless it is safe, as
    ``conditional_escape`` does, without Django's check of every argument for a lazy
    string on each escape, which was most of a seat's 40 us."""
    return mark_safe(format_string.format(*map(_escaped, args)))


def _escaped(value: object) -> str:
    as_html = getattr(value, "__html__", None)
    return as_html() if as_html is not None else html.escape(str(value))


@lru_cache(maxsize=16)
def _seat_tags(language: str | None, you: bool = False) -> tuple[SafeString, SafeString]:
    """The "dealer" and "to play" tags of a seat, in ``language``. The learner's own seat
    has its own (a context): the shared ones are a third person («сдаёт», «ходит»,
    «eina»), and the Russian pupil's walk read «Вы · сдаёт · ходит» (as the projector's
    class seat read «Вы (класс) · ходит»)."""
    if you:
        dealer = pgettext("the learner's own seat", "dealer")
        to_play = pgettext("the learner's own seat", "your turn")
    else:
        dealer, to_play = gettext("dealer"), gettext("to play")
    return (
        _html('<span class="seat__tag">{}</span> ', dealer),
        _html('<span class="seat__tag seat__tag--turn">{}</span> ', to_play),
    )


@lru_cache(maxsize=4096)
def _seat_html(seat: Seat, language: str | None) -> SafeString:
    classes = "seat" + (" seat--turn" if seat.is_turn else "")
    classes += " seat--you" if seat.is_you else ""
    dealer, to_play = _seat_tags(language, seat.is_you)
    return _html(
        '<li class="{}"{}><span class="seat__name">{}</span> {}{}'
        '<span class="seat__cards">{}</span>{}{}</li>',
        classes,
        mark_safe(' aria-current="true"') if seat.is_turn else "",
        seat.name,
        dealer if seat.is_dealer else "",
        to_play if seat.is_turn else "",
        seat.cards_label,
        _html(' <span class="seat__score">{}</span>', seat.score_label) if seat.score else "",
        _html(' <span class="seat__laid-off">{}</span>', spoken_html(seat.laid_off))
        if seat.laid_off
        else "",
    )


@register.simple_tag
def seat_items(seats: Iterable[Seat]) -> SafeString:
    """One ``<li class="seat">`` per player: name, "dealer" and "to play" tags, the number
    of cards and the score. The seat to play is marked ``aria-current``. A seat's item
    is made once per process and language."""
    language = get_language()
    return mark_safe("".join(_seat_html(seat, language) for seat in seats))


@lru_cache(maxsize=4096)
def _meld_html(
    meld_id: int,
    owner: str,
    label: str,
    cards: tuple[str, ...],
    laid: tuple[str, ...],
    caption: str,
    language: str | None,
    described_by: str = "",
    checked: bool = False,
) -> SafeString:
    # A card someone else laid off stays in the meld it extends, marked as theirs; the
    # caption under the meld says whose (read with the radio button's name). The meld is
    # named once, by the label's words (its owner, its cards, the caption): the cards
    # drawn are hidden from screen readers, which read them again as an image of the
    # whole meld and then as one image a card (as a card of the hand form's is hidden).
    drawn = mark_safe(
        "".join(
            f'<span class="meld__laid">{_card_html(code, False, True, language)}</span>'
            if code in laid
            else _card_html(code, False, True, language)
            for code in cards
        )
    )
    return format_html(
        '<li class="meld meld--choice">'
        '<input type="radio" name="meld" value="{}" id="meld-{}" class="meld__input"{}{}>'
        '<label for="meld-{}"><span class="meld__owner">{}</span> '
        '<span class="visually-hidden">{}</span>'
        '<span class="hand hand--meld" aria-hidden="true">{}</span>{}</label></li>',
        meld_id,
        meld_id,
        mark_safe(" checked") if checked else "",
        format_html(' autofocus aria-describedby="{}"', described_by) if described_by else "",
        meld_id,
        owner,
        label,
        drawn,
        format_html(' <span class="meld__caption">{}</span>', spoken_html(caption))
        if caption
        else "",
    )


@register.simple_tag
def meld_choices(
    melds: Iterable[Mapping[str, Any]], described_by: str = "", chosen: int | None = None
) -> SafeString:
    """The melds on the table (``game.board.table_melds``), each a ``<li>`` with a radio
    button (``name="meld"``: the meld a card is laid off on), its owner and its cards
    (small, drawn for the eye; named together, once, in words: the meld's label). Each
    is made once per process and language. ``described_by``: the id of the reason a
    layoff was refused without its meld: the first meld's button takes the focus
    (autofocus), described by it. ``chosen``: the id of the meld checked (the one a
    refused layoff was sent with: it stays chosen, as the ticked cards stay ticked)."""
    language = get_language()
    return mark_safe(
        "".join(
            _meld_html(
                int(m["id"]),
                str(m["owner"]),
                str(m["label"]),
                tuple(str(c) for c in m["cards"]),
                tuple(str(c) for c in m.get("laid", ())),
                str(m.get("caption", "")),
                language,
                described_by if number == 0 else "",
                chosen is not None and int(m["id"]) == chosen,
            )
            for number, m in enumerate(melds)
        )
    )


@register.filter(is_safe=True)
def spoken(text: object) -> SafeString:
    """``{{ sentence|spoken }}``: generated text (a refusal, a worked answer, the coach's
    advice...) escaped, each card in it named for screen readers as ``{KC}`` markup is
    (:func:`game.cards.spoken_html`). For HTML only: never in a title or an attribute."""
    return spoken_html(text)


@register.simple_tag
def line_items(lines: Iterable[str]) -> SafeString:
    """One ``<li>`` per line, each escaped and its cards named for screen readers (a log,
    a list of steps: :func:`spoken`); each line's item is made once per process and
    language (a log is drawn again with every move)."""
    language = get_language()
    return mark_safe("".join(_line_html(line, language) for line in lines))


@lru_cache(maxsize=8192, typed=True)  # typed: a safe string is not escaped, a str is
def _line_html(line: str, language: str | None) -> SafeString:
    return _html("<li>{}</li>", spoken_html(line))
