"""Questions the server asks, sent back with their answers in a signed token.

A lesson's check, a review card, a drill and the placement check all deal a question
from a seed the server chose, and the answer must be judged against that question:
the form carries a token signed with ``django.core.signing`` (one salt per kind of
question), and a token the site did not sign, or one of another kind, is refused
with :class:`ForgedQuestion` (a translated 400) and changes nothing.

An answer judged is shown on the page it redirects to (Post/Redirect/Get: a reload
neither asks to send the form again nor counts anything), from an *answered token*
(:func:`sign_answered`): what was answered, signed for that learner only and read back
for a day (:data:`ANSWERED_MAX_AGE`); each kind names its own fields, and its reader
judges the answer again and checks it is still the learner's latest.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urlencode

from django.core import signing
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext_lazy

from .errors import BadInput
from .parsing import MAX_SEED


class ForgedQuestion(BadInput):
    default_message = gettext_lazy(
        "That answer came back for a question this page did not ask. Here is the question again."
    )


def sign_question(data: Mapping[str, object], *, salt: str) -> str:
    """A token for the question ``data`` describes."""
    return signing.dumps(dict(data), salt=salt, compress=True)


def read_question(
    token: str,
    *,
    salt: str,
    fields: Mapping[str, Callable[[Any], Any]],
    error: type[ForgedQuestion] = ForgedQuestion,
) -> dict[str, Any]:
    """The ``fields`` of a token signed with ``salt``, each read by its function (``int``,
    ``str``...); ``error`` for a bad signature or a missing or malformed field."""
    try:
        data = signing.loads(token, salt=salt)
        return {name: read(data[name]) for name, read in fields.items()}
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        raise error() from None


#: How long the page after an answer may show it again (a reload, the language
#: buttons, the back button): a day; an older address shows the page without it.
ANSWERED_MAX_AGE = 24 * 3600


def packed_answer(answer: Mapping[str, Any]) -> dict[str, Any]:
    """An answer (the fields a check reads: ``lessons.forms.parse_answer``) to be signed
    into the address of the page that shows it: the fields that were sent."""
    return {name: value for name, value in answer.items() if value}


def unpacked_answer(packed: Any) -> dict[str, Any]:
    """The answer :func:`packed_answer` packed, with every field as a form gives it
    (``AttributeError``, ``TypeError`` or ``ValueError`` for one it did not pack)."""
    return {
        "answer": str(packed.get("answer", "")),
        "cards": [str(c) for c in packed.get("cards", [])],
        "points": str(packed.get("points", "")),
        "player": str(packed.get("player", "")),
        "melds": [str(m) for m in packed.get("melds", [])],
    }


def sign_answered(data: Mapping[str, object], *, learner: int | str, salt: str) -> str:
    """An answered token: ``data`` (what was answered, the answer packed by
    :func:`packed_answer`) signed for ``learner`` only (a learner's id; or, for a browser
    that has no learner yet, a key of its own that no id can be, as the placement
    check's refusals use: :func:`rummy_site.placement.refusal_token`)."""
    return signing.dumps(dict(data), salt=f"{salt}:{learner}", compress=True)


def answered_address(page: str, token: str, anchor: str = "") -> str:
    """The address an answer redirects to: ``page`` showing the answered ``token``
    (``?answered=``), opened at ``anchor`` if given."""
    return f"{page}?{urlencode({'answered': token})}" + (f"#{anchor}" if anchor else "")


def read_answered(
    token: str,
    *,
    learner: int | str | None,
    salt: str,
    fields: Mapping[str, Callable[[Any], Any]],
) -> dict[str, Any] | None:
    """The ``fields`` of an answered token (:func:`sign_answered`), each read by its
    function (``unpacked_answer`` for the answer); ``None`` for no token, another
    learner's or another kind's, one older than :data:`ANSWERED_MAX_AGE`, or a field
    missing or malformed."""
    if learner is None or not token:
        return None
    try:
        data = signing.loads(token, salt=f"{salt}:{learner}", max_age=ANSWERED_MAX_AGE)
        return {name: read(data[name]) for name, read in fields.items()}
    except (signing.BadSignature, AttributeError, KeyError, TypeError, ValueError):
        return None


def steady_seed(*parts: object, salt: str) -> int:
    """A seed (1 to ``MAX_SEED - 1``) that ``parts`` always give, and that nobody can
    work out without the site's secret: a question that must stay the same until it is
    answered (a review card's, a drill's) is dealt from it, so that reloading the page,
    or opening it on another device, shows the same cards, and fresh ones after each
    answer (the parts then name the next answer)."""
    digest = salted_hmac(salt, ":".join(str(p) for p in parts), algorithm="sha256").digest()
    return int.from_bytes(digest[:8], "big") % (MAX_SEED - 1) + 1


__all__ = [
    "ANSWERED_MAX_AGE",
    "ForgedQuestion",
    "answered_address",
    "packed_answer",
    "read_answered",
    "read_question",
    "sign_answered",
    "sign_question",
    "steady_seed",
    "unpacked_answer",
]
