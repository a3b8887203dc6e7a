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

An answer refused (malformed: no card picked, "2O" for a number; or for a question the
page did not ask) is shown the same way, without JavaScript: the page it redirects to
has a *refusal token* (``?refused=``, :func:`sign_refused`, read by
:func:`read_refused`), signed for whoever sent it (:func:`refusal_signer`: the learner,
or before there is one the browser: a refusal creates nobody) and holding the question
and the answer as it was typed (:func:`kept_refused`, short), never the reason's
sentence: the page judges the answer again and says why in its own language. The
placement check, a lesson's checks, the drills and the review page share it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urlencode

from django.core import signing
from django.http import HttpRequest
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext_lazy

from learners.services import digest, give_token, known_learner, visitor_token

from .errors import BadInput
from .parsing import KEPT_LENGTH, MAX_SEED


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
    that has no learner yet, a key of its own that no id can be, as refusals use:
    :func:`sign_refused`)."""
    return signing.dumps(dict(data), salt=f"{salt}:{learner}", compress=True)


def _token_address(page: str, name: str, token: str, anchor: str) -> str:
    """``page`` with ``token`` in its query as ``name``, opened at ``anchor`` if given."""
    return f"{page}?{urlencode({name: token})}" + (f"#{anchor}" if anchor else "")


def answered_address(page: str, token: str, anchor: str = "") -> str:
    """The address an answer redirects to: ``page`` showing the answered ``token``
    (``?answered=``), opened at ``anchor`` if given."""
    return _token_address(page, "answered", token, anchor)


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


#: The most values of a list field (cards, melds) a refused answer's address keeps: more
#: than any question shows.
KEPT_VALUES = 12


def kept_refused(answer: Mapping[str, Any]) -> dict[str, Any]:
    """A refused answer packed (:func:`packed_answer`) as its page gives it back:
    :data:`~rummy_site.parsing.KEPT_LENGTH` characters of each value, :data:`KEPT_VALUES`
    values of a list, so that a hand-made post's long text makes no address too long for
    a server to take."""
    return packed_answer(
        {
            name: (
                [str(v)[:KEPT_LENGTH] for v in value[:KEPT_VALUES]]
                if isinstance(value, list)
                else str(value)[:KEPT_LENGTH]
            )
            for name, value in answer.items()
        }
    )


def refusal_signer(request: HttpRequest, *, give: bool = False) -> int | str | None:
    """Whom a refused answer's token is signed for (and read back for): the browser's
    learner (by its id), or before it has one the browser itself (``v`` and its visitor
    key, which no id can be: a refusal creates nobody); with ``give`` (the refused POST),
    a browser without a visitor token is given one with the redirect. ``None`` for an
    account with no learner yet, or a browser with no token to read it for (a refusal
    is then drawn in the POST's answer: there is nobody to sign it for)."""
    learner = known_learner(request)
    if learner is not None:
        return learner.pk
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return None
    token = give_token(request) if give else visitor_token(request)
    return f"v{digest(token)}" if token is not None else None


def sign_refused(
    data: Mapping[str, object], *, who: int | str, salt: str, answer: Mapping[str, Any] | None
) -> str:
    """A refusal token: ``data`` (the question the answer was for, or a mark that it was
    for none this page asked) and the ``answer`` as it was sent (:func:`kept_refused`,
    under ``"a"``; ``None``: not kept, as beside a question the page did not ask),
    signed for ``who`` (:func:`refusal_signer`) only. Read back by :func:`read_refused`."""
    kept = dict(data) if answer is None else {**data, "a": kept_refused(answer)}
    return sign_answered(kept, learner=who, salt=salt)


def read_refused(
    token: str, *, who: int | str | None, salt: str, fields: Mapping[str, Callable[[Any], Any]]
) -> dict[str, Any] | None:
    """The ``fields`` of a refusal token (:func:`sign_refused`; ``unpacked_answer`` for
    ``"a"``), as :func:`read_answered` reads an answered one: ``None`` for no token,
    another browser's or learner's, another kind's, a forged or old one (a day)."""
    return read_answered(token, learner=who, salt=salt, fields=fields)


def refused_address(page: str, token: str, anchor: str = "") -> str:
    """The address a refused answer redirects to: ``page`` showing the refusal ``token``
    (``?refused=``), opened at ``anchor`` if given (the field refused, where the page
    names it so; else the page's own autofocus puts the focus there)."""
    return _token_address(page, "refused", token, anchor)


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
    "KEPT_VALUES",
    "ForgedQuestion",
    "answered_address",
    "kept_refused",
    "packed_answer",
    "read_answered",
    "read_question",
    "read_refused",
    "refusal_signer",
    "refused_address",
    "sign_answered",
    "sign_question",
    "sign_refused",
    "steady_seed",
    "unpacked_answer",
]
