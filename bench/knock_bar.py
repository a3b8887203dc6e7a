"""Knock Rummy: does the knock bar need to fall with the number of opponents?

    .venv/bin/python bench/knock_bar.py                       # 2-5 players, 400 deals each
    .venv/bin/python bench/knock_bar.py --players 4 --deals 1000 --seed 7
    .venv/bin/python bench/knock_bar.py --field               # also: one current-bar player
                                                              # among players of each variant

The coach knocks when its deadwood is at most ``ratio(opponents)`` times what each
opponent probably holds (:func:`game.engine.coach.knock_ratio`, 0.84 whatever the
number of opponents). Each variant here is another ratio:

* ``same``: the coach's (the baseline);
* ``k=0.03``, ``k=0.05``, ``k=0.08``: 0.84 - k x (opponents - 1), and ``k=-0.03``
  (a bar that rises with more opponents, to see on which side the best bar lies);
  ``--variants`` also takes any ``k=X`` and ``flat=X`` (the ratio X for every table);
* ``lowest``: the bar at which the chance that the LOWEST of the opponents holds
  less than you is what it is against one opponent at 0.84. That chance comes
  from the measured spread of an opponent's least deadwood around its expected
  value (at every decision of computer players, ``calibrate``): F(0.84) is the
  chance one opponent is under a 0.84 bar, and with n opponents the ratio is the
  quantile of 1 - (1 - F(0.84)) ** (1 / n).

How a variant is measured: deal ``--deals`` seeded hands for each table size; deal
each one n times with the variant in seat 0, 1, ..., n - 1 in turn and computer
players at the coach's bar in every other seat (same deal, same dealer, same seat
seeds as ``selfplay``). A deal's sample is the variant's net points (received
minus paid) averaged over its n seats. Played by the baseline in every seat,
the n seats of a deal net exactly 0 together, so this average IS the variant's
gain over the coach's bar at that table, and every seat counts equally (seat order
does not bias it). Printed: the mean points a hand with its standard error (the
spread of the per-deal samples over sqrt(deals)) and the knocks' outcome (won,
tied, undercut) of the variant's seat. ``--field`` also measures the other way
round: one player at the coach's bar among players of the variant (a positive
figure then means the coach's bar beats that variant's field).

Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import bisect
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine import new_hand
from game.engine.arrange import arrangement_of, cards_mask
from game.engine.bots import _rng
from game.engine.coach import _Context, knock_ratio, rank_moves
from game.engine.moves import AnyMove, Knock
from game.engine.state import Hand
from game.engine.view import Phase, PlayerView

Ratio = Callable[[int], float]


class BarPlayer:
    """The computer player (:class:`game.engine.bots.BotPlayer`, Knock Rummy only) with
    another knock bar: the coach's first choice, ties broken by the same seeded RNG."""

    def __init__(self, seed: int, ratio: Ratio) -> None:
        self.seed = seed
        self.ratio = ratio

    def choose(self, view: PlayerView) -> AnyMove:
        ranked = rank_moves(view, bar_ratio=self.ratio)
        best = ranked[0].score
        ties = [r.move for r in ranked if r.score - best < 1e-9]
        return ties[0] if len(ties) == 1 else _rng(self.seed, view).choice(ties)


def play(hand: Hand, players: Sequence[BarPlayer], turn_cap: int = 1000) -> Hand:
    while not hand.is_over and hand.turns < turn_cap:
        hand = hand.apply(players[hand.turn].choose(hand.view(hand.turn)))
    return hand


def deals(seed: int, count: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.getrandbits(32) for _ in range(count)]


def calibrate(players: Sequence[int], count: int, seed: int) -> list[float]:
    """Sorted ratios (an opponent's least deadwood / what the coach expects it to be)
    at every decision after a draw, in hands played by the coach's computer players."""
    ratios: list[float] = []
    for n in players:
        for i, hs in enumerate(deals(seed + 1000 * n, count)):
            bots = [BarPlayer(hs * 10 + s, knock_ratio) for s in range(n)]
            hand = new_hand("knock", players=n, dealer=i % n, seed=hs)
            while not hand.is_over and hand.turns < 1000:
                view = hand.view(hand.turn)
                if view.phase is Phase.PLAY and any(isinstance(m, Knock) for m in view.legal_moves):
                    expected = _Context(view).expected_opponent_deadwood()
                    for p in range(n):
                        if p != hand.turn:
                            dw = arrangement_of(cards_mask(hand.hands[p])).deadwood
                            ratios.append(dw / expected)
                hand = hand.apply(bots[hand.turn].choose(view))
    ratios.sort()
    return ratios


def lowest_ratio(ratios: list[float], base: float = 0.84) -> Ratio:
    """The ``lowest`` variant from the calibration (see the module docs)."""
    p1 = bisect.bisect_right(ratios, base) / len(ratios)

    def ratio(opponents: int) -> float:
        p = 1 - (1 - p1) ** (1 / max(1, opponents))
        return ratios[min(len(ratios) - 1, int(p * len(ratios)))]

    return ratio


def parse_variant(name: str) -> Ratio:
    """``k=X``: 0.84 - X x (opponents - 1); ``flat=X``: X whatever the opponents."""
    kind, _, value = name.partition("=")
    x = float(value)
    if kind == "k":
        return lambda o: 0.84 - x * (o - 1)
    if kind == "flat":
        return lambda o: x
    raise SystemExit(f"unknown variant {name!r}")


def measure(
    n: int, seeds: list[int], variant: Ratio, field: Ratio
) -> tuple[list[float], dict[str, int]]:
    """Per-deal mean net points of one ``variant`` seat among ``field`` seats, and how
    the variant's knocks ended."""
    samples: list[float] = []
    outcome = {"knocks": 0, "won": 0, "tied": 0, "undercut": 0}
    for i, hs in enumerate(seeds):
        total = 0.0
        for seat in range(n):
            bots = [BarPlayer(hs * 10 + s, variant if s == seat else field) for s in range(n)]
            hand = play(new_hand("knock", players=n, dealer=i % n, seed=hs), bots)
            if hand.result is None:
                continue
            st = hand.result.settlement
            total += float(st.net.get(seat, 0))
            if hand.result.end.value in ("knock", "rummy") and hand.result.player == seat:
                outcome["knocks"] += 1
                others = [d for p, d in enumerate(st.deadwood) if p != seat]
                mine = st.deadwood[seat]
                if mine < min(others):
                    outcome["won"] += 1
                elif mine == min(others):
                    outcome["tied"] += 1
                else:
                    outcome["undercut"] += 1
        samples.append(total / n)
    return samples, outcome


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", default="2,3,4,5", help="table sizes, e.g. 2,4")
    parser.add_argument("--deals", type=int, default=400, help="deals per table size")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default="", help="names to run (default: all)")
    parser.add_argument("--calibration-deals", type=int, default=300)
    parser.add_argument("--field", action="store_true", help="also one coach among a field")
    args = parser.parse_args(argv)
    sizes = [int(x) for x in args.players.split(",")]

    start = time.perf_counter()
    ratios = calibrate([2, 3, 4, 5], args.calibration_deals, args.seed)
    lowest = lowest_ratio(ratios)
    p1 = bisect.bisect_right(ratios, 0.84) / len(ratios)
    print(
        f"calibration: {len(ratios)} opponent hands; chance one opponent holds at most "
        f"0.84 x expected: {p1:.3f}; 'lowest' ratio by opponents 1-4: "
        + ", ".join(f"{lowest(o):.3f}" for o in range(1, 5))
        + f" ({time.perf_counter() - start:.1f}s)"
    )
    variants: dict[str, Ratio] = {
        "same": knock_ratio,
        "k=0.03": lambda o: 0.84 - 0.03 * (o - 1),
        "k=0.05": lambda o: 0.84 - 0.05 * (o - 1),
        "k=0.08": lambda o: 0.84 - 0.08 * (o - 1),
        "lowest": lowest,
        "k=-0.03": lambda o: 0.84 + 0.03 * (o - 1),
    }
    if args.variants:
        chosen: dict[str, Ratio] = {}
        for name in args.variants.split(","):
            chosen[name] = variants.get(name) or parse_variant(name)
        variants = chosen

    print(f"\n{args.deals} deals a table, each played with the variant in every seat in turn")
    header = f"{'players':>7} {'variant':>8} {'ratio':>6} {'pts/hand':>9} {'s.e.':>6}"
    header += f" {'knocks':>7} {'won':>5} {'tied':>5} {'under':>5}"
    if args.field:
        header += f" {'coach among them':>17} {'s.e.':>6}"
    print(header)
    for n in sizes:
        seeds = deals(args.seed + n, args.deals)
        for name, ratio in variants.items():
            t0 = time.perf_counter()
            samples, out = measure(n, seeds, ratio, knock_ratio)
            mean = statistics.fmean(samples)
            se = statistics.stdev(samples) / math.sqrt(len(samples))
            k = max(1, out["knocks"])
            line = (
                f"{n:>7} {name:>8} {ratio(n - 1):6.3f} {mean:+9.2f} {se:6.2f}"
                f" {out['knocks']:>7} {out['won'] / k:5.0%} {out['tied'] / k:5.0%}"
                f" {out['undercut'] / k:5.0%}"
            )
            if args.field and name != "same":
                back, _ = measure(n, seeds, knock_ratio, ratio)
                bse = statistics.stdev(back) / math.sqrt(len(back))
                line += f" {statistics.fmean(back):+17.2f} {bse:6.2f}"
            print(line + f"  ({time.perf_counter() - t0:.0f}s)", flush=True)
    print(f"\ntotal {time.perf_counter() - start:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
