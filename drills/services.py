"""Drills: quick questions dealt at random and answered by the engine, one after another,
with a streak and a personal best per learner.

A drill is a game and a kind of question: "meld" (is there a meld here?), "deadwood"
(count it), "knock" (can this Gin hand knock?), "discard" (the best discard: which of
11 cards leaves the least deadwood? Gin and Knock Rummy, where the cards stay in the
hand), "layoff" (where does this card go?),
"score" (who collects, and how much?). The questions are the lessons' own
checks dealt from a fresh seed for each answer (:mod:`lessons.checks`), so a drill is judged
and explained exactly as a lesson's question is. Each question comes in a signed token
naming the learner's answer count when it was asked: one answer per question counts.

An answer, judged or refused, redirects to the drill's page (Post/Redirect/Get), which
shows it: ``?answered=`` (:func:`answered_token`) or ``?refused=`` (:func:`refusal_token`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy

from game.engine import Game
from learners.models import Learner
from lessons.checks import (
    Check,
    LayoffCheck,
    Outcome,
    ScoreCheck,
    asked_and_answered,
    parse_check,
)
from rummy_site.errors import ServiceError
from rummy_site.parsing import MAX_SEED
from rummy_site.questions import (
    ForgedQuestion,
    packed_answer,
    read_answered,
    read_question,
    read_refused,
    sign_answered,
    sign_question,
    sign_refused,
    steady_seed,
    unpacked_answer,
)

from .models import DrillRecord
from .signals import wrong_answer

_SALT = "drills.question"
#: The salt of an answer's result, sent to the page after it (with the learner's id).
_ANSWERED_SALT = "drills.answered"
#: The salt of a refused answer, sent to the page after it (with the browser's key).
_REFUSED_SALT = "drills.refused"

#: Each game's drills: kind -> the check that deals its questions ("layoff" and "score":
#: dealt by :meth:`~lessons.checks.LayoffCheck.dealt` and
#: :meth:`~lessons.checks.ScoreCheck.dealt`; Knock Rummy has no layoffs).
DRILLS: dict[Game, dict[str, str]] = {
    Game.BASIC: {
        "meld": "meld random",
        "deadwood": "deadwood random",
        "layoff": "layoff",
        "score": "score",
    },
    Game.GIN: {
        "meld": "meld random",
        "deadwood": "deadwood random",
        "knock": "knock random",
        "discard": "discard random",
        "layoff": "layoff",
        "score": "score",
    },
    Game.KNOCK: {
        "meld": "meld random",
        "deadwood": "deadwood random",
        "discard": "discard random",
        "score": "score",
    },
}


class NoSuchDrill(ServiceError):
    status = 404
    default_message = gettext_lazy("There is no such drill.")


class StaleDrill(ServiceError):
    status = 409
    default_message = gettext_lazy("That question was answered already. Here is a new one.")


class ForgedDrill(ForgedQuestion):
    default_message = gettext_lazy(
        "That answer came back for a question this page did not ask. Here is a new one."
    )


@dataclass(frozen=True)
class DrillQuestion:
    game: Game
    kind: str
    check: Check
    seed: int
    asked: int

    @property
    def token(self) -> str:
        data = {"g": self.game.value, "k": self.kind, "seed": self.seed, "n": self.asked}
        return sign_question(data, salt=_SALT)


def drill_check(game: Game, kind: str, seed: int = 1) -> Check:
    """The check of a drill's question dealt from ``seed``."""
    args = DRILLS.get(game, {}).get(kind)
    if args is None:
        raise NoSuchDrill()
    if args == "layoff":
        return LayoffCheck.dealt(seed)
    if args == "score":
        return ScoreCheck.dealt(game, seed)
    return parse_check(args)


def record_of(*, learner: Learner | None, game: Game, kind: str) -> DrillRecord | None:
    if learner is None:
        return None
    return DrillRecord.objects.filter(learner=learner, game=game.value, kind=kind).first()


def records_of(*, learner: Learner | None) -> dict[tuple[str, str], DrillRecord]:
    if learner is None:
        return {}
    return {(r.game, r.kind): r for r in DrillRecord.objects.filter(learner=learner)}


def new_question(*, learner: Learner | None, game: Game, kind: str) -> DrillQuestion:
    """The learner's next question at a drill: the same until it is answered (a reload
    deals no easier one to keep a streak going: the streak and the best are what a drill
    counts), another after each answer; a visitor the site does not know yet, with no
    streak to keep, gets a fresh one each time."""
    record = record_of(learner=learner, game=game, kind=kind)
    asked = record.answered if record else 0
    if learner is None:
        seed = random.SystemRandom().randrange(1, MAX_SEED)
    else:
        seed = steady_seed(learner.pk, game.value, kind, asked, salt=_SALT)
    check = drill_check(game, kind, seed)
    return DrillQuestion(game, kind, check, seed, asked)


def question_asked(
    *, learner: Learner | None, game: Game, kind: str, token: str
) -> DrillQuestion | None:
    """The question a refused answer was for (a malformed answer: no card picked, no
    number), to be asked again as it was: its check dealt from the token's seed. ``None``
    when the token is not one the site signed for this drill, or its question was
    answered since (the page then deals a new one)."""
    try:
        data = read_question(
            token, salt=_SALT, fields={"g": str, "k": str, "seed": int, "n": int}, error=ForgedDrill
        )
    except ForgedDrill:
        return None
    seed, asked = data["seed"], data["n"]
    if (data["g"], data["k"]) != (game.value, kind) or not 0 < seed <= MAX_SEED:
        return None
    record = record_of(learner=learner, game=game, kind=kind)
    if (record.answered if record else 0) != asked:
        return None
    return DrillQuestion(game, kind, drill_check(game, kind, seed), seed, asked)


@dataclass(frozen=True)
class DrillAnswered:
    question: DrillQuestion
    outcome: Outcome
    record: DrillRecord
    new_best: bool


def answer(
    *, learner: Learner, game: Game, kind: str, token: str, answer: dict[str, Any]
) -> DrillAnswered:
    """Judge an answer and count it in the learner's streak (a malformed answer changes
    nothing; a question answered already is :class:`StaleDrill`). A wrong answer is told
    (:data:`drills.signals.wrong_answer`): a pupil's reaches their class's common
    mistakes."""
    drill_check(game, kind)  # a drill that exists
    data = read_question(
        token, salt=_SALT, fields={"g": str, "k": str, "seed": int, "n": int}, error=ForgedDrill
    )
    seed, asked = data["seed"], data["n"]
    if (data["g"], data["k"]) != (game.value, kind) or not 0 < seed <= MAX_SEED:
        raise ForgedDrill()
    check = drill_check(game, kind, seed)
    outcome = check.judge(answer, seed)
    with transaction.atomic():
        record, _created = DrillRecord.objects.select_for_update().get_or_create(
            learner=learner, game=game.value, kind=kind
        )
        if record.answered != asked:
            raise StaleDrill()
        record.answered += 1
        new_best = False
        if outcome.correct:
            record.right += 1
            record.streak += 1
            if record.streak > record.best:
                record.best, new_best = record.streak, record.streak > 1
        else:
            record.streak = 0
        record.save()
    if not outcome.correct:
        wrong_answer.send(
            sender=DrillRecord,
            learner=learner,
            game=game.value,
            kind=kind,
            asked=asked_and_answered(check, seed, outcome),
        )
    question = DrillQuestion(game, kind, check, seed, asked)
    return DrillAnswered(question, outcome, record, new_best)


def answered_token(*, learner: Learner, answered: DrillAnswered, answer: dict[str, Any]) -> str:
    """The result of an answer, for the page the answer redirects to (Post/Redirect/Get:
    a reload of a page drawn in a POST's answer asked to send the form again, the Russian
    teacher's walk): the question answered, the answer and whether it made a new best,
    signed for this learner only. It holds nothing the page did not show (not the next
    question), and reading it counts nothing (:func:`answered_again`)."""
    question = answered.question
    data = {
        "g": question.game.value,
        "k": question.kind,
        "seed": question.seed,
        "n": question.asked,
        "a": packed_answer(answer),
        "b": 1 if answered.new_best else 0,
    }
    return sign_answered(data, learner=learner.pk, salt=_ANSWERED_SALT)


def answered_again(
    *, learner: Learner | None, game: Game, kind: str, token: str
) -> DrillAnswered | None:
    """The answer :func:`answered_token` signed, judged again to be shown again (nothing
    is stored): ``None`` unless the token is this learner's, for this drill, and for their
    latest answer there (an older one's page shows the question they are at now)."""
    if learner is None:
        return None
    data = read_answered(
        token,
        learner=learner.pk,
        salt=_ANSWERED_SALT,
        fields={"g": str, "k": str, "seed": int, "n": int, "a": unpacked_answer, "b": bool},
    )
    if data is None or (data["g"], data["k"]) != (game.value, kind):
        return None
    seed, asked, new_best, answer = data["seed"], data["n"], data["b"], data["a"]
    if not 0 < seed <= MAX_SEED:
        return None
    record = record_of(learner=learner, game=game, kind=kind)
    if record is None or record.answered != asked + 1:
        return None
    check = drill_check(game, kind, seed)
    try:
        outcome = check.judge(answer, seed)
    except ServiceError:  # the drill's questions changed since (a new release)
        return None
    return DrillAnswered(DrillQuestion(game, kind, check, seed, asked), outcome, record, new_best)


@dataclass(frozen=True)
class DrillRefused:
    """A refused answer, as the drill's page shows it again (:func:`refused_again`)."""

    #: The question it was for, still the learner's; ``None`` when it was for none the
    #: page asks (forged, or answered already): the page deals its own, the reason beside.
    question: DrillQuestion | None
    #: The answer as it was sent (its fields drawn again as the learner left them).
    answer: dict[str, Any] | None
    #: Why it was refused, in the page's language (its message and field).
    error: ServiceError


#: What a refusal for no question the page asks was (its reason, told again).
_NOT_ASKED: dict[str, type[ServiceError]] = {"stale": StaleDrill, "forged": ForgedDrill}


def _ours(token: str, game: Game, kind: str) -> bool:
    """Whether ``token`` is a question the site signed for this drill (answered since,
    when :func:`question_asked` finds it no longer asked)."""
    try:
        data = read_question(token, salt=_SALT, fields={"g": str, "k": str}, error=ForgedDrill)
    except ForgedDrill:
        return False
    return (data["g"], data["k"]) == (game.value, kind)


def refusal_token(
    *,
    who: int | str,
    learner: Learner | None,
    game: Game,
    kind: str,
    token: str,
    answer: dict[str, Any],
    error: ServiceError,
) -> str:
    """A refused answer (:func:`answer` raised ``error``), for the address of the drill's
    page it redirects to (``?refused=``), signed for ``who`` only
    (:func:`rummy_site.questions.refusal_signer`): the question it was for and the answer
    as it was sent, or when it was for no question the page asks (forged, or answered
    already: stale, whatever else was wrong with the answer) which of the two and how
    many answers the learner had then; not the reason's sentence (the page judges the
    answer again, in its language). Read back by :func:`refused_again`."""
    asked = question_asked(learner=learner, game=game, kind=kind, token=token)
    data: dict[str, object] = {"g": game.value, "k": kind}
    if asked is None:
        record = record_of(learner=learner, game=game, kind=kind)
        data["x"] = (
            "stale" if isinstance(error, StaleDrill) or _ours(token, game, kind) else "forged"
        )
        data["r"] = record.answered if record else 0
        return sign_refused(data, who=who, salt=_REFUSED_SALT, answer=None)
    data.update({"seed": asked.seed, "n": asked.asked})
    return sign_refused(data, who=who, salt=_REFUSED_SALT, answer=answer)


def refused_again(
    *, who: int | str | None, learner: Learner | None, game: Game, kind: str, token: str
) -> DrillRefused | None:
    """The refused answer :func:`refusal_token` signed for ``who``: its question, the
    answer and the reason, judged again (nothing stored), while the learner has answered
    nothing at this drill since. ``None`` for no token, another browser's, another
    drill's, an old one, one the learner has answered past, or an answer no longer
    refused (the drills changed since): the page is then as it would be without it."""
    data = read_refused(token, who=who, salt=_REFUSED_SALT, fields={"g": str, "k": str})
    if data is None or (data["g"], data["k"]) != (game.value, kind):
        return None
    record = record_of(learner=learner, game=game, kind=kind)
    answered = record.answered if record else 0
    not_asked = read_refused(token, who=who, salt=_REFUSED_SALT, fields={"x": str, "r": int})
    if not_asked is not None:
        error = _NOT_ASKED.get(not_asked["x"])
        if error is None or not_asked["r"] != answered:
            return None
        return DrillRefused(None, None, error())
    fields: dict[str, Callable[[Any], Any]] = {"seed": int, "n": int, "a": unpacked_answer}
    asked = read_refused(token, who=who, salt=_REFUSED_SALT, fields=fields)
    if asked is None or asked["n"] != answered or not 0 < asked["seed"] <= MAX_SEED:
        return None
    seed, answer = asked["seed"], asked["a"]
    check = drill_check(game, kind, seed)
    try:
        check.judge(answer, seed)
    except ServiceError as exc:
        return DrillRefused(DrillQuestion(game, kind, check, seed, answered), answer, exc)
    return None


__all__ = [
    "DRILLS",
    "DrillAnswered",
    "DrillQuestion",
    "DrillRefused",
    "ForgedDrill",
    "NoSuchDrill",
    "StaleDrill",
    "answer",
    "answered_again",
    "answered_token",
    "drill_check",
    "new_question",
    "question_asked",
    "record_of",
    "records_of",
    "refusal_token",
    "refused_again",
]
