"""A learner's path through a game, from the first minute: its lessons in order, each
followed by the guided hands that practise it, then a hand at a practice table.

The path is composed here, on top of the apps it passes through (lessons, guided
hands, practice tables), so that none of them needs to know the others. A step is
done when a lesson is mastered (:meth:`lessons.services.Progress.lesson_done`), a
guided hand finished, or a hand played to its end at a table of the game. The home
page's "Continue" and each game's path page read :func:`path_of` and
:func:`continue_step`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.urls import reverse
from django.utils.translation import gettext as _

from game.cards import text_plain
from game.engine import Game
from game.guided import scenarios
from game.guided.models import GuidedAttempt
from game.guided.presenters import opened_at_the_coach as guided_link
from game.guided.services import results_of
from game.practice.models import Table
from game.practice.services import CorruptTable, table_state
from learners.models import Learner
from lessons import services as lessons
from lessons.models import FirstAnswer, LessonRead

from .languages import pick

#: The game a newcomer is sent to: the simplest of the three.
FIRST_GAME = Game.BASIC


@dataclass(frozen=True)
class PathStep:
    """One step of a game's path: ``kind`` is "lesson", "guided" or "practice"; ``url``
    its page (the practice step's with the new table's form, ``#new-table``)."""

    kind: str
    title: str
    url: str
    done: bool

    @property
    def link(self) -> str:
        """The address a link to the step opens: a guided hand's at the coach over the
        hand (``#table-status``: :func:`game.guided.presenters.hand_link`), where on a
        phone the prompt, the hand and its buttons fill the first screen (at the page's
        top the hand and its buttons were below it); else its page."""
        return guided_link(self.url) if self.kind == "guided" else self.url


def path_of(*, game: Game, learner: Learner | None, language: str) -> list[PathStep]:
    """The steps of ``game``'s path, each marked done or not for ``learner``."""
    progress = lessons.progress_of(learner=learner)
    finished = results_of(learner=learner)
    steps: list[PathStep] = []
    seen: set[str] = set()
    for lesson in lessons.lessons_of(language=language, game=game.value):
        url = reverse("lessons:lesson", kwargs={"game": game.value, "slug": lesson.slug})
        steps.append(PathStep("lesson", lesson.title, url, progress.lesson_done(lesson)))
        for slug in lesson.guided:
            scenario = scenarios.get(slug)
            if scenario is None or slug in seen:
                continue
            seen.add(slug)
            url = reverse("guided:hand", kwargs={"slug": slug})
            name = learner.display_name if learner is not None else ""
            words = scenarios.words_for(scenario, name, language)
            title = text_plain(words.say(pick(scenario.title, language)))
            steps.append(PathStep("guided", title, url, slug in finished))
    url = reverse("practice:index") + f"?game={game.value}#new-table"
    steps.append(
        PathStep(
            "practice", _("Play a whole hand at a practice table"), url, _played(learner, game)
        )
    )
    return steps


def _played(learner: Learner | None, game: Game) -> bool:
    """Has the learner played a hand of ``game`` to its end at a practice table?"""
    if learner is None:
        return False
    tables = Table.objects.filter(learner=learner, game=game.value)
    if tables.exclude(results=[]).exists():
        return True  # a later hand was dealt: the first one ended
    latest = tables.order_by("-updated").first()
    if latest is None:
        return False
    try:
        return table_state(table=latest).current_result is not None
    except CorruptTable:
        return False


def step_after(*, game: Game, url: str, learner: Learner | None, language: str) -> PathStep | None:
    """The step of ``game``'s path to go on with after the one at ``url`` (a guided hand
    just finished): the first one after it not done yet, else the one right after it;
    ``None`` when it is not on the path or is its last step. (The newcomer's walk: a
    guided hand's "Next" led to the library's next hand, past the path's lesson.)"""
    steps = path_of(game=game, learner=learner, language=language)
    here = next((i for i, step in enumerate(steps) if step.url == url), None)
    if here is None or here + 1 == len(steps):
        return None
    later = steps[here + 1 :]
    return next((step for step in later if not step.done), later[0])


def practice_after(
    *, game: Game, url: str, learner: Learner | None, language: str
) -> PathStep | None:
    """The step to go on with after the lesson at ``url`` when it is no lesson: the first
    one not done yet between it and the next lesson (the guided hands that practise it,
    or the practice table after the last lesson); ``None`` when they are all done or
    there are none. (The Italian Knock walk: the lesson's "Done: next lesson" passed
    the guided hand the path puts after it, whose link was a line of small text.)"""
    steps = path_of(game=game, learner=learner, language=language)
    here = next((i for i, step in enumerate(steps) if step.url == url), None)
    if here is None:
        return None
    for step in steps[here + 1 :]:
        if step.kind == "lesson":
            return None
        if not step.done:
            return step
    return None


def continue_step(steps: list[PathStep]) -> PathStep | None:
    """The first step not done yet (``None``: the whole path is done)."""
    return next((step for step in steps if not step.done), None)


def game_path(*, game: Game, learner: Learner | None, language: str) -> dict[str, object]:
    """A game's path for a page: its steps, the one to continue with, how far along."""
    steps = path_of(game=game, learner=learner, language=language)
    following = continue_step(steps)
    return {
        "game": game,
        "steps": steps,
        "next": following,
        # Learning by doing from the first minute: the path's first guided hand, in which
        # the coach prompts every move, offered beside "Start" until a step is done.
        "first_hand": next((s for s in steps if s.kind == "guided"), None),
        "done": sum(1 for step in steps if step.done),
        "total": len(steps),
    }


def worked_on(learner: Learner | None, game: Game) -> bool:
    """Has the learner worked on ``game`` at all (a lesson read or answered, a guided hand
    begun, a practice table), whether or not a step of its path is done? The path page
    says "Continue: …" to them, as the home page does (:func:`current_game`), and
    "Start: …" only to a learner new to the game."""
    if learner is None:
        return False
    slugs = [s.slug for s in scenarios.library() if s.game is game]
    return (
        FirstAnswer.objects.filter(learner=learner, game=game.value).exists()
        or LessonRead.objects.filter(learner=learner, game=game.value).exists()
        or GuidedAttempt.objects.filter(learner=learner, scenario__in=slugs).exists()
        or Table.objects.filter(learner=learner, game=game.value).exists()
    )


def current_game(learner: Learner | None) -> Game | None:
    """The game the learner worked on last (a lesson, a guided hand or a table), if any."""
    if learner is None:
        return None
    latest: list[tuple[datetime, str]] = []
    answer = FirstAnswer.objects.filter(learner=learner).order_by("-created").first()
    if answer is not None:
        latest.append((answer.created, answer.game))
    read = LessonRead.objects.filter(learner=learner).order_by("-read_at").first()
    if read is not None:
        latest.append((read.read_at, read.game))
    attempt = GuidedAttempt.objects.filter(learner=learner).order_by("-updated").first()
    if attempt is not None and (scenario := scenarios.get(attempt.scenario)) is not None:
        latest.append((attempt.updated, scenario.game.value))
    table = Table.objects.filter(learner=learner).order_by("-updated").first()
    if table is not None:
        latest.append((table.updated, table.game))
    if not latest:
        return None
    return Game.named(max(latest, key=lambda item: item[0])[1])


__all__ = [
    "FIRST_GAME",
    "PathStep",
    "continue_step",
    "current_game",
    "game_path",
    "path_of",
    "practice_after",
    "step_after",
    "worked_on",
]
