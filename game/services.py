"""Practice tables: start one, replay it, apply a move, let the computer play.

Views call these keyword-only functions and never touch the engine's state
directly. A table row stores rules, options, seats, seeds and move logs; every
call replays the current deal through the engine (a pure function), changes
it, and saves it only if ``version`` still matches (optimistic concurrency:
two tabs or a double click cannot apply a move twice).

The learner always sits in table seat 0; the other seats are computer
players. A deal is one board (an engine hand) for most tables; Gin's
three-player table seats two of the three at its one board (the third sits
out), and its four-player partnership table plays two boards at once, the
learner at the first. A board's ``seats`` maps its engine seats to table seats.
"""

from __future__ import annotations

import random
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

from django.db.models import F
from django.utils import timezone

from game.engine.bots import bot_move
from game.engine.coach import Advice, advise
from game.engine.errors import EngineError
from game.engine.hand import Hand, PlayerView
from game.engine.match import (
    BasicMatch,
    GinGame,
    GinPartnershipGame,
    GinThreeGame,
    HandScore,
    KnockMatch,
    partnership_tables,
)
from game.engine.moves import Move
from game.engine.options import OPTIONS_BY_GAME, BasicOptions, GinOptions, KnockOptions, Options
from learners.models import Learner

from .models import Table

#: The learner's table seat.
HUMAN = 0
PLAYER_COUNTS = {"basic": (2, 6), "gin": (2, 4), "knock": (2, 6)}
#: Names of the computer players, by seat (seat 0 is the learner).
BOT_NAMES = ["Ona", "Ben", "Marta", "Luca", "Ivan"]
#: Longest table name a learner may type.
NAME_LENGTH = 24


class TableError(Exception):
    """Base of the service's refusals; ``code`` names the reason for the web layer."""

    code = "table_error"


class TableNotFound(TableError):
    """No such table, or it belongs to another learner (the two are not told apart)."""

    code = "not_found"


class StaleTable(TableError):
    """The table changed since the page was drawn (another tab, a double click)."""

    code = "stale"


class CorruptTable(TableError):
    """The stored log could not be replayed."""

    code = "corrupt"


class NotYourTurn(TableError):
    code = "not_your_turn"


class NothingToDo(TableError):
    """A computer step was asked for, but it is the learner's turn or the hand is over."""

    code = "nothing_to_do"


class HandNotOver(TableError):
    code = "hand_not_over"


class MatchOver(TableError):
    code = "match_over"


@dataclass(frozen=True)
class TableState:
    """A table replayed: the learner's board of the current deal and what they may see.

    ``me`` is the learner's engine seat at that board, or ``None`` while they sit
    out (three-player Gin). ``other`` is the second board of a four-player Gin deal.
    """

    table: Table
    hand: Hand
    deal_number: int
    board: dict[str, Any]
    other: Hand | None = None
    other_board: dict[str, Any] | None = None

    @property
    def me(self) -> int | None:
        seats = self.board["seats"]
        return seats.index(HUMAN) if HUMAN in seats else None

    @property
    def sitting_out(self) -> bool:
        return self.me is None

    @property
    def view(self) -> PlayerView:
        """The learner's view (a sitting-out learner gets seat 0's, minus its hand: the
        presenter shows no cards then)."""
        return self.hand.view(self.me if self.me is not None else 0)

    @property
    def names(self) -> list[str]:
        """Names by engine seat of the learner's board."""
        return board_names(self.table, self.board)

    @property
    def my_turn(self) -> bool:
        return self.me is not None and not self.hand.is_over and self.hand.turn == self.me

    @property
    def bots_to_move(self) -> bool:
        return not self.hand.is_over and self.hand.turn != self.me

    @cached_property
    def match(self) -> Match:
        return match_of(self.table)

    @property
    def scores(self) -> list[Fraction]:
        """Each table seat's score toward the target."""
        return seat_scores(self.match, len(self.table.seats))


def board_names(table: Table, board: dict[str, Any]) -> list[str]:
    return [str(table.seats[seat]["name"]) for seat in board["seats"]]


def new_table_seed() -> int:
    """A fresh random seed for a new table (tests replace this to replay tables)."""
    return random.SystemRandom().randrange(1, 2**62)


def _seed_for(table_seed: int, deal_number: int) -> int:
    return random.Random(f"{table_seed}:deal:{deal_number}").randrange(1, 2**31)


def _first_dealer(table_seed: int, players: int) -> int:
    return random.Random(f"{table_seed}:dealer").randrange(players)


def _next_dealer(table: Table, previous: Hand | None) -> int:
    """The first dealer is drawn from the table's seed; then the deal passes to the
    left, except that in Gin a void hand is dealt again by the same dealer."""
    players = len(table.seats)
    if previous is None:
        return _first_dealer(table.seed, players)
    if table.game == "gin" and previous.result is not None and not previous.result.winners:
        return previous.dealer
    return (previous.dealer + 1) % players


def _first_out(table: Table) -> int:
    """Three-player Gin: who sits out the first hand (drawn from the table's seed)."""
    return random.Random(f"{table.seed}:out").randrange(3)


def _hand_scores(table: Table, deals: Sequence[Sequence[dict[str, Any]]]) -> list[HandScore]:
    """Each finished board's result as a score-sheet entry with table seats."""
    scores = []
    for deal in deals:
        for board in deal:
            hand = _replay(table, board)
            if hand.result is not None:
                scores.append(HandScore.of(hand.result.settlement, board["seats"]))
    return scores


def _three_game(table: Table, deals: Sequence[Sequence[dict[str, Any]]]) -> GinThreeGame:
    options = GinOptions.from_dict(table.options)
    return GinThreeGame(
        first_out=_first_out(table), options=options, results=tuple(_hand_scores(table, deals))
    )


def _new_deal(table: Table, deal_number: int, previous: Hand | None = None) -> list[dict[str, Any]]:
    """The boards of deal ``deal_number`` (from 0)."""
    seed = _seed_for(table.seed, deal_number)
    if table.format == Table.Format.GIN_THREE:
        seating = _three_game(table, table.deals[:deal_number]).seating()
        seats = list(seating.players)
        return [{"seats": seats, "seed": seed, "dealer": seats.index(seating.dealer), "moves": []}]
    if table.format == Table.Format.GIN_FOUR:
        first, second = partnership_tables(deal_number)
        dealer = (_first_dealer(table.seed, 2) + deal_number) % 2
        return [
            {"seats": list(first), "seed": seed, "dealer": dealer, "moves": []},
            {
                "seats": list(second),
                "seed": _seed_for(table.seed + 1, deal_number),
                "dealer": dealer,
                "moves": [],
            },
        ]
    players = len(table.seats)
    return [
        {
            "seats": list(range(players)),
            "seed": seed,
            "dealer": _next_dealer(table, previous),
            "moves": [],
        }
    ]


def table_start(
    *,
    learner: Learner,
    game: str,
    players: int,
    options: dict[str, Any],
    name: str,
    seed: int | None = None,
) -> Table:
    """A new table with the learner in seat 0 and computer players in the rest.

    Gin with three players is the rotation (one sits out each hand), with four
    the partnership game (the learner and seat 2 against seats 1 and 3).
    """
    options_type = OPTIONS_BY_GAME[game]
    opts: Options = options_type.from_dict(options)
    low, high = PLAYER_COUNTS[game]
    if not low <= players <= high:
        raise ValueError(f"{game} is for {low}-{high} players")
    seats = [{"name": name.strip()[:NAME_LENGTH], "kind": "human"}]
    seats += [{"name": BOT_NAMES[i], "kind": "bot"} for i in range(players - 1)]
    table_format = Table.Format.STANDARD
    if game == "gin" and players == 3:
        table_format = Table.Format.GIN_THREE
    elif game == "gin" and players == 4:
        table_format = Table.Format.GIN_FOUR
    table = Table(
        learner=learner,
        game=game,
        format=table_format,
        options=opts.to_dict(),
        seats=seats,
        seed=seed if seed is not None else new_table_seed(),
    )
    table.deals = []
    table.deals = [_new_deal(table, 0)]
    if learner.display_name != seats[0]["name"]:
        learner.display_name = seats[0]["name"]
        learner.save(update_fields=["display_name"])
    table.hints = [[]]
    table.save()
    return table


def table_get(*, learner: Learner | None, public_id: str) -> Table:
    """The learner's table, or :class:`TableNotFound` (also for someone else's)."""
    if learner is None:
        raise TableNotFound(public_id)
    table = Table.objects.filter(public_id=public_id, learner=learner).first()
    if table is None:
        raise TableNotFound(public_id)
    return table


def tables_of(*, learner: Learner | None) -> list[Table]:
    if learner is None:
        return []
    return list(Table.objects.filter(learner=learner).order_by("-updated")[:50])


#: Recently replayed hands, by everything that defines them. Hands are immutable,
#: so a worker can reuse them: the next request on a table usually finds its hand
#: here, or the hand one move earlier, and applies a single move.
_HANDS: OrderedDict[tuple[Any, ...], Hand] = OrderedDict()
_HANDS_LOCK = threading.Lock()
HAND_CACHE_SIZE = 2048


def _hand_key(table: Table, board: dict[str, Any], moves: Sequence[str]) -> tuple[Any, ...]:
    options = tuple(sorted(table.options.items()))
    return (table.game, options, len(board["seats"]), board["dealer"], board["seed"], tuple(moves))


def _cached(key: tuple[Any, ...]) -> Hand | None:
    with _HANDS_LOCK:
        hand = _HANDS.get(key)
        if hand is not None:
            _HANDS.move_to_end(key)
        return hand


def _remember(key: tuple[Any, ...], hand: Hand) -> None:
    with _HANDS_LOCK:
        _HANDS[key] = hand
        while len(_HANDS) > HAND_CACHE_SIZE:
            _HANDS.popitem(last=False)


def _replay(table: Table, board: dict[str, Any]) -> Hand:
    try:
        moves = list(board["moves"])
        key = _hand_key(table, board, moves)
        hand = _cached(key)
        if hand is not None:
            return hand
        previous = _cached((*key[:-1], tuple(moves[:-1]))) if moves else None
        if previous is not None:
            hand = previous.apply(Move.parse(moves[-1]))
        else:
            hand = Hand.replay(
                table.game,
                moves,
                players=len(board["seats"]),
                dealer=int(board["dealer"]),
                seed=int(board["seed"]),
                options=table.options,
            )
    except (EngineError, KeyError, TypeError, ValueError) as exc:
        raise CorruptTable(str(exc)) from exc
    _remember(key, hand)
    return hand


def table_state(*, table: Table) -> TableState:
    """Replay the current deal. Raises :class:`CorruptTable` when the log is broken."""
    if not isinstance(table.deals, list) or not table.deals or not table.deals[-1]:
        raise CorruptTable("no deal")
    deal = table.deals[-1]
    other = _replay(table, deal[1]) if len(deal) > 1 else None
    return TableState(
        table=table,
        hand=_replay(table, deal[0]),
        deal_number=len(table.deals),
        board=deal[0],
        other=other,
        other_board=deal[1] if len(deal) > 1 else None,
    )


def _deal_over(table: Table, deal: Sequence[dict[str, Any]]) -> bool:
    return all(_replay(table, board).is_over for board in deal)


Match = BasicMatch | GinGame | GinThreeGame | GinPartnershipGame | KnockMatch


def match_of(table: Table) -> Match:
    """The table's match so far, scored by the engine from every finished deal."""
    finished = [deal for deal in table.deals if _deal_over(table, deal)]
    options = OPTIONS_BY_GAME[table.game].from_dict(table.options)
    if isinstance(options, GinOptions):
        if table.format == Table.Format.GIN_THREE:
            return _three_game(table, finished)
        if table.format == Table.Format.GIN_FOUR:
            pairs = tuple(
                (scores[0], scores[1])
                for scores in (_hand_scores(table, [deal]) for deal in finished)
            )
            return GinPartnershipGame(options=options, deals=pairs)
        return GinGame(options=options, results=tuple(_hand_scores(table, finished)))
    settlements = tuple(
        hand.result.settlement
        for hand in (_replay(table, deal[0]) for deal in finished)
        if hand.result is not None
    )
    if isinstance(options, KnockOptions):
        return KnockMatch(players=len(table.seats), options=options, results=settlements)
    assert isinstance(options, BasicOptions)
    return BasicMatch(players=len(table.seats), options=options, results=settlements)


def seat_scores(match: Match, seats: int) -> list[Fraction]:
    """Each table seat's score toward the target (a partnership's total for both partners)."""
    if isinstance(match, GinPartnershipGame):
        totals = match.totals
        return [totals[seat % 2] for seat in range(seats)]
    if isinstance(match, GinGame | GinThreeGame):
        totals = match.totals
        return [totals[seat] for seat in range(seats)]
    if isinstance(match, KnockMatch):
        return match.scores
    return match.totals


def _save(table: Table, version: int) -> None:
    updated = Table.objects.filter(pk=table.pk, version=version).update(
        deals=table.deals, hints=table.hints, version=F("version") + 1, updated=timezone.now()
    )
    if updated != 1:
        raise StaleTable(table.public_id)
    table.version = version + 1


def _check_version(table: Table, version: int) -> None:
    if version != table.version:
        raise StaleTable(table.public_id)


def table_move(*, table: Table, version: int, move: Move) -> TableState:
    """Apply the learner's move. Raises ``IllegalMove`` (with its reason) or a TableError."""
    _check_version(table, version)
    state = table_state(table=table)
    if state.me is None:
        raise NotYourTurn(table.public_id)
    hand = state.hand.apply(move, state.me)  # raises IllegalMove, with its reason code
    table.deals[-1][0]["moves"].append(str(move))
    _remember(_hand_key(table, table.deals[-1][0], table.deals[-1][0]["moves"]), hand)
    if hand.is_over:
        _finish_other_boards(table)
    _save(table, version)
    return table_state(table=table)


def _play_out(table: Table, board: dict[str, Any], until_seat: int | None, *, one: bool) -> Hand:
    """Computer moves at ``board`` until ``until_seat`` is to move or the hand ends."""
    hand = _replay(table, board)
    moves = board["moves"]
    while not hand.is_over and hand.turn != until_seat:
        move = bot_move(hand, seed=table.seed % 2**31 + len(table.deals))
        hand = hand.apply(move)
        moves.append(str(move))
        if one:
            break
    _remember(_hand_key(table, board, moves), hand)
    return hand


def _finish_other_boards(table: Table) -> None:
    """Four-player Gin: once the learner's board is over, the other table plays out."""
    for board in table.deals[-1][1:]:
        _play_out(table, board, None, one=False)


def table_bot_step(*, table: Table, version: int, all_steps: bool = False) -> TableState:
    """Let the computer players move: one move, or every move until the learner's turn."""
    _check_version(table, version)
    state = table_state(table=table)
    if state.hand.is_over or state.hand.turn == state.me:
        raise NothingToDo(table.public_id)
    hand = _play_out(table, table.deals[-1][0], state.me, one=not all_steps)
    if hand.is_over:
        _finish_other_boards(table)
    _save(table, version)
    return table_state(table=table)


def table_hint(*, table: Table, version: int) -> tuple[TableState, Advice]:
    """The coach's advice for the learner's position; the hint is recorded for this hand."""
    _check_version(table, version)
    state = table_state(table=table)
    if not state.my_turn:
        raise NotYourTurn(table.public_id)
    advice = advise(state.hand, state.me)
    while len(table.hints) < len(table.deals):
        table.hints.append([])
    table.hints[-1].append({"move": len(table.deals[-1][0]["moves"])})
    _save(table, version)
    return state, advice


def hints_used(table: Table) -> int:
    """Hints asked for in the current hand."""
    if len(table.hints) < len(table.deals):
        return 0
    return len(table.hints[-1])


def match_target(table: Table) -> int:
    return int(table.options.get("target_score", 100))


def table_next_hand(*, table: Table, version: int) -> TableState:
    """Deal the next hand once the current one is over."""
    _check_version(table, version)
    state = table_state(table=table)
    if not state.hand.is_over:
        raise HandNotOver(table.public_id)
    if match_of(table).is_over:
        raise MatchOver(table.public_id)
    table.deals.append(_new_deal(table, len(table.deals), state.hand))
    table.hints.append([])
    _save(table, version)
    return table_state(table=table)


@dataclass(frozen=True)
class ReviewStep:
    """One moment of a finished hand, for the review: the state before ``move``."""

    number: int
    total: int
    before: Hand
    move: Move | None
    player: int | None
    advice: Advice | None
    #: Names by engine seat of the reviewed board, and the learner's seat in it (or None).
    names: tuple[str, ...] = ()
    me: int | None = None


def table_review(*, table: Table, deal: int, step: int) -> ReviewStep:
    """Step ``step`` (0 = the deal, n = after n moves) of finished deal number ``deal`` (1-based).

    Only finished hands can be reviewed: a review shows every hand face up.
    """
    if not 1 <= deal <= len(table.deals):
        raise TableNotFound(table.public_id)
    board = table.deals[deal - 1][0]
    final = _replay(table, board)
    if not final.is_over:
        raise HandNotOver(table.public_id)
    moves = [Move.parse(m) for m in board["moves"]]
    step = max(0, min(len(moves), step))
    before = _replay(table, {**board, "moves": board["moves"][:step]})
    move = moves[step] if step < len(moves) else None
    player = before.turn if move is not None else None
    mine = player is not None and board["seats"][player] == HUMAN
    advice = advise(before, player) if move is not None and mine else None
    me = board["seats"].index(HUMAN) if HUMAN in board["seats"] else None
    return ReviewStep(
        step, len(moves), before, move, player, advice, tuple(board_names(table, board)), me
    )
