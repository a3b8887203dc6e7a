"""Settling a hand, as data: who pays whom, and why, step by step.

A :class:`Settlement` is data: the deadwood counted for each player, the
layoffs, the :class:`Transfer` list (payer, payee, points, reason), each
player's total received and paid (exact :class:`~fractions.Fraction`), and
ordered explanation :class:`SettleStep` s (a :class:`StepCode` and its
parameters). There is no prose here: the command line's English is in
:mod:`.english`, the site translates the codes. Players are numbered from 0,
in the order of the hands; a transfer of 0 points is left out.

Each game settles its hands in its own module (``settle_basic``,
``settle_gin``, ``settle_knock`` in :mod:`.games`); the checks and the
assembly they share are the public helpers at the end of this module.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .arrange import Arrangement
from .cards import Card
from .errors import IllegalMove
from .layoffs import Layoff
from .options import Game

__all__ = [
    "ResultKind",
    "SettleError",
    "SettleStep",
    "Settlement",
    "StepCode",
    "Transfer",
    "TransferReason",
    "check_hands",
    "format_points",
    "settlement_of",
    "show_step",
    "void_settlement",
]


class SettleError(enum.Enum):
    """Why a hand cannot be settled as given (reason of :class:`IllegalMove`)."""

    #: ``{"game", "players", "minimum", "maximum"}``
    WRONG_PLAYER_COUNT = "wrong_player_count"
    #: The knocker or winner is not a player. ``{"role", "index", "players"}``
    PLAYER_OUT_OF_RANGE = "player_out_of_range"
    #: ``{"player", "size", "expected"}`` (Basic: ``expected`` is the maximum)
    WRONG_HAND_SIZE = "wrong_hand_size"
    #: A card appears twice (in one hand or in two). ``{"card"}``
    DUPLICATE_CARD = "duplicate_card"
    #: ``{"player", "deadwood", "limit"}``
    KNOCKER_OVER_LIMIT = "knocker_over_limit"
    #: Basic Rummy: the winner still holds cards. ``{"player", "cards"}``
    WINNER_HAS_CARDS = "winner_has_cards"
    #: The knocker's arrangement is not of the knocker's cards, or a meld in it is
    #: not valid. ``{"player", "cards"}``
    BAD_ARRANGEMENT = "bad_arrangement"
    #: Gin: a layoff given to settle is not of the defender's cards, or does not fit the
    #: meld it names. ``{"player", "card"}``
    BAD_LAYOFF = "bad_layoff"


class ResultKind(enum.Enum):
    """How the hand ended."""

    #: Gin: the knocker wins the difference. Knock Rummy: the knocker is strictly lowest.
    KNOCK = "knock"
    #: Gin: the knocker has no deadwood.
    GIN = "gin"
    #: Gin: the defender has no more deadwood than the knocker. Knock Rummy: some
    #: opponent has less than the knocker.
    UNDERCUT = "undercut"
    #: Knock Rummy: the knocker strictly lowest with no deadwood. Basic: went rummy.
    RUMMY = "rummy"
    #: Knock Rummy: an opponent ties the knocker for lowest, nobody lower.
    TIE = "tie"
    #: Basic Rummy: a player went out.
    OUT = "out"
    #: Nobody scores (stock exhausted, or a blocked Basic hand).
    VOID = "void"


class TransferReason(enum.StrEnum):
    """Why points move (the ``reason`` of a :class:`Transfer`)."""

    #: Gin knock / undercut, Knock Rummy: a difference of deadwood.
    DIFFERENCE = "difference"
    #: Gin: the opponent's deadwood paid to a player who went gin.
    DEADWOOD = "deadwood"
    GIN_BONUS = "gin_bonus"
    UNDERCUT_BONUS = "undercut_bonus"
    #: Knock Rummy: the knocker went rummy (25 from each opponent).
    RUMMY_BONUS = "rummy_bonus"
    #: Knock Rummy: the knocker pays each opponent with less deadwood.
    PENALTY = "penalty"
    #: Basic Rummy: the value of the cards left in a hand.
    HAND_VALUE = "hand_value"
    #: Basic Rummy: the same again when the winner went rummy.
    RUMMY_DOUBLE = "rummy_double"


@dataclass(frozen=True, slots=True)
class Transfer:
    """``points`` paid by player ``payer`` to player ``payee`` (never the same player)."""

    payer: int
    payee: int
    points: Fraction
    reason: TransferReason


class StepCode(enum.Enum):
    """Explanation steps. Parameters (cards as codes, points as Fractions) per code."""

    #: A player shows melds and deadwood. ``{"player", "melds", "deadwood_cards", "deadwood"}``
    SHOW = "show"
    #: Gin: ``{"player", "deadwood", "limit"}``
    KNOCK = "knock"
    #: Gin: the knocker has no deadwood. ``{"player"}``
    GIN = "gin"
    #: Gin: no layoffs after gin. ``{"player"}`` (the defender)
    NO_LAYOFFS = "no_layoffs"
    #: Gin: ``{"player", "card", "onto", "meld"}`` (``onto``: the meld as it stood,
    #: ``meld``: its index among the knocker's melds)
    LAYOFF = "layoff"
    #: Gin: the defender's hand after layoffs. The parameters of ``SHOW``, and
    #: ``laid_off``: the cards the defender laid off, in order (none: ``[]``).
    KEEPS = "keeps"
    #: Gin: ``{"player", "opponent", "bonus", "deadwood", "points"}``
    GIN_SCORE = "gin_score"
    #: Gin: ``{"player", "opponent", "deadwood", "opponent_deadwood", "points"}``
    KNOCK_SCORE = "knock_score"
    #: Gin: ``{"player", "opponent", "deadwood", "opponent_deadwood", "difference",
    #: "bonus", "points"}`` (``player`` is the defender, ``opponent`` the knocker)
    UNDERCUT_SCORE = "undercut_score"
    #: Knock Rummy, case 1: ``{"player", "deadwood"}``
    KNOCKER_LOWEST = "knocker_lowest"
    #: Knock Rummy, case 2: ``{"player", "tied", "deadwood"}``
    KNOCKER_TIED = "knocker_tied"
    #: Knock Rummy, case 2 with no deadwood: no rummy bonus. ``{"player"}``
    NO_RUMMY_BONUS = "no_rummy_bonus"
    #: Knock Rummy, case 3: ``{"player", "lowest", "deadwood", "lowest_deadwood"}``
    KNOCKER_UNDERCUT = "knocker_undercut"
    #: Knock Rummy: ``{"player", "payees", "deadwood", "lowest_deadwood", "points",
    #: "share"}`` (``points`` = the difference, ``share`` = each payee's part)
    PAYS_DIFFERENCE = "pays_difference"
    #: Knock Rummy: the knocker pays nothing (its difference is 0). ``{"player"}``
    PAYS_NOTHING = "pays_nothing"
    #: Knock Rummy: ``{"player", "payee", "bonus"}``
    RUMMY_BONUS = "rummy_bonus"
    #: Knock Rummy: ``{"player", "payee", "deadwood", "opponent_deadwood", "points"}``
    PENALTY = "penalty"
    #: Basic Rummy: ``{"player", "cards", "points", "ace_points"}``
    HAND_VALUE = "hand_value"
    #: Basic Rummy: ``{"player", "points"}``
    WENT_OUT = "went_out"
    #: Basic Rummy: ``{"player", "points", "doubled"}``
    WENT_RUMMY = "went_rummy"
    #: Nobody scores. ``{}``
    VOID = "void"
    #: A player's total for the hand. ``{"player", "received", "paid", "net"}``
    TOTAL = "total"
    #: Gin laid out by hand: the defender could have laid off more. ``{"player",
    #: "cards", "deadwood", "best_deadwood"}`` (``cards``: the best layoffs, in order)
    MISSED_LAYOFFS = "missed_layoffs"
    #: Gin laid out by hand: another layout would have scored more for the knocker
    #: against the defender's best layoffs. ``{"player", "melds", "deadwood_cards",
    #: "deadwood", "points", "best_points"}`` (the better layout, and each layout's
    #: :func:`~.games.gin.gin_points`)
    BETTER_LAYOUT = "better_layout"
    #: Gin: the knocker shows more deadwood than they could, because the layout with
    #: the least deadwood scores less: the defender would lay off more onto it.
    #: ``{"player", "melds", "deadwood_cards", "deadwood", "opponent", "layoffs",
    #: "opponent_deadwood", "points", "shown_points"}`` (that layout; the cards the
    #: defender would lay off onto it and the deadwood they would keep; its
    #: :func:`~.games.gin.gin_points` and the shown layout's, each against the
    #: defender's best layoffs)
    LEAST_DEADWOOD_LAYOUT = "least_deadwood_layout"


@dataclass(frozen=True)
class SettleStep:
    """One explanation step of a settlement: a code and the parameters a sentence needs
    (:func:`.english.english` gives the command line's English)."""

    code: StepCode
    params: dict[str, Any] = field(default_factory=dict)


def format_points(points: Fraction | int) -> str:
    """``"7"``, ``"-27"``, ``"9/2"``: whole numbers plain, others as exact fractions."""
    f = Fraction(points)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


@dataclass(frozen=True)
class Settlement:
    """The outcome of one hand.

    ``deadwood[p]``: the points counted against player p (Gin: the defender's
    after layoffs; Knock Rummy: least deadwood; Basic: the value of every card
    left in the hand). ``arrangements[p]``: the melds and deadwood shown (Gin's
    defender: the cards kept after laying off; Basic: ``None``). ``received``
    and ``paid`` have every player as a key and add up the transfers.
    """

    game: Game
    kind: ResultKind
    players: int
    deadwood: tuple[int, ...]
    arrangements: tuple[Arrangement | None, ...]
    layoffs: tuple[Layoff, ...]
    transfers: tuple[Transfer, ...]
    received: dict[int, Fraction]
    paid: dict[int, Fraction]
    steps: tuple[SettleStep, ...]
    #: The players who collect (the knocker, the undercutting defender, the lowest...).
    winners: tuple[int, ...]

    @property
    def net(self) -> dict[int, Fraction]:
        """Received minus paid, per player."""
        return {p: self.received[p] - self.paid[p] for p in range(self.players)}


# -- Shared by the games' settlements ------------------------------------------------


def settlement_of(
    game: Game,
    kind: ResultKind,
    deadwood: Sequence[int],
    arrangements: Sequence[Arrangement | None],
    layoffs: Sequence[Layoff],
    transfers: Sequence[Transfer],
    steps: Sequence[SettleStep],
    winners: Sequence[int],
) -> Settlement:
    """Assemble a settlement: drop transfers of 0, add up what each player receives and
    pays, and close the steps with each player's ``TOTAL``."""
    players = len(deadwood)
    kept = [t for t in transfers if t.points]
    received = {p: Fraction(0) for p in range(players)}
    paid = {p: Fraction(0) for p in range(players)}
    for t in kept:
        assert t.payer != t.payee
        received[t.payee] += t.points
        paid[t.payer] += t.points
    totals = [
        SettleStep(
            StepCode.TOTAL,
            {"player": p, "received": received[p], "paid": paid[p], "net": received[p] - paid[p]},
        )
        for p in range(players)
        if received[p] or paid[p]
    ]
    return Settlement(
        game,
        kind,
        players,
        tuple(deadwood),
        tuple(arrangements),
        tuple(layoffs),
        tuple(kept),
        received,
        paid,
        (*steps, *totals),
        tuple(winners),
    )


def void_settlement(game: Game, players: int) -> Settlement:
    """A void hand: nobody scores."""
    return settlement_of(
        game,
        ResultKind.VOID,
        [0] * players,
        [None] * players,
        [],
        [],
        [SettleStep(StepCode.VOID)],
        [],
    )


def check_hands(
    game: Game,
    hands: Sequence[Sequence[Card]],
    *,
    players: tuple[int, int],
    role: str,
    index: int,
    size: Callable[[int], int],
    exact: bool = True,
) -> None:
    """What every settlement checks first, raising :class:`IllegalMove` with a
    :class:`SettleError`: the number of players (``players``: least and most), that
    ``index`` (the ``role``: knocker or winner) is a player, each hand's size
    (``size(players)``; at most that when not ``exact``), and that no card is dealt twice.
    """
    low, high = players
    if not low <= len(hands) <= high:
        raise IllegalMove(
            SettleError.WRONG_PLAYER_COUNT,
            {"game": str(game), "players": len(hands), "minimum": low, "maximum": high},
        )
    count = len(hands)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < count:
        raise IllegalMove(
            SettleError.PLAYER_OUT_OF_RANGE, {"role": role, "index": index, "players": count}
        )
    expected = size(count)
    for p, hand in enumerate(hands):
        if len(hand) > expected or (exact and len(hand) != expected):
            raise IllegalMove(
                SettleError.WRONG_HAND_SIZE, {"player": p, "size": len(hand), "expected": expected}
            )
    seen: set[Card] = set()
    for hand in hands:
        for card in hand:
            if card in seen:
                raise IllegalMove(SettleError.DUPLICATE_CARD, {"card": str(card)})
            seen.add(card)


def show_step(code: StepCode, player: int, arrangement: Arrangement) -> SettleStep:
    """A ``SHOW`` or ``KEEPS`` step: the player's melds and deadwood."""
    return SettleStep(
        code,
        {
            "player": player,
            "melds": [m.codes for m in arrangement.melds],
            "deadwood_cards": [str(c) for c in arrangement.deadwood_cards],
            "deadwood": arrangement.deadwood,
        },
    )
