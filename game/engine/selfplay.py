"""Selfplay: whole hands played by computer players, with invariants checked after every move.

>>> summary = run_selfplay("gin", players=2, hands=3, seed=1)
>>> summary["hands"], summary["invariant_violations"]
(3, 0)

Command line (registered by :func:`add_subcommand` in ``python -m game.engine``)::

    python -m game.engine selfplay --game knock --players 4 --hands 500 --seed 1 \\
        --policy bot,random,random,random --turn-cap 1000

prints one JSON summary: ``game``, ``players``, ``hands``, ``policies``, ``seed``,
``ended`` (how many hands ended each way: out, rummy, knock, gin, void, capped),
``turns_mean``, ``hands_won`` and ``points_won`` (one entry per seat; points are
what the seat received, i.e. its score toward the target), ``invariant_violations``,
``violations`` (the first few messages) and ``seconds``; the exit status is 1 if
any invariant broke.

Hand ``i`` of a run is dealt from ``random.Random(seed)``'s ``i``-th 32-bit draw,
the deal passing to the left (dealer ``i % players``); seat ``s`` plays with seed
``hand_seed * 10 + s``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .bots import POLICIES, make_player
from .games import hand_from_json, new_hand
from .moves import Discard, Done, DrawDiscard, DrawStock, Knock
from .options import Game, GameOptions
from .state import LAYOUT_PHASES, Hand
from .view import HandEnd, Phase

#: Default turn cap: a hand still running after this many turns ends as ``capped``.
TURN_CAP = 1000


@dataclass
class HandRecord:
    """One selfplay hand: how it ended, its length, who won what, broken invariants."""

    end: str
    turns: int
    winners: tuple[int, ...]
    received: list[Fraction]
    violations: list[str] = field(default_factory=list)
    hand: Hand | None = None


_FULL = (1 << 52) - 1
_DRAWS = {DrawStock.kind, DrawDiscard.kind}
_ENDS = {Discard.kind, Knock.kind}


def check_invariants(hand: Hand) -> list[str]:
    """Everything that must hold in any state of a hand; a list of broken ones (empty: fine)."""
    bad: list[str] = []
    n = hand.players
    # 52 cards, each exactly once.
    every = [c for h in hand.hands for c in h] + list(hand.stock) + list(hand.discard_pile)
    every += [c for m in hand.table for c in m.meld.cards]
    mask = 0
    for c in every:
        mask |= 1 << c.index
    if len(every) != 52 or mask != _FULL:
        bad.append(f"cards: {len(every)} held, {mask.bit_count()} distinct")
    # Turn order and hand sizes, from the public log.
    size = hand.deal_size
    expected = hand.first_player
    draws = [0] * n
    discards = [0] * n
    in_turn = False
    knocker: int | None = None  # Gin laid out by hand: after the knock, the layout
    laid_out = False
    for event in hand.log:
        kind = event.kind
        if knocker is not None:
            if event.player != (1 - knocker if laid_out else knocker):
                bad.append(f"layout order: seat {event.player} moved after the knock")
                break
            laid_out = laid_out or kind is Done.kind
            continue
        if event.player != expected:
            bad.append(f"turn order: seat {event.player} moved, seat {expected} expected")
            break
        if kind in _DRAWS:
            if in_turn:
                bad.append("two draws in one turn")
            in_turn = True
            draws[event.player] += 1
        elif not in_turn:
            bad.append(f"{event.move} before drawing")
        if kind in _ENDS:
            discards[event.player] += 1
            in_turn = False
            expected = (expected + 1) % n
        if kind is Knock.kind:
            knocker = event.player
    if hand.phase in LAYOUT_PHASES:
        assert knocker is not None
        if hand.turn != (1 - knocker if laid_out else knocker):
            bad.append(f"turn is {hand.turn} while laying out")
    elif not hand.is_over and hand.turn != expected:
        bad.append(f"turn is {hand.turn}, the log says {expected}")
    if not hand.is_over and (hand.phase is Phase.PLAY) != in_turn:
        bad.append(f"phase {hand.phase.value} but in_turn={in_turn}")
    placed = [0] * n
    for m in hand.table:
        placed[m.owner] += len(m.meld.cards) - len(m.laid_off)
        for p, _ in m.laid_off:
            placed[p] += 1
    for p in range(n):
        want = len(hand.deal.hands[p]) + draws[p] - discards[p] - placed[p]
        if len(hand.hands[p]) != want:
            bad.append(f"seat {p} holds {len(hand.hands[p])} cards, {want} expected")
        laying_out = hand.game is not Game.BASIC and hand.table
        if (
            hand.game is not Game.BASIC
            and not laying_out
            and not size <= len(hand.hands[p]) <= size + 1
        ):
            bad.append(f"seat {p} holds {len(hand.hands[p])} cards")
    # What each player sees.
    for p in range(n):
        view = hand.view(p)
        if view.cards != hand.hands[p] or view.hand_sizes != tuple(len(h) for h in hand.hands):
            bad.append(f"view of seat {p} is wrong")
        if p != hand.turn and view.legal_moves:
            bad.append(f"seat {p} sees legal moves out of turn")
    # The end.
    if hand.is_over:
        result = hand.result
        if result is None:
            bad.append("over without a result")
        else:
            if hand.legal_moves():
                bad.append("legal moves after the end")
            bad.extend(_check_settlement(hand))
    elif hand.result is not None or not hand.legal_moves():
        bad.append("running hand with a result or without legal moves")
    return bad


def _check_settlement(hand: Hand) -> list[str]:
    bad: list[str] = []
    result = hand.result
    assert result is not None
    st = result.settlement
    if result.end in (HandEnd.VOID, HandEnd.BLOCKED) and st.transfers:
        bad.append("void hand with transfers")
    received: dict[int, Fraction] = {}
    paid: dict[int, Fraction] = {}
    for t in st.transfers:
        if t.points <= 0 or t.payer == t.payee:
            bad.append(f"bad transfer {t}")
        received[t.payee] = received.get(t.payee, Fraction(0)) + t.points
        paid[t.payer] = paid.get(t.payer, Fraction(0)) + t.points
    for p in range(hand.players):
        if st.received.get(p, 0) != received.get(p, 0) or st.paid.get(p, 0) != paid.get(p, 0):
            bad.append(f"seat {p}: received/paid do not match the transfers")
    if sum(received.values()) != sum(paid.values()):
        bad.append("transfers do not add up")
    if hand.game in (Game.GIN, Game.BASIC) and len(received) > 1:
        bad.append("more than one player scored")
    if hand.game is Game.BASIC and set(received) - {result.player}:
        bad.append("someone other than the player who went out scored")
    return bad


def play_hand(
    game: str,
    *,
    players: int,
    seed: int,
    dealer: int = 0,
    policies: Sequence[str] = (),
    options: GameOptions | Mapping[str, Any] | None = None,
    turn_cap: int = TURN_CAP,
    check: bool = True,
) -> HandRecord:
    """Play one hand to its end (or the turn cap), checking invariants after every move."""
    pols = list(policies) or ["bot"] * players
    seats = [make_player(p, seed * 10 + i) for i, p in enumerate(pols)]
    hand = new_hand(game, players=players, dealer=dealer, seed=seed, options=options)
    violations: list[str] = check_invariants(hand) if check else []
    while not hand.is_over and hand.turns < turn_cap and not violations:
        move = seats[hand.turn].choose(hand.view(hand.turn))
        if check and move not in hand.legal_moves():
            violations.append(f"{move} chosen but not among the legal moves")
        hand = hand.play(move) if check else hand.apply(move)
        if check:
            violations.extend(check_invariants(hand))
    if check and hand.is_over and not violations:
        again = hand_from_json(hand.to_json())
        if again.to_dict() != hand.to_dict() or again.result != hand.result:
            violations.append("replay from JSON differs")
    received = [Fraction(0)] * players
    if hand.result is None:
        return HandRecord("capped", hand.turns, (), received, violations, hand)
    st = hand.result.settlement
    received = [Fraction(st.received.get(p, 0)) for p in range(players)]
    return HandRecord(
        hand.result.end.value, hand.turns, hand.result.winners, received, violations, hand
    )


def run_selfplay(
    game: str,
    *,
    players: int,
    hands: int,
    seed: int = 1,
    policies: Sequence[str] | None = None,
    options: GameOptions | Mapping[str, Any] | None = None,
    turn_cap: int = TURN_CAP,
    check: bool = True,
) -> dict[str, Any]:
    """Play ``hands`` hands and summarise them (see the module docs for the keys)."""
    pols = list(policies) if policies else ["bot"] * players
    if len(pols) == 1:
        pols = pols * players
    if len(pols) != players or any(p not in POLICIES for p in pols):
        raise ValueError(f"need {players} policies from {', '.join(POLICIES)}, got {pols}")
    start = time.perf_counter()
    rng = random.Random(seed)
    ended: Counter[str] = Counter()
    won = [0] * players
    points = [Fraction(0)] * players
    turns = 0
    violations: list[str] = []
    for i in range(hands):
        hand_seed = rng.getrandbits(32)
        record = play_hand(
            game,
            players=players,
            seed=hand_seed,
            dealer=i % players,
            policies=pols,
            options=options,
            turn_cap=turn_cap,
            check=check,
        )
        ended[record.end] += 1
        turns += record.turns
        for w in record.winners:
            won[w] += 1
        points = [a + b for a, b in zip(points, record.received, strict=True)]
        violations.extend(f"hand {i} (seed {hand_seed}): {v}" for v in record.violations)
    return {
        "game": game,
        "players": players,
        "hands": hands,
        "policies": pols,
        "seed": seed,
        "ended": dict(sorted(ended.items())),
        "turns_mean": round(turns / hands, 2) if hands else 0,
        "hands_won": won,
        "points_won": [_number(p) for p in points],
        "invariant_violations": len(violations),
        "violations": violations[:10],
        "seconds": round(time.perf_counter() - start, 3),
    }


def bench_selfplay(hands: int = 100, seed: int = 1) -> dict[str, float]:
    """Print and return selfplay hands per second per game (bots, invariant checks off and on).

    Called by ``bench/engine.py``'s selfplay section.
    """
    figures: dict[str, float] = {}
    tables = [("basic", 4), ("gin", 2), ("knock", 4)]
    for game, players in tables:
        for check in (False, True):
            summary = run_selfplay(game, players=players, hands=hands, seed=seed, check=check)
            rate = hands / max(summary["seconds"], 1e-9)
            label = f"{game} {players}p bots" + (" +checks" if check else "")
            figures[label] = rate
            print(
                f"  {label:<22} {rate:8.1f} hands/s  "
                f"({summary['turns_mean']} turns/hand, {hands} hands)"
            )
    return figures


def _number(x: Fraction) -> int | float:
    return int(x) if x.denominator == 1 else round(float(x), 4)


def add_subcommand(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``selfplay`` on an ``argparse`` subparsers object (for ``cli.py``)."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "selfplay",
        help="play hands between computer players and check the engine's invariants",
        description="Play whole hands between computer players, check invariants after "
        "every move and print one JSON summary. Exits 1 on any broken invariant.",
    )
    configure_parser(parser)
    return parser


def configure_parser(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=("basic", "gin", "knock"), required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--policy",
        default="bot",
        help="one policy for every seat, or one per seat separated by commas "
        f"({', '.join(POLICIES)})",
    )
    parser.add_argument("--turn-cap", type=int, default=TURN_CAP)
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option, e.g. ace_high_or_low=true or knock_limit=5 (repeatable)",
    )
    parser.set_defaults(func=run_cli, handler=run_cli)


def _parse_options(items: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for item in items:
        name, _, text = item.partition("=")
        value: Any = text
        if text.lower() in ("true", "false"):
            value = text.lower() == "true"
        elif text.isdigit():
            value = int(text)
        options[name.strip()] = value
    return options


def run_cli(args: argparse.Namespace) -> int:
    """Run the ``selfplay`` subcommand; print the JSON summary; 1 on violations."""
    try:
        summary = run_selfplay(
            args.game,
            players=args.players,
            hands=args.hands,
            seed=args.seed,
            policies=[p.strip() for p in args.policy.split(",")],
            options=_parse_options(args.option),
            turn_cap=args.turn_cap,
        )
    except ValueError as exc:  # bad policy, player count or option
        print(f"selfplay: {exc}", file=sys.stderr)
        return 2
    out = getattr(args, "stdout", None) or sys.stdout
    out.write(json.dumps(summary) + "\n")
    return 1 if summary["invariant_violations"] else 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m game.engine.selfplay ...`` (the same options as the subcommand)."""
    parser = argparse.ArgumentParser(prog="selfplay")
    configure_parser(parser)
    return run_cli(parser.parse_args(argv))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())


__all__ = [
    "TURN_CAP",
    "HandRecord",
    "add_subcommand",
    "bench_selfplay",
    "check_invariants",
    "play_hand",
    "run_selfplay",
]
