"""The placement check: a few questions for someone who knows the basics of a game; all
right at the first answer, and the game's first lessons (the cards' values, melds) count
as done on the path, so the learner starts where there is something to learn.

The questions are the lessons' own checks dealt at random, each the same until it is
answered (:func:`rummy_site.questions.steady_seed`, as a drill's: a learner cannot reload
the page until the first question looks easy), and a check left and opened again goes
on where it was (:func:`current_question`, from the first answers kept); each question
travels in a signed token with its number and how many were right so far (a token is
for one game and one question: it cannot be sent to another). A wrong answer is shown the solution,
so only a question's first answer counts: its verdict is kept with the learner
(:func:`lessons.services.first_verdict`, under the slug :data:`SLUG`), and an answer
sent again with the same token counts as that one did.

Every answer without JavaScript (the check's form always posts without htmx) redirects
to the check's page (Post/Redirect/Get): a judged answer to ``?answered=``
(:func:`answered_token`), a refused one to ``?refused=`` (:func:`refusal_token`: a
malformed answer, or a question this page did not ask), so that a reload shows the same
page and sends nothing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy

from game.engine import Game
from learners.models import Learner
from lessons import services as lessons
from lessons.checks import Check, Outcome, parse_check
from lessons.models import Lesson

from .errors import ServiceError
from .parsing import MAX_SEED
from .questions import (
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

#: The questions, in order (each dealt from a fresh seed).
QUESTIONS = ("meld random", "deadwood random", "meld random")
#: How many of the game's first lessons a pass skips: the cards' values, and melds.
SKIPPED_LESSONS = 2
_SALT = "placement.question"
_DEAL_SALT = "placement.deal"
#: The salt of an answer's result, sent to the page after it (with the learner's id).
_ANSWERED_SALT = "placement.answered"
#: The salt of a refused answer, sent to the page after it (with the browser's key).
_REFUSED_SALT = "placement.refused"


class ForgedPlacement(ForgedQuestion):
    default_message = gettext_lazy(
        "That answer came back for a question this page did not ask. Here is the check again."
    )


@dataclass(frozen=True)
class PlacementQuestion:
    game: Game
    number: int  # from 0
    seed: int
    right: int  # right answers before this one

    @property
    def check(self) -> Check:
        return parse_check(QUESTIONS[self.number])

    @property
    def token(self) -> str:
        data = {"g": self.game.value, "n": self.number, "seed": self.seed, "ok": self.right}
        return sign_question(data, salt=_SALT)


def _dealt(
    game: Game, number: int, right: int, asker: tuple[object, ...] | None
) -> PlacementQuestion:
    """Question ``number`` for ``asker`` (who asks, and how many of that question they
    have answered): the same until it is answered, another after; for nobody known, a
    random one."""
    if asker is None:
        seed = random.SystemRandom().randrange(1, MAX_SEED)
    else:
        seed = steady_seed(*asker, game.value, number, salt=_DEAL_SALT)
    return PlacementQuestion(game, number, seed, right)


def _answered(learner: Learner | Any, game: Game, number: int) -> int:
    return lessons.questions_answered(learner=learner, game=game.value, slug=SLUG, index=number)


def current_question(
    game: Game, *, learner: Learner | None = None, visitor: str | None = None
) -> PlacementQuestion:
    """The question the check's page asks ``learner`` now: the one after the last they
    answered in a check under way, with the answers right so far (a check left and
    opened again, from the path, a bookmark or another device, started again with new
    questions, the answers given lost), else the first; for the browser whose visitor
    key is ``visitor`` (no learner yet), the first. Each the same on every reload until
    it is answered (the learner's first answers to it say how many), another after; a
    random one for neither."""
    if learner is None:
        return _dealt(game, 0, 0, ("visitor", visitor, 0) if visitor is not None else None)
    number, right = _left_at(learner, game)
    return _dealt(game, number, right, ("learner", learner.pk, _answered(learner, game, number)))


def _left_at(learner: Learner, game: Game) -> tuple[int, int]:
    """Where the learner's check stands: the number of the next question of the check
    under way and how many of its answers were right at the first try, from the first
    answers kept (:data:`SLUG`), oldest first. A check answers its questions in order:
    an answer to the first starts one, an answer to the question it is at goes on with
    it, and the last ends it, ``(0, 0)`` (a check finished starts again with new
    questions). Any other answer is an earlier check's, from a tab left open (its own
    token counts that check's answers), and leaves the check under way as it was:
    counted per question, the third answer of a check left open made the one under way
    look finished."""
    number, right = 0, 0
    for index, correct in lessons.first_answers_in_order(
        learner=learner, game=game.value, slug=SLUG
    ):
        if index == 0:
            number, right = 0, 0
        elif index != number:
            continue
        number, right = number + 1, right + int(correct)
        if number == len(QUESTIONS):
            number, right = 0, 0
    return number, right


@dataclass(frozen=True)
class PlacementAnswered:
    question: PlacementQuestion
    outcome: Outcome
    #: The next question, or ``None`` after the last.
    next: PlacementQuestion | None
    right: int
    #: After the last question: the lessons skipped (none unless every answer was right).
    skipped: list[Lesson]


def pass_lost(answered: PlacementAnswered) -> bool:
    """Whether ``answered`` is the first answer not right at the first try, with more
    questions to come: the first lessons will not be skipped now, whatever follows."""
    before = answered.question
    return (
        answered.next is not None
        and before.right == before.number
        and answered.right == before.right
    )


#: The name the placement check's first answers are kept under (no lesson has it).
SLUG = "placement"


def _asked(token: str, game: Game) -> PlacementQuestion:
    """The question a token was signed for (:class:`ForgedPlacement` for a token the site
    did not sign, or signed for another game)."""
    data = read_question(
        token,
        salt=_SALT,
        fields={"g": str, "n": int, "seed": int, "ok": int},
        error=ForgedPlacement,
    )
    number, seed, right = data["n"], data["seed"], data["ok"]
    if data["g"] != game.value or not 0 <= number < len(QUESTIONS) or not 0 <= right <= number:
        raise ForgedPlacement()
    return PlacementQuestion(game, number, seed, right)


def question_asked(*, game: Game, token: str) -> PlacementQuestion | None:
    """The question a refused answer was for (a malformed answer: no card picked, "2O"
    for a number), to be asked again as it was: the same number, cards and count of
    right answers. ``None`` for a token the site did not sign for this game (the page
    then starts the check again)."""
    try:
        return _asked(token, game)
    except ForgedPlacement:
        return None


def answer(
    *,
    learner: Learner | Any,
    game: Game,
    token: str,
    answer: dict[str, Any],
    language: str,
) -> PlacementAnswered:
    """Judge one answer; after the last, skip the first lessons if every answer was right.
    Only a question's first answer counts (kept with the learner). A malformed answer
    raises and changes nothing; so does a token of another game."""
    question = _asked(token, game)
    number, seed, right = question.number, question.seed, question.right
    outcome = question.check.judge(answer, seed)
    first = lessons.first_verdict(
        learner=learner,
        game=game.value,
        slug=SLUG,
        index=number,
        seed=seed,
        correct=outcome.correct,
    )
    right += int(first)
    return _after(learner, question, outcome, right, language=language, place=True)


def _after(
    learner: Learner | Any,
    question: PlacementQuestion,
    outcome: Outcome,
    right: int,
    *,
    language: str,
    place: bool,
) -> PlacementAnswered:
    """An answer's result: the question after it (the same on a reload until it is
    answered, as the first), or after the last the lessons skipped when every answer was
    right (``place``: the learner is placed past them now)."""
    game, number = question.game, question.number
    if number + 1 < len(QUESTIONS):
        asker = ("learner", learner.pk, _answered(learner, game, number + 1))
        following = _dealt(game, number + 1, right, asker)
        return PlacementAnswered(question, outcome, following, right, [])
    skipped: list[Lesson] = []
    if right == len(QUESTIONS):
        skipped = lessons.lessons_of(language=language, game=game.value)[:SKIPPED_LESSONS]
        if place:
            lessons.place(learner=learner, game=game.value, lessons=skipped)
    return PlacementAnswered(question, outcome, None, right, skipped)


def answered_token(
    *, learner: Learner | Any, answered: PlacementAnswered, answer: dict[str, Any]
) -> str:
    """The result of an answer, for the page the answer redirects to (Post/Redirect/Get,
    as a drill's: a reload of a page drawn in a POST's answer asked to send the form
    again): the question answered, the answer, and how many were right after it, signed
    for this learner only. Reading it counts nothing (:func:`answered_again`)."""
    question = answered.question
    data = {
        "g": question.game.value,
        "n": question.number,
        "seed": question.seed,
        "ok": question.right,
        "r": answered.right,
        "a": packed_answer(answer),
    }
    return sign_answered(data, learner=learner.pk, salt=_ANSWERED_SALT)


def answered_again(
    *, learner: Learner | None, game: Game, token: str, language: str
) -> PlacementAnswered | None:
    """The answer :func:`answered_token` signed, shown again with the question after it
    (or the outcome after the last), judged again and nothing stored; ``None`` for a
    token that is not this learner's, or of another game."""
    if learner is None:
        return None
    data = read_answered(
        token,
        learner=learner.pk,
        salt=_ANSWERED_SALT,
        fields={"g": str, "n": int, "seed": int, "ok": int, "r": int, "a": unpacked_answer},
    )
    if data is None or data["g"] != game.value:
        return None
    number, seed, before, right = data["n"], data["seed"], data["ok"], data["r"]
    answer = data["a"]
    if not 0 <= number < len(QUESTIONS) or not 0 <= before <= right <= number + 1:
        return None
    question = PlacementQuestion(game, number, seed, before)
    try:
        outcome = question.check.judge(answer, seed)
    except ServiceError:  # the placement questions changed since (a new release)
        return None
    return _after(learner, question, outcome, right, language=language, place=False)


@dataclass(frozen=True)
class PlacementRefused:
    """A refused answer, as the check's page shows it again (:func:`refused_again`)."""

    #: The question it was for; ``None`` for a question this page did not ask (the
    #: page then asks the first question, the reason beside it).
    question: PlacementQuestion | None
    #: The answer as it was sent (its fields drawn again as the learner left them).
    answer: dict[str, Any] | None
    #: Why it was refused, in the page's language (its message and field).
    error: ServiceError


def refusal_token(*, who: int | str, game: Game, token: str, answer: dict[str, Any]) -> str:
    """A refused answer (:func:`answer` raised: a malformed answer, a token the site did
    not sign for this game), for the address of the check's page it redirects to
    (``?refused=``, :func:`rummy_site.questions.sign_refused`), signed for ``who`` only
    (:func:`rummy_site.questions.refusal_signer`): the question it was for and the
    answer, not the reason's sentence (the page judges the answer again, and says why in
    its own language). Read back by :func:`refused_again`."""
    asked = question_asked(game=game, token=token)
    if asked is None:
        return sign_refused({"g": game.value}, who=who, salt=_REFUSED_SALT, answer=None)
    data = {"g": game.value, "n": asked.number, "seed": asked.seed, "ok": asked.right}
    return sign_refused(data, who=who, salt=_REFUSED_SALT, answer=answer)


def refused_again(*, who: int | str | None, game: Game, token: str) -> PlacementRefused | None:
    """The refused answer :func:`refusal_token` signed for ``who``: its question, the
    answer, and the reason it is refused, judged again (nothing stored). ``None`` for no
    token, another browser's, another game's, an old one (a day), or an answer that is no
    longer refused (the checks changed since: a new release); the page is then as it
    would be without it."""
    if who is None or not token:
        return None
    data = read_refused(token, who=who, salt=_REFUSED_SALT, fields={"g": str})
    if data is None or data["g"] != game.value:
        return None
    asked = read_refused(
        token,
        who=who,
        salt=_REFUSED_SALT,
        fields={"n": int, "seed": int, "ok": int, "a": unpacked_answer},
    )
    if asked is None:  # refused as a question this page did not ask
        return PlacementRefused(None, None, ForgedPlacement())
    number, seed, right, answer = asked["n"], asked["seed"], asked["ok"], asked["a"]
    if not 0 <= number < len(QUESTIONS) or not 0 <= right <= number or not 0 < seed < MAX_SEED:
        return None
    question = PlacementQuestion(game, number, seed, right)
    try:
        question.check.judge(answer, seed)
    except ServiceError as exc:
        return PlacementRefused(question, answer, exc)
    return None


__all__ = [
    "QUESTIONS",
    "SKIPPED_LESSONS",
    "SLUG",
    "ForgedPlacement",
    "PlacementAnswered",
    "PlacementQuestion",
    "PlacementRefused",
    "answer",
    "answered_again",
    "answered_token",
    "current_question",
    "pass_lost",
    "question_asked",
    "refusal_token",
    "refused_again",
]
