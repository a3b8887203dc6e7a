"""Lessons for a learner: which lesson comes next, what they read, how they answered."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import F

from learners.models import Learner

from .checks import BadAnswer, Check, Outcome, parse_check
from .models import CheckAnswer, FirstAnswer, Lesson, LessonRead


class LessonNotFound(Exception):
    pass


def lessons_of(*, language: str, game: str) -> list[Lesson]:
    return list(
        Lesson.objects.filter(language=language, game=game, kind=Lesson.Kind.LESSON).order_by(
            "order"
        )
    )


def lesson_get(*, language: str, game: str, slug: str) -> Lesson:
    lesson = Lesson.objects.filter(language=language, game=game, slug=slug).first()
    if lesson is None:
        raise LessonNotFound(slug)
    return lesson


def special_get(*, language: str, kind: str, game: str = "") -> Lesson:
    lesson = Lesson.objects.filter(language=language, kind=kind, game=game).first()
    if lesson is None:
        raise LessonNotFound(kind)
    return lesson


@dataclass(frozen=True)
class Progress:
    read: set[tuple[str, str]]
    #: (game, slug) -> (checks answered right, checks tried)
    checks: dict[tuple[str, str], tuple[int, int]]

    def lesson_read(self, lesson: Lesson) -> bool:
        return (lesson.game, lesson.slug) in self.read

    def checks_right(self, lesson: Lesson) -> int:
        return self.checks.get((lesson.game, lesson.slug), (0, 0))[0]


def progress_of(*, learner: Learner | None) -> Progress:
    if learner is None:
        return Progress(set(), {})
    read = set(LessonRead.objects.filter(learner=learner).values_list("game", "slug"))
    checks: dict[tuple[str, str], tuple[int, int]] = {}
    for game, slug, correct in CheckAnswer.objects.filter(learner=learner).values_list(
        "game", "slug", "correct"
    ):
        right, tried = checks.get((game, slug), (0, 0))
        checks[(game, slug)] = (right + int(correct), tried + 1)
    return Progress(read, checks)


def lesson_mark_read(*, learner: Learner, lesson: Lesson) -> None:
    LessonRead.objects.update_or_create(learner=learner, game=lesson.game, slug=lesson.slug)


def check_of(lesson: Lesson, index: int) -> Check:
    if not 0 <= index < len(lesson.checks):
        raise LessonNotFound(f"{lesson.slug} check {index}")
    return parse_check(lesson.checks[index])


@dataclass(frozen=True)
class Answered:
    """A judged answer: the check's verdict, and whether it was the learner's first answer
    to this question (the one that counts)."""

    outcome: Outcome
    first: bool


def check_answer(
    *, learner: Learner, lesson: Lesson, index: int, answer: dict[str, Any], seed: int
) -> Answered:
    """Judge an answer and record it. Only the first answer to a question counts: it is
    kept, and a right one marks the check right. A malformed answer raises
    :class:`BadAnswer` and records nothing."""
    check = check_of(lesson, index)
    outcome = check.judge(answer, seed)
    where: dict[str, Any] = {
        "learner": learner,
        "game": lesson.game,
        "slug": lesson.slug,
        "index": index,
    }
    with transaction.atomic():
        _first, created = FirstAnswer.objects.get_or_create(
            **where, seed=seed, defaults={"answer": answer, "correct": outcome.correct}
        )
        row, _created = CheckAnswer.objects.get_or_create(**where)
        changes: dict[str, Any] = {"attempts": F("attempts") + 1}
        if created and outcome.correct:
            changes["correct"] = True
        CheckAnswer.objects.filter(pk=row.pk).update(**changes)
    return Answered(outcome, first=created)


__all__ = [
    "Answered",
    "BadAnswer",
    "LessonNotFound",
    "Progress",
    "check_answer",
    "check_of",
    "lesson_get",
    "lesson_mark_read",
    "lessons_of",
    "progress_of",
    "special_get",
]
