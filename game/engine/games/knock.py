"""Knock Rummy (rules.md, seeds 000 and 001): knock with any deadwood, no layoffs.

Played like Gin Rummy by 2-6 players (10 / 7 / 6 cards each): a turn is a draw
then a ``discard`` or a ``knock``. A knock is announced after drawing and
before discarding; the knocker then discards (one move here, ``knock 7H``) and
every hand is shown at its least deadwood. The void rule is Gin's.

The module holds the whole game: options (:class:`KnockOptions`), rules
(:class:`KnockRules`), settlement (:func:`settle_knock`) and match
(:class:`KnockMatch`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import ClassVar

from ..arrange import arrangement_of, cards_mask
from ..cards import Card
from ..deal import DEAL_SIZES
from ..options import Game, GameOptions
from ..score_sheet import LineCode, SummaryLine, TargetMatch, line, unique_top
from ..scoring import (
    ResultKind,
    Settlement,
    SettleStep,
    StepCode,
    Transfer,
    TransferReason,
    check_hands,
    settlement_of,
    show_step,
)
from ..state import Hand
from ..view import HandEnd
from .closed import ClosedHandRules

__all__ = ["KnockMatch", "KnockOptions", "KnockRules", "settle_knock"]


@dataclass(frozen=True)
class KnockOptions(GameOptions):
    """Knock Rummy (rules.md, seeds 000 and 001)."""

    game: ClassVar[Game] = Game.KNOCK
    #: First to this score wins (100 by default, a project choice).
    target_score: int = 100
    rummy_bonus: int = 25
    undercut_penalty: int = 10


class KnockRules(ClosedHandRules):
    game: ClassVar[Game] = Game.KNOCK
    options_type: ClassVar[type[GameOptions]] = KnockOptions
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6

    def knock_end(self, deadwood: int) -> HandEnd:
        return HandEnd.RUMMY if deadwood == 0 else HandEnd.KNOCK

    def settle(self, hand: Hand, knocker: int) -> Settlement:
        assert isinstance(hand.options, KnockOptions)
        return settle_knock(knocker=knocker, hands=list(hand.hands), options=hand.options)


# -- Settlement -----------------------------------------------------------------------


def settle_knock(
    *,
    knocker: int,
    hands: Sequence[Sequence[Card]],
    options: KnockOptions | None = None,
) -> Settlement:
    """Settle a Knock Rummy hand (rules.md cases 1-3); ``hands`` after the knocker's discard.

    Each hand counts its least deadwood d; K is the knocker.

    1. K strictly lowest: every opponent pays K its d - d(K), plus
       ``rummy_bonus`` if d(K) = 0 (kind ``KNOCK`` or ``RUMMY``).
    2. Opponents tie K for lowest, none lower (kind ``TIE``): every other
       player except K pays the tied opponents the difference, shared equally.
    3. Opponents lower than K (kind ``UNDERCUT``): every player but the
       lowest (K included) pays the lowest the difference, shared equally;
       and K pays ``undercut_penalty`` to every opponent lower than K.

    Shares are exact Fractions. Each hand must hold the deal size for the
    number of players (10 / 7 / 6). Raises :class:`~.errors.IllegalMove`
    (:class:`~.scoring.SettleError`) otherwise.
    """
    options = options or KnockOptions()
    check_hands(
        Game.KNOCK,
        hands,
        players=(2, 6),
        role="knocker",
        index=knocker,
        size=DEAL_SIZES.__getitem__,
    )
    players = len(hands)
    arrangements = [arrangement_of(cards_mask(h)) for h in hands]
    d = [a.deadwood for a in arrangements]
    steps = [show_step(StepCode.SHOW, p, arrangements[p]) for p in range(players)]
    transfers: list[Transfer] = []
    others = [p for p in range(players) if p != knocker]
    low = min(d[o] for o in others)
    dk = d[knocker]

    def collect(payees: list[int], level: int, payers: list[int]) -> None:
        n = len(payees)
        for p in payers:
            diff = d[p] - level
            if diff == 0:
                steps.append(SettleStep(StepCode.PAYS_NOTHING, {"player": p}))
                continue
            share = Fraction(diff, n)
            steps.append(
                SettleStep(
                    StepCode.PAYS_DIFFERENCE,
                    {
                        "player": p,
                        "payees": payees,
                        "deadwood": d[p],
                        "lowest_deadwood": level,
                        "points": Fraction(diff),
                        "share": share,
                    },
                )
            )
            transfers.extend(Transfer(p, q, share, TransferReason.DIFFERENCE) for q in payees)

    if dk < low:
        kind = ResultKind.RUMMY if dk == 0 else ResultKind.KNOCK
        winners = [knocker]
        steps.append(SettleStep(StepCode.KNOCKER_LOWEST, {"player": knocker, "deadwood": dk}))
        collect([knocker], dk, others)
        if dk == 0:
            for o in others:
                steps.append(
                    SettleStep(
                        StepCode.RUMMY_BONUS,
                        {"player": o, "payee": knocker, "bonus": options.rummy_bonus},
                    )
                )
                transfers.append(
                    Transfer(o, knocker, Fraction(options.rummy_bonus), TransferReason.RUMMY_BONUS)
                )
    elif low == dk:
        kind = ResultKind.TIE
        winners = [o for o in others if d[o] == dk]
        steps.append(
            SettleStep(StepCode.KNOCKER_TIED, {"player": knocker, "tied": winners, "deadwood": dk})
        )
        if dk == 0:
            steps.append(SettleStep(StepCode.NO_RUMMY_BONUS, {"player": knocker}))
        steps.append(SettleStep(StepCode.PAYS_NOTHING, {"player": knocker}))
        collect(winners, dk, [o for o in others if o not in winners])
    else:
        kind = ResultKind.UNDERCUT
        winners = [o for o in others if d[o] == low]
        steps.append(
            SettleStep(
                StepCode.KNOCKER_UNDERCUT,
                {"player": knocker, "lowest": winners, "deadwood": dk, "lowest_deadwood": low},
            )
        )
        collect(winners, low, [p for p in range(players) if p not in winners])
        for o in others:
            if d[o] < dk:
                steps.append(
                    SettleStep(
                        StepCode.PENALTY,
                        {
                            "player": knocker,
                            "payee": o,
                            "deadwood": dk,
                            "opponent_deadwood": d[o],
                            "points": Fraction(options.undercut_penalty),
                        },
                    )
                )
                transfers.append(
                    Transfer(knocker, o, Fraction(options.undercut_penalty), TransferReason.PENALTY)
                )
    return settlement_of(Game.KNOCK, kind, d, arrangements, [], transfers, steps, winners)


# -- The match ------------------------------------------------------------------------


@dataclass(frozen=True)
class KnockMatch(TargetMatch):
    """A Knock Rummy match: each player's score is everything paid to them.

    The first to ``target_score`` wins; several reaching it in the same hand:
    the highest total wins; equal highest: another hand is played. The net
    balance (received minus paid) is shown too.
    """

    players: int
    options: KnockOptions = field(default_factory=KnockOptions)
    results: tuple[Settlement, ...] = ()

    @property
    def scores(self) -> list[Fraction]:
        """Each player's score toward the target: what they received."""
        return self.received

    @cached_property
    def paid(self) -> list[Fraction]:
        paid = [Fraction(0)] * self.players
        for r in self.results:
            for p in range(self.players):
                paid[p] += r.paid.get(p, Fraction(0))
        return paid

    @property
    def net(self) -> list[Fraction]:
        return [s - p for s, p in zip(self.scores, self.paid, strict=True)]

    def standing(self) -> tuple[int | None, list[int]]:
        scores = self.scores
        reached = [p for p in range(self.players) if scores[p] >= self.options.target_score]
        if not reached:
            return None, []
        return unique_top(scores, reached)

    def summary(self) -> list[SummaryLine]:
        scores, paid = self.scores, self.paid
        lines = [line(LineCode.SCORE, player=p, points=scores[p]) for p in range(self.players)]
        lines += [
            line(
                LineCode.BALANCE,
                player=p,
                received=scores[p],
                paid=paid[p],
                net=scores[p] - paid[p],
            )
            for p in range(self.players)
        ]
        return [*lines, self.verdict()]
