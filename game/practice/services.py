"""Practice tables: start one, replay it, make a move, let the computer play, review.

Views call these keyword-only functions with parsed, typed values. Each action on a
table (a move, a computer step, a hint, the next hand) returns the state the view
renders (a :class:`TableState`; the hint with the coach's advice too), or raises a
:class:`PracticeError` that carries its HTTP status and translated message, having
changed nothing. ``table_start`` returns the new row, ``table_review`` a
:class:`ReviewStep`. A
table row stores rules, options, seats, seeds and moves (the engine's
:class:`~game.engine.rounds.Board` s); every call replays the current hand
through the engine, changes it, and saves it only if ``version`` still matches
(optimistic concurrency: two tabs or a double click cannot apply a move twice).

The learner always sits in table seat 0 (:data:`HUMAN`); the other seats are
computer players. Which table seat plays which engine seat, who deals and who
sits out are the engine's :class:`~game.engine.rounds.TableRules`.
"""

from __future__ import annotations

import functools
import random
import threading
from collections import OrderedDict
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from datetime import timedelta
from fractions import Fraction
from functools import cached_property
from typing import Any

from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from game import moveforms
from game.board import BoardDisplay, for_hand, scoring_answered
from game.engine import (
    Advice,
    AnyMove,
    Board,
    Card,
    Discard,
    EngineError,
    Game,
    GameOptions,
    Hand,
    IllegalMove,
    Knock,
    Match,
    PlayerView,
    Round,
    RoundResult,
    TableFormat,
    TableRules,
    advise,
    bot_move,
    deadwood_after,
    options_for,
    results_from_data,
    results_to_data,
    round_result,
    rounds_from_data,
    rounds_to_data,
    rounds_to_json,
    table_sizes,
)
from game.moveforms import Refusal
from game.names import COMPUTER_NAMES, computer_name, computer_names_besides, learner_default
from learners.models import Learner
from rummy_site import ratelimit
from rummy_site.errors import ServiceError
from rummy_site.prepared import JSONText, PreparedQuery, update_if_unchanged

from .models import Table
from .signals import hand_finished, move_refused

#: The learner's table seat.
HUMAN = 0
#: Longest table name a learner may type.
NAME_LENGTH = 24
#: The most tables one learner may start in a day: far more than anyone plays, and a
#: cap on what a script can store.
MAX_TABLES_PER_DAY = 100


# -- Refusals ---------------------------------------------------------------------------


class PracticeError(ServiceError):
    """Base of the practice service's refusals."""


class TableNotFound(PracticeError):
    """No such table, or it belongs to another learner (the two are not told apart)."""

    status = 404
    default_message = _("There is no such table, or it is not yours.")


class NoSuchHand(PracticeError):
    status = 404
    default_message = _("There is no such hand at this table.")


class StaleTable(PracticeError):
    """The table changed since the page was drawn (another tab, a double click)."""

    status = 409
    default_message = _(
        "The table has moved on since this page was shown (in another tab, or the same form "
        "sent twice). Here it is as it is now."
    )


class CorruptTable(PracticeError):
    """The stored moves could not be replayed."""

    status = 500


class SittingOut(PracticeError):
    status = 422
    default_message = _("You sit out this hand: watch it, or skip to the end.")


class NotYourTurn(PracticeError):
    status = 422
    default_message = _("Hints are for your own turn. Wait for it.")


class NothingToDo(PracticeError):
    """A computer step was asked for, but it is the learner's turn or the hand is over."""

    status = 422
    default_message = _("It is your turn.")


class HandNotOver(PracticeError):
    status = 422
    default_message = _("Finish this hand before dealing the next one.")


class NotReviewable(PracticeError):
    status = 422
    default_message = _("A hand can be reviewed once it is over.")


class MatchOver(PracticeError):
    status = 422
    default_message = _("The match is over. Start a new table to play again.")


class TooManyTables(PracticeError):
    status = 429

    def __init__(self) -> None:
        super().__init__(
            ngettext(
                "You have started %(count)d table today, the most for one day. "
                "Play on at one of your tables.",
                "You have started %(count)d tables today, the most for one day. "
                "Play on at one of your tables.",
                MAX_TABLES_PER_DAY,
            )
            % {"count": MAX_TABLES_PER_DAY}
        )


class MoveRefused(PracticeError):
    """The engine refused the learner's ``move``; ``error`` has its reason, ``state`` the
    table as it stands (nothing was changed)."""

    status = 422

    def __init__(self, state: TableState, error: IllegalMove, move: AnyMove) -> None:
        super().__init__(str(error))
        self.state = state
        self.error = error
        self.move = move


class NeedsConfirmation(PracticeError):
    """The move would end the hand: the learner is asked first (nothing was changed)."""

    status = 200

    def __init__(self, state: TableState, move: AnyMove) -> None:
        super().__init__(str(move))
        self.state = state
        self.move = move


# -- The state of a table ------------------------------------------------------------


@dataclass(frozen=True)
class TableState:
    """A table as it stands: its rounds, the stored results of the finished ones, and the
    current round replayed; and what the learner may see.

    ``results[i]`` is the result of round ``i`` for every round before the current one
    (kept on the table, not replayed); ``current[j]`` is the hand of board ``j`` of the
    current round. The learner's board is the first; ``other`` is the second board of
    a four-player Gin round.
    """

    table: Table
    rules: TableRules
    rounds: tuple[Round, ...]
    results: tuple[RoundResult, ...]
    current: tuple[Hand, ...]

    # The current hand -------------------------------------------------------------
    @property
    def round_number(self) -> int:
        """The current hand's number, from 1."""
        return len(self.rounds)

    @property
    def board(self) -> Board:
        return self.rounds[-1][0]

    @property
    def hand(self) -> Hand:
        return self.current[0]

    @property
    def other(self) -> Hand | None:
        return self.current[1] if len(self.current) > 1 else None

    @property
    def other_board(self) -> Board | None:
        return self.rounds[-1][1] if len(self.rounds[-1]) > 1 else None

    @property
    def version(self) -> int:
        return self.table.version

    # The learner's view -----------------------------------------------------------
    @property
    def me(self) -> int | None:
        """The learner's engine seat at their board (``None`` while sitting out)."""
        return self.board.seat_of(HUMAN)

    @property
    def sitting_out(self) -> bool:
        return self.me is None

    @property
    def nameless(self) -> bool:
        """The learner started the table without a name: where their name would stand
        alone (their seat, the players to score, their melds) the table says "You"."""
        return not str(self.table.seats[HUMAN]["name"])

    @cached_property
    def view(self) -> PlayerView:
        """The learner's view (a spectator's while they sit out)."""
        return self.hand.view(self.me)

    @cached_property
    def names(self) -> list[str]:
        """Names by engine seat of the learner's board, in the page's language (kept
        for this request's state only: a state read again from the cache is a new
        object)."""
        return board_names(self.table, self.board)

    @property
    def my_turn(self) -> bool:
        return self.me is not None and not self.hand.is_over and self.hand.turn == self.me

    @property
    def bots_to_move(self) -> bool:
        return not self.hand.is_over and self.hand.turn != self.me

    # The match ------------------------------------------------------------------
    @property
    def current_result(self) -> RoundResult | None:
        """The current round's result, once each of its boards is over."""
        return round_result(self.current)

    @cached_property
    def match(self) -> Match:
        """The match of the finished rounds (the current one too, once it is over)."""
        current = self.current_result
        return self.rules.match(self.rounds, (*self.results, *([current] if current else [])))

    @property
    def scores(self) -> list[Fraction]:
        """Each table seat's score toward the target."""
        return self.rules.seat_scores(self.match)

    @property
    def scores_before_hand(self) -> list[Fraction]:
        """Each table seat's score before the current hand's result counts."""
        return self.rules.seat_scores(self.rules.match(self.rounds, self.results))

    @property
    def hints_used(self) -> int:
        """Hints asked for in the current hand."""
        hints = self.table.hints
        return len(hints[-1]) if len(hints) >= len(self.rounds) else 0


def seat_names(table: Table, *, besides: Sequence[str] = (), also: Sequence[str] = ()) -> list[str]:
    """The name of each table seat in the page's language: a person's own name, a
    computer player's name by its place among the computer players, less any that
    reads as the person's (the stored name is the English one, kept for the record).
    ``besides``: other names of the person that no computer player takes (their name in
    their class, where their teacher shows the hand); ``also``: names taken only when
    the others run out (their classmates': :func:`game.names.computer_names_besides`).
    A learner who gave no name (:attr:`TableState.nameless`) is the language's default
    name here, for a sentence that would name them; the table says "You" for it
    wherever the name stands alone."""
    people = [
        str(seat["name"]) or learner_default() for seat in table.seats if seat.get("kind") != "bot"
    ]
    people += besides
    bot_names = iter(computer_names_besides(len(COMPUTER_NAMES), people, also=also))
    return [
        next(bot_names, str(seat["name"]))
        if seat.get("kind") == "bot"
        else str(seat["name"]) or learner_default()
        for seat in table.seats
    ]


def board_names(
    table: Table, board: Board, *, besides: Sequence[str] = (), also: Sequence[str] = ()
) -> list[str]:
    """The name of each engine seat of ``board`` (:func:`seat_names`)."""
    names = seat_names(table, besides=besides, also=also)
    return [names[seat] for seat in board.seats]


def table_rules(table: Table) -> TableRules:
    """The engine's rules of a stored table."""
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


#: How a table's computer players may play: the engine's policies (game.engine.bots).
#: ``"patient"``: Knock Rummy's computer players do not knock before every player has had
#: two turns, so a learner has a hand to play; ``"bot"``: they knock as soon as a knock
#: pays. In Basic and Gin Rummy the two play alike.
COMPUTERS = ("patient", "bot")


def default_computers(game: Game) -> str:
    """How a new table's computer players play unless the learner chose: patiently at
    Knock Rummy (the only game where it differs), else the strong player."""
    return "patient" if game is Game.KNOCK else "bot"


def computers_for(game: Game, computers: str | None) -> str:
    """How a new table's computer players play: ``computers`` when it is one of
    :data:`COMPUTERS`, the game's default when ``None`` (:func:`default_computers`);
    anything else is refused (:class:`ValueError`) before a table is made (a practice
    table, or a table for people)."""
    if computers is None:
        return default_computers(game)
    if computers not in COMPUTERS:
        raise ValueError(f"computers: {computers!r} is not one of {', '.join(COMPUTERS)}")
    return computers


def computers_policy(table: object) -> str:
    """The engine policy of a table's computer players (a practice table, or a table for
    people: anything with ``computers``; a stored value it does not know is the strong
    player's, which every table before the choice was played by)."""
    computers = getattr(table, "computers", "bot")
    return computers if computers in COMPUTERS else "bot"


def new_table_seed() -> int:
    """A fresh random seed for a new table (tests replace this to replay tables)."""
    return random.SystemRandom().randrange(1, 2**62)


# -- Replaying, with a cache -----------------------------------------------------------

#: Recently replayed hands, by everything that defines them. Hands are immutable,
#: so a worker can reuse them: the next request on a table usually finds its hand
#: here, or an earlier hand of the same board, and applies only the moves after it.
_HANDS: OrderedDict[tuple[Any, ...], Hand] = OrderedDict()
_HANDS_LOCK = threading.Lock()
HAND_CACHE_SIZE = 2048
#: How many moves back :func:`replay` looks for a hand it knows. With several workers
#: (or app instances) a worker sees a table only now and then: the computer players'
#: moves and the other workers' requests came between, and its last hand of the board
#: is a few moves behind.
LOOK_BACK = 16


def _hand_key(rules: TableRules, board: Board) -> tuple[Any, ...]:
    options = _options_key(rules.options)
    return (rules.game, options, board.seats, board.dealer, board.seed, board.notation)


@functools.lru_cache(maxsize=256)
def _options_key(options: GameOptions) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(options.to_dict().items()))


def _latest_known(key: tuple[Any, ...]) -> tuple[int, Hand | None]:
    """The cached hand of this key's board, or of its board a few moves earlier: how
    many moves back it is (0 for the board itself), and the hand (None if none)."""
    head, notation = key[:-1], key[-1]
    with _HANDS_LOCK:
        for back in range(min(len(notation), LOOK_BACK) + 1):
            earlier = key if back == 0 else (*head, notation[:-back])
            hand = _HANDS.get(earlier)
            if hand is not None:
                _HANDS.move_to_end(earlier)
                return back, hand
    return 0, None


def _remember(rules: TableRules, board: Board, hand: Hand) -> None:
    with _HANDS_LOCK:
        _HANDS[_hand_key(rules, board)] = hand
        while len(_HANDS) > HAND_CACHE_SIZE:
            _HANDS.popitem(last=False)


def replay(rules: TableRules, board: Board) -> Hand:
    """The board's hand: from the cache, from a cached hand a few moves earlier (at most
    :data:`LOOK_BACK`) with the moves after it applied, or replayed from the deal.

    Moves read from the database are checked again (a row written by an older version,
    or edited by hand, may no longer be a legal hand: that is a :class:`CorruptTable`,
    never an impossible hand on the page); a hand in the cache was checked when it
    was made, and every move applied to it is checked.
    """
    back, hand = _latest_known(_hand_key(rules, board))
    if hand is not None and back == 0:
        return hand
    try:
        if hand is None:
            hand = rules.replay(board, checked=True)
        else:
            for move in board.moves[len(board.moves) - back :]:
                hand = hand.play(move)
    except (EngineError, IndexError, KeyError, TypeError, ValueError) as exc:
        raise CorruptTable(str(exc)) from exc
    _remember(rules, board, hand)
    return hand


#: The latest table read by this worker, by row: the stored fields it was made of, and
#: the table. A request reads its table's row, then takes the table from here when the
#: row holds the same data, or the same data with moves added to the hand being played
#: (:func:`_known_state`): a comparison of decoded JSON, far cheaper than reading every
#: finished hand and its result again. With several workers or app instances the moves
#: since this worker's last request were usually made by another (a load balancer sends
#: a table's requests to each in turn), and only those moves are read and applied.
#: The key alone is never trusted; nothing depends on this but speed.
_TABLES: OrderedDict[int, tuple[tuple[Any, ...], TableState]] = OrderedDict()
TABLE_CACHE_SIZE = 1024


def clear_caches() -> None:
    """Forget every replayed hand and read table of this process (tests use it to make a
    request start from the database alone)."""
    with _HANDS_LOCK:
        _HANDS.clear()
        _TABLES.clear()


def _stored(table: Table) -> tuple[Any, ...]:
    """What a table's state is made of: every stored field it is read from."""
    return (
        table.game,
        table.format,
        table.seats,
        table.seed,
        table.options,
        table.rounds,
        table.results,
    )


def _state(
    table: Table, rules: TableRules, rounds: Sequence[Round], results: Sequence[RoundResult]
) -> TableState:
    current = tuple(replay(rules, board) for board in rounds[-1])
    state = TableState(
        table=table, rules=rules, rounds=tuple(rounds), results=tuple(results), current=current
    )
    if table.pk is not None:
        with _HANDS_LOCK:
            _TABLES[table.pk] = (_stored(table), state)
            _TABLES.move_to_end(table.pk)
            while len(_TABLES) > TABLE_CACHE_SIZE:
                _TABLES.popitem(last=False)
    return state


def _same(a: Any, b: Any) -> bool:
    """Decoded JSON ``a`` and ``b`` are equal, with the same types throughout (``true``
    and ``1.0`` are not ``1``: a row that only compares equal to the data a table was
    made of is read again, and refused if it must be)."""
    if type(a) is not type(b):
        return False
    if type(a) is list:
        return len(a) == len(b) and all(map(_same, a, b))
    if type(a) is dict:
        return a.keys() == b.keys() and all(_same(value, b[key]) for key, value in a.items())
    return bool(a == b)


def _same_board(data: Any, known: dict[str, Any]) -> bool:
    """A stored board is the one ``known`` (a board read before) holds, moves included:
    its moves equal the known board's texts, so they are those texts; the rest is
    compared with its types."""
    return (
        type(data) is dict
        and data == known
        and all(_same(value, known[key]) for key, value in data.items() if key != "moves")
    )


def _known_state(table: Table) -> TableState | None:
    """The table made from the latest one this worker read (:data:`_TABLES`), if the row
    holds the same data, or the same with moves added to the current hand's boards (only
    those moves are read, and applied to the known hands by :func:`replay`). ``None``
    for anything else: the table is then read in full, and refused if it must be."""
    with _HANDS_LOCK:
        entry = _TABLES.get(table.pk)
    if entry is None:
        return None
    (game, format_, seats, seed, options, rounds, results), known = entry
    stored = table.rounds
    if not (
        _same(table.game, game)
        and _same(table.format, format_)
        and _same(table.seed, seed)
        and _same(table.seats, seats)
        and _same(table.options, options)
        and type(stored) is list
        and len(stored) == len(rounds)
        and _same(table.results, results)
    ):
        return None
    for data, known_round in zip(stored[:-1], rounds[:-1], strict=True):
        if not (
            type(data) is list
            and len(data) == len(known_round)
            and all(map(_same_board, data, known_round))
        ):
            return None
    current, played = stored[-1], rounds[-1]
    if type(current) is not list or len(current) != len(played):
        return None
    boards, added = [], False
    for data, before, board in zip(current, played, known.rounds[-1], strict=True):
        if not (type(data) is dict and data.keys() == before.keys()):
            return None
        moves, known_moves = data.get("moves", []), before.get("moves", [])
        if not (
            type(moves) is list
            and moves[: len(known_moves)] == known_moves
            and all(_same(value, before[key]) for key, value in data.items() if key != "moves")
        ):
            return None
        if len(moves) > len(known_moves):
            try:
                board = board.read_on(moves[len(known_moves) :])
            except (EngineError, ValueError):
                return None  # read in full: the refusal is the one a full reading gives
            added = True
        boards.append(board)
    if not added:
        return TableState(
            table=table,
            rules=known.rules,
            rounds=known.rounds,
            results=known.results,
            current=known.current,
        )
    rounds_ = (*known.rounds[:-1], tuple(boards))
    return _state(table, known.rules, rounds_, known.results)


def replayed_results(rules: TableRules, rounds: Sequence[Round]) -> list[RoundResult]:
    """The results of every round but the last, each replayed from its moves (what the
    stored results must equal; used when a table's are missing)."""
    results = []
    for round_ in rounds[:-1]:
        result = round_result([replay(rules, board) for board in round_])
        if result is None:
            raise CorruptTable("a hand before the current one is not over")
        results.append(result)
    return results


def table_state(*, table: Table) -> TableState:
    """The table: its finished rounds' stored results and its current round replayed.
    Raises :class:`CorruptTable` when its data is broken. A table without its results
    (or with results that do not fit its rounds) has them replayed."""
    known = _known_state(table)
    if known is not None:
        return known
    rules = table_rules(table)
    try:
        rounds = rounds_from_data(table.rounds)
    except (EngineError, ValueError) as exc:
        raise CorruptTable(str(exc)) from exc
    if not rounds:
        raise CorruptTable("no hand dealt")
    results: list[RoundResult] | None = None
    if isinstance(table.results, list) and len(table.results) == len(rounds) - 1:
        try:
            results = results_from_data(rules.game, rounds, table.results)
        except EngineError:
            results = None
    if results is None:
        results = replayed_results(rules, rounds)
    return _state(table, rules, rounds, results)


# -- Starting and finding tables -----------------------------------------------------


def table_start(
    *,
    learner: Learner,
    game: Game,
    players: int,
    options: dict[str, Any],
    name: str,
    seed: int | None = None,
    computers: str | None = None,
) -> Table:
    """A new table with the learner in seat 0 and computer players in the rest.

    Gin with three players is the rotation (one sits out each hand), with four
    the partnership game (the learner and seat 2 against seats 1 and 3).
    ``computers``: how the computer players play (:data:`COMPUTERS`; by default the
    patient player at Knock Rummy, see :func:`default_computers`).
    """
    low, high = table_sizes(game)
    if not low <= players <= high:
        raise ValueError(f"{game} is for {low}-{high} players")
    computers = computers_for(game, computers)
    since = timezone.now() - timedelta(days=1)
    if Table.objects.filter(learner=learner, created__gte=since).count() >= MAX_TABLES_PER_DAY:
        raise TooManyTables()
    seats = [{"name": name.strip()[:NAME_LENGTH], "kind": "human"}]
    with translation.override("en"):
        seats += [{"name": computer_name(i), "kind": "bot"} for i in range(players - 1)]
    rules = TableRules(
        game,
        TableFormat.of(game, players),
        seats=players,
        seed=seed if seed is not None else new_table_seed(),
        options=options_for(game, options),
    )
    table = Table(
        learner=learner,
        game=rules.game.value,
        format=rules.format.value,
        options=rules.options.to_dict(),
        seats=seats,
        seed=rules.seed,
        computers=computers,
        rounds=rounds_to_data([rules.first_round()]),
        hints=[[]],
    )
    # A table started with no name keeps none for the learner, nor forgets the one they
    # gave before (their class's, or an earlier table's).
    if seats[0]["name"] and learner.display_name != seats[0]["name"]:
        learner.display_name = seats[0]["name"]
        learner.save(update_fields=["display_name"])
    table.save()
    return table


def table_get(*, learner: Learner | None, public_id: str) -> Table:
    """The learner's table, or :class:`TableNotFound` (also for someone else's)."""
    if learner is None:
        raise TableNotFound()
    table = Table.objects.filter(public_id=public_id, learner=learner).first()
    if table is None:
        raise TableNotFound()
    return table


#: Every request at a table reads it this way: compiled once (see rummy_site.prepared).
_TABLE_OF_VISITOR = PreparedQuery(
    Table,
    lambda public_id, visitor_key: Table.objects.select_related("learner").filter(
        public_id=public_id, learner__visitor_key=visitor_key
    ),
    "public_id",
    "visitor_key",
)


def table_of_visitor(
    *, visitor_key: str, public_id: str, count: ratelimit.Count | None = None
) -> Table | None:
    """The table ``public_id`` if its learner is the visitor whose key this is, read with
    its learner in one query (``None`` otherwise: someone else's table, or a learner
    known another way). Public ids are unique: one row at most.
    ``count``: a POST's rate-limit count, sent with the read
    (:func:`rummy_site.ratelimit.first_counting`)."""
    return ratelimit.first_counting(
        _TABLE_OF_VISITOR, count, public_id=public_id, visitor_key=visitor_key
    )


def tables_of(*, learner: Learner | None) -> list[Table]:
    if learner is None:
        return []
    return list(Table.objects.filter(learner=learner).order_by("-updated")[:50])


# -- Changing a table ------------------------------------------------------------------


def _save(
    state: TableState,
    rounds: Sequence[Round],
    hints: list[list[dict[str, int]]],
    results: Sequence[RoundResult] | None = None,
) -> None:
    """Save the new rounds (and, with a new round, the results of the finished ones) if
    the table's version is still the one the state was read at."""
    table = state.table
    version = table.version
    data = rounds_to_data(rounds)
    fields: dict[str, Any] = {"rounds": data, "hints": hints}
    if results is not None:
        fields["results"] = results_to_data(results)
    # The same JSON, the finished hands' text written once (a long match's moves).
    written = {**fields, "rounds": JSONText(rounds_to_json(rounds))}
    if not update_if_unchanged(table, "version", **written, updated=timezone.now()):
        raise StaleTable()
    for name, value in fields.items():
        setattr(table, name, value)
    table.version = version + 1


def scoring_seen(*, state: TableState, display: BoardDisplay) -> BoardDisplay:
    """How a finished hand's page shows its scoring, with what the table remembers: a
    learner who scores it themselves ("Score it yourself" answered) or steps into its
    walkthrough has it remembered (``Table.scored_hand``; no new version: no move is
    made, and a page open in another tab stays current); a later page of that hand
    without either (a reload, "All your tables") shows the whole walkthrough, the new
    scores, the match's end and "Next hand", not the question again (the Italian walk:
    the answer lived only in the address)."""
    table, number = state.table, state.round_number
    display = for_hand(display, number)
    if not state.hand.is_over or state.me is None:
        return display
    if scoring_answered(state, display):
        if table.scored_hand < number:
            Table.objects.filter(pk=table.pk, scored_hand__lt=number).update(scored_hand=number)
            table.scored_hand = number
        return display
    if table.scored_hand >= number:
        return replace(display, scored=True, steps=None if display.guess is None else display.steps)
    return display


def _current(table: Table, version: int) -> TableState:
    if version != table.version:
        raise StaleTable()
    return table_state(table=table)


def _play_out(board: Board, state: TableState, until_seat: int | None, *, one: bool) -> Board:
    """Computer moves at ``board`` until ``until_seat`` is to move or the hand ends."""
    rules = state.rules
    hand = replay(rules, board)
    bot_seed = rules.seed % 2**31 + state.round_number
    policy = computers_policy(state.table)
    while not hand.is_over and hand.turn != until_seat:
        move = bot_move(hand, policy=policy, seed=bot_seed)
        hand = hand.apply(move)  # the computer chooses among the legal moves
        board = board.with_moves(move)
        _remember(rules, board, hand)
        if one:
            break
    return board


def _finish_round(state: TableState, rounds: list[Round]) -> list[Round]:
    """Four-player Gin: once the learner's board is over, the other board plays out."""
    current = rounds[-1]
    if replay(state.rules, current[0]).is_over and len(current) > 1:
        others = tuple(_play_out(b, state, None, one=False) for b in current[1:])
        rounds[-1] = (current[0], *others)
    return rounds


def _with_current(state: TableState, board: Board) -> list[Round]:
    rounds = list(state.rounds)
    rounds[-1] = (board, *rounds[-1][1:])
    return rounds


def table_move(*, table: Table, version: int, move: AnyMove, confirmed: bool) -> TableState:
    """Make the learner's move and return the table as it is after it.

    A move that ends the play (the hand, or its play when Gin is then laid out by hand)
    needs ``confirmed`` (else :class:`NeedsConfirmation`);
    an illegal one raises :class:`MoveRefused` with the engine's reason.
    """
    state = _current(table, version)
    if state.me is None:
        raise SittingOut()
    try:
        after = state.hand.play(move, state.me)
    except IllegalMove as exc:
        move_refused.send(
            sender=Table,
            learner=table.learner,
            game=state.rules.game,
            error=exc,
            table=table.public_id,
        )
        raise MoveRefused(state, exc, move) from None
    if after.play_over and not state.hand.play_over and not confirmed:
        raise NeedsConfirmation(state, move)
    board = state.board.with_moves(move)
    _remember(state.rules, board, after)
    rounds = _finish_round(state, _with_current(state, board))
    _save(state, rounds, table.hints)
    return _told_if_over(state, _state(table, state.rules, rounds, state.results))


_REFUSED_SALT = "practice.refused"


def refusal_token(refused: MoveRefused, *, cards: tuple[Card, ...]) -> str | None:
    """The move just refused, signed for the table's learner only, for the address of the
    table's page a move sent without JavaScript redirects to (``?refused=``,
    :func:`game.moveforms.refusal_token`, as a guided hand's): the table and its version
    (unchanged: nothing was made), the move, the engine's reason and the ``cards`` that
    were ticked. Read back by :func:`refused_move`; ``None`` for a reason no token names
    (the move's own answer then says it)."""
    table = refused.state.table
    return moveforms.refusal_token(
        where=(table.pk, table.version),
        move=refused.move,
        error=refused.error,
        cards=cards,
        learner=table.learner_id,
        salt=_REFUSED_SALT,
    )


def refused_move(state: TableState, token: str) -> Refusal | None:
    """The refused move :func:`refusal_token` signed, while the table stands where it was
    refused (the same table, at the same version: nothing moved since); ``None`` for
    another learner's (or table's) token, a forged, malformed or old one, or once the
    table has moved on (its page then shows it as it is, nothing more)."""
    table = state.table
    return moveforms.read_refusal(
        token, where=(table.pk, table.version), learner=table.learner_id, salt=_REFUSED_SALT
    )


def _told_if_over(before: TableState, after: TableState) -> TableState:
    """Send :data:`hand_finished` when this move ended a hand the learner played in."""
    if after.hand.is_over and not before.hand.is_over and not after.sitting_out:
        table, number = after.table, after.round_number
        hand_finished.send(
            sender=Table,
            learner=table.learner,
            game=after.rules.game,
            table=table,
            round_number=number,
            verdicts=lambda: coach_verdicts(table=table, round_number=number),
        )
    return after


def table_bot_step(*, table: Table, version: int, all_steps: bool = False) -> TableState:
    """Let the computer players move: one move, or every move until the learner's turn."""
    state = _current(table, version)
    if not state.bots_to_move:
        raise NothingToDo()
    board = _play_out(state.board, state, state.me, one=not all_steps)
    rounds = _finish_round(state, _with_current(state, board))
    _save(state, rounds, table.hints)
    return _told_if_over(state, _state(table, state.rules, rounds, state.results))


def table_hint(*, table: Table, version: int) -> tuple[TableState, Advice]:
    """The coach's advice for the learner's position; the hint is recorded for this hand."""
    state = _current(table, version)
    if not state.my_turn:
        raise NotYourTurn()
    advice = advise(state.hand, state.me)
    hints = [list(h) for h in table.hints]
    while len(hints) < len(state.rounds):
        hints.append([])
    turn = {"move": len(state.board.moves)}
    if turn in hints[-1]:
        # The same turn's hint again: shown, not counted (nor stored) twice.
        return state, advice
    hints[-1].append(turn)
    _save(state, state.rounds, hints)
    return _state(table, state.rules, state.rounds, state.results), advice


def hint_given(state: TableState, hinted: str) -> Advice | None:
    """The coach's advice a hint asked for without JavaScript shows again on the page
    it redirects to (``?hinted=`` the table's version after it): while the table is at
    that version and the learner's turn has that hint recorded (:func:`table_hint`), so
    that a reload shows it and counts nothing, and no address gives a hint that was not
    asked for (and counted). ``None`` otherwise: the page is as it would be."""
    table = state.table
    if hinted != str(table.version) or not state.my_turn:
        return None
    hints = table.hints
    number = len(state.rounds)
    if len(hints) < number or {"move": len(state.board.moves)} not in hints[number - 1]:
        return None
    return advise(state.hand, state.me)


def table_next_hand(*, table: Table, version: int) -> TableState:
    """Deal the next hand once the current one is over."""
    state = _current(table, version)
    current = state.current_result
    if current is None:
        raise HandNotOver()
    if state.match.is_over:
        raise MatchOver()
    results = [*state.results, current]
    rounds = [*state.rounds, state.rules.next_round(state.rounds, results)]
    hints = [*table.hints, []]
    _save(state, rounds, hints, results)
    return _state(table, state.rules, rounds, results)


# -- Reviewing a hand ------------------------------------------------------------------


@dataclass(frozen=True)
class ReviewStep:
    """One moment of a finished hand, for the review: the state before ``move``."""

    number: int
    total: int
    before: Hand
    move: AnyMove | None
    player: int | None
    advice: Advice | None
    #: Names by engine seat of the reviewed board, and the learner's seat in it (or None).
    names: tuple[str, ...] = ()
    me: int | None = None

    #: The state after the move (``None`` at the end of the hand).
    after: Hand | None = None


def table_review(
    *,
    table: Table,
    round_number: int,
    step: int,
    besides: Sequence[str] = (),
    also: Sequence[str] = (),
) -> ReviewStep:
    """Step ``step`` (0 = the deal, n = after n moves) of finished hand ``round_number``
    (from 1). Only finished hands can be reviewed: a review shows every hand face up.
    ``besides`` and ``also``: names the computer players avoid (:func:`seat_names`)."""
    state = table_state(table=table)
    if not 1 <= round_number <= len(state.rounds):
        raise NoSuchHand()
    board = state.rounds[round_number - 1][0]
    if round_number == state.round_number and not state.hand.is_over:
        raise NotReviewable()
    step = max(0, min(len(board.moves), step))
    before = replay(state.rules, board.upto(step))
    move = board.moves[step] if step < len(board.moves) else None
    player = before.turn if move is not None else None
    me = board.seat_of(HUMAN)
    advice = advise(before, player) if move is not None and player == me else None
    return ReviewStep(
        number=step,
        total=len(board.moves),
        before=before,
        move=move,
        player=player,
        advice=advice,
        names=tuple(board_names(table, board, besides=besides, also=also)),
        me=me,
        after=replay(state.rules, board.upto(step + 1)) if move is not None else None,
    )


@dataclass(frozen=True)
class CoachVerdict:
    """The coach on one of the learner's discards (or knocks) of a finished hand, when
    its choice would have left less deadwood: the move's number at the board (from 0),
    the move, the coach's choice, and the deadwood each leaves."""

    number: int
    move: AnyMove
    best: AnyMove
    deadwood: int
    best_deadwood: int


def coach_verdicts(*, table: Table, round_number: int) -> list[CoachVerdict]:
    """The learner's discards and knocks in finished hand ``round_number`` that left
    more deadwood than the coach's choice (the clear verdicts: a move the coach merely
    ranks lower for its own reasons is not one). Empty for a hand not over."""
    state = table_state(table=table)
    if not 1 <= round_number <= len(state.rounds):
        raise NoSuchHand()
    board = state.rounds[round_number - 1][0]
    return board_verdicts(state.rules, board, board.seat_of(HUMAN))


def board_verdicts(
    rules: TableRules, board: Board, me: int | None, *, skip: Collection[int] = ()
) -> list[CoachVerdict]:
    """The clear verdicts on engine seat ``me``'s moves at a finished ``board`` (see
    :func:`coach_verdicts`; a table for people asks it for each of its players), but
    for the moves numbered in ``skip`` (the computer's, for a player who was away)."""
    if me is None or not replay(rules, board).is_over:
        return []
    verdicts = []
    for number, move in enumerate(board.moves):
        if not isinstance(move, Discard | Knock) or number in skip:
            continue
        before = replay(rules, board.upto(number))
        if before.turn != me:
            continue
        best = advise(before, me).best
        if best is None or not isinstance(best.move, Discard | Knock):
            continue
        view = before.view(me)
        mine, theirs = deadwood_after(view, move), deadwood_after(view, best.move)
        if mine is not None and theirs is not None and mine > theirs:
            verdicts.append(CoachVerdict(number, move, best.move, mine, theirs))
    return verdicts


@dataclass(frozen=True)
class HandsPlayed:
    """A learner's hands of one game at their tables: the ones finished (where they
    played, not sat out) and the ones they won (alone or with their partner)."""

    finished: int = 0
    won: int = 0


def hands_played(
    *, learners: Sequence[Learner], since: Any = None
) -> dict[tuple[int, str], HandsPlayed]:
    """Each learner's finished and won hands per game, at tables started at or after
    ``since`` (all their tables if None): ``{(learner id, game): HandsPlayed}``. The
    finished hands' stored results are read; only a table's current hand is replayed (to
    know whether it is over). A table that cannot be read counts nothing."""
    counts: dict[tuple[int, str], HandsPlayed] = {}
    for _created, key, played in hands_played_by_table(learners=learners, since=since):
        before = counts.get(key, HandsPlayed())
        counts[key] = HandsPlayed(before.finished + played.finished, before.won + played.won)
    return counts


def hands_played_by_table(
    *, learners: Sequence[Learner], since: Any = None
) -> list[tuple[Any, tuple[int, str], HandsPlayed]]:
    """:func:`hands_played` table by table: (when the table was started, (learner id,
    game), its hands), read and replayed once for several starting moments (a class's
    practice assignments, each counting the tables started after it was set)."""
    tables = Table.objects.filter(learner__in=[learner.pk for learner in learners])
    if since is not None:
        tables = tables.filter(created__gte=since)
    found: list[tuple[Any, tuple[int, str], HandsPlayed]] = []
    for table in tables:
        try:
            state = table_state(table=table)
        except CorruptTable:
            continue
        results = list(state.results)
        last = round_result(state.current)
        if last is not None:
            results.append(last)
        finished = won = 0
        for round_, result in zip(state.rounds, results, strict=False):
            boards = list(zip(round_, result, strict=True))
            played = [(b, st) for b, st in boards if HUMAN in b.seats]
            if not played:
                continue  # the learner sat out this hand
            finished += 1
            if any(b.seats[w] == HUMAN for b, st in played for w in st.winners):
                won += 1
        found.append((table.created, (table.learner_id, table.game), HandsPlayed(finished, won)))
    return found


__all__ = [
    "COMPUTERS",
    "HUMAN",
    "MAX_TABLES_PER_DAY",
    "NAME_LENGTH",
    "CoachVerdict",
    "CorruptTable",
    "HandNotOver",
    "HandsPlayed",
    "MatchOver",
    "MoveRefused",
    "NeedsConfirmation",
    "NoSuchHand",
    "NotReviewable",
    "NotYourTurn",
    "NothingToDo",
    "PracticeError",
    "Refusal",
    "ReviewStep",
    "SittingOut",
    "StaleTable",
    "TableNotFound",
    "TableState",
    "TooManyTables",
    "board_names",
    "board_verdicts",
    "coach_verdicts",
    "computers_for",
    "computers_policy",
    "default_computers",
    "hands_played",
    "hands_played_by_table",
    "hint_given",
    "refusal_token",
    "refused_move",
    "scoring_seen",
    "seat_names",
    "table_bot_step",
    "table_get",
    "table_hint",
    "table_move",
    "table_next_hand",
    "table_of_visitor",
    "table_review",
    "table_rules",
    "table_start",
    "table_state",
    "tables_of",
]
