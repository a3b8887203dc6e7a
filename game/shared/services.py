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

A person to move who does not answer within the table's ``away_seconds`` is replaced
by a computer player (:func:`replace_absent`, run by any player's poll: the table's
``waiting`` list tells in the poll's one query whether anyone has waited too long); a
player may also leave (:func:`leave_seat`), and takes the seat back with
:func:`take_seat_back`. A teacher pauses a class table (:func:`set_paused`: no move is
made meanwhile), switches its hints off (:func:`set_hints`) and ends it for good
(:func:`end_table`: no move is made from then on, no one sits down or takes a seat
back, and its finished hands stay to review); a player asks the coach
with :func:`shared_hint`. When a board's hand ends, each person at it is told by
:data:`game.practice.signals.hand_finished` (with the coach's verdicts on their own
moves, never on the computer's for them while away), and :func:`seat_review` steps
through a finished hand as one player saw it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import timedelta
from fractions import Fraction
from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from game import moveforms
from game.engine import (
    Advice,
    AnyMove,
    Board,
    Card,
    EngineError,
    Game,
    Hand,
    IllegalMove,
    Match,
    PlayerView,
    Round,
    RoundResult,
    TableFormat,
    TableRules,
    advise,
    bot_move,
    options_for,
    results_from_data,
    results_to_data,
    round_result,
    rounds_from_data,
    rounds_to_data,
    table_sizes,
)
from game.explain import game_name
from game.moveforms import Refusal
from game.names import computer_names_besides
from game.practice.services import (
    MAX_TABLES_PER_DAY,
    CorruptTable,
    TooManyTables,
    board_verdicts,
    computers_for,
    computers_policy,
    replay,
)
from game.practice.signals import hand_finished, move_refused
from learners.models import Learner
from learners.names import name_key
from rummy_site import codes
from rummy_site.errors import ServiceError
from rummy_site.parsing import small_int
from rummy_site.prepared import PreparedQuery, update_if_unchanged

from .models import CODE_LENGTH, SharedTable

#: How long a person to move may take, by default, before the computer plays for them.
AWAY_SECONDS = 120
#: The choices a table's opener has (0: never).
AWAY_CHOICES = (30, 60, 120, 300, 0)
#: How often a person may ask for more time on one turn ("I need more time": each time
#: the table's wait once more; WCAG 2.2.1 asks for at least ten).
MORE_TIME_TIMES = 10
#: How long before the computer would take their turn a person is warned (at most the
#: table's wait: at a table of 30 seconds, from the start of their turn).
WARNING_SECONDS = 30


class SharedError(ServiceError):
    status = 409


class BadTable(SharedError):
    status = 400
    default_message = _("Choose a game and a number of players it is played with.")


def table_game(game: str, players: int) -> Game:
    """The game ``game`` names, if ``players`` can sit at one of its tables; else
    :class:`BadTable`, which names the numbers the game is played by when the game is
    known ("Gin Rummy is for 2 to 4 players.": the teacher's walk chose Gin for 5 and
    was told only to choose "a number of players it is played with")."""
    found = Game.named(game)
    if found is None:
        raise BadTable()
    low, high = table_sizes(found)
    if not low <= players <= high:
        raise BadTable(
            gettext("%(game)s is for %(low)s to %(high)s players.")
            % {"game": game_name(found), "low": low, "high": high}
        )
    return found


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


class TablePaused(SharedError):
    default_message = _("Your teacher has paused this table. Wait until they let you go on.")


class TableEnded(SharedError):
    default_message = _("Your teacher has ended this table: no more moves are made here.")


class HintsOff(SharedError):
    status = 403
    default_message = _("Your teacher has switched the hints off at this table.")


class SeatAway(SharedError):
    default_message = _("The computer is playing your seat. Take it back to play again.")


class NoMoreTime(SharedError):
    default_message = _("You have asked for more time as often as you can on this turn.")


class TooManyTries(SharedError, codes.TooManyTries):
    status = 429


class NeedsConfirmation(SharedError):
    """The move would end the hand (or its play): the player is asked first, as at a
    practice table (nothing was changed)."""

    status = 200

    def __init__(self, move: AnyMove) -> None:
        super().__init__(str(move))
        self.move = move


class MoveRefused(SharedError):
    """An illegal ``move``: the engine's reason (told in the player's own language)."""

    status = 422

    def __init__(self, error: IllegalMove, move: AnyMove) -> None:
        super().__init__(str(error))
        self.error = error
        self.move = move


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

    def computer_moves(self, board: Board, round_number: int | None = None) -> frozenset[int]:
        """The positions in ``board``'s moves (of hand ``round_number``, from 1; the one
        being played by default) of the moves the computer made in a person's seat while
        they were away (noted in the seat's ``computer_played``): told as the computer's,
        never as the person's."""
        number = len(self.rounds) if round_number is None else round_number
        return frozenset(
            int(move)
            for seat in board.seats
            for at, move in self.table.seats[seat].get("computer_played", [])
            if at == number
        )

    @property
    def round_over(self) -> bool:
        return self.dealt and all(self.hand_of(b).is_over for b in self.current)

    def result(self) -> RoundResult | None:
        """The current round's result, once every board of it is over."""
        return round_result([self.hand_of(b) for b in self.current]) if self.dealt else None


def match_so_far(state: SharedState) -> Match:
    """The table's match: the hands played, the current hand counted once it is over."""
    current = state.result() if state.round_over else None
    results = (*state.results, *([current] if current is not None else []))
    return state.rules.match(state.rounds, results)


def scores_of(state: SharedState) -> list[Fraction]:
    """Each table seat's score toward the match's target (the current hand counted once
    it is over)."""
    return state.rules.seat_scores(match_so_far(state))


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


def _computer_plays(seat: dict[str, Any]) -> bool:
    """A computer player's seat, or a person's the computer plays while they are away."""
    return bool(seat.get("bot") or seat.get("away"))


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
    away_seconds: int = AWAY_SECONDS,
    policy: str | None = None,
) -> SharedTable:
    """A new table: ``learner`` in the first seat as ``name``, ``computers`` computer
    players in the last seats, the others open. With no open seat the hand is dealt.
    ``policy``: how the computer players (and the computer in an away person's seat)
    play, ``"patient"`` or ``"bot"`` (``None``: the game's default, patient at Knock
    Rummy; another value is a :class:`ValueError`, and no table is made).
    A learner opens at most :data:`MAX_TABLES_PER_DAY` a day (:class:`TooManyTables`)."""
    since = timezone.now() - timedelta(days=1)
    opened = SharedTable.objects.filter(seats__0__learner=learner.pk, created__gte=since)
    if opened.count() >= MAX_TABLES_PER_DAY:
        raise TooManyTables()
    found = Game.named(game)
    if found is None:
        raise BadTable()
    chosen = computers_for(found, policy)
    low, high = table_sizes(found)
    if not (low <= players <= high and 0 <= computers < players):
        raise BadTable()
    seats: list[dict[str, Any]] = [{"name": name, "learner": learner.pk}]
    seats += [{"name": "", "open": True} for _ in range(players - 1 - computers)]
    seats += [{"name": n, "bot": True} for n in computer_names_besides(computers, [name])]
    table = SharedTable(
        game=found.value,
        format=TableFormat.of(found, players).value,
        options=options or {},
        seats=seats,
        seed=seed if seed is not None else random.SystemRandom().randrange(1, 2**62),
        away_seconds=away_seconds,
        computers=chosen,
    )
    try:
        rules = _rules(table)
    except CorruptTable:
        raise BadTable() from None
    if not any(_is_open(s) for s in seats):
        first, table.waiting, _seats = _advance(
            rules, rules.first_round(), seats, policy=computers_policy(table)
        )
        table.rounds = rounds_to_data([first])
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


def split_people(count: int, players: int, low: int, high: int) -> list[tuple[int, int]]:
    """How ``count`` people sit at tables of about ``players`` for a game played by
    ``low`` to ``high``: each table's (people, seats), the bigger tables first.

    As many tables as tables of ``players`` would need, fewer if that left someone
    alone, the people shared out evenly among them (sizes within one of each other,
    each at least two and within the game's numbers): 31 at tables of 3 sit as 9 of 3
    and 2 of 2, 7 in pairs as 3, 2 and 2 (the teacher's walk: the 31st pupil played
    two computer players at a table of her own). Only when no such split exists (one
    person, or a game played by too few numbers) are there tables of ``players``,
    computer players filling the seats the last one lacks."""
    if count <= 0:
        return []
    least = max(low, 2)
    tables = min(-(-count // players), count // least)
    if tables >= 1 and -(-count // tables) <= high:
        base, extra = divmod(count, tables)
        return [(base + 1, base + 1)] * extra + [(base, base)] * (tables - extra)
    full, rest = divmod(count, players)
    return [(players, players)] * full + ([(rest, players)] if rest else [])


def seat_people(
    *,
    people: Sequence[tuple[Learner, str]],
    game: str,
    players: int,
    options: dict[str, Any] | None = None,
    away_seconds: int = AWAY_SECONDS,
    policy: str | None = None,
    seed: int | None = None,
) -> list[SharedTable]:
    """Tables of about ``players`` for all of ``people`` (learner, name) at once, in
    their order, as :func:`split_people` shares them out (computer players only where
    it must); each dealt at once. ``policy``: how their computer players play, as
    :func:`open_table`'s. ``seed``: the tables' deals drawn from it, the same for the
    same seed (a test that needs a known deal), else at random."""
    if not people:
        raise BadTable()
    found = table_game(game, players)
    chosen = computers_for(found, policy)
    deals = random.Random(seed) if seed is not None else random.SystemRandom()
    tables = []
    start = 0
    with transaction.atomic():
        for persons, size in split_people(len(people), players, *table_sizes(found)):
            group = people[start : start + persons]
            start += persons
            seats: list[dict[str, Any]] = [{"name": n, "learner": p.pk} for p, n in group]
            # Not the name of any pupil seated now, at this table or another.
            bots = computer_names_besides(
                size - len(group), [n for _, n in group], also=[n for _, n in people]
            )
            seats += [{"name": n, "bot": True} for n in bots]
            table = SharedTable(
                game=found.value,
                format=TableFormat.of(found, size).value,
                options=options or {},
                seats=seats,
                seed=deals.randrange(1, 2**62),
                away_seconds=away_seconds,
                computers=chosen,
            )
            rules = _rules(table)
            first, table.waiting, _seats = _advance(
                rules, rules.first_round(), seats, policy=computers_policy(table)
            )
            table.rounds = rounds_to_data([first])
            table.save()
            tables.append(table)
    return tables


def table_by_code(*, code: str) -> SharedTable:
    clean = codes.normalise(code)
    found = (
        SharedTable.objects.filter(code=clean).first()
        if codes.is_code(clean, CODE_LENGTH)
        else None
    )
    if found is None:
        raise TableNotFound()
    return found


def table_get(*, public_id: str) -> SharedTable:
    found = _TABLE.first(public_id=public_id)
    if found is None:
        raise TableNotFound()
    return found


def names_private(table: SharedTable) -> bool:
    """Whether only the table's own players see who sits at it: a class's table (a
    teacher seated pupils there: ``classroom.models.ClassTable``, its ``class_table``).
    Its link is opened with its code alone, and a pupil's name is theirs to keep (the
    Russian teacher's walk: anyone with the code read the pupils' names). Nobody sits
    down at a class's table from its link: the teacher seats the class."""
    return hasattr(table, "class_table")


def class_table_number(table: SharedTable) -> int:
    """A class's table's number among the tables of its seating (``ClassTable.number``:
    "Table 3"); 0 for any other table. One query the first time, none after (the table
    keeps its class table, or that it has none)."""
    try:
        return int(table.class_table.number)
    except ObjectDoesNotExist:
        return 0


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
        if table.ended:
            raise TableEnded()
        free = next((i for i, s in enumerate(table.seats) if _is_open(s)), None)
        if free is None:
            raise TableFull()
        taken = {name_key(str(s.get("name", ""))) for s in table.seats if not _is_open(s)}
        if name_key(name) in taken:
            raise NameTaken()
        seats = [dict(s) for s in table.seats]
        seats[free] = {"name": name, "learner": learner.pk}
        fields: dict[str, Any] = {"seats": seats}
        if not any(_is_open(s) for s in seats):
            rules = _rules(table)
            first, fields["waiting"], _seats = _advance(
                rules, rules.first_round(), seats, policy=computers_policy(table)
            )
            fields["rounds"] = rounds_to_data([first])
        if _write(table, **fields):
            return table, free
    raise StaleTable()


# ------------------------------------------------------------------ moves
Waiting = list[list[int]]


@dataclass(frozen=True)
class WaitEntry:
    """One person to move in a table's ``waiting``: their seat, since when (unix
    seconds), and how many times they asked for more time on this turn (stored as
    ``[seat, since]``, or ``[seat, since, times]`` once they have)."""

    seat: int
    since: int
    more: int = 0

    @classmethod
    def of(cls, entry: Sequence[int]) -> WaitEntry:
        return cls(int(entry[0]), int(entry[1]), int(entry[2]) if len(entry) > 2 else 0)

    def deadline(self, away_seconds: int) -> int:
        """When the computer plays their turn: the table's wait, once more for each time
        they asked for more."""
        return self.since + away_seconds * (1 + self.more)

    def data(self) -> list[int]:
        return [self.seat, self.since, self.more] if self.more else [self.seat, self.since]


def _now() -> int:
    return int(time.time())


def _advance(
    rules: TableRules,
    round_: Round,
    seats: Sequence[dict[str, Any]],
    *,
    seed: int = 0,
    waiting: Sequence[Sequence[int]] = (),
    round_number: int = 1,
    policy: str = "bot",
) -> tuple[Round, Waiting, list[dict[str, Any]]]:
    """Each board of the round after the computer's moves (its players' and the away
    people's), up to a person's turn or the end of its hand; the people to move now
    with since when (kept from ``waiting`` for one who was already to move, with the
    times they asked for more; a turn that came back to them past the computer's moves is
    a new one); and the
    seats, where each move the computer made for an away person is noted
    (``computer_played``: ``[round number, move number]``), so that it is never
    counted as theirs. ``policy``: how the computer plays (the table's
    :func:`~game.practice.services.computers_policy`)."""
    since = {entry.seat: entry for entry in map(WaitEntry.of, waiting)}
    now = _now()
    seats = [dict(s) for s in seats]
    boards, to_move = [], []
    for board in round_:
        hand = replay(rules, board)
        # The computer moved at this board: whoever is to move now begins a new turn
        # (the turn came back to a person past the computer's seats: a new wait, and
        # their "more time" asked afresh; the tamper probe).
        computer_moved = False
        while not hand.is_over and _computer_plays(seats[board.seats[hand.turn]]):
            computer_moved = True
            player = seats[board.seats[hand.turn]]
            if player.get("away"):
                played = list(player.get("computer_played", []))
                player["computer_played"] = [*played, [round_number, len(board.moves)]]
            move = bot_move(hand, policy=policy, seed=rules.seed % 2**31 + seed)
            hand = hand.apply(move)
            board = board.with_moves(move)
        boards.append(board)
        if not hand.is_over:
            seat = board.seats[hand.turn]
            kept = None if computer_moved else since.get(seat)
            to_move.append(kept.data() if kept is not None else [seat, now])
    return tuple(boards), to_move, seats


def _write(table: SharedTable, **fields: Any) -> bool:
    """One conditional UPDATE from the table's version (see ``update_if_unchanged``);
    ``table`` takes the new values when it went in."""
    if not update_if_unchanged(table, "version", **fields, updated=timezone.now()):
        return False
    for key, value in fields.items():
        setattr(table, key, value)
    table.version += 1
    return True


def _save(
    state: SharedState,
    rounds: Sequence[Round],
    results: Sequence[RoundResult],
    waiting: Waiting,
    **more: Any,
) -> None:
    fields = {
        "rounds": rounds_to_data(rounds),
        "results": results_to_data(results),
        "waiting": waiting,
        **more,
    }
    if not _write(state.table, **fields):
        raise StaleTable()


def _tell_finished(
    table: SharedTable, rules: TableRules, before: Round, after: Round, round_number: int
) -> None:
    """Send :data:`hand_finished` to each person at a board of the round this change
    ended (with the coach's verdicts on their own moves, computed if asked for)."""
    learners: dict[int, Learner] = {}
    for old, new in zip(before, after, strict=True):
        if replay(rules, old).is_over or not replay(rules, new).is_over:
            continue
        for engine_seat, seat in enumerate(new.seats):
            pk = table.seats[seat].get("learner")
            if pk is None:
                continue
            if pk not in learners:
                found = Learner.objects.filter(pk=pk).first()
                if found is None:
                    continue
                learners[pk] = found
            # Only the person's own moves are judged, not the computer's for them.
            skip = {
                int(number)
                for at, number in table.seats[seat].get("computer_played", [])
                if at == round_number
            }
            hand_finished.send(
                sender=SharedTable,
                learner=learners[pk],
                game=rules.game,
                table=table,
                round_number=round_number,
                verdicts=lambda b=new, me=engine_seat, s=skip: board_verdicts(rules, b, me, skip=s),
            )


def _playing_seat(table: SharedTable, learner: Learner, version: int) -> int:
    """The learner's seat, if they may make a move at the table from ``version``."""
    seat = seat_of(table, learner)
    if seat is None:
        raise NotSeated()
    if table.ended:
        raise TableEnded()
    # Paused before stale: pausing changes the version, so a move sent from the page
    # before the pause was told "The table changed in the meantime" (the teacher's walk).
    if table.paused:
        raise TablePaused()
    if version != table.version:
        raise StaleTable()
    if table.seats[seat].get("away"):
        raise SeatAway()
    return seat


_REFUSED_SALT = "shared.refused"


def refusal_token(
    table: SharedTable, refused: MoveRefused, *, learner: Learner, cards: tuple[Card, ...]
) -> str | None:
    """The move just refused at ``table`` (at the version it was refused at: nothing was
    made), signed for ``learner`` only, for the address of the table's page a move sent
    without JavaScript redirects to (``?refused=``, :func:`game.moveforms.refusal_token`,
    as at a practice table): the move, the engine's reason and the ``cards`` that were
    ticked. Read back by :func:`refused_move`; ``None`` for a reason no token names."""
    return moveforms.refusal_token(
        where=(table.pk, table.version),
        move=refused.move,
        error=refused.error,
        cards=cards,
        learner=learner.pk,
        salt=_REFUSED_SALT,
    )


def refused_move(table: SharedTable, token: str, *, learner: Learner | None) -> Refusal | None:
    """The refused move :func:`refusal_token` signed for ``learner``, while the table
    stands where it was refused (the same table, at the same version: nobody has moved
    since, nor the computer for someone away); ``None`` for another player's token,
    another table's, a forged, malformed or old one, or once the table has moved on."""
    return moveforms.read_refusal(
        token,
        where=(table.pk, table.version),
        learner=learner.pk if learner is not None else None,
        salt=_REFUSED_SALT,
    )


def shared_move(
    *, table: SharedTable, learner: Learner, version: int, move: AnyMove, confirmed: bool
) -> SharedState:
    """``learner``'s move at their seat, made only from ``version`` (the table as they
    were shown it) and on their turn; the computer players then move. A move that ends
    the play (knocking, going out) needs ``confirmed`` (else :class:`NeedsConfirmation`),
    as at a practice table. The seat notes when its person moved (``moved``: unix
    seconds)."""
    seat = _playing_seat(table, learner, version)
    state = shared_state(table=table)
    if not state.dealt:
        raise NotDealt()
    board = state.board_of(seat)
    if board is None or state.to_move(board) != seat:
        raise NotYourTurn()
    hand = state.hand_of(board)
    try:
        after = hand.play(move, board.seat_of(seat))
    except IllegalMove as exc:
        move_refused.send(
            sender=SharedTable,
            learner=learner,
            game=state.rules.game,
            error=exc,
            table=table.public_id,
        )
        raise MoveRefused(exc, move) from None
    if after.play_over and not hand.play_over and not confirmed:
        raise NeedsConfirmation(move)
    moved = board.with_moves(move)
    current = tuple(moved if b == board else b for b in state.current)
    current, waiting, seats = _advance(
        state.rules,
        current,
        table.seats,
        seed=len(state.rounds),
        waiting=table.waiting,
        round_number=len(state.rounds),
        policy=computers_policy(table),
    )
    # When the person last moved, in the move's own UPDATE (no query more): the teacher's
    # dashboard reads a pupil's last activity at the class's tables from it.
    seats[seat] = {**seats[seat], "moved": _now()}
    _save(state, (*state.rounds[:-1], current), state.results, waiting, seats=seats)
    _tell_finished(table, state.rules, state.current, current, len(state.rounds))
    return shared_state(table=table)


def shared_hint(
    *, table: SharedTable, learner: Learner, version: int
) -> tuple[SharedState, Advice]:
    """The coach's advice for ``learner``'s position, on their turn, where the table's
    hints are on. Nothing is stored."""
    seat = _playing_seat(table, learner, version)
    if not table.hints:
        raise HintsOff()
    state = shared_state(table=table)
    board = state.board_of(seat) if state.dealt else None
    if board is None or state.to_move(board) != seat:
        raise NotYourTurn()
    return state, advise(state.hand_of(board), board.seat_of(seat))


def hint_given(*, table: SharedTable, learner: Learner | None, hinted: str) -> Advice | None:
    """The coach's advice a hint asked for without JavaScript shows again on the page it
    redirects to (``?hinted=`` the table's version then): while the table is at that
    version, it is still ``learner``'s turn and the hints are on (the teacher may have
    switched them off since), so that a reload shows it again; ``None`` otherwise, the
    page as it would be. A hint here counts nothing (:func:`shared_hint`): a reload
    counts no second one."""
    version = small_int(hinted)
    if learner is None or version is None:
        return None
    try:
        return shared_hint(table=table, learner=learner, version=version)[1]
    except ServiceError:
        return None


def next_hand(*, table: SharedTable, learner: Learner, version: int) -> SharedState:
    """Deal the next hand of the match, once every board of this one is over (any
    player at the table may; the version makes it once)."""
    if seat_of(table, learner) is None:
        raise NotSeated()
    if table.ended:
        raise TableEnded()
    if table.paused:
        raise TablePaused()
    if version != table.version:
        raise StaleTable()
    state = shared_state(table=table)
    result = state.result()
    if result is None:
        raise HandNotOver()
    results = (*state.results, result)
    if state.rules.match(state.rounds, results).is_over:
        raise MatchOver()
    following, waiting, seats = _advance(
        state.rules,
        state.rules.next_round(state.rounds, results),
        table.seats,
        seed=len(state.rounds) + 1,
        round_number=len(state.rounds) + 1,
        policy=computers_policy(table),
    )
    more = {"seats": seats} if seats != table.seats else {}
    _save(state, (*state.rounds, following), results, waiting, **more)
    return shared_state(table=table)


# ------------------------------------------------------------------ away, back, paused
def absent_seats(
    waiting: Sequence[Sequence[int]], *, away_seconds: int, paused: bool, now: int | None = None
) -> list[int]:
    """The people to move who have let ``away_seconds`` pass (none while paused, or
    when the table never replaces anyone): from the poll's one row, no replay."""
    if paused or away_seconds <= 0:
        return []
    now = _now() if now is None else now
    entries = map(WaitEntry.of, waiting)
    return [entry.seat for entry in entries if now >= entry.deadline(away_seconds)]


def deadline_of(table: SharedTable, seat: int | None) -> int | None:
    """When the computer plays ``seat``'s turn unless they move (unix seconds): ``None``
    when they are not to move, or the table never replaces anyone or is paused (or
    ended: nobody is waited for)."""
    if seat is None or table.paused or table.away_seconds <= 0 or table.ended:
        return None
    entry = next((e for e in map(WaitEntry.of, table.waiting) if e.seat == seat), None)
    return entry.deadline(table.away_seconds) if entry is not None else None


def more_time_left(table: SharedTable, seat: int | None) -> int:
    """How many more times ``seat`` may ask for more time on this turn."""
    entry = next((e for e in map(WaitEntry.of, table.waiting) if e.seat == seat), None)
    return MORE_TIME_TIMES - entry.more if entry is not None else 0


def more_time(*, table: SharedTable, learner: Learner, version: int) -> SharedTable:
    """``learner``, to move, asks for more time ("I need more time"): the computer plays
    their turn the table's wait later than it would have. Made only from ``version``
    (the table as they were shown it: a second press, or one sent after the table
    changed, is :class:`StaleTable` and changes nothing), on their own turn, at most
    :data:`MORE_TIME_TIMES` times a turn (:class:`NoMoreTime`). Kept in the table's
    row (``waiting``), so every app instance and every poll sees the same deadline."""
    seat = _playing_seat(table, learner, version)
    entries = [WaitEntry.of(e) for e in table.waiting]
    mine = next((e for e in entries if e.seat == seat), None)
    if mine is None or table.away_seconds <= 0:
        raise NotYourTurn()
    if mine.more >= MORE_TIME_TIMES:
        raise NoMoreTime()
    waiting = [(replace(e, more=e.more + 1) if e.seat == seat else e).data() for e in entries]
    if not _write(table, waiting=waiting):
        raise StaleTable()
    return table


def _with_seats(
    table: SharedTable,
    seats: list[dict[str, Any]],
    *,
    waiting: Sequence[Sequence[int]],
    **more: Any,
) -> bool:
    """Write new ``seats`` (and ``more`` fields) and let the computer play the away ones
    now, unless the table is (or stays) paused or has ended: no move is made while it
    is; whether it went in (``False``: the table changed meanwhile)."""
    fields: dict[str, Any] = {"seats": seats, **more}
    if table.rounds and not fields.get("paused", table.paused) and not table.ended:
        state = shared_state(table=table)
        current, fields["waiting"], fields["seats"] = _advance(
            state.rules,
            state.current,
            seats,
            seed=len(state.rounds),
            waiting=waiting,
            round_number=len(state.rounds),
            policy=computers_policy(table),
        )
        fields["rounds"] = rounds_to_data((*state.rounds[:-1], current))
        if not _write(table, **fields):
            return False
        _tell_finished(table, state.rules, state.current, current, len(state.rounds))
        return True
    return _write(table, **fields)


def replace_absent(*, table: SharedTable, now: int | None = None) -> bool:
    """A computer player takes the seat of each person to move who has not answered
    within the table's ``away_seconds`` (the others are told on their pages); whether
    anyone was replaced. Run by the players' polls: of two at once, one does it."""
    absent = absent_seats(
        table.waiting, away_seconds=table.away_seconds, paused=table.paused, now=now
    )
    if not absent:
        return False
    seats = [dict(s) for s in table.seats]
    for seat in absent:
        if not _is_bot(seats[seat]):
            seats[seat]["away"] = True
    return _with_seats(table, seats, waiting=table.waiting)


def leave_seat(*, table: SharedTable, learner: Learner) -> SharedTable:
    """``learner`` leaves the table: the computer plays their seat until they come back
    (``"left_on_purpose"``: their page says they left, not that they were away)."""
    for _try in range(4):
        seat = seat_of(table, learner)
        if seat is None:
            raise NotSeated()
        if table.seats[seat].get("away") or table.ended:
            return table
        seats = [dict(s) for s in table.seats]
        seats[seat]["away"] = True
        seats[seat]["left_on_purpose"] = True
        if _with_seats(table, seats, waiting=table.waiting):
            return table
        table.refresh_from_db()
    raise StaleTable()


def rename_player(*, table: SharedTable, learner: Learner, name: str) -> SharedTable:
    """``learner``'s seat is called ``name`` from now on (a pupil renamed by their
    teacher), unless another seat has a name that reads the same."""
    for _try in range(4):
        seat = seat_of(table, learner)
        if seat is None or table.seats[seat].get("name") == name:
            return table
        others = {name_key(str(s.get("name", ""))) for i, s in enumerate(table.seats) if i != seat}
        if name_key(name) in others:
            return table
        seats = [dict(s) for s in table.seats]
        seats[seat]["name"] = name
        if _write(table, seats=seats):
            return table
        table.refresh_from_db()
    raise StaleTable()


def remove_player(*, table: SharedTable, learner: Learner) -> SharedTable:
    """``learner`` is no longer at the table (a pupil removed from their class): a
    computer player plays their seat at once, under the same name (``left``: the others
    are told, as of a player who is away), and it is no longer theirs to come back to
    (a seat left by :func:`leave_seat` is)."""
    for _try in range(4):
        seat = seat_of(table, learner)
        if seat is None:
            return table
        seats = [dict(s) for s in table.seats]
        seats[seat] = {"name": seats[seat].get("name", ""), "bot": True, "left": True}
        if _with_seats(table, seats, waiting=table.waiting):
            return table
        table.refresh_from_db()
    raise StaleTable()


def take_seat_back(*, table: SharedTable, learner: Learner) -> SharedTable:
    """``learner`` plays their own seat again, from its next turn."""
    for _try in range(4):
        seat = seat_of(table, learner)
        if seat is None:
            raise NotSeated()
        if table.ended:
            raise TableEnded()
        if not table.seats[seat].get("away"):
            return table
        seats = [dict(s) for s in table.seats]
        del seats[seat]["away"]
        seats[seat].pop("left_on_purpose", None)
        if _write(table, seats=seats):
            return table
        table.refresh_from_db()
    raise StaleTable()


def set_paused(*, table: SharedTable, paused: bool) -> SharedTable:
    """Pause the table or let it go on (the teacher's; the class table's teacher is
    checked by the caller). Going on, the people to move get their full time again."""
    for _try in range(4):
        if table.paused == paused:
            return table
        if table.ended:
            raise TableEnded()
        now = _now()
        waiting = [[WaitEntry.of(entry).seat, now] for entry in table.waiting]
        # Going on, the computer plays the seats of those who left meanwhile.
        if _with_seats(table, list(table.seats), waiting=waiting, paused=paused):
            return table
        table.refresh_from_db()
    raise StaleTable()


def set_hints(*, table: SharedTable, hints: bool) -> SharedTable:
    """Let the players ask the coach for hints, or not (the teacher's)."""
    for _try in range(4):
        if table.hints == hints:
            return table
        if table.ended:
            raise TableEnded()
        if _write(table, hints=hints):
            return table
        table.refresh_from_db()
    raise StaleTable()


def end_table(*, table: SharedTable) -> SharedTable:
    """End the table for good (the teacher's; the class table's teacher is checked by the
    caller): no move is made from then on, nobody is waited for, and the players' pages
    redraw to say so; the finished hands stay to review. Ending an ended table changes
    nothing."""
    for _try in range(4):
        if table.ended:
            return table
        if _write(table, ended=timezone.now(), waiting=[]):
            return table
        table.refresh_from_db()
    raise StaleTable()


# ------------------------------------------------------------------ a player's review
class NoSuchHand(SharedError):
    status = 404
    default_message = _("There is no such hand at this table.")


class NotReviewable(SharedError):
    default_message = _("A hand can be reviewed once it is over.")


@dataclass(frozen=True)
class SeatReview:
    """One moment of a finished hand as a player saw it: the hand before move
    ``number`` (of ``total``), the move, its player (engine seat), the coach's ranking of
    the reviewing player's own move, the names by engine seat and the player's engine
    seat (``None``: they sat this hand out and watched), and the hand after the move.
    A presenter shows only ``before.view(me)`` and, once over, the revealed hands."""

    number: int
    total: int
    before: Hand
    move: AnyMove | None
    player: int | None
    advice: Advice | None
    names: tuple[str, ...]
    me: int | None
    after: Hand | None
    final: Hand
    #: The computer made the move in a person's seat (they were away).
    by_computer: bool = False


def seat_review(
    *, table: SharedTable, learner: Learner, round_number: int, step: int
) -> SeatReview:
    """Step ``step`` (0: the deal) of hand ``round_number`` (from 1) at the board the
    learner played (or watched), once every board of that hand is over."""
    seat = seat_of(table, learner)
    if seat is None:
        raise NotSeated()
    state = shared_state(table=table)
    if not 1 <= round_number <= len(state.rounds):
        raise NoSuchHand()
    round_ = state.rounds[round_number - 1]
    if round_number == len(state.rounds) and not state.round_over:
        raise NotReviewable()
    board = next((b for b in round_ if seat in b.seats), round_[0])
    me = board.seat_of(seat) if seat in board.seats else None
    step = max(0, min(len(board.moves), step))
    before = replay(state.rules, board.upto(step))
    move = board.moves[step] if step < len(board.moves) else None
    player = before.turn if move is not None else None
    advice = advise(before, me) if move is not None and me is not None and player == me else None
    names = state.names
    return SeatReview(
        number=step,
        total=len(board.moves),
        before=before,
        move=move,
        player=player,
        advice=advice,
        names=tuple(names[s] for s in board.seats),
        me=me,
        after=replay(state.rules, board.upto(step + 1)) if move is not None else None,
        final=replay(state.rules, board),
        by_computer=move is not None and step in state.computer_moves(board, round_number),
    )


@dataclass(frozen=True)
class PollRow:
    """What a player's poll reads of the table, in one query."""

    version: int
    waiting: list[list[int]]
    away_seconds: int
    paused: bool

    @property
    def someone_absent(self) -> bool:
        return bool(absent_seats(self.waiting, away_seconds=self.away_seconds, paused=self.paused))


#: A poll's one query, compiled once (see :mod:`rummy_site.prepared`): compiling the
#: queryset cost more than running it.
_POLL_ROW = PreparedQuery(
    SharedTable,
    lambda public_id: SharedTable.objects.filter(public_id=public_id).only(
        "version", "waiting", "away_seconds", "paused"
    ),
    "public_id",
)
_TABLE = PreparedQuery(
    SharedTable, lambda public_id: SharedTable.objects.filter(public_id=public_id), "public_id"
)


def poll_row(*, public_id: str) -> PollRow | None:
    """What a player's poll needs of the table (its version, who is waiting, its wait,
    whether it is paused), in one query; ``None`` for no such table."""
    row = _POLL_ROW.first(public_id=public_id)
    if row is None:
        return None
    return PollRow(row.version, row.waiting, row.away_seconds, row.paused)


__all__ = [
    "AWAY_CHOICES",
    "AWAY_SECONDS",
    "MORE_TIME_TIMES",
    "WARNING_SECONDS",
    "BadTable",
    "HandNotOver",
    "HintsOff",
    "MatchOver",
    "MoveRefused",
    "NameTaken",
    "NoMoreTime",
    "NoSuchHand",
    "NotDealt",
    "NotReviewable",
    "NotSeated",
    "NotYourTurn",
    "PollRow",
    "Refusal",
    "SeatAway",
    "SeatReview",
    "SharedError",
    "SharedState",
    "StaleTable",
    "TableEnded",
    "TableFull",
    "TableNotFound",
    "TablePaused",
    "TooManyTries",
    "WaitEntry",
    "absent_seats",
    "class_table_number",
    "deadline_of",
    "end_table",
    "hint_given",
    "leave_seat",
    "match_so_far",
    "more_time",
    "more_time_left",
    "names_private",
    "next_hand",
    "open_table",
    "poll_row",
    "refusal_token",
    "refused_move",
    "remove_player",
    "rename_player",
    "replace_absent",
    "scores_of",
    "seat_of",
    "seat_people",
    "seat_review",
    "set_hints",
    "set_paused",
    "shared_hint",
    "shared_move",
    "shared_state",
    "sit_down",
    "split_people",
    "table_by_code",
    "table_get",
    "take_seat_back",
]
