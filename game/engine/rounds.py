"""A table's hands, one after another: boards, seeds, dealers, who sits out, the match.

A table plays a match of hands. Hand number ``n`` (from 0) is a *round*: one
:class:`Board` (an engine hand) for most tables, two played at once for
four-player Gin (two partnerships, partners switching opponents each deal).
A board says which table seat sits at each of its engine seats, its seed, its
dealer (an engine seat) and the moves made so far; it is a value with a JSON
form (``to_dict``/``from_dict``), and the hand is a pure function of it and the
table's rules (:meth:`TableRules.replay`).

:class:`TableRules` holds what carries from hand to hand, as rules.md says:

* the first dealer is chosen at random (from the table's seed), at every table
  size; then the deal passes to the left, except that in two-player Gin a void
  hand is dealt again by the same dealer;
* three-player Gin (:attr:`TableFormat.GIN_THREE`): one player sits out, chosen
  at random for the first hand; the winner of a hand plays the next against
  the player who sat out, who deals; after a void hand the same two play again
  with the same dealer;
* four-player Gin (:attr:`TableFormat.GIN_FOUR`): two boards per round
  (:func:`~.games.gin.partnership_tables`), the dealer alternating;
* each board's seed is drawn from the table's seed and the round number, so a
  table is reproducible from its seed and its moves alone;
* the match of the finished rounds (:meth:`TableRules.match`) and each table
  seat's score toward the target (:meth:`TableRules.seat_scores`).

What carries over is read from each finished round's :data:`RoundResult` (its
boards' settlements), never from its hands: a table keeps the results of its
finished rounds (:func:`results_to_data`, the kind, winners and transfers of
each settlement) and replays only the round being played.

>>> from game.engine.games.gin import GinOptions
>>> table = TableRules(Game.GIN, TableFormat.GIN_THREE, seats=3, seed=12, options=GinOptions())
>>> first = table.first_round()
>>> len(first), len(first[0].seats), first[0].moves
(1, 2, ())
"""

from __future__ import annotations

import enum
import functools
import json
import random
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, TypeAlias, TypeVar

from .errors import SetupError
from .games import rules_for
from .games.basic import BasicMatch, BasicOptions
from .games.gin import GinGame, GinOptions, GinPartnershipGame, GinThreeGame, partnership_tables
from .games.knock import KnockMatch, KnockOptions
from .moves import AnyMove, Move
from .options import Game, GameOptions
from .score_sheet import HandScore
from .scoring import (
    ResultKind,
    Settlement,
    SettleStep,
    Transfer,
    TransferReason,
    settlement_of,
)
from .state import Hand, Rules

__all__ = [
    "Board",
    "Match",
    "Round",
    "RoundResult",
    "TableFormat",
    "TableRules",
    "results_from_data",
    "results_of",
    "results_to_data",
    "round_result",
    "rounds_from_data",
    "rounds_to_data",
    "table_sizes",
]

#: Seeds of boards are drawn below this bound.
SEED_BOUND = 2**31


class TableFormat(enum.StrEnum):
    """How a table's players share its hands."""

    #: Everyone plays every hand (Basic and Knock Rummy, two-player Gin).
    STANDARD = "standard"
    #: Gin with three players: one sits out each hand.
    GIN_THREE = "gin3"
    #: Gin with four players: two partnerships, two boards per round.
    GIN_FOUR = "gin4"

    @classmethod
    def of(cls, game: Game | str, players: int) -> TableFormat:
        """The format of a table of ``game`` for ``players`` (Gin 3 and 4 have their own)."""
        if Game(game) is Game.GIN and players == 3:
            return cls.GIN_THREE
        if Game(game) is Game.GIN and players == 4:
            return cls.GIN_FOUR
        return cls.STANDARD


def table_sizes(game: Game | str) -> tuple[int, int]:
    """How many may sit at a table of ``game``: Basic and Knock Rummy 2-6; Gin 2, or 3 in
    rotation, or 4 in partnerships (each board seats two)."""
    rules = rules_for(game)
    fits = [
        n
        for n in range(2, 7)
        if rules.min_players
        <= (n if TableFormat.of(game, n) is TableFormat.STANDARD else 2)
        <= rules.max_players
    ]
    return fits[0], fits[-1]


def _int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SetupError(f"{what} must be an integer, not {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class Board:
    """One engine hand at a table.

    ``seats[i]`` is the table seat playing engine seat ``i``; ``dealer`` is an engine
    seat; ``moves`` are the moves made so far, in order. ``notation`` is their text
    (``str(move)`` of each), kept beside them: a server writes it and looks hands up by
    it on every request, and a board made by :meth:`with_moves` only adds the new moves'.
    """

    seats: tuple[int, ...]
    seed: int
    dealer: int
    moves: tuple[AnyMove, ...] = ()
    notation: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if len(self.notation) != len(self.moves):
            object.__setattr__(self, "notation", tuple(str(m) for m in self.moves))

    def seat_of(self, table_seat: int) -> int | None:
        """The engine seat of ``table_seat`` at this board (``None``: not at it)."""
        return self.seats.index(table_seat) if table_seat in self.seats else None

    def with_moves(self, *moves: AnyMove) -> Board:
        notation = (*self.notation, *(str(m) for m in moves))
        return Board(self.seats, self.seed, self.dealer, (*self.moves, *moves), notation)

    def read_on(self, texts: Sequence[Any]) -> Board:
        """This board with the moves written as ``texts`` after its own, read as
        :meth:`from_dict` reads a board's moves (raises
        :class:`~.errors.InvalidNotation` for a text that is no move)."""
        moves, notation = _parse_moves(list(map(str, texts)))
        return Board(
            self.seats, self.seed, self.dealer, (*self.moves, *moves), (*self.notation, *notation)
        )

    def upto(self, count: int) -> Board:
        """The board after its first ``count`` moves."""
        return Board(self.seats, self.seed, self.dealer, self.moves[:count], self.notation[:count])

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": list(self.seats),
            "seed": self.seed,
            "dealer": self.dealer,
            "moves": list(self.notation),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, finished: bool = False) -> Board:
        """Inverse of :meth:`to_dict`. Raises :class:`~.errors.SetupError` or
        :class:`~.errors.InvalidNotation` for anything that is not a board.

        ``finished``: the board's round is over, so its moves will be read again as they
        are (they are kept, by their texts, for the next reading)."""
        if not isinstance(data, Mapping):
            raise SetupError(f"a board must be a mapping, not {type(data).__name__}")
        seats = data.get("seats")
        moves = data.get("moves", [])
        if not isinstance(seats, list) or not isinstance(moves, list):
            raise SetupError("a board's seats and moves must be lists")
        seats_ = tuple(_int(s, "a seat") for s in seats)
        seed = _int(data.get("seed"), "the seed")
        dealer = _int(data.get("dealer"), "the dealer")
        parsed, notation = _moves_of(moves, finished=finished)
        board = cls(seats=seats_, seed=seed, dealer=dealer, moves=parsed, notation=notation)
        if not 0 <= board.dealer < len(board.seats) or len(set(board.seats)) != len(seats):
            raise SetupError(f"not a board: {dict(data)!r}")
        return board


@functools.lru_cache(maxsize=8192)
def _notation(text: str) -> str:
    """A move's text as the engine writes it (``"discard 7h"`` -> ``"discard 7H"``): a
    table's log repeats the same few hundred texts, each read once."""
    return str(Move.parse(text))


#: Between the texts of a finished board's moves in the key it is remembered by.
_SEPARATOR = "\x1f"


def _moves_of(moves: list[Any], *, finished: bool) -> tuple[tuple[AnyMove, ...], tuple[str, ...]]:
    """A board's moves and their notation, read from their texts. A finished board's are
    kept (by its texts joined, when no text holds the separator): a table's page reads
    every round it has played, and a finished round never changes, so a long match would
    otherwise read its first hands' hundreds of moves again on every request. Moves are
    values: the same board read by two tables is the same either way."""
    texts = list(map(str, moves))
    if finished and texts:
        key = _SEPARATOR.join(texts)
        if key.count(_SEPARATOR) == len(texts) - 1:
            return _kept(_FINISHED_MOVES, key, lambda: _parse_moves(texts))
    return _parse_moves(texts)


def _parse_moves(texts: Sequence[str]) -> tuple[tuple[AnyMove, ...], tuple[str, ...]]:
    return tuple(Move.parse(t) for t in texts), tuple(_notation(t) for t in texts)


_Key = TypeVar("_Key")
_Value = TypeVar("_Value")
#: How many finished boards, and how many finished hands' results, a process keeps.
READ_CACHE_SIZE = 4096
_FINISHED_MOVES: dict[str, tuple[tuple[AnyMove, ...], tuple[str, ...]]] = {}
_SETTLEMENTS: dict[tuple[Any, ...], Settlement] = {}
_KEPT_LOCK = threading.Lock()


def _kept(cache: dict[_Key, _Value], key: _Key, make: Callable[[], _Value]) -> _Value:
    """``cache[key]``, made by ``make()`` the first time it is asked for; the oldest is
    forgotten beyond :data:`READ_CACHE_SIZE`. What is made is read from the data the key
    was taken from (so a miss costs what reading it always did)."""
    found = cache.get(key)
    if found is None:
        found = make()
        with _KEPT_LOCK:
            cache[key] = found
            if len(cache) > READ_CACHE_SIZE:
                del cache[next(iter(cache))]
    return found


def clear_read_caches() -> None:
    """Forget the finished boards and results read so far (what a fresh process knows)."""
    with _KEPT_LOCK:
        _FINISHED_MOVES.clear()
        _SETTLEMENTS.clear()
        _ROUND_TEXTS.clear()


Round: TypeAlias = tuple[Board, ...]
#: A finished round: the settlement of each of its boards.
RoundResult: TypeAlias = tuple[Settlement, ...]
Match: TypeAlias = BasicMatch | GinGame | GinThreeGame | GinPartnershipGame | KnockMatch


def rounds_to_data(rounds: Sequence[Round]) -> list[list[dict[str, Any]]]:
    """A table's rounds as JSON-able data (oldest first)."""
    return [[board.to_dict() for board in round_] for round_ in rounds]


#: The JSON text of finished rounds, by the round object, kept with it (so that no other
#: object can have its id while the text is here): a table writes every round it has
#: played on every move, and a worker reads a finished round once and keeps it.
_ROUND_TEXTS: dict[int, tuple[Round, str]] = {}


def rounds_to_json(rounds: Sequence[Round]) -> str:
    """``json.dumps(rounds_to_data(rounds))``: the same text, with each finished round's
    (every round but the last) written once per process and kept by the round."""
    last = len(rounds) - 1
    texts = []
    for number, round_ in enumerate(rounds):
        if number == last:
            texts.append(json.dumps([board.to_dict() for board in round_]))
            continue
        entry = _ROUND_TEXTS.get(id(round_))
        if entry is None or entry[0] is not round_:
            entry = (round_, json.dumps([board.to_dict() for board in round_]))
            with _KEPT_LOCK:
                _ROUND_TEXTS[id(round_)] = entry
                if len(_ROUND_TEXTS) > READ_CACHE_SIZE:
                    del _ROUND_TEXTS[next(iter(_ROUND_TEXTS))]
        texts.append(entry[1])
    return "[" + ", ".join(texts) + "]"


def rounds_from_data(data: Any) -> tuple[Round, ...]:
    """Inverse of :func:`rounds_to_data` (raises an :class:`~.errors.EngineError` for
    anything else, an empty round included)."""
    if not isinstance(data, list):
        raise SetupError("rounds must be a list")
    rounds = []
    last = len(data) - 1
    for number, raw in enumerate(data):
        if not isinstance(raw, list) or not raw:
            raise SetupError("a round must be a non-empty list of boards")
        rounds.append(tuple(Board.from_dict(b, finished=number < last) for b in raw))
    return tuple(rounds)


def round_result(played: Sequence[Hand]) -> RoundResult | None:
    """The result of a round from its boards' hands; ``None`` while one is being played."""
    if not all(hand.is_over and hand.result is not None for hand in played):
        return None
    return tuple(hand.result.settlement for hand in played if hand.result is not None)


def results_of(hands: Sequence[Sequence[Hand]]) -> list[RoundResult]:
    """The results of the rounds that are over, oldest first (up to the first that is
    not)."""
    results = []
    for played in hands:
        result = round_result(played)
        if result is None:
            break
        results.append(result)
    return results


def _points(points: Fraction) -> int | str:
    """Points as JSON: an integer, or a fraction's text ("5/2", a Knock Rummy split)."""
    return points.numerator if points.denominator == 1 else str(points)


def _settlement_to_data(s: Settlement) -> dict[str, Any]:
    return {
        "kind": s.kind.value,
        "winners": list(s.winners),
        "transfers": [[t.payer, t.payee, _points(t.points), t.reason.value] for t in s.transfers],
    }


def _settlement_from_data(game: Game, players: int, data: Any) -> Settlement:
    """A finished hand's settlement read back (:func:`_read_settlement`). When the data is
    plainly well formed it is kept by a key made of it (a table reads every finished
    hand's result on every request), and handed out as a copy of what a caller could
    change in place (the sums and the steps' parameters are dicts): every reading gives a
    value of its own, as before."""
    try:
        kind, winners, transfers = data["kind"], data["winners"], data["transfers"]
        if (
            type(kind) is str
            and type(winners) is list
            and type(transfers) is list
            and all(type(w) is int for w in winners)
            and all(
                type(t) is list and len(t) == 4 and type(t[0]) is int and type(t[1]) is int
                for t in transfers
            )
        ):
            key = (game, players, kind, tuple(winners), tuple(map(tuple, transfers)))
            known = _kept(_SETTLEMENTS, key, lambda: _read_settlement(game, players, data))
            return replace(
                known,
                received=dict(known.received),
                paid=dict(known.paid),
                steps=tuple(SettleStep(step.code, dict(step.params)) for step in known.steps),
            )
    except (KeyError, TypeError):  # not a mapping, or a part that cannot be a key
        pass
    return _read_settlement(game, players, data)


def _read_settlement(game: Game, players: int, data: Any) -> Settlement:
    try:
        kind = ResultKind(data["kind"])
        winners = [_int(w, "a winner") for w in data["winners"]]
        transfers = [
            Transfer(_int(a, "a payer"), _int(b, "a payee"), Fraction(p), TransferReason(r))
            for a, b, p, r in data["transfers"]
        ]
    except (KeyError, TypeError, ValueError, ZeroDivisionError, OverflowError) as exc:
        raise SetupError(f"not a hand's result: {data!r}") from exc
    seats = range(players)
    if any(w not in seats for w in winners) or any(
        t.payer not in seats or t.payee not in seats or t.payer == t.payee or t.points < 0
        for t in transfers
    ):
        raise SetupError(f"not a result of {players} players: {data!r}")
    return settlement_of(game, kind, [0] * players, [None] * players, [], transfers, [], winners)


def results_to_data(results: Sequence[RoundResult]) -> list[list[dict[str, Any]]]:
    """Finished rounds' results as JSON-able data: per board, what a match reads of its
    settlement (its kind, winners and transfers; not the cards and steps)."""
    return [[_settlement_to_data(s) for s in result] for result in results]


def results_from_data(game: Game, rounds: Sequence[Round], data: Any) -> list[RoundResult]:
    """Inverse of :func:`results_to_data`, for the first rounds of ``rounds`` (each board's
    settlement has as many players as the board has seats). The settlements read back
    hold what a match needs: kind, winners, transfers, and what each player received
    and paid."""
    if not isinstance(data, list) or len(data) > len(rounds):
        raise SetupError("results must be a list, one per finished round")
    results = []
    for round_, raw in zip(rounds, data, strict=False):
        if not isinstance(raw, list) or len(raw) != len(round_):
            raise SetupError("a round's result has one settlement per board")
        results.append(
            tuple(
                _settlement_from_data(Game(game), len(board.seats), item)
                for board, item in zip(round_, raw, strict=True)
            )
        )
    return results


def _seed(table_seed: int, number: int) -> int:
    return random.Random(f"{table_seed}:deal:{number}").randrange(1, SEED_BOUND)


@dataclass(frozen=True)
class TableRules:
    """The rules of a table from hand to hand (see the module docs).

    ``seats`` is the number of table seats, ``seed`` the table's own seed, the source
    of every random choice (board seeds, the first dealer, who sits out first).
    """

    game: Game
    format: TableFormat
    seats: int
    seed: int
    options: GameOptions

    def __post_init__(self) -> None:
        object.__setattr__(self, "game", Game(self.game))
        rules = rules_for(self.game)
        if not isinstance(self.options, rules.options_type):
            raise SetupError(f"options for {type(self.options).game}, not {self.game}")
        if self.format is not TableFormat.of(self.game, self.seats):
            raise SetupError(f"{self.game} with {self.seats} seats is not {self.format}")
        board_players = 2 if self.format is not TableFormat.STANDARD else self.seats
        if not rules.min_players <= board_players <= rules.max_players:
            raise SetupError(f"{self.game} is not for {self.seats} players")

    @property
    def rules(self) -> Rules:
        return rules_for(self.game)

    # ------------------------------------------------------------------ hands
    def deal(self, board: Board) -> Hand:
        """The board's hand as dealt."""
        return Hand.new(
            self.rules,
            players=len(board.seats),
            dealer=board.dealer,
            seed=board.seed,
            options=self.options,
        )

    def replay(self, board: Board, *, checked: bool = False) -> Hand:
        """The board's hand after its moves (not checked by default: a table's moves were
        checked when they were made)."""
        return Hand.replay(
            self.rules,
            board.moves,
            players=len(board.seats),
            dealer=board.dealer,
            seed=board.seed,
            options=self.options,
            checked=checked,
        )

    # ---------------------------------------------------------------- rounds
    def _random(self, what: str) -> random.Random:
        return random.Random(f"{self.seed}:{what}")

    def first_out(self) -> int:
        """Three-player Gin: the table seat that sits out the first hand."""
        return self._random("out").randrange(3)

    def first_round(self) -> Round:
        return self.next_round((), ())

    def next_round(self, rounds: Sequence[Round], results: Sequence[RoundResult]) -> Round:
        """The boards of the round after ``rounds`` (``results[i]``: the result of
        ``rounds[i]``; every round must be over, see :func:`results_of`)."""
        number = len(rounds)
        if len(results) != number:
            raise SetupError("the next hand is dealt once every board of this one is over")
        seed = _seed(self.seed, number)
        if self.format is TableFormat.GIN_THREE:
            seating = self._three_game(rounds, results).seating()
            pair = seating.players
            return (Board(pair, seed, pair.index(seating.dealer)),)
        if self.format is TableFormat.GIN_FOUR:
            first, second = partnership_tables(number)
            dealer = (self._random("dealer").randrange(2) + number) % 2
            return (
                Board(first, seed, dealer),
                Board(second, _seed(self.seed + 1, number), dealer),
            )
        seats = tuple(range(self.seats))
        if not rounds:
            return (Board(seats, seed, self._random("dealer").randrange(self.seats)),)
        previous, result = rounds[-1][0], results[-1][0]
        dealer = (previous.dealer + 1) % self.seats
        if self.game is Game.GIN and not result.winners:
            dealer = previous.dealer  # a void Gin hand: the same dealer deals again
        return (Board(seats, seed, dealer),)

    def _three_game(self, rounds: Sequence[Round], results: Sequence[RoundResult]) -> GinThreeGame:
        assert isinstance(self.options, GinOptions)
        first_out = self.first_out()
        playing = [p for p in range(3) if p != first_out]
        if rounds:  # the first hand's dealer, as it was dealt
            board = rounds[0][0]
            first_dealer = board.seats[board.dealer]
        else:
            first_dealer = self._random("dealer").choice(playing)
        scores = [
            HandScore.of(settlement, board.seats)
            for round_, result in zip(rounds, results, strict=False)
            for board, settlement in zip(round_, result, strict=True)
        ]
        return GinThreeGame(
            first_out=first_out,
            first_dealer=first_dealer,
            options=self.options,
            results=tuple(scores),
        )

    # ----------------------------------------------------------------- match
    def match(self, rounds: Sequence[Round], results: Sequence[RoundResult]) -> Match:
        """The match of the rounds that are over: ``results`` are the results of the
        first rounds of ``rounds`` (a round still being played has none)."""
        if len(results) > len(rounds):
            raise SetupError("more results than rounds")
        done = list(zip(rounds, results, strict=False))
        options = self.options
        if isinstance(options, GinOptions):
            if self.format is TableFormat.GIN_THREE:
                return self._three_game(rounds, results)
            scored = [
                tuple(
                    HandScore.of(settlement, board.seats)
                    for board, settlement in zip(round_, result, strict=True)
                )
                for round_, result in done
            ]
            if self.format is TableFormat.GIN_FOUR:
                return GinPartnershipGame(
                    options=options, deals=tuple((s[0], s[1]) for s in scored)
                )
            return GinGame(options=options, results=tuple(s[0] for s in scored))
        settlements = tuple(result[0] for _, result in done)
        if isinstance(options, KnockOptions):
            return KnockMatch(players=self.seats, options=options, results=settlements)
        assert isinstance(options, BasicOptions)
        return BasicMatch(players=self.seats, options=options, results=settlements)

    def seat_scores(self, match: Match) -> list[Fraction]:
        """Each table seat's score toward the target (a partnership's for both partners)."""
        if isinstance(match, GinPartnershipGame):
            totals = match.totals
            return [totals[seat % 2] for seat in range(self.seats)]
        if isinstance(match, GinGame | GinThreeGame):
            totals = match.totals
            return [totals[seat] for seat in range(self.seats)]
        return match.received

    @property
    def target_score(self) -> int:
        return self.options.target_score
