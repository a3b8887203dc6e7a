"""Settling a hand: who pays whom, and why, step by step.

A :class:`Settlement` is data: the deadwood counted for each player, the
layoffs, the :class:`Transfer` list (payer, payee, points, reason), each
player's total received and paid (exact :class:`~fractions.Fraction`), and
ordered explanation :class:`Step` s (a :class:`StepCode` and its parameters).
``step_text`` gives an English sentence for each step; the web layer
translates from the code and parameters. Players are numbered from 0, in
the order of ``hands``; a transfer of 0 points is left out.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .arrange import Arrangement, arrangement_of, cards_mask
from .cards import Card, card_points
from .errors import IllegalMove
from .layoffs import DefenderPlay, Layoff, defender_play, knocker_choice
from .melds import check_meld
from .options import BasicOptions, GinOptions, KnockOptions

__all__ = [
    "DEAL_SIZES",
    "ResultKind",
    "SettleError",
    "Settlement",
    "Step",
    "StepCode",
    "Transfer",
    "TransferReason",
    "deal_size",
    "format_points",
    "settle_basic",
    "settle_gin",
    "settle_knock",
    "step_text",
    "void_settlement",
]

DEFAULT_BASIC = BasicOptions()
DEFAULT_GIN = GinOptions()
DEFAULT_KNOCK = KnockOptions()

#: Cards dealt to each player, by number of players (Basic and Knock Rummy).
DEAL_SIZES: dict[int, int] = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}


def deal_size(players: int) -> int:
    """Cards dealt to each of ``players`` in Basic and Knock Rummy (10 / 7 / 6)."""
    return DEAL_SIZES[players]


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
    #: Nobody scores (stock exhausted).
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
    #: Gin: the defender's hand after layoffs. Same parameters as ``SHOW``.
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


def format_points(points: Fraction | int) -> str:
    """``"7"``, ``"-27"``, ``"9/2"``: whole numbers plain, others as exact fractions."""
    f = Fraction(points)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def _players(items: Sequence[int]) -> str:
    names = [f"player {i}" for i in items]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _melds_text(melds: Sequence[Sequence[str]]) -> str:
    return " ".join("[" + " ".join(m) + "]" for m in melds) or "no melds"


def _show_text(p: Mapping[str, Any], verb: str) -> str:
    dead = p["deadwood_cards"]
    dead_text = f"deadwood {' '.join(dead)} = {p['deadwood']}" if dead else "no deadwood"
    return f"Player {p['player']} {verb} {_melds_text(p['melds'])}, {dead_text}."


_TEXTS: dict[StepCode, Any] = {
    StepCode.SHOW: lambda p: _show_text(p, "shows"),
    StepCode.KEEPS: lambda p: _show_text(p, "keeps"),
    StepCode.KNOCK: lambda p: (
        f"Player {p['player']} knocks with {p['deadwood']} deadwood (the limit is {p['limit']})."
    ),
    StepCode.GIN: lambda p: f"Player {p['player']} goes gin: every card is in a meld.",
    StepCode.NO_LAYOFFS: lambda p: f"Player {p['player']} may not lay off after gin.",
    StepCode.LAYOFF: lambda p: (
        f"Player {p['player']} lays off {p['card']} onto {' '.join(p['onto'])}."
    ),
    StepCode.GIN_SCORE: lambda p: (
        f"Player {p['player']} scores the gin bonus {p['bonus']} + player "
        f"{p['opponent']}'s deadwood {p['deadwood']} = {format_points(p['points'])}."
    ),
    StepCode.KNOCK_SCORE: lambda p: (
        f"Player {p['opponent']}'s deadwood {p['opponent_deadwood']} is more than "
        f"{p['deadwood']}: player {p['player']} scores {p['opponent_deadwood']} - "
        f"{p['deadwood']} = {format_points(p['points'])}."
    ),
    StepCode.UNDERCUT_SCORE: lambda p: (
        f"Undercut: player {p['player']}'s deadwood {p['deadwood']} is not more than the "
        f"knocker's {p['opponent_deadwood']}: player {p['player']} scores "
        f"{p['difference']} + {p['bonus']} = {format_points(p['points'])}, "
        f"player {p['opponent']} nothing."
    ),
    StepCode.KNOCKER_LOWEST: lambda p: (
        f"Player {p['player']} knocked and has the lowest deadwood ({p['deadwood']}): "
        "every opponent pays the difference."
    ),
    StepCode.KNOCKER_TIED: lambda p: (
        f"{_players(p['tied']).capitalize()} tie{'s' if len(p['tied']) == 1 else ''} the "
        f"knocker, player {p['player']}, for the lowest deadwood ({p['deadwood']}): "
        f"{'they share' if len(p['tied']) > 1 else 'it collects'} the difference from "
        "every other player."
    ),
    StepCode.NO_RUMMY_BONUS: lambda p: (
        f"Player {p['player']} has no deadwood but is tied: no rummy bonus."
    ),
    StepCode.KNOCKER_UNDERCUT: lambda p: (
        f"{_players(p['lowest']).capitalize()} {'has' if len(p['lowest']) == 1 else 'have'} "
        f"less deadwood ({p['lowest_deadwood']}) than the knocker, player {p['player']} "
        f"({p['deadwood']}): the lowest collect the difference from every other player."
    ),
    StepCode.PAYS_DIFFERENCE: lambda p: (
        f"Player {p['player']} pays {p['deadwood']} - {p['lowest_deadwood']} = "
        f"{format_points(p['points'])} to {_players(p['payees'])}"
        + (f", {format_points(p['share'])} each." if len(p["payees"]) > 1 else ".")
    ),
    StepCode.PAYS_NOTHING: lambda p: f"Player {p['player']} pays nothing: the difference is 0.",
    StepCode.RUMMY_BONUS: lambda p: (
        f"Player {p['player']} also pays the rummy bonus {p['bonus']} to player {p['payee']}."
    ),
    StepCode.PENALTY: lambda p: (
        f"Player {p['player']} (deadwood {p['deadwood']}) pays player {p['payee']} "
        f"(deadwood {p['opponent_deadwood']}) a penalty of {format_points(p['points'])}."
    ),
    StepCode.HAND_VALUE: lambda p: (
        f"Player {p['player']} holds {' '.join(p['cards']) or 'nothing'}: "
        f"{p['points']} points."
        + (f" (aces count {p['ace_points']})" if p["ace_points"] != 1 and p["cards"] else "")
    ),
    StepCode.WENT_OUT: lambda p: (
        f"Player {p['player']} went out and scores {format_points(p['points'])}."
    ),
    StepCode.WENT_RUMMY: lambda p: (
        f"Player {p['player']} went rummy: {p['points']} doubled is {format_points(p['doubled'])}."
    ),
    StepCode.VOID: lambda p: "The hand is void: nobody scores.",
    StepCode.TOTAL: lambda p: (
        f"Player {p['player']} receives {format_points(p['received'])} and pays "
        f"{format_points(p['paid'])}: net {format_points(p['net'])}."
    ),
}


def step_text(step: Step) -> str:
    """An English sentence for ``step``."""
    text: str = _TEXTS[step.code](step.params)
    return text


@dataclass(frozen=True)
class Step:
    """One explanation step: a code and the parameters a sentence needs."""

    code: StepCode
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """English text (see :func:`step_text`)."""
        return step_text(self)


@dataclass(frozen=True)
class Settlement:
    """The outcome of one hand.

    ``deadwood[p]``: the points counted against player p (Gin: the defender's
    after layoffs; Knock Rummy: least deadwood; Basic: the value of every card
    left in the hand). ``arrangements[p]``: the melds and deadwood shown (Gin's
    defender: the cards kept after laying off; Basic: ``None``). ``received``
    and ``paid`` have every player as a key and add up the transfers.
    """

    game: str
    kind: ResultKind
    players: int
    deadwood: tuple[int, ...]
    arrangements: tuple[Arrangement | None, ...]
    layoffs: tuple[Layoff, ...]
    transfers: tuple[Transfer, ...]
    received: dict[int, Fraction]
    paid: dict[int, Fraction]
    steps: tuple[Step, ...]
    #: The players who collect (the knocker, the undercutting defender, the lowest...).
    winners: tuple[int, ...]

    @property
    def net(self) -> dict[int, Fraction]:
        """Received minus paid, per player."""
        return {p: self.received[p] - self.paid[p] for p in range(self.players)}


def _totals(players: int, transfers: Sequence[Transfer]) -> tuple[dict[int, Fraction], ...]:
    received = {p: Fraction(0) for p in range(players)}
    paid = {p: Fraction(0) for p in range(players)}
    for t in transfers:
        assert t.payer != t.payee
        received[t.payee] += t.points
        paid[t.payer] += t.points
    return received, paid


def _finish(
    game: str,
    kind: ResultKind,
    deadwood: Sequence[int],
    arrangements: Sequence[Arrangement | None],
    layoffs: Sequence[Layoff],
    transfers: Sequence[Transfer],
    steps: list[Step],
    winners: Sequence[int],
) -> Settlement:
    players = len(deadwood)
    transfers = [t for t in transfers if t.points]
    received, paid = _totals(players, transfers)
    for p in range(players):
        if received[p] or paid[p]:
            steps.append(
                Step(
                    StepCode.TOTAL,
                    {
                        "player": p,
                        "received": received[p],
                        "paid": paid[p],
                        "net": received[p] - paid[p],
                    },
                )
            )
    return Settlement(
        game,
        kind,
        players,
        tuple(deadwood),
        tuple(arrangements),
        tuple(layoffs),
        tuple(transfers),
        received,
        paid,
        tuple(steps),
        tuple(winners),
    )


def void_settlement(game: str, players: int) -> Settlement:
    """A void hand: nobody scores."""
    return _finish(
        game, ResultKind.VOID, [0] * players, [None] * players, [], [], [Step(StepCode.VOID)], []
    )


# -- Checks --------------------------------------------------------------------------


def _check_cards(hands: Sequence[Sequence[Card]]) -> None:
    seen: set[Card] = set()
    for hand in hands:
        for card in hand:
            if card in seen:
                raise IllegalMove(SettleError.DUPLICATE_CARD, {"card": str(card)})
            seen.add(card)


def _check_players(game: str, hands: Sequence[Sequence[Card]], low: int, high: int) -> None:
    if not low <= len(hands) <= high:
        raise IllegalMove(
            SettleError.WRONG_PLAYER_COUNT,
            {"game": game, "players": len(hands), "minimum": low, "maximum": high},
        )


def _check_index(role: str, index: int, players: int) -> None:
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < players:
        raise IllegalMove(
            SettleError.PLAYER_OUT_OF_RANGE, {"role": role, "index": index, "players": players}
        )


def _check_sizes(hands: Sequence[Sequence[Card]], size: int, *, exact: bool = True) -> None:
    for p, hand in enumerate(hands):
        if len(hand) > size or (exact and len(hand) != size):
            raise IllegalMove(
                SettleError.WRONG_HAND_SIZE, {"player": p, "size": len(hand), "expected": size}
            )


def _show(code: StepCode, player: int, arrangement: Arrangement) -> Step:
    return Step(
        code,
        {
            "player": player,
            "melds": [m.codes for m in arrangement.melds],
            "deadwood_cards": [str(c) for c in arrangement.deadwood_cards],
            "deadwood": arrangement.deadwood,
        },
    )


# -- Gin Rummy -----------------------------------------------------------------------


def _validate_arrangement(player: int, cards: Sequence[Card], arrangement: Arrangement) -> None:
    shown = [c for m in arrangement.melds for c in m.cards] + list(arrangement.deadwood_cards)
    codes = [str(c) for c in shown]
    if sorted(shown) != sorted(cards):
        raise IllegalMove(SettleError.BAD_ARRANGEMENT, {"player": player, "cards": codes})
    for meld in arrangement.melds:
        if check_meld(meld.cards) is not None:
            raise IllegalMove(SettleError.BAD_ARRANGEMENT, {"player": player, "cards": codes})
    points = sum(card_points(c) for c in arrangement.deadwood_cards)
    if points != arrangement.deadwood:
        raise IllegalMove(SettleError.BAD_ARRANGEMENT, {"player": player, "cards": codes})


def settle_gin(
    *,
    knocker: int,
    hands: Sequence[Sequence[Card]],
    options: GinOptions = DEFAULT_GIN,
    knocker_arrangement: Arrangement | None = None,
) -> Settlement:
    """Settle a Gin Rummy hand ended by ``knocker`` (10 cards each, after the discard).

    Gin (the knocker's arrangement has no deadwood): the knocker scores
    ``gin_bonus`` + the defender's least deadwood, no layoffs. Otherwise the
    defender lays off (:func:`~.layoffs.defender_play`); if the defender's
    deadwood is then more than the knocker's, the knocker scores the
    difference, else the defender scores the difference + ``undercut_bonus``.

    ``knocker_arrangement`` is what the knocker shows; by default the one with
    the best result for the knocker (:func:`~.layoffs.knocker_choice`).
    Raises :class:`IllegalMove` (:class:`SettleError`) when the hands are not
    two hands of 10 distinct cards, the knocker is not 0 or 1, the
    arrangement is not of the knocker's cards, or the knocker's deadwood is
    over ``options.knock_limit``.
    """
    _check_players("gin", hands, 2, 2)
    _check_index("knocker", knocker, 2)
    _check_sizes(hands, 10)
    _check_cards(hands)
    defender = 1 - knocker
    k_cards, d_cards = list(hands[knocker]), list(hands[defender])
    play: DefenderPlay | None = None
    if knocker_arrangement is None:
        choice = knocker_choice(k_cards, d_cards, options=options, defender_index=defender)
        if choice is None:
            least = arrangement_of(cards_mask(k_cards)).deadwood
            raise IllegalMove(
                SettleError.KNOCKER_OVER_LIMIT,
                {"player": knocker, "deadwood": least, "limit": options.knock_limit},
            )
        shown = choice.arrangement
        if shown.deadwood:
            play = choice.defender
    else:
        _validate_arrangement(knocker, k_cards, knocker_arrangement)
        shown = knocker_arrangement
        if shown.deadwood > options.knock_limit:
            raise IllegalMove(
                SettleError.KNOCKER_OVER_LIMIT,
                {"player": knocker, "deadwood": shown.deadwood, "limit": options.knock_limit},
            )
        if shown.deadwood:
            play = defender_play(shown.melds, d_cards, player=defender)
    steps: list[Step] = []
    transfers: list[Transfer] = []
    arrangements: list[Arrangement | None] = [None, None]
    arrangements[knocker] = shown
    deadwood = [0, 0]
    deadwood[knocker] = shown.deadwood
    if play is None:  # gin
        kept = arrangement_of(cards_mask(d_cards))
        arrangements[defender] = kept
        deadwood[defender] = kept.deadwood
        points = options.gin_bonus + kept.deadwood
        steps += [
            Step(StepCode.GIN, {"player": knocker}),
            _show(StepCode.SHOW, knocker, shown),
            _show(StepCode.SHOW, defender, kept),
            Step(StepCode.NO_LAYOFFS, {"player": defender}),
            Step(
                StepCode.GIN_SCORE,
                {
                    "player": knocker,
                    "opponent": defender,
                    "bonus": options.gin_bonus,
                    "deadwood": kept.deadwood,
                    "points": Fraction(points),
                },
            ),
        ]
        transfers += [
            Transfer(defender, knocker, Fraction(options.gin_bonus), TransferReason.GIN_BONUS),
            Transfer(defender, knocker, Fraction(kept.deadwood), TransferReason.DEADWOOD),
        ]
        return _finish(
            "gin", ResultKind.GIN, deadwood, arrangements, [], transfers, steps, [knocker]
        )
    steps += [
        Step(
            StepCode.KNOCK,
            {"player": knocker, "deadwood": shown.deadwood, "limit": options.knock_limit},
        ),
        _show(StepCode.SHOW, knocker, shown),
    ]
    for layoff in play.layoffs:
        steps.append(
            Step(
                StepCode.LAYOFF,
                {
                    "player": defender,
                    "card": str(layoff.card),
                    "onto": layoff.onto.codes,
                    "meld": layoff.meld_index,
                },
            )
        )
    steps.append(_show(StepCode.KEEPS, defender, play.arrangement))
    arrangements[defender] = play.arrangement
    deadwood[defender] = play.deadwood
    kd, dd = shown.deadwood, play.deadwood
    if dd > kd:
        points = dd - kd
        steps.append(
            Step(
                StepCode.KNOCK_SCORE,
                {
                    "player": knocker,
                    "opponent": defender,
                    "deadwood": kd,
                    "opponent_deadwood": dd,
                    "points": Fraction(points),
                },
            )
        )
        transfers.append(Transfer(defender, knocker, Fraction(points), TransferReason.DIFFERENCE))
        kind, winner = ResultKind.KNOCK, knocker
    else:
        points = kd - dd + options.undercut_bonus
        steps.append(
            Step(
                StepCode.UNDERCUT_SCORE,
                {
                    "player": defender,
                    "opponent": knocker,
                    "deadwood": dd,
                    "opponent_deadwood": kd,
                    "difference": kd - dd,
                    "bonus": options.undercut_bonus,
                    "points": Fraction(points),
                },
            )
        )
        transfers += [
            Transfer(knocker, defender, Fraction(kd - dd), TransferReason.DIFFERENCE),
            Transfer(
                knocker, defender, Fraction(options.undercut_bonus), TransferReason.UNDERCUT_BONUS
            ),
        ]
        kind, winner = ResultKind.UNDERCUT, defender
    return _finish("gin", kind, deadwood, arrangements, play.layoffs, transfers, steps, [winner])


# -- Knock Rummy ---------------------------------------------------------------------


def settle_knock(
    *,
    knocker: int,
    hands: Sequence[Sequence[Card]],
    options: KnockOptions = DEFAULT_KNOCK,
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
    number of players (10 / 7 / 6). Raises :class:`IllegalMove`
    (:class:`SettleError`) otherwise.
    """
    _check_players("knock", hands, 2, 6)
    players = len(hands)
    _check_index("knocker", knocker, players)
    _check_sizes(hands, deal_size(players))
    _check_cards(hands)
    arrangements = [arrangement_of(cards_mask(h)) for h in hands]
    d = [a.deadwood for a in arrangements]
    steps = [_show(StepCode.SHOW, p, arrangements[p]) for p in range(players)]
    transfers: list[Transfer] = []
    others = [p for p in range(players) if p != knocker]
    low = min(d[o] for o in others)
    dk = d[knocker]

    def collect(payees: list[int], level: int, payers: list[int]) -> None:
        n = len(payees)
        for p in payers:
            diff = d[p] - level
            if diff == 0:
                steps.append(Step(StepCode.PAYS_NOTHING, {"player": p}))
                continue
            share = Fraction(diff, n)
            steps.append(
                Step(
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
        steps.append(Step(StepCode.KNOCKER_LOWEST, {"player": knocker, "deadwood": dk}))
        collect([knocker], dk, others)
        if dk == 0:
            for o in others:
                steps.append(
                    Step(
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
            Step(StepCode.KNOCKER_TIED, {"player": knocker, "tied": winners, "deadwood": dk})
        )
        if dk == 0:
            steps.append(Step(StepCode.NO_RUMMY_BONUS, {"player": knocker}))
        steps.append(Step(StepCode.PAYS_NOTHING, {"player": knocker}))
        collect(winners, dk, [o for o in others if o not in winners])
    else:
        kind = ResultKind.UNDERCUT
        winners = [o for o in others if d[o] == low]
        steps.append(
            Step(
                StepCode.KNOCKER_UNDERCUT,
                {"player": knocker, "lowest": winners, "deadwood": dk, "lowest_deadwood": low},
            )
        )
        collect(winners, low, [p for p in range(players) if p not in winners])
        for o in others:
            if d[o] < dk:
                steps.append(
                    Step(
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
    return _finish("knock", kind, d, arrangements, [], transfers, steps, winners)


# -- Basic Rummy ---------------------------------------------------------------------


def settle_basic(
    *,
    winner: int,
    went_rummy: bool,
    hands: Sequence[Sequence[Card]],
    options: BasicOptions = DEFAULT_BASIC,
) -> Settlement:
    """Settle a Basic Rummy hand: ``winner`` went out (its hand is empty).

    The winner receives from each other player the value of every card left
    in that player's hand (aces 15 with ``ace_high_or_low``), and the same
    again when ``went_rummy``. A hand may hold at most the deal size.
    Raises :class:`IllegalMove` (:class:`SettleError`) otherwise.
    """
    _check_players("basic", hands, 2, 6)
    players = len(hands)
    _check_index("winner", winner, players)
    _check_sizes(hands, deal_size(players), exact=False)
    _check_cards(hands)
    if hands[winner]:
        raise IllegalMove(
            SettleError.WINNER_HAS_CARDS,
            {"player": winner, "cards": [str(c) for c in hands[winner]]},
        )
    ace = options.ace_high_or_low
    values = [sum(card_points(c, ace_high_or_low=ace) for c in hand) for hand in hands]
    steps: list[Step] = []
    transfers: list[Transfer] = []
    for p, hand in enumerate(hands):
        if p == winner:
            continue
        steps.append(
            Step(
                StepCode.HAND_VALUE,
                {
                    "player": p,
                    "cards": [str(c) for c in sorted(hand)],
                    "points": values[p],
                    "ace_points": 15 if ace else 1,
                },
            )
        )
        transfers.append(Transfer(p, winner, Fraction(values[p]), TransferReason.HAND_VALUE))
    total = sum(values)
    steps.append(Step(StepCode.WENT_OUT, {"player": winner, "points": Fraction(total)}))
    if went_rummy:
        steps.append(
            Step(
                StepCode.WENT_RUMMY,
                {"player": winner, "points": total, "doubled": Fraction(2 * total)},
            )
        )
        for p in range(players):
            if p != winner:
                transfers.append(
                    Transfer(p, winner, Fraction(values[p]), TransferReason.RUMMY_DOUBLE)
                )
    kind = ResultKind.RUMMY if went_rummy else ResultKind.OUT
    return _finish("basic", kind, values, [None] * players, [], transfers, steps, [winner])
