"""What Gin and Knock Rummy share: melds stay in the hand; draw, then discard or knock.

After a discard that leaves two cards or fewer in the stock, the hand is void
(the player who drew the third-last card discarded without knocking).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import ClassVar

from ..arrange import deadwood_of
from ..cards import Card
from ..errors import IllegalMove
from ..moves import AnyMove, Discard, Knock, Move
from ..scoring import Settlement
from ..state import Hand, MoveError, Rules
from ..view import HandEnd


class ClosedHandRules(Rules):
    """A game of closed hands. Subclasses give ``settle`` and may limit the knock."""

    extra_moves: ClassVar[tuple[type[Move], ...]] = (Knock,)

    def deadwood(self, cards: Sequence[Card]) -> int:
        return deadwood_of(cards)

    def knock_allowed(self, hand: Hand, deadwood: int) -> bool:
        limit = self.knock_limit(hand.options)
        return limit is None or deadwood <= limit

    def could_knock(self, hand: Hand) -> bool:
        """Cheap test: could any discard leave deadwood within the knock limit?"""
        limit = self.knock_limit(hand.options)
        # Dropping one card (worth 10 at most) lowers the least deadwood by 10 at most.
        return limit is None or self.deadwood(hand.cards(hand.turn)) - 10 <= limit

    def settle(self, hand: Hand, knocker: int) -> Settlement:
        """The settlement of a hand that ``knocker`` ended (after the discard)."""
        raise NotImplementedError

    def knock_end(self, deadwood: int) -> HandEnd:
        """How a knock with ``deadwood`` left ends the hand."""
        return HandEnd.KNOCK

    def play_moves(self, hand: Hand) -> Iterator[AnyMove]:
        held = hand.cards(hand.turn)
        discards = [c for c in held if c != hand.taken]
        yield from (Discard(c) for c in discards)
        if self.could_knock(hand):
            for card in discards:
                rest = [c for c in held if c != card]
                if self.knock_allowed(hand, self.deadwood(rest)):
                    yield Knock(card)

    def check_play(self, hand: Hand, move: AnyMove) -> None:
        if isinstance(move, Knock):
            deadwood = self.deadwood([c for c in hand.cards(hand.turn) if c != move.discard])
            if not self.knock_allowed(hand, deadwood):
                raise IllegalMove(
                    MoveError.KNOCK_OVER_LIMIT,
                    {"deadwood": deadwood, "limit": self.knock_limit(hand.options)},
                )

    def apply_play(self, hand: Hand, move: AnyMove) -> Hand:
        if isinstance(move, Discard):
            after = self.discarded(hand, move, move.card)
            if len(after.stock) <= 2:
                return self.end(after, HandEnd.VOID, None, None)
            return self.next_turn(after)
        assert isinstance(move, Knock)
        after = self.discarded(hand, move, move.discard)
        deadwood = self.deadwood(after.cards(hand.turn))
        return self.end(after, self.knock_end(deadwood), hand.turn, self.settle(after, hand.turn))
