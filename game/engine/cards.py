"""Cards, ranks, suits, decks and reproducible deals.

>>> Card.parse("TH")
Card.parse('TH')
>>> str(Card.parse("10♥"))
'TH'
>>> [str(c) for c in parse_cards("7h 8h 9H")]
['7H', '8H', '9H']
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import total_ordering

from .errors import InvalidNotation


class Suit(enum.Enum):
    """The four suits, in the order used for sorting: clubs, diamonds, hearts, spades."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def index(self) -> int:
        return _SUIT_ORDER[self]


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_ORDER = {s: i for i, s in enumerate(Suit)}


class Rank(enum.IntEnum):
    """Ranks 1 (ace) to 13 (king). The value is the rank's position, not its points."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        """The one-character code: A 2-9 T J Q K."""
        return _RANK_LETTERS[self.value - 1]

    @property
    def points(self) -> int:
        """Card value with aces low: ace 1, 2-10 face value, J Q K 10."""
        return min(self.value, 10)


_RANK_LETTERS = "A23456789TJQK"
_RANK_BY_TEXT = {letter: Rank(i + 1) for i, letter in enumerate(_RANK_LETTERS)}
_RANK_BY_TEXT["10"] = Rank.TEN
_SUIT_BY_TEXT = {s.value: s for s in Suit} | {s.symbol: s for s in Suit}
# Variation selectors and the outline symbols some keyboards produce.
_SUIT_BY_TEXT |= {"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES}


@total_ordering
@dataclass(frozen=True, slots=True)
class Card:
    """One card of the standard 52-card deck.

    Sorted by suit (clubs, diamonds, hearts, spades), then rank, ace low.
    ``Card.parse`` accepts ``"TH"``, ``"10H"``, ``"10♥"`` and ``"th"``;
    ``str(card)`` is always the canonical two-character code.
    """

    rank: Rank
    suit: Suit
    # The index (see ``index``), computed once: hashing, equality and the engine's
    # bitmasks use it, and Enum hashing is slow in CPython.
    _index: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", _SUIT_ORDER[self.suit] * 13 + self.rank.value - 1)

    def __hash__(self) -> int:
        return self._index

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._index == other._index

    @classmethod
    def parse(cls, text: str) -> Card:
        token = text.strip().replace("\ufe0f", "")
        if len(token) < 2:
            raise InvalidNotation(text)
        rank = _RANK_BY_TEXT.get(token[:-1].upper())
        suit = _SUIT_BY_TEXT.get(token[-1].upper()) or _SUIT_BY_TEXT.get(token[-1])
        if rank is None or suit is None:
            raise InvalidNotation(text)
        return _CARDS[_SUIT_ORDER[suit] * 13 + rank.value - 1]

    @property
    def index(self) -> int:
        """0-51: clubs A-K, diamonds A-K, hearts A-K, spades A-K."""
        return self._index

    @property
    def points(self) -> int:
        """Card value with aces low (see :func:`card_points` for the ace-high option)."""
        return self.rank.points

    def __str__(self) -> str:
        return _CODES[self._index]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._index < other._index

    @property
    def pretty(self) -> str:
        """Rank and suit symbol for people: ``"10♥"``."""
        return ("10" if self.rank is Rank.TEN else self.rank.letter) + self.suit.symbol


_CARDS = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
#: Each card's code by its index: ``str(card)``, written everywhere a card is (a move's
#: text, a page, the coach's reasons), looked up rather than put together each time.
_CODES = tuple(card.rank.letter + card.suit.value for card in _CARDS)

#: The 52 cards in index order (see :attr:`Card.index`).
DECK: tuple[Card, ...] = _CARDS


def card_points(card: Card, *, ace_high_or_low: bool = False) -> int:
    """A card's value: ace 1 (15 with Basic Rummy's ace-high option), J Q K 10."""
    if ace_high_or_low and card.rank is Rank.ACE:
        return 15
    return card.rank.points


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read cards from a string separated by spaces or commas, or an iterable of tokens.

    Raises :class:`InvalidNotation` naming the first bad token.
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(token) for token in tokens]


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical codes separated by spaces: ``"7H 8H 9H"``."""
    return " ".join(str(card) for card in cards)


def shuffled_deck(seed: int) -> list[Card]:
    """The 52 cards shuffled reproducibly from an integer seed.

    Uses ``random.Random(seed).shuffle`` on the deck in index order. CPython
    guarantees that ``random.Random`` produces the same sequence for the same
    integer seed on every platform and version (the Mersenne Twister and
    ``shuffle``'s use of ``_randbelow`` are part of its reproducibility
    promise), so a deal is the same everywhere.
    """
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    return deck


def sort_cards(cards: Sequence[Card]) -> list[Card]:
    """Cards in display order: by suit, then rank (ace low)."""
    return sorted(cards)
