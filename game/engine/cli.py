"""``python -m game.engine``: the engine on the command line.

Subcommands:

* ``arrange CARDS... [--ace-high] [--discard]``: the best arrangement, readably;
  ``arrange --jsonl``: one JSON request per input line, one JSON reply per line.
* ``settle --jsonl``: settle hands of Gin, Knock or Basic Rummy, one per line.
* ``match --jsonl``: score a match from its hands' results, one match per line:
  the score sheet line by line (Gin's boxes, the game bonus, the shutout; Basic
  and Knock Rummy's targets and balances; who plays, deals and sits out next
  in three-player Gin), each line with its code.
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
from .deal import DEAL_SIZES
from .english import english
from .errors import IllegalMove, InvalidNotation, UnknownOption
from .games import RULES
from .games.basic import BasicMatch, BasicOptions, settle_basic
from .games.gin import (
    GinGame,
    GinOptions,
    GinPartnershipGame,
    GinThreeGame,
    partnership_tables,
    settle_gin,
)
from .games.knock import KnockMatch, KnockOptions, settle_knock
from .options import Game
from .rounds import table_sizes
from .score_sheet import HandScore, LineCode, SummaryLine
from .score_sheet import line as summary_line
from .scoring import ResultKind, Settlement, Transfer, TransferReason, settlement_of

__all__ = [
    "RequestError",
    "build_parser",
    "handle_arrange",
    "handle_match",
    "handle_settle",
    "main",
    "to_json",
]

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
    game = Game.named(request.get("game"))
    if game is None:
        raise RequestError("unknown_game", f"unknown game: {request.get('game')!r}")
    hands = _hands(request)
    n = len(hands)
    if game is Game.GIN:
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
        size = DEAL_SIZES[n]
        if game is Game.KNOCK:
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
            {"code": st.code.value, "params": to_json(st.params), "text": english(st)}
            for st in s.steps
        ],
    }


# -- Matches --------------------------------------------------------------------------


def _points(value: Any, what: str) -> Fraction:
    """A non-negative whole or fractional number of points (an int, or "n/d")."""
    if isinstance(value, bool):
        raise RequestError("bad_points", f"{what} must be a number of points")
    try:
        points = Fraction(value) if isinstance(value, int | str) else None
    except (ValueError, ZeroDivisionError):
        points = None
    if points is None or points < 0 or (isinstance(value, str) and len(value) > 20):
        raise RequestError("bad_points", f"{what} must be a number of points, not {value!r}")
    return points


def _gin_score(hand: Any, where: str, players: int) -> HandScore:
    if not isinstance(hand, dict):
        raise RequestError("bad_request", f"{where} must be an object")
    if hand.get("void") is True:
        return HandScore(None)
    winner = _index(hand, "winner", players)
    return HandScore(winner, _points(hand.get("points"), f"{where}.points"))


def _transfers_settlement(game: Game, hand: Any, where: str, players: int) -> Settlement:
    """A Basic or Knock hand's result from its transfers (what ``settle`` replies)."""
    if not isinstance(hand, dict):
        raise RequestError("bad_request", f"{where} must be an object")
    if hand.get("void") is True:
        return settlement_of(game, ResultKind.VOID, [0] * players, [None] * players, [], [], [], [])
    raw = hand.get("transfers")
    if not isinstance(raw, list):
        raise RequestError("bad_request", f'{where} needs transfers (or "void": true)')
    transfers = []
    for i, t in enumerate(raw):
        if not isinstance(t, dict):
            raise RequestError("bad_request", f"{where}.transfers[{i}] must be an object")
        payer, payee = _index(t, "from", players), _index(t, "to", players)
        if payer == payee:
            raise RequestError("bad_request", f"{where}.transfers[{i}]: a player pays another")
        points = _points(t.get("points"), f"{where}.transfers[{i}].points")
        transfers.append(Transfer(payer, payee, points, TransferReason.DIFFERENCE))
    payees = sorted({t.payee for t in transfers if t.points})
    kind = ResultKind.OUT if game is Game.BASIC else ResultKind.KNOCK
    return settlement_of(game, kind, [0] * players, [None] * players, [], transfers, [], payees)


def _line_json(sheet_line: SummaryLine) -> dict[str, Any]:
    return {
        "code": sheet_line.code.value,
        "params": to_json(sheet_line.params),
        "text": english(sheet_line),
    }


def handle_match(request: dict[str, Any]) -> dict[str, Any]:
    """Answer one ``match`` request (see docs/engine.md)."""
    game = Game.named(request.get("game"))
    if game is None:
        raise RequestError("unknown_game", f"unknown game: {request.get('game')!r}")
    players = request.get("players", 2)
    low, high = table_sizes(game)
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise RequestError("wrong_player_count", f"{game} is not played by {players!r}")
    hands = request.get("hands")
    if not isinstance(hands, list):
        raise RequestError("bad_request", "hands must be a list of hand results")
    options = _options(request, RULES[game].options_type)
    reply: dict[str, Any] = {"game": str(game), "players": players, "hands": len(hands)}
    match: Any
    if game is Game.GIN:
        assert isinstance(options, GinOptions)
        if players == 3:
            first_out = request.get("first_out", 0)
            first_out = _index({"first_out": first_out}, "first_out", 3)
            playing = [p for p in range(3) if p != first_out]
            first_dealer = _index({"d": request.get("first_dealer", playing[0])}, "d", 3)
            if first_dealer == first_out:
                raise RequestError("bad_request", "the first dealer cannot sit out the first hand")
            match = GinThreeGame(first_out=first_out, first_dealer=first_dealer, options=options)
        elif players == 4:
            match = GinPartnershipGame(options=options)
        else:
            match = GinGame(options=options)
        for i, hand in enumerate(hands):
            if match.is_over:
                raise RequestError("match_over", f"hands[{i}]: the game was already over")
            if players == 4:
                tables = hand.get("tables") if isinstance(hand, dict) else None
                if not isinstance(tables, list) or len(tables) != 2:
                    raise RequestError("bad_request", f"hands[{i}] needs the two tables' results")
                a, b = (_gin_score(t, f"hands[{i}].tables[{j}]", 4) for j, t in enumerate(tables))
                for j, (score, seats) in enumerate(zip((a, b), partnership_tables(i), strict=True)):
                    if score.winner is not None and score.winner not in seats:
                        raise RequestError(
                            "index_out_of_range",
                            f"hands[{i}].tables[{j}]: player {score.winner} is not at that "
                            f"table (players {seats[0]} and {seats[1]})",
                        )
                match = match.add(a, b)
                continue
            score = _gin_score(hand, f"hands[{i}]", players)
            if players == 3 and score.winner is not None:
                seated = match.seating().players
                if score.winner not in seated:
                    raise RequestError(
                        "index_out_of_range",
                        f"hands[{i}]: player {score.winner} sat out that hand",
                    )
            match = match.add(score)
        columns = sorted(match.boxes)
        reply["boxes"] = [to_json(match.boxes[p]) for p in columns]
        reply["totals"] = [to_json(match.totals[p]) for p in columns]
        if isinstance(match, GinThreeGame):
            summaries = match.summaries()
            if not match.is_over:
                seating = match.seating()
                reply["next"] = {
                    "players": list(seating.players),
                    "dealer": seating.dealer,
                    "sitting_out": seating.sitting_out,
                }
        else:
            summary = match.summary()
            summaries = [summary] if summary is not None else []
        lines = [ln for summary in summaries for ln in summary.lines]
        if not lines:
            lines = [
                summary_line(LineCode.BOXES, player=p, boxes=match.boxes[p], points=match.totals[p])
                for p in columns
            ]
            lines.append(summary_line(LineCode.IN_PROGRESS, hands=len(hands)))
    else:
        opts = options
        if game is Game.BASIC:
            assert isinstance(opts, BasicOptions)
            match = BasicMatch(players=players, options=opts)
        else:
            assert isinstance(opts, KnockOptions)
            match = KnockMatch(players=players, options=opts)
        for i, hand in enumerate(hands):
            if match.is_over:
                raise RequestError("match_over", f"hands[{i}]: the match was already over")
            match = match.add(_transfers_settlement(game, hand, f"hands[{i}]", players))
        reply["totals"] = to_json(match.received)
        lines = match.summary()
    reply["over"] = match.is_over
    reply["winner"] = match.winner
    reply["lines"] = [_line_json(ln) for ln in lines]
    return reply


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


def _run_match(args: argparse.Namespace) -> int:
    return _jsonl(handle_match, args.stdin, args.stdout)


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
    match = sub.add_parser(
        "match",
        help="score a match from its hands (JSON lines)",
        description="Read one match per line on stdin: the game, its players (Gin: 2, 3 in "
        "rotation, 4 in partnerships), options and the hands' results; write its score "
        "sheet, line by line with the codes, as one JSON reply per line.",
    )
    match.add_argument("--jsonl", action="store_true", help="JSON lines (the only mode)")
    match.set_defaults(func=_run_match)
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
