"""Melds: groups (3 or 4 cards of one rank) and runs (3 or more cards of one suit in sequence).

Aces are low (A-2-3 is a run, Q-K-A is not) unless ``ace_high_or_low`` is set,
in which case Q-K-A is a run too; K-A-2 (wrap-around) never is.

>>> str(make_meld(parse_cards("9H 7H 8H")))
'7H 8H 9H'
>>> check_meld(parse_cards("QH KH AH"))
<MeldFailure.ACE_ABOVE_KING: 'ace_above_king'>
>>> str(make_meld(parse_cards("QH KH AH"), ace_high_or_low=True))
'QH KH AH'
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import DECK, Card, Rank, format_cards, parse_cards
from .errors import IllegalMove


class MeldKind(enum.Enum):
    """A group (set, book: one rank) or a run (sequence: one suit, consecutive ranks)."""

    GROUP = "group"
    RUN = "run"


class MeldFailure(enum.Enum):
    """Why a proposed meld is not one. Parameters are listed with each code.

    Checks happen in the order of this list; the first failure is reported.
    Every parameter holding cards holds canonical codes (``"7H"``).
    """

    #: Fewer than 3 cards. ``cards``, ``count``, ``minimum`` (3).
    TOO_FEW_CARDS = "too_few_cards"
    #: 5 or more cards of one rank (a fifth card in a group).
    #: ``cards``, ``count``, ``maximum`` (4), ``rank`` (letter).
    GROUP_TOO_LARGE = "group_too_large"
    #: The same card twice. ``cards``, ``card``.
    DUPLICATE_CARD = "duplicate_card"
    #: Cards the player does not hold (only when a hand is given). ``cards``, ``missing``.
    NOT_HELD = "not_held"
    #: The ranks are in a row (the ace low or high) but the suits are not all the same:
    #: a run's one fault. ``cards``, ``suit`` (the most common suit's letter),
    #: ``offending`` (the cards of other suits).
    RUN_MIXED_SUITS = "run_mixed_suits"
    #: Some rank repeats but not all ranks are the same, and the suits all differ (a group
    #: attempt). ``cards``, ``rank`` (the most common rank's letter), ``offending``.
    GROUP_RANKS_DIFFER = "group_ranks_differ"
    #: Neither a group nor a run: a rank repeats and a suit repeats, or every rank
    #: differs but they are not in a row and the suits differ too (7♠ K♣ 8♦: not only
    #: the suits keep it from being a run). ``cards``.
    MIXED = "mixed"
    #: Same suit, but K-A-2 in it (the ace between the king and the two). ``cards``.
    WRAP_AROUND = "wrap_around"
    #: Same suit, Q-K-A style with the ace above the king while aces are low. ``cards``,
    #: ``card`` (the ace).
    ACE_ABOVE_KING = "ace_above_king"
    #: Same suit, not consecutive. ``cards``, ``missing`` (the cards that would fill
    #: the gaps, ace low).
    RUN_GAP = "run_gap"


@dataclass(frozen=True, slots=True)
class Meld:
    """A valid group or run, its cards in display order.

    Groups are sorted by suit; runs by rank, ace first (A-2-3) unless the run
    has the ace above the king (Q-K-A), where the ace comes last. Build melds
    with :func:`make_meld` (which checks them) or :meth:`Meld.parse`; the
    constructor itself trusts its arguments.
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    #: Bitmask of the card indexes (bit ``card.index``).
    mask: int = field(default=0, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.mask:
            m = 0
            for card in self.cards:
                m |= 1 << card.index
            object.__setattr__(self, "mask", m)

    # The cards decide the meld (the order is derived from them), so the mask is
    # its identity: fast to hash and compare.
    def __hash__(self) -> int:
        return hash(self.mask)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Meld):
            return NotImplemented
        return self.mask == other.mask

    @classmethod
    def parse(cls, text: str, *, ace_high_or_low: bool = False) -> Meld:
        """Read a meld from card codes; raises ``InvalidNotation`` or ``IllegalMove``."""
        return make_meld(parse_cards(text), ace_high_or_low=ace_high_or_low)

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def codes(self) -> list[str]:
        """The cards as canonical codes, in display order."""
        return [str(c) for c in self.cards]

    @property
    def ace_high(self) -> bool:
        """True for a run with the ace above the king (Q-K-A)."""
        return (
            self.kind is MeldKind.RUN
            and self.cards[-1].rank is Rank.ACE
            and self.cards[0].rank is not Rank.ACE
        )

    @property
    def sort_key(self) -> tuple[int, int, int]:
        """Canonical order of melds in an arrangement: lowest rank, then suit, then size."""
        first = self.cards[0]
        return (first.rank.value, first.suit.index, len(self.cards))


def _codes(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def _rank_span(ranks: Sequence[int]) -> list[int]:
    lo, hi = min(ranks), max(ranks)
    present = set(ranks)
    return [r for r in range(lo, hi + 1) if r not in present]


def check_meld(
    cards: Sequence[Card],
    *,
    ace_high_or_low: bool = False,
    hand: Collection[Card] | None = None,
) -> MeldFailure | None:
    """``None`` if ``cards`` form a valid meld, else the first :class:`MeldFailure`.

    With ``hand``, cards not in it fail with ``NOT_HELD``.
    """
    failure = _diagnose(cards, ace_high_or_low=ace_high_or_low, hand=hand)
    return None if failure is None else failure[0]


def make_meld(
    cards: Sequence[Card],
    *,
    ace_high_or_low: bool = False,
    hand: Collection[Card] | None = None,
) -> Meld:
    """The :class:`Meld` of ``cards`` in display order.

    Raises :class:`IllegalMove` with a :class:`MeldFailure` reason and its
    parameters when the cards are not a meld.
    """
    failure = _diagnose(cards, ace_high_or_low=ace_high_or_low, hand=hand)
    if failure is not None:
        raise IllegalMove(failure[0], failure[1])
    return _build(cards)


def _build(cards: Sequence[Card]) -> Meld:
    ordered = sorted(cards)
    if len({c.rank for c in ordered}) == 1:
        return Meld(MeldKind.GROUP, tuple(ordered))
    ranks = [c.rank.value for c in ordered]
    if ranks[0] == 1 and _rank_span(ranks):
        # The ace sits above the king (the low ordering has a gap).
        ordered = ordered[1:] + ordered[:1]
    return Meld(MeldKind.RUN, tuple(ordered))


def _diagnose(
    cards: Sequence[Card],
    *,
    ace_high_or_low: bool,
    hand: Collection[Card] | None,
) -> tuple[MeldFailure, dict[str, Any]] | None:
    cards = list(cards)
    codes = _codes(cards)
    if len(cards) < 3:
        return MeldFailure.TOO_FEW_CARDS, {"cards": codes, "count": len(cards), "minimum": 3}
    ranks = Counter(c.rank for c in cards)
    if len(ranks) == 1 and len(cards) > 4:
        rank = cards[0].rank
        return MeldFailure.GROUP_TOO_LARGE, {
            "cards": codes,
            "count": len(cards),
            "maximum": 4,
            "rank": rank.letter,
        }
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            return MeldFailure.DUPLICATE_CARD, {"cards": codes, "card": str(card)}
        seen.add(card)
    if hand is not None:
        held = set(hand)
        missing = [c for c in cards if c not in held]
        if missing:
            return MeldFailure.NOT_HELD, {"cards": codes, "missing": _codes(missing)}
    if len(ranks) == 1:
        return None
    suits = Counter(c.suit for c in cards)
    if len(suits) > 1:
        if len(ranks) == len(cards) and _in_a_row(cards):
            suit = _most_common(suits, key=lambda s: s.index)
            return MeldFailure.RUN_MIXED_SUITS, {
                "cards": codes,
                "suit": suit.value,
                "offending": _codes(c for c in cards if c.suit is not suit),
            }
        if len(suits) == len(cards) and len(ranks) < len(cards):
            rank = _most_common(ranks, key=lambda r: r.value)
            return MeldFailure.GROUP_RANKS_DIFFER, {
                "cards": codes,
                "rank": rank.letter,
                "offending": _codes(c for c in cards if c.rank is not rank),
            }
        return MeldFailure.MIXED, {"cards": codes}
    # One suit, distinct ranks (distinct cards of one suit have distinct ranks).
    values = sorted(c.rank.value for c in cards)
    gaps = _rank_span(values)
    if not gaps:
        return None
    if values[0] == 1 and values[-1] == 13:
        high = [*values[1:], 14]
        if not _rank_span(high):
            if ace_high_or_low:
                return None
            ace = next(c for c in cards if c.rank is Rank.ACE)
            return MeldFailure.ACE_ABOVE_KING, {"cards": codes, "card": str(ace)}
        if _is_circular_arc(values):
            return MeldFailure.WRAP_AROUND, {"cards": codes, "ace_high": ace_high_or_low}
    suit = cards[0].suit
    return MeldFailure.RUN_GAP, {
        "cards": codes,
        "missing": [str(Card(Rank(r), suit)) for r in gaps],
    }


def _in_a_row(cards: Sequence[Card]) -> bool:
    """Whether the cards' ranks are consecutive, the ace low or high (suits aside)."""
    values = sorted(c.rank.value for c in cards)
    high = sorted(14 if v == 1 else v for v in values)
    return not _rank_span(values) or not _rank_span(high)


def _is_circular_arc(values: Sequence[int]) -> bool:
    """True if the ranks are consecutive when the king is followed by the ace."""
    present = set(values)
    starts = [r for r in present if (13 if r == 1 else r - 1) not in present]
    if len(starts) != 1:
        return False
    r, n = starts[0], 0
    while r in present:
        n += 1
        r = 1 if r == 13 else r + 1
    return n == len(present)


def _most_common(counter: Counter[Any], *, key: Any) -> Any:
    best = max(counter.values())
    return min((x for x, n in counter.items() if n == best), key=key)


def extend_meld(meld: Meld, card: Card, *, ace_high_or_low: bool = False) -> Meld | None:
    """The meld with ``card`` laid off onto it, or ``None`` if it does not fit.

    A group of 3 takes its fourth card; a run takes the next card of its suit
    at either end (the ace below a 2, or above a king with ``ace_high_or_low``;
    never a wrap-around).
    """
    if card in meld.cards:
        return None
    if meld.kind is MeldKind.GROUP:
        if len(meld.cards) >= 4 or card.rank is not meld.cards[0].rank:
            return None
        return Meld(MeldKind.GROUP, tuple(sorted((*meld.cards, card))))
    if card.suit is not meld.cards[0].suit:
        return None
    if check_meld([*meld.cards, card], ace_high_or_low=ace_high_or_low) is not None:
        return None
    return _build([*meld.cards, card])


def fitting_cards(meld: Meld, *, ace_high_or_low: bool = False) -> tuple[Card, ...]:
    """Every card that could be laid off onto ``meld`` (:func:`extend_meld`), in deck
    order: a group of 3 its fourth card, a run the next card at either end; none for a
    group of 4."""
    return tuple(card for card in DECK if extend_meld(meld, card, ace_high_or_low=ace_high_or_low))


# -- Tables of every meld in the deck, as bitmasks -------------------------------------


def _suit_cards(suit: int, ranks: Iterable[int]) -> tuple[Card, ...]:
    """Cards of suit index ``suit`` with ranks 1-14 (14 = the ace above the king)."""
    return tuple(DECK[suit * 13 + (r - 1) % 13] for r in ranks)


def _all_melds() -> tuple[list[Meld], list[Meld]]:
    """(melds with aces low, extra runs with the ace above the king)."""
    low: list[Meld] = []
    high: list[Meld] = []
    for rank in range(13):
        cards = [DECK[s * 13 + rank] for s in range(4)]
        for skip in range(4):
            low.append(Meld(MeldKind.GROUP, tuple(c for i, c in enumerate(cards) if i != skip)))
        low.append(Meld(MeldKind.GROUP, tuple(cards)))
    for s in range(4):
        for start in range(1, 12):
            for end in range(start + 2, 14):
                low.append(Meld(MeldKind.RUN, _suit_cards(s, range(start, end + 1))))
        # Ace-high runs: Q-K-A up to 3-...-K-A (2-...-K-A is the same cards as A-...-K).
        for start in range(12, 2, -1):
            high.append(Meld(MeldKind.RUN, _suit_cards(s, range(start, 15))))
    return low, high


_LOW_MELDS, _HIGH_MELDS = _all_melds()
#: Every meld by its bitmask (aces low and ace-high runs; the masks are distinct).
MELD_BY_MASK: dict[int, Meld] = {m.mask: m for m in (*_LOW_MELDS, *_HIGH_MELDS)}


def meld_masks(*, ace_high_or_low: bool = False) -> list[int]:
    """Bitmasks of every meld in the deck."""
    melds = _LOW_MELDS + _HIGH_MELDS if ace_high_or_low else _LOW_MELDS
    return [m.mask for m in melds]


def find_melds(cards: Iterable[Card], *, ace_high_or_low: bool = False) -> list[Meld]:
    """Every meld that can be made from ``cards`` (overlapping ones included).

    Groups of 3 and 4, and runs of every length, in canonical order (see
    :attr:`Meld.sort_key`).
    """
    hand = 0
    for card in cards:
        hand |= 1 << card.index
    melds = _LOW_MELDS + _HIGH_MELDS if ace_high_or_low else _LOW_MELDS
    return sorted((m for m in melds if m.mask & hand == m.mask), key=lambda m: m.sort_key)


__all__ = [
    "MELD_BY_MASK",
    "Meld",
    "MeldFailure",
    "MeldKind",
    "check_meld",
    "extend_meld",
    "find_melds",
    "fitting_cards",
    "make_meld",
    "meld_masks",
]
