"""Engine benchmark: prints figures, asserts nothing.

    .venv/bin/python bench/engine.py                 # our engine
    /tmp/rlvenv/bin/python bench/engine.py --rlcard  # also RLCard's gin meld finder
                                                     # (a throwaway venv with rlcard;
                                                     # never a project dependency)

Workloads (seeded, distinct hands): uniform random 10-card hands and
meld-dense 10-card hands (drawn from 5-6 adjacent ranks) through
``best_arrangement``; uniform and meld-dense 11-card hands through
``best_discard`` (the discard chosen jointly with the arrangement).

"cold" means the per-hand caches are emptied before each round and every
hand of the round is distinct, so no call is answered from the cache (the
per-suit tables, fixed data built once at first use, are kept; their build
time is printed). "cached" repeats the same hands without clearing. Each
figure is the median per call in microseconds (time.perf_counter_ns around
each call), over ``--rounds`` rounds: the best round and the median round
are both shown, because other processes on a shared machine disturb single
rounds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine import DECK, Card, best_arrangement, best_discard, cards_mask
from game.engine import arrange as _arrange
from game.engine.arrange import clear_cache


def uniform_hands(n: int, size: int, seed: int) -> list[list[Card]]:
    rng = random.Random(seed)
    seen: set[int] = set()
    out: list[list[Card]] = []
    while len(out) < n:
        hand = rng.sample(DECK, size)
        mask = cards_mask(hand)
        if mask not in seen:
            seen.add(mask)
            out.append(hand)
    return out


def dense_hands(n: int, size: int, seed: int) -> list[list[Card]]:
    """Hands drawn from 5 or 6 adjacent ranks (all four suits)."""
    rng = random.Random(seed)
    seen: set[int] = set()
    out: list[list[Card]] = []
    while len(out) < n:
        width = rng.choice((5, 6))
        low = rng.randint(1, 14 - width)
        pool = [c for c in DECK if low <= c.rank.value < low + width]
        hand = rng.sample(pool, size)
        mask = cards_mask(hand)
        if mask not in seen:
            seen.add(mask)
            out.append(hand)
    return out


def per_call_median(fn: Callable[[Any], object], items: Sequence[Any]) -> float:
    clock = time.perf_counter_ns
    times = []
    for item in items:
        t = clock()
        fn(item)
        times.append(clock() - t)
    return statistics.median(times) / 1000


def measure(
    fn: Callable[[Any], object], items: Sequence[Any], rounds: int, *, clear: bool = True
) -> tuple[float, float]:
    """(best round median, median of round medians) in microseconds."""
    medians = []
    for _ in range(rounds):
        if clear:
            clear_cache()
        medians.append(per_call_median(fn, items))
    return min(medians), statistics.median(medians)


def row(label: str, figures: tuple[float, float], extra: str = "") -> None:
    best, mid = figures
    print(f"  {label:<44} {best:8.1f} us  (median round {mid:8.1f} us){extra}")


def bench_engine(n: int, rounds: int, seed: int) -> dict[str, list[list[Card]]]:
    t = time.perf_counter()
    _arrange._tables(False)
    print(f"per-suit tables built in {(time.perf_counter() - t) * 1000:.0f} ms (once per process)")
    workloads = {
        "uniform 10": uniform_hands(n, 10, seed),
        "dense 10": dense_hands(n, 10, seed + 1),
        "uniform 11": uniform_hands(n, 11, seed + 2),
        "dense 11": dense_hands(n, 11, seed + 3),
    }
    print(f"\nour engine, {n} distinct hands per workload, {rounds} rounds, median per call:")
    for name, hands in workloads.items():
        if name.endswith("10"):
            fn: Callable[[Any], object] = best_arrangement
            what = "best_arrangement"
        else:
            fn = best_discard
            what = "best_discard"
        row(f"{name}-card {what}, cold", measure(fn, hands, rounds))
        measure(fn, hands, 1)
        row(f"{name}-card {what}, cached", measure(fn, hands, rounds, clear=False))
    return workloads


def bench_rlcard(workloads: dict[str, list[list[Card]]], rounds: int, ours: float) -> None:
    from rlcard.games.gin_rummy.utils import melding, utils  # type: ignore[import-not-found]

    def convert(hand: list[Card]) -> list[Any]:
        return [utils.card_from_text(str(c)) for c in hand]

    dense10 = [convert(h) for h in workloads["dense 10"]]
    dense11 = [convert(h) for h in workloads["dense 11"]]
    n = min(len(dense10), 1000)
    print(f"\nRLCard (rlcard.games.gin_rummy.utils.melding), first {n} hands of the same sets:")

    def best10(hand: list[Any]) -> int:
        clusters = melding.get_best_meld_clusters(hand=hand)
        if not clusters:
            return utils.get_deadwood_count(hand=hand, meld_cluster=[])
        return int(utils.get_deadwood_count(hand=hand, meld_cluster=clusters[0]))

    def discard_naive(hand: list[Any]) -> int:
        # The natural use of its API: the best arrangement of each 10-card rest.
        return min(best10([c for c in hand if c is not d]) for d in hand)

    def discard_one_search(hand: list[Any]) -> int:
        # One search with its API: every meld cluster of the 11 cards, the deadwood
        # less its highest card (the fairest RLCard figure for a discard).
        best = sum(utils.get_deadwood_value(c) for c in hand) - max(
            utils.get_deadwood_value(c) for c in hand
        )
        for cluster in melding.get_meld_clusters(hand=hand):
            melded = {id(c) for pile in cluster for c in pile}
            dead = [utils.get_deadwood_value(c) for c in hand if id(c) not in melded]
            value = sum(dead) - max(dead) if dead else 0
            best = min(best, value)
        return best

    # RLCard's results agree with ours (a cross-check of both).
    for ours_hand, theirs in zip(workloads["dense 11"][:200], dense11[:200], strict=True):
        assert best_discard(ours_hand)[1].deadwood == discard_one_search(theirs)
    rounds = max(1, min(rounds, 3))
    r10 = measure(best10, dense10[:n], rounds, clear=False)
    row("dense 10-card get_best_meld_clusters", r10)
    naive = measure(discard_naive, dense11[: n // 10], 1, clear=False)
    row("dense 11-card discard, 11 x get_best_meld_clusters", naive, f"  [{n // 10} hands]")
    one = measure(discard_one_search, dense11[:n], rounds, clear=False)
    row("dense 11-card discard, one get_meld_clusters", one)
    print(
        f"\nspeed-up on dense 11-card hands with the discard (best rounds): "
        f"{one[0] / ours:.0f}x over RLCard's one-search use, "
        f"{naive[0] / ours:.0f}x over its 11-search use"
    )


# ---------------------------------------------------------------------------------
# SELFPLAY SECTION (owned by the selfplay engineer): "selfplay hands per second per
# game". If game/engine/selfplay.py defines bench_selfplay(), it is called and is
# expected to print its own figures; nothing else here depends on it.
# ---------------------------------------------------------------------------------
def bench_selfplay_section() -> None:
    try:
        from game.engine import selfplay
    except ImportError:
        print("\nselfplay: not available")
        return
    hook = getattr(selfplay, "bench_selfplay", None)
    if hook is None:
        print("\nselfplay: no bench_selfplay() hook yet")
        return
    print("\nselfplay:")
    hook()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=3000, help="distinct hands per workload")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--rlcard", action="store_true", help="also measure RLCard")
    parser.add_argument("--no-selfplay", action="store_true")
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}")
    workloads = bench_engine(args.hands, args.rounds, args.seed)
    if args.rlcard:
        ours = measure(best_discard, workloads["dense 11"][:1000], args.rounds)[0]
        bench_rlcard(workloads, args.rounds, ours)
    if not args.no_selfplay:
        bench_selfplay_section()
    return 0


if __name__ == "__main__":
    sys.exit(main())
