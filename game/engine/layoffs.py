"""Gin Rummy layoffs: the defender's best play against the knocker's melds.

The knocker's choice of arrangement, which weighs these plays, is Gin's
scoring rule: :func:`~.games.gin.knocker_choice`.

The defender lays off deadwood onto the knocker's melds: the fourth card of a
group of 3, the next cards of a run at either end, in chains (5C then 6C onto
2C-3C-4C). The defender may break its own melds when that leaves less
deadwood. The knocker never lays off, and nobody lays off after gin.

Every way of laying off is tried (for each knocker meld: how many cards
below and above a run, or the fourth card of a group; no card twice), and
for each the defender's remaining cards are arranged exactly
(:func:`~.arrange.arrangement_of`). Tie-break between equal deadwood:

1. the fewest cards laid off (the defender keeps its melds when it makes no
   difference);
2. the laid-off set whose highest card in card order is lowest, and so on;
3. the knocker's melds in the order shown (a card goes to the earlier meld).

Layoffs are listed meld by meld in the order the knocker shows them; on a
run, the cards below it first (nearest first), then the cards above it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .arrange import Arrangement, arrangement_of, cards_mask
from .cards import DECK, Card
from .melds import Meld, MeldKind, extend_meld

__all__ = ["DefenderPlay", "Layoff", "defender_play", "layoff_options"]


@dataclass(frozen=True, slots=True)
class Layoff:
    """One card laid off by ``player`` onto the knocker's meld number ``meld_index``.

    ``onto`` is that meld as it stood just before this card (so the second card
    of a chain is laid onto the meld the first one extended); ``result`` is the
    meld after it.
    """

    player: int
    card: Card
    meld_index: int
    onto: Meld
    result: Meld


@dataclass(frozen=True, slots=True)
class DefenderPlay:
    """The defender's best play: the layoffs, then the rest arranged."""

    layoffs: tuple[Layoff, ...]
    arrangement: Arrangement

    @property
    def deadwood(self) -> int:
        """The defender's deadwood after laying off."""
        return self.arrangement.deadwood


def _chain(meld: Meld, held: int, *, down: bool, ace_high_or_low: bool) -> list[Card]:
    """The cards of ``held`` (a mask) that extend a run one after another in one direction."""
    out: list[Card] = []
    ranks = [c.rank.value for c in meld.cards]
    suit = meld.cards[0].suit.index
    if meld.ace_high:
        ranks[-1] = 14
    r = ranks[0] - 1 if down else ranks[-1] + 1
    while 1 <= r <= 14:
        if r == 14 and (not ace_high_or_low or any(v in (1, 14) for v in ranks)):
            break
        card = DECK[suit * 13 + (r - 1) % 13]
        if not held >> card.index & 1:
            break
        out.append(card)
        r += -1 if down else 1
    return out


def layoff_options(
    melds: Sequence[Meld], cards: Sequence[Card], *, ace_high_or_low: bool = False
) -> list[list[tuple[Card, ...]]]:
    """For each meld, every sequence of cards from ``cards`` that can be laid off onto it.

    Each list starts with the empty sequence. A run's sequences take ``i``
    cards below and ``j`` above (below first, nearest first).
    """
    held = cards_mask(cards)
    out: list[list[tuple[Card, ...]]] = []
    for meld in melds:
        options: list[tuple[Card, ...]] = [()]
        if meld.kind is MeldKind.GROUP:
            if len(meld.cards) == 3:
                rank = meld.cards[0].rank.value - 1
                for s in range(4):
                    card = DECK[s * 13 + rank]
                    if held >> card.index & 1 and card not in meld.cards:
                        options.append((card,))
        else:
            below = _chain(meld, held, down=True, ace_high_or_low=ace_high_or_low)
            above = _chain(meld, held, down=False, ace_high_or_low=ace_high_or_low)
            for i in range(len(below) + 1):
                for j in range(len(above) + 1):
                    if i or j:
                        options.append(tuple(below[:i]) + tuple(above[:j]))
        out.append(options)
    return out


def defender_play(
    melds: Sequence[Meld],
    cards: Sequence[Card],
    *,
    player: int = 1,
    ace_high_or_low: bool = False,
) -> DefenderPlay:
    """The defender's least deadwood after laying off onto the knocker's ``melds``.

    ``cards`` is the defender's hand. Exact (every combination of layoffs is
    tried, the rest arranged exactly); tie-break in the module docstring.
    """
    hand = cards_mask(cards)
    options = layoff_options(melds, cards, ace_high_or_low=ace_high_or_low)
    masks = [[sum(1 << c.index for c in seq) for seq in opts] for opts in options]
    best: tuple[int, int, int, tuple[int, ...]] | None = None
    best_choice: tuple[int, ...] = ()

    def search(i: int, used: int, choice: list[int]) -> None:
        nonlocal best, best_choice
        if i == len(options):
            deadwood = arrangement_of(hand ^ used, ace_high_or_low=ace_high_or_low).deadwood
            key = (deadwood, used.bit_count(), used, _owners(masks, choice))
            if best is None or key < best:
                best = key
                best_choice = tuple(choice)
            return
        for k, m in enumerate(masks[i]):
            if not m & used:
                choice.append(k)
                search(i + 1, used | m, choice)
                choice.pop()

    search(0, 0, [])
    assert best is not None
    layoffs: list[Layoff] = []
    for i, k in enumerate(best_choice):
        meld = melds[i]
        for card in options[i][k]:
            extended = extend_meld(meld, card, ace_high_or_low=ace_high_or_low)
            assert extended is not None
            layoffs.append(Layoff(player, card, i, meld, extended))
            meld = extended
    kept = arrangement_of(hand ^ best[2], ace_high_or_low=ace_high_or_low)
    return DefenderPlay(tuple(layoffs), kept)


def _owners(masks: list[list[int]], choice: list[int]) -> tuple[int, ...]:
    """For each laid-off card in card order, the index of the meld it goes to."""
    pairs = []
    for i, k in enumerate(choice):
        m = masks[i][k]
        while m:
            low = m & -m
            pairs.append((low, i))
            m ^= low
    return tuple(i for _, i in sorted(pairs))
