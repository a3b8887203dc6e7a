"""The teacher's view of a class as it works: the common mistakes in words, a stamp
that changes whenever a pupil does something (so that the page's poll is one cheap
query when nothing happened), and the CSV exports.

**The stamp** (:func:`class_with_stamp`): one SQL statement finds the teacher's class
and, in subqueries, the latest moment of every record a pupil's work touches (practice
tables, guided attempts, lesson answers and reads, drills, recorded mistakes, live
exercise answers, the class's tables for people) with the class's pupils and
assignments. Equal stamps: nothing to redraw.
"""

from __future__ import annotations

import csv
import hashlib
import io
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db.models import Case, Count, F, Max, OuterRef, Q, QuerySet, Subquery, Value, When
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from drills.models import DrillRecord
from game import explain
from game.engine import Game, IllegalMove, InvalidNotation, MeldFailure, Move, MoveError
from game.explain import refusal
from game.guided.models import GuidedAttempt, GuidedResult
from game.practice.models import Table
from game.shared.models import SharedTable
from learners.names import order_key
from lessons.models import FirstAnswer, Lesson, LessonPlacement, LessonRead
from rummy_site.prepared import PreparedQuery

from . import assignments
from .mistakes import (
    COACH_DEADWOOD,
    DRILL_ANSWER,
    DRILL_LESSONS,
    LIVE,
    LIVE_TOPIC_WORDS,
    TOPIC_LESSONS,
    TOPIC_WORDS,
    WRONG_ANSWER,
    of_the_live_exercise,
)
from .models import Classroom, ClassTable, LiveAnswer, Mistake, Pupil

#: The records whose latest change makes the stamp: (model, its time field). Each is a
#: learner's, but for a live exercise's answer (a pupil's: :data:`_LEARNER`); the moves
#: at the class's tables for people are found apart (``stamp_tables``, and
#: :func:`activity` reads each seat's ``moved``).
_WATCHED = [
    (Table, "updated"),
    (GuidedAttempt, "updated"),
    (FirstAnswer, "created"),
    (LessonRead, "read_at"),
    (DrillRecord, "updated"),
    (Mistake, "created"),
    (LessonPlacement, "created"),
    (LiveAnswer, "created"),
]

#: The way from a watched record to its learner, where it is not ``learner``.
_LEARNER: dict[Any, str] = {LiveAnswer: "pupil__learner"}


def _learner_of(model: Any) -> str:
    return _LEARNER.get(model, "learner")


def clock() -> float:
    return time.time()


def _time_bucket() -> str:
    """The current slice of ``CLASSROOM_REDRAW_SECONDS`` (60 by default; 0: none), so that
    the dashboard redraws at least that often."""
    every = int(getattr(settings, "CLASSROOM_REDRAW_SECONDS", 60))
    return str(int(clock() // every)) if every > 0 else ""


def _stamped_classes(public_id: str, teacher_id: int) -> QuerySet[Classroom]:
    """The teacher's class with each watched record's latest moment among its pupils."""
    # Two levels down (the class, then each record's subquery): the class's own key.
    pupils = Pupil.objects.filter(classroom=OuterRef(OuterRef("pk")), removed__isnull=True).values(
        "learner"
    )
    annotations: dict[str, Any] = {
        f"stamp_{number}": Subquery(
            model._default_manager.filter(**{f"{_learner_of(model)}__in": pupils})
            .order_by(f"-{moment}")
            .values(moment)[:1]
        )
        for number, (model, moment) in enumerate(_WATCHED)
    }
    # The class's tables for people: the latest change at any of them.
    annotations["stamp_tables"] = Subquery(
        ClassTable.objects.filter(classroom=OuterRef("pk"))
        .order_by("-table__updated")
        .values("table__updated")[:1]
    )
    return Classroom.objects.filter(public_id=public_id, teacher_id=teacher_id).annotate(
        **annotations
    )


#: The poll's one query, compiled once (:mod:`rummy_site.prepared`): its nine
#: subqueries took the ORM several milliseconds to build on every poll.
_STAMPED = PreparedQuery(Classroom, _stamped_classes, "public_id", numbers=("teacher_id",))
_STAMPS = sorted([f"stamp_{number}" for number in range(len(_WATCHED))] + ["stamp_tables"])


def class_with_stamp(*, teacher: User, public_id: str) -> tuple[Classroom, str] | None:
    """The teacher's class and its stamp, in one query; None if it is not theirs."""
    found = _STAMPED.first(public_id=public_id, teacher_id=teacher.pk)
    if found is None:
        return None
    # The day too: an assignment becomes late at midnight. And the time, coarsely: "5
    # minutes ago" and who has been on one step for minutes change with it alone.
    parts = [str(timezone.localdate()), _time_bucket(), str(found.changed)]
    parts += [str(getattr(found, name)) for name in _STAMPS]
    return found, hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]


# ------------------------------------------------------------------ the common mistakes
@dataclass
class MistakeGroup:
    """One kind of mistake in the class: in words, how many pupils made it and how often,
    an example, the lesson that teaches the rule, and who made it."""

    words: str
    times: int = 0
    pupils: set[str] = field(default_factory=set)
    example: str = ""
    lesson_url: str = ""
    lesson_title: str = ""
    #: The game's name and the mistake without it, when ``words`` is the two joined.
    game: str = ""
    about: str = ""

    @property
    def names(self) -> list[str]:
        """Who made it, in the order of the class's list (:func:`learners.names.order_key`:
        the class-of-thirty walk in Lithuanian had "… Žemyna" in place but "Ąžuolas,
        Šarūnas, Žemyna" after every other name, ``str.casefold`` sorting by code point)."""
        return sorted(self.pupils, key=order_key)


#: The mistakes that can have an example (:func:`_example`): a practice table's (or a
#: table for people's), a guided hand's or a live exercise's (its move), a lesson's
#: wrong answer kept with its question (those kept before have none), a drill's.
_WITH_EXAMPLE = (
    Q(source=Mistake.Source.TABLE)
    | Q(source=Mistake.Source.GUIDED, params__has_key="move")
    | Q(source__in=[Mistake.Source.LESSON, Mistake.Source.DRILL], params__has_key="asked")
)


def _example(mistake: Mistake) -> str:
    """A mistake's own sentence, in plain text, its cards as the page's language writes
    them: a refused move or the coach's verdict on a discard where the engine can say
    it; a guided hand's (or a live exercise's) move, at its step; a lesson's question and
    the answer given, or a drill's (the Italian teacher's walk: a wrong answer and a guided hand's
    "Meld 7♦ 8♦ 2♥" had no example, and the CSV's "Details" were empty)."""
    if mistake.source == Mistake.Source.GUIDED:
        return _guided_example(mistake)
    if mistake.source in (Mistake.Source.LESSON, Mistake.Source.DRILL):
        asked = mistake.params.get("asked") if isinstance(mistake.params, dict) else None
        return _lesson_example(asked) if isinstance(asked, dict) else ""
    if mistake.source != Mistake.Source.TABLE:
        return ""
    if mistake.topic == COACH_DEADWOOD:
        return _coach_example(mistake.params)
    kind, _sep, value = mistake.code.partition(":")
    try:
        reason = MeldFailure(value) if kind == "MeldFailure" else MoveError(value)
        return refusal(IllegalMove(reason, mistake.params))
    except (KeyError, ValueError, TypeError):
        return ""


def _coach_example(params: dict[str, Any]) -> str:
    try:
        mine, best = Move.parse(str(params["move"])), Move.parse(str(params["best"]))
        points, best_points = int(params["deadwood"]), int(params["best_deadwood"])
    except (KeyError, ValueError, TypeError):
        return ""
    return _(
        "%(mine)s kept %(points)s of deadwood; the coach's choice, %(best)s, kept %(best_points)s."
    ) % {
        "mine": explain.move_phrase(mine),
        "points": explain.deadwood_points(points),
        "best": explain.move_phrase(best),
        "best_points": explain.deadwood_points(best_points),
    }


def _guided_example(mistake: Mistake) -> str:
    """ "“Groups and runs”, step 3: Meld 7♦ 8♦ 2♥"."""
    from game.cards import text_plain
    from game.guided import scenarios
    from rummy_site.languages import pick

    # A live exercise's: the hand and the move in the words the class was shown (the
    # projector's ``class_title`` and «Pescare dal tallone»), not a learner's own.
    live = of_the_live_exercise(mistake)
    try:
        move = explain.move_phrase(Move.parse(str(mistake.params["move"])), to_class=live)
        step = int(mistake.params["step"])
    except (KeyError, ValueError, TypeError, InvalidNotation):
        return ""
    scenario = scenarios.get(mistake.where)
    if scenario is None:
        title = mistake.where
    else:
        title = text_plain(pick(scenario.class_title if live else scenario.title))
    return _("“%(title)s”, step %(step)s: %(move)s") % {
        "title": title,
        "step": step,
        "move": move,
    }


def _lesson_example(asked: dict[str, Any]) -> str:
    """A lesson's question and the wrong answer given to it: "7♥ 8♥ 9♠: picked 7♥ 8♥ 9♠
    as a meld" (:func:`lessons.checks.asked_and_answered`)."""
    from game.cards import with_articles
    from lessons.presenters import player_names

    try:
        kind = asked["kind"]
        if kind == "score":
            names = player_names(int(asked["players"]))
            return _("answered that %(name)s collects %(points)s") % {
                "name": names[int(asked["player"])],
                "points": str(asked["points"]),
            }
        if kind == "layoff":
            values = {
                "card": explain.card_short(str(asked["card"])),
                "melds": "; ".join(explain.cards_short(m) for m in asked["melds"]),
            }
            chosen = [asked["melds"][int(i)] for i in asked["chosen"]]
            if not chosen:
                return _("%(card)s, the melds %(melds)s: answered that it fits none") % values
            values["chosen"] = "; ".join(explain.cards_short(m) for m in chosen)
            return _("%(card)s, the melds %(melds)s: answered that it fits %(chosen)s") % values
        cards = explain.cards_short([str(c) for c in asked["cards"]])
        if kind == "meld":
            if not asked["picked"]:
                return _("%(cards)s: answered that there is no meld") % {"cards": cards}
            return _("%(cards)s: picked %(picked)s as a meld") % {
                "cards": cards,
                "picked": explain.cards_short(asked["picked"]),
            }
        if kind == "deadwood":
            return _("%(cards)s: answered %(points)s of deadwood") % {
                "cards": cards,
                "points": explain.deadwood_points(int(asked["given"])),
            }
        if kind == "knock":
            if asked["said_can"]:
                return _("%(cards)s: answered that this hand can knock") % {"cards": cards}
            return _("%(cards)s: answered that this hand cannot knock") % {"cards": cards}
        if kind == "discard":
            # A single card takes its article where the language writes one.
            return with_articles(
                _("%(cards)s: chose to discard %(card)s")
                % {"cards": cards, "card": explain.card_short(str(asked["picked"]))}
            )
    except (KeyError, IndexError, ValueError, TypeError, InvalidNotation):
        return ""
    return ""


class LessonTitles:
    """The lessons' titles in one language, read once (one query) when first asked: one
    for the class page's live part, shared by its activity, its common mistakes and who
    may need help (each read them again)."""

    def __init__(self, language: str) -> None:
        self.language = language
        self._titles: dict[tuple[str, str], str] | None = None

    @property
    def titles(self) -> dict[tuple[str, str], str]:
        """``{(game, slug): title}``."""
        if self._titles is None:
            self._titles = {
                (game_, slug_): title
                for game_, slug_, title in Lesson.objects.filter(
                    language=self.language
                ).values_list("game", "slug", "title")
            }
        return self._titles

    def find(self, game: str, slug: str) -> tuple[str, str]:
        """The lesson's address and title, or ``("", "")`` when there is none."""
        title = self.titles.get((game, slug))
        if title is None:
            return "", ""
        return reverse("lessons:lesson", kwargs={"game": game, "slug": slug}), title


def _kind(mistake: Mistake) -> tuple[str, str, str]:
    """What groups mistakes: the game and the topic (a wrong answer: its question too; a
    drill's: its drill; a live class exercise's apart from the pupils' own guided hands:
    :data:`LIVE`)."""
    if mistake.topic in (WRONG_ANSWER, DRILL_ANSWER):
        where = mistake.where
    else:
        where = LIVE if of_the_live_exercise(mistake) else ""
    return (mistake.game, mistake.topic, where)


def since_joined(classroom: Classroom, pupils: Sequence[Pupil]) -> QuerySet[Mistake]:
    """The pupils' mistakes made since they joined the class (not those from before)."""
    joined = Pupil.objects.filter(
        classroom=classroom, learner=OuterRef("learner"), removed__isnull=True
    ).values("joined")[:1]
    return (
        Mistake.objects.filter(learner__in=[p.learner_id for p in pupils])
        .annotate(joined=Subquery(joined))
        .filter(created__gte=F("joined"))
    )


def common_mistakes(
    classroom: Classroom, pupils: Sequence[Pupil], *, most: int = 8
) -> list[MistakeGroup]:
    """The ``most`` commonest kinds of :func:`ranked_mistakes`."""
    return ranked_mistakes(classroom, pupils, most=most)[0]


def ranked_mistakes(
    classroom: Classroom,
    pupils: Sequence[Pupil],
    *,
    most: int = 8,
    lessons: LessonTitles | None = None,
) -> tuple[list[MistakeGroup], int]:
    """The class's mistakes since each pupil joined it, grouped by what they were about,
    the commonest first (by pupils, then times). Counted by the database (one row per
    kind of mistake and pupil, however long the history), then, in one more query, the
    latest mistake of each group shown that can have an example (:data:`_WITH_EXAMPLE`)
    is read for it: a group's latest may be one without (a guided hand's, after a
    classmate's refused meld at a practice table), and the group keeps its example.
    With the ``most`` commonest, how many kinds there are in all: the class-of-thirty
    walk made 19, and the page showed 8 without a word about the other 11. ``lessons``:
    the lessons' titles, if already read."""
    by_learner = {p.learner_id: p for p in pupils}
    rows = (
        since_joined(classroom, pupils)
        .annotate(
            question=Case(
                When(topic__in=[WRONG_ANSWER, DRILL_ANSWER], then=F("where")),
                When(source=Mistake.Source.GUIDED, params__has_key=LIVE, then=Value(LIVE)),
                default=Value(""),
            ),
        )
        .order_by()
        .values("game", "topic", "question", "learner")
        .annotate(times=Count("pk"), latest=Max("pk", filter=_WITH_EXAMPLE))
    )
    groups: dict[tuple[str, str, str], MistakeGroup] = {}
    latest: dict[tuple[str, str, str], int] = {}
    lessons = lessons or LessonTitles(classroom.language)
    for row in rows:
        key = (row["game"], row["topic"], row["question"])
        group = groups.get(key)
        if group is None:
            kind = Mistake(game=row["game"], topic=row["topic"], where=row["question"])
            if row["question"] == LIVE and row["topic"] not in (WRONG_ANSWER, DRILL_ANSWER):
                kind = Mistake(
                    game=row["game"],
                    topic=row["topic"],
                    source=Mistake.Source.GUIDED,
                    params={LIVE: True},
                )
            group = groups[key] = _group(kind, lessons)
        group.times += row["times"]
        group.pupils.add(by_learner[row["learner"]].name)
        if row["latest"] is not None:
            latest[key] = max(latest.get(key, 0), row["latest"])
    ranked = sorted(groups.items(), key=lambda kv: (-len(kv[1].pupils), -kv[1].times, kv[1].words))
    shown = ranked[:most]
    examples = Mistake.objects.in_bulk([latest[key] for key, _group_ in shown if key in latest])
    for key, group in shown:
        example = examples.get(latest.get(key, 0))
        group.example = _example(example) if example is not None else ""
    return [group for _key, group in shown], len(ranked)


def _group(mistake: Mistake, lessons: LessonTitles) -> MistakeGroup:
    game_name = explain.game_name(Game(mistake.game))
    if mistake.topic == WRONG_ANSWER:
        slug, _sep, index = mistake.where.partition("#")
        url, title = lessons.find(mistake.game, slug)
        number = int(index) + 1 if index.isdigit() else 1
        words = _("%(game)s: a wrong first answer to question %(number)d of “%(lesson)s”") % {
            "game": game_name,
            "number": number,
            "lesson": title or slug,
        }
        return MistakeGroup(words, lesson_url=url, lesson_title=title)
    if mistake.topic == DRILL_ANSWER:
        from drills.presenters import KIND_LABELS

        slug = DRILL_LESSONS.get(mistake.where, {}).get(mistake.game, "")
        url, title = lessons.find(mistake.game, slug) if slug else ("", "")
        label = _("a wrong answer in the drill “%(drill)s”") % {
            "drill": KIND_LABELS.get(mistake.where, mistake.where)
        }
        words = _("%(game)s: %(mistake)s") % {"game": game_name, "mistake": label}
        return MistakeGroup(words, lesson_url=url, lesson_title=title, game=game_name, about=label)
    label = str(TOPIC_WORDS.get(mistake.topic, mistake.topic))
    if of_the_live_exercise(mistake):
        label = str(LIVE_TOPIC_WORDS.get(mistake.topic, label))
    slug = TOPIC_LESSONS.get(mistake.topic, {}).get(mistake.game, "")
    url, title = lessons.find(mistake.game, slug) if slug else ("", "")
    words = _("%(game)s: %(mistake)s") % {"game": game_name, "mistake": label}
    return MistakeGroup(words, lesson_url=url, lesson_title=title, game=game_name, about=label)


# ------------------------------------------------------------------ activity, who is stuck
#: A pupil who made the same kind of mistake this many times within
#: :data:`STUCK_MINUTES` is shown as stuck.
STUCK_TIMES = 3
STUCK_MINUTES = 20
#: A pupil on the same step of a guided hand this many minutes, still at it (the hand was
#: touched in the last :data:`STUCK_MINUTES`) and doing nothing else meanwhile, too.
STUCK_STEP_MINUTES = 5


@dataclass(frozen=True)
class Activity:
    """A pupil's latest work: when, and what (a practice table, a class's table for
    people, a guided hand, a live exercise, a lesson, a drill)."""

    when: Any
    what: str = ""


#: How far back :func:`activity` looks for what a pupil did last (older: only when).
RECENT = timedelta(hours=12)


def _what(model: Any, row: dict[str, Any], lessons: dict[tuple[str, str], str]) -> str:
    from drills.presenters import KIND_LABELS
    from game.cards import text_plain
    from game.guided import scenarios
    from rummy_site import placement
    from rummy_site.languages import pick

    if model is Table:
        game = Game.named(row["game"])
        return _("Practice table: %(game)s") % {"game": explain.game_name(game)} if game else ""
    if model is SharedTable:
        game = Game.named(row["game"])
        return _("Class table: %(game)s") % {"game": explain.game_name(game)} if game else ""
    if model is LiveAnswer:
        # The hand played with the class, by the title the class was shown (its
        # ``class_title``, as the page's "Running now" and the projector call it: Italian
        # «La vostra prima bussata», not a learner's own «La tua prima bussata»).
        scenario = scenarios.get(row["exercise__scenario"])
        title = text_plain(pick(scenario.class_title)) if scenario else row["exercise__scenario"]
        return _("Live exercise: %(title)s") % {"title": title}
    if model is GuidedAttempt:
        scenario = scenarios.get(row["scenario"])
        title = text_plain(pick(scenario.title)) if scenario else row["scenario"]
        return _("Guided hand: %(title)s") % {"title": title}
    if model is FirstAnswer and row["slug"] == placement.SLUG:
        # The placement check keeps its first answers beside the lessons' (no lesson).
        game = Game.named(row["game"])
        return _("Placement check: %(game)s") % {"game": explain.game_name(game)} if game else ""
    if model in (FirstAnswer, LessonRead):
        title = lessons.get((row["game"], row["slug"]), row["slug"])
        return _("Lesson: %(title)s") % {"title": title}
    if model is DrillRecord:
        return _("Drill: %(title)s") % {"title": KIND_LABELS.get(row["kind"], row["kind"])}
    return ""


_FIELDS = {
    Table: ("game",),
    GuidedAttempt: ("scenario",),
    FirstAnswer: ("game", "slug"),
    LessonRead: ("game", "slug"),
    DrillRecord: ("game", "kind"),
    Mistake: (),
    LessonPlacement: (),
    LiveAnswer: ("exercise__scenario",),
}


def activity(
    classroom: Classroom,
    pupils: Sequence[Pupil],
    *,
    now: Any,
    lessons: LessonTitles | None = None,
) -> dict[int, Activity]:
    """Each pupil's latest work, by learner id: when (over all their records: the recent
    rows of each kind, and one grouped query over every kind for the others; and their
    latest move at the class's tables for people, :func:`_table_moves`) and, if it was
    in the last :data:`RECENT` hours, what it was (the recent rows, newest first): a
    lesson by its title (``lessons``, if already read)."""
    ids = [p.learner_id for p in pupils]
    latest: dict[int, Activity] = {}
    recent: list[tuple[Any, int, Any, dict[str, Any]]] = []

    def seen(learner: int, when: Any) -> None:
        known = latest.get(learner)
        if when is not None and (known is None or when > known.when):
            latest[learner] = Activity(when)

    latest_of_the_rest: list[QuerySet[Any]] = []
    for model, moment in _WATCHED:
        manager = model._default_manager
        fields = _FIELDS[model]
        lookup = _learner_of(model)
        # The learner's id as ``learner`` (a live answer's is its pupil's).
        as_learner: dict[str, Any] = {} if lookup == "learner" else {"learner": F(lookup)}
        plain = [] if as_learner else ["learner"]
        found: set[int] = set()
        if fields:
            # The recent rows first: their newest is each learner's latest of this kind.
            for row in (
                manager.filter(**{f"{lookup}__in": ids, f"{moment}__gte": now - RECENT})
                .order_by(f"-{moment}")
                .values(*plain, moment, *fields, **as_learner)[: 20 * max(1, len(ids))]
            ):
                recent.append((row[moment], row["learner"], model, row))
                seen(row["learner"], row[moment])
                found.add(row["learner"])
        # The others' latest, by the database (none left in a class at work: no query).
        rest = [i for i in ids if i not in found]
        if rest:
            latest_of_the_rest.append(
                manager.filter(**{f"{lookup}__in": rest})
                .order_by()
                .values(*plain, **as_learner)
                .annotate(last=Max(moment))
            )
    if latest_of_the_rest:  # every kind of record in one query
        first, *others = latest_of_the_rest
        for row in first.union(*others, all=True):
            seen(row["learner"], row["last"])
    for when, learner_id, game in _table_moves(classroom, ids, latest):
        seen(learner_id, when)
        if when >= now - RECENT:
            recent.append((when, learner_id, SharedTable, {"game": game}))
    # The lessons' titles, read only if a recent row is a lesson's.
    titles: dict[tuple[str, str], str] = {}
    if any(m in (FirstAnswer, LessonRead) for _w, _l, m, _r in recent):
        titles = (lessons or LessonTitles(classroom.language)).titles
    described: set[int] = set()
    for _when, learner, model, row in sorted(recent, key=lambda r: r[0], reverse=True):
        if learner in described:
            continue
        described.add(learner)
        latest[learner] = Activity(latest[learner].when, _what(model, row, titles))
    return latest


def _table_moves(
    classroom: Classroom, ids: Sequence[int], latest: dict[int, Activity]
) -> list[tuple[Any, int, str]]:
    """Each pupil's latest move at the class's tables for people (when, learner, game):
    the moment each seat's own last move was made (``moved``, written by the move's own
    UPDATE: :func:`game.shared.services.shared_move`). The tables are read latest
    changed first, their seats only, and no further once none could hold a later move
    of any pupil than what is known of them (``latest``, updated as it goes)."""
    wanted = set(ids)
    known = {i: latest[i].when for i in ids if i in latest}
    found: dict[int, tuple[Any, str]] = {}
    rows = (
        SharedTable.objects.filter(class_table__classroom=classroom)
        .order_by("-updated")
        .values_list("seats", "game", "updated")
    )
    for seats, game, updated in rows.iterator(chunk_size=50):
        if all(i in known and known[i] >= updated for i in wanted):
            break  # an older table: no pupil's move there is later than what is known
        for seat in seats if isinstance(seats, list) else []:
            learner, moved = seat.get("learner"), seat.get("moved")
            if learner not in wanted or not isinstance(moved, int):
                continue
            when = datetime.fromtimestamp(moved, tz=UTC)
            if learner not in known or when > known[learner]:
                known[learner] = when
                found[learner] = (when, game)
    return [(when, learner, game) for learner, (when, game) in found.items()]


@dataclass(frozen=True)
class Stuck:
    """A pupil making the same mistake again and again just now (``times`` of it), or on
    the same step of a guided hand for minutes (``times`` 0); ``when``: its latest
    moment; ``game`` and ``about``: the game's name and the mistake without it, when
    ``words`` is the two ("Basic Rummy: a move before drawing"), so that a pupil's line
    names the game once (:func:`by_pupil`)."""

    name: str
    words: str
    times: int = 0
    when: Any = None
    learner: int = 0
    game: str = ""
    about: str = ""


@dataclass(frozen=True)
class HelpItem:
    """One thing a pupil is stuck on, as their line says it, with how often (0: a step)."""

    words: str
    times: int = 0


@dataclass(frozen=True)
class NeedsHelp:
    """A pupil who may need help now, once, with what they are stuck on, latest first."""

    name: str
    items: tuple[HelpItem, ...]


def by_pupil(stuck: Sequence[Stuck]) -> list[NeedsHelp]:
    """The stuck list grouped by pupil (the class-of-thirty walk: 14 lines, the same
    names scattered among them): each pupil once, the one stuck most recently first,
    and their mistakes latest first, a game's name said once in a row of its mistakes
    ("Basic Rummy: a move before drawing; in a guided hand, another discard")."""

    def latest(item: Stuck) -> float:
        return item.when.timestamp() if item.when is not None else float("-inf")

    pupils: dict[int | str, list[Stuck]] = {}
    for item in stuck:
        pupils.setdefault(item.learner or item.name, []).append(item)
    found = []
    for items in pupils.values():
        items.sort(key=latest, reverse=True)
        said: list[HelpItem] = []
        game = ""
        for item in items:
            same_game = bool(item.game) and item.game == game
            said.append(HelpItem(item.about if same_game else item.words, item.times))
            game = item.game
        found.append((max(latest(i) for i in items), NeedsHelp(items[0].name, tuple(said))))
    found.sort(key=lambda pair: pair[0], reverse=True)
    return [needs for _when, needs in found]


def stuck_pupils(
    classroom: Classroom,
    pupils: Sequence[Pupil],
    *,
    now: Any,
    active: dict[int, Activity] | None = None,
    lessons: LessonTitles | None = None,
) -> list[Stuck]:
    """Pupils who made the same kind of mistake :data:`STUCK_TIMES` times or more in the
    last :data:`STUCK_MINUTES` minutes, and pupils on the same step of a guided hand for
    :data:`STUCK_STEP_MINUTES` minutes or more (:func:`stuck_on_a_step`). ``lessons``:
    the lessons' titles, if already read."""
    return [
        *_same_mistake(classroom, pupils, now=now, lessons=lessons),
        *stuck_on_a_step(pupils, now=now, active=active or {}),
    ]


def stuck_on_a_step(
    pupils: Sequence[Pupil], *, now: Any, active: dict[int, Activity]
) -> list[Stuck]:
    """Pupils whose open guided hand has been on one step for :data:`STUCK_STEP_MINUTES`
    minutes or more while they were still at it: the hand touched (a hint, a mistake, or
    just reached) in the last :data:`STUCK_MINUTES`, and nothing else done since
    (``active``: their latest work, :func:`activity`)."""
    from game.cards import text_plain
    from game.guided import scenarios
    from rummy_site.languages import pick

    by_learner = {p.learner_id: p for p in pupils}
    found = []
    for attempt in GuidedAttempt.objects.filter(
        learner__in=list(by_learner),
        finished=False,
        abandoned=False,
        step_started__lte=now - timedelta(minutes=STUCK_STEP_MINUTES),
        updated__gte=now - timedelta(minutes=STUCK_MINUTES),
    ).order_by("step_started"):
        latest = active.get(attempt.learner_id)
        if latest is not None and latest.when > attempt.updated + timedelta(minutes=1):
            continue  # gone on to other work
        scenario = scenarios.get(attempt.scenario)
        if scenario is None:
            continue
        minutes = int((now - attempt.step_started).total_seconds() // 60)
        words = ngettext(
            "on step %(step)s of “%(title)s” for %(minutes)s minute",
            "on step %(step)s of “%(title)s” for %(minutes)s minutes",
            minutes,
        ) % {
            "step": min(len(attempt.moves) + 1, len(scenario.steps)),
            "title": text_plain(pick(scenario.title)),
            "minutes": minutes,
        }
        pupil = by_learner[attempt.learner_id]
        found.append(Stuck(pupil.name, words, when=attempt.updated, learner=pupil.learner_id))
    return found


def _same_mistake(
    classroom: Classroom,
    pupils: Sequence[Pupil],
    *,
    now: Any,
    lessons: LessonTitles | None = None,
) -> list[Stuck]:
    """The mistakes of the last :data:`STUCK_MINUTES` counted by pupil and kind; a guided
    hand's mistake no longer counts once the pupil has finished that hand after it (the
    Russian teacher's walk: a pupil who had just finished the hand, "done ★" in the
    grid, was still listed as needing help with it)."""
    by_learner = {p.learner_id: p for p in pupils}
    since = now - timedelta(minutes=STUCK_MINUTES)
    finished = {
        (row["learner"], row["scenario"]): row["updated"]
        for row in GuidedResult.objects.filter(
            learner__in=list(by_learner), updated__gte=since
        ).values("learner", "scenario", "updated")
    }
    counts: dict[tuple[int, str, str, str], int] = defaultdict(int)
    first: dict[tuple[int, str, str, str], Mistake] = {}
    for mistake in Mistake.objects.filter(
        learner__in=list(by_learner), created__gte=since
    ).order_by("-created", "-pk"):
        if mistake.created < by_learner[mistake.learner_id].joined:
            continue
        done = finished.get((mistake.learner_id, mistake.where))
        if mistake.source == Mistake.Source.GUIDED and done is not None and done > mistake.created:
            continue  # the hand finished since: not stuck on it now
        key = (mistake.learner_id, *_kind(mistake))
        counts[key] += 1
        first.setdefault(key, mistake)
    lessons = lessons or LessonTitles(classroom.language)
    words: dict[tuple[str, ...], tuple[str, str, str]] = {}  # each kind told once
    found = []
    for key, times in counts.items():
        if times >= STUCK_TIMES:
            kind = key[1:]
            if kind not in words:
                group = _group(first[key], lessons)
                words[kind] = (group.words, group.game, group.about)
            said, game, about = words[kind]
            pupil = by_learner[key[0]]
            found.append(
                Stuck(
                    pupil.name,
                    said,
                    times,
                    when=first[key].created,
                    learner=pupil.learner_id,
                    game=game,
                    about=about,
                )
            )
    return found


# ------------------------------------------------------------------ CSV
def _cell(value: Any) -> str:
    """A cell a spreadsheet shows as text: one that starts like a formula (a pupil may
    call themselves "=HYPERLINK(...)") gets a leading apostrophe."""
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


class _Writer:
    def __init__(self, out: io.StringIO) -> None:
        self._writer = csv.writer(out)

    def writerow(self, row: Sequence[Any]) -> None:
        self._writer.writerow([_cell(v) for v in row])


def grid_csv(classroom: Classroom, pupils: Sequence[Pupil], today: Any, *, now: Any) -> str:
    """The grid as CSV: a row per pupil, their last activity as the page's grid shows it
    (when, in the current time zone as :data:`CSV_TIME` writes it, the zone named in the
    heading; and what, if it was in the last :data:`RECENT` hours; both empty for a
    pupil who did nothing yet), then a column per assignment (its state and detail)."""
    items = list(classroom.assignments.order_by("created", "pk"))
    statuses = assignments.progress(
        items,
        [p.learner for p in pupils],
        today=today,
        languages={classroom.pk: classroom.language},
    )
    active = activity(classroom, pupils, now=now)
    titles = assignments.lesson_titles(items, classroom.language)
    out = io.StringIO()
    writer = _Writer(out)
    last = _("Last active (%(zone)s)") % {"zone": timezone.get_current_timezone_name()}
    writer.writerow(
        [
            _("Pupil"),
            last,
            _("Last activity: what"),
            *(assignments.label(a, classroom.language, titles=titles) for a in items),
        ]
    )
    for pupil in pupils:
        seen = active.get(pupil.learner_id)
        cells = []
        for a in items:
            status = statuses[(a.pk, pupil.learner_id)]
            cells.append(f"{status.label} {status.detail}".strip())
        writer.writerow(
            [
                pupil.name,
                csv_time(seen.when) if seen else "",
                seen.what if seen else "",
                *cells,
            ]
        )
    return out.getvalue()


#: A time in a CSV, as a spreadsheet reads one (LibreOffice and Excel take
#: "2026-12-03 14:05" for a date and time; "2026-12-03T14:05:00+01:00", ISO 8601 with
#: its offset, stayed text: the Italian teacher's walk).
CSV_TIME = "%Y-%m-%d %H:%M"


def csv_time(when: datetime) -> str:
    """``when`` in the current time zone, as :data:`CSV_TIME` writes it."""
    return timezone.localtime(when).strftime(CSV_TIME)


def mistakes_csv(classroom: Classroom, pupils: Sequence[Pupil]) -> str:
    """Every recorded mistake of the class's pupils since they joined, newest first; its
    time in the current time zone (the teacher's, or the site's: the view chooses) as a
    spreadsheet reads it (:data:`CSV_TIME`), the zone named in the column's heading
    ("When (Europe/Rome)")."""
    by_learner = {p.learner_id: p for p in pupils}
    groups: dict[tuple[str, str, str], MistakeGroup] = {}
    out = io.StringIO()
    writer = _Writer(out)
    when = _("When (%(zone)s)") % {"zone": timezone.get_current_timezone_name()}
    writer.writerow([when, _("Pupil"), _("Mistake"), _("Details")])
    lessons = LessonTitles(classroom.language)
    for mistake in Mistake.objects.filter(learner__in=list(by_learner)).order_by("-created", "-pk"):
        pupil = by_learner[mistake.learner_id]
        if mistake.created < pupil.joined:
            continue
        key = _kind(mistake)
        group = groups.get(key) or groups.setdefault(key, _group(mistake, lessons))
        writer.writerow(
            [
                csv_time(mistake.created),
                pupil.name,
                group.words,
                _example(mistake),
            ]
        )
    return out.getvalue()


__all__ = [
    "CSV_TIME",
    "Activity",
    "HelpItem",
    "MistakeGroup",
    "NeedsHelp",
    "Stuck",
    "activity",
    "by_pupil",
    "class_with_stamp",
    "common_mistakes",
    "csv_time",
    "grid_csv",
    "mistakes_csv",
    "stuck_pupils",
]
