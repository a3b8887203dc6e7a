"""What every game's match scoring shares: hand results in, "who won, is it over,
the summary" out.

Each game keeps its own match in its module (:class:`~.games.basic.BasicMatch`,
:class:`~.games.knock.KnockMatch`, Gin's score sheets in :mod:`.games.gin`);
they stand on the two bases here:

* :class:`TargetMatch`: first to a target score, ties play another hand
  (Basic and Knock Rummy);
* :class:`BoxSheet`: columns of boxes, first column to the target wins (Gin).

A summary is a list of :class:`SummaryLine` s: a :class:`LineCode` and its
parameters, no prose (the command line's English is in :mod:`.english`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property
from typing import Any, Self

from .scoring import ResultKind, Settlement

__all__ = [
    "BoxSheet",
    "HandScore",
    "LineCode",
    "SummaryLine",
    "TargetMatch",
    "boxes_of",
    "line",
    "unique_top",
]


@dataclass(frozen=True, slots=True)
class HandScore:
    """One hand of a Gin score sheet: ``winner`` scored ``points`` (``None``: void hand)."""

    winner: int | None
    points: Fraction = Fraction(0)

    @classmethod
    def of(cls, settlement: Settlement, players: Sequence[int] | None = None) -> HandScore:
        """The box of a two-player Gin settlement; ``players`` maps its 0/1 to player ids."""
        if settlement.kind is ResultKind.VOID or not settlement.winners:
            return cls(None)
        w = settlement.winners[0]
        return cls(w if players is None else players[w], settlement.received[w])


def score_of(result: Settlement | HandScore, players: Sequence[int] | None = None) -> HandScore:
    """A result as a score-sheet entry (a :class:`HandScore` is kept as it is)."""
    return result if isinstance(result, HandScore) else HandScore.of(result, players)


class LineCode(enum.Enum):
    """Lines of a match summary. Parameters per code."""

    #: ``{"player", "boxes", "points"}``: the player's boxes and their sum.
    BOXES = "boxes"
    #: ``{"player", "opponent", "points"}``: the winner scores the difference of totals.
    DIFFERENCE = "difference"
    #: ``{"player", "boxes", "per_box", "points"}``: 20 per box.
    BOX_BONUS = "box_bonus"
    #: ``{"player", "opponent", "points"}``: the loser won no box.
    SHUTOUT = "shutout"
    #: ``{"player", "points"}``
    GAME_TOTAL = "game_total"
    #: ``{"player", "opponent", "points"}``: the winner wins the game by this much.
    MARGIN = "margin"
    #: ``{"player", "points"}`` (Basic, Knock: the score toward the target)
    SCORE = "score"
    #: ``{"player", "received", "paid", "net"}`` (Knock)
    BALANCE = "balance"
    #: ``{"player"}``
    WINNER = "winner"
    #: ``{"players"}``: equal highest totals, another hand is played.
    ANOTHER_HAND = "another_hand"
    #: ``{"hands"}``: the match goes on.
    IN_PROGRESS = "in_progress"
    #: Four-player Gin, one deal: the two tables' results netted. ``{"player",
    #: "opponent", "points", "opponent_points", "player_parts", "opponent_parts",
    #: "box"}``: side ``player`` scored ``points`` at both tables (``player_parts``: what
    #: each of its winners scored, in table order), side ``opponent`` scored
    #: ``opponent_points``; ``player`` enters one box of the difference, ``box``.
    NETTED = "netted"
    #: Four-player Gin, one deal: both sides scored the same at the two tables (``0``
    #: too: nobody scored), so no box is entered. ``{"player", "opponent", "points",
    #: "player_parts", "opponent_parts"}``
    NETTED_EVEN = "netted_even"


@dataclass(frozen=True, slots=True)
class SummaryLine:
    """One line of a summary: a code and its parameters."""

    code: LineCode
    params: dict[str, Any]

    @property
    def points(self) -> Fraction:
        return Fraction(self.params.get("points", 0))


def line(code: LineCode, **params: Any) -> SummaryLine:
    return SummaryLine(code, params)


def unique_top(totals: Sequence[Fraction], among: Iterable[int]) -> tuple[int | None, list[int]]:
    """(the single highest of ``among``, or None; the players with the highest total)."""
    players = list(among)
    top = max(totals[p] for p in players)
    best = [p for p in players if totals[p] == top]
    return (best[0] if len(best) == 1 else None), best


class TargetMatch:
    """A match to a target score (Basic and Knock Rummy).

    Subclasses are frozen dataclasses with ``players`` and ``results`` (one
    settlement per hand) and decide the standing in :meth:`standing`.
    """

    players: int
    results: tuple[Settlement, ...]

    def add(self, result: Settlement) -> Self:
        """The match with one more hand (``ValueError`` once it is over)."""
        if self.is_over:
            raise ValueError("the match is over")
        return replace(self, results=(*self.results, result))  # type: ignore[type-var]

    def standing(self) -> tuple[int | None, list[int]]:
        """(the winner, or None; the players tied at the top when the match would end)."""
        raise NotImplementedError

    @cached_property
    def received(self) -> list[Fraction]:
        """What each player received over every hand (the match is a value: kept once
        worked out)."""
        totals = [Fraction(0)] * self.players
        for r in self.results:
            for p in range(self.players):
                totals[p] += r.received.get(p, Fraction(0))
        return totals

    @property
    def winner(self) -> int | None:
        return self.standing()[0]

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def verdict(self) -> SummaryLine:
        """The summary's closing line: the winner, another hand, or the match goes on."""
        winner, tied = self.standing()
        if winner is not None:
            return line(LineCode.WINNER, player=winner)
        if len(tied) > 1:
            return line(LineCode.ANOTHER_HAND, players=tied)
        return line(LineCode.IN_PROGRESS, hands=len(self.results))


def boxes_of(players: Sequence[int], scores: Iterable[HandScore]) -> dict[int, list[Fraction]]:
    """Each column's boxes: every hand won with points, in order."""
    boxes: dict[int, list[Fraction]] = {p: [] for p in players}
    for s in scores:
        if s.winner is not None and s.points:
            boxes[s.winner].append(Fraction(s.points))
    return boxes


class BoxSheet:
    """A score sheet of boxes (Gin): columns of boxes, first to the target wins.

    Subclasses provide ``boxes`` (each column's boxes) and ``target_score``.
    """

    @property
    def target_score(self) -> int:
        raise NotImplementedError

    @property
    def boxes(self) -> dict[int, list[Fraction]]:
        raise NotImplementedError

    @property
    def totals(self) -> dict[int, Fraction]:
        return {p: sum(b, Fraction(0)) for p, b in self.boxes.items()}

    @property
    def winner(self) -> int | None:
        """The first column to reach the target (a player, or a partnership)."""
        for p, total in self.totals.items():
            if total >= self.target_score:
                return p
        return None

    @property
    def is_over(self) -> bool:
        return self.winner is not None
