"""``python -m game.engine``: the engine on the command line.

Subcommands:

* ``arrange CARDS... [--ace-high] [--discard]``: the best arrangement, readably;
  ``arrange --jsonl``: one JSON request per input line, one JSON reply per line.
* ``settle --jsonl``: settle hands of Gin, Knock or Basic Rummy, one per line.
* ``selfplay``: registered by ``selfplay.py`` when it exists.

Adding a subcommand: write ``add_subcommand(subparsers)`` in its module; it
calls ``subparsers.add_parser(...)`` and ``parser.set_defaults(func=handler)``
where ``handler(args) -> int`` (``args.stdin`` and ``args.stdout`` are the
streams to use), then list the module in ``_PLUGINS``. A plugin module that
cannot be imported is skipped.

In JSONL mode a bad line gets ``{"error": {"code": ..., "message": ...}}`` on
its own line and the batch goes on; the exit status is 0. Point amounts are
JSON integers when whole, else strings with the exact fraction (``"9/2"``).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import IO, Any

from .arrange import Arrangement, best_arrangement, best_discard
from .cards import Card, format_cards, parse_cards
from .errors import IllegalMove, InvalidNotation
from .options import BasicOptions, GinOptions, KnockOptions, UnknownOption
from .settle import Settlement, settle_basic, settle_gin, settle_knock

__all__ = ["RequestError", "build_parser", "handle_arrange", "handle_settle", "main", "to_json"]

#: Modules that may add a subcommand with ``add_subcommand(subparsers)``.
_PLUGINS = ("selfplay",)


class RequestError(Exception):
    """A JSONL request that cannot be answered: ``code`` and ``message``."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(message)


def to_json(value: Any) -> Any:
    """``value`` with Fractions as ints (whole) or ``"n/d"`` strings, Enums as values."""
    if isinstance(value, Fraction):
        return (
            value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
        )
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if hasattr(value, "value") and hasattr(value, "name"):  # an Enum
        return to_json(value.value)
    return value


# -- Requests ------------------------------------------------------------------------


def _cards(value: Any, what: str) -> list[Card]:
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        raise RequestError("bad_request", f"{what} must be a list of card codes")
    try:
        return parse_cards(value)
    except InvalidNotation as exc:
        raise RequestError("invalid_card", f"not a card: {exc.token!r}") from None


def _check_distinct(hands: Sequence[Sequence[Card]]) -> None:
    seen: set[Card] = set()
    for hand in hands:
        for card in hand:
            if card in seen:
                raise RequestError("duplicate_card", f"{card} appears twice")
            seen.add(card)


def _object(line: str) -> dict[str, Any]:
    try:
        request = json.loads(line)
    except json.JSONDecodeError as exc:
        raise RequestError("bad_json", f"not JSON: {exc.msg}") from None
    if not isinstance(request, dict):
        raise RequestError("bad_request", "a request must be a JSON object")
    return request


def _options(request: Mapping[str, Any], cls: Any) -> Any:
    options = request.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise RequestError("bad_request", "options must be an object")
    try:
        return cls.from_dict(options)
    except UnknownOption as exc:
        raise RequestError("unknown_option", str(exc)) from None


def _arrangement_json(a: Arrangement) -> dict[str, Any]:
    return {
        "melds": [m.codes for m in a.melds],
        "deadwood_cards": [str(c) for c in a.deadwood_cards],
        "deadwood": a.deadwood,
    }


def handle_arrange(request: dict[str, Any]) -> dict[str, Any]:
    """Answer one ``arrange`` request (see docs/engine.md)."""
    hand = _cards(request.get("hand"), "hand")
    discard = request.get("discard", False)
    if not isinstance(discard, bool):
        raise RequestError("bad_request", "discard must be true or false")
    options = request.get("options", {}) or {}
    if not isinstance(options, dict):
        raise RequestError("bad_request", "options must be an object")
    for name, value in options.items():
        if name != "ace_high_or_low" or not isinstance(value, bool):
            raise RequestError("unknown_option", f"unknown option for arrange: {name!r}")
    ace = bool(options.get("ace_high_or_low", False))
    _check_distinct([hand])
    if discard:
        if not hand:
            raise RequestError("wrong_hand_size", "a discard needs at least one card")
        card, arrangement = best_discard(hand, ace_high_or_low=ace)
        return {**_arrangement_json(arrangement), "discard": str(card)}
    return {**_arrangement_json(best_arrangement(hand, ace_high_or_low=ace)), "discard": None}


_SIZES = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}


def _index(request: Mapping[str, Any], name: str, players: int) -> int:
    value = request.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError("bad_request", f"{name} must be a player number")
    if not 0 <= value < players:
        raise RequestError(
            "index_out_of_range", f"{name} {value} is not a player (0-{players - 1})"
        )
    return value


def _hands(request: Mapping[str, Any]) -> list[list[Card]]:
    raw = request.get("hands")
    if not isinstance(raw, list):
        raise RequestError("bad_request", "hands must be a list of hands")
    hands = [_cards(h, f"hands[{i}]") for i, h in enumerate(raw)]
    _check_distinct(hands)
    return hands


def handle_settle(request: dict[str, Any]) -> dict[str, Any]:
    """Answer one ``settle`` request (see docs/engine.md)."""
    game = request.get("game")
    if game not in ("gin", "knock", "basic"):
        raise RequestError("unknown_game", f"unknown game: {game!r}")
    hands = _hands(request)
    n = len(hands)
    if game == "gin":
        options = _options(request, GinOptions)
        if n != 2:
            raise RequestError("wrong_player_count", f"gin is for 2 players, not {n}")
        knocker = _index(request, "knocker", n)
        for p, hand in enumerate(hands):
            if len(hand) != 10:
                raise RequestError(
                    "wrong_hand_size", f"player {p} holds {len(hand)} cards, gin needs 10"
                )
        try:
            settlement = settle_gin(knocker=knocker, hands=hands, options=options)
        except IllegalMove as exc:
            raise _settle_error(exc) from None
    else:
        if not 2 <= n <= 6:
            raise RequestError("wrong_player_count", f"{game} is for 2-6 players, not {n}")
        size = _SIZES[n]
        if game == "knock":
            options = _options(request, KnockOptions)
            knocker = _index(request, "knocker", n)
            for p, hand in enumerate(hands):
                if len(hand) != size:
                    raise RequestError(
                        "wrong_hand_size",
                        f"player {p} holds {len(hand)} cards; {n} players hold {size}",
                    )
            settlement = settle_knock(knocker=knocker, hands=hands, options=options)
        else:
            options = _options(request, BasicOptions)
            winner = _index(request, "winner", n)
            rummy = request.get("went_rummy", False)
            if not isinstance(rummy, bool):
                raise RequestError("bad_request", "went_rummy must be true or false")
            for p, hand in enumerate(hands):
                if len(hand) > size:
                    raise RequestError(
                        "wrong_hand_size",
                        f"player {p} holds {len(hand)} cards; at most {size} with {n} players",
                    )
            if hands[winner]:
                raise RequestError(
                    "wrong_hand_size", f"the winner, player {winner}, must hold no cards"
                )
            settlement = settle_basic(winner=winner, went_rummy=rummy, hands=hands, options=options)
    return settlement_json(settlement)


def _settle_error(exc: IllegalMove) -> RequestError:
    code = str(exc.reason.value)
    if code == "knocker_over_limit":
        p = exc.params
        return RequestError(
            code, f"the knocker's deadwood {p['deadwood']} is over the limit {p['limit']}"
        )
    return RequestError(code, str(exc))


def settlement_json(s: Settlement) -> dict[str, Any]:
    """A settlement as a JSON-ready dict (the ``settle`` reply)."""
    return {
        "game": s.game,
        "kind": s.kind.value,
        "winners": list(s.winners),
        "deadwood": list(s.deadwood),
        "layoffs": [
            {
                "player": lo.player,
                "card": str(lo.card),
                "onto": lo.onto.codes,
                "meld": lo.meld_index,
            }
            for lo in s.layoffs
        ],
        "transfers": [
            {"from": t.payer, "to": t.payee, "points": to_json(t.points), "reason": t.reason.value}
            for t in s.transfers
        ],
        "received": [to_json(s.received[p]) for p in range(s.players)],
        "paid": [to_json(s.paid[p]) for p in range(s.players)],
        "steps": [
            {"code": st.code.value, "params": to_json(st.params), "text": st.text} for st in s.steps
        ],
    }


def _jsonl(
    handler: Callable[[dict[str, Any]], dict[str, Any]], stdin: IO[str], stdout: IO[str]
) -> int:
    for line in stdin:
        if not line.strip():
            continue
        try:
            reply = handler(_object(line))
        except RequestError as exc:
            reply = {"error": {"code": exc.code, "message": exc.message}}
        except InvalidNotation as exc:
            reply = {"error": {"code": "invalid_card", "message": str(exc)}}
        except IllegalMove as exc:
            reply = {"error": {"code": str(exc.reason.value), "message": str(exc)}}
        stdout.write(json.dumps(reply) + "\n")
        stdout.flush()
    return 0


# -- Subcommands ---------------------------------------------------------------------


def _run_arrange(args: argparse.Namespace) -> int:
    stdin: IO[str] = args.stdin
    stdout: IO[str] = args.stdout
    if args.jsonl:
        return _jsonl(handle_arrange, stdin, stdout)
    try:
        hand = parse_cards(args.cards)
        if args.discard:
            card, arrangement = best_discard(hand, ace_high_or_low=args.ace_high)
        else:
            card, arrangement = None, best_arrangement(hand, ace_high_or_low=args.ace_high)
    except (InvalidNotation, IllegalMove) as exc:
        print(f"arrange: {exc}", file=sys.stderr)
        return 2
    if card is not None:
        stdout.write(f"discard: {card}\n")
    for meld in arrangement.melds:
        stdout.write(f"meld:    {meld}   ({meld.kind.value})\n")
    if arrangement.deadwood_cards:
        dead = format_cards(arrangement.deadwood_cards)
        stdout.write(f"deadwood: {dead} = {arrangement.deadwood}\n")
    else:
        stdout.write("deadwood: none = 0\n")
    return 0


def _run_settle(args: argparse.Namespace) -> int:
    return _jsonl(handle_settle, args.stdin, args.stdout)


def build_parser() -> argparse.ArgumentParser:
    """The ``python -m game.engine`` parser, plugins included."""
    parser = argparse.ArgumentParser(
        prog="python -m game.engine", description="Rummy School's rules engine."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    arrange = sub.add_parser(
        "arrange",
        help="the best arrangement of a hand",
        description="Print the arrangement with the least deadwood. With --jsonl, read "
        'one request per line ({"hand": [...], "discard": false, "options": {}}) and '
        "write one JSON reply per line.",
    )
    arrange.add_argument("cards", nargs="*", help="card codes, e.g. 7H 8H 9H TS")
    arrange.add_argument(
        "--ace-high", action="store_true", help="ace high or low (Q-K-A; aces count 15)"
    )
    arrange.add_argument(
        "--discard", action="store_true", help="the hand holds one card more than it keeps"
    )
    arrange.add_argument("--jsonl", action="store_true", help="JSON lines on stdin/stdout")
    arrange.set_defaults(func=_run_arrange)
    settle = sub.add_parser(
        "settle",
        help="settle hands (JSON lines)",
        description="Read one settlement request per line on stdin (gin, knock or basic) "
        "and write one JSON reply per line.",
    )
    settle.add_argument("--jsonl", action="store_true", help="JSON lines (the only mode)")
    settle.set_defaults(func=_run_settle)
    for name in _PLUGINS:
        try:
            module = importlib.import_module(f"{__package__}.{name}")
        except ImportError:
            continue
        add = getattr(module, "add_subcommand", None)
        if add is not None:
            add(sub)
    return parser


def main(
    argv: Sequence[str] | None = None,
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    args.stdin = stdin if stdin is not None else sys.stdin
    args.stdout = stdout if stdout is not None else sys.stdout
    status: int = args.func(args)
    return status
