"""``{% card %}``: draw one card, face up or down, as an accessible element.

    {% load cards %}
    {% card "7H" %}                 seven of hearts
    {% card card selected=True %}   a Card object, drawn as selected
    {% card None %}                 a face-down card
    {% card_name "7H" %}            just the translated name, as text

Suits are drawn from one shared SVG sprite (``static/cards/suits.svg``), so a
hand of ten cards costs one download, not ten. The markup is built here rather
than in an included template: a table page draws dozens of cards, and this is
several times faster. The markup, for "7H" and face down::

    <span class="card card--hearts card--red" role="img" aria-label="seven of hearts"
          data-card="7H">
      <span class="card__index" aria-hidden="true">7<svg class="card__suit">...</svg></span>
      <svg class="card__pip" aria-hidden="true"><use href=".../suits.svg#hearts"></use></svg>
      <span class="card__index card__index--end" aria-hidden="true">7<svg ...></svg></span>
    </span>
    <span class="card card--back" role="img" aria-label="face-down card"></span>
"""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from game.engine import Card

from ..cards import card_face
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
    sprite = static("cards/suits.svg") + "#" + face.suit
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


@register.simple_tag
def card(value: Card | str | None, selected: bool = False, small: bool = False) -> SafeString:
    code = None if value is None else str(value)
    return _card_html(code, bool(selected), bool(small), get_language())


@register.simple_tag
def card_name(value: Card | str) -> str:
    return _card_name(Card.parse(value) if isinstance(value, str) else value)
