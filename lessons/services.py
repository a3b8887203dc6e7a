"""Lessons for a learner: which lesson comes next, what they read, how they answered."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import F

from learners.models import Learner
from rummy_site import ratelimit
from rummy_site.prepared import PreparedQuery

from .checks import BadAnswer, Check, Outcome, parse_check
from .models import CheckAnswer, FirstAnswer, Lesson, LessonPlacement, LessonRead
from .signals import wrong_first_answer


class LessonNotFound(Exception):
    pass


def lessons_of(*, language: str, game: str) -> list[Lesson]:
    return list(
        Lesson.objects.filter(language=language, game=game, kind=Lesson.Kind.LESSON).order_by(
            "order"
        )
    )


#: Every lesson page and answer reads its lesson this way: compiled once (see
#: rummy_site.prepared).
_LESSON = PreparedQuery(
    Lesson,
    lambda language, game, slug: Lesson.objects.filter(
        language=language, game=game, slug=slug
    ).order_by("pk")[:1],
    "language",
    "game",
    "slug",
)


def lesson_get(
    *, language: str, game: str, slug: str, count: ratelimit.Count | None = None
) -> Lesson:
    """The lesson, or :class:`LessonNotFound`. ``count``: a POST's rate-limit count,
    sent with the read (:func:`rummy_site.ratelimit.first_counting`)."""
    lesson = ratelimit.first_counting(_LESSON, count, language=language, game=game, slug=slug)
    if lesson is None:
        raise LessonNotFound(slug)
    return lesson


def special_get(*, language: str, kind: str, game: str = "") -> Lesson:
    lesson = Lesson.objects.filter(language=language, kind=kind, game=game).first()
    if lesson is None:
        raise LessonNotFound(kind)
    return lesson


#: Right first answers in a row that master a check dealt at random (a fresh question
#: each time); a check with fixed cards has one question: its first answer right.
MASTERY_STREAK = 2


@dataclass(frozen=True)
class Progress:
    """What a learner has done with the lessons: the lessons read, and the first answers
    to each check's questions, oldest first: ``answers[(game, slug)][index]``."""

    read: set[tuple[str, str]]
    answers: dict[tuple[str, str], dict[int, list[bool]]]
    #: Lessons skipped by the placement check (they count as done).
    placed: frozenset[tuple[str, str]] = frozenset()

    def lesson_read(self, lesson: Lesson) -> bool:
        return (lesson.game, lesson.slug) in self.read

    def check_streak(self, lesson: Lesson, index: int) -> int:
        """Right first answers in a row, the latest last."""
        streak = 0
        for correct in reversed(self.answers.get((lesson.game, lesson.slug), {}).get(index, [])):
            if not correct:
                break
            streak += 1
        return streak

    def check_mastered(self, lesson: Lesson, index: int) -> bool:
        needed = MASTERY_STREAK if parse_check(lesson.checks[index]).random else 1
        return self.check_streak(lesson, index) >= needed

    def checks_mastered(self, lesson: Lesson) -> int:
        return sum(1 for i in range(len(lesson.checks)) if self.check_mastered(lesson, i))

    def lesson_done(self, lesson: Lesson) -> bool:
        """Mastered: every check mastered (a lesson without checks: read), or skipped by
        the placement check."""
        if (lesson.game, lesson.slug) in self.placed:
            return True
        if not lesson.checks:
            return self.lesson_read(lesson)
        return self.checks_mastered(lesson) == len(lesson.checks)


def progress_of(*, learner: Learner | None) -> Progress:
    if learner is None:
        return Progress(set(), {})
    read = set(LessonRead.objects.filter(learner=learner).values_list("game", "slug"))
    answers: dict[tuple[str, str], dict[int, list[bool]]] = {}
    for game, slug, index, correct in (
        FirstAnswer.objects.filter(learner=learner)
        .order_by("created", "pk")
        .values_list("game", "slug", "index", "correct")
    ):
        answers.setdefault((game, slug), {}).setdefault(index, []).append(correct)
    placed = frozenset(LessonPlacement.objects.filter(learner=learner).values_list("game", "slug"))
    return Progress(read, answers, placed)


def progress_of_many(*, learners: list[Learner]) -> dict[int, Progress]:
    """:func:`progress_of` for many learners at once (a class), by learner id: three
    queries whatever their number."""
    ids = [learner.pk for learner in learners]
    read: dict[int, set[tuple[str, str]]] = {pk: set() for pk in ids}
    for pk, game, slug in LessonRead.objects.filter(learner__in=ids).values_list(
        "learner", "game", "slug"
    ):
        read[pk].add((game, slug))
    answers: dict[int, dict[tuple[str, str], dict[int, list[bool]]]] = {pk: {} for pk in ids}
    for pk, game, slug, index, correct in (
        FirstAnswer.objects.filter(learner__in=ids)
        .order_by("created", "pk")
        .values_list("learner", "game", "slug", "index", "correct")
    ):
        answers[pk].setdefault((game, slug), {}).setdefault(index, []).append(correct)
    placed: dict[int, set[tuple[str, str]]] = {pk: set() for pk in ids}
    for pk, game, slug in LessonPlacement.objects.filter(learner__in=ids).values_list(
        "learner", "game", "slug"
    ):
        placed[pk].add((game, slug))
    return {pk: Progress(read[pk], answers[pk], frozenset(placed[pk])) for pk in ids}


def check_progress_of(*, learner: Learner | None, lesson: Lesson, index: int) -> Progress:
    """What :func:`progress_of` knows of one check (its first answers): all that one
    check's page part shows (its mastery mark), in one query."""
    if learner is None:
        return Progress(set(), {})
    answers = list(
        FirstAnswer.objects.filter(learner=learner, game=lesson.game, slug=lesson.slug, index=index)
        .order_by("created", "pk")
        .values_list("correct", flat=True)
    )
    return Progress(set(), {(lesson.game, lesson.slug): {index: answers}} if answers else {})


def place(*, learner: Learner, game: str, lessons: list[Lesson]) -> None:
    """Mark ``lessons`` as skipped by the placement check (done on the path)."""
    for lesson in lessons:
        LessonPlacement.objects.get_or_create(learner=learner, game=game, slug=lesson.slug)


def lesson_mark_read(*, learner: Learner, lesson: Lesson) -> None:
    LessonRead.objects.update_or_create(learner=learner, game=lesson.game, slug=lesson.slug)


def check_of(lesson: Lesson, index: int) -> Check:
    if not 0 <= index < len(lesson.checks):
        raise LessonNotFound(f"{lesson.slug} check {index}")
    return parse_check(lesson.checks[index])


@dataclass(frozen=True)
class Answered:
    """A judged answer: the check's verdict, and which answer to this question it was
    (1: the first, the one that counts; then the retries)."""

    outcome: Outcome
    tries: int

    @property
    def first(self) -> bool:
        return self.tries == 1


def check_answer(
    *, learner: Learner, lesson: Lesson, index: int, answer: dict[str, Any], seed: int
) -> Answered:
    """Judge an answer and record it. Only the first answer to a question counts: it is
    kept, and a right one marks the check right; later ones are counted as retries. A
    malformed answer raises :class:`BadAnswer` and records nothing."""
    check = check_of(lesson, index)
    outcome = check.judge(answer, seed)
    where: dict[str, Any] = {
        "learner": learner,
        "game": lesson.game,
        "slug": lesson.slug,
        "index": index,
    }
    with transaction.atomic():
        # Locked (PostgreSQL; SQLite's write transaction holds the whole file): two
        # answers posted at once count as two tries, each told which it was.
        first, created = FirstAnswer.objects.select_for_update().get_or_create(
            **where,
            seed=seed,
            defaults={"answer": answer, "correct": outcome.correct, "solved": outcome.correct},
        )
        tries = 1
        if not created:
            changes: dict[str, Any] = {"tries": F("tries") + 1}
            if outcome.correct:
                changes["solved"] = True
            FirstAnswer.objects.filter(pk=first.pk).update(**changes)
            tries = first.tries + 1
        row, _created = CheckAnswer.objects.get_or_create(**where)
        counts: dict[str, Any] = {"attempts": F("attempts") + 1}
        if created and outcome.correct:
            counts["correct"] = True
        CheckAnswer.objects.filter(pk=row.pk).update(**counts)
    if created and not outcome.correct:
        wrong_first_answer.send(
            sender=Lesson, learner=learner, game=lesson.game, slug=lesson.slug, index=index
        )
    return Answered(outcome, tries)


__all__ = [
    "MASTERY_STREAK",
    "Answered",
    "BadAnswer",
    "LessonNotFound",
    "Progress",
    "check_answer",
    "check_of",
    "check_progress_of",
    "lesson_get",
    "lesson_mark_read",
    "lessons_of",
    "place",
    "progress_of",
    "special_get",
]
