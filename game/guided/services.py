"""Guided hands for a learner: attempts, moves judged against the step, hints, results.

A move is judged in three ways (:class:`VerdictKind`): *right* (the step's move:
it is made, the computer's scripted moves follow), *other* (legal, but not the
point of the step: nothing changes unless the learner chooses "continue
anyway") and *illegal* (the engine's reason, and the scenario's own words when
it has them). Hints and mistakes are counted per attempt; a finished attempt
earns stars and updates the learner's best result for that hand.

Each service replays the scenario once, from the attempt's stored moves, and
returns the state the view renders: a move is made on that replay
(:meth:`~.scenarios.ScenarioProgress.advance`), not by replaying again.
"""

from __future__ import annotations

import enum
import threading
from collections import Counter, OrderedDict
from contextlib import nullcontext
from dataclasses import dataclass, replace
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy, ngettext

from game import moveforms
from game.board import BoardDisplay, scoring_answered, yours
from game.engine import (
    AnyMove,
    Card,
    EngineError,
    Hand,
    IllegalMove,
    MeldFailure,
    Move,
    MoveError,
    MoveKind,
    PlayerView,
    deadwood_after,
)
from game.names import learner_default
from learners.models import Learner
from rummy_site import ratelimit
from rummy_site.errors import ServiceError
from rummy_site.languages import codes as languages
from rummy_site.languages import current
from rummy_site.prepared import PreparedQuery, update_if_unchanged
from rummy_site.questions import read_answered, sign_answered

from . import scenarios
from .models import GuidedAttempt, GuidedResult
from .scenarios import LEARNER, Scenario, ScenarioProgress, ScenarioStep
from .signals import mistake_recorded


class GuidedError(ServiceError):
    """Base of the guided service's refusals."""


class StaleAttempt(GuidedError):
    status = 409
    default_message = gettext_lazy(
        "This guided hand has moved on since this page was shown (in another tab, or the "
        "same form sent twice). Here it is as it is now."
    )


class AttemptOver(GuidedError):
    status = 422
    default_message = gettext_lazy("This hand is over. Try it again, or go on to the next one.")


class NoMoreHints(GuidedError):
    status = 422
    default_message = gettext_lazy("That was the last hint for this step.")


#: The most attempts a learner keeps at one hand, and the most mistakes one attempt
#: records: far more than a learner ever makes, and a cap on what a script can store.
MAX_ATTEMPTS = 200
MAX_MISTAKES = 200


class TooManyAttempts(GuidedError):
    status = 429

    def __init__(self) -> None:
        super().__init__(
            ngettext(
                "You have tried this hand %(count)d time, the most the site keeps. "
                "Go on to the next hand.",
                "You have tried this hand %(count)d times, the most the site keeps. "
                "Go on to the next hand.",
                MAX_ATTEMPTS,
            )
            % {"count": MAX_ATTEMPTS}
        )


class TooManyMistakes(GuidedError):
    status = 429

    def __init__(self) -> None:
        super().__init__(
            ngettext(
                "This try already has %(count)d mistake, the most one try keeps. "
                "Start the hand again.",
                "This try already has %(count)d mistakes, the most one try keeps. "
                "Start the hand again.",
                MAX_MISTAKES,
            )
            % {"count": MAX_MISTAKES}
        )


class VerdictKind(enum.StrEnum):
    """How a move was judged."""

    #: The step's move (or any legal move off the lesson's path).
    RIGHT = "right"
    #: Legal, but not what this step is about.
    OTHER = "other"
    #: Against the rules.
    ILLEGAL = "illegal"


class MistakeTopic(enum.StrEnum):
    """What a mistake was about, for the summary at the end of a hand (and the teacher)."""

    BAD_RUN = "bad_run"
    BAD_GROUP = "bad_group"
    BAD_MELD = "bad_meld"
    KNOCK_OVER_LIMIT = "knock_over_limit"
    THREW_BACK_TAKEN_CARD = "threw_back_taken_card"
    FORGOT_TO_DRAW = "forgot_to_draw"
    LAYOFF_DOES_NOT_FIT = "layoff_does_not_fit"
    AGAINST_THE_RULES = "against_the_rules"
    OTHER_PILE = "other_pile"
    OTHER_DISCARD = "other_discard"
    OTHER_KNOCK = "other_knock"
    OTHER_MOVE = "other_move"
    #: Another move where the step wanted a knock (the browser walk: a pupil who discarded
    #: instead of knocking was listed under "another discard").
    MISSED_KNOCK = "missed_knock"
    #: A knock where the step wanted one, with another discard (the keyboard walk: the
    #: coach said "knocking is right, but discard 9♣", the summary "knocked when the
    #: lesson wanted something else").
    KNOCK_OTHER_DISCARD = "knock_other_discard"
    #: Gin, laying out by hand after a knock: melds that leave (or would leave) more
    #: deadwood than the knock limit (filed before under "a move the rules forbid", whose
    #: lesson is the one on a turn).
    LAYOUT_OVER_LIMIT = "layout_over_limit"


_RUN_FAILURES = {
    MeldFailure.RUN_GAP,
    MeldFailure.RUN_MIXED_SUITS,
    MeldFailure.ACE_ABOVE_KING,
    MeldFailure.WRAP_AROUND,
}
_GROUP_FAILURES = {MeldFailure.GROUP_TOO_LARGE, MeldFailure.GROUP_RANKS_DIFFER}
_ILLEGAL_TOPICS = {
    MoveError.KNOCK_OVER_LIMIT: MistakeTopic.KNOCK_OVER_LIMIT,
    MoveError.DISCARD_TAKEN_CARD: MistakeTopic.THREW_BACK_TAKEN_CARD,
    MoveError.MUST_DRAW_FIRST: MistakeTopic.FORGOT_TO_DRAW,
    MoveError.CANNOT_LAY_OFF: MistakeTopic.LAYOFF_DOES_NOT_FIT,
    MoveError.LAYOUT_OVER_LIMIT: MistakeTopic.LAYOUT_OVER_LIMIT,
    MoveError.LAYOUT_STRANDS: MistakeTopic.LAYOUT_OVER_LIMIT,
}
_OTHER_TOPICS = {
    MoveKind.DRAW_STOCK: MistakeTopic.OTHER_PILE,
    MoveKind.DRAW_DISCARD: MistakeTopic.OTHER_PILE,
    MoveKind.DISCARD: MistakeTopic.OTHER_DISCARD,
    MoveKind.KNOCK: MistakeTopic.OTHER_KNOCK,
}


def refusal_topic(error: IllegalMove) -> MistakeTopic:
    """What a refused move was about, as a guided-hand mistake's topic (a practice
    table's refusals are sorted the same way, for the review queue)."""
    reason = error.reason
    if isinstance(reason, MeldFailure):
        return Mistake(0, VerdictKind.ILLEGAL, MoveError.ILLEGAL_MELD, "", reason).topic
    if not isinstance(reason, MoveError):
        return MistakeTopic.AGAINST_THE_RULES  # a settlement's refusal, say
    raw = error.params.get("failure")
    failure = MeldFailure(raw) if raw else None
    return Mistake(0, VerdictKind.ILLEGAL, reason, "", failure).topic


@dataclass(frozen=True)
class Mistake:
    """One mistake of an attempt, typed: the step, how the move was judged, the engine's
    reason (an illegal move: its ``MoveError``, and the ``MeldFailure`` of an illegal
    meld) or the kind of the move that was not the step's, and the move; for such a move,
    the kind of move the step wanted (``wanted``, when known).

    Stored as ``{"step", "kind", "code", "move"}``, ``code`` being the reason's value
    (``"illegal_meld:run_gap"`` with the failure) or the move's kind, with the kind
    wanted after it (``"discard:knock"``; a mistake kept before there was one has none).
    A result counts mistakes by :attr:`key`, ``"<kind>:<code>"``.
    """

    step: int
    kind: VerdictKind
    reason: MoveError | MoveKind
    move: str
    failure: MeldFailure | None = None
    wanted: MoveKind | None = None

    @classmethod
    def of(cls, step: int, verdict: Verdict) -> Mistake:
        if verdict.error is not None and isinstance(verdict.error.reason, MoveError):
            raw = verdict.error.params.get("failure")
            failure = MeldFailure(raw) if raw else None
            return cls(step, verdict.kind, verdict.error.reason, str(verdict.move), failure)
        if verdict.error is not None and isinstance(verdict.error.reason, MeldFailure):
            return cls(
                step, verdict.kind, MoveError.ILLEGAL_MELD, str(verdict.move), verdict.error.reason
            )
        return cls(step, verdict.kind, verdict.move.kind, str(verdict.move), None, verdict.wanted)

    @property
    def code(self) -> str:
        if self.failure:
            return f"{self.reason.value}:{self.failure.value}"
        if self.wanted:
            return f"{self.reason.value}:{self.wanted.value}"
        return self.reason.value

    @property
    def key(self) -> str:
        return f"{self.kind}:{self.code}"

    @classmethod
    def parse(cls, step: int, key: str, move: str = "") -> Mistake:
        """A mistake from its key (``"illegal:illegal_meld:run_gap"``, ``"other:discard"``,
        ``"other:discard:knock"``). Raises ``ValueError`` for a key that is not one."""
        kind, _sep, code = key.partition(":")
        verdict = VerdictKind(kind)
        reason, _sep, detail = code.partition(":")
        if verdict is VerdictKind.ILLEGAL:
            return cls(
                step, verdict, MoveError(reason), move, MeldFailure(detail) if detail else None
            )
        return cls(
            step, verdict, MoveKind(reason), move, None, MoveKind(detail) if detail else None
        )

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Mistake:
        return cls.parse(int(data["step"]), f"{data['kind']}:{data['code']}", str(data["move"]))

    def to_dict(self) -> dict[str, Any]:
        return {"step": self.step, "kind": self.kind.value, "code": self.code, "move": self.move}

    @property
    def topic(self) -> MistakeTopic:
        """What the mistake was about."""
        if isinstance(self.reason, MoveKind):
            if self.wanted is MoveKind.KNOCK:
                if self.reason is MoveKind.KNOCK:
                    return MistakeTopic.KNOCK_OTHER_DISCARD
                return MistakeTopic.MISSED_KNOCK
            return _OTHER_TOPICS.get(self.reason, MistakeTopic.OTHER_MOVE)
        if self.reason is MoveError.ILLEGAL_MELD:
            if self.failure in _RUN_FAILURES:
                return MistakeTopic.BAD_RUN
            if self.failure in _GROUP_FAILURES:
                return MistakeTopic.BAD_GROUP
            return MistakeTopic.BAD_MELD
        return _ILLEGAL_TOPICS.get(self.reason, MistakeTopic.AGAINST_THE_RULES)

    @staticmethod
    def topic_of(key: str) -> MistakeTopic:
        """What a mistake, counted by its key in a result, was about."""
        try:
            return Mistake.parse(0, key).topic
        except ValueError:
            kind = key.partition(":")[0]
            return (
                MistakeTopic.AGAINST_THE_RULES
                if kind == VerdictKind.ILLEGAL
                else MistakeTopic.OTHER_MOVE
            )


@dataclass(frozen=True)
class Verdict:
    """How a move was judged, with the scenario's words for it (in the page's language);
    for a legal discard or knock that was not the step's, ``cost`` is (the deadwood it
    leaves, the deadwood the step's move leaves)."""

    kind: VerdictKind
    move: AnyMove
    error: IllegalMove | None = None
    text: str = ""
    cost: tuple[int, int] | None = None
    #: An OTHER move the learner made anyway ("Continue anyway"): it was played.
    continued: bool = False
    #: For an OTHER move: the kind of move the step wanted.
    wanted: MoveKind | None = None


@dataclass(frozen=True)
class GuidedState:
    """A guided hand replayed for the learner (shaped like a practice table's state)."""

    scenario: Scenario
    attempt: GuidedAttempt | None
    progress: ScenarioProgress
    learner_name: str
    #: The learner gave no name: ``learner_name`` is the language's default, which their
    #: seat does not show (it says "You", :func:`game.names.learner_you`), nor the log or
    #: the scoring, which speak to them ("You knock with 1 deadwood"). The names mark it
    #: as theirs, "Alex (you)", for anything that would still say it.
    nameless: bool = False
    #: The names of the class playing the hand together (a live exercise): no player of
    #: the hand is called by any of them, on any pupil's screen
    #: (:func:`~game.guided.scenarios.words_for`'s ``also``).
    class_names: tuple[str, ...] = ()

    @property
    def hand(self) -> Hand:
        return self.progress.hand

    @property
    def me(self) -> int:
        return LEARNER

    @property
    def words(self) -> scenarios.Words:
        """The hand's words for this learner: a player whose name reads as theirs (or, in
        a live exercise, as a classmate's) is called by another name
        (:func:`~game.guided.scenarios.words_for`)."""
        return scenarios.words_for(self.scenario, self.learner_name, also=self.class_names)

    @property
    def names(self) -> list[str]:
        """The seats' names: the scenario's (a namesake of the learner's under another
        name, as the words call them), the learner's own at their seat."""
        names = self.scenario.names.get(current()) or self.scenario.names[languages()[0]]
        words = self.words
        mine = yours(self.learner_name) if self.nameless else self.learner_name
        return [words.say(name) if name else mine for name in names]

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
    def step(self) -> ScenarioStep | None:
        return self.progress.step

    @property
    def off_path(self) -> bool:
        """The learner "continued anyway": the hand goes on as free play (every legal
        move is fine, the coach's advice is at hand) until it ends. The scenario's words
        were written for its own line of play, so none is shown once the learner has
        left it (they would name cards that are gone)."""
        if self.hand.is_over:
            return False
        step = self.progress.step
        if step is None or self.progress.strayed:
            return True
        return bool(step.expect) and not any(self.hand.is_legal(m, LEARNER) for m in step.expect)

    @property
    def version(self) -> int:
        return self.attempt.version if self.attempt else 0

    @property
    def restart_asks(self) -> bool:
        """Whether "Start the hand again" asks first: the learner has made moves in an
        unfinished attempt, and starting again would take them off the board. A hand not
        begun (its board is the fresh one, whatever hints or mistakes it counted) or
        finished (its result is kept) starts again at once."""
        attempt = self.attempt
        return attempt is not None and not attempt.finished and bool(attempt.moves)

    @property
    def mistakes(self) -> list[Mistake]:
        return [Mistake.from_dict(m) for m in self.attempt.mistakes] if self.attempt else []

    @property
    def hints_shown(self) -> int:
        """How many hints of the current step the learner has asked for."""
        if self.attempt is None or self.step is None:
            return 0
        return sum(1 for h in self.attempt.hints if h.get("step") == self.step.number)

    @property
    def advice_asked(self) -> bool:
        """Off the path, whether the learner asked the coach for advice where the hand
        stands now (a hint kept as ``{"off": moves made}``: shown again on a reload, gone
        with the next move)."""
        if self.attempt is None or not self.off_path:
            return False
        made = len(self.attempt.moves)
        return any(h.get("off") == made for h in self.attempt.hints)


def scoring_seen(*, state: GuidedState, display: BoardDisplay) -> BoardDisplay:
    """How a finished hand's page shows its scoring, with what the attempt remembers,
    as a practice table's (:func:`game.practice.services.scoring_seen`): a learner who
    scores it themselves ("Score it yourself" answered: the answer travels in the GET's
    address) or steps into its walkthrough has it remembered (``GuidedAttempt.scored``; no
    new version, and nothing counted: the answer is no move, hint or mistake); a later
    page of the hand without either (a reload) shows the whole walkthrough, not the
    question again (the Lithuanian walk: it was asked again after a reload)."""
    attempt = state.attempt
    if attempt is None or not state.hand.is_over:
        return display
    if scoring_answered(state, display):
        if not attempt.scored:
            GuidedAttempt.objects.filter(pk=attempt.pk).update(scored=True)
            attempt.scored = True
        return display
    if attempt.scored:
        return replace(display, scored=True, steps=None if display.guess is None else display.steps)
    return display


def learner_name(learner: Learner | None) -> str:
    if learner is not None and learner.display_name:
        return learner.display_name
    return learner_default()


def nameless(learner: Learner | None) -> bool:
    """Whether the learner has given no name (:attr:`GuidedState.nameless`)."""
    return learner is None or not learner.display_name


def attempt_current(*, learner: Learner | None, scenario: Scenario) -> GuidedAttempt | None:
    """The learner's latest attempt at this hand (finished or not, not set aside), if any."""
    if learner is None:
        return None
    return _LATEST_ATTEMPT.first(learner_id=learner.pk, scenario=scenario.slug)


#: Every request at a guided hand reads its attempt this way: compiled once (see
#: rummy_site.prepared).
_LATEST_ATTEMPT = PreparedQuery(
    GuidedAttempt,
    lambda learner_id, scenario: GuidedAttempt.objects.filter(
        learner_id=learner_id, scenario=scenario, abandoned=False
    ).order_by("-created")[:1],
    "scenario",
    numbers=("learner_id",),
)

#: A visitor's move or hint reads its attempt with its learner, found by the visitor
#: cookie, in one query.
_LATEST_ATTEMPT_OF_VISITOR = PreparedQuery(
    GuidedAttempt,
    lambda visitor_key, scenario: (
        GuidedAttempt.objects.select_related("learner")
        .filter(learner__visitor_key=visitor_key, scenario=scenario, abandoned=False)
        .order_by("-created")[:1]
    ),
    "visitor_key",
    "scenario",
)


def attempt_of_visitor(
    *, visitor_key: str, scenario: Scenario, count: ratelimit.Count | None = None
) -> GuidedAttempt | None:
    """The latest attempt at this hand of the visitor whose key this is (as
    :func:`attempt_current`), read with its learner in one query; ``None`` when the
    visitor has none (or is known another way).
    ``count``: a POST's rate-limit count, sent with the read
    (:func:`rummy_site.ratelimit.first_counting`)."""
    return ratelimit.first_counting(
        _LATEST_ATTEMPT_OF_VISITOR, count, visitor_key=visitor_key, scenario=scenario.slug
    )


class Unread:
    """The attempt was not read yet (:func:`_acting_state` reads it)."""


UNREAD = Unread()


#: Replayed attempts, by scenario and the learner's moves' text. A scenario is read
#: from its file once per process, so within a process a scenario and its moves always
#: replay to the same progress: the next request of an attempt usually finds its
#: progress here (remembered by the move before) instead of replaying the hand.
_PROGRESS: OrderedDict[tuple[int, tuple[str, ...]], tuple[Scenario, ScenarioProgress]] = (
    OrderedDict()
)
_PROGRESS_LOCK = threading.Lock()
PROGRESS_CACHE_SIZE = 1024


def _known_progress(scenario: Scenario, moves: tuple[str, ...]) -> ScenarioProgress | None:
    with _PROGRESS_LOCK:
        entry = _PROGRESS.get((id(scenario), moves))
        if entry is None or entry[0] is not scenario:
            return None
        _PROGRESS.move_to_end((id(scenario), moves))
        return entry[1]


def _remember_progress(
    scenario: Scenario, moves: tuple[str, ...], progress: ScenarioProgress
) -> None:
    with _PROGRESS_LOCK:
        _PROGRESS[(id(scenario), moves)] = (scenario, progress)
        while len(_PROGRESS) > PROGRESS_CACHE_SIZE:
            _PROGRESS.popitem(last=False)


def clear_caches() -> None:
    """Forget every replayed attempt of this process (tests)."""
    with _PROGRESS_LOCK:
        _PROGRESS.clear()


def _replay(scenario: Scenario, attempt: GuidedAttempt | None) -> ScenarioProgress | None:
    """The attempt replayed, or ``None`` when it no longer fits its scenario (the file
    was edited since: a move is impossible now, or an attempt finished under the old
    file stops short of the end, as when a hand gained steps to lay out by hand)."""
    texts = tuple(str(m) for m in attempt.moves) if attempt else ()
    progress = _known_progress(scenario, texts)
    if progress is None:
        try:
            progress = scenarios.replay(scenario, [Move.parse(m) for m in texts])
        except (EngineError, ValueError, TypeError):
            return None
        _remember_progress(scenario, texts, progress)
    if attempt is not None and attempt.finished and not progress.hand.is_over:
        return None
    return progress


def guided_state(
    *, scenario: Scenario, attempt: GuidedAttempt | None, learner: Learner | None
) -> GuidedState:
    """The hand as the learner left it. An attempt that no longer replays is set aside:
    the learner starts the hand afresh."""
    progress = _replay(scenario, attempt)
    if progress is None:
        attempt, progress = None, scenarios.replay(scenario, [])
    return GuidedState(
        scenario, attempt, progress, learner_name(learner), nameless=nameless(learner)
    )


def guided_page(*, learner: Learner | None, scenario: Scenario) -> GuidedState:
    """The learner's current state of a guided hand (one replay)."""
    return guided_state(
        scenario=scenario,
        attempt=attempt_current(learner=learner, scenario=scenario),
        learner=learner,
    )


def _acting_state(
    learner: Learner,
    scenario: Scenario,
    version: int,
    current: GuidedAttempt | Unread | None = UNREAD,
) -> GuidedState:
    """The state a post acts on: the current attempt if its version matches; a new one
    when there is none yet (version 0), or when it no longer replays. A post made from a
    finished attempt's page is refused (:class:`AttemptOver`): that page offers no move
    or hint, only "Try again" (:func:`attempt_restart`), and a move re-sent from it
    started a new attempt, judged as its first step, and put a false mistake on the
    teacher's dashboard (the teacher's walk with a class of 31). ``current``: the
    learner's latest attempt, when the caller has read it already."""
    stored = (
        attempt_current(learner=learner, scenario=scenario)
        if isinstance(current, Unread)
        else current
    )
    state = guided_state(scenario=scenario, attempt=stored, learner=learner)
    attempt = state.attempt
    if attempt is not None and not attempt.finished:
        if version != attempt.version:
            raise StaleAttempt()
        return state
    if stored is not None and attempt is None:
        expected = version  # a broken attempt: whatever the page had, start again
        GuidedAttempt.objects.filter(pk=stored.pk).update(abandoned=True)
    elif attempt is not None:  # finished
        if version == attempt.version:
            raise AttemptOver()
        raise StaleAttempt()  # from an older page of it
    else:
        expected = 0
    if version != expected:
        raise StaleAttempt()
    fresh = attempt_start(learner=learner, scenario=scenario)
    progress = state.progress if attempt is None else scenarios.replay(scenario, [])
    return GuidedState(scenario, fresh, progress, state.learner_name, nameless=state.nameless)


def _open_attempt(learner: Learner, scenario: Scenario) -> GuidedAttempt | None:
    return GuidedAttempt.objects.filter(
        learner=learner, scenario=scenario.slug, finished=False, abandoned=False
    ).first()


def attempt_start(*, learner: Learner, scenario: Scenario) -> GuidedAttempt:
    """A new attempt, or :class:`StaleAttempt` when another request has just started one
    (the database allows one open attempt per hand: of parallel first moves, one wins)."""
    if GuidedAttempt.objects.filter(learner=learner, scenario=scenario.slug).count() >= (
        MAX_ATTEMPTS
    ):
        raise TooManyAttempts()
    try:
        with transaction.atomic():
            return GuidedAttempt.objects.create(learner=learner, scenario=scenario.slug)
    except IntegrityError:
        raise StaleAttempt() from None


def _save(attempt: GuidedAttempt, version: int, **fields: Any) -> None:
    if version != attempt.version or not update_if_unchanged(
        attempt, "version", **fields, updated=timezone.now()
    ):
        raise StaleAttempt()
    for name, value in fields.items():
        setattr(attempt, name, value)
    attempt.version = version + 1


def judge(state: GuidedState, move: AnyMove) -> Verdict:
    """Judge ``move`` against the current step without changing anything."""
    step = state.step
    if state.hand.is_over:
        raise AttemptOver()
    try:
        state.hand.check(move, LEARNER)
    except IllegalMove as exc:
        wrong = step.wrong_for(move) if step else None
        return Verdict(VerdictKind.ILLEGAL, move, exc, state.words(wrong.say) if wrong else "")
    if step is None or state.off_path:
        return Verdict(VerdictKind.RIGHT, move)
    if step.accepts(state.hand, move, LEARNER):
        return Verdict(VerdictKind.RIGHT, move, None, state.words(step.right))
    wrong = step.wrong_for(move)
    if wrong is not None:
        text = state.words(wrong.say)
    elif step.other is not None:
        text = state.words(step.other)
    else:
        text = ""
    right = scenarios.right_move(step, state.hand)
    wanted = right.kind if right is not None else None
    return Verdict(VerdictKind.OTHER, move, None, text, cost(state, move), wanted=wanted)


def cost(state: GuidedState, move: AnyMove) -> tuple[int, int] | None:
    """For a legal discard or knock that is not the step's: (the deadwood it leaves, the
    deadwood the step's move leaves), when they differ."""
    step = state.step
    if step is None:
        return None
    right = scenarios.right_move(step, state.hand)
    if right is None:
        return None
    view = state.view
    mine, best = deadwood_after(view, move), deadwood_after(view, right)
    if mine is None or best is None or mine == best:
        return None
    return mine, best


def attempt_move(
    *,
    learner: Learner,
    scenario: Scenario,
    version: int,
    move: AnyMove,
    continue_anyway: bool = False,
    current: GuidedAttempt | Unread | None = UNREAD,
) -> tuple[GuidedState, Verdict]:
    """Judge and (when right, or legal and confirmed) make the learner's move.

    "Continue anyway" counts only for the move the coach has just called "not the
    point" at this step: a hand-made post cannot skip the mistake. ``current``: the
    learner's latest attempt at this hand, when the caller has read it
    (:func:`attempt_of_visitor`)."""
    state = _acting_state(learner, scenario, version, current)
    attempt = state.attempt
    assert attempt is not None
    verdict = judge(state, move)
    mistakes = state.mistakes
    if continue_anyway and verdict.kind is VerdictKind.OTHER:
        last = mistakes[-1] if mistakes else None
        continue_anyway = (
            last is not None
            and last.kind is VerdictKind.OTHER
            and last.move == str(move)
            and state.step is not None
            and last.step == state.step.number
        )
    if verdict.kind is VerdictKind.ILLEGAL or (
        verdict.kind is VerdictKind.OTHER and not continue_anyway
    ):
        assert state.step is not None or verdict.kind is VerdictKind.ILLEGAL
        number = state.step.number if state.step else len(scenario.steps)
        if len(mistakes) >= MAX_MISTAKES:
            raise TooManyMistakes()
        mistake = Mistake.of(number, verdict)
        mistakes.append(mistake)
        _save(attempt, attempt.version, mistakes=[m.to_dict() for m in mistakes])
        mistake_recorded.send(
            sender=GuidedAttempt,
            learner=learner,
            game=scenario.game,
            topic=mistake.topic,
            mistake=mistake,
            scenario=scenario.slug,
        )
        return replace(state), verdict
    progress = state.progress.advance(move)
    finished = progress.hand.is_over
    stars = stars_for(len(attempt.hints), len(mistakes)) if finished else None
    # The move's one conditional UPDATE needs no transaction; the last move's result is
    # written with it, in one.
    with transaction.atomic() if finished else nullcontext():
        _save(
            attempt,
            attempt.version,
            moves=[*attempt.moves, str(move)],
            finished=finished,
            stars=stars,
            step_started=timezone.now(),
        )
        if finished:
            _record_result(learner, attempt)
    _remember_progress(scenario, tuple(attempt.moves), progress)
    if continue_anyway:
        verdict = replace(verdict, continued=True)
    return replace(state, progress=progress), verdict


_ANSWERED_SALT = "guided.verdict"


def verdict_token(state: GuidedState, verdict: Verdict, *, learner: Learner) -> str:
    """The coach's verdict on a move just judged (right, questioned or "continued
    anyway"; not one the rules forbid), signed for ``learner`` only, for the address of
    the hand's page a move without JavaScript redirects to (``?answered=``): the
    attempt and its version after the move, the move and how it was judged. Read back
    by :func:`answered_verdict`."""
    assert state.attempt is not None and verdict.kind is not VerdictKind.ILLEGAL
    kind = "played" if verdict.continued else verdict.kind.value
    data = {"a": state.attempt.pk, "v": state.attempt.version, "m": str(verdict.move), "k": kind}
    return sign_answered(data, learner=learner.pk, salt=_ANSWERED_SALT)


def answered_verdict(state: GuidedState, token: str, *, learner: Learner | None) -> Verdict | None:
    """The verdict :func:`verdict_token` signed for ``learner``, judged again
    (:func:`verdict_again`) while the hand is where it was given (the same attempt, at
    the same version); ``None`` for no token, another learner's, a malformed or old one,
    or once the hand has moved on (the page then shows the hand as it is)."""
    data = read_answered(
        token,
        learner=learner.pk if learner is not None else None,
        salt=_ANSWERED_SALT,
        fields={"a": int, "v": int, "m": str, "k": str},
    )
    attempt = state.attempt
    if data is None or attempt is None or (attempt.pk, attempt.version) != (data["a"], data["v"]):
        return None
    return verdict_again(state, kind=data["k"], move=data["m"])


def verdict_again(state: GuidedState, *, kind: str, move: str) -> Verdict | None:
    """The coach's verdict on the learner's latest move, judged again for the page a move
    made without JavaScript redirects to (Post/Redirect/Get: a reload shows the same
    page and sends nothing): ``kind`` ``"other"`` (the move the coach questioned, not
    made: it is judged again where the hand stands), ``"right"`` or ``"played"`` (the
    move made, "continued anyway" for ``"played"``: judged again where the hand stood
    before it, in the page's language). ``None`` when the hand no longer stands where
    the verdict was given (the caller checks the attempt's version; this checks the move
    is the one questioned, or the last one made), or for a kind or move it does not know.
    """
    attempt = state.attempt
    try:
        parsed = Move.parse(move)
    except (EngineError, ValueError):
        return None
    if attempt is None:
        return None
    try:
        if kind == VerdictKind.OTHER.value:
            verdict = judge(state, parsed)
            return verdict if verdict.kind is VerdictKind.OTHER else None
        if kind not in (VerdictKind.RIGHT.value, "played") or not attempt.moves:
            return None
        if str(attempt.moves[-1]) != str(parsed):
            return None
        before = tuple(str(m) for m in attempt.moves[:-1])
        progress = _known_progress(state.scenario, before)
        if progress is None:
            progress = scenarios.replay(state.scenario, [Move.parse(m) for m in before])
            _remember_progress(state.scenario, before, progress)
        verdict = judge(replace(state, progress=progress), parsed)
    except (EngineError, ValueError, TypeError, GuidedError):
        return None
    if kind == "played":
        return replace(verdict, continued=True) if verdict.kind is VerdictKind.OTHER else None
    return verdict if verdict.kind is VerdictKind.RIGHT else None


_REFUSED_SALT = "guided.refused"


@dataclass(frozen=True)
class Refused:
    """A move the rules forbid, as the hand's page shows it again (:func:`refused_move`):
    the coach's verdict, the cards that were ticked and, for a layoff, the meld chosen."""

    verdict: Verdict
    cards: tuple[Card, ...]
    meld: int | None


def refusal_token(
    state: GuidedState, verdict: Verdict, *, learner: Learner, cards: tuple[Card, ...]
) -> str:
    """A move the rules forbid, just judged (its mistake counted), signed for ``learner``
    only, for the address of the hand's page a move without JavaScript redirects to
    (``?refused=``, :func:`game.moveforms.refusal_token`, as a practice table's and a
    table for people's): the attempt and its version after the mistake, the move, the
    engine's reason for refusing it and the ``cards`` that were ticked (a layoff's meld
    is the move's). Read back by :func:`refused_move`."""
    error = verdict.error
    assert state.attempt is not None and verdict.kind is VerdictKind.ILLEGAL and error is not None
    token = moveforms.refusal_token(
        where=(state.attempt.pk, state.attempt.version),
        move=verdict.move,
        error=error,
        cards=cards,
        learner=learner.pk,
        salt=_REFUSED_SALT,
    )
    assert token is not None  # a move's refusal: a rule of the turn's, or a meld's
    return token


def refused_move(state: GuidedState, token: str, *, learner: Learner | None) -> Refused | None:
    """The forbidden move :func:`refusal_token` signed for ``learner``, while the hand is
    where it was refused (the same attempt, at the same version): its verdict told from
    the reason signed (the scenario's own words for the move, in the page's language,
    when the step has them), the cards that were ticked and a layoff's meld. ``None`` for
    no token, another learner's, a malformed or old one, or once the hand has moved on
    (the page then shows the hand as it is)."""
    attempt = state.attempt
    if attempt is None:
        return None
    refusal = moveforms.read_refusal(
        token,
        where=(attempt.pk, attempt.version),
        learner=learner.pk if learner is not None else None,
        salt=_REFUSED_SALT,
    )
    if refusal is None:
        return None
    step = state.step
    wrong = step.wrong_for(refusal.move) if step is not None else None
    verdict = Verdict(
        VerdictKind.ILLEGAL,
        refusal.move,
        refusal.error,
        state.words(wrong.say) if wrong else "",
    )
    return Refused(verdict, refusal.cards, refusal.meld)


def attempt_hint(
    *,
    learner: Learner,
    scenario: Scenario,
    version: int,
    current: GuidedAttempt | Unread | None = UNREAD,
) -> GuidedState:
    """Show the next hint of the current step's ladder (and count it). Off the path the
    scenario's words no longer fit: the hint is the engine coach's advice for the hand as
    it stands (counted once per position, :attr:`GuidedState.advice_asked`). ``current``
    as for :func:`attempt_move`."""
    state = _acting_state(learner, scenario, version, current)
    attempt = state.attempt
    assert attempt is not None
    if state.hand.is_over:
        raise AttemptOver()
    if state.off_path:
        if state.advice_asked or not state.my_turn:
            raise NoMoreHints()
        _save(attempt, attempt.version, hints=[*attempt.hints, {"off": len(attempt.moves)}])
        return state
    if state.step is None or state.hints_shown >= len(state.step.hints):
        raise NoMoreHints()
    _save(attempt, attempt.version, hints=[*attempt.hints, {"step": state.step.number}])
    return state


def attempt_restart(
    *, learner: Learner, scenario: Scenario, version: int | None = None
) -> GuidedState:
    """Start the hand again: the open attempt is set aside (it stays in the learner's
    history) and a new one begins. Idempotent: an open attempt in which nothing was
    done yet is already a fresh start and is kept, so a double click, or parallel
    restarts, leave exactly one fresh attempt.

    ``version``: a confirmed restart's ("Start again", asked when moves would be lost,
    :attr:`GuidedState.restart_asks`), the open attempt's version the question was asked
    at. Sent again (the attempt it set aside is gone), or after the hand moved on (a
    move in another tab, the hand finished), it changes nothing: :class:`StaleAttempt`.
    """

    def fresh_state(attempt: GuidedAttempt) -> GuidedState:
        return GuidedState(
            scenario,
            attempt,
            scenarios.replay(scenario, []),
            learner_name(learner),
            nameless=nameless(learner),
        )

    confirmed = version is not None
    current = _open_attempt(learner, scenario)
    if confirmed and (current is None or current.version != version):
        raise StaleAttempt()
    if current is not None and not (current.moves or current.hints or current.mistakes):
        return fresh_state(current)
    if GuidedAttempt.objects.filter(learner=learner, scenario=scenario.slug).count() >= (
        MAX_ATTEMPTS
    ):
        raise TooManyAttempts()
    if current is not None:
        # Conditional: of parallel restarts, one sets this attempt aside.
        aside = GuidedAttempt.objects.filter(
            pk=current.pk, version=current.version, finished=False, abandoned=False
        ).update(abandoned=True, updated=timezone.now())
        if not aside:
            if confirmed:
                raise StaleAttempt()
            return guided_page(learner=learner, scenario=scenario)
    try:
        attempt = attempt_start(learner=learner, scenario=scenario)
    except StaleAttempt:  # a parallel restart started it
        if confirmed:
            raise
        return guided_page(learner=learner, scenario=scenario)
    return fresh_state(attempt)


def stars_for(hints: int, mistakes: int) -> int:
    """3 stars with no hint and no mistake, 2 with at most two of them, else 1."""
    slips = hints + mistakes
    if slips == 0:
        return 3
    return 2 if slips <= 2 else 1


def _record_result(learner: Learner, attempt: GuidedAttempt) -> None:
    by_kind = Counter(Mistake.from_dict(m).key for m in attempt.mistakes)
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


__all__ = [
    "UNREAD",
    "AttemptOver",
    "GuidedError",
    "GuidedState",
    "Mistake",
    "MistakeTopic",
    "NoMoreHints",
    "Refused",
    "StaleAttempt",
    "TooManyAttempts",
    "TooManyMistakes",
    "Unread",
    "Verdict",
    "VerdictKind",
    "answered_verdict",
    "attempt_current",
    "attempt_hint",
    "attempt_move",
    "attempt_of_visitor",
    "attempt_restart",
    "attempt_start",
    "cost",
    "guided_page",
    "guided_state",
    "judge",
    "refusal_token",
    "refusal_topic",
    "refused_move",
    "results_of",
    "scoring_seen",
    "stars_for",
    "verdict_again",
    "verdict_token",
]
