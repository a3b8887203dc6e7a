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

from django.http import QueryDict

from rummy_site.parsing import MAX_SEED, small_int
from rummy_site.questions import (
    ForgedQuestion,
    packed_answer,
    read_answered,
    read_question,
    read_refused,
    sign_answered,
    sign_question,
    sign_refused,
    unpacked_answer,
)

from .checks import own_seed

_SALT = "lessons.check.question"
#: The salt of a check's answered token (:func:`answer_token`).
_ANSWERED_SALT = "lessons.check.answered"
#: The salt of a check's refused answer (:func:`refusal_token`).
_REFUSED_SALT = "lessons.check.refused"


def parse_answer(form: QueryDict) -> dict[str, Any]:
    """The fields of an answer, as the checks read them (each check judges its own)."""
    return {
        "answer": form.get("answer", ""),
        "cards": form.getlist("cards"),
        "points": form.get("points", ""),
        "player": form.get("player", ""),
        "melds": form.getlist("melds"),
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


def answer_token(
    game: str,
    slug: str,
    index: int,
    seed: int,
    *,
    learner: int,
    answer: Mapping[str, Any],
    tries: int,
) -> str:
    """What a check's feedback shows, signed for ``learner`` only: the answer judged (the
    ``tries``-th to the question ``seed`` of check ``index`` of this lesson). It goes in
    two places: the address a judged answer without JavaScript redirects to
    (``?answered=``: the lesson's page shows it, and a reload counts nothing; the Russian
    teacher's walk), and the check's form (``shown``), so that a malformed answer sent
    from the feedback is refused beside it again (it counts for nothing: the hint and
    "Another one" stay; the Italian walk). Read back by :func:`answer_of`, for this
    lesson and check only, so that nobody is shown a hint or a worked answer they were
    not given, nor another lesson's."""
    data = {"q": [game, slug, index], "seed": seed, "a": packed_answer(answer), "t": tries}
    return sign_answered(data, learner=learner, salt=_ANSWERED_SALT)


def answer_of(
    token: str,
    game: str,
    slug: str,
    *,
    learner: int | None,
    checks: int,
    index: int | None = None,
    seed: int | None = None,
) -> tuple[int, int, dict[str, Any], int] | None:
    """The check, seed, answer and try that :func:`answer_token` signed for ``learner``
    on this lesson (of its ``checks``; ``index`` and ``seed``: only for that check and
    question), or ``None``."""
    data = read_answered(
        token,
        learner=learner,
        salt=_ANSWERED_SALT,
        fields={"q": list, "seed": int, "a": unpacked_answer, "t": int},
    )
    if data is None or len(data["q"]) != 3 or data["q"][:2] != [game, slug]:
        return None
    found, answered_seed = data["q"][2], data["seed"]
    if not isinstance(found, int) or not 0 <= found < checks or data["t"] < 1:
        return None
    if not 0 < answered_seed <= MAX_SEED or index not in (None, found):
        return None
    if seed not in (None, answered_seed):
        return None
    return found, answered_seed, data["a"], data["t"]


def refusal_token(
    game: str,
    slug: str,
    index: int,
    seed: int | None,
    *,
    who: int | str,
    answer: Mapping[str, Any],
    shown: str = "",
) -> str:
    """A check's refused answer, for the address of the lesson's page it redirects to
    without JavaScript (``?refused=``, Post/Redirect/Get: a reload there shows the same
    and sends nothing), signed for ``who`` only
    (:func:`rummy_site.questions.refusal_signer`): the check, the question it was for
    (``seed``; ``None`` for a token the check did not sign: the answer is then not kept,
    the page asks its own question), the answer as it was sent, and ``shown``, the answer
    token of the feedback it was sent from (:func:`answer_token`, read before: it
    counts for nothing, so the hint or worked answer stays). Not the reason: the page
    judges the answer again, in its language. Read back by :func:`refusal_of`."""
    data: dict[str, object] = {"q": [game, slug, index]}
    if seed is None:
        return sign_refused(data, who=who, salt=_REFUSED_SALT, answer=None)
    data.update({"seed": seed, "s": shown})
    return sign_refused(data, who=who, salt=_REFUSED_SALT, answer=answer)


def refusal_of(
    token: str, game: str, slug: str, *, who: int | str | None, checks: int
) -> tuple[int, int | None, dict[str, Any] | None, str] | None:
    """The check, seed (``None``: a question the check did not ask), answer and shown
    feedback's token that :func:`refusal_token` signed for ``who`` on this lesson (of its
    ``checks``), or ``None`` (no token, another browser's, another lesson's, a forged or
    old one)."""
    data = read_refused(token, who=who, salt=_REFUSED_SALT, fields={"q": list})
    if data is None or len(data["q"]) != 3 or data["q"][:2] != [game, slug]:
        return None
    index = data["q"][2]
    if not isinstance(index, int) or not 0 <= index < checks:
        return None
    asked = read_refused(
        token, who=who, salt=_REFUSED_SALT, fields={"seed": int, "a": unpacked_answer, "s": str}
    )
    if asked is None:  # refused as a question the check did not ask
        return index, None, None, ""
    if not 0 < asked["seed"] <= MAX_SEED:
        return None
    return index, asked["seed"], asked["a"], asked["s"]


__all__ = [
    "ForgedQuestion",
    "answer_of",
    "answer_token",
    "answered_seed",
    "check_seed",
    "parse_answer",
    "question_token",
    "refusal_of",
    "refusal_token",
]
