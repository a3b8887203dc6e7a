"""Spaced review of a learner's own mistakes, scheduled by FSRS (the ``fsrs`` package,
the scheduler Anki uses).

Every mistake that has a question to practise it makes (or lapses) a card: a wrong
first answer to a lesson question (the card asks that question again, a fresh one
when the question is dealt at random) and a guided-hand mistake or a move refused at a
practice table about melds, knocking, the discard of a knock or a layoff (the card asks
a fresh question of the game about that rule: "meld or not?", "can you knock?" in Gin,
"who scores?" in Knock Rummy, "the best discard", "where does this card lay off?"; see
:data:`TOPIC_CHECKS`). A mistake rates the card *Again*; in review, a right answer rates it *Good*,
a wrong one *Again*, and the scheduler sets when it is due next: within minutes
while it is being learnt, then days, then weeks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F, QuerySet, Sum
from django.utils import timezone
from django.utils.translation import gettext_lazy
from fsrs import Card, Rating, Scheduler

from game.engine import Game
from learners.models import Learner
from lessons import services as lessons
from lessons.checks import (
    Check,
    LayoffCheck,
    Outcome,
    ScoreCheck,
    of_its_kind,
    parse_check,
)
from lessons.models import Lesson
from rummy_site.errors import ServiceError
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

from .models import ReviewCard

#: No fuzz on the intervals: the same answers always give the same schedule.
SCHEDULER = Scheduler(enable_fuzzing=False)
_SALT = "review.question"
#: The salt of an answer's result, sent to the page after it (with the learner's id).
_ANSWERED_SALT = "review.answered"
#: The salt of a refused answer, sent to the page after it (with the browser's key).
_REFUSED_SALT = "review.refused"


def _asking(args: str) -> Callable[[int], Check]:
    """A question that a check's shortcode arguments say ("meld random"), the same for
    every seed (a random check deals its cards from the seed when asked)."""
    check = parse_check(args)
    return lambda seed: check


#: The kinds of mistake (a guided hand's, a practice table's refusal) that have a question
#: to practise them, by game, and how that question is made from each review's seed. Each
#: asks about the rule broken, in the mistake's game: Gin's knock limit for Gin only
#: (Knock Rummy has none); a Knock Rummy knock missed, or made where it loses, asks who
#: collects when the knocker is the lowest, or tied or undercut; a knock with the wrong
#: discard, the best discard; a card that does not fit where it was laid off, where a
#: card fits (Knock Rummy has no layoffs); Gin melds laid out by hand that leave too much
#: deadwood, a hand's least deadwood.
TOPIC_CHECKS: dict[tuple[str, str], Callable[[int], Check]] = {
    **{
        (game, topic): _asking("meld random")
        for game in ("basic", "gin", "knock")
        for topic in ("bad_run", "bad_group", "bad_meld")
    },
    ("gin", "knock_over_limit"): _asking("knock random"),
    ("gin", "missed_knock"): _asking("knock random"),
    ("gin", "layout_over_limit"): _asking("deadwood random"),
    ("knock", "missed_knock"): lambda seed: ScoreCheck.dealt(
        Game.KNOCK, seed, knocker_collects=True
    ),
    ("knock", "other_knock"): lambda seed: ScoreCheck.dealt(
        Game.KNOCK, seed, knocker_collects=False
    ),
    ("gin", "knock_other_discard"): _asking("discard random"),
    ("knock", "knock_other_discard"): _asking("discard random"),
    ("basic", "layoff_does_not_fit"): LayoffCheck.dealt,
    ("gin", "layoff_does_not_fit"): LayoffCheck.dealt,
}


def now() -> datetime:
    """The review clock (tests move it)."""
    return timezone.now()


class StaleReview(ServiceError):
    status = 409
    default_message = gettext_lazy("That question was answered already. Here is the next one.")
    #: Said instead when no question is due (the Lithuanian Knock walk: "Here is the
    #: next one." stood over "Nothing to review now").
    nothing_next = gettext_lazy("That question was answered already.")


def check_key(game: str, slug: str, index: int) -> str:
    return f"check:{game}/{slug}/{index}"


def topic_key(game: str, topic: str) -> str:
    return f"topic:{game}/{topic}"


def topic_question(key: str) -> Callable[[int], Check] | None:
    """How a topic card's question is made from a seed (:data:`TOPIC_CHECKS`), or
    ``None``: that kind of mistake has no question."""
    kind, _sep, rest = key.partition(":")
    game, _sep, topic = rest.partition("/")
    return TOPIC_CHECKS.get((game, topic)) if kind == "topic" else None


def record_mistake(*, learner: Learner, key: str, at: datetime | None = None) -> ReviewCard:
    """The card for ``key``, made or lapsed: due again soon."""
    moment = at or now()
    with transaction.atomic():
        try:
            with transaction.atomic():
                row, _created = ReviewCard.objects.select_for_update().get_or_create(
                    learner=learner, key=key, defaults={"card": Card().to_dict(), "due": moment}
                )
        except IntegrityError:  # made by a parallel request: lapse that one
            row = ReviewCard.objects.select_for_update().get(learner=learner, key=key)
        card, _log = SCHEDULER.review_card(
            Card.from_dict(row.card), Rating.Again, review_datetime=moment
        )
        ReviewCard.objects.filter(pk=row.pk).update(
            card=card.to_dict(), due=card.due, lapses=F("lapses") + 1
        )
    row.refresh_from_db()
    return row


def due(*, learner: Learner | None, at: datetime | None = None) -> QuerySet[ReviewCard]:
    """The learner's cards due now, soonest first."""
    if learner is None:
        return ReviewCard.objects.none()
    return ReviewCard.objects.filter(learner=learner, due__lte=at or now()).order_by("due", "pk")


def next_due(*, learner: Learner | None) -> datetime | None:
    if learner is None:
        return None
    row = ReviewCard.objects.filter(learner=learner).order_by("due").first()
    return row.due if row else None


@dataclass(frozen=True)
class Question:
    """A review card's question: the check, dealt from ``seed``, and where it comes from
    (the lesson, or the kind of guided-hand mistake)."""

    row: ReviewCard
    check: Check
    seed: int
    lesson: Lesson | None
    game: str
    topic: str

    @property
    def token(self) -> str:
        return sign_question(
            {"key": self.row.key, "seed": self.seed, "n": self.row.reviews}, salt=_SALT
        )


def seed_of(row: ReviewCard) -> int:
    """The seed of ``row``'s question now: the same until it is answered (a reload, or
    another device, shows the same cards: a learner cannot reload until a question looks
    easy, the Lithuanian walk found), another after each answer (its count of reviews)."""
    return steady_seed(row.pk, row.reviews, salt=_SALT)


def question_for(row: ReviewCard, *, language: str, seed: int | None = None) -> Question | None:
    """What ``row`` asks (``None`` when its lesson or question no longer exists), dealt
    from ``seed`` (by default :func:`seed_of`): a lesson question with fixed cards as a
    fresh question of its kind every time, so that the answer is not simply remembered
    (the card is made by a wrong answer, and the lesson then led to the worked answer:
    asked again as it stood, the first review was the remembered number, the Lithuanian
    newcomer's walk found); a dealt one as it is."""
    kind, _sep, rest = row.key.partition(":")
    if kind == "check":
        try:
            game, slug, raw = rest.split("/")
            lesson = lessons.lesson_get(language=language, game=game, slug=slug)
            check = lessons.check_of(lesson, int(raw))
        except (ValueError, lessons.LessonNotFound):
            return None
        chosen = seed or seed_of(row)
        if not check.random:
            return Question(row, of_its_kind(check, chosen), chosen, lesson, game, "")
        return Question(row, check, chosen, lesson, game, "")
    asking = topic_question(row.key)
    if asking is None:
        return None
    game, _sep, topic = rest.partition("/")
    chosen = seed or seed_of(row)
    return Question(row, asking(chosen), chosen, None, game, topic)


def next_question(*, learner: Learner | None, language: str) -> Question | None:
    """The question of the learner's first due card (cards that ask nothing any more are
    skipped)."""
    for row in due(learner=learner)[:20]:
        question = question_for(row, language=language)
        if question is not None:
            return question
    return None


def _read_token(token: str) -> tuple[str, int, int]:
    """A question's token read: its card's key, its seed and the card's count of reviews
    when it was asked (:class:`ForgedQuestion` for a token the site did not sign)."""
    data = read_question(token, salt=_SALT, fields={"key": str, "seed": int, "n": int})
    return data["key"], data["seed"], data["n"]


def question_asked(*, learner: Learner, token: str, language: str) -> Question | None:
    """The question a refused answer was for (a malformed answer: no card picked, no
    number), to be asked again as it was: its cards from the token's seed. ``None`` when
    the token is not one the site signed, is not for one of the learner's cards, or its
    question was answered since (the page then shows the first due question)."""
    try:
        key, seed, asked = _read_token(token)
    except ForgedQuestion:
        return None
    row = ReviewCard.objects.filter(learner=learner, key=key, reviews=asked).first()
    return question_for(row, language=language, seed=seed) if row else None


@dataclass(frozen=True)
class Reviewed:
    question: Question
    outcome: Outcome
    due: datetime


def review_answer(
    *, learner: Learner, token: str, answer: dict[str, Any], language: str
) -> Reviewed:
    """Judge an answer to a review question and reschedule its card: *Good* when right,
    *Again* when wrong. One answer per question: a second post of the same question is
    :class:`StaleReview`; a malformed answer changes nothing."""
    key, seed, asked = _read_token(token)
    row = ReviewCard.objects.filter(learner=learner, key=key).first()
    if row is None:
        raise ForgedQuestion()
    if row.reviews != asked:
        raise StaleReview()
    question = question_for(row, language=language, seed=seed)
    if question is None:
        raise StaleReview()
    outcome = question.check.judge(answer, seed)
    moment = now()
    rating = Rating.Good if outcome.correct else Rating.Again
    card, _log = SCHEDULER.review_card(Card.from_dict(row.card), rating, review_datetime=moment)
    changes: dict[str, Any] = {"card": card.to_dict(), "due": card.due, "reviews": asked + 1}
    if not outcome.correct:
        changes["lapses"] = F("lapses") + 1
    if not ReviewCard.objects.filter(pk=row.pk, reviews=asked).update(**changes):
        raise StaleReview()
    return Reviewed(question, outcome, card.due)


def answered_token(*, learner: Learner, reviewed: Reviewed, answer: dict[str, Any]) -> str:
    """The result of an answer, for the page the answer redirects to (Post/Redirect/Get,
    as a drill's: a reload of a page drawn in a POST's answer asked to send the form
    again): the question answered and the answer, signed for this learner only. Reading
    it counts nothing (:func:`answered_again`)."""
    question = reviewed.question
    data = {
        "key": question.row.key,
        "seed": question.seed,
        "n": question.row.reviews,
        "a": packed_answer(answer),
    }
    return sign_answered(data, learner=learner.pk, salt=_ANSWERED_SALT)


def answered_again(
    *, learner: Learner | None, token: str, language: str
) -> tuple[Reviewed, dict[str, Any]] | None:
    """The answer :func:`answered_token` signed, judged again to be shown again (nothing
    is stored), with the answer itself (each field as the form sent it): ``None`` unless
    the token is this learner's and its card was last reviewed by it (an older answer's
    page shows the first due question)."""
    if learner is None:
        return None
    data = read_answered(
        token,
        learner=learner.pk,
        salt=_ANSWERED_SALT,
        fields={"key": str, "seed": int, "n": int, "a": unpacked_answer},
    )
    if data is None:
        return None
    key, seed, asked, answer = data["key"], data["seed"], data["n"], data["a"]
    row = ReviewCard.objects.filter(learner=learner, key=key, reviews=asked + 1).first()
    if row is None:
        return None
    due = row.due
    # The question as it was asked: its form's token names that answer, so a second
    # answer sent from this page is stale, as from the page the answer drew before.
    row.reviews = asked
    question = question_for(row, language=language, seed=seed)
    if question is None:
        return None
    try:
        outcome = question.check.judge(answer, seed)
    except ServiceError:  # the card's question changed since (a new release)
        return None
    return Reviewed(question, outcome, due), answer


@dataclass(frozen=True)
class ReviewRefused:
    """A refused answer, as the review page shows it again (:func:`refused_again`)."""

    #: The question it was for, still unanswered; ``None`` when it was for none the page
    #: asks (forged, answered already): the page asks the first due one, the reason beside.
    question: Question | None
    #: The answer as it was sent (its fields drawn again as the learner left them).
    answer: dict[str, Any] | None
    #: Why it was refused, in the page's language (its message and field).
    error: ServiceError


#: What a refusal for no question the page asks was (its reason, told again).
_NOT_ASKED: dict[str, type[ServiceError]] = {"stale": StaleReview, "forged": ForgedQuestion}


def _reviews_done(learner: Learner | None) -> int:
    """How many answers the learner has given in review, all cards together: a refusal
    for no question the page asks is shown again until they answer one more."""
    if learner is None:
        return 0
    found = ReviewCard.objects.filter(learner=learner).aggregate(done=Sum("reviews"))["done"]
    return int(found or 0)


def _answered_card(learner: Learner | None, token: str) -> bool:
    """Whether ``token`` is a question the site signed for one of the learner's cards
    (answered since, when :func:`question_asked` finds it no longer asked)."""
    try:
        key, _seed, _asked = _read_token(token)
    except ForgedQuestion:
        return False
    return learner is not None and ReviewCard.objects.filter(learner=learner, key=key).exists()


def refusal_token(
    *,
    who: int | str,
    learner: Learner | None,
    token: str,
    asked: Question | None,
    answer: dict[str, Any],
    error: ServiceError,
) -> str:
    """A refused answer (:func:`review_answer` raised ``error``, or there was no learner
    to review anything), for the address of the review page it redirects to
    (``?refused=``), signed for ``who`` only
    (:func:`rummy_site.questions.refusal_signer`): the question it was for (``asked``:
    :func:`question_asked` of its ``token``) and the answer as it was sent; or when it
    was for no question the page asks (forged; or answered already, whatever else was
    wrong with the answer: stale), which of the two, while the
    learner answers nothing more. Not the reason's sentence: the page judges the answer
    again, in its language. Read back by :func:`refused_again`."""
    if asked is None:
        stale = isinstance(error, StaleReview) or _answered_card(learner, token)
        kind = "stale" if stale else "forged"
        data = {"x": kind, "r": _reviews_done(learner)}
        return sign_refused(data, who=who, salt=_REFUSED_SALT, answer=None)
    data = {"key": asked.row.key, "seed": asked.seed, "n": asked.row.reviews}
    return sign_refused(data, who=who, salt=_REFUSED_SALT, answer=answer)


def refused_again(
    *, who: int | str | None, learner: Learner | None, token: str, language: str
) -> ReviewRefused | None:
    """The refused answer :func:`refusal_token` signed for ``who``: its question, the
    answer and the reason, judged again (nothing stored), while the question is still
    unanswered. ``None`` for no token, another browser's, an old one, a question
    answered since, or an answer no longer refused (a new release): the page is then as
    it would be without it."""
    not_asked = read_refused(token, who=who, salt=_REFUSED_SALT, fields={"x": str, "r": int})
    if not_asked is not None:
        error = _NOT_ASKED.get(not_asked["x"])
        if error is None or not_asked["r"] != _reviews_done(learner):
            return None
        return ReviewRefused(None, None, error())
    if learner is None:
        return None
    fields: dict[str, Callable[[Any], Any]] = {
        "key": str,
        "seed": int,
        "n": int,
        "a": unpacked_answer,
    }
    data = read_refused(token, who=who, salt=_REFUSED_SALT, fields=fields)
    if data is None:
        return None
    key, seed, asked, answer = data["key"], data["seed"], data["n"], data["a"]
    row = ReviewCard.objects.filter(learner=learner, key=key, reviews=asked).first()
    question = question_for(row, language=language, seed=seed) if row else None
    if question is None:
        return None
    try:
        question.check.judge(answer, seed)
    except ServiceError as exc:
        return ReviewRefused(question, answer, exc)
    return None


__all__ = [
    "SCHEDULER",
    "Question",
    "ReviewRefused",
    "Reviewed",
    "StaleReview",
    "answered_again",
    "answered_token",
    "check_key",
    "due",
    "next_due",
    "next_question",
    "now",
    "question_asked",
    "question_for",
    "record_mistake",
    "refusal_token",
    "refused_again",
    "review_answer",
    "topic_key",
    "topic_question",
]
