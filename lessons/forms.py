"""What the lesson pages post and link: an answer to a check, and the question it answers.

A random check deals its question from a seed, and the seed is always the server's:
the page's own (:func:`lessons.checks.own_seed`), or a fresh one for "Another one"
(:func:`lessons.services.question_seed`). The form
sends it back inside a signed *question token* (``django.core.signing``, bound to
the lesson and the check), so a learner cannot answer a question the site never
asked, such as one whose answer they worked out in advance.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.core import signing
from django.http import QueryDict

from rummy_site.parsing import MAX_SEED, small_int
from rummy_site.questions import ForgedQuestion, read_question, sign_question

from .checks import own_seed

_SALT = "lessons.check.question"
_SHOWN_SALT = "lessons.check.shown"
#: The salt of an answer's result, sent to the page after it (with the learner's id).
_ANSWERED_SALT = "lessons.check.answered"


def parse_answer(form: QueryDict) -> dict[str, Any]:
    """The fields of an answer, as the checks read them (each check judges its own)."""
    return {
        "answer": form.get("answer", ""),
        "cards": form.getlist("cards"),
        "points": form.get("points", ""),
        "player": form.get("player", ""),
        "melds": form.getlist("melds"),
    }


def packed_answer(answer: Mapping[str, Any]) -> dict[str, Any]:
    """An answer (:func:`parse_answer`) to be signed into the address of the page that
    shows it (a drill's, review's): its fields that were sent."""
    return {name: value for name, value in answer.items() if value}


def unpacked_answer(packed: Mapping[str, Any]) -> dict[str, Any]:
    """The answer :func:`packed_answer` packed, with every field as :func:`parse_answer`
    gives it (``AttributeError``, ``TypeError`` or ``ValueError`` for one it did not
    pack)."""
    return {
        "answer": str(packed.get("answer", "")),
        "cards": [str(c) for c in packed.get("cards", [])],
        "points": str(packed.get("points", "")),
        "player": str(packed.get("player", "")),
        "melds": [str(m) for m in packed.get("melds", [])],
    }


def check_seed(
    query: QueryDict,
    form: QueryDict,
    index: int,
    *,
    answered: bool,
    shown: Callable[[bool], int],
) -> int:
    """The seed of a check's question: the answered one (from the answer's verified
    token; without one, the lesson's own, which the answer was judged against), else
    the one the page asks now, ``shown(fresh)``: ``fresh`` for "Another one"
    (``?check=N&seed=new``). A token the check did not sign redraws the page's."""
    if answered:
        token = form.get("question", "")
        if not token:
            return own_seed(index)
        try:
            return int(read_question(token, salt=_SALT, fields={"seed": int})["seed"])
        except ForgedQuestion:
            return shown(False)
    return shown(small_int(query.get("check")) == index and query.get("seed") == "new")


def question_token(game: str, slug: str, index: int, seed: int) -> str:
    """The signed token of one question (a check of a lesson, dealt from ``seed``)."""
    return sign_question({"q": [game, slug, index], "seed": seed}, salt=_SALT)


def answered_seed(form: QueryDict, game: str, slug: str, index: int) -> int:
    """The seed of the question an answer is for: the token's, checked (no token: the
    page's own question). Raises :class:`ForgedQuestion` for a token the site did not
    sign for this check."""
    token = form.get("question", "")
    if not token:
        return own_seed(index)
    data = read_question(token, salt=_SALT, fields={"seed": int, "q": list})
    seed: int = data["seed"]
    question = data["q"]
    if question != [game, slug, index] or not 0 < seed <= MAX_SEED:
        raise ForgedQuestion()
    return seed


def shown_token(
    game: str,
    slug: str,
    index: int,
    seed: int,
    *,
    learner: int,
    answer: Mapping[str, Any],
    tries: int,
) -> str:
    """The signed token of what a check's feedback shows: the answer judged last (the
    ``tries``-th to the question ``seed``), for ``learner``. A malformed answer posted
    from that feedback is refused beside it again (it counts for nothing: the hint and
    "Another one" stay), the verdict worked out anew from the answer
    (:func:`shown_answer`). Bound to the learner, so that nobody is shown a hint or a
    worked answer they were not given."""
    return sign_question(
        {
            "q": [game, slug, index],
            "seed": seed,
            "who": learner,
            "answer": dict(answer),
            "tries": tries,
        },
        salt=_SHOWN_SALT,
    )


def shown_answer(
    form: QueryDict, game: str, slug: str, index: int, seed: int, *, learner: int | None
) -> tuple[dict[str, Any], int] | None:
    """The answer (and which try it was) a refused answer's form was showing the feedback
    of (:func:`shown_token`), or None: no feedback shown, or a token not signed for this
    question and this learner."""
    token = form.get("shown", "")
    if not token or learner is None:
        return None
    try:
        data = read_question(
            token,
            salt=_SHOWN_SALT,
            fields={"q": list, "seed": int, "who": int, "answer": dict, "tries": int},
        )
    except ForgedQuestion:
        return None
    if data["q"] != [game, slug, index] or data["seed"] != seed or data["who"] != learner:
        return None
    return data["answer"], max(1, data["tries"])


def answered_token(
    learner_id: int, index: int, seed: int, answer: Mapping[str, Any], tries: int
) -> str:
    """The result of an answer to a lesson's check, for the lesson's page the answer
    redirects to without JavaScript (Post/Redirect/Get: a reload of a page drawn in a
    POST's answer asked to send the form again, and sent, counted a retry: the hint, then
    the worked answer, came with reloads; the Russian teacher's walk): the check, the
    question's seed, the answer and which answer to it it was, signed for this learner
    only. Reading it counts nothing (:func:`answered_result`)."""
    data = {"i": index, "seed": seed, "a": packed_answer(answer), "t": tries}
    return signing.dumps(data, salt=f"{_ANSWERED_SALT}:{learner_id}", compress=True)


def answered_result(
    token: str, learner_id: int | None, checks: int
) -> tuple[int, int, dict[str, Any], int] | None:
    """The check, seed, answer and tries :func:`answered_token` signed for this learner
    (``None`` for a token that is not theirs, or names no check of the ``checks``)."""
    if learner_id is None or not token:
        return None
    try:
        data = signing.loads(token, salt=f"{_ANSWERED_SALT}:{learner_id}")
        index, seed, tries = int(data["i"]), int(data["seed"]), int(data["t"])
        answer = unpacked_answer(data["a"])
    except (signing.BadSignature, AttributeError, KeyError, TypeError, ValueError):
        return None
    if not 0 <= index < checks or not 0 < seed <= MAX_SEED or tries < 1:
        return None
    return index, seed, answer, tries


__all__ = [
    "ForgedQuestion",
    "answered_result",
    "answered_seed",
    "answered_token",
    "check_seed",
    "packed_answer",
    "parse_answer",
    "question_token",
    "shown_answer",
    "shown_token",
    "unpacked_answer",
]
