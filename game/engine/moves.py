"""Moves: frozen value objects with a round-trip text form, like python-chess's UCI.

>>> Move.parse("draw stock")
DrawStock()
>>> str(Move.parse("meld 7h 8h 9h"))
'meld 7H 8H 9H'
>>> Move.parse("layoff TH 2")
LayOff(card=Card.parse('TH'), meld_id=2)
>>> Move.from_dict(Move.parse("knock 3C").to_dict())
Knock(discard=Card.parse('3C'))

The canonical texts:

==========================  ===========================================================
``draw stock``              take the top card of the stock
``draw discard``            take the top card of the discard pile
``discard 7H``              discard a card (ends the turn)
``meld 7H 8H 9H``           Basic Rummy: put a meld from the hand on the table
``layoff 7H 2``             Basic Rummy: lay a card off onto table meld number 2
``knock 7H``                Gin / Knock Rummy: knock and discard 7H (face down in Gin)
``done``                    Gin, laying out by hand: the knocker has shown every meld
                            they will, or the defender every layoff
==========================  ===========================================================

In Gin with the ``players_lay_out`` option, the knocker's ``meld`` moves lay out
their melds after the knock and the defender's ``layoff`` moves lay cards off
onto them (see :class:`~game.engine.view.Phase`).

Meld numbers are the table's ids: 0 for the first meld laid down in the hand,
then 1, 2, ... in the order they were laid down (they never change). A move
carries no player: the hand state knows whose turn it is (see
:meth:`game.engine.state.Hand.check`).
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeAlias

from .cards import Card, format_cards, parse_cards
from .errors import InvalidNotation

_MELD_ID = re.compile(r"[0-9]{1,6}")


class MoveKind(enum.StrEnum):
    """The kinds of move (``Move.kind``; the ``kind`` of a move's dict)."""

    DRAW_STOCK = "draw_stock"
    DRAW_DISCARD = "draw_discard"
    DISCARD = "discard"
    MELD = "meld"
    LAYOFF = "layoff"
    KNOCK = "knock"
    DONE = "done"


@dataclass(frozen=True, slots=True)
class Move:
    """Base class of every move. Use :meth:`parse` or the concrete classes.

    Code that must handle every kind of move takes an :data:`AnyMove` and uses
    ``match`` with :func:`typing.assert_never`, so that mypy proves no kind is missed.
    """

    #: The move's kind in JSON dicts (its text form's first word differs for draws).
    kind: ClassVar[MoveKind]

    @staticmethod
    def parse(text: str) -> AnyMove:
        """Read a move from its text form (case-insensitive; see the module docs).

        Accepts a few aliases: ``draw`` / ``stock`` for ``draw stock``, ``take`` /
        ``pick up`` for ``draw discard``, ``lay down`` / ``laydown`` for ``meld``,
        ``lay off`` for ``layoff`` and ``7H on 2`` for ``7H 2``.
        Raises :class:`InvalidNotation` for anything else. The texts read are
        remembered (moves are immutable values, and a table's log repeats the same
        few hundred texts), so replaying a long log parses each text once.
        """
        return _parse(text)

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> AnyMove:
        """Inverse of :meth:`to_dict`. Raises :class:`InvalidNotation` on bad data."""
        try:
            kind = data["kind"]
            if kind == "draw_stock":
                return DrawStock()
            if kind == "draw_discard":
                return DrawDiscard()
            if kind == "discard":
                return Discard(Card.parse(data["card"]))
            if kind == "knock":
                return Knock(Card.parse(data["card"]))
            if kind == "done":
                return Done()
            if kind == "meld":
                return LayDown(tuple(parse_cards(data["cards"])))
            if kind == "layoff":
                meld_id = data["meld_id"]
                if isinstance(meld_id, bool) or not isinstance(meld_id, int) or meld_id < 0:
                    raise InvalidNotation(str(meld_id), "bad meld id")
                return LayOff(Card.parse(data["card"]), meld_id)
        except (KeyError, TypeError, AttributeError):
            pass
        raise InvalidNotation(str(dict(data)), f"not a move: {dict(data)!r}")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict: ``{"kind": "discard", "card": "7H"}`` and so on."""
        return {"kind": self.kind.value}

    def __str__(self) -> str:  # pragma: no cover - every subclass overrides it
        return str(self.kind)


@functools.lru_cache(maxsize=8192)
def _parse(text: str) -> AnyMove:
    """:meth:`Move.parse`, uncached."""
    words = text.replace(",", " ").split()
    low = [w.lower() for w in words]
    if not low:
        raise InvalidNotation(text, "empty move")
    if low in (["draw", "stock"], ["draw"], ["stock"], ["ds"]):
        return DrawStock()
    if low in (["draw", "discard"], ["take"], ["pick", "up"], ["pickup"], ["dd"]):
        return DrawDiscard()
    if low == ["done"]:
        return Done()
    head, rest = low[0], words[1:]
    if head in ("lay", "pick") and len(low) > 1:
        head, rest = head + low[1], words[2:]
    if head == "discard" and len(rest) == 1:
        return Discard(_card(rest[0], text))
    if head == "knock" and len(rest) == 1:
        return Knock(_card(rest[0], text))
    if head in ("meld", "laydown") and rest:
        try:
            cards = tuple(parse_cards(rest))
        except InvalidNotation as exc:
            raise InvalidNotation(text, f"not a move: {text!r} ({exc})") from None
        return LayDown(cards)
    if head == "layoff":
        if len(rest) == 3 and rest[1].lower() in ("on", "onto", "to"):
            rest = [rest[0], rest[2]]
        if len(rest) == 2 and _MELD_ID.fullmatch(rest[1]):
            return LayOff(_card(rest[0], text), int(rest[1]))
    raise InvalidNotation(text, f"not a move: {text!r}")


def _card(token: str, text: str) -> Card:
    try:
        return Card.parse(token)
    except InvalidNotation:
        raise InvalidNotation(text, f"not a move: {text!r} (bad card {token!r})") from None


@dataclass(frozen=True, slots=True)
class DrawStock(Move):
    """Take the top card of the stock."""

    kind: ClassVar[MoveKind] = MoveKind.DRAW_STOCK

    def __str__(self) -> str:
        return "draw stock"


@dataclass(frozen=True, slots=True)
class DrawDiscard(Move):
    """Take the top card of the discard pile (it may not be discarded this turn)."""

    kind: ClassVar[MoveKind] = MoveKind.DRAW_DISCARD

    def __str__(self) -> str:
        return "draw discard"


@dataclass(frozen=True, slots=True)
class Discard(Move):
    """Put a card from the hand face up on the discard pile, ending the turn."""

    kind: ClassVar[MoveKind] = MoveKind.DISCARD
    card: Card

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "card": str(self.card)}

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class LayDown(Move):
    """Basic Rummy: put a meld (group or run) from the hand on the table.

    The cards are kept in the order given; two moves with the same cards in a
    different order are different values but the same play (the table shows the
    meld sorted).
    """

    kind: ClassVar[MoveKind] = MoveKind.MELD
    cards: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "cards": [str(c) for c in self.cards]}

    def __str__(self) -> str:
        return f"meld {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class LayOff(Move):
    """Basic Rummy: add one card from the hand to a meld on the table (anyone's)."""

    kind: ClassVar[MoveKind] = MoveKind.LAYOFF
    card: Card
    meld_id: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "card": str(self.card), "meld_id": self.meld_id}

    def __str__(self) -> str:
        return f"layoff {self.card} {self.meld_id}"


@dataclass(frozen=True, slots=True)
class Knock(Move):
    """Gin / Knock Rummy: knock and discard ``discard``, ending the hand.

    In Gin Rummy the discard goes face down and the deadwood left must be within
    the knock limit; with no deadwood left it is gin. In Knock Rummy any deadwood
    may knock (the knock is announced after drawing, then the knocker discards:
    one move here).
    """

    kind: ClassVar[MoveKind] = MoveKind.KNOCK
    discard: Card

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "card": str(self.discard)}

    def __str__(self) -> str:
        return f"knock {self.discard}"


@dataclass(frozen=True, slots=True)
class Done(Move):
    """Gin, laying out by hand: the knocker's layout or the defender's layoffs are
    complete (the knocker's cards still held are their deadwood; after the
    defender's ``done`` the hand is settled)."""

    kind: ClassVar[MoveKind] = MoveKind.DONE

    def __str__(self) -> str:
        return "done"


#: Every concrete move: what ``Move.parse`` returns, and what a ``match`` handles.
AnyMove: TypeAlias = DrawStock | DrawDiscard | Discard | LayDown | LayOff | Knock | Done

__all__ = [
    "AnyMove",
    "Discard",
    "Done",
    "DrawDiscard",
    "DrawStock",
    "Knock",
    "LayDown",
    "LayOff",
    "Move",
    "MoveKind",
]
