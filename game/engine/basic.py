"""Basic Rummy (rules.md, seed 004): melds go on the table, anyone may lay off onto them.

A turn: draw (stock or discard pile), then any number of ``meld`` and ``layoff``
moves, then a discard, which passes the turn. A player whose last card goes
(melded, laid off or discarded) goes out and ends the hand; with the option
``last_card_must_be_discarded`` only a discard may take the last card. A meld or
layoff that would leave no legal way to finish the turn is refused
(``NO_WAY_TO_FINISH``): e.g. keeping only the card just taken from the discard
pile, which may be neither discarded nor laid off.

When a turn ends with the stock empty, the discard pile except its top card is
shuffled into a new stock (see :func:`~.hand.recycle_rng`); if the pile holds
only its top card, the hand ends void.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import ClassVar

from .cards import DECK, Card
from .errors import IllegalMove
from .hand import Hand, HandEnd, MoveError, Rules, TableMeld, recycle_rng
from .melds import Meld, MeldKind, check_meld, extend_meld, find_melds, make_meld
from .moves import Discard, LayDown, LayOff, Move
from .options import BasicOptions, Options
from .settle import settle_basic


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
    game: ClassVar[str] = "basic"
    options_type = BasicOptions
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    extra_moves: ClassVar[tuple[type[Move], ...]] = (LayDown, LayOff)

    def ace_high(self, options: Options) -> bool:
        return isinstance(options, BasicOptions) and options.ace_high_or_low

    # ------------------------------------------------------------- generating
    def play_moves(self, hand: Hand) -> Iterator[Move]:
        ace = self.ace_high(hand.options)
        for meld in find_melds(hand.hand, ace_high_or_low=ace):
            move = LayDown(meld.cards)
            if _quiet_check(self, hand, move):
                yield move
        targets = layoff_targets(hand.table, ace_high=ace)
        for card in hand.hand:
            if card not in targets:
                continue
            for tm in hand.table:
                if extend_meld(tm.meld, card, ace_high_or_low=ace) is not None:
                    move2 = LayOff(card, tm.id)
                    if _quiet_check(self, hand, move2):
                        yield move2
        for card in hand.hand:
            if card != hand.taken:
                yield Discard(card)

    # --------------------------------------------------------------- checking
    def check_play(self, hand: Hand, move: Move) -> None:
        ace = self.ace_high(hand.options)
        if isinstance(move, Discard):
            return
        if isinstance(move, LayDown):
            for card in move.cards:
                if card not in hand.hand:
                    raise IllegalMove(MoveError.CARD_NOT_HELD, {"card": str(card)})
            failure = check_meld(move.cards, ace_high_or_low=ace)
            if failure is not None:
                raise IllegalMove(
                    MoveError.ILLEGAL_MELD,
                    {"cards": [str(c) for c in move.cards], "failure": failure.value},
                )
            rest = hand._without(move.cards)
            meld = make_meld(move.cards, ace_high_or_low=ace)
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
                    },
                )
            table = _replace_meld(hand.table, TableMeld(target.id, target.owner, extended))
            _check_finish(hand, hand._without([move.card]), table)
            return
        raise AssertionError(f"unexpected move {move!r}")  # pragma: no cover

    # --------------------------------------------------------------- applying
    def apply_play(self, hand: Hand, move: Move) -> Hand:
        from .hand import Event

        ace = self.ace_high(hand.options)
        if isinstance(move, Discard):
            after = hand._discarded(move, move.card)
            if not after.hands[hand.turn]:
                return _went_out(after)
            return _end_turn(after)
        if isinstance(move, LayDown):
            meld = make_meld(move.cards, ace_high_or_low=ace)
            after = hand._replace(
                log=(*hand.log, Event(hand.turn, move)),
                hands=hand._with_hand(hand.turn, hand._without(move.cards)),
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
            after = hand._replace(
                log=(*hand.log, Event(hand.turn, move)),
                hands=hand._with_hand(hand.turn, hand._without([move.card])),
                table=_replace_meld(hand.table, new),
                melded_now=True,
            )
        else:  # pragma: no cover
            raise AssertionError(f"unexpected move {move!r}")
        if not after.hands[hand.turn]:
            return _went_out(after)
        return after


def _quiet_check(rules: BasicRules, hand: Hand, move: Move) -> bool:
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


def _went_out(hand: Hand) -> Hand:
    assert isinstance(hand.options, BasicOptions)
    winner = hand.turn
    rummy = winner not in hand.melded_before
    settlement = settle_basic(
        winner=winner, went_rummy=rummy, hands=list(hand.hands), options=hand.options
    )
    return hand._ended(HandEnd.RUMMY if rummy else HandEnd.OUT, winner, settlement)


def is_blocked(hand: Hand) -> bool:
    """True when nobody can ever go out (a project rule: see docs/engine.md).

    Checked only when every hand holds one or two cards: a player's hand size
    never grows (one card drawn, one discarded), so such a player can go out
    only by laying off or by melding their two cards with the one drawn. If no
    meld on the table can take any card that is not already on the table, and no
    card off the table completes a meld with any two-card hand, the table and the
    hand sizes can never change again.
    """
    if any(len(h) > 2 for h in hand.hands):
        return False
    ace = hand.ace_high
    on_table = {c for m in hand.table for c in m.meld.cards}
    off_table = [c for c in DECK if c not in on_table]
    if set(layoff_targets(hand.table, ace_high=ace)) - on_table:
        return False
    for h in hand.hands:
        if len(h) == 2:
            for c in off_table:
                if c not in h and check_meld([*h, c], ace_high_or_low=ace) is None:
                    return False
    return True


def _end_turn(hand: Hand) -> Hand:
    if is_blocked(hand):
        return hand._ended(HandEnd.BLOCKED, None, None)
    if hand.stock:
        return hand._next_turn()
    if len(hand.discard_pile) <= 1:
        return hand._ended(HandEnd.VOID, None, None)
    n = hand.recycles + 1
    cards = list(hand.discard_pile[1:])
    recycle_rng(hand.seed, n).shuffle(cards)
    return hand._next_turn()._replace(
        stock=tuple(cards), discard_pile=hand.discard_pile[:1], recycles=n
    )
