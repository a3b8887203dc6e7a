"""How long a Knock Rummy hand lasts for a learner, by the rule the computer players knock by.

    python bench/knock_patience.py                      # 2-6 players, 300 deals each
    python bench/knock_patience.py --players 2 3 4 --hands 500 --seed 7

Every seat is played by the same computer player (seat 0 stands for the learner: its
turns are the learner's), over the same seeded deals for every rule (deal ``i`` from
``random.Random(seed)``'s ``i``-th 32-bit draw, the deal passing to the left, seat ``s``
playing with seed ``deal seed * 10 + s``, as ``python -m game.engine selfplay``). For
each table size and rule it prints: the % of hands that end before seat 0's first and
second turn, the median and mean number of turns seat 0 gets, the % of void hands (the
stock ran out), the % that end in rummy (a knock with no deadwood) and the hand's mean
length in turns. The rules:

* ``bot``: the engine's computer player (``BotPlayer``: knocks as soon as it pays);
* ``round>=N``: as ``bot``, but no knock before every player has had N turns;
* ``dw<=X``: as ``bot``, but a knock only with at most X deadwood;
* ``round>=N,dw<=X``: both.

docs/engine.md quotes its figures (``--hands 300 --seed 1``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine import BotPlayer, PatientPlayer, new_hand  # noqa: E402
from game.engine.bots import Player  # noqa: E402
from game.engine.moves import DrawDiscard, DrawStock  # noqa: E402
from game.engine.view import HandEnd  # noqa: E402

#: A rule's name and how it makes the player of a seat from the seat's seed.
Rule = tuple[str, Callable[[int], Player]]


def rules() -> list[Rule]:
    out: list[Rule] = [("bot", BotPlayer)]
    for n in (1, 2, 3):
        out.append((f"round>={n}", lambda s, n=n: PatientPlayer(s, rounds=n)))
    for x in (10, 15):
        out.append((f"dw<={x}", lambda s, x=x: PatientPlayer(s, rounds=0, max_deadwood=x)))
    for n, x in ((1, 15), (1, 10), (2, 15)):
        out.append(
            (
                f"round>={n},dw<={x}",
                lambda s, n=n, x=x: PatientPlayer(s, rounds=n, max_deadwood=x),
            )
        )
    return out


def measure(make: Callable[[int], Player], players: int, hands: int, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    learner_turns: list[int] = []
    lengths: list[int] = []
    void = rummy = 0
    for i in range(hands):
        deal_seed = rng.getrandbits(32)
        seats = [make(deal_seed * 10 + s) for s in range(players)]
        hand = new_hand("knock", players=players, dealer=i % players, seed=deal_seed)
        while not hand.is_over:
            hand = hand.apply(seats[hand.turn].choose(hand.view(hand.turn)))
        draws = (DrawStock.kind, DrawDiscard.kind)
        learner_turns.append(sum(1 for e in hand.log if e.player == 0 and e.kind in draws))
        lengths.append(hand.turns)
        assert hand.result is not None
        void += hand.result.end is HandEnd.VOID
        rummy += hand.result.end is HandEnd.RUMMY
    return {
        "before 1st": 100 * sum(t < 1 for t in learner_turns) / hands,
        "before 2nd": 100 * sum(t < 2 for t in learner_turns) / hands,
        "median": statistics.median(learner_turns),
        "mean": statistics.fmean(learner_turns),
        "void": 100 * void / hands,
        "rummy": 100 * rummy / hands,
        "length": statistics.fmean(lengths),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5, 6])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rule", action="append", help="only these rules (by name)")
    args = parser.parse_args()
    chosen = [r for r in rules() if not args.rule or r[0] in args.rule]
    print(
        f"{'players':>7} {'rule':<16} {'<1st %':>7} {'<2nd %':>7} {'median':>6} {'mean':>5} "
        f"{'void %':>6} {'rummy %':>7} {'turns':>6}"
    )
    for players in args.players:
        for name, make in chosen:
            m = measure(make, players, args.hands, args.seed)
            print(
                f"{players:>7} {name:<16} {m['before 1st']:7.1f} {m['before 2nd']:7.1f} "
                f"{m['median']:6.1f} {m['mean']:5.2f} {m['void']:6.1f} {m['rummy']:7.1f} "
                f"{m['length']:6.1f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
