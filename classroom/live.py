"""A live class exercise: the teacher plays a guided hand with the whole class.

The teacher starts a guided hand for the class (:func:`start`). The class is at one
step of it at a time, the position after the hand's first right moves (as on the
projector, :mod:`classroom.projector`): each pupil answers that step on their own
device (:func:`answer`), judged as the guided hand judges a move (right, allowed but
not the point, against the rules); the projector shows how many pupils chose each
move (:func:`tally`); the teacher reveals the answer (which closes the step) and moves
the class to the next step (:func:`advance`), until the hand is over or the teacher
ends the exercise.

The teacher's actions name the step they were made at, so a double click, or a second
tab one step behind, changes nothing (:class:`StepMoved`). A pupil answers a step once;
their first answer counts. An answer that is not the step's right move is also one of
the pupil's mistakes (:func:`classroom.mistakes.record`), so the dashboard counts it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Count, F, OuterRef, Subquery
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from game import explain
from game.engine import AnyMove, Discard, Knock, LayDown, LayOff, Move, PlayerView
from game.guided import scenarios
from game.guided import services as guided
from game.guided.scenarios import Scenario, ScenarioProgress
from learners.models import Learner
from rummy_site.errors import ServiceError

from . import mistakes, services
from .models import Classroom, LiveAnswer, LiveExercise, Mistake, Pupil


class LiveError(ServiceError):
    status = 409


class NoSuchHand(LiveError):
    status = 400
    default_message = _("Choose a guided hand from the list.")


class ClassArchived(LiveError):
    status = 422
    default_message = services.ClassArchived.default_message


class NoExercise(LiveError):
    status = 404
    default_message = _("There is no live exercise in your class now.")


class StepMoved(LiveError):
    default_message = _("The class has moved on in the meantime. Here is where it is now.")


class AlreadyAnswered(LiveError):
    default_message = _("You have already answered this step. Wait for your teacher.")


class NotAnAnswer(LiveError):
    status = 422


class NotFromThePage(LiveError):
    """A move the step's hand could not make (a card the pupil does not hold, a meld not
    on the table): the pupil's page never sends it, only a hand-made post."""

    status = 400
    default_message = _("This form is not one the page sends. Reload the page and try again.")


class AnswerClosed(LiveError):
    default_message = _("The answer to this step is already shown. Wait for the next step.")


# ------------------------------------------------------------------ positions
def line_of(scenario: Scenario) -> list[AnyMove]:
    """The hand's right moves, one per step (cached: a scenario is read once per process)."""
    cached = _LINES.get(scenario.slug)
    if cached is None or cached[0] is not scenario:
        cached = (scenario, scenarios.right_line(scenario))
        _LINES[scenario.slug] = cached
    return cached[1]


_LINES: dict[str, tuple[Scenario, list[AnyMove]]] = {}


def steps_of(scenario: Scenario) -> int:
    """How many steps the class answers (the right moves of the hand)."""
    return len(line_of(scenario))


def position(scenario: Scenario, step: int) -> ScenarioProgress:
    """The hand after its first ``step`` right moves (and the computer's that follow)."""
    return scenarios.replay(scenario, line_of(scenario)[:step])


def scenario_of(exercise: LiveExercise) -> Scenario:
    scenario = scenarios.get(exercise.scenario)
    if scenario is None:  # the hand's file is gone: the exercise cannot go on
        raise NoExercise()
    return scenario


# ------------------------------------------------------------------ the teacher
def running(*, classroom: Classroom) -> LiveExercise | None:
    return LiveExercise.objects.filter(classroom=classroom, ended__isnull=True).first()


def start(*, classroom: Classroom, slug: str) -> LiveExercise:
    """Start a guided hand for the class (ending the one running, if any); refused for
    an archived class, whose pupils no longer see it (:class:`ClassArchived`)."""
    if classroom.archived is not None:
        raise ClassArchived()
    scenario = scenarios.get(slug)
    if scenario is None or not line_of(scenario):
        raise NoSuchHand()
    now = timezone.now()
    with transaction.atomic():
        LiveExercise.objects.filter(classroom=classroom, ended__isnull=True).update(ended=now)
        try:
            with transaction.atomic():
                started = LiveExercise.objects.create(classroom=classroom, scenario=scenario.slug)
        except IntegrityError:  # a parallel start won: that one runs
            raise StepMoved() from None
        services.class_changed(classroom.pk)
        return started


def exercise_of(*, classroom: Classroom, exercise_id: int) -> LiveExercise:
    """One of the class's exercises, running or not (404 for any other)."""
    exercise = LiveExercise.objects.filter(classroom=classroom, pk=exercise_id).first()
    if exercise is None:
        raise NoExercise()
    return exercise


def _move_on(
    exercise: LiveExercise, at: int, *, was_revealed: bool, **fields: object
) -> LiveExercise:
    """Change the running exercise if it is still at step ``at`` as the teacher saw it
    (its answer shown or not); else :class:`StepMoved`."""
    done = LiveExercise.objects.filter(
        pk=exercise.pk, ended__isnull=True, step=at, revealed=was_revealed
    ).update(**fields)
    if not done:
        raise StepMoved()
    services.class_changed(exercise.classroom_id)
    exercise.refresh_from_db()
    return exercise


def reveal(*, exercise: LiveExercise, step: int) -> LiveExercise:
    """Show the step's answer to the class (answering the step is closed)."""
    return _move_on(exercise, step, was_revealed=False, revealed=True)


def advance(*, exercise: LiveExercise, step: int) -> LiveExercise:
    """Move the class to the next step (after its answer was shown); past the last one,
    the exercise ends."""
    scenario = scenario_of(exercise)
    if step + 1 > steps_of(scenario):
        return _move_on(exercise, step, was_revealed=True, ended=timezone.now())
    return _move_on(exercise, step, was_revealed=True, step=step + 1, revealed=False)


def back(*, exercise: LiveExercise, step: int, revealed: bool) -> LiveExercise:
    """One step back: from a shown answer to its question, from a question to the step
    before with its answer shown (the pupils' answers are kept)."""
    if revealed:
        return _move_on(exercise, step, was_revealed=True, revealed=False)
    if step == 0:
        raise StepMoved()
    return _move_on(exercise, step, was_revealed=False, step=step - 1, revealed=True)


def end(*, exercise: LiveExercise) -> None:
    if LiveExercise.objects.filter(pk=exercise.pk, ended__isnull=True).update(ended=timezone.now()):
        services.class_changed(exercise.classroom_id)


@dataclass(frozen=True)
class Bar:
    """How many pupils chose one move at a step."""

    move: AnyMove
    count: int
    verdict: guided.VerdictKind


@dataclass(frozen=True)
class Tally:
    bars: list[Bar]
    answered: int
    pupils: int


def tally(*, exercise: LiveExercise, step: int) -> Tally:
    """The answers to one step, by move (most chosen first), and how many of the class's
    pupils answered."""
    rows = (
        LiveAnswer.objects.filter(exercise=exercise, step=step, pupil__removed__isnull=True)
        .values_list("move", "verdict")
        .annotate(n=Count("id"))
    )
    counts: Counter[tuple[str, str]] = Counter()
    for move, verdict, n in rows:
        counts[(move, verdict)] += n
    bars = [
        Bar(Move.parse(move), n, guided.VerdictKind(verdict))
        for (move, verdict), n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    ]
    pupils = Pupil.objects.filter(classroom_id=exercise.classroom_id, removed__isnull=True).count()
    return Tally(bars, sum(b.count for b in bars), pupils)


def stamp(*, teacher: User | int, public_id: str) -> str | None:
    """What the teacher's live page was drawn at, in one query: the running exercise, its
    step, whether the answer is shown, and how many answers the step has; ``None`` when
    the class is not this teacher's. The projector's poll compares it."""
    running = LiveExercise.objects.filter(classroom=OuterRef("pk"), ended__isnull=True)
    answers = (
        LiveAnswer.objects.filter(
            exercise__classroom=OuterRef("pk"),
            exercise__ended__isnull=True,
            step=F("exercise__step"),
        )
        .values("exercise")
        .annotate(n=Count("pk"))
        .values("n")[:1]
    )
    row = (
        Classroom.objects.filter(public_id=public_id, teacher=teacher)
        .annotate(
            live=Subquery(running.values("pk")[:1]),
            live_step=Subquery(running.values("step")[:1]),
            live_revealed=Subquery(running.values("revealed")[:1]),
            live_answers=Subquery(answers),
        )
        .values_list("live", "live_step", "live_revealed", "live_answers")
        .first()
    )
    if row is None:
        return None
    pk, step, revealed, n = row
    if pk is None:
        return "none"
    return f"{pk}.{step}.{int(bool(revealed))}.{n or 0}"


# ------------------------------------------------------------------ the pupils
def exercise_for(*, learner: Learner | None) -> tuple[Pupil, LiveExercise] | None:
    """The running exercise of the learner's classes (the latest started), with their
    membership; ``None`` when there is none. One query."""
    if learner is None:
        return None
    exercise = (
        LiveExercise.objects.filter(
            ended__isnull=True,
            classroom__archived__isnull=True,
            classroom__pupils__learner=learner,
            classroom__pupils__removed__isnull=True,
        )
        .select_related("classroom")
        .order_by("-started")
        .first()
    )
    if exercise is None:
        return None
    pupil = Pupil.objects.get(classroom=exercise.classroom, learner=learner, removed__isnull=True)
    return pupil, exercise


def pupil_stamp(exercise: LiveExercise | None) -> str:
    """What a pupil's live page was drawn at: the exercise, its step, whether the answer
    is shown (their own answer changes only by their own post)."""
    if exercise is None:
        return "none"
    return f"{exercise.pk}.{exercise.step}.{int(exercise.revealed)}"


def pupil_poll_stamp(*, learner: Learner | None) -> str:
    """:func:`pupil_stamp` of the learner's running exercise, in one query (the poll)."""
    if learner is None:
        return "none"
    row = (
        LiveExercise.objects.filter(
            ended__isnull=True,
            classroom__archived__isnull=True,
            classroom__pupils__learner=learner,
            classroom__pupils__removed__isnull=True,
        )
        .order_by("-started")
        .values_list("pk", "step", "revealed")
        .first()
    )
    if row is None:
        return "none"
    return f"{row[0]}.{row[1]}.{int(row[2])}"


def answer_of(*, pupil: Pupil, exercise: LiveExercise, step: int) -> LiveAnswer | None:
    return LiveAnswer.objects.filter(exercise=exercise, pupil=pupil, step=step).first()


@dataclass(frozen=True)
class Answered:
    answer: LiveAnswer
    verdict: guided.Verdict


def class_names(classroom_id: int) -> tuple[str, ...]:
    """The names of the class's pupils: no player of the hand the class plays is called
    by any of them, on the projector or on any pupil's device (:func:`class_words`)."""
    return tuple(
        Pupil.objects.filter(classroom_id=classroom_id, removed__isnull=True).values_list(
            "name", flat=True
        )
    )


def class_words(scenario: Scenario, names: Sequence[str]) -> scenarios.Words:
    """The hand's words for the whole class: every player whose name reads as a pupil's
    is called by their stand-in, the same on every screen (the Italian teacher's walk:
    the projector and the classmates saw a computer "Giulia", the pupil Giulia's phone
    "Chiara")."""
    return scenarios.words_for(scenario, "", also=names)


def state_at(
    scenario: Scenario, step: int, name: str, names: Sequence[str] = ()
) -> guided.GuidedState:
    """The class's step as a guided hand's state, for the pupil called ``name`` in the
    class whose pupils are called ``names`` (:func:`class_names`)."""
    return guided.GuidedState(
        scenario, None, position(scenario, step), name, class_names=(name, *names)
    )


def judge(
    scenario: Scenario, step: int, move: AnyMove, name: str, names: Sequence[str] = ()
) -> guided.Verdict:
    """How the guided hand judges ``move`` at the class's step."""
    return guided.judge(state_at(scenario, step, name, names), move)


def could_make(view: PlayerView, move: AnyMove) -> bool:
    """Whether the pupil's page could send ``move`` from this hand: its cards are in the
    hand, and a layoff's meld is on the table. A move against the rules made of them (a
    discard before drawing) could be: that is an answer, judged as one."""
    match move:
        case Discard(card=card) | Knock(discard=card):
            cards = {card}
        case LayDown(cards=chosen):
            cards = set(chosen)
        case LayOff(card=card, meld_id=meld_id):
            if meld_id not in {meld.id for meld in view.table}:
                return False
            cards = {card}
        case _:
            cards = set()
    return cards <= set(view.cards)


def answer(*, pupil: Pupil, exercise_id: int, step: int, move: AnyMove) -> Answered:
    """The pupil's answer to the class's step: judged, kept (the first answer counts) and,
    when it is not the right move, recorded as one of their mistakes."""
    exercise = LiveExercise.objects.filter(
        pk=exercise_id, classroom_id=pupil.classroom_id, ended__isnull=True
    ).first()
    if exercise is None:
        raise NoExercise()
    if exercise.step != step:
        raise StepMoved()
    if exercise.revealed:
        raise AnswerClosed()
    scenario = scenario_of(exercise)
    state = state_at(scenario, step, pupil.name, class_names(pupil.classroom_id))
    if not state.hand.is_over and not could_make(state.view, move):
        # A card the pupil does not hold (the walk: "Discard K♠" made a bar on the
        # projector beside a hand with no K♠): refused, and nothing kept.
        raise NotFromThePage()
    try:
        verdict = guided.judge(state, move)
    except guided.AttemptOver:
        raise StepMoved() from None
    if verdict.error is not None and verdict.error.reason in mistakes.NOT_MISTAKES:
        # Not an answer at all (a move this game does not have, "Done" with nothing to
        # finish): said and not kept.
        raise NotAnAnswer(explain.refusal(verdict.error, state.names))
    mistake = None
    if verdict.kind is not guided.VerdictKind.RIGHT:
        mistake = guided.Mistake.of(step + 1, verdict)
    try:
        with transaction.atomic():
            saved = LiveAnswer.objects.create(
                exercise=exercise,
                pupil=pupil,
                step=step,
                move=str(move),
                verdict=verdict.kind.value,
                code=mistake.code if mistake and verdict.error else "",
            )
    except IntegrityError:
        raise AlreadyAnswered() from None
    if mistake is not None:
        mistakes.record(
            learner=pupil.learner,
            source=Mistake.Source.GUIDED,
            game=str(scenario.game),
            topic=mistake.topic,
            code=mistake.key,
            params={"move": mistake.move, "step": mistake.step, mistakes.LIVE: exercise.pk},
            where=scenario.slug,
        )
    return Answered(saved, verdict)


__all__ = [
    "AlreadyAnswered",
    "AnswerClosed",
    "Answered",
    "Bar",
    "ClassArchived",
    "LiveError",
    "NoExercise",
    "NoSuchHand",
    "NotAnAnswer",
    "NotFromThePage",
    "StepMoved",
    "Tally",
    "advance",
    "answer",
    "answer_of",
    "back",
    "class_names",
    "class_words",
    "could_make",
    "end",
    "exercise_for",
    "exercise_of",
    "judge",
    "line_of",
    "position",
    "pupil_poll_stamp",
    "pupil_stamp",
    "reveal",
    "running",
    "stamp",
    "start",
    "state_at",
    "steps_of",
    "tally",
]
