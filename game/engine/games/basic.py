"""Basic Rummy (rules.md, seed 004): melds go on the table, anyone may lay off onto them.

A turn: draw (stock or discard pile), then any number of ``meld`` and ``layoff``
moves, then a discard, which passes the turn. A player whose last card goes
(melded, laid off or discarded) goes out and ends the hand; with the option
``last_card_must_be_discarded`` only a discard may take the last card. A meld or
layoff that would leave no legal way to finish the turn is refused
(``NO_WAY_TO_FINISH``): e.g. keeping only the card just taken from the discard
pile, which may be neither discarded nor laid off.

When a turn ends with the stock empty, the discard pile except its top card is
shuffled into a new stock (see :func:`~.state.recycle_rng`); if the pile holds
only its top card, the hand ends void.

The module also holds Basic Rummy's options (:class:`BasicOptions`), its
settlement (:func:`settle_basic`) and its match (:class:`BasicMatch`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import ClassVar

from ..cards import DECK, Card, card_points
from ..deal import DEAL_SIZES, recycle_rng
from ..errors import IllegalMove
from ..melds import Meld, MeldKind, check_meld, extend_meld, find_melds, fitting_cards, make_meld
from ..moves import AnyMove, Discard, LayDown, LayOff, Move
from ..options import Game, GameOptions
from ..score_sheet import LineCode, SummaryLine, TargetMatch, line, unique_top
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
)
from ..state import Hand, MoveError, Rules
from ..view import HandEnd, TableMeld

__all__ = [
    "BasicMatch",
    "BasicOptions",
    "BasicRules",
    "is_blocked",
    "layoff_targets",
    "settle_basic",
]


@dataclass(frozen=True)
class BasicOptions(GameOptions):
    """Basic Rummy (rules.md, seed 004)."""

    game: ClassVar[Game] = Game.BASIC
    #: The ace may also sit above the king (Q-K-A, never K-A-2); every ace is worth 15.
    ace_high_or_low: bool = False
    #: Going out requires a final discard: no going out by melding or laying off.
    last_card_must_be_discarded: bool = False
    #: The match ends when someone reaches this score...
    target_score: int = 150
    #: ...or, when set, after this many hands (the most points wins).
    hands_limit: int | None = None


def layoff_targets(table: Sequence[TableMeld], *, ace_high: bool = False) -> dict[Card, int]:
    """Every card that can be laid off onto the table, with the id of the first meld taking it."""
    key = (tuple(tm.meld.mask for tm in table), ace_high)
    found = _TARGETS.get(key)
    if found is None:
        found = {}
        for tm in table:
            for card in _neighbours(tm.meld, ace_high):
                if card not in found and extend_meld(tm.meld, card, ace_high_or_low=ace_high):
                    found[card] = tm.id
        if len(_TARGETS) > 50_000:
            _TARGETS.clear()
        _TARGETS[key] = found
    return found


_TARGETS: dict[tuple[tuple[int, ...], bool], dict[Card, int]] = {}


def _neighbours(meld: Meld, ace_high: bool) -> list[Card]:
    """The cards that might extend ``meld`` (checked by ``extend_meld``)."""
    first = meld.cards[0]
    if meld.kind is MeldKind.GROUP:
        return [c for c in DECK if c.rank is first.rank and c not in meld.cards]
    base = first.suit.index * 13
    ranks = {c.rank.value for c in meld.cards}
    out = []
    for r in range(1, 14):
        if r not in ranks and ({r - 1, r + 1} & ranks or (r == 1 and 13 in ranks)):
            out.append(DECK[base + r - 1])
    return out


class BasicRules(Rules):
    game: ClassVar[Game] = Game.BASIC
    options_type: ClassVar[type[GameOptions]] = BasicOptions
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    extra_moves: ClassVar[tuple[type[Move], ...]] = (LayDown, LayOff)

    def ace_high(self, options: GameOptions) -> bool:
        return isinstance(options, BasicOptions) and options.ace_high_or_low

    # ------------------------------------------------------------- generating
    def play_moves(self, hand: Hand) -> Iterator[AnyMove]:
        ace = self.ace_high(hand.options)
        held = hand.cards(hand.turn)
        for meld in find_melds(held, ace_high_or_low=ace):
            move = LayDown(meld.cards)
            if _quiet_check(self, hand, move):
                yield move
        targets = layoff_targets(hand.table, ace_high=ace)
        for card in held:
            if card not in targets:
                continue
            for tm in hand.table:
                if extend_meld(tm.meld, card, ace_high_or_low=ace) is not None:
                    move2 = LayOff(card, tm.id)
                    if _quiet_check(self, hand, move2):
                        yield move2
        for card in held:
            if card != hand.taken:
                yield Discard(card)

    # --------------------------------------------------------------- checking
    def check_play(self, hand: Hand, move: AnyMove) -> None:
        ace = self.ace_high(hand.options)
        held = hand.cards(hand.turn)
        if isinstance(move, Discard):
            return
        if isinstance(move, LayDown):
            for card in move.cards:
                if card not in held:
                    raise IllegalMove(MoveError.CARD_NOT_HELD, {"card": str(card)})
            try:
                meld = make_meld(move.cards, ace_high_or_low=ace)
            except IllegalMove as exc:
                # The meld check's own parameters (the missing cards of a gapped run, the
                # offending suit...) go with the refusal.
                raise IllegalMove(
                    MoveError.ILLEGAL_MELD,
                    {
                        **exc.params,
                        "cards": [str(c) for c in move.cards],
                        "failure": exc.reason.value,
                    },
                ) from None
            rest = _without(held, move.cards)
            _check_finish(hand, rest, (*hand.table, TableMeld(len(hand.table), hand.turn, meld)))
            return
        if isinstance(move, LayOff):
            if not 0 <= move.meld_id < len(hand.table):
                raise IllegalMove(MoveError.MELD_NOT_FOUND, {"meld_id": move.meld_id})
            target = hand.table[move.meld_id]
            extended = extend_meld(target.meld, move.card, ace_high_or_low=ace)
            if extended is None:
                raise IllegalMove(
                    MoveError.CANNOT_LAY_OFF,
                    {
                        "card": str(move.card),
                        "meld_id": move.meld_id,
                        "meld": [str(c) for c in target.meld.cards],
                        "fits": [str(c) for c in fitting_cards(target.meld, ace_high_or_low=ace)],
                    },
                )
            table = _replace_meld(hand.table, TableMeld(target.id, target.owner, extended))
            _check_finish(hand, _without(held, [move.card]), table)
            return
        raise AssertionError(f"unexpected move {move!r}")  # pragma: no cover

    # --------------------------------------------------------------- applying
    def apply_play(self, hand: Hand, move: AnyMove) -> Hand:
        ace = self.ace_high(hand.options)
        if isinstance(move, Discard):
            after = self.discarded(hand, move, move.card)
            if not after.cards(hand.turn):
                return self._went_out(after)
            return self._end_turn(after)
        if isinstance(move, LayDown):
            meld = make_meld(move.cards, ace_high_or_low=ace)
            after = self.record(
                hand,
                move,
                gone=move.cards,
                table=(*hand.table, TableMeld(len(hand.table), hand.turn, meld)),
                melded_now=True,
            )
        elif isinstance(move, LayOff):
            target = hand.table[move.meld_id]
            extended = extend_meld(target.meld, move.card, ace_high_or_low=ace)
            assert extended is not None
            new = TableMeld(
                target.id, target.owner, extended, (*target.laid_off, (hand.turn, move.card))
            )
            after = self.record(
                hand, move, gone=[move.card], table=_replace_meld(hand.table, new), melded_now=True
            )
        else:  # pragma: no cover
            raise AssertionError(f"unexpected move {move!r}")
        if not after.cards(hand.turn):
            return self._went_out(after)
        return after

    def _went_out(self, hand: Hand) -> Hand:
        assert isinstance(hand.options, BasicOptions)
        winner = hand.turn
        rummy = winner not in hand.melded_before
        settlement = settle_basic(
            winner=winner, went_rummy=rummy, hands=list(hand.hands), options=hand.options
        )
        return self.end(hand, HandEnd.RUMMY if rummy else HandEnd.OUT, winner, settlement)

    def _end_turn(self, hand: Hand) -> Hand:
        if is_blocked(hand):
            return self.end(hand, HandEnd.BLOCKED, None, None)
        if hand.stock:
            return self.next_turn(hand)
        if len(hand.discard_pile) <= 1:
            return self.end(hand, HandEnd.VOID, None, None)
        n = hand.recycles + 1
        cards = list(hand.discard_pile[1:])
        recycle_rng(hand.seed, n).shuffle(cards)
        return self.update(
            self.next_turn(hand),
            stock=tuple(cards),
            discard_pile=hand.discard_pile[:1],
            recycles=n,
        )


def _without(held: Sequence[Card], cards: Sequence[Card]) -> tuple[Card, ...]:
    gone = set(cards)
    return tuple(c for c in held if c not in gone)


def _quiet_check(rules: BasicRules, hand: Hand, move: AnyMove) -> bool:
    try:
        rules.check_play(hand, move)
    except IllegalMove:
        return False
    return True


def _replace_meld(table: tuple[TableMeld, ...], new: TableMeld) -> tuple[TableMeld, ...]:
    return tuple(new if m.id == new.id else m for m in table)


def _check_finish(hand: Hand, rest: tuple[Card, ...], table: tuple[TableMeld, ...]) -> None:
    """Refuse a meld or layoff after which the turn could not be finished."""
    assert isinstance(hand.options, BasicOptions)
    must_discard = hand.options.last_card_must_be_discarded
    if not rest:
        if must_discard:
            raise IllegalMove(MoveError.MUST_DISCARD_LAST_CARD)
        return
    if any(c != hand.taken for c in rest):
        return  # some card may still be discarded
    # Only the card just taken from the discard pile is left: it can go only by a layoff,
    # which would take the last card, so not with the option.
    taken = rest[0]
    ace = isinstance(hand.options, BasicOptions) and hand.options.ace_high_or_low
    if not must_discard and taken in layoff_targets(table, ace_high=ace):
        return
    raise IllegalMove(MoveError.NO_WAY_TO_FINISH, {"card": str(taken)})


def is_blocked(hand: Hand) -> bool:
    """True when nobody can ever go out (a project rule: see docs/engine.md).

    Checked only when every hand holds one or two cards: a player's hand size
    never grows (one card drawn, one discarded), so such a player can go out
    only by laying off or by melding their two cards with the one drawn. If no
    meld on the table can take any card that is not already on the table, and no
    card off the table completes a meld with any two-card hand, the table and the
    hand sizes can never change again.

    With ``last_card_must_be_discarded`` a two-card hand cannot go out by melding
    (the drawn card and its two make a meld that would take the last card, and the
    rule wants a discard), so only a layoff could still change anything: the
    rules.md test "no card completes a meld with a two-card hand" is left out (the
    rules check found such a hand running on for thousands of moves).
    """
    if any(len(h) > 2 for h in hand.hands):
        return False
    ace = hand.ace_high
    on_table = {c for m in hand.table for c in m.meld.cards}
    off_table = [c for c in DECK if c not in on_table]
    if set(layoff_targets(hand.table, ace_high=ace)) - on_table:
        return False
    assert isinstance(hand.options, BasicOptions)
    if hand.options.last_card_must_be_discarded:
        return True
    for h in hand.hands:
        if len(h) == 2:
            for c in off_table:
                if c not in h and check_meld([*h, c], ace_high_or_low=ace) is None:
                    return False
    return True


# -- Settlement -----------------------------------------------------------------------


def settle_basic(
    *,
    winner: int,
    went_rummy: bool,
    hands: Sequence[Sequence[Card]],
    options: BasicOptions | None = None,
) -> Settlement:
    """Settle a Basic Rummy hand: ``winner`` went out (its hand is empty).

    The winner receives from each other player the value of every card left
    in that player's hand (aces 15 with ``ace_high_or_low``), and the same
    again when ``went_rummy``. A hand may hold at most the deal size.
    Raises :class:`~.errors.IllegalMove` (:class:`~.scoring.SettleError`) otherwise.
    """
    options = options or BasicOptions()
    check_hands(
        Game.BASIC,
        hands,
        players=(2, 6),
        role="winner",
        index=winner,
        size=DEAL_SIZES.__getitem__,
        exact=False,
    )
    players = len(hands)
    if hands[winner]:
        raise IllegalMove(
            SettleError.WINNER_HAS_CARDS,
            {"player": winner, "cards": [str(c) for c in hands[winner]]},
        )
    ace = options.ace_high_or_low
    values = [sum(card_points(c, ace_high_or_low=ace) for c in hand) for hand in hands]
    steps: list[SettleStep] = []
    transfers: list[Transfer] = []
    for p, hand in enumerate(hands):
        if p == winner:
            continue
        steps.append(
            SettleStep(
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
    steps.append(SettleStep(StepCode.WENT_OUT, {"player": winner, "points": Fraction(total)}))
    if went_rummy:
        steps.append(
            SettleStep(
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
    return settlement_of(Game.BASIC, kind, values, [None] * players, [], transfers, steps, [winner])


# -- The match ------------------------------------------------------------------------


@dataclass(frozen=True)
class BasicMatch(TargetMatch):
    """A Basic Rummy match: first to ``target_score``, or the most after ``hands_limit``.

    Each non-void hand adds what each player received. With a hands limit,
    void hands do not count as hands played (a project reading: see
    docs/engine.md). Equal highest totals when the match would end: another
    hand is played.
    """

    players: int
    options: BasicOptions = field(default_factory=BasicOptions)
    results: tuple[Settlement, ...] = ()

    @property
    def hands_played(self) -> int:
        return sum(1 for r in self.results if r.kind is not ResultKind.VOID)

    @property
    def totals(self) -> list[Fraction]:
        """Each player's score toward the target: what they received."""
        return self.received

    def standing(self) -> tuple[int | None, list[int]]:
        totals = self.totals
        if self.options.hands_limit is not None:
            if self.hands_played < self.options.hands_limit:
                return None, []
            return unique_top(totals, range(self.players))
        reached = [p for p in range(self.players) if totals[p] >= self.options.target_score]
        if not reached:
            return None, []
        return unique_top(totals, reached)

    def summary(self) -> list[SummaryLine]:
        totals = self.totals
        lines = [line(LineCode.SCORE, player=p, points=totals[p]) for p in range(self.players)]
        return [*lines, self.verdict()]
