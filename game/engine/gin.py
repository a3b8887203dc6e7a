"""Gin Rummy (rules.md, seed 003): two players, ten cards, knock at 10 or less.

A turn is a draw then a ``discard`` or a ``knock`` (the knocker's discard,
face down). Knocking needs deadwood within ``options.knock_limit`` after the
discard; knocking with none is gin. The settlement (layoffs, undercut, gin
bonus, the knocker's best arrangement) is the core's
:func:`~.settle.settle_gin`. A discard that leaves two cards in the stock ends
the hand void.
"""

from __future__ import annotations

from typing import ClassVar

from .hand import ClosedHandRules, Hand, HandEnd
from .options import GinOptions
from .settle import Settlement, settle_gin


class GinRules(ClosedHandRules):
    game: ClassVar[str] = "gin"
    options_type = GinOptions
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2

    def deal_size(self, players: int) -> int:
        return 10

    def _limit(self, hand: Hand) -> int:
        assert isinstance(hand.options, GinOptions)
        return hand.options.knock_limit

    def knock_allowed(self, hand: Hand, deadwood: int) -> bool:
        return deadwood <= self._limit(hand)

    def could_knock(self, hand: Hand) -> bool:
        # Dropping one card (worth 10 at most) lowers the least deadwood by 10 at most.
        return self.deadwood(hand.hand) - 10 <= self._limit(hand)

    def knock_end(self, deadwood: int) -> HandEnd:
        return HandEnd.GIN if deadwood == 0 else HandEnd.KNOCK

    def settle(self, hand: Hand, knocker: int) -> Settlement:
        assert isinstance(hand.options, GinOptions)
        return settle_gin(knocker=knocker, hands=list(hand.hands), options=hand.options)
