"""What a teacher can assign, what each assignment is called, where a pupil does it, and
how far each pupil is with it.

The choices come from the site's content: the lessons of the class's language, the
guided hands, the drills, and practice targets (hands of a game to finish or to win).
A choice is one form value, ``kind:game:ref`` (``lesson:gin:melds-groups-and-runs``,
``guided:gin:gin-01-first-knock``, ``drill:gin:deadwood``, ``hands:knock:``), checked
against that catalogue when it comes back.

A pupil's state of an assignment (:class:`State`): not started, in progress, done, or
late (not done and past its due date). Done means: a lesson mastered (every check), a
guided hand finished, a drill's best streak at :data:`~classroom.models.DRILL_STREAK`,
or ``count`` hands finished (or won) at practice tables started after the assignment
was set. Every state is computed from the pupils' own records, in a few queries for a
whole class (:func:`progress`).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from drills.models import DrillRecord
from drills.presenters import KIND_LABELS
from drills.services import DRILLS
from game import explain
from game.cards import text_plain
from game.engine import Game
from game.guided import scenarios
from game.guided.models import GuidedAttempt, GuidedResult
from game.guided.presenters import hand_link
from game.practice.services import HandsPlayed, hands_played_by_table
from learners.models import Learner
from lessons import services as lessons
from lessons.models import Lesson
from rummy_site.languages import current, pick

from .models import DRILL_STREAK, Assignment, Classroom

Kind = Assignment.Kind
#: The most hands a practice assignment may ask for.
MOST_HANDS = 20


class State(enum.Enum):
    NOT_STARTED = "not-started"
    IN_PROGRESS = "in-progress"
    DONE = "done"
    LATE = "late"


#: A pupil's state of an assignment, as a grid cell says it ("late": not done, and
#: past its due date).
STATE_LABELS = {
    State.NOT_STARTED: lambda: pgettext("assignment state", "not started"),
    State.IN_PROGRESS: lambda: pgettext("assignment state", "in progress"),
    State.DONE: lambda: pgettext("assignment state", "done"),
    State.LATE: lambda: pgettext("assignment state", "late"),
}


@dataclass(frozen=True)
class Status:
    """A pupil's state of one assignment, and what to show beside it (stars of a guided
    hand, "2 of 3" hands)."""

    state: State
    detail: str = ""
    #: What is left, for the pupil, in words (a lesson's questions not yet mastered:
    #: "6/7" alone did not tell the pupil that the seventh was still to master).
    todo: str = ""
    #: What ``detail``'s "0/3" counts, in words ("0 of 3 questions mastered": the
    #: Russian teacher's walk found "not started 0/3" unreadable for a 12-year-old).
    detail_words: str = ""

    @property
    def label(self) -> str:
        return STATE_LABELS[self.state]()


# ------------------------------------------------------------------ the catalogue
def _lessons(language: str) -> list[Lesson]:
    return list(
        Lesson.objects.filter(language=language, kind=Lesson.Kind.LESSON).order_by("game", "order")
    )


def choices(language: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """Everything that can be assigned, grouped by game for a ``<select>``: (group,
    [(value, label)]), labels in the active language, lessons of ``language`` titled in
    the page's (every language has the same lessons: ``lessons.content``)."""
    titles = {
        (lesson.game, lesson.slug): lesson.title
        for lesson in (_lessons(current()) if current() != language else [])
    }
    lessons = _lessons(language)
    groups: list[tuple[str, list[tuple[str, str]]]] = []
    for game in Game:
        name = explain.game_name(game)
        items = [
            (
                f"lesson:{game.value}:{lesson.slug}",
                _("Lesson: %(title)s")
                % {"title": titles.get((lesson.game, lesson.slug), lesson.title)},
            )
            for lesson in lessons
            if lesson.game == game.value
        ]
        items += [
            (
                f"guided:{game.value}:{s.slug}",
                _("Guided hand: %(title)s") % {"title": text_plain(pick(s.title))},
            )
            for s in scenarios.library()
            if s.game == game
        ]
        items += [
            (f"drill:{game.value}:{kind}", _("Drill: %(title)s") % {"title": KIND_LABELS[kind]})
            for kind in DRILLS[game]
        ]
        items += [
            (f"hands:{game.value}:", _("Practice: finish hands")),
            (f"wins:{game.value}:", _("Practice: win hands")),
        ]
        groups.append((str(name), items))
    return groups


def parse(value: str, language: str) -> tuple[str, str, str] | None:
    """A choice's (kind, game, ref), if it is one of :func:`choices`; else None."""
    parts = str(value).split(":")
    if len(parts) != 3:
        return None
    kind, game, ref = parts
    found = Game.named(game)
    if found is None:
        return None
    if kind == Kind.LESSON:
        ok = Lesson.objects.filter(
            language=language, game=game, slug=ref, kind=Lesson.Kind.LESSON
        ).exists()
    elif kind == Kind.GUIDED:
        scenario = scenarios.get(ref)
        ok = scenario is not None and scenario.game == found
    elif kind == Kind.DRILL:
        ok = ref in DRILLS[found]
    elif kind in (Kind.HANDS, Kind.WINS):
        ok = ref == ""
    else:
        ok = False
    return (kind, game, ref) if ok else None


def lesson_titles(
    assignments: Sequence[Assignment], language: str
) -> dict[tuple[str, str, str], str]:
    """The titles of the lessons among ``assignments``, in the page's language and in
    ``language`` (the class's), in one query for all of them (:func:`label` read them
    one lesson at a time): ``{(language, game, slug): title}``."""
    slugs = {a.ref for a in assignments if a.kind == Kind.LESSON}
    if not slugs:
        return {}
    return {
        (language_, game, slug): title
        for language_, game, slug, title in Lesson.objects.filter(
            language__in={current(), language}, kind=Lesson.Kind.LESSON, slug__in=slugs
        ).values_list("language", "game", "slug", "title")
    }


def label(
    assignment: Assignment,
    language: str,
    learner_name: str = "",
    *,
    titles: dict[tuple[str, str, str], str] | None = None,
) -> str:
    """What the assignment is, in the active language, with its game (two games have
    lessons and guided hands of the same name): a lesson by its title in the page's
    language, else in ``language`` (the class's), else by its address; for a pupil
    (``learner_name``), a guided hand's player named as they are is called by another
    name, as the hand calls them. ``titles``: the lessons' titles, read for several
    assignments at once (:func:`lesson_titles`); else read here."""
    game = Game(assignment.game)
    name = explain.game_name(game)
    if assignment.kind == Kind.LESSON:
        if titles is None:
            titles = lesson_titles([assignment], language)
        title = (
            titles.get((current(), assignment.game, assignment.ref))
            or titles.get((language, assignment.game, assignment.ref))
            or assignment.ref
        )
        return _("Lesson: %(title)s (%(game)s)") % {"title": title, "game": name}
    if assignment.kind == Kind.GUIDED:
        scenario = scenarios.get(assignment.ref)
        # For a pupil: a player of the hand with their name under another (words_for).
        words = scenarios.words_for(scenario, learner_name) if scenario else None
        title = text_plain(words(scenario.title)) if scenario and words else assignment.ref
        return _("Guided hand: %(title)s (%(game)s)") % {"title": title, "game": name}
    if assignment.kind == Kind.DRILL:
        return ngettext(
            "Drill: %(title)s (%(game)s), %(count)d right answer in a row",
            "Drill: %(title)s (%(game)s), %(count)d right answers in a row",
            DRILL_STREAK,
        ) % {
            "title": KIND_LABELS.get(assignment.ref, assignment.ref),
            "game": name,
            "count": DRILL_STREAK,
        }
    if assignment.kind == Kind.WINS:
        return ngettext(
            "Win %(count)d hand of %(game)s at a practice table",
            "Win %(count)d hands of %(game)s at practice tables",
            assignment.count,
        ) % {"count": assignment.count, "game": name}
    return ngettext(
        "Finish %(count)d hand of %(game)s at a practice table",
        "Finish %(count)d hands of %(game)s at practice tables",
        assignment.count,
    ) % {"count": assignment.count, "game": name}


def url(assignment: Assignment) -> str:
    """Where a pupil does the assignment."""
    if assignment.kind == Kind.LESSON:
        return reverse("lessons:lesson", kwargs={"game": assignment.game, "slug": assignment.ref})
    if assignment.kind == Kind.GUIDED:
        # At the coach over the hand, as every link into a guided hand opens it.
        return hand_link(assignment.ref)
    if assignment.kind == Kind.DRILL:
        return reverse("drills:drill", kwargs={"game": assignment.game, "kind": assignment.ref})
    return reverse("practice:index") + f"?game={assignment.game}"


# ------------------------------------------------------------------ how far pupils are
def progress(
    assignments: Sequence[Assignment],
    learners: Sequence[Learner],
    *,
    today: date,
    languages: dict[int, str] | None = None,
) -> dict[tuple[int, int], Status]:
    """Each learner's status of each assignment: ``{(assignment id, learner id): Status}``,
    in a few queries for all of them (lessons in the class's language: ``languages``,
    ``{class id: language}`` when the caller knows them, else read here)."""
    ids = [learner.pk for learner in learners]
    kinds = {a.kind for a in assignments}
    lesson_progress = (
        lessons.progress_of_many(learners=list(learners)) if Kind.LESSON in kinds else {}
    )
    results: dict[tuple[int, str], GuidedResult] = {}
    started: set[tuple[int, str]] = set()
    if Kind.GUIDED in kinds:
        wanted = [a.ref for a in assignments if a.kind == Kind.GUIDED]
        for found in GuidedResult.objects.filter(learner__in=ids, scenario__in=wanted):
            results[(found.learner_id, found.scenario)] = found
        started = set(
            GuidedAttempt.objects.filter(learner__in=ids, scenario__in=wanted).values_list(
                "learner", "scenario"
            )
        )
    drills: dict[tuple[int, str, str], DrillRecord] = {}
    if Kind.DRILL in kinds:
        for row in DrillRecord.objects.filter(learner__in=ids):
            drills[(row.learner_id, row.game, row.kind)] = row
    practice = [a for a in assignments if a.kind in (Kind.HANDS, Kind.WINS)]
    # Each practice assignment counts the tables started after it was set: the tables
    # since the first was set, read and replayed once (they were, for each assignment).
    hands: dict[int, dict[tuple[int, str], HandsPlayed]] = {a.pk: {} for a in practice}
    if practice:
        since = min(a.created for a in practice)
        for created, whose, counted in hands_played_by_table(learners=list(learners), since=since):
            for a in practice:
                if created >= a.created:
                    before = hands[a.pk].get(whose, HandsPlayed())
                    hands[a.pk][whose] = HandsPlayed(
                        before.finished + counted.finished, before.won + counted.won
                    )
    # Each lesson as the class reads it: in the class's language.
    lesson_rows: dict[tuple[str, str, str], Lesson] = {}
    if Kind.LESSON in kinds and languages is None:
        languages = dict(
            Classroom.objects.filter(pk__in={a.classroom_id for a in assignments}).values_list(
                "pk", "language"
            )
        )
    languages = languages or {}
    if Kind.LESSON in kinds:
        for row_lesson in Lesson.objects.filter(
            kind=Lesson.Kind.LESSON,
            language__in=set(languages.values()),
            slug__in=[a.ref for a in assignments if a.kind == Kind.LESSON],
        ):
            key = (row_lesson.language, row_lesson.game, row_lesson.slug)
            lesson_rows[key] = row_lesson

    statuses: dict[tuple[int, int], Status] = {}
    for assignment in assignments:
        for learner in learners:
            state, detail, todo, words = State.NOT_STARTED, "", "", ""
            if assignment.kind == Kind.LESSON:
                language = languages.get(assignment.classroom_id, "")
                lesson = lesson_rows.get((language, assignment.game, assignment.ref))
                done_of = lesson_progress.get(learner.pk)
                if lesson is not None and done_of is not None:
                    if done_of.lesson_done(lesson):
                        state = State.DONE
                    elif (
                        done_of.lesson_read(lesson) or (lesson.game, lesson.slug) in done_of.answers
                    ):
                        state = State.IN_PROGRESS
                    checks = len(lesson.checks)
                    if checks:
                        mastered = done_of.checks_mastered(lesson)
                        detail = f"{mastered}/{checks}"
                        words = ngettext(
                            "%(mastered)s of %(checks)s question mastered",
                            "%(mastered)s of %(checks)s questions mastered",
                            checks,
                        ) % {"mastered": mastered, "checks": checks}
                    if state == State.IN_PROGRESS and checks:
                        todo = _lesson_todo(done_of, lesson)
            elif assignment.kind == Kind.GUIDED:
                result = results.get((learner.pk, assignment.ref))
                if result is not None:
                    state, detail = State.DONE, "★" * result.stars
                elif (learner.pk, assignment.ref) in started:
                    state = State.IN_PROGRESS
            elif assignment.kind == Kind.DRILL:
                record = drills.get((learner.pk, assignment.game, assignment.ref))
                if record is not None:
                    best = min(record.best, DRILL_STREAK)
                    state = State.DONE if record.best >= DRILL_STREAK else State.IN_PROGRESS
                    detail = f"{best}/{DRILL_STREAK}"
                    words = ngettext(
                        "Best: %(best)s of %(needed)s right answer in a row",
                        "Best: %(best)s of %(needed)s right answers in a row",
                        DRILL_STREAK,
                    ) % {"best": best, "needed": DRILL_STREAK}
            else:
                played = hands[assignment.pk].get((learner.pk, assignment.game))
                got = 0
                if played is not None:
                    got = played.won if assignment.kind == Kind.WINS else played.finished
                if got >= assignment.count:
                    state = State.DONE
                elif got or played is not None:
                    state = State.IN_PROGRESS
                shown = {"got": min(got, assignment.count), "count": assignment.count}
                detail = "{got}/{count}".format(**shown)
                if assignment.kind == Kind.WINS:
                    words = (
                        ngettext(
                            "%(got)s of %(count)s hand won",
                            "%(got)s of %(count)s hands won",
                            assignment.count,
                        )
                        % shown
                    )
                else:
                    words = (
                        ngettext(
                            "%(got)s of %(count)s hand finished",
                            "%(got)s of %(count)s hands finished",
                            assignment.count,
                        )
                        % shown
                    )
            if state != State.DONE and assignment.due is not None and assignment.due < today:
                state = State.LATE
            statuses[(assignment.pk, learner.pk)] = Status(state, detail, todo, words)
    return statuses


def _lesson_todo(done_of: lessons.Progress, lesson: Lesson) -> str:
    """What is left of a lesson begun, for the pupil: the questions not yet mastered, to
    answer in the lesson (one answered, but not right often enough at the first answer,
    waits there as a fresh question of its kind: lessons.services.question_seed)."""
    left = [i for i in range(len(lesson.checks)) if not done_of.check_mastered(lesson, i)]
    if not left:
        return ""
    return ngettext(
        "%(count)d question to master: answer it in the lesson.",
        "%(count)d questions to master: answer them in the lesson.",
        len(left),
    ) % {"count": len(left)}
