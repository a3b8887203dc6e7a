"""Match scoring: a sequence of hand results in, "who won, is it over, the summary" out.

* :class:`BasicMatch`: to a target score (150) or a number of hands; equal
  highest totals at the end: another hand.
* :class:`GinGame`: two players' score sheet (boxes), first to 100; the game
  summary shows the difference, each player's box bonus, the shutout bonus,
  the game totals and the margin. :class:`GinThreeGame` (one sits out,
  rotation, the winner settles with each other player) and
  :class:`GinPartnershipGame` (two partnerships, two tables per deal netted
  into one box) build on it.
* :class:`KnockMatch`: scores grow by what each player receives; net balances
  too; target 100; several reaching it: the highest total wins, a tie plays on.

Each class is a frozen dataclass: ``add(result)`` returns a new one.
Results are :class:`~.settle.Settlement` objects or :class:`HandScore` s.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from .options import BasicOptions, GinOptions, KnockOptions
from .settle import ResultKind, Settlement, format_points

__all__ = [
    "BasicMatch",
    "GinGame",
    "GinPartnershipGame",
    "GinSummary",
    "GinThreeGame",
    "HandScore",
    "KnockMatch",
    "LineCode",
    "Seating",
    "SummaryLine",
    "partnership_tables",
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


def _score(result: Settlement | HandScore, players: Sequence[int] | None = None) -> HandScore:
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


_LINE_TEXTS: dict[LineCode, Any] = {
    LineCode.BOXES: lambda p: (
        f"Player {p['player']}: {len(p['boxes'])} box(es) "
        f"({', '.join(format_points(b) for b in p['boxes']) or '-'}) = "
        f"{format_points(p['points'])}"
    ),
    LineCode.DIFFERENCE: lambda p: (
        f"Player {p['player']} scores the difference over player {p['opponent']}: "
        f"{format_points(p['points'])}"
    ),
    LineCode.BOX_BONUS: lambda p: (
        f"Box bonus, player {p['player']}: {len(p['boxes'])} x {p['per_box']} = "
        f"{format_points(p['points'])}"
    ),
    LineCode.SHUTOUT: lambda p: (
        f"Shutout bonus, player {p['player']} (player {p['opponent']} won no box): "
        f"{format_points(p['points'])}"
    ),
    LineCode.GAME_TOTAL: lambda p: (
        f"Game total, player {p['player']}: {format_points(p['points'])}"
    ),
    LineCode.MARGIN: lambda p: (
        f"Player {p['player']} wins the game against player {p['opponent']} by "
        f"{format_points(p['points'])}"
    ),
    LineCode.SCORE: lambda p: f"Player {p['player']}: {format_points(p['points'])}",
    LineCode.BALANCE: lambda p: (
        f"Player {p['player']}: received {format_points(p['received'])}, paid "
        f"{format_points(p['paid'])}, net {format_points(p['net'])}"
    ),
    LineCode.WINNER: lambda p: f"Player {p['player']} wins the match.",
    LineCode.ANOTHER_HAND: lambda p: (
        f"Equal highest totals ({', '.join(f'player {q}' for q in p['players'])}): "
        "another hand is played."
    ),
    LineCode.IN_PROGRESS: lambda p: f"After {p['hands']} hand(s), the match goes on.",
}


@dataclass(frozen=True, slots=True)
class SummaryLine:
    """One line of a summary: a code, its parameters, and English text."""

    code: LineCode
    params: dict[str, Any]

    @property
    def text(self) -> str:
        text: str = _LINE_TEXTS[self.code](self.params)
        return text

    @property
    def points(self) -> Fraction:
        return Fraction(self.params.get("points", 0))


def _line(code: LineCode, **params: Any) -> SummaryLine:
    return SummaryLine(code, params)


def _unique_top(totals: Sequence[Fraction], among: Sequence[int]) -> tuple[int | None, list[int]]:
    """(the single highest of ``among``, or None; the players with the highest total)."""
    top = max(totals[p] for p in among)
    best = [p for p in among if totals[p] == top]
    return (best[0] if len(best) == 1 else None), best


# -- Basic Rummy ---------------------------------------------------------------------


class _TargetMatch:
    """What Basic and Knock Rummy matches share: a winner decided by ``_state``
    (the single highest of those who reached the target, or ties), and the
    summary's closing line."""

    results: tuple[Settlement, ...]

    def _state(self) -> tuple[int | None, list[int]]:
        raise NotImplementedError

    @property
    def winner(self) -> int | None:
        return self._state()[0]

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def _verdict(self) -> SummaryLine:
        winner, tied = self._state()
        if winner is not None:
            return _line(LineCode.WINNER, player=winner)
        if len(tied) > 1:
            return _line(LineCode.ANOTHER_HAND, players=tied)
        return _line(LineCode.IN_PROGRESS, hands=len(self.results))


@dataclass(frozen=True)
class BasicMatch(_TargetMatch):
    """A Basic Rummy match: first to ``target_score``, or the most after ``hands_limit``.

    Each non-void hand adds what each player received. With a hands limit,
    void hands do not count as hands played (a project reading: see
    docs/engine.md). Equal highest totals when the match would end: another
    hand is played.
    """

    players: int
    options: BasicOptions = field(default_factory=BasicOptions)
    results: tuple[Settlement, ...] = ()

    def add(self, result: Settlement) -> BasicMatch:
        if self.is_over:
            raise ValueError("the match is over")
        return replace(self, results=(*self.results, result))

    @property
    def hands_played(self) -> int:
        return sum(1 for r in self.results if r.kind is not ResultKind.VOID)

    @property
    def totals(self) -> list[Fraction]:
        totals = [Fraction(0)] * self.players
        for r in self.results:
            for p in range(self.players):
                totals[p] += r.received.get(p, Fraction(0))
        return totals

    def _state(self) -> tuple[int | None, list[int]]:
        totals = self.totals
        if self.options.hands_limit is not None:
            if self.hands_played < self.options.hands_limit:
                return None, []
            return _unique_top(totals, range(self.players))
        reached = [p for p in range(self.players) if totals[p] >= self.options.target_score]
        if not reached:
            return None, []
        return _unique_top(totals, reached)

    def summary(self) -> list[SummaryLine]:
        totals = self.totals
        lines = [_line(LineCode.SCORE, player=p, points=totals[p]) for p in range(self.players)]
        return [*lines, self._verdict()]


# -- Gin Rummy -----------------------------------------------------------------------


@dataclass(frozen=True)
class GinSummary:
    """The end of a Gin game between ``winner`` and ``loser``."""

    winner: int
    loser: int
    lines: tuple[SummaryLine, ...]
    #: Game totals: difference + box bonus + shutout for the winner, box bonus for the loser.
    totals: dict[int, Fraction]

    @property
    def margin(self) -> Fraction:
        return self.totals[self.winner] - self.totals[self.loser]


def _gin_summary(
    winner: int, loser: int, boxes: dict[int, list[Fraction]], options: GinOptions
) -> GinSummary:
    w_boxes, l_boxes = boxes[winner], boxes[loser]
    w_sum, l_sum = sum(w_boxes, Fraction(0)), sum(l_boxes, Fraction(0))
    difference = w_sum - l_sum
    w_bonus = Fraction(options.box_bonus * len(w_boxes))
    l_bonus = Fraction(options.box_bonus * len(l_boxes))
    shutout = Fraction(options.shutout_bonus) if not l_boxes else Fraction(0)
    totals = {winner: difference + w_bonus + shutout, loser: l_bonus}
    lines = [
        _line(LineCode.BOXES, player=winner, boxes=list(w_boxes), points=w_sum),
        _line(LineCode.BOXES, player=loser, boxes=list(l_boxes), points=l_sum),
        _line(LineCode.DIFFERENCE, player=winner, opponent=loser, points=difference),
        _line(
            LineCode.BOX_BONUS,
            player=winner,
            boxes=list(w_boxes),
            per_box=options.box_bonus,
            points=w_bonus,
        ),
        _line(
            LineCode.BOX_BONUS,
            player=loser,
            boxes=list(l_boxes),
            per_box=options.box_bonus,
            points=l_bonus,
        ),
    ]
    if shutout:
        lines.append(_line(LineCode.SHUTOUT, player=winner, opponent=loser, points=shutout))
    lines += [
        _line(LineCode.GAME_TOTAL, player=winner, points=totals[winner]),
        _line(LineCode.GAME_TOTAL, player=loser, points=totals[loser]),
        _line(
            LineCode.MARGIN, player=winner, opponent=loser, points=totals[winner] - totals[loser]
        ),
    ]
    return GinSummary(winner, loser, tuple(lines), totals)


def _boxes(players: Sequence[int], scores: Sequence[HandScore]) -> dict[int, list[Fraction]]:
    boxes: dict[int, list[Fraction]] = {p: [] for p in players}
    for s in scores:
        if s.winner is not None and s.points:
            boxes[s.winner].append(Fraction(s.points))
    return boxes


class _ScoreSheet:
    """What every Gin score sheet shares: columns of boxes, first to the target wins.

    Subclasses provide ``boxes`` (each column's boxes) and ``options``.
    """

    options: GinOptions

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
            if total >= self.options.target_score:
                return p
        return None

    @property
    def is_over(self) -> bool:
        return self.winner is not None


class _TwoColumnSheet(_ScoreSheet):
    def summary(self) -> GinSummary | None:
        """The game-end lines, or ``None`` while the game goes on."""
        w = self.winner
        if w is None:
            return None
        return _gin_summary(w, 1 - w, self.boxes, self.options)


@dataclass(frozen=True)
class GinGame(_TwoColumnSheet):
    """A two-player Gin score sheet (players 0 and 1). First to ``target_score`` wins.

    Each hand won is a box in the winner's column; void hands add nothing.
    """

    options: GinOptions = field(default_factory=GinOptions)
    results: tuple[Settlement | HandScore, ...] = ()

    def add(self, result: Settlement | HandScore) -> GinGame:
        if self.is_over:
            raise ValueError("the game is over")
        return replace(self, results=(*self.results, result))

    @property
    def boxes(self) -> dict[int, list[Fraction]]:
        return _boxes([0, 1], [_score(r) for r in self.results])


@dataclass(frozen=True)
class Seating:
    """Who plays the next Gin hand with three players."""

    players: tuple[int, int]
    dealer: int
    sitting_out: int


@dataclass(frozen=True)
class GinThreeGame(_ScoreSheet):
    """Three-player Gin (players 0-2): one sits out each hand.

    ``first_out`` sits out the first hand (chosen at random by the caller) and
    ``first_dealer`` deals it. The winner of a hand plays the next hand against
    the player who sat out, who deals; the loser sits out. After a void hand
    the same two play again with the same dealer. Results carry player ids
    (:class:`HandScore`, or a settlement of the two seated players, mapped in
    the order of ``seating().players``). When a column reaches the target,
    the winner settles with each other player as in a two-player game.
    """

    first_out: int = 0
    first_dealer: int | None = None
    options: GinOptions = field(default_factory=GinOptions)
    results: tuple[Settlement | HandScore, ...] = ()

    def _seatings(self) -> list[Seating]:
        playing = tuple(p for p in range(3) if p != self.first_out)
        dealer = playing[0] if self.first_dealer is None else self.first_dealer
        seat = Seating((playing[0], playing[1]), dealer, self.first_out)
        out = [seat]
        for r in self.results:
            s = _score(r, seat.players)
            if s.winner is not None:
                loser = seat.players[1] if s.winner == seat.players[0] else seat.players[0]
                seat = Seating((s.winner, seat.sitting_out), seat.sitting_out, loser)
            out.append(seat)
        return out

    def seating(self) -> Seating:
        """Who plays the next hand, who deals, who sits out."""
        return self._seatings()[-1]

    def add(self, result: Settlement | HandScore) -> GinThreeGame:
        if self.is_over:
            raise ValueError("the game is over")
        return replace(self, results=(*self.results, result))

    @property
    def boxes(self) -> dict[int, list[Fraction]]:
        seats = self._seatings()
        return _boxes([0, 1, 2], [_score(r, seats[i].players) for i, r in enumerate(self.results)])

    def summaries(self) -> list[GinSummary]:
        """The winner's settlement with each other player (empty while the game goes on)."""
        w = self.winner
        if w is None:
            return []
        boxes = self.boxes
        return [_gin_summary(w, other, boxes, self.options) for other in range(3) if other != w]


def partnership_tables(deal: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two tables of deal number ``deal`` (from 0): partners 0 & 2 against 1 & 3,
    switching opponents each deal."""
    if deal % 2 == 0:
        return (0, 1), (2, 3)
    return (0, 3), (2, 1)


@dataclass(frozen=True)
class GinPartnershipGame(_TwoColumnSheet):
    """Four-player Gin: side 0 (players 0 and 2) against side 1 (players 1 and 3).

    Each deal is two results, one per table (:func:`partnership_tables`), with
    player ids. Each side adds what its players won at both tables; the side
    with more enters the difference as one box (equal: no box). First side to
    the target wins; the summary is a two-player one between the sides.
    """

    options: GinOptions = field(default_factory=GinOptions)
    deals: tuple[tuple[HandScore, HandScore], ...] = ()

    def add(self, table_a: HandScore, table_b: HandScore) -> GinPartnershipGame:
        if self.is_over:
            raise ValueError("the game is over")
        return replace(self, deals=(*self.deals, (table_a, table_b)))

    @property
    def boxes(self) -> dict[int, list[Fraction]]:
        scores = []
        for a, b in self.deals:
            side = [Fraction(0), Fraction(0)]
            for s in (a, b):
                if s.winner is not None:
                    side[s.winner % 2] += s.points
            if side[0] != side[1]:
                w = 0 if side[0] > side[1] else 1
                scores.append(HandScore(w, side[w] - side[1 - w]))
        return _boxes([0, 1], scores)


# -- Knock Rummy ---------------------------------------------------------------------


@dataclass(frozen=True)
class KnockMatch(_TargetMatch):
    """A Knock Rummy match: each player's score is everything paid to them.

    The first to ``target_score`` wins; several reaching it in the same hand:
    the highest total wins; equal highest: another hand is played. The net
    balance (received minus paid) is shown too.
    """

    players: int
    options: KnockOptions = field(default_factory=KnockOptions)
    results: tuple[Settlement, ...] = ()

    def add(self, result: Settlement) -> KnockMatch:
        if self.is_over:
            raise ValueError("the match is over")
        return replace(self, results=(*self.results, result))

    @property
    def scores(self) -> list[Fraction]:
        scores = [Fraction(0)] * self.players
        for r in self.results:
            for p in range(self.players):
                scores[p] += r.received.get(p, Fraction(0))
        return scores

    @property
    def paid(self) -> list[Fraction]:
        paid = [Fraction(0)] * self.players
        for r in self.results:
            for p in range(self.players):
                paid[p] += r.paid.get(p, Fraction(0))
        return paid

    @property
    def net(self) -> list[Fraction]:
        return [s - p for s, p in zip(self.scores, self.paid, strict=True)]

    def _state(self) -> tuple[int | None, list[int]]:
        scores = self.scores
        reached = [p for p in range(self.players) if scores[p] >= self.options.target_score]
        if not reached:
            return None, []
        return _unique_top(scores, reached)

    def summary(self) -> list[SummaryLine]:
        scores, paid = self.scores, self.paid
        lines = [_line(LineCode.SCORE, player=p, points=scores[p]) for p in range(self.players)]
        lines += [
            _line(
                LineCode.BALANCE,
                player=p,
                received=scores[p],
                paid=paid[p],
                net=scores[p] - paid[p],
            )
            for p in range(self.players)
        ]
        return [*lines, self._verdict()]
