"""Practice tables: start one, replay it, apply a move, let the computer play.

Views call these keyword-only functions and never touch the engine's state
directly. A table row stores rules, options, seats, seeds and move logs; every
call replays the current deal through the engine (a pure function), changes
it, and saves it only if ``version`` still matches (optimistic concurrency:
two tabs or a double click cannot apply a move twice).

The learner always sits in seat 0; the other seats are computer players.
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
from game.engine.match import BasicMatch, GinGame, KnockMatch
from game.engine.moves import Move
from game.engine.options import OPTIONS_BY_GAME, BasicOptions, GinOptions, KnockOptions, Options
from learners.models import Learner

from .models import Table

HUMAN = 0
PLAYER_COUNTS = {"basic": (2, 6), "gin": (2, 2), "knock": (2, 6)}
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
    """A table replayed: the current hand and what the learner may see of it."""

    table: Table
    hand: Hand
    deal_number: int

    @property
    def view(self) -> PlayerView:
        return self.hand.view(HUMAN)

    @property
    def names(self) -> list[str]:
        return [seat["name"] for seat in self.table.seats]

    @property
    def my_turn(self) -> bool:
        return not self.hand.is_over and self.hand.turn == HUMAN

    @property
    def bots_to_move(self) -> bool:
        return not self.hand.is_over and self.hand.turn != HUMAN

    @cached_property
    def match(self) -> Match:
        return match_of(self.table)

    @property
    def scores(self) -> list[Fraction]:
        return match_scores(self.match)


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


def _new_board(table: Table, deal_number: int, previous: Hand | None = None) -> dict[str, Any]:
    players = len(table.seats)
    dealer = _next_dealer(table, previous)
    return {
        "seats": list(range(players)),
        "seed": _seed_for(table.seed, deal_number),
        "dealer": dealer,
        "moves": [],
    }


def table_start(
    *,
    learner: Learner,
    game: str,
    players: int,
    options: dict[str, Any],
    name: str,
    seed: int | None = None,
) -> Table:
    """A new table with the learner in seat 0 and computer players in the rest."""
    options_type = OPTIONS_BY_GAME[game]
    opts: Options = options_type.from_dict(options)
    low, high = PLAYER_COUNTS[game]
    if not low <= players <= high:
        raise ValueError(f"{game} is for {low}-{high} players")
    seats = [{"name": name.strip()[:NAME_LENGTH], "kind": "human"}]
    seats += [{"name": BOT_NAMES[i], "kind": "bot"} for i in range(players - 1)]
    table = Table(
        learner=learner,
        game=game,
        options=opts.to_dict(),
        seats=seats,
        seed=seed if seed is not None else new_table_seed(),
    )
    table.deals = [[_new_board(table, 0)]]
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
    return TableState(
        table=table, hand=_replay(table, table.deals[-1][0]), deal_number=len(table.deals)
    )


def finished_hands(*, table: Table) -> list[Hand]:
    """Every finished hand of the table, oldest first (replayed)."""
    hands = []
    for deal in table.deals:
        hand = _replay(table, deal[0])
        if hand.is_over:
            hands.append(hand)
    return hands


Match = BasicMatch | GinGame | KnockMatch


def match_of(table: Table) -> Match:
    """The table's match so far, scored by the engine from every finished hand."""
    settlements = tuple(
        hand.result.settlement for hand in finished_hands(table=table) if hand.result is not None
    )
    options = OPTIONS_BY_GAME[table.game].from_dict(table.options)
    if isinstance(options, GinOptions):
        return GinGame(options=options, results=settlements)
    if isinstance(options, KnockOptions):
        return KnockMatch(players=len(table.seats), options=options, results=settlements)
    assert isinstance(options, BasicOptions)
    return BasicMatch(players=len(table.seats), options=options, results=settlements)


def match_scores(match: Match) -> list[Fraction]:
    """Each seat's score toward the target."""
    if isinstance(match, GinGame):
        totals = match.totals
        return [totals[p] for p in sorted(totals)]
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
    hand = state.hand.apply(move, HUMAN)  # raises IllegalMove, with its reason code
    table.deals[-1][0]["moves"].append(str(move))
    _save(table, version)
    _remember(_hand_key(table, table.deals[-1][0], table.deals[-1][0]["moves"]), hand)
    return TableState(table=table, hand=hand, deal_number=state.deal_number)


def table_bot_step(*, table: Table, version: int, all_steps: bool = False) -> TableState:
    """Let the computer players move: one move, or every move until the learner's turn."""
    _check_version(table, version)
    state = table_state(table=table)
    hand = state.hand
    if hand.is_over or hand.turn == HUMAN:
        raise NothingToDo(table.public_id)
    moves = table.deals[-1][0]["moves"]
    while not hand.is_over and hand.turn != HUMAN:
        move = bot_move(hand, seed=table.seed % 2**31 + state.deal_number)
        hand = hand.apply(move)
        moves.append(str(move))
        if not all_steps:
            break
    _save(table, version)
    _remember(_hand_key(table, table.deals[-1][0], moves), hand)
    return TableState(table=table, hand=hand, deal_number=state.deal_number)


def table_hint(*, table: Table, version: int) -> tuple[TableState, Advice]:
    """The coach's advice for the learner's position; the hint is recorded for this hand."""
    _check_version(table, version)
    state = table_state(table=table)
    if not state.my_turn:
        raise NotYourTurn(table.public_id)
    advice = advise(state.hand, HUMAN)
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
    table.deals.append([_new_board(table, len(table.deals), state.hand)])
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
    advice = advise(before, player) if move is not None and player == HUMAN else None
    return ReviewStep(step, len(moves), before, move, player, advice)
