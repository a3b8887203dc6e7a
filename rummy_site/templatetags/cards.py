"""``{% card %}``: draw one card, face up or down, as an accessible element.

    {% load cards %}
    {% card "7H" %}                 seven of hearts
    {% card card selected=True %}   a Card object, drawn as selected
    {% card None %}                 a face-down card
    {% card_name "7H" %}            just the translated name, as text

Suits are drawn from one shared SVG sprite (``static/cards/suits.svg``), so a
hand of ten cards costs one download, not ten.
"""

from __future__ import annotations

from typing import Any

from django import template

from game.engine.cards import Card

from ..cards import card_face
from ..cards import card_name as _card_name

register = template.Library()


@register.inclusion_tag("includes/card.html")
def card(value: Card | str | None, selected: bool = False, small: bool = False) -> dict[str, Any]:
    return {"face": card_face(value, selected=selected), "small": small}


@register.simple_tag
def card_name(value: Card | str) -> str:
    return _card_name(Card.parse(value) if isinstance(value, str) else value)
