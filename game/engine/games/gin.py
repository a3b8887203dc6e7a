"""Gin Rummy (rules.md, seed 003): two players, ten cards, knock at 10 or less.

A turn is a draw then a ``discard`` or a ``knock`` (the knocker's discard,
face down: the other player's :class:`~.state.PlayerView` does not show it).
Knocking needs deadwood within ``options.knock_limit`` after the discard;
knocking with none is gin. A discard that leaves two cards in the stock ends
the hand void.

The module holds the whole game: its options (:class:`GinOptions`), its rules
(:class:`GinRules`), its settlement (:func:`settle_gin`: the knocker's choice of
arrangement, the defender's layoffs, undercut, gin) and its score sheets: two
players (:class:`GinGame`), three in rotation (:class:`GinThreeGame`) and four
in partnerships (:class:`GinPartnershipGame`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, ClassVar, Self

from ..arrange import Arrangement, all_arrangements, arrangement_of, cards_mask, deadwood_of
from ..cards import Card, card_points
from ..errors import IllegalMove
from ..layoffs import DefenderPlay, Layoff, defender_play
from ..melds import Meld, MeldKind, check_meld, extend_meld, find_melds, fitting_cards, make_meld
from ..moves import AnyMove, Done, Knock, LayDown, LayOff
from ..options import Game, GameOptions
from ..score_sheet import (
    BoxSheet,
    HandScore,
    LineCode,
    SummaryLine,
    boxes_of,
    line,
    score_of,
)
from ..scoring import (
    ResultKind,
    SettleError,
    Settlement,
    SettleStep,
    StepCode,
    Transfer,
    TransferReason,
    check_hands,
    settlement_of,
    show_step,
)
from ..state import Hand, MoveError
from ..view import HandEnd, Phase, TableMeld
from .closed import ClosedHandRules

__all__ = [
    "GinGame",
    "GinOptions",
    "GinPartnershipGame",
    "GinRules",
    "GinSummary",
    "GinThreeGame",
    "KnockerChoice",
    "Seating",
    "gin_points",
    "knocker_choice",
    "partnership_tables",
    "settle_gin",
]


@dataclass(frozen=True)
class GinOptions(GameOptions):
    """Gin Rummy (rules.md, seed 003)."""

    game: ClassVar[Game] = Game.GIN
    #: Most deadwood a knocker may have after the discard.
    knock_limit: int = 10
    #: A game (one score sheet) ends when a player reaches this total.
    target_score: int = 100
    gin_bonus: int = 25
    undercut_bonus: int = 25
    box_bonus: int = 20
    shutout_bonus: int = 100
    #: After a knock (not gin) the players lay out by hand: the knocker shows their
    #: melds one by one (``meld``, then ``done``: the cards left are deadwood), then the
    #: defender lays off one card at a time (``layoff``, then ``done``), and the
    #: settlement says what a better layout or more layoffs would have made. Off: the
    #: engine shows the knocker's best layout and the defender's best layoffs at once.
    players_lay_out: bool = False


class GinRules(ClosedHandRules):
    game: ClassVar[Game] = Game.GIN
    options_type: ClassVar[type[GameOptions]] = GinOptions
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    knock_discard_face_down: ClassVar[bool] = True

    def deal_size(self, players: int) -> int:
        return 10

    def knock_limit(self, options: GameOptions) -> int | None:
        assert isinstance(options, GinOptions)
        return options.knock_limit

    def knock_end(self, deadwood: int) -> HandEnd:
        return HandEnd.GIN if deadwood == 0 else HandEnd.KNOCK

    def lays_out_by_hand(self, options: GameOptions) -> bool:
        assert isinstance(options, GinOptions)
        return options.players_lay_out

    def settle(self, hand: Hand, knocker: int) -> Settlement:
        assert isinstance(hand.options, GinOptions)
        return settle_gin(knocker=knocker, hands=list(hand.hands), options=hand.options)

    def apply_play(self, hand: Hand, move: AnyMove) -> Hand:
        if isinstance(move, Knock) and self.lays_out_by_hand(hand.options):
            after = self.discarded(hand, move, move.discard)
            if self.deadwood(after.cards(hand.turn)):
                # The knocker lays out by hand (gin needs no choosing: it settles at once).
                return self.update(after, phase=Phase.LAY_OUT, taken=None, drawn=None)
        return super().apply_play(hand, move)

    # -- Laying out by hand (``players_lay_out``) -------------------------------------
    def lay_out_moves(self, hand: Hand) -> Iterator[AnyMove]:
        for move in _lay_out_candidates(hand):
            try:
                self.check_lay_out(hand, move)
            except IllegalMove:
                continue
            yield move

    def check_lay_out(self, hand: Hand, move: AnyMove) -> None:
        assert isinstance(hand.options, GinOptions)
        held = hand.cards(hand.turn)
        limit = hand.options.knock_limit
        if hand.phase is Phase.LAY_OUT and isinstance(move, LayDown):
            for card in move.cards:
                if card not in held:
                    raise IllegalMove(MoveError.CARD_NOT_HELD, {"card": str(card)})
            try:
                make_meld(move.cards)
            except IllegalMove as exc:
                raise IllegalMove(
                    MoveError.ILLEGAL_MELD,
                    {
                        **exc.params,
                        "cards": [str(c) for c in move.cards],
                        "failure": exc.reason.value,
                    },
                ) from None
            rest = [c for c in held if c not in set(move.cards)]
            least = deadwood_of(rest)
            if least > limit:
                raise IllegalMove(
                    MoveError.LAYOUT_STRANDS,
                    {"cards": [str(c) for c in move.cards], "deadwood": least, "limit": limit},
                )
            return
        if hand.phase is Phase.LAY_OFF and isinstance(move, LayOff):
            if move.card not in held:
                raise IllegalMove(MoveError.CARD_NOT_HELD, {"card": str(move.card)})
            if not 0 <= move.meld_id < len(hand.table):
                raise IllegalMove(MoveError.MELD_NOT_FOUND, {"meld_id": move.meld_id})
            target = hand.table[move.meld_id]
            if extend_meld(target.meld, move.card) is None:
                raise IllegalMove(
                    MoveError.CANNOT_LAY_OFF,
                    {
                        "card": str(move.card),
                        "meld_id": move.meld_id,
                        "meld": [str(c) for c in target.meld.cards],
                        "fits": [str(c) for c in fitting_cards(target.meld)],
                    },
                )
            return
        if isinstance(move, Done):
            if hand.phase is Phase.LAY_OUT:
                shown = sum(card_points(c) for c in held)
                if shown > limit:
                    raise IllegalMove(
                        MoveError.LAYOUT_OVER_LIMIT, {"deadwood": shown, "limit": limit}
                    )
            return
        raise IllegalMove(
            MoveError.LAYING_OUT, {"move": move.kind.value, "phase": hand.phase.value}
        )

    def apply_lay_out(self, hand: Hand, move: AnyMove) -> Hand:
        if isinstance(move, LayDown):
            meld = make_meld(move.cards)
            table = (*hand.table, TableMeld(len(hand.table), hand.turn, meld))
            return self.record(hand, move, gone=move.cards, table=table)
        if isinstance(move, LayOff):
            target = hand.table[move.meld_id]
            extended = extend_meld(target.meld, move.card)
            assert extended is not None
            new = TableMeld(
                target.id, target.owner, extended, (*target.laid_off, (hand.turn, move.card))
            )
            table = tuple(new if m.id == new.id else m for m in hand.table)
            return self.record(hand, move, gone=[move.card], table=table)
        assert isinstance(move, Done)
        after = self.record(hand, move, gone=[])
        if hand.phase is Phase.LAY_OUT:
            return self.update(after, phase=Phase.LAY_OFF, turn=1 - hand.turn)
        return self._settle_laid_out(after)

    def _settle_laid_out(self, hand: Hand) -> Hand:
        """The defender is done: settle with the layout and the layoffs as made."""
        assert isinstance(hand.options, GinOptions)
        defender = hand.turn
        knocker = 1 - defender
        melds: list[Meld] = []
        layoffs: list[Layoff] = []
        for event in hand.log:
            move = event.move
            if isinstance(move, LayDown):
                melds.append(make_meld(move.cards))
        current = list(melds)
        for event in hand.log:
            move = event.move
            if isinstance(move, LayOff):
                onto = current[move.meld_id]
                result = extend_meld(onto, move.card)
                assert result is not None
                layoffs.append(Layoff(defender, move.card, move.meld_id, onto, result))
                current[move.meld_id] = result
        held = hand.cards(knocker)
        layout = Arrangement(
            tuple(melds), held, sum(card_points(c) for c in held), cards_mask(held)
        )
        full = [list(hand.cards(0)), list(hand.cards(1))]
        full[knocker] += [c for m in melds for c in m.cards]
        full[defender] += [lo.card for lo in layoffs]
        hands = tuple(tuple(sorted(h)) for h in full)
        settlement = settle_gin(
            knocker=knocker,
            hands=hands,
            options=hand.options,
            knocker_arrangement=layout,
            defender_layoffs=layoffs,
        )
        return self.end(hand, HandEnd.KNOCK, knocker, settlement, hands=hands)


# -- The knocker's choice --------------------------------------------------------------


def gin_points(
    knocker_deadwood: int, defender_deadwood: int, options: GinOptions | None = None
) -> int:
    """The knocker's result from the knocker's side: positive when the knocker
    scores, negative when the defender does (undercut). Gin when the knocker's
    deadwood is 0 (``defender_deadwood`` must then be counted without layoffs).
    """
    options = options or GinOptions()
    if knocker_deadwood == 0:
        return options.gin_bonus + defender_deadwood
    if defender_deadwood > knocker_deadwood:
        return defender_deadwood - knocker_deadwood
    return -(knocker_deadwood - defender_deadwood + options.undercut_bonus)


@dataclass(frozen=True, slots=True)
class KnockerChoice:
    """The knocker's arrangement and its outcome against the defender's best play."""

    arrangement: Arrangement
    defender: DefenderPlay
    #: :func:`gin_points` of the outcome (negative: undercut).
    points: int


def _candidates(cards: Sequence[Card], limit: int) -> Iterator[Arrangement]:
    seen: set[tuple[int, int]] = set()
    for arrangement in all_arrangements(cards, max_deadwood=limit):
        groups = 0
        for meld in arrangement.melds:
            if meld.kind is MeldKind.GROUP:
                groups |= meld.mask
        key = (arrangement.deadwood_mask, groups)
        if key not in seen:  # the same cards with a run split differently: same outcome
            seen.add(key)
            yield arrangement


def knocker_choice(
    knocker: Sequence[Card],
    defender: Sequence[Card],
    *,
    options: GinOptions | None = None,
    defender_index: int = 1,
) -> KnockerChoice | None:
    """The knocker's best arrangement with deadwood at most ``options.knock_limit``.

    "Best" is the best result for the knocker (rules.md, Gin, example 11): the
    most points scored, or the fewest conceded when every choice is undercut,
    after the defender's best layoffs. Gin (no deadwood) beats any knock.
    Tie-break: the least knocker deadwood, then as :func:`~.arrange.best_arrangement`
    (fewest deadwood cards, lowest deadwood set, lowest group set), then the
    fewest melds (runs not split). ``None`` if no arrangement is within the limit.
    """
    options = options or GinOptions()
    best_key: tuple[int, ...] | None = None
    best: KnockerChoice | None = None
    for arrangement in _candidates(knocker, options.knock_limit):
        if arrangement.deadwood == 0:
            play = DefenderPlay((), arrangement_of(cards_mask(defender)))
        else:
            play = defender_play(arrangement.melds, defender, player=defender_index)
        points = gin_points(arrangement.deadwood, play.deadwood, options)
        groups = sum(m.mask for m in arrangement.melds if m.kind is MeldKind.GROUP)
        key = (
            -points,
            arrangement.deadwood,
            len(arrangement.deadwood_cards),
            arrangement.deadwood_mask,
            groups,
            len(arrangement.melds),
        )
        if best_key is None or key < best_key:
            best_key = key
            best = KnockerChoice(arrangement, play, points)
    return best


# -- Settlement -----------------------------------------------------------------------


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


def _lay_out_candidates(hand: Hand) -> Iterator[AnyMove]:
    held = hand.cards(hand.turn)
    if hand.phase is Phase.LAY_OUT:
        for meld in find_melds(held):
            yield LayDown(meld.cards)
    else:
        for card in held:
            for tm in hand.table:
                yield LayOff(card, tm.id)
    yield Done()


def _checked_layoffs(
    defender: int, cards: Sequence[Card], melds: Sequence[Meld], layoffs: Sequence[Layoff]
) -> tuple[Layoff, ...]:
    """The layoffs, each checked against the melds as they stand when it is made."""
    current = list(melds)
    left = set(cards)
    out = []
    for lo in layoffs:
        ok = lo.card in left and 0 <= lo.meld_index < len(current)
        result = extend_meld(current[lo.meld_index], lo.card) if ok else None
        if result is None:
            raise IllegalMove(SettleError.BAD_LAYOFF, {"player": defender, "card": str(lo.card)})
        out.append(Layoff(defender, lo.card, lo.meld_index, current[lo.meld_index], result))
        current[lo.meld_index] = result
        left.discard(lo.card)
    return tuple(out)


def _missed_steps(
    knocker: int,
    k_cards: Sequence[Card],
    d_cards: Sequence[Card],
    shown: Arrangement,
    play: DefenderPlay,
    options: GinOptions,
) -> list[SettleStep]:
    """What the players' own choices cost: layoffs the defender missed, and a layout that
    would have scored more for the knocker (each judged against the best reply)."""
    defender = 1 - knocker
    steps = []
    best_play = defender_play(shown.melds, d_cards, player=defender)
    if best_play.deadwood < play.deadwood:
        steps.append(
            SettleStep(
                StepCode.MISSED_LAYOFFS,
                {
                    "player": defender,
                    "cards": [str(lo.card) for lo in best_play.layoffs],
                    # How many melds they go onto: a sentence says "onto a meld" or "onto
                    # melds" (ru «к комбинации», «к комбинациям»).
                    "onto_melds": len({lo.meld_index for lo in best_play.layoffs}),
                    "deadwood": play.deadwood,
                    "best_deadwood": best_play.deadwood,
                },
            )
        )
    choice = knocker_choice(k_cards, d_cards, options=options, defender_index=defender)
    points = gin_points(shown.deadwood, best_play.deadwood, options)
    if choice is not None and choice.points > points:
        best = show_step(StepCode.BETTER_LAYOUT, knocker, choice.arrangement)
        best.params.update(points=points, best_points=choice.points)
        steps.append(best)
    return steps


def _least_deadwood_step(
    knocker: int,
    k_cards: Sequence[Card],
    d_cards: Sequence[Card],
    shown: Arrangement,
    options: GinOptions,
) -> SettleStep | None:
    """Why the knocker shows more deadwood than they could (rules.md, Gin, example 11):
    the layout with the least deadwood (the best of them for the knocker, when there are
    several) scores less against the defender's best layoffs. ``None`` when the shown
    layout has the least deadwood, or the least would score as much."""
    least = arrangement_of(cards_mask(k_cards)).deadwood
    if least == 0 or shown.deadwood <= least:
        return None  # gin scores more than any knock: BETTER_LAYOUT says so
    defender = 1 - knocker
    shown_points = gin_points(
        shown.deadwood, defender_play(shown.melds, d_cards, player=defender).deadwood, options
    )
    best: tuple[tuple[int, ...], Arrangement, DefenderPlay, int] | None = None
    for arrangement in _candidates(k_cards, least):
        play = defender_play(arrangement.melds, d_cards, player=defender)
        points = gin_points(arrangement.deadwood, play.deadwood, options)
        key = (
            -points,
            len(arrangement.deadwood_cards),
            arrangement.deadwood_mask,
            len(arrangement.melds),
        )
        if best is None or key < best[0]:
            best = (key, arrangement, play, points)
    if best is None or best[3] >= shown_points:
        return None
    _key, arrangement, play, points = best
    step = show_step(StepCode.LEAST_DEADWOOD_LAYOUT, knocker, arrangement)
    step.params.update(
        opponent=defender,
        layoffs=[str(lo.card) for lo in play.layoffs],
        onto_melds=len({lo.meld_index for lo in play.layoffs}),
        opponent_deadwood=play.deadwood,
        points=points,
        shown_points=shown_points,
    )
    return step


def settle_gin(
    *,
    knocker: int,
    hands: Sequence[Sequence[Card]],
    options: GinOptions | None = None,
    knocker_arrangement: Arrangement | None = None,
    defender_layoffs: Sequence[Layoff] | None = None,
) -> Settlement:
    """Settle a Gin Rummy hand ended by ``knocker`` (10 cards each, after the discard).

    Gin (the knocker's arrangement has no deadwood): the knocker scores
    ``gin_bonus`` + the defender's least deadwood, no layoffs. Otherwise the
    defender lays off (:func:`~.layoffs.defender_play`); if the defender's
    deadwood is then more than the knocker's, the knocker scores the
    difference, else the defender scores the difference + ``undercut_bonus``.

    ``knocker_arrangement`` is what the knocker shows; by default the one with
    the best result for the knocker (:func:`knocker_choice`).
    ``defender_layoffs`` (with ``knocker_arrangement``) are the layoffs the defender
    made, in order (``meld_index`` into the knocker's melds; the rest of the
    defender's cards are arranged at their best); by default the best ones. Given
    both, the steps end with what the choices cost (``MISSED_LAYOFFS``,
    ``BETTER_LAYOUT``), if anything.
    Raises :class:`~.errors.IllegalMove` (:class:`~.scoring.SettleError`) when the
    hands are not two hands of 10 distinct cards, the knocker is not 0 or 1, the
    arrangement is not of the knocker's cards, or the knocker's deadwood is
    over ``options.knock_limit``.
    """
    options = options or GinOptions()
    check_hands(Game.GIN, hands, players=(2, 2), role="knocker", index=knocker, size=lambda n: 10)
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
        if shown.deadwood and defender_layoffs is not None:
            made = _checked_layoffs(defender, d_cards, shown.melds, defender_layoffs)
            gone = {lo.card for lo in made}
            rest = arrangement_of(cards_mask([c for c in d_cards if c not in gone]))
            play = DefenderPlay(made, rest)
        elif shown.deadwood:
            play = defender_play(shown.melds, d_cards, player=defender)
    steps: list[SettleStep] = []
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
            SettleStep(StepCode.GIN, {"player": knocker}),
            show_step(StepCode.SHOW, knocker, shown),
            show_step(StepCode.SHOW, defender, kept),
            SettleStep(StepCode.NO_LAYOFFS, {"player": defender}),
            SettleStep(
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
        return settlement_of(
            Game.GIN, ResultKind.GIN, deadwood, arrangements, [], transfers, steps, [knocker]
        )
    steps += [
        SettleStep(
            StepCode.KNOCK,
            {"player": knocker, "deadwood": shown.deadwood, "limit": options.knock_limit},
        ),
        show_step(StepCode.SHOW, knocker, shown),
    ]
    for layoff in play.layoffs:
        steps.append(
            SettleStep(
                StepCode.LAYOFF,
                {
                    "player": defender,
                    "card": str(layoff.card),
                    "onto": layoff.onto.codes,
                    "meld": layoff.meld_index,
                },
            )
        )
    keeps = show_step(StepCode.KEEPS, defender, play.arrangement)
    laid_off = [str(layoff.card) for layoff in play.layoffs]
    steps.append(SettleStep(StepCode.KEEPS, {**keeps.params, "laid_off": laid_off}))
    arrangements[defender] = play.arrangement
    deadwood[defender] = play.deadwood
    kd, dd = shown.deadwood, play.deadwood
    if dd > kd:
        points = dd - kd
        steps.append(
            SettleStep(
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
            SettleStep(
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
    why_shown = _least_deadwood_step(knocker, k_cards, d_cards, shown, options)
    if why_shown is not None:
        steps.append(why_shown)
    if knocker_arrangement is not None and defender_layoffs is not None:
        steps += _missed_steps(knocker, k_cards, d_cards, shown, play, options)
    return settlement_of(
        Game.GIN, kind, deadwood, arrangements, play.layoffs, transfers, steps, [winner]
    )


# -- Score sheets ---------------------------------------------------------------------


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


def gin_summary(
    winner: int, loser: int, boxes: dict[int, list[Fraction]], options: GinOptions
) -> GinSummary:
    """The game-end lines between two columns: difference, box bonuses, shutout,
    game totals and the margin."""
    w_boxes, l_boxes = boxes[winner], boxes[loser]
    w_sum, l_sum = sum(w_boxes, Fraction(0)), sum(l_boxes, Fraction(0))
    difference = w_sum - l_sum
    w_bonus = Fraction(options.box_bonus * len(w_boxes))
    l_bonus = Fraction(options.box_bonus * len(l_boxes))
    shutout = Fraction(options.shutout_bonus) if not l_boxes else Fraction(0)
    totals = {winner: difference + w_bonus + shutout, loser: l_bonus}
    lines = [
        line(LineCode.BOXES, player=winner, boxes=list(w_boxes), points=w_sum),
        line(LineCode.BOXES, player=loser, boxes=list(l_boxes), points=l_sum),
        line(LineCode.DIFFERENCE, player=winner, opponent=loser, points=difference),
        line(
            LineCode.BOX_BONUS,
            player=winner,
            boxes=list(w_boxes),
            per_box=options.box_bonus,
            points=w_bonus,
        ),
        line(
            LineCode.BOX_BONUS,
            player=loser,
            boxes=list(l_boxes),
            per_box=options.box_bonus,
            points=l_bonus,
        ),
    ]
    if shutout:
        lines.append(line(LineCode.SHUTOUT, player=winner, opponent=loser, points=shutout))
    lines += [
        line(LineCode.GAME_TOTAL, player=winner, points=totals[winner]),
        line(LineCode.GAME_TOTAL, player=loser, points=totals[loser]),
        line(LineCode.MARGIN, player=winner, opponent=loser, points=totals[winner] - totals[loser]),
    ]
    return GinSummary(winner, loser, tuple(lines), totals)


class _GinSheet(BoxSheet):
    options: GinOptions

    @property
    def target_score(self) -> int:
        return self.options.target_score


class _OneResultPerHand(_GinSheet):
    """A sheet that adds one result per hand (two players, or three in rotation)."""

    results: tuple[Settlement | HandScore, ...]

    def add(self, result: Settlement | HandScore) -> Self:
        """The sheet with one more hand (``ValueError`` once the game is over)."""
        if self.is_over:
            raise ValueError("the game is over")
        return replace(self, results=(*self.results, result))  # type: ignore[type-var]


class _TwoColumnSheet(_GinSheet):
    def summary(self) -> GinSummary | None:
        """The game-end lines, or ``None`` while the game goes on."""
        w = self.winner
        if w is None:
            return None
        return gin_summary(w, 1 - w, self.boxes, self.options)


@dataclass(frozen=True)
class GinGame(_TwoColumnSheet, _OneResultPerHand):
    """A two-player Gin score sheet (players 0 and 1). First to ``target_score`` wins.

    Each hand won is a box in the winner's column; void hands add nothing.
    """

    options: GinOptions = field(default_factory=GinOptions)
    results: tuple[Settlement | HandScore, ...] = ()

    @property
    def boxes(self) -> dict[int, list[Fraction]]:
        return boxes_of([0, 1], [score_of(r) for r in self.results])


@dataclass(frozen=True)
class Seating:
    """Who plays the next Gin hand with three players."""

    players: tuple[int, int]
    dealer: int
    sitting_out: int


@dataclass(frozen=True)
class GinThreeGame(_OneResultPerHand):
    """Three-player Gin (players 0-2): one sits out each hand.

    ``first_out`` sits out the first hand and ``first_dealer`` (one of the other
    two) deals it; both are chosen at random by the caller (the default dealer is
    the lower-numbered player). The winner of a hand plays the next hand against the
    player who sat out, who deals; the loser sits out. After a void hand the same
    two play again with the same dealer. Results carry player ids
    (:class:`~.score_sheet.HandScore`, or a settlement of the two seated players,
    mapped in the order of ``seating().players``). When a column reaches the
    target, the winner settles with each other player as in a two-player game.
    """

    first_out: int = 0
    first_dealer: int | None = None
    options: GinOptions = field(default_factory=GinOptions)
    results: tuple[Settlement | HandScore, ...] = ()

    def _seatings(self) -> list[Seating]:
        playing = tuple(p for p in range(3) if p != self.first_out)
        dealer = playing[0] if self.first_dealer is None else self.first_dealer
        if dealer not in playing:
            raise ValueError(f"the first dealer, {dealer}, sits out the first hand")
        seat = Seating((playing[0], playing[1]), dealer, self.first_out)
        out = [seat]
        for r in self.results:
            s = score_of(r, seat.players)
            if s.winner is not None:
                loser = seat.players[1] if s.winner == seat.players[0] else seat.players[0]
                seat = Seating((s.winner, seat.sitting_out), seat.sitting_out, loser)
            out.append(seat)
        return out

    def seating(self) -> Seating:
        """Who plays the next hand, who deals, who sits out."""
        return self._seatings()[-1]

    @property
    def boxes(self) -> dict[int, list[Fraction]]:
        seats = self._seatings()
        return boxes_of(
            [0, 1, 2], [score_of(r, seats[i].players) for i, r in enumerate(self.results)]
        )

    def summaries(self) -> list[GinSummary]:
        """The winner's settlement with each other player (empty while the game goes on)."""
        w = self.winner
        if w is None:
            return []
        boxes = self.boxes
        return [gin_summary(w, other, boxes, self.options) for other in range(3) if other != w]


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

    @staticmethod
    def _sides(a: HandScore, b: HandScore) -> list[list[Fraction]]:
        """What each side's players scored at the two tables, in table order."""
        parts: list[list[Fraction]] = [[], []]
        for s in (a, b):
            if s.winner is not None and s.points:
                parts[s.winner % 2].append(s.points)
        return parts

    @property
    def boxes(self) -> dict[int, list[Fraction]]:
        scores = []
        for a, b in self.deals:
            side = [sum(part, Fraction(0)) for part in self._sides(a, b)]
            if side[0] != side[1]:
                w = 0 if side[0] > side[1] else 1
                scores.append(HandScore(w, side[w] - side[1 - w]))
        return boxes_of([0, 1], scores)

    def netted(self, deal: int = -1) -> SummaryLine:
        """How deal number ``deal`` (from 0; by default the last) was netted into one box:
        each side's points at both tables, and the box the side with more enters
        (``NETTED``), or that both scored the same and no box is entered
        (``NETTED_EVEN``)."""
        parts = self._sides(*self.deals[deal])
        side = [sum(part, Fraction(0)) for part in parts]
        w = 1 if side[1] > side[0] else 0
        params: dict[str, Any] = {
            "player": w,
            "opponent": 1 - w,
            "points": side[w],
            "player_parts": parts[w],
            "opponent_parts": parts[1 - w],
        }
        if side[0] == side[1]:
            return line(LineCode.NETTED_EVEN, **params)
        return line(
            LineCode.NETTED, **params, opponent_points=side[1 - w], box=side[w] - side[1 - w]
        )
