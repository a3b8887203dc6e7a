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

>>> from game.engine.games.gin import GinOptions
>>> table = TableRules(Game.GIN, TableFormat.GIN_THREE, seats=3, seed=12, options=GinOptions())
>>> first = table.first_round()
>>> len(first), len(first[0].seats), first[0].moves
(1, 2, ())
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeAlias

from .errors import SetupError
from .games import rules_for
from .games.basic import BasicMatch, BasicOptions
from .games.gin import GinGame, GinOptions, GinPartnershipGame, GinThreeGame, partnership_tables
from .games.knock import KnockMatch, KnockOptions
from .moves import AnyMove, Move
from .options import Game, GameOptions
from .score_sheet import HandScore
from .state import Hand, Rules

__all__ = [
    "Board",
    "Match",
    "Round",
    "TableFormat",
    "TableRules",
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
    seat; ``moves`` are the moves made so far, in order.
    """

    seats: tuple[int, ...]
    seed: int
    dealer: int
    moves: tuple[AnyMove, ...] = ()

    def seat_of(self, table_seat: int) -> int | None:
        """The engine seat of ``table_seat`` at this board (``None``: not at it)."""
        return self.seats.index(table_seat) if table_seat in self.seats else None

    def with_moves(self, *moves: AnyMove) -> Board:
        return Board(self.seats, self.seed, self.dealer, (*self.moves, *moves))

    def upto(self, count: int) -> Board:
        """The board after its first ``count`` moves."""
        return Board(self.seats, self.seed, self.dealer, self.moves[:count])

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": list(self.seats),
            "seed": self.seed,
            "dealer": self.dealer,
            "moves": [str(m) for m in self.moves],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Board:
        """Inverse of :meth:`to_dict`. Raises :class:`~.errors.SetupError` or
        :class:`~.errors.InvalidNotation` for anything that is not a board."""
        if not isinstance(data, Mapping):
            raise SetupError(f"a board must be a mapping, not {type(data).__name__}")
        seats = data.get("seats")
        moves = data.get("moves", [])
        if not isinstance(seats, list) or not isinstance(moves, list):
            raise SetupError("a board's seats and moves must be lists")
        board = cls(
            seats=tuple(_int(s, "a seat") for s in seats),
            seed=_int(data.get("seed"), "the seed"),
            dealer=_int(data.get("dealer"), "the dealer"),
            moves=tuple(Move.parse(str(m)) for m in moves),
        )
        if not 0 <= board.dealer < len(board.seats) or len(set(board.seats)) != len(seats):
            raise SetupError(f"not a board: {dict(data)!r}")
        return board


Round: TypeAlias = tuple[Board, ...]
Match: TypeAlias = BasicMatch | GinGame | GinThreeGame | GinPartnershipGame | KnockMatch


def rounds_to_data(rounds: Sequence[Round]) -> list[list[dict[str, Any]]]:
    """A table's rounds as JSON-able data (oldest first)."""
    return [[board.to_dict() for board in round_] for round_ in rounds]


def rounds_from_data(data: Any) -> tuple[Round, ...]:
    """Inverse of :func:`rounds_to_data` (raises an :class:`~.errors.EngineError` for
    anything else, an empty round included)."""
    if not isinstance(data, list):
        raise SetupError("rounds must be a list")
    rounds = []
    for raw in data:
        if not isinstance(raw, list) or not raw:
            raise SetupError("a round must be a non-empty list of boards")
        rounds.append(tuple(Board.from_dict(b) for b in raw))
    return tuple(rounds)


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

    def next_round(self, rounds: Sequence[Round], hands: Sequence[Sequence[Hand]]) -> Round:
        """The boards of the round after ``rounds`` (``hands[i][j]``: the final hand of
        ``rounds[i][j]``; every round must be over)."""
        number = len(rounds)
        if len(hands) != number or any(not h.is_over for r in hands for h in r):
            raise SetupError("the next hand is dealt once every board of this one is over")
        seed = _seed(self.seed, number)
        if self.format is TableFormat.GIN_THREE:
            seating = self._three_game(rounds, hands).seating()
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
        previous = hands[-1][0]
        dealer = (previous.dealer + 1) % self.seats
        if self.game is Game.GIN and previous.result is not None and not previous.result.winners:
            dealer = previous.dealer  # a void Gin hand: the same dealer deals again
        return (Board(seats, seed, dealer),)

    def _three_game(self, rounds: Sequence[Round], hands: Sequence[Sequence[Hand]]) -> GinThreeGame:
        assert isinstance(self.options, GinOptions)
        first_out = self.first_out()
        playing = [p for p in range(3) if p != first_out]
        if rounds:  # the first hand's dealer, as it was dealt
            board = rounds[0][0]
            first_dealer = board.seats[board.dealer]
        else:
            first_dealer = self._random("dealer").choice(playing)
        scores = [
            HandScore.of(hand.result.settlement, board.seats)
            for round_, played in zip(rounds, hands, strict=True)
            for board, hand in zip(round_, played, strict=True)
            if hand.result is not None
        ]
        return GinThreeGame(
            first_out=first_out,
            first_dealer=first_dealer,
            options=self.options,
            results=tuple(scores),
        )

    # ----------------------------------------------------------------- match
    def match(self, rounds: Sequence[Round], hands: Sequence[Sequence[Hand]]) -> Match:
        """The match of the rounds that are over (``hands`` as in :meth:`next_round`;
        a round still being played is left out)."""
        done = [
            (round_, played)
            for round_, played in zip(rounds, hands, strict=True)
            if all(h.is_over for h in played)
        ]
        options = self.options
        if isinstance(options, GinOptions):
            if self.format is TableFormat.GIN_THREE:
                return self._three_game([r for r, _ in done], [h for _, h in done])
            scored = [
                tuple(
                    HandScore.of(hand.result.settlement, board.seats)
                    for board, hand in zip(round_, played, strict=True)
                    if hand.result is not None
                )
                for round_, played in done
            ]
            if self.format is TableFormat.GIN_FOUR:
                return GinPartnershipGame(
                    options=options, deals=tuple((s[0], s[1]) for s in scored)
                )
            return GinGame(options=options, results=tuple(s[0] for s in scored))
        settlements = tuple(
            played[0].result.settlement for _, played in done if played[0].result is not None
        )
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
