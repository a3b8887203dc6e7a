"""What a hand shows: where a turn is, how a hand ended, the melds on the table, the
log, the result, and one player's view of it all.

:class:`PlayerView` is what a seat may see of a hand (built by
:meth:`~.state.Hand.view`): its own cards, the others' card counts, the
face-up discard pile, the table, the public log and, once the hand is over,
every hand. The computer players and the coach decide from a view alone.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from .cards import Card, format_cards
from .melds import Meld
from .moves import AnyMove, MoveKind
from .options import Game, GameOptions
from .scoring import Settlement

__all__ = ["Event", "HandEnd", "HandResult", "Phase", "PlayerView", "TableMeld"]


class Phase(enum.Enum):
    """Where the player to move is in their turn."""

    #: The turn starts: draw from the stock or the discard pile.
    DRAW = "draw"
    #: After drawing: meld and lay off (Basic), then discard or knock.
    PLAY = "play"
    #: Gin, with ``players_lay_out``: after a knock the knocker lays out their melds
    #: (``meld``), then says ``done``: the cards left are their deadwood.
    LAY_OUT = "lay_out"
    #: Gin, with ``players_lay_out``: the defender lays off onto the knocker's melds
    #: (``layoff``), then says ``done``, and the hand is settled.
    LAY_OFF = "lay_off"
    #: The hand has ended.
    OVER = "over"


class HandEnd(enum.Enum):
    """How a hand ended."""

    #: Basic Rummy: a player got rid of their last card.
    OUT = "out"
    #: Basic Rummy: went out going rummy (doubled). Knock Rummy: knocked with no deadwood.
    RUMMY = "rummy"
    #: Gin / Knock Rummy: a player knocked.
    KNOCK = "knock"
    #: Gin Rummy: knocked with no deadwood.
    GIN = "gin"
    #: Nobody scores (stock exhausted).
    VOID = "void"
    #: Basic Rummy: nobody can ever go out (every hand is down to one or two cards that
    #: can neither be melded nor laid off, whatever is drawn); nobody scores.
    BLOCKED = "blocked"


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table (Basic Rummy).

    ``owner`` laid it down; ``laid_off`` lists ``(player, card)`` for each card laid
    off onto it later, in order: those cards lie in front of the player who laid
    them off.
    """

    id: int
    owner: int
    meld: Meld
    laid_off: tuple[tuple[int, Card], ...] = ()

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(self.meld.cards)

    def cards_of(self, player: int) -> tuple[Card, ...]:
        """The cards of this meld lying in front of ``player``."""
        laid = {c for _, c in self.laid_off}
        own = tuple(c for c in self.meld.cards if c not in laid) if player == self.owner else ()
        return own + tuple(c for p, c in self.laid_off if p == player)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "owner": self.owner,
            "kind": self.meld.kind.value,
            "cards": [str(c) for c in self.meld.cards],
            "laid_off": [[p, str(c)] for p, c in self.laid_off],
        }


@dataclass(frozen=True, slots=True)
class Event:
    """One move in the hand's log: who made it and, for a draw from the discard pile,
    which card was taken (everybody saw it).

    In a :class:`PlayerView`, ``move`` is ``None`` when the viewer may not see it in
    full (Gin's face-down knock discard): ``kind`` still says what it was.
    """

    player: int
    kind: MoveKind
    move: AnyMove | None
    taken: Card | None = None

    @classmethod
    def of(cls, player: int, move: AnyMove, taken: Card | None = None) -> Event:
        return cls(player, move.kind, move, taken)

    def concealed(self) -> Event:
        """The same event with its move hidden."""
        return Event(self.player, self.kind, None, self.taken)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"player": self.player, "kind": self.kind.value}
        if self.move is not None:
            data["move"] = str(self.move)
        if self.taken is not None:
            data["taken"] = str(self.taken)
        return data


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended and who scores what.

    ``player`` went out or knocked (``None`` for a void or blocked hand). ``winners``
    are the settlement's winners (the players who collect; several when they share,
    none when void). ``hands`` are the hands as shown at the end (after the knocker's
    discard). A void hand has a settlement with no transfers.
    """

    end: HandEnd
    player: int | None
    settlement: Settlement
    winners: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "end": self.end.value,
            "player": self.player,
            "winners": list(self.winners),
            "hands": [format_cards(h) for h in self.hands],
            "kind": self.settlement.kind.value,
            "transfers": [
                {
                    "payer": t.payer,
                    "payee": t.payee,
                    "points": str(t.points),
                    "reason": t.reason.value,
                }
                for t in self.settlement.transfers
            ],
            "received": {str(p): str(v) for p, v in self.settlement.received.items()},
            "paid": {str(p): str(v) for p, v in self.settlement.paid.items()},
        }


@dataclass(frozen=True)
class PlayerView:
    """One player's view of a hand (see :meth:`Hand.view`): nothing hidden from them leaks.

    ``discard_pile`` is the face-up pile, top first (every card in it was seen face
    up); when ``face_down_discard`` is set a face-down card lies on it that this
    player did not see (Gin's knock discard), and the knock in ``log`` has no move.
    ``log`` is public (a draw from the stock does not say which card).
    ``legal_moves`` is empty unless it is this player's turn; ``result`` (with every
    hand shown) only once the hand is over.
    """

    game: Game
    options: GameOptions
    #: The viewer's seat (``None``: a spectator, such as a player sitting out).
    player: int | None
    players: int
    dealer: int
    turn: int
    phase: Phase
    #: This player's cards.
    cards: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    discard_pile: tuple[Card, ...]
    face_down_discard: bool
    table: tuple[TableMeld, ...]
    taken: Card | None
    #: The card this player drew from the stock this turn (shown to them alone).
    drawn: Card | None
    log: tuple[Event, ...]
    melded_before: frozenset[int]
    melded_now: bool
    recycles: int
    turns: int
    legal_moves: tuple[AnyMove, ...]
    result: HandResult | None
    ace_high: bool
    knock_limit: int | None

    @property
    def discard_top(self) -> Card | None:
        """The face-up top card of the discard pile (``None`` under a face-down card)."""
        if self.face_down_discard or not self.discard_pile:
            return None
        return self.discard_pile[0]

    @property
    def my_turn(self) -> bool:
        return self.turn == self.player and self.phase is not Phase.OVER

    def to_dict(self) -> dict[str, Any]:
        """JSON-able, for the web layer and its tests."""
        return {
            "game": self.game.value,
            "options": self.options.to_dict(),
            "player": self.player,
            "players": self.players,
            "dealer": self.dealer,
            "turn": self.turn,
            "phase": self.phase.value,
            "cards": [str(c) for c in self.cards],
            "hand_sizes": list(self.hand_sizes),
            "stock_size": self.stock_size,
            "discard_pile": [str(c) for c in self.discard_pile],
            "face_down_discard": self.face_down_discard,
            "table": [m.to_dict() for m in self.table],
            "taken": str(self.taken) if self.taken else None,
            "drawn": str(self.drawn) if self.drawn else None,
            "log": [e.to_dict() for e in self.log],
            "legal_moves": [str(m) for m in self.legal_moves],
            "result": self.result.to_dict() if self.result else None,
        }
