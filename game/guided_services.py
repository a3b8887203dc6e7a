"""Guided hands for a learner: attempts, moves judged against the step, hints, results.

A move is judged in three ways: *right* (the step's move: it is applied, the
computer's scripted moves follow), *other* (legal, but not the point of the
step: nothing changes unless the learner chooses "continue anyway"), and
*illegal* (the engine's reason, and the scenario's own words when it has
them). Hints and mistakes are counted per attempt; a finished attempt earns
stars and updates the learner's best result for that hand.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import get_language, pgettext

from game.engine.arrange import best_arrangement
from game.engine.errors import EngineError, IllegalMove
from game.engine.hand import Hand, PlayerView
from game.engine.moves import Discard, Knock, Move
from learners.models import Learner

from . import guided
from .models import GuidedAttempt, GuidedResult

LEARNER = 0


class GuidedError(Exception):
    code = "guided_error"


class StaleAttempt(GuidedError):
    code = "stale"


class AttemptOver(GuidedError):
    code = "over"


class NoMoreHints(GuidedError):
    code = "no_more_hints"


@dataclass(frozen=True)
class GuidedState:
    """A guided hand replayed for the learner (shaped like a practice table's state)."""

    scenario: guided.Scenario
    attempt: GuidedAttempt | None
    progress: guided.Progress
    learner_name: str

    @property
    def hand(self) -> Hand:
        return self.progress.hand

    @property
    def me(self) -> int:
        return LEARNER

    @property
    def names(self) -> list[str]:
        return [name or self.learner_name for name in self.scenario.names]

    @property
    def view(self) -> PlayerView:
        return self.hand.view(LEARNER)

    @property
    def my_turn(self) -> bool:
        return not self.hand.is_over and self.hand.turn == LEARNER

    @property
    def sitting_out(self) -> bool:
        return False

    @property
    def bots_to_move(self) -> bool:
        return False

    @property
    def step(self) -> guided.Step | None:
        return self.progress.step

    @property
    def off_path(self) -> bool:
        """The learner "continued anyway" and the lesson's moves no longer fit: the hand
        goes on as free play (every legal move is fine) until it ends."""
        if self.hand.is_over:
            return False
        step = self.progress.step
        if step is None:
            return True
        return bool(step.expect) and not any(self.hand.is_legal(m, LEARNER) for m in step.expect)

    @property
    def version(self) -> int:
        return self.attempt.version if self.attempt else 0

    @property
    def hints_shown(self) -> int:
        """How many hints of the current step the learner has asked for."""
        if self.attempt is None or self.step is None:
            return 0
        return sum(1 for h in self.attempt.hints if h.get("step") == self.step.number)


@dataclass(frozen=True)
class Verdict:
    """How a move was judged: ``right``, ``other`` (legal, not the point) or ``illegal``."""

    kind: str
    move: Move
    error: IllegalMove | None = None
    text: str = ""


def learner_name(learner: Learner | None) -> str:
    if learner is not None and learner.display_name:
        return learner.display_name
    return pgettext("default name of the learner at a table", "Alex")


def attempt_current(*, learner: Learner | None, scenario: guided.Scenario) -> GuidedAttempt | None:
    """The learner's latest attempt at this hand (finished or not), if any."""
    if learner is None:
        return None
    return (
        GuidedAttempt.objects.filter(learner=learner, scenario=scenario.slug)
        .order_by("-created")
        .first()
    )


def _replays(scenario: guided.Scenario, attempt: GuidedAttempt) -> bool:
    """Does a saved attempt still replay? (Not if its scenario file changed since.)"""
    try:
        guided.replay(scenario, [Move.parse(m) for m in attempt.moves])
    except (EngineError, ValueError):
        return False
    return True


def guided_state(
    *, scenario: guided.Scenario, attempt: GuidedAttempt | None, learner: Learner | None
) -> GuidedState:
    """The hand as the learner left it. An attempt that no longer replays (its
    scenario was edited since) is set aside: the learner starts the hand afresh."""
    if attempt is not None and not _replays(scenario, attempt):
        attempt = None
    moves = [Move.parse(m) for m in attempt.moves] if attempt else []
    return GuidedState(
        scenario=scenario,
        attempt=attempt,
        progress=guided.replay(scenario, moves),
        learner_name=learner_name(learner),
    )


def _attempt_for(
    learner: Learner, scenario: guided.Scenario, attempt: GuidedAttempt | None, version: int
) -> GuidedAttempt:
    """The attempt a post acts on: the current one if its version matches; a new one
    when there is none yet (version 0), when the last one is finished (and the post was
    made from its current page), or when it no longer replays."""
    if attempt is not None and not attempt.finished and _replays(scenario, attempt):
        if version != attempt.version:
            raise StaleAttempt(attempt.pk)
        return attempt
    expected = attempt.version if attempt is not None and attempt.finished else 0
    if attempt is not None and not _replays(scenario, attempt):
        expected = version  # a broken attempt: whatever the page had, start again
    if version != expected:
        raise StaleAttempt(scenario.slug)
    return attempt_start(learner=learner, scenario=scenario)


def attempt_start(*, learner: Learner, scenario: guided.Scenario) -> GuidedAttempt:
    return GuidedAttempt.objects.create(learner=learner, scenario=scenario.slug)


def _save(attempt: GuidedAttempt, version: int, **fields: Any) -> None:
    updated = GuidedAttempt.objects.filter(pk=attempt.pk, version=version).update(
        version=F("version") + 1, updated=timezone.now(), **fields
    )
    if updated != 1:
        raise StaleAttempt(attempt.pk)
    for name, value in fields.items():
        setattr(attempt, name, value)
    attempt.version = version + 1


def judge(state: GuidedState, move: Move) -> Verdict:
    """Judge ``move`` against the current step without changing anything."""
    step = state.step
    if state.hand.is_over:
        raise AttemptOver(state.scenario.slug)
    try:
        state.hand.check(move, LEARNER)
    except IllegalMove as exc:
        wrong = step.wrong_for(move) if step else None
        return Verdict("illegal", move, exc, localized(wrong.say) if wrong else "")
    if step is None or state.off_path:
        return Verdict("right", move, None, "")
    if step.accepts(state.hand, move, LEARNER):
        return Verdict("right", move, None, localized(step.right))
    wrong = step.wrong_for(move)
    if wrong is not None:
        text = localized(wrong.say)
    elif step.other is not None:
        text = localized(step.other)
    else:
        text = ""
    return Verdict("other", move, None, text)


def localized(value: guided.Text) -> str:
    """A scenario's text in the page's language (English for any other)."""
    code = (get_language() or "en").split("-")[0]
    return value[code if code in guided.LANGUAGES else "en"]


def _mistake(state: GuidedState, verdict: Verdict) -> dict[str, Any]:
    assert state.step is not None
    code = verdict.move.kind
    if verdict.error is not None:
        reason = verdict.error.reason.value
        failure = verdict.error.params.get("failure")
        code = f"{reason}:{failure}" if failure else str(reason)
    return {
        "step": state.step.number,
        "kind": verdict.kind,
        "code": code,
        "move": str(verdict.move),
    }


def cost(state: GuidedState, move: Move) -> tuple[int, int] | None:
    """For a legal discard or knock that is not the step's: (its deadwood, the best one's)."""
    step = state.step
    if step is None or not isinstance(move, Discard | Knock):
        return None
    right = guided.right_move(step, state.hand)
    if not isinstance(right, Discard | Knock):
        return None
    cards = state.hand.hands[LEARNER]
    ace_high = bool(getattr(state.hand.options, "ace_high_or_low", False))

    def deadwood_without(m: Discard | Knock) -> int:
        card = m.card if isinstance(m, Discard) else m.discard
        return best_arrangement([c for c in cards if c != card], ace_high_or_low=ace_high).deadwood

    mine, best = deadwood_without(move), deadwood_without(right)
    return (mine, best) if mine != best else None


def attempt_move(
    *,
    learner: Learner,
    scenario: guided.Scenario,
    attempt: GuidedAttempt | None,
    version: int,
    move: Move,
    continue_anyway: bool = False,
) -> tuple[GuidedState, Verdict]:
    """Judge and (when right, or legal and confirmed) apply the learner's move.

    "Continue anyway" counts only for the move the coach has just called "not the
    point" at this step: a hand-made post cannot skip the mistake."""
    attempt = _attempt_for(learner, scenario, attempt, version)
    version = attempt.version
    state = guided_state(scenario=scenario, attempt=attempt, learner=learner)
    verdict = judge(state, move)
    mistakes = list(attempt.mistakes)
    moves = list(attempt.moves)
    if continue_anyway and verdict.kind == "other":
        last = mistakes[-1] if mistakes else {}
        continue_anyway = (
            last.get("kind") == "other"
            and last.get("move") == str(move)
            and state.step is not None
            and last.get("step") == state.step.number
        )
    if verdict.kind == "illegal" or (verdict.kind == "other" and not continue_anyway):
        mistakes.append(_mistake(state, verdict))
        _save(attempt, version, mistakes=mistakes)
        return guided_state(scenario=scenario, attempt=attempt, learner=learner), verdict
    moves.append(str(move))
    progress = guided.replay(scenario, [Move.parse(m) for m in moves])
    finished = progress.hand.is_over
    stars = stars_for(len(attempt.hints), len(mistakes)) if finished else None
    with transaction.atomic():
        _save(attempt, version, moves=moves, finished=finished, stars=stars)
        if finished:
            _record_result(learner, attempt)
    return guided_state(scenario=scenario, attempt=attempt, learner=learner), verdict


def attempt_hint(
    *, learner: Learner, scenario: guided.Scenario, attempt: GuidedAttempt | None, version: int
) -> GuidedState:
    """Show the next hint of the current step's ladder (and count it)."""
    attempt = _attempt_for(learner, scenario, attempt, version)
    version = attempt.version
    state = guided_state(scenario=scenario, attempt=attempt, learner=learner)
    if state.hand.is_over:
        raise AttemptOver(scenario.slug)
    if state.step is None or state.off_path or state.hints_shown >= len(state.step.hints):
        raise NoMoreHints(scenario.slug)
    hints = [*attempt.hints, {"step": state.step.number}]
    _save(attempt, version, hints=hints)
    return guided_state(scenario=scenario, attempt=attempt, learner=learner)


def stars_for(hints: int, mistakes: int) -> int:
    """3 stars with no hint and no mistake, 2 with at most two of them, else 1."""
    slips = hints + mistakes
    if slips == 0:
        return 3
    return 2 if slips <= 2 else 1


def _record_result(learner: Learner, attempt: GuidedAttempt) -> None:
    by_kind = Counter(f"{m['kind']}:{m['code']}" for m in attempt.mistakes)
    stars = attempt.stars or 1
    result, created = GuidedResult.objects.select_for_update().get_or_create(
        learner=learner,
        scenario=attempt.scenario,
        defaults={"stars": stars, "hints": len(attempt.hints), "mistakes": dict(by_kind)},
    )
    if created:
        return
    better = (stars, -len(attempt.hints), -len(attempt.mistakes)) > (
        result.stars,
        -result.hints,
        -sum(result.mistakes.values()),
    )
    result.completions += 1
    if better:
        result.stars, result.hints, result.mistakes = stars, len(attempt.hints), dict(by_kind)
    result.save()


def results_of(*, learner: Learner | None) -> dict[str, GuidedResult]:
    if learner is None:
        return {}
    return {r.scenario: r for r in GuidedResult.objects.filter(learner=learner)}
