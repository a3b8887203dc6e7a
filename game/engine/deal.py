"""The cards as dealt, and how a seed deals them.

A seeded deal shuffles with :func:`~.cards.shuffled_deck`, deals one card at a
time starting on the dealer's left, turns the next card up to start the
discard pile and leaves the rest as the stock, in deck order. Piles are listed
from the top down: ``stock[0]`` is the next card drawn.

Basic Rummy's stock recycling (when the stock runs out at the end of a turn)
shuffles the discard pile except its top card with ``random.Random`` seeded by
the string ``"recycle:<seed>:<n>"`` (``n`` counts recycles from 1; an explicit
deal uses seed 0): reproducible on every platform (:func:`recycle_rng`).

>>> deal = Deal.from_seed(7, players=2, size=10, dealer=0)
>>> [len(h) for h in deal.hands], len(deal.discard), len(deal.stock)
([10, 10], 1, 31)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import DECK, Card, format_cards, parse_cards, shuffled_deck
from .errors import SetupError

__all__ = ["DEAL_SIZES", "Deal", "recycle_rng"]

#: Cards dealt to each player, by number of players (Basic and Knock Rummy).
DEAL_SIZES: dict[int, int] = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards as dealt: each player's hand, the discard pile and the stock (top first)."""

    hands: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    stock: tuple[Card, ...]

    @classmethod
    def from_seed(cls, seed: int, *, players: int, size: int, dealer: int) -> Deal:
        """Shuffle with ``seed``, deal ``size`` cards each one at a time from the dealer's left."""
        deck = shuffled_deck(seed)
        hands: list[list[Card]] = [[] for _ in range(players)]
        for i in range(players * size):
            hands[(dealer + 1 + i) % players].append(deck[i])
        up = players * size
        return cls(
            hands=tuple(tuple(sorted(h)) for h in hands),
            discard=(deck[up],),
            stock=tuple(deck[up + 1 :]),
        )

    @classmethod
    def build(
        cls,
        hands: Sequence[str | Sequence[Card]],
        *,
        discard: str | Sequence[Card] = (),
        stock: str | Sequence[Card] = (),
    ) -> Deal:
        """An explicit deal for tests and guided hands.

        ``discard`` and ``stock`` are listed from the top down; the cards not named
        anywhere go under the named stock cards in index order (clubs A-K, ...),
        so the deal always holds the 52 cards. The discard pile needs at least one card:
        if none is named, the first unnamed card starts it.
        Raises :class:`~.errors.SetupError` if a card is named twice.
        """

        def cards(x: str | Sequence[Card]) -> list[Card]:
            return parse_cards(x) if isinstance(x, str) else list(x)

        hand_cards = [cards(h) for h in hands]
        pile = cards(discard)
        top = cards(stock)
        named = [c for h in hand_cards for c in h] + pile + top
        if len(set(named)) != len(named):
            dup = sorted({c for c in named if named.count(c) > 1})
            raise SetupError(f"cards dealt twice: {format_cards(dup)}")
        rest = [c for c in DECK if c not in set(named)]
        if not pile:
            if not rest:
                raise SetupError("no card left to start the discard pile")
            pile = [rest.pop(0)]
        return cls(
            hands=tuple(tuple(sorted(h)) for h in hand_cards),
            discard=tuple(pile),
            stock=tuple(top + rest),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "hands": [format_cards(h) for h in self.hands],
            "discard": format_cards(self.discard),
            "stock": format_cards(self.stock),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Deal:
        deal = cls(
            hands=tuple(tuple(parse_cards(h)) for h in data["hands"]),
            discard=tuple(parse_cards(data["discard"])),
            stock=tuple(parse_cards(data["stock"])),
        )
        every = [c for h in deal.hands for c in h] + list(deal.discard) + list(deal.stock)
        if sorted(every) != list(DECK):
            raise SetupError("a deal must hold each of the 52 cards once")
        return deal


def recycle_rng(seed: int | None, n: int) -> random.Random:
    """The RNG that shuffles the ``n``-th recycled stock (see the module docs)."""
    return random.Random(f"recycle:{seed if seed is not None else 0}:{n}")
