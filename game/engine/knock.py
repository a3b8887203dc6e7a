"""Knock Rummy (rules.md, seeds 000 and 001): knock with any deadwood, no layoffs.

Played like Gin Rummy by 2-6 players (10 / 7 / 6 cards each): a turn is a draw
then a ``discard`` or a ``knock``. A knock is announced after drawing and
before discarding; the knocker then discards (one move here, ``knock 7H``) and
every hand is shown at its least deadwood. Settlement: the core's
:func:`~.settle.settle_knock`. The void rule is Gin's.
"""

from __future__ import annotations

from typing import ClassVar

from .hand import ClosedHandRules, Hand, HandEnd
from .options import KnockOptions
from .settle import Settlement, settle_knock


class KnockRules(ClosedHandRules):
    game: ClassVar[str] = "knock"
    options_type = KnockOptions
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6

    def knock_end(self, deadwood: int) -> HandEnd:
        return HandEnd.RUMMY if deadwood == 0 else HandEnd.KNOCK

    def settle(self, hand: Hand, knocker: int) -> Settlement:
        assert isinstance(hand.options, KnockOptions)
        return settle_knock(knocker=knocker, hands=list(hand.hands), options=hand.options)
