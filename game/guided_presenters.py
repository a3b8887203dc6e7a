"""What the guided-hand pages show: the coach panel over the shared table partials."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _

from game.engine.moves import Discard, DrawDiscard, DrawStock, Knock, LayDown, LayOff

from . import explain, guided
from .guided_services import GuidedState, Verdict, cost, localized
from .models import GuidedResult, Table
from .presenters import board_context

text = localized


def index_context(results: dict[str, GuidedResult]) -> dict[str, Any]:
    games = []
    for game in guided.GAMES:
        hands = [
            {
                "scenario": s,
                "title": text(s.title),
                "summary": text(s.summary),
                "result": results.get(s.slug),
            }
            for s in guided.library()
            if s.game == game
        ]
        if hands:
            games.append({"game": game, "label": Table.Game(game).label, "hands": hands})
    return {"games": games}


def mistake_label(key: str) -> str:
    """A mistake kind, as the summary lists it: "tried an illegal run"."""
    kind, _sep, code = key.partition(":")
    if kind == "illegal":
        if code.startswith("illegal_meld:run") or code.endswith(
            (":ace_above_king", ":wrap_around")
        ):
            return _("tried a run that is not one")
        if code.startswith("illegal_meld:group"):
            return _("tried a group that is not one")
        if code.startswith("illegal_meld"):
            return _("tried a meld that is not one")
        if code == "knock_over_limit":
            return _("knocked with too much deadwood")
        if code == "discard_taken_card":
            return _("threw back the card just taken")
        if code == "must_draw_first":
            return _("forgot to draw first")
        if code == "cannot_lay_off":
            return _("laid off a card that does not fit")
        return _("tried a move the rules forbid")
    if code in ("draw_stock", "draw_discard"):
        return _("drew from the other pile")
    if code == "discard":
        return _("discarded another card")
    if code == "knock":
        return _("knocked when the lesson wanted something else")
    return _("played another move than the lesson's")


def _feedback(state: GuidedState, verdict: Verdict | None) -> dict[str, Any] | None:
    if verdict is None:
        return None
    if verdict.kind == "right":
        lead = _("Right!") if verdict.text else _("Done.")
        return {"kind": "right", "text": verdict.text, "lead": lead}
    if verdict.kind == "illegal":
        assert verdict.error is not None
        reason = explain.illegal_move(verdict.error, state.names)
        return {
            "kind": "illegal",
            "lead": _("Not allowed."),
            "text": reason,
            "more": verdict.text,
        }
    lines = [verdict.text or _("That move is allowed, but it is not what this step is about.")]
    price = cost(state, verdict.move)
    if price is not None:
        lines.append(
            _("Your deadwood would be %(mine)s instead of %(best)s.")
            % {"mine": price[0], "best": price[1]}
        )
    fields: list[tuple[str, str]] = []
    move = verdict.move
    if isinstance(move, DrawStock):
        fields = [("action", "draw_stock")]
    elif isinstance(move, DrawDiscard):
        fields = [("action", "draw_discard")]
    elif isinstance(move, Discard):
        fields = [("action", "discard"), ("cards", str(move.card))]
    elif isinstance(move, Knock):
        fields = [("action", "knock"), ("cards", str(move.discard))]
    elif isinstance(move, LayDown):
        fields = [("action", "meld")] + [("cards", str(c)) for c in move.cards]
    elif isinstance(move, LayOff):
        fields = [("action", "lay_off"), ("cards", str(move.card)), ("meld", str(move.meld_id))]
    return {
        "kind": "other",
        "lead": _("Allowed, but not the point."),
        "text": " ".join(lines),
        "fields": fields,
    }


def guided_context(
    request: HttpRequest,
    state: GuidedState,
    *,
    verdict: Verdict | None = None,
    error: str = "",
) -> dict[str, Any]:
    scenario = state.scenario
    context = board_context(request, state, error=error)
    step = state.step
    attempt = state.attempt
    library = [s for s in guided.library() if s.game == scenario.game]
    position = library.index(scenario) if scenario in library else 0
    following = library[position + 1] if position + 1 < len(library) else None
    mistakes = list(attempt.mistakes) if attempt else []
    by_kind: dict[str, int] = {}
    for m in mistakes:
        key = f"{m['kind']}:{m['code']}"
        by_kind[key] = by_kind.get(key, 0) + 1
    context.update(
        {
            "scenario": scenario,
            "title": text(scenario.title),
            "summary": text(scenario.summary),
            "game_label": Table.Game(scenario.game).label,
            "version": state.version,
            "step": step,
            "step_number": step.number if step else len(scenario.steps),
            "step_count": len(scenario.steps),
            "prompt": (
                _("You have left the lesson's path: finish the hand your own way.")
                if state.off_path
                else text(step.prompt)
                if step
                else ""
            ),
            "off_path": state.off_path,
            "hints": (
                [text(h) for h in step.hints[: state.hints_shown]]
                if step and not state.off_path
                else []
            ),
            "more_hints": bool(step)
            and not state.off_path
            and state.hints_shown < len(step.hints if step else ()),
            "feedback": _feedback(state, verdict),
            "finished": state.hand.is_over,
            "stars": attempt.stars if attempt and attempt.finished else None,
            "hints_used": len(attempt.hints) if attempt else 0,
            "mistake_count": len(mistakes),
            "mistake_kinds": [(mistake_label(k), n) for k, n in by_kind.items()],
            "next_scenario": following,
            "next_title": text(following.title) if following else "",
        }
    )
    return context
