"""Questions the server asks, sent back with their answers in a signed token.

A lesson's check, a review card, a drill and the placement check all deal a question
from a seed the server chose, and the answer must be judged against that question:
the form carries a token signed with ``django.core.signing`` (one salt per kind of
question), and a token the site did not sign, or one of another kind, is refused
with :class:`ForgedQuestion` (a translated 400) and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

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


def steady_seed(*parts: object, salt: str) -> int:
    """A seed (1 to ``MAX_SEED - 1``) that ``parts`` always give, and that nobody can
    work out without the site's secret: a question that must stay the same until it is
    answered (a review card's, a drill's) is dealt from it, so that reloading the page,
    or opening it on another device, shows the same cards, and fresh ones after each
    answer (the parts then name the next answer)."""
    digest = salted_hmac(salt, ":".join(str(p) for p in parts), algorithm="sha256").digest()
    return int.from_bytes(digest[:8], "big") % (MAX_SEED - 1) + 1


__all__ = ["ForgedQuestion", "read_question", "sign_question", "steady_seed"]
