"""The best arrangement of a hand into melds and deadwood, exactly and fast.

>>> from game.engine.cards import format_cards, parse_cards
>>> a = best_arrangement(parse_cards("7H 7S 7D 8H 9H"))
>>> [str(m) for m in a.melds], format_cards(a.deadwood_cards), a.deadwood
(['7H 8H 9H'], '7D 7S', 14)

How it works (exact, no greedy step): every card is in at most one group,
and a group takes 3 or 4 cards of one rank. So the engine enumerates every
choice of groups (for each rank held 3 or 4 times: no group, each group of
3, the group of 4) and, for each choice, solves each suit's remaining cards
with runs only. A suit's cards are a 13-bit mask, and the best runs-only
result of each of the 8192 masks is precomputed once per ace rule (a small
dynamic programme), so one choice of groups costs four table look-ups.
Results are cached by the hand's 52-bit mask (:func:`clear_cache` empties it).

Tie-break, between arrangements of equal deadwood points (documented in
docs/engine.md), in order:

1. fewest deadwood cards (the most cards melded);
2. the deadwood set whose highest card in card order (suit C<D<H<S, then
   rank) is lowest, then the next highest, and so on;
3. the same comparison on the cards put in groups (so runs are preferred
   to groups when both meld the same cards);
4. runs are never split: a suit's run cards form maximal runs; with the ace
   high-or-low option an ace that fits both ends goes low.

Melds are listed by :attr:`Meld.sort_key` (lowest rank, then suit) and
deadwood in card order.

:func:`best_discard` chooses the discard jointly with the arrangement: the
least deadwood of the cards kept, then the discard with the most points,
then the highest rank, then the highest suit (S>H>D>C). It searches once,
with "one deadwood card is free": the least deadwood after discarding a card
equals the least, over arrangements of the whole hand, of the deadwood minus
its highest-valued card.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from operator import attrgetter

from .cards import DECK, Card, card_points, format_cards
from .errors import IllegalMove
from .melds import MELD_BY_MASK, Meld, MeldFailure, meld_masks

__all__ = [
    "Arrangement",
    "all_arrangements",
    "arrangement_of",
    "best_arrangement",
    "best_discard",
    "cards_mask",
    "clear_cache",
    "deadwood_of",
    "mask_cards",
]

_SUIT_BITS = 0x1FFF
_FULL = (1 << 52) - 1
_INF = 1 << 200


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A hand split into melds and deadwood.

    ``deadwood`` is the sum of the deadwood cards' values (aces 15 with the
    ace high-or-low option).
    """

    melds: tuple[Meld, ...]
    deadwood_cards: tuple[Card, ...]
    deadwood: int
    #: Bitmask of the deadwood cards.
    deadwood_mask: int = field(default=0, repr=False, compare=False)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the arrangement, melds first."""
        return tuple(c for m in self.melds for c in m.cards) + self.deadwood_cards

    @property
    def melded_count(self) -> int:
        return sum(len(m.cards) for m in self.melds)

    def __str__(self) -> str:
        parts = [f"[{m}]" for m in self.melds]
        if self.deadwood_cards:
            parts.append(f"deadwood {format_cards(self.deadwood_cards)} = {self.deadwood}")
        else:
            parts.append("deadwood 0")
        return " ".join(parts)


_new = object.__new__
_set_melds = vars(Arrangement)["melds"].__set__
_set_deadwood_cards = vars(Arrangement)["deadwood_cards"].__set__
_set_deadwood = vars(Arrangement)["deadwood"].__set__
_set_deadwood_mask = vars(Arrangement)["deadwood_mask"].__set__


# -- Bitmask helpers -----------------------------------------------------------------

_BIT = [1 << i for i in range(52)]
_INDEX = attrgetter("_index")


def cards_mask(cards: Iterable[Card]) -> int:
    """The 52-bit mask of ``cards``; raises :class:`IllegalMove` on a repeated card."""
    if not isinstance(cards, (list, tuple)):
        cards = list(cards)
    # A sum of distinct bits is their union; a repeated card carries, and the
    # sum then has fewer bits set than there are cards.
    mask: int = sum(map(_BIT.__getitem__, map(_INDEX, cards)))
    if mask.bit_count() != len(cards):
        raise _duplicate(cards)
    return mask


def _duplicate(cards: Iterable[Card]) -> IllegalMove:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            return IllegalMove(MeldFailure.DUPLICATE_CARD, {"card": str(card)})
        seen.add(card)
    return IllegalMove(MeldFailure.DUPLICATE_CARD, {})


def mask_cards(mask: int) -> tuple[Card, ...]:
    """The cards of a 52-bit mask, in card order."""
    found = _MASK_CARDS.get(mask)
    if found is None:
        out = []
        m = mask
        while m:
            low = m & -m
            out.append(DECK[low.bit_length() - 1])
            m ^= low
        found = tuple(out)
        if len(_MASK_CARDS) >= 1 << 16:
            _MASK_CARDS.clear()
        _MASK_CARDS[mask] = found
    return found


# A memo of small card sets (deadwood), keyed by the set's mask, not by a hand.
_MASK_CARDS: dict[int, tuple[Card, ...]] = {}


# -- Per-suit tables -----------------------------------------------------------------


def _rank_points(ace_high: bool) -> list[int]:
    return [card_points(DECK[r], ace_high_or_low=ace_high) for r in range(13)]


def _suit_runs(ace_high: bool) -> tuple[list[list[int]], list[int]]:
    """Runs as 13-bit masks: those starting at each rank (shortest first), and ace-high ones."""
    starting: list[list[int]] = [[] for _ in range(13)]
    for start in range(13):
        for length in range(3, 14 - start):
            starting[start].append(((1 << length) - 1) << start)
    high: list[int] = []
    if ace_high:
        for top in range(2, 12):  # Q-K-A (top 2 cards + ace) up to 3-...-K-A
            high.append(1 | (((1 << top) - 1) << (13 - top)))
    return starting, high


class _Tables:
    """Per-suit best results for one ace rule.

    ``key1[m]``: the best runs-only split of suit mask ``m``, encoded as
    ``points << 20 | deadwood_count << 14 | deadwood_bits``; smaller is better
    (the tie-break of the module docstring). ``key2[m]``: the same with one
    deadwood card free (discarded), encoded ``value << 8 | (255 - code)`` with
    ``code = points * 16 + rank_bit`` of the free card (bigger is preferred).
    ``t1[s][m]``: ``key1`` placed in a 52-bit hand (points << 58, count << 52,
    deadwood bits << 13 s), so four look-ups add up to a hand's key.
    ``d[s][m]``: the discard term ``(value - points + 64) << 12 | tie`` of suit s.
    """

    def __init__(self, ace_high: bool) -> None:
        pts = _rank_points(ace_high)
        starting, high = _suit_runs(ace_high)
        size = 1 << 13
        key1 = [0] * size
        key2 = [_INF] * size
        for m in range(1, size):
            low = m & -m
            i = low.bit_length() - 1
            rest = m ^ low
            best1 = key1[rest] + ((pts[i] << 20) | (1 << 14) | low)
            k2 = key2[rest]
            best2 = (pts[i] << 8) + k2 if k2 < _INF else _INF
            free = ((key1[rest] >> 20) << 8) | (255 - (pts[i] * 16 + i))
            if free < best2:
                best2 = free
            for run in starting[i]:
                if m & run != run:
                    break
                r = m ^ run
                if key1[r] < best1:
                    best1 = key1[r]
                if key2[r] < best2:
                    best2 = key2[r]
            if i == 0:
                for run in high:
                    if m & run != run:
                        break
                    r = m ^ run
                    if key1[r] < best1:
                        best1 = key1[r]
                    if key2[r] < best2:
                        best2 = key2[r]
            key1[m] = best1
            key2[m] = best2
        self.pts = pts
        self.key1 = key1
        self.p1 = [k >> 20 for k in key1]
        self.key2 = key2
        self.t1 = [
            [
                ((k >> 20) << 58) | (((k >> 14) & 63) << 52) | ((k & _SUIT_BITS) << (13 * s))
                for k in key1
            ]
            for s in range(4)
        ]
        self.d = [[_INF] * size for _ in range(4)]
        for s in range(4):
            ds = self.d[s]
            for m in range(1, size):
                k2 = key2[m]
                value = (k2 >> 8) - (key1[m] >> 20)
                tie = ((k2 & 255) << 2) | (3 - s)
                ds[m] = ((value + 64) << 12) | tie
        self.ace_high = ace_high
        self._forbid_cache: dict[tuple[int, int], int] = {}

    def key2_forbidden(self, m: int, forbid: int) -> int:
        """``key2`` of suit mask ``m`` where the cards of ``forbid`` may not be the free card."""
        if not forbid & m:
            return self.key2[m]
        cached = self._forbid_cache.get((m, forbid))
        if cached is not None:
            return cached
        pts = self.pts
        starting, high = _suit_runs(self.ace_high)
        low = m & -m
        i = low.bit_length() - 1
        rest = m ^ low
        k2 = self.key2_forbidden(rest, forbid) if rest else _INF
        best = (pts[i] << 8) + k2 if k2 < _INF else _INF
        if not forbid & low:
            free = ((self.key1[rest] >> 20) << 8) | (255 - (pts[i] * 16 + i))
            best = min(best, free)
        runs = starting[i] + (high if i == 0 else [])
        for run in runs:
            if m & run == run:
                r = m ^ run
                if r:
                    best = min(best, self.key2_forbidden(r, forbid))
        self._forbid_cache[(m, forbid)] = best
        return best


_TABLES: dict[bool, _Tables] = {}


def _tables(ace_high: bool) -> _Tables:
    t = _TABLES.get(ace_high)
    if t is None:
        t = _TABLES[ace_high] = _Tables(ace_high)
    return t


# -- Choices of groups ---------------------------------------------------------------

# The group options of each rank, keyed by the hand's cards of that rank (a mask).
_RANK_MASK = [(1 | 1 << 13 | 1 << 26 | 1 << 39) << r for r in range(13)]
_GROUP_OPTIONS: dict[int, tuple[int, ...]] = {}
for _rank in range(13):
    for _subset in range(16):
        _bits = [1 << (s * 13 + _rank) for s in range(4) if _subset >> s & 1]
        _all = sum(_bits)
        if len(_bits) == 3:
            _GROUP_OPTIONS[_all] = (_all,)
        elif len(_bits) == 4:
            _GROUP_OPTIONS[_all] = (*(_all ^ b for b in reversed(_bits)), _all)


def _group_choices(h: int) -> list[int]:
    """Every choice of groups in hand mask ``h`` (0 = no group), as card masks, ascending."""
    a = h & 8191
    b = (h >> 13) & 8191
    c = (h >> 26) & 8191
    d = h >> 39
    three = (a & b & (c | d)) | (c & d & (a | b))
    if not three:
        return [0]
    choices = [0]
    while three:
        low = three & -three
        three ^= low
        opts = _GROUP_OPTIONS[h & _RANK_MASK[low.bit_length() - 1]]
        choices += [g | o for g in choices for o in opts]
    choices.sort()
    return choices


# -- Building the result -------------------------------------------------------------


@lru_cache(maxsize=16384)
def _split_runs(m: int, ace_high: bool) -> tuple[int, ...]:
    """A suit's run cards (13-bit mask, known to be coverable by runs) as maximal runs."""
    blocks: list[int] = []
    x = m
    while x:
        low = x & -x
        block = 0
        while x & low:
            block |= low
            low <<= 1
        x &= ~block
        blocks.append(block)
    if all(b.bit_count() >= 3 for b in blocks):
        return tuple(blocks)
    if ace_high and m & 1 and m & (1 << 12):
        # The ace goes above the king.
        rest = [b for b in blocks if not b & 1]
        low_block = next(b for b in blocks if b & 1) & ~1
        if low_block:
            rest.append(low_block)
        top = next(b for b in rest if b & (1 << 12))
        rest.remove(top)
        rest.append(top | 1)
        if all(b.bit_count() >= 3 for b in rest):
            return tuple(sorted(rest))
    raise AssertionError(f"not coverable by runs: {m:013b}")


# Order of melds in an arrangement (Meld.sort_key), as one integer per meld mask.
_MELD_ORDER: dict[int, int] = {
    mask: (k[0] << 8) | (k[1] << 5) | k[2]
    for mask, k in ((mask, meld.sort_key) for mask, meld in MELD_BY_MASK.items())
}
_RUN_CACHE: dict[int, tuple[int, ...]] = {}


def _suit_run_masks(h_runs: int, ace_high: bool) -> list[int]:
    """The run cards of a hand (52-bit mask) as maximal runs (52-bit masks)."""
    out: list[int] = []
    for s in range(4):
        sm = (h_runs >> (13 * s)) & _SUIT_BITS
        if sm:
            key = (sm << 3) | (s << 1) | ace_high
            blocks = _RUN_CACHE.get(key)
            if blocks is None:
                blocks = _RUN_CACHE[key] = tuple(b << (13 * s) for b in _split_runs(sm, ace_high))
            out.extend(blocks)
    return out


def _assemble(h: int, groups: int, deadwood: int, points: int, ace_high: bool) -> Arrangement:
    masks = _suit_run_masks(h & ~groups & ~deadwood, ace_high) if h != groups | deadwood else []
    g = groups
    while g:
        low = g & -g
        rank_mask = _RANK_MASK[(low.bit_length() - 1) % 13]
        masks.append(groups & rank_mask)
        g &= ~rank_mask
    if len(masks) > 1:
        masks.sort(key=_MELD_ORDER.__getitem__)
    # Arrangement(...) without the frozen dataclass's slow __setattr__ calls.
    arrangement = _new(Arrangement)
    _set_melds(arrangement, tuple([MELD_BY_MASK[m] for m in masks]))
    _set_deadwood_cards(arrangement, mask_cards(deadwood))
    _set_deadwood(arrangement, points)
    _set_deadwood_mask(arrangement, deadwood)
    return arrangement


def _meld_key(m: Meld) -> tuple[int, int, int]:
    return m.sort_key


# Per-hand caches, keyed by the hand mask with the ace rule in bit 52 (and, for
# discards, the forbidden mask above it). Bounded: emptied when full.
_CACHE_LIMIT = 1 << 17
_ARRANGED: dict[int, Arrangement] = {}
_DISCARDED: dict[int, tuple[Card, Arrangement]] = {}


def _arrange_choices(h: int, choices: list[int], ace_high: bool) -> Arrangement:
    """The best arrangement of ``h`` given its group choices (ascending)."""
    t0, t1, t2, t3 = _TABLES[ace_high].t1
    best = _INF
    groups = 0
    for g in choices:
        r = h ^ g
        k = t0[r & 8191] + t1[(r >> 13) & 8191] + t2[(r >> 26) & 8191] + t3[r >> 39]
        if k < best:
            best = k
            groups = g
    return _assemble(h, groups, best & _FULL, best >> 58, ace_high)


def arrangement_of(mask: int, *, ace_high_or_low: bool = False) -> Arrangement:
    """:func:`best_arrangement` of a 52-bit hand mask (cached)."""
    key = mask | (ace_high_or_low << 52)
    arrangement = _ARRANGED.get(key)
    if arrangement is None:
        if ace_high_or_low not in _TABLES:
            _tables(ace_high_or_low)
        arrangement = _arrange_choices(mask, _group_choices(mask), ace_high_or_low)
        if len(_ARRANGED) >= _CACHE_LIMIT:
            _ARRANGED.clear()
        _ARRANGED[key] = arrangement
    return arrangement


def best_arrangement(cards: Iterable[Card], *, ace_high_or_low: bool = False) -> Arrangement:
    """The arrangement of ``cards`` with the least deadwood (tie-break: module docstring).

    Exact: every split of every card between groups, runs and deadwood is
    considered. Raises :class:`IllegalMove` (``DUPLICATE_CARD``) on a repeated card.
    """
    return arrangement_of(cards_mask(cards), ace_high_or_low=ace_high_or_low)


def deadwood_of(cards: Iterable[Card], *, ace_high_or_low: bool = False) -> int:
    """The least deadwood of ``cards``."""
    return arrangement_of(cards_mask(cards), ace_high_or_low=ace_high_or_low).deadwood


def _discard_bit(h: int, choices: list[int], forbid: int, tables: _Tables) -> int:
    """The bit of the best discard of hand mask ``h`` (see :func:`best_discard`)."""
    p = tables.p1
    best = _INF
    if not forbid:
        d0, d1, d2, d3 = tables.d
        for g in choices:
            r = h ^ g
            m0 = r & 8191
            m1 = (r >> 13) & 8191
            m2 = (r >> 26) & 8191
            m3 = r >> 39
            k = ((p[m0] + p[m1] + p[m2] + p[m3]) << 12) + min(d0[m0], d1[m1], d2[m2], d3[m3])
            if k < best:
                best = k
        tie = best & 4095
        s = 3 - (tie & 3)
        code = 255 - (tie >> 2)
        return 1 << (s * 13 + code % 16)
    best_card = -1
    for g in choices:
        r = h ^ g
        ms = [(r >> (13 * s)) & 8191 for s in range(4)]
        base = sum(p[m] for m in ms)
        for s, m in enumerate(ms):
            if not m:
                continue
            k2 = tables.key2_forbidden(m, (forbid >> (13 * s)) & 8191)
            if k2 >= _INF:
                continue
            value = base - p[m] + (k2 >> 8)
            code = 255 - (k2 & 255)
            k = (value << 12) | ((255 - code) << 2) | (3 - s)
            if k < best:
                best = k
                best_card = s * 13 + code % 16
    if best_card < 0:
        raise IllegalMove(MeldFailure.NOT_HELD, {"reason": "every card is forbidden"})
    return 1 << best_card


def best_discard(
    cards: Iterable[Card],
    *,
    ace_high_or_low: bool = False,
    forbidden: Collection[Card] = frozenset(),
) -> tuple[Card, Arrangement]:
    """The discard that leaves the least deadwood, and the best arrangement of the rest.

    The hand holds one card more than it keeps (11 in Gin Rummy). Cards in
    ``forbidden`` (the card just taken from the discard pile) are never
    chosen. Tie-break: the discard with the most points, then the highest
    rank, then the highest suit (S>H>D>C); the rest is arranged as
    :func:`best_arrangement` does. Raises :class:`IllegalMove` if every card
    is forbidden (``NOT_HELD``), the hand is empty (``TOO_FEW_CARDS``) or a
    card repeats (``DUPLICATE_CARD``).
    """
    h = cards_mask(cards)
    forbid = 0
    if forbidden:
        for card in forbidden:
            forbid |= 1 << card._index
        forbid &= h
    return discard_of(h, forbid, ace_high_or_low=ace_high_or_low)


def discard_of(
    mask: int, forbidden: int = 0, *, ace_high_or_low: bool = False
) -> tuple[Card, Arrangement]:
    """:func:`best_discard` of a 52-bit hand mask, with a mask of forbidden cards (cached)."""
    key = (forbidden << 53) | (ace_high_or_low << 52) | mask
    found = _DISCARDED.get(key)
    if found is not None:
        return found
    if not mask:
        raise IllegalMove(MeldFailure.TOO_FEW_CARDS, {"count": 0, "minimum": 1})
    tables = _TABLES.get(ace_high_or_low) or _tables(ace_high_or_low)
    choices = _group_choices(mask)
    bit = _discard_bit(mask, choices, forbidden & mask, tables)
    rest = mask ^ bit
    rest_key = rest | (ace_high_or_low << 52)
    arrangement = _ARRANGED.get(rest_key)
    if arrangement is None:
        # The group choices of the rest are those of the hand without the discard.
        if len(choices) > 1:
            choices = [g for g in choices if not g & bit]
        arrangement = _arrange_choices(rest, choices, ace_high_or_low)
        if len(_ARRANGED) >= _CACHE_LIMIT:
            _ARRANGED.clear()
        _ARRANGED[rest_key] = arrangement
    found = (DECK[bit.bit_length() - 1], arrangement)
    if len(_DISCARDED) >= _CACHE_LIMIT:
        _DISCARDED.clear()
    _DISCARDED[key] = found
    return found


def clear_cache() -> None:
    """Empty the per-hand caches (the per-suit tables are kept: they are fixed data)."""
    _ARRANGED.clear()
    _DISCARDED.clear()


# -- Every arrangement ---------------------------------------------------------------


def all_arrangements(
    cards: Iterable[Card],
    *,
    ace_high_or_low: bool = False,
    max_deadwood: int | None = None,
) -> Iterator[Arrangement]:
    """Every arrangement of ``cards``: each set of disjoint melds, the rest deadwood.

    Includes arrangements that leave meldable cards in the deadwood and ones
    that split a long run into shorter runs. With ``max_deadwood``, only those
    with at most that much deadwood. The order is deterministic (depth-first
    over melds by card order) but not by deadwood.
    """
    h = cards_mask(cards)
    pts = _rank_points(ace_high_or_low)
    candidates = [m for m in meld_masks(ace_high_or_low=ace_high_or_low) if m & h == m]
    limit = _INF if max_deadwood is None else max_deadwood

    def card_pts(bit: int) -> int:
        return pts[(bit.bit_length() - 1) % 13]

    def rec(rest: int, dead: int, dead_pts: int, melds: list[int]) -> Iterator[Arrangement]:
        if not rest:
            ms = sorted((MELD_BY_MASK[m] for m in melds), key=_meld_key)
            yield Arrangement(tuple(ms), mask_cards(dead), dead_pts, dead)
            return
        low = rest & -rest
        # The lowest undecided card: deadwood, or in a meld that contains it.
        if dead_pts + card_pts(low) <= limit:
            yield from rec(rest ^ low, dead | low, dead_pts + card_pts(low), melds)
        for m in candidates:
            if m & low and m & rest == m:
                melds.append(m)
                yield from rec(rest ^ m, dead, dead_pts, melds)
                melds.pop()

    yield from rec(h, 0, 0, [])
