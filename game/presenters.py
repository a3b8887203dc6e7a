"""What the table page shows, computed once so that templates only display.

Everything here is built from the learner's :class:`~game.engine.hand.PlayerView`
(never from the full hand) until the hand is over: no other player's card,
no stock order, can reach a template.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from game.engine.arrange import Arrangement, best_arrangement
from game.engine.cards import Card
from game.engine.coach import Advice
from game.engine.errors import IllegalMove
from game.engine.hand import Hand, HandEnd, Phase, PlayerView
from game.engine.match import GinGame, GinPartnershipGame, GinThreeGame, KnockMatch, LineCode
from game.engine.moves import Discard, Knock, LayDown, LayOff, Move
from game.engine.settle import StepCode

from . import explain
from .models import Table
from .services import ReviewStep, TableState, hints_used, match_target

#: How many of the latest log lines the table shows.
LOG_LINES = 8


@dataclass(frozen=True)
class Action:
    """A button of the table's form: ``name="action" value=value``."""

    value: str
    label: str
    primary: bool = False


@dataclass(frozen=True)
class Seat:
    name: str
    cards: int
    score: str
    is_turn: bool
    is_you: bool
    is_dealer: bool


@dataclass(frozen=True)
class ScoreStep:
    text: str
    cards: tuple[Card, ...] = ()
    melds: tuple[tuple[Card, ...], ...] = ()


@dataclass
class Result:
    headline: str
    steps: list[ScoreStep] = field(default_factory=list)
    hands: list[tuple[str, list[Card]]] = field(default_factory=list)


def table_summaries(tables: Sequence[Table]) -> list[dict[str, Any]]:
    return [
        {
            "table": t,
            "game": Table.Game(t.game).label,
            "players": len(t.seats),
            "hands": len(t.deals),
            "opponents": ", ".join(seat["name"] for seat in t.seats[1:]),
        }
        for t in tables
    ]


def illegal_move(error: IllegalMove, state: TableState) -> str:
    return explain.illegal_move(error, state.names)


def _actions(state: BoardLike) -> list[Action]:
    view = state.view
    if not view.my_turn:
        return []
    if view.phase is Phase.DRAW:
        actions = [Action("draw_stock", _("Draw from stock"), True)]
        if view.discard_top is not None:
            actions.append(Action("draw_discard", _("Take discard")))
        return actions
    legal = view.legal_moves
    actions = []
    if any(isinstance(m, Discard) for m in legal):
        actions.append(Action("discard", _("Discard"), True))
    if view.game == "basic":
        actions.append(Action("meld", pgettext("button", "Meld")))
        if view.table:
            actions.append(Action("lay_off", _("Lay off")))
    else:
        actions.append(Action("knock", _("Knock")))
    return actions


def _going_out_label(state: BoardLike) -> bool:
    view = state.view
    return view.game == "basic" and view.phase is Phase.PLAY and len(view.hand) == 1


def _result(state: BoardLike, names: Sequence[str]) -> Result | None:
    hand = state.hand
    result = hand.result
    if result is None:
        return None
    you = result.player is not None and result.player == state.me
    player = names[result.player] if result.player is not None else ""
    if result.end is HandEnd.VOID:
        headline = _("The stock ran out: the hand is void and nobody scores.")
    elif result.end is HandEnd.BLOCKED:
        headline = _("Nobody can go out any more: the hand is over and nobody scores.")
    elif result.end is HandEnd.GIN:
        headline = _("You went gin!") if you else _("%(name)s went gin.") % {"name": player}
    elif result.end is HandEnd.KNOCK:
        headline = _("You knocked.") if you else _("%(name)s knocked.") % {"name": player}
    elif result.end is HandEnd.RUMMY and hand.game == "basic":
        headline = _("You went rummy!") if you else _("%(name)s went rummy.") % {"name": player}
    elif result.end is HandEnd.RUMMY:
        headline = (
            _("You knocked with rummy!")
            if you
            else _("%(name)s knocked with rummy.") % {"name": player}
        )
    else:
        headline = _("You went out!") if you else _("%(name)s went out.") % {"name": player}
    steps = []
    for step in result.settlement.steps:
        cards: tuple[Card, ...] = ()
        melds: tuple[tuple[Card, ...], ...] = ()
        if step.code in (StepCode.SHOW, StepCode.KEEPS):
            melds = tuple(tuple(Card.parse(c) for c in m) for m in step.params["melds"])
            cards = tuple(Card.parse(c) for c in step.params["deadwood_cards"])
        elif step.code is StepCode.LAYOFF:
            cards = (Card.parse(step.params["card"]),)
        elif step.code is StepCode.HAND_VALUE:
            cards = tuple(Card.parse(c) for c in step.params["cards"])
        steps.append(ScoreStep(explain.settlement_step(step, names), cards, melds))
    return Result(
        headline=headline,
        steps=steps,
        hands=[(names[i], list(h)) for i, h in enumerate(result.hands)],
    )


def _score_sheet(state: TableState) -> dict[str, Any]:
    """The match so far: Gin's boxes (per player, or per partnership), or totals against
    the target (and Knock Rummy's balances)."""
    match = state.match
    table_names = [str(seat["name"]) for seat in state.table.seats]
    sheet: dict[str, Any] = {"kind": state.hand.game, "rows": [], "lines": []}
    if isinstance(match, GinGame | GinThreeGame | GinPartnershipGame):
        if isinstance(match, GinPartnershipGame):
            columns = [
                _("%(first)s and %(second)s") % {"first": table_names[0], "second": table_names[2]},
                _("%(first)s and %(second)s") % {"first": table_names[1], "second": table_names[3]},
            ]
        else:
            columns = table_names
        boxes, totals = match.boxes, match.totals
        sheet["rows"] = [
            {
                "name": columns[p],
                "boxes": [explain.points(b) for b in boxes[p]],
                "total": explain.points(totals[p]),
            }
            for p in sorted(boxes)
        ]
        if isinstance(match, GinThreeGame):
            summaries = match.summaries()
        else:
            summary = match.summary()
            summaries = [summary] if summary is not None else []
        sheet["lines"] = [
            explain.summary_line(line, columns) for summary in summaries for line in summary.lines
        ]
        return sheet
    if isinstance(match, KnockMatch):
        sheet["rows"] = [
            {"name": table_names[p], "total": explain.points(score), "net": explain.signed(net)}
            for p, (score, net) in enumerate(zip(match.scores, match.net, strict=True))
        ]
    else:
        sheet["rows"] = [
            {"name": table_names[p], "total": explain.points(total)}
            for p, total in enumerate(match.totals)
        ]
    sheet["lines"] = [
        explain.summary_line(line, table_names)
        for line in match.summary()
        if line.code in (LineCode.WINNER, LineCode.ANOTHER_HAND)
    ]
    return sheet


def _other_table(state: TableState) -> dict[str, Any] | None:
    """Four-player Gin: the partnership's other table, shown once both hands are over."""
    other, board = state.other, state.other_board
    if other is None or board is None:
        return None
    names = [str(state.table.seats[s]["name"]) for s in board["seats"]]
    result = other.result
    if result is None or not state.hand.is_over:
        return {"names": names, "over": False, "steps": []}
    return {
        "names": names,
        "over": True,
        "steps": [explain.settlement_step(step, names) for step in result.settlement.steps],
    }


def _knock_discard_hidden(state: BoardLike) -> bool:
    """Gin's knocker discards face down: the other player does not see that card."""
    result = state.hand.result
    return (
        state.hand.game == "gin"
        and result is not None
        and result.end in (HandEnd.KNOCK, HandEnd.GIN)
        and result.player != state.me
    )


def _visible_discard_top(state: BoardLike) -> Card | None:
    if _knock_discard_hidden(state):
        return None
    return state.view.discard_top


def _step_count(request: HttpRequest, total: int) -> int:
    raw = request.GET.get("step", "1")
    if raw == "all":
        return total
    try:
        return max(1, min(total, int(raw)))
    except ValueError:
        return 1


def _advice(advice: Advice | None, names: Sequence[str]) -> dict[str, Any] | None:
    if advice is None or advice.best is None:
        return None
    best = advice.best
    others = [
        {
            "move": explain.move_phrase(m.move),
            "steps": [explain.coach_step(s, names) for s in m.steps],
        }
        for m in advice.moves[1:3]
    ]
    return {
        "move": explain.move_phrase(best.move),
        "steps": [explain.coach_step(s, names) for s in best.steps],
        "others": others,
    }


def _confirm(move: Move | None, state: TableState) -> dict[str, Any] | None:
    if move is None:
        return None
    fields: list[tuple[str, str]] = []
    if isinstance(move, Knock):
        question = _(
            "Knock now, discarding %(card)s? The hand ends and everyone shows their cards."
        ) % {"card": explain.card_short(move.discard)}
        fields = [("action", "knock"), ("cards", str(move.discard))]
    elif isinstance(move, Discard):
        question = _("Discard %(card)s and go out? The hand ends.") % {
            "card": explain.card_short(move.card)
        }
        fields = [("action", "discard"), ("cards", str(move.card))]
    elif isinstance(move, LayDown):
        question = _("Meld %(cards)s and go out? The hand ends.") % {
            "cards": explain.cards_short(move.cards)
        }
        fields = [("action", "meld")] + [("cards", str(c)) for c in move.cards]
    elif isinstance(move, LayOff):
        question = _("Lay off %(card)s and go out? The hand ends.") % {
            "card": explain.card_short(move.card)
        }
        fields = [("action", "lay_off"), ("cards", str(move.card)), ("meld", str(move.meld_id))]
    else:
        return None
    return {"question": question, "fields": fields}


class BoardLike(Protocol):
    """What the shared table partials need: a hand, the learner's seat in it, names."""

    @property
    def hand(self) -> Hand: ...
    @property
    def me(self) -> int | None: ...
    @property
    def names(self) -> list[str]: ...
    @property
    def view(self) -> PlayerView: ...
    @property
    def my_turn(self) -> bool: ...
    @property
    def sitting_out(self) -> bool: ...
    @property
    def bots_to_move(self) -> bool: ...


def board_context(
    request: HttpRequest,
    state: BoardLike,
    *,
    scores: Sequence[str] | None = None,
    error: str = "",
) -> dict[str, Any]:
    """The part of a page every table shares (practice and guided hands): seats, piles,
    the learner's cards and buttons, the log, and the scoring walkthrough."""
    view = state.view
    names = state.names
    arrange = request.GET.get("arrange") == "1" or request.POST.get("arrange") == "1"
    # A learner sitting out (three-player Gin) sees no hand at all.
    my_cards = list(view.hand) if not state.sitting_out else []
    arrangement: Arrangement = best_arrangement(my_cards, ace_high_or_low=view.ace_high)
    seats = [
        Seat(
            name=names[i],
            cards=view.hand_sizes[i],
            score=scores[i] if scores is not None else "",
            is_turn=(i == view.turn and not state.hand.is_over),
            is_you=(i == state.me),
            is_dealer=(i == view.dealer),
        )
        for i in range(view.players)
    ]
    result = _result(state, names)
    shown_steps = _step_count(request, len(result.steps)) if result else 0
    table_melds = [
        {
            "id": m.id,
            "owner": names[m.owner],
            "cards": list(m.cards),
            "label": explain.full_card_names(m.cards),
        }
        for m in view.table
    ]
    log = [
        explain.event_sentence(e, names, human=state.me if state.me is not None else -1)
        for e in view.log
    ]
    selected = []
    for token in request.POST.getlist("cards") if error else ():
        try:
            selected.append(Card.parse(token))
        except ValueError:
            continue
    return {
        "view": view,
        "seats": seats,
        "sitting_out": state.sitting_out,
        "watching": [s.name for s in seats],
        "turn_name": names[view.turn],
        "my_turn": state.my_turn,
        "bots_to_move": state.bots_to_move,
        "hand_cards": my_cards,
        "selected": selected,
        "arrange": arrange,
        "arrangement": arrangement,
        "taken": view.taken,
        "stock_size": view.stock_size,
        "discard_top": _visible_discard_top(state),
        "discard_face_down": _knock_discard_hidden(state),
        "discard_count": len(view.discard_pile),
        "table_melds": table_melds,
        "actions": _actions(state),
        "going_out": _going_out_label(state),
        "log": log[-LOG_LINES:],
        "log_hidden": max(0, len(log) - LOG_LINES),
        "result": result,
        "shown_steps": result.steps[:shown_steps] if result else [],
        "more_steps": (shown_steps < len(result.steps)) if result else False,
        "next_step": shown_steps + 1,
        "error": error,
        "is_over": state.hand.is_over,
        "bot_delay": settings.BOT_STEP_DELAY_MS,
    }


def table_context(
    request: HttpRequest,
    state: TableState,
    *,
    error: str = "",
    notice: str = "",
    advice: Advice | None = None,
    confirm: Move | None = None,
) -> dict[str, Any]:
    """A practice table: the shared board plus scores, the match, hints and the coach."""
    table = state.table
    board_seats = state.board["seats"]
    scores = [explain.points(state.scores[board_seats[i]]) for i in range(len(board_seats))]
    context = board_context(request, state, scores=scores, error=error)
    match = state.match
    winner = match.winner if state.hand.is_over else None
    if isinstance(match, GinPartnershipGame) and winner is not None:
        table_names = [str(seat["name"]) for seat in table.seats]
        winner_name: str | None = _("%(first)s and %(second)s") % {
            "first": table_names[winner],
            "second": table_names[winner + 2],
        }
    else:
        winner_name = str(table.seats[winner]["name"]) if winner is not None else None
    context.update(
        {
            "table": table,
            "version": table.version,
            "game_label": Table.Game(table.game).label,
            "deal_number": state.deal_number,
            "other_table": _other_table(state),
            "target": match_target(table),
            "match_winner": winner_name,
            "sheet": _score_sheet(state),
            "hints_used": hints_used(table),
            "advice": _advice(advice, state.names),
            "confirm": _confirm(confirm, state),
            "notice": notice,
        }
    )
    return context


__all__ = ["Action", "board_context", "illegal_move", "table_context", "table_summaries"]


def review_context(review: ReviewStep, table: Table, deal: int) -> dict[str, Any]:
    """A finished hand, one move at a time, every hand face up, with the coach's view."""
    names = list(review.names)
    before = review.before
    sentence = ""
    verdict = ""
    played_steps: list[str] = []
    preferred: dict[str, Any] | None = None
    if review.move is not None:
        after = before.apply(review.move)
        human = review.me if review.me is not None else -1
        sentence = explain.event_sentence(after.log[-1], names, human=human)
    if review.advice is not None and review.move is not None:
        ranked = {str(m.move): m for m in review.advice.moves}
        mine = ranked.get(str(review.move))
        best = review.advice.best
        if mine is not None:
            played_steps = [explain.coach_step(s, names) for s in mine.steps]
        if best is not None and mine is not None and mine.rank == 1:
            verdict = _("The coach agrees: this was its first choice.")
        elif best is not None:
            verdict = _("You played: %(mine)s. The coach preferred: %(best)s.") % {
                "mine": explain.move_phrase(review.move),
                "best": explain.move_phrase(best.move),
            }
            preferred = {
                "move": explain.move_phrase(best.move),
                "steps": [explain.coach_step(s, names) for s in best.steps],
            }
    final = review.move is None
    return {
        "table": table,
        "deal": deal,
        "game_label": Table.Game(table.game).label,
        "step": review.number,
        "total": review.total,
        "previous_step": review.number - 1 if review.number > 0 else None,
        "next_step": review.number + 1 if review.number < review.total else None,
        "hands": [
            {
                "name": names[p],
                "cards": list(before.hands[p]),
                "to_play": p == before.turn and not final,
            }
            for p in range(before.players)
        ],
        "discard_top": before.discard_pile[0] if before.discard_pile else None,
        "stock_size": len(before.stock),
        "table_melds": [
            {
                "owner": names[m.owner],
                "cards": list(m.cards),
                "label": explain.full_card_names(m.cards),
            }
            for m in before.table
        ],
        "sentence": sentence,
        "verdict": verdict,
        "played_steps": played_steps,
        "preferred": preferred,
        "final": final,
    }
