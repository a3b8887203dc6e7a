"""Slow, obviously correct reference searches for the engine's tests.

Every subset of the hand of 3+ cards is checked with ``check_meld``; the least
deadwood is found by trying, for the lowest card left, "deadwood" and every
valid meld containing it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from game.engine import Card, Meld, card_points, check_meld, extend_meld


def valid_melds(cards: Sequence[Card], ace_high: bool = False) -> list[frozenset[Card]]:
    out = []
    for size in range(3, len(cards) + 1):
        for combo in combinations(cards, size):
            if check_meld(list(combo), ace_high_or_low=ace_high) is None:
                out.append(frozenset(combo))
    return out


def least_deadwood(cards: Sequence[Card], ace_high: bool = False) -> int:
    melds = valid_melds(cards, ace_high)

    @cache
    def best(rest: frozenset[Card]) -> int:
        if not rest:
            return 0
        low = min(rest)
        result = card_points(low, ace_high_or_low=ace_high) + best(rest - {low})
        for m in melds:
            if low in m and m <= rest:
                result = min(result, best(rest - m))
        return result

    return best(frozenset(cards))


def least_deadwood_after_layoffs(knocker_melds: Sequence[Meld], defender: Sequence[Card]) -> int:
    """Every subset of the defender's cards that can all be laid off (in some order,
    onto some melds), the rest at its least deadwood; the minimum."""
    groups_ranks = {m.cards[0].rank for m in knocker_melds if len({c.rank for c in m.cards}) == 1}
    run_suits = {m.cards[0].suit for m in knocker_melds if len({c.suit for c in m.cards}) == 1}
    candidates = [c for c in defender if c.rank in groups_ranks or c.suit in run_suits]

    @cache
    def can_lay_off(cards: frozenset[Card], melds: tuple[Meld, ...]) -> bool:
        if not cards:
            return True
        for card in cards:
            for i, meld in enumerate(melds):
                extended = extend_meld(meld, card)
                if extended is not None:
                    new = (*melds[:i], extended, *melds[i + 1 :])
                    if can_lay_off(cards - {card}, new):
                        return True
        return False

    best = least_deadwood(defender)
    for size in range(1, len(candidates) + 1):
        for combo in combinations(candidates, size):
            if can_lay_off(frozenset(combo), tuple(knocker_melds)):
                rest = [c for c in defender if c not in combo]
                best = min(best, least_deadwood(rest))
    return best
