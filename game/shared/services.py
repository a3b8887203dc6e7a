"""Tables for people: open one, sit down with its code, play your seat's moves.

A table is opened by a learner, who takes the first seat; its other seats are
computer players (as many as asked) or open. Anyone with the table's code sits down
in the first open seat (:func:`sit_down`); when the last one is taken the hand is
dealt. Each player sees only what their seat may see (:meth:`SharedState.view_for`,
the engine's player view) and moves only on their turn (:func:`shared_move`); the
computer players move as soon as it is their turn, on every board of the round.

Every change is one conditional UPDATE on the table's ``version``: a move is made
only from the version its player was shown, so of two moves sent at once (two
players, a double click, two tabs) exactly one goes in and the other is told
(:class:`StaleTable`), with nothing changed. An illegal move is refused with the
engine's reason (:class:`MoveRefused`), sent as a practice table's refusal is
(:data:`game.practice.signals.move_refused`), so a pupil's mistakes reach their
teacher's dashboard.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from game.engine import (
    AnyMove,
    Board,
    EngineError,
    Game,
    Hand,
    IllegalMove,
    PlayerView,
    Round,
    RoundResult,
    TableFormat,
    TableRules,
    bot_move,
    options_for,
    results_from_data,
    results_to_data,
    round_result,
    rounds_from_data,
    rounds_to_data,
    table_sizes,
)
from game.names import computer_name
from game.practice.services import CorruptTable, replay
from game.practice.signals import move_refused
from learners.models import Learner
from rummy_site import codes
from rummy_site.errors import ServiceError
from rummy_site.prepared import update_if_unchanged

from .models import CODE_LENGTH, SharedTable


class SharedError(ServiceError):
    status = 409


class BadTable(SharedError):
    status = 400
    default_message = _("Choose a game and a number of players it is played with.")


class TableNotFound(SharedError):
    status = 404
    default_message = _("There is no table with this code. Check it and try again.")


class TableFull(SharedError):
    default_message = _("Every seat at this table is taken.")


class NameTaken(SharedError):
    default_message = _("Someone at this table already has this name. Choose another one.")


class NotSeated(SharedError):
    status = 403
    default_message = _("You are not sitting at this table.")


class NotDealt(SharedError):
    default_message = _("The hand starts when every seat is taken.")


class NotYourTurn(SharedError):
    default_message = _("It is not your turn yet.")


class StaleTable(SharedError):
    default_message = _("The table changed in the meantime. Here it is as it is now.")


class HandNotOver(SharedError):
    default_message = _("This hand is not over yet.")


class MatchOver(SharedError):
    default_message = _("The match is over: open a new table to play again.")


class TooManyTries(SharedError, codes.TooManyTries):
    status = 429


class MoveRefused(SharedError):
    """An illegal move: the engine's reason (told in the player's own language)."""

    status = 422

    def __init__(self, error: IllegalMove) -> None:
        super().__init__(str(error))
        self.error = error


# ------------------------------------------------------------------ a table's state
@dataclass(frozen=True)
class SharedState:
    """A table replayed: its rules, rounds (the last one being played) and results."""

    table: SharedTable
    rules: TableRules
    rounds: tuple[Round, ...]
    results: tuple[RoundResult, ...]

    @property
    def version(self) -> int:
        return self.table.version

    @property
    def dealt(self) -> bool:
        return bool(self.rounds)

    @property
    def names(self) -> list[str]:
        """Each table seat's name (an open seat's is empty)."""
        return [str(seat.get("name", "")) for seat in self.table.seats]

    @property
    def current(self) -> Round:
        return self.rounds[-1] if self.rounds else ()

    def board_of(self, seat: int) -> Board | None:
        """The board of the current round ``seat`` plays at (``None``: sitting out, or
        not dealt yet)."""
        return next((b for b in self.current if seat in b.seats), None)

    def hand_of(self, board: Board) -> Hand:
        return replay(self.rules, board)

    def view_for(self, seat: int | None) -> PlayerView | None:
        """What table seat ``seat`` may see of its board (``None`` when it plays no board
        now); never another player's cards, the stock's order or a face-down card."""
        if seat is None:
            return None
        board = self.board_of(seat)
        if board is None:
            return None
        return self.hand_of(board).view(board.seat_of(seat))

    def to_move(self, board: Board) -> int | None:
        """The table seat to move at ``board`` (``None`` once its hand is over)."""
        hand = self.hand_of(board)
        return None if hand.is_over else board.seats[hand.turn]

    def my_turn(self, seat: int | None) -> bool:
        board = self.board_of(seat) if seat is not None else None
        return board is not None and self.to_move(board) == seat

    @property
    def round_over(self) -> bool:
        return self.dealt and all(self.hand_of(b).is_over for b in self.current)

    def result(self) -> RoundResult | None:
        """The current round's result, once every board of it is over."""
        return round_result([self.hand_of(b) for b in self.current]) if self.dealt else None


def scores_of(state: SharedState) -> list[Fraction]:
    """Each table seat's score toward the match's target (the current hand counted once
    it is over)."""
    current = state.result() if state.round_over else None
    results = (*state.results, *([current] if current is not None else []))
    return state.rules.seat_scores(state.rules.match(state.rounds, results))


def _rules(table: SharedTable) -> TableRules:
    try:
        return TableRules(
            Game(table.game),
            TableFormat(table.format),
            seats=len(table.seats),
            seed=int(table.seed),
            options=options_for(table.game, table.options),
        )
    except (EngineError, ValueError, TypeError) as exc:
        raise CorruptTable(str(exc)) from exc


def shared_state(*, table: SharedTable) -> SharedState:
    rules = _rules(table)
    try:
        rounds = rounds_from_data(table.rounds)
        results = tuple(results_from_data(rules.game, rounds, table.results))
    except (EngineError, ValueError, TypeError, KeyError) as exc:
        raise CorruptTable(str(exc)) from exc
    return SharedState(table, rules, rounds, results)


# ------------------------------------------------------------------ opening, sitting down
def _is_bot(seat: dict[str, Any]) -> bool:
    return bool(seat.get("bot"))


def _is_open(seat: dict[str, Any]) -> bool:
    return bool(seat.get("open"))


def open_table(
    *,
    learner: Learner,
    name: str,
    game: str,
    players: int,
    computers: int = 0,
    options: dict[str, Any] | None = None,
    seed: int | None = None,
) -> SharedTable:
    """A new table: ``learner`` in the first seat as ``name``, ``computers`` computer
    players in the last seats, the others open. With no open seat the hand is dealt."""
    found = Game.named(game)
    if found is None:
        raise BadTable()
    low, high = table_sizes(found)
    if not (low <= players <= high and 0 <= computers < players):
        raise BadTable()
    seats: list[dict[str, Any]] = [{"name": name, "learner": learner.pk}]
    seats += [{"name": "", "open": True} for _ in range(players - 1 - computers)]
    seats += [{"name": computer_name(i), "bot": True} for i in range(computers)]
    table = SharedTable(
        game=found.value,
        format=TableFormat.of(found, players).value,
        options=options or {},
        seats=seats,
        seed=seed if seed is not None else random.SystemRandom().randrange(1, 2**62),
    )
    try:
        rules = _rules(table)
    except CorruptTable:
        raise BadTable() from None
    if not any(_is_open(s) for s in seats):
        table.rounds = rounds_to_data([_with_bots_moved(rules, rules.first_round(), seats)])
    for attempt in range(8):
        try:
            with transaction.atomic():
                table.save()
            return table
        except IntegrityError:  # the code was taken: draw another
            table.code = codes.new_code(CODE_LENGTH)
            table.pk = None
            if attempt == 7:
                raise
    raise AssertionError("unreachable")


def seat_people(
    *,
    people: Sequence[tuple[Learner, str]],
    game: str,
    players: int,
    options: dict[str, Any] | None = None,
) -> list[SharedTable]:
    """Tables of ``players`` for all of ``people`` (learner, name) at once, in their
    order, computer players filling the last table; each dealt at once."""
    found = Game.named(game)
    if found is None or not people:
        raise BadTable()
    low, high = table_sizes(found)
    if not low <= players <= high:
        raise BadTable()
    tables = []
    with transaction.atomic():
        for start in range(0, len(people), players):
            group = people[start : start + players]
            seats: list[dict[str, Any]] = [{"name": n, "learner": p.pk} for p, n in group]
            seats += [{"name": computer_name(i), "bot": True} for i in range(players - len(group))]
            table = SharedTable(
                game=found.value,
                format=TableFormat.of(found, players).value,
                options=options or {},
                seats=seats,
                seed=random.SystemRandom().randrange(1, 2**62),
            )
            rules = _rules(table)
            table.rounds = rounds_to_data([_with_bots_moved(rules, rules.first_round(), seats)])
            table.save()
            tables.append(table)
    return tables


def table_by_code(*, code: str) -> SharedTable:
    found = SharedTable.objects.filter(code=codes.normalise(code)).first()
    if found is None:
        raise TableNotFound()
    return found


def table_get(*, public_id: str) -> SharedTable:
    found = SharedTable.objects.filter(public_id=public_id).first()
    if found is None:
        raise TableNotFound()
    return found


def seat_of(table: SharedTable, learner: Learner | None) -> int | None:
    """The learner's seat at the table, if they sit at it."""
    if learner is None:
        return None
    return next(
        (i for i, s in enumerate(table.seats) if s.get("learner") == learner.pk),
        None,
    )


def sit_down(*, table: SharedTable, learner: Learner, name: str) -> tuple[SharedTable, int]:
    """``learner`` takes the first open seat as ``name`` (or keeps the seat they have);
    the hand is dealt when it was the last one. Of two players sitting down at once, one
    gets the seat first and the other the next (or :class:`TableFull`)."""
    for _try in range(4):
        table.refresh_from_db()
        mine = seat_of(table, learner)
        if mine is not None:
            return table, mine
        free = next((i for i, s in enumerate(table.seats) if _is_open(s)), None)
        if free is None:
            raise TableFull()
        taken = {str(s.get("name", "")).casefold() for s in table.seats if not _is_open(s)}
        if name.casefold() in taken:
            raise NameTaken()
        seats = [dict(s) for s in table.seats]
        seats[free] = {"name": name, "learner": learner.pk}
        fields: dict[str, Any] = {"seats": seats}
        if not any(_is_open(s) for s in seats):
            rules = _rules(table)
            fields["rounds"] = rounds_to_data([_with_bots_moved(rules, rules.first_round(), seats)])
        if update_if_unchanged(table, "version", **fields, updated=timezone.now()):
            for key, value in fields.items():
                setattr(table, key, value)
            table.version += 1
            return table, free
    raise StaleTable()


# ------------------------------------------------------------------ moves
def _with_bots_moved(
    rules: TableRules, round_: Round, seats: Sequence[dict[str, Any]], *, seed: int = 0
) -> Round:
    """Each board of the round after its computer players' moves, up to a person's turn
    or the end of its hand."""
    boards = []
    for board in round_:
        hand = replay(rules, board)
        while not hand.is_over and _is_bot(seats[board.seats[hand.turn]]):
            move = bot_move(hand, seed=rules.seed % 2**31 + seed)
            hand = hand.apply(move)
            board = board.with_moves(move)
        boards.append(board)
    return tuple(boards)


def _save(state: SharedState, rounds: Sequence[Round], results: Sequence[RoundResult]) -> None:
    table = state.table
    fields = {"rounds": rounds_to_data(rounds), "results": results_to_data(results)}
    if not update_if_unchanged(table, "version", **fields, updated=timezone.now()):
        raise StaleTable()
    for key, value in fields.items():
        setattr(table, key, value)
    table.version += 1


def shared_move(
    *, table: SharedTable, learner: Learner, version: int, move: AnyMove
) -> SharedState:
    """``learner``'s move at their seat, made only from ``version`` (the table as they
    were shown it) and on their turn; the computer players then move."""
    seat = seat_of(table, learner)
    if seat is None:
        raise NotSeated()
    if version != table.version:
        raise StaleTable()
    state = shared_state(table=table)
    if not state.dealt:
        raise NotDealt()
    board = state.board_of(seat)
    if board is None or state.to_move(board) != seat:
        raise NotYourTurn()
    hand = state.hand_of(board)
    try:
        hand.play(move, board.seat_of(seat))
    except IllegalMove as exc:
        move_refused.send(
            sender=SharedTable,
            learner=learner,
            game=state.rules.game,
            error=exc,
            table=table.public_id,
        )
        raise MoveRefused(exc) from None
    moved = board.with_moves(move)
    current = tuple(moved if b == board else b for b in state.current)
    current = _with_bots_moved(state.rules, current, table.seats, seed=len(state.rounds))
    rounds = (*state.rounds[:-1], current)
    _save(state, rounds, state.results)
    return shared_state(table=table)


def next_hand(*, table: SharedTable, learner: Learner, version: int) -> SharedState:
    """Deal the next hand of the match, once every board of this one is over (any
    player at the table may; the version makes it once)."""
    if seat_of(table, learner) is None:
        raise NotSeated()
    if version != table.version:
        raise StaleTable()
    state = shared_state(table=table)
    result = state.result()
    if result is None:
        raise HandNotOver()
    results = (*state.results, result)
    if state.rules.match(state.rounds, results).is_over:
        raise MatchOver()
    following = state.rules.next_round(state.rounds, results)
    following = _with_bots_moved(state.rules, following, table.seats, seed=len(state.rounds) + 1)
    _save(state, (*state.rounds, following), results)
    return shared_state(table=table)


def poll_version(*, public_id: str) -> int | None:
    """The table's version, in one query (a player's poll compares it)."""
    return SharedTable.objects.filter(public_id=public_id).values_list("version", flat=True).first()


__all__ = [
    "BadTable",
    "HandNotOver",
    "MatchOver",
    "MoveRefused",
    "NameTaken",
    "NotDealt",
    "NotSeated",
    "NotYourTurn",
    "SharedError",
    "SharedState",
    "StaleTable",
    "TableFull",
    "TableNotFound",
    "TooManyTries",
    "next_hand",
    "open_table",
    "poll_version",
    "scores_of",
    "seat_of",
    "seat_people",
    "shared_move",
    "shared_state",
    "sit_down",
    "table_by_code",
    "table_get",
]
