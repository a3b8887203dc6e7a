"""Lessons for a learner: which lesson comes next, what they read, how they answered."""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, connections, router, transaction
from django.utils import timezone

from learners.models import Learner
from rummy_site import ratelimit
from rummy_site.errors import ServiceError
from rummy_site.parsing import MAX_SEED
from rummy_site.prepared import PreparedQuery, PreparedRows
from rummy_site.questions import ForgedQuestion, steady_seed

from .checks import (
    BadAnswer,
    Check,
    Outcome,
    asked_and_answered,
    of_its_kind,
    own_seed,
    parse_check,
)
from .models import CheckAnswer, FirstAnswer, Lesson, LessonPlacement, LessonRead
from .signals import wrong_first_answer


class LessonNotFound(Exception):
    pass


#: Read on every lesson page: compiled once (see rummy_site.prepared).
_LESSONS = PreparedQuery(
    Lesson,
    lambda language, game: Lesson.objects.filter(
        language=language, game=game, kind=Lesson.Kind.LESSON
    ).order_by("order"),
    "language",
    "game",
)


def lessons_of(*, language: str, game: str) -> list[Lesson]:
    return _LESSONS.all(language=language, game=game)


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
#: each time). A check with fixed cards is mastered by its latest first answer right:
#: its own question's, or after a wrong one, a fresh question's of its kind.
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

    def check_answered(self, lesson: Lesson, index: int) -> bool:
        """Whether the learner has given a first answer to any question of the check."""
        return bool(self.questions_answered(lesson, index))

    def questions_answered(self, lesson: Lesson, index: int) -> int:
        """How many of the check's questions the learner has answered (first answers)."""
        return len(self.answers.get((lesson.game, lesson.slug), {}).get(index, []))

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


#: A learner's progress, read on every lesson page and answer: compiled once (see
#: rummy_site.prepared).
_READ = PreparedRows(
    LessonRead,
    lambda learner: LessonRead.objects.filter(learner=learner).values_list("game", "slug"),
    numbers=("learner",),
)
_FIRST_ANSWERS = PreparedRows(
    FirstAnswer,
    lambda learner: (
        FirstAnswer.objects.filter(learner=learner)
        .order_by("created", "pk")
        .values_list("game", "slug", "index", "correct")
    ),
    numbers=("learner",),
)
_PLACED = PreparedRows(
    LessonPlacement,
    lambda learner: LessonPlacement.objects.filter(learner=learner).values_list("game", "slug"),
    numbers=("learner",),
)
_CHECK_ANSWERS = PreparedRows(
    FirstAnswer,
    lambda learner, game, slug, index: (
        FirstAnswer.objects.filter(learner=learner, game=game, slug=slug, index=index)
        .order_by("created", "pk")
        .values_list("correct")
    ),
    "game",
    "slug",
    numbers=("learner", "index"),
)


def progress_of(*, learner: Learner | None) -> Progress:
    if learner is None:
        return Progress(set(), {})
    read = set(_READ.all(learner=learner.pk))
    answers: dict[tuple[str, str], dict[int, list[bool]]] = {}
    for game, slug, index, correct in _FIRST_ANSWERS.all(learner=learner.pk):
        answers.setdefault((game, slug), {}).setdefault(index, []).append(correct)
    placed = frozenset(_PLACED.all(learner=learner.pk))
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
    answers = [
        correct
        for (correct,) in _CHECK_ANSWERS.all(
            learner=learner.pk, game=lesson.game, slug=lesson.slug, index=index
        )
    ]
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


def check_for(lesson: Lesson, index: int, seed: int) -> Check:
    """The check that asks the question dealt from ``seed``: the lesson's own, or for a
    check with fixed cards asked with another seed ("Another one" after a wrong first
    answer), a fresh question of its kind (:func:`lessons.checks.of_its_kind`), whose
    first answer counts for the check as well."""
    check = check_of(lesson, index)
    if check.random or seed == own_seed(index):
        return check
    return of_its_kind(check, seed)


_NEXT_SALT = "lessons.check.next"


def question_seed(
    *, learner: Learner | None, lesson: Lesson, index: int, progress: Progress, fresh: bool
) -> int:
    """The seed of the question check ``index`` asks the learner now (``progress``: what
    they answered). The lesson's own until they have answered one of its questions; then
    the next fresh one ("Another one"), the same until it is answered (a reload, coming
    back, another device: a learner cannot reload until a question looks easy, nor find
    the lesson's own question back with its answer already shown), dealt from a
    :func:`rummy_site.questions.steady_seed` of the check and how many of its questions
    they answered, as a review card's and a drill's are; a check with fixed cards,
    once mastered, its own again (the one the lesson's text speaks of). ``fresh``:
    "Another one" asked for; to a visitor the site does not know yet (nothing answered,
    nothing to keep) a random one."""
    own = own_seed(index)
    if learner is None:
        return random.SystemRandom().randrange(1, MAX_SEED) if fresh else own
    asked = progress.questions_answered(lesson, index)
    fixed = not check_of(lesson, index).random
    if not fresh and (asked == 0 or (fixed and progress.check_mastered(lesson, index))):
        return own
    seed = steady_seed(learner.pk, lesson.game, lesson.slug, index, asked, salt=_NEXT_SALT)
    return seed + 1 if seed == own else seed  # (steady_seed stays below MAX_SEED)


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
    check = check_for(lesson, index, seed)
    outcome = check.judge(answer, seed)
    tries = _record_answer(learner, lesson, index, seed, answer, outcome.correct)
    if tries == 1 and not outcome.correct:
        wrong_first_answer.send(
            sender=Lesson,
            learner=learner,
            game=lesson.game,
            slug=lesson.slug,
            index=index,
            asked=asked_and_answered(check, seed, outcome),
        )
    return Answered(outcome, tries)


def verdict_of(*, lesson: Lesson, index: int, seed: int, answer: dict[str, Any]) -> Outcome | None:
    """The verdict an answer already judged had (its feedback drawn again beside a
    malformed answer, which counts for nothing): worked out anew, nothing recorded;
    None if it cannot be read (a token from an older version of the check)."""
    try:
        return check_for(lesson, index, seed).judge(answer, seed)
    except (ServiceError, LessonNotFound):
        return None


def _kept(
    lesson: Lesson, learner: Learner | None, token: str, **question: int
) -> tuple[int, int, dict[str, Any], int, Outcome] | None:
    """What an answer token (:func:`lessons.forms.answer_token`) keeps of a check of this
    lesson (``question``: ``index`` and ``seed``, only that question's): the check, the
    seed, the answer, which try it was, and its verdict judged again (nothing recorded);
    ``None`` for a token that is not this learner's, of another lesson or question,
    older than a day, or no longer readable (the check changed since)."""
    from .forms import answer_of

    found = answer_of(
        token,
        lesson.game,
        lesson.slug,
        learner=learner.pk if learner is not None else None,
        checks=len(lesson.checks),
        **question,
    )
    if found is None:
        return None
    index, seed, answer, tries = found
    outcome = verdict_of(lesson=lesson, index=index, seed=seed, answer=answer)
    return None if outcome is None else (index, seed, answer, tries, outcome)


def answered_again(
    *, lesson: Lesson, learner: Learner | None, token: str
) -> tuple[int, dict[str, Any]] | None:
    """The answer a lesson's page was redirected to show (``?answered=``): its check and
    what the check draws it with (the verdict, which try it was, the question's seed, the
    cards picked, the answer); ``None`` when there is none to show (:func:`_kept`)."""
    kept = _kept(lesson, learner, token)
    if kept is None:
        return None
    index, seed, answer, tries, outcome = kept
    shown = {"outcome": outcome, "tries": tries, "seed": seed, "picked": answer["cards"]}
    return index, {**shown, "judged": answer}


def shown_again(
    *, lesson: Lesson, learner: Learner | None, token: str, index: int, seed: int
) -> dict[str, Any] | None:
    """The feedback a check showed when a malformed answer was sent from it (the form's
    ``shown`` token, of this question): the verdict, which try it was and the answer, to
    draw beside the refusal (which counts for nothing: the Italian walk); ``None`` when
    there was none to keep."""
    kept = _kept(lesson, learner, token, index=index, seed=seed)
    if kept is None:
        return None
    _index, _seed, answer, tries, outcome = kept
    return {"outcome": outcome, "tries": tries, "judged": answer}


def refused_again(
    *, lesson: Lesson, learner: Learner | None, who: int | str | None, token: str
) -> tuple[int, dict[str, Any]] | None:
    """The refused answer a lesson's page was redirected to show without JavaScript
    (``?refused=``, :func:`lessons.forms.refusal_token` signed for ``who``): its check and
    what the check draws it with, as :func:`lessons.views.refuse` draws a refusal (the
    reason, judged again in the page's language, its field, the answer as it was sent,
    the question's seed, and the feedback it was sent from); nothing stored. ``None``
    for no token, another browser's, another lesson's, an old one, or an answer no
    longer refused (the check changed since): the page is then as it would be."""
    from .forms import refusal_of

    found = refusal_of(token, lesson.game, lesson.slug, who=who, checks=len(lesson.checks))
    if found is None:
        return None
    index, seed, answer, shown = found
    if seed is None or answer is None:
        # A question the check did not ask: the page's own is asked, nothing kept in it.
        forged = ForgedQuestion()
        return index, {"error": str(forged.message), "answer": None, "refused": forged.field}
    try:
        check_for(lesson, index, seed).judge(answer, seed)
    except ServiceError as exc:
        refused = {
            "error": str(exc.message),
            "answer": answer,
            "refused": exc.field,
            "seed": seed,
            "picked": answer["cards"],
        }
        kept = shown_again(lesson=lesson, learner=learner, token=shown, index=index, seed=seed)
        return index, {**refused, **(kept or {})}
    except LessonNotFound:
        return None
    return None


def first_verdict(
    *, learner: Learner, game: str, slug: str, index: int, seed: int, correct: bool
) -> bool:
    """The verdict of the learner's first answer to a question that is not a lesson's
    (the placement check's, ``slug`` naming it): this answer's when it is the first,
    else the first one's, kept with the learner (a session could be dropped to answer
    again: the tamper probe). Of two answers at once, one is first."""
    try:
        with transaction.atomic():
            row, _made = FirstAnswer.objects.get_or_create(
                learner=learner,
                game=game,
                slug=slug,
                index=index,
                seed=seed,
                defaults={"correct": correct},
            )
    except IntegrityError:
        row = FirstAnswer.objects.get(learner=learner, game=game, slug=slug, index=index, seed=seed)
    return row.correct


def first_answers_in_order(*, learner: Learner, game: str, slug: str) -> list[tuple[int, bool]]:
    """The learner's first answers under ``slug`` (the placement check's), oldest first:
    each question's index and whether it was right."""
    rows = FirstAnswer.objects.filter(learner=learner, game=game, slug=slug)
    return list(rows.order_by("created", "pk").values_list("index", "correct"))


def questions_answered(*, learner: Learner, game: str, slug: str, index: int) -> int:
    """How many questions of ``index`` under ``slug`` the learner has answered (first
    answers kept): the placement check deals its next from it."""
    return FirstAnswer.objects.filter(learner=learner, game=game, slug=slug, index=index).count()


def _record_answer(
    learner: Learner, lesson: Lesson, index: int, seed: int, answer: dict[str, Any], correct: bool
) -> int:
    """Count an answer to the question ``seed`` of a check; which answer it was (1: the
    first, kept with its verdict; then the retries, which only count, and mark the
    question solved when right). The check's tally counts it too, right when a first
    answer was.

    Each row is written by one ``INSERT ... ON CONFLICT DO UPDATE``: two answers posted
    at once count as two tries, each told which it was (the row is locked while it is
    written), and the ORM's get-or-create, lock and update (five statements, each
    compiled on every answer) are not needed. On PostgreSQL both rows are written by one
    statement (the first as a data-modifying ``WITH``): one round trip, atomic on its
    own; elsewhere by two, in a transaction."""
    connection = connections[router.db_for_write(FirstAnswer)]
    first_sql, tally_sql, both_sql = _answer_sql(connection.alias)

    def prepared(model: type[Any], name: str, value: Any) -> Any:
        return model._meta.get_field(name).get_db_prep_save(value, connection)

    now = timezone.now()
    key: list[Any] = [learner.pk, lesson.game, lesson.slug, index]
    first_params: list[Any] = [
        *key,
        seed,
        prepared(FirstAnswer, "answer", answer),
        correct,
        correct,
        prepared(FirstAnswer, "created", now),
    ]
    updated = prepared(CheckAnswer, "updated", now)
    with connection.cursor() as cursor:
        if both_sql is not None:  # the tally's "right" is worked out in the statement
            cursor.execute(both_sql, [*first_params, *key, correct, updated])
            (tries,) = cursor.fetchone()
            return int(tries)
        with transaction.atomic(using=connection.alias):
            cursor.execute(first_sql, first_params)
            (tries,) = cursor.fetchone()
            cursor.execute(tally_sql, [*key, correct and tries == 1, updated])
    return int(tries)


@functools.cache
def _answer_sql(alias: str) -> tuple[str, str, str | None]:
    """The statements of :func:`_record_answer` on the database ``alias``: a question's
    first answer (returning its tries), the check's tally, and on PostgreSQL both at once
    (the tally from the first's tries), with ``%s`` placeholders in the order of their
    columns."""
    connection = connections[alias]
    quote = connection.ops.quote_name

    def columns(model: type[Any], names: list[str]) -> list[str]:
        return [quote(model._meta.get_field(name).column) for name in names]

    key = ["learner", "game", "slug", "index"]
    first_table, tally_table = quote(FirstAnswer._meta.db_table), quote(CheckAnswer._meta.db_table)
    first_names = columns(FirstAnswer, [*key, "seed", "answer", "correct", "solved", "created"])
    first_key = ", ".join(columns(FirstAnswer, [*key, "seed"]))
    tries, solved = columns(FirstAnswer, ["tries", "solved"])
    first_sql = (
        f"INSERT INTO {first_table} ({', '.join(first_names)}, {tries}) "
        f"VALUES ({', '.join(['%s'] * len(first_names))}, 1) "
        f"ON CONFLICT ({first_key}) DO UPDATE SET {tries} = {first_table}.{tries} + 1, "
        f"{solved} = {first_table}.{solved} OR EXCLUDED.{solved} RETURNING {tries}"
    )
    tally_names = columns(CheckAnswer, [*key, "correct", "updated"])
    tally_key = ", ".join(columns(CheckAnswer, key))
    attempts, right, updated = columns(CheckAnswer, ["attempts", "correct", "updated"])
    tally_update = (
        f"ON CONFLICT ({tally_key}) DO UPDATE SET {attempts} = {tally_table}.{attempts} + 1, "
        f"{right} = {tally_table}.{right} OR EXCLUDED.{right}, {updated} = EXCLUDED.{updated}"
    )
    tally_sql = (
        f"INSERT INTO {tally_table} ({', '.join(tally_names)}, {attempts}) "
        f"VALUES ({', '.join(['%s'] * len(tally_names))}, 1) {tally_update}"
    )
    if connection.vendor != "postgresql":
        return first_sql, tally_sql, None
    # The tally's "right" is the answer's, only when it was the first (tries = 1).
    placeholders = ["%s"] * (len(key)) + [f"(%s AND first.{tries} = 1)", "%s"]
    both_sql = (
        f"WITH first AS ({first_sql}) "
        f"INSERT INTO {tally_table} ({', '.join(tally_names)}, {attempts}) "
        f"SELECT {', '.join(placeholders)}, 1 FROM first {tally_update} "
        f"RETURNING (SELECT {tries} FROM first)"
    )
    return first_sql, tally_sql, both_sql


__all__ = [
    "MASTERY_STREAK",
    "Answered",
    "BadAnswer",
    "LessonNotFound",
    "Progress",
    "answered_again",
    "check_answer",
    "check_for",
    "check_of",
    "check_progress_of",
    "first_answers_in_order",
    "first_verdict",
    "lesson_get",
    "lesson_mark_read",
    "lessons_of",
    "place",
    "progress_of",
    "question_seed",
    "questions_answered",
    "refused_again",
    "shown_again",
    "special_get",
    "verdict_of",
]
