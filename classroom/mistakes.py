"""Pupils' mistakes, recorded where they happen and told in words for the teacher.

Fed by the signals of the apps below (they do not know the classroom): a move refused at
a practice table (``game.practice.signals.move_refused``), the coach's clear verdicts on
a finished practice hand (``game.practice.signals.hand_finished``), a mistake in a
guided hand (``game.guided.signals.mistake_recorded``), a wrong first answer to a
lesson's question (``lessons.signals.wrong_first_answer``) and a wrong answer in a drill
(``drills.signals.wrong_answer``). The answers of a live class
exercise are recorded by :mod:`classroom.live`. Only the mistakes of learners who are
in a class are kept (:func:`record`).

Each has a topic (what it was about, as the guided hands sort mistakes: "tried a run
that is not one"), which is how the teacher's dashboard groups them, and, per game and
topic, the lesson that teaches the rule (:data:`TOPIC_LESSONS`).
"""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver
from django.utils.translation import gettext_lazy

from drills.signals import wrong_answer as wrong_drill_answer
from game.engine import MoveError
from game.guided.services import MistakeTopic, refusal_topic
from game.guided.signals import mistake_recorded
from game.practice.signals import hand_finished, move_refused
from learners.models import Learner
from lessons.signals import wrong_first_answer

from .models import Mistake, Pupil

#: The topic of a wrong answer to a lesson's question (grouped by the question).
WRONG_ANSWER = "wrong_answer"
#: The topic of a wrong answer in a drill (grouped by the drill: its kind in ``where``).
DRILL_ANSWER = "drill_answer"
#: The coach's verdict on a finished practice hand: a discard (or knock) that left more
#: deadwood than the coach's choice (:func:`game.practice.services.coach_verdicts`).
COACH_DEADWOOD = "coach_more_deadwood"

_MELDS = {"basic": "melds-groups-and-runs", "gin": "melds-groups-and-runs", "knock": "melds"}
_TURN = {"basic": "a-turn", "gin": "a-turn", "knock": "a-turn-and-the-knock"}
_KNOCK = {"gin": "knock-gin-and-layoffs", "knock": "a-turn-and-the-knock"}
_LAYOFF = {"basic": "going-out", "gin": "knock-gin-and-layoffs"}
_TACTICS = {"basic": "tactics", "gin": "tactics-and-variants", "knock": "when-to-knock"}

#: The lesson that teaches each topic's rule, per game (its slug).
TOPIC_LESSONS: dict[str, dict[str, str]] = {
    MistakeTopic.BAD_RUN: _MELDS,
    MistakeTopic.BAD_GROUP: _MELDS,
    MistakeTopic.BAD_MELD: _MELDS,
    MistakeTopic.KNOCK_OVER_LIMIT: _KNOCK,
    MistakeTopic.THREW_BACK_TAKEN_CARD: _TURN,
    MistakeTopic.FORGOT_TO_DRAW: _TURN,
    MistakeTopic.AGAINST_THE_RULES: _TURN,
    MistakeTopic.OTHER_PILE: _TACTICS,
    MistakeTopic.LAYOFF_DOES_NOT_FIT: _LAYOFF,
    MistakeTopic.OTHER_DISCARD: _TACTICS,
    MistakeTopic.OTHER_KNOCK: _TACTICS,
    MistakeTopic.OTHER_MOVE: _TACTICS,
    MistakeTopic.MISSED_KNOCK: _KNOCK,
    MistakeTopic.KNOCK_OTHER_DISCARD: _TACTICS,
    MistakeTopic.LAYOUT_OVER_LIMIT: _KNOCK,
    COACH_DEADWOOD: _TACTICS,
}


_CARDS = {"basic": "cards-and-values", "gin": "cards-and-values", "knock": "cards-and-values"}
_SCORE = {"basic": "scoring", "gin": "scoring-a-hand", "knock": "the-knocker-wins"}

#: The lesson that teaches each drill's question, per game (its slug).
DRILL_LESSONS: dict[str, dict[str, str]] = {
    "meld": _MELDS,
    "deadwood": _CARDS,
    "knock": _KNOCK,
    "discard": _TACTICS,
    "layoff": _LAYOFF,
    "score": _SCORE,
}


#: Each topic as the teacher reads it (what the pupils did, not "you..."): the class's
#: common mistakes are listed by these.
TOPIC_WORDS: dict[str, Any] = {
    MistakeTopic.BAD_RUN: gettext_lazy("a run that is not one"),
    MistakeTopic.BAD_GROUP: gettext_lazy("a group that is not one"),
    MistakeTopic.BAD_MELD: gettext_lazy("a meld that is not one"),
    MistakeTopic.KNOCK_OVER_LIMIT: gettext_lazy("a knock with too much deadwood"),
    MistakeTopic.THREW_BACK_TAKEN_CARD: gettext_lazy("throwing back the card just taken"),
    MistakeTopic.FORGOT_TO_DRAW: gettext_lazy("a move before drawing"),
    MistakeTopic.LAYOFF_DOES_NOT_FIT: gettext_lazy("a layoff that does not fit"),
    MistakeTopic.AGAINST_THE_RULES: gettext_lazy("a move the rules forbid"),
    MistakeTopic.OTHER_PILE: gettext_lazy("in a guided hand, drawing from the other pile"),
    MistakeTopic.OTHER_DISCARD: gettext_lazy("in a guided hand, another discard"),
    MistakeTopic.OTHER_KNOCK: gettext_lazy("in a guided hand, a knock when another move was right"),
    MistakeTopic.OTHER_MOVE: gettext_lazy("in a guided hand, another move than the right one"),
    MistakeTopic.MISSED_KNOCK: gettext_lazy("in a guided hand, no knock when a knock was right"),
    MistakeTopic.KNOCK_OTHER_DISCARD: gettext_lazy(
        "in a guided hand, a knock with another discard than the right one"
    ),
    MistakeTopic.LAYOUT_OVER_LIMIT: gettext_lazy(
        "after a knock, melds laid out that leave too much deadwood"
    ),
    COACH_DEADWOOD: gettext_lazy(
        "at a practice table, a discard that kept more deadwood than the coach's choice"
    ),
}


#: What groups a live class exercise's mistakes apart from the same mistakes in the
#: pupils' own guided hands (the dashboard's kind of mistake): the teacher's walk read
#: the class's own exercise as "in a guided hand". Recorded by :mod:`classroom.live` as a
#: guided hand's mistake, with the exercise in its ``params`` (``live``).
LIVE = "live"

#: The topics of a guided hand's moves, said of the live class exercise.
LIVE_TOPIC_WORDS: dict[str, Any] = {
    MistakeTopic.OTHER_PILE: gettext_lazy("in the live exercise, drawing from the other pile"),
    MistakeTopic.OTHER_DISCARD: gettext_lazy("in the live exercise, another discard"),
    MistakeTopic.OTHER_KNOCK: gettext_lazy(
        "in the live exercise, a knock when another move was right"
    ),
    MistakeTopic.OTHER_MOVE: gettext_lazy("in the live exercise, another move than the right one"),
    MistakeTopic.MISSED_KNOCK: gettext_lazy(
        "in the live exercise, no knock when a knock was right"
    ),
    MistakeTopic.KNOCK_OTHER_DISCARD: gettext_lazy(
        "in the live exercise, a knock with another discard than the right one"
    ),
}


def of_the_live_exercise(mistake: Mistake) -> bool:
    """Whether ``mistake`` was made in a live class exercise (not the pupil's own hand)."""
    params = mistake.params
    return mistake.source == Mistake.Source.GUIDED and isinstance(params, dict) and LIVE in params


def in_a_class(learner: Learner) -> bool:
    return Pupil.objects.filter(
        learner=learner, removed__isnull=True, classroom__archived__isnull=True
    ).exists()


def a_pupil(learner: Learner) -> bool:
    """Whether ``learner`` is a pupil whose return code brings them back: of any class,
    an archived one too (it may come back; the code still works). An account never takes
    such a learner, nor is one offered to them (the tamper probe: signing up at the
    school computer of a pupil of an archived class took her work, and her code)."""
    return Pupil.objects.filter(learner=learner, removed__isnull=True).exists()


def record(
    *,
    learner: Learner,
    source: str,
    game: str,
    topic: str,
    code: str = "",
    params: dict[str, Any] | None = None,
    where: str = "",
) -> Mistake | None:
    """Keep a mistake of a learner who is in a class (anyone else's is not kept)."""
    if learner is None or learner.pk is None or not in_a_class(learner):
        return None
    return Mistake.objects.create(
        learner=learner,
        source=source,
        game=game,
        topic=str(topic),
        code=code[:60],
        params=params or {},
        where=where[:100],
    )


def _jsonable(params: dict[str, Any]) -> dict[str, Any]:
    """An engine error's parameters as JSON (cards and moves as their codes)."""
    clean: dict[str, Any] = {}
    for key, value in params.items():
        if isinstance(value, str | int | bool) or value is None:
            clean[key] = value
        elif isinstance(value, list | tuple):
            clean[key] = [v if isinstance(v, str | int | bool) else str(v) for v in value]
        else:
            clean[key] = str(value)
    return clean


#: Refusals that are no mistake of the rules: a stale tab, a page posted while the
#: computer players were to move, a hand already over. Not recorded.
NOT_MISTAKES = {
    MoveError.HAND_OVER,
    MoveError.NOT_YOUR_TURN,
    MoveError.NOT_IN_THIS_GAME,
    MoveError.CARD_NOT_HELD,
    MoveError.MELD_NOT_FOUND,
    MoveError.LAYING_OUT,
    MoveError.NOTHING_TO_FINISH,
}


@receiver(move_refused, dispatch_uid="classroom-table-refusal")
def _table_refusal(sender: Any, learner: Any, game: Any, error: Any, **kwargs: Any) -> None:
    reason = error.reason
    if reason in NOT_MISTAKES:
        return
    record(
        learner=learner,
        source=Mistake.Source.TABLE,
        game=str(game),
        topic=refusal_topic(error),
        code=f"{type(reason).__name__}:{reason.value}",
        params=_jsonable(error.params),
        where=str(kwargs.get("table", "")),
    )


@receiver(mistake_recorded, dispatch_uid="classroom-guided-mistake")
def _guided_mistake(sender: Any, learner: Any, game: Any, topic: Any, **kwargs: Any) -> None:
    mistake = kwargs.get("mistake")
    record(
        learner=learner,
        source=Mistake.Source.GUIDED,
        game=str(game),
        topic=topic,
        code=mistake.key if mistake is not None else "",
        params={"move": mistake.move, "step": mistake.step} if mistake is not None else {},
        where=str(kwargs.get("scenario", "")),
    )


@receiver(hand_finished, dispatch_uid="classroom-coach-verdicts")
def _coach_verdicts(
    sender: Any, learner: Any, game: Any, table: Any, round_number: int, verdicts: Any, **_: Any
) -> None:
    """A finished hand of a pupil (at a practice table or a table for people): the
    coach's clear verdicts on their moves."""
    if learner is None or not in_a_class(learner):
        return
    Mistake.objects.bulk_create(
        Mistake(
            learner=learner,
            source=Mistake.Source.TABLE,
            game=str(game),
            topic=COACH_DEADWOOD,
            code=f"coach:{verdict.move.kind.value}",
            params={
                "move": str(verdict.move),
                "best": str(verdict.best),
                "deadwood": verdict.deadwood,
                "best_deadwood": verdict.best_deadwood,
                "number": verdict.number,
                "hand": round_number,
            },
            where=str(table.public_id),
        )
        for verdict in verdicts()
    )


def _wrong_answer_of(
    learner: Any, source: str, game: str, topic: str, where: str, asked: Any
) -> None:
    """A wrong answer to a question (a lesson's check, a drill's), kept with the
    question's cards and the answer given: the teacher's example of the mistake."""
    record(
        learner=learner,
        source=source,
        game=game,
        topic=topic,
        params={"asked": asked} if asked else None,
        where=where,
    )


@receiver(wrong_first_answer, dispatch_uid="classroom-wrong-answer")
def _wrong_answer(
    sender: Any, learner: Any, game: str, slug: str, index: int, **kwargs: Any
) -> None:
    where = f"{slug}#{index}"
    asked = kwargs.get("asked")
    _wrong_answer_of(learner, Mistake.Source.LESSON, game, WRONG_ANSWER, where, asked)


@receiver(wrong_drill_answer, dispatch_uid="classroom-drill-answer")
def _drill_answer(sender: Any, learner: Any, game: str, kind: str, **kwargs: Any) -> None:
    asked = kwargs.get("asked")
    _wrong_answer_of(learner, Mistake.Source.DRILL, game, DRILL_ANSWER, kind, asked)
