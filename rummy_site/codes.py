"""Short codes (a class's join code, a pupil's return code): read off a projector or a
printed card, typed on a phone or an old keyboard.

Their alphabet leaves out every character that reads like another (0 and O, 1, I and
L, 2 and Z, 5 and S, 6 and G, 8 and B) and vowels enough to spell few words. What a
person types is read leniently: any case, spaces and dashes anywhere, and the
Cyrillic letters that look like Latin ones (a Russian keyboard layout left on).

>>> normalise(" kx7-m4 ")
'KX7M4'
>>> normalise("КХ7М")  # Cyrillic К, Х, М
'KX7M'
>>> grouped("KX7M4PRT")
'KX7M-4PRT'
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.utils.translation import ngettext

from learners.names import name_key

from .errors import ServiceError
from .models import RateCount
from .ratelimit import Limit, hit

#: Codes a browser (its visitor cookie), and an address (a school behind one router),
#: may try: settings ``CODE_TRIES_PER_VISITOR`` and ``CODE_TRIES_PER_ADDRESS``. Class
#: codes, return codes and table codes count together.
CODE_TRIES_PER_VISITOR = "10/h"
CODE_TRIES_PER_ADDRESS = "1000/h"
#: How often a teacher may let their own address try codes again
#: (:func:`let_address_try_again`): setting ``CODE_RESETS_PER_TEACHER``.
CODE_RESETS_PER_TEACHER = "6/h"

ALPHABET = "ACDEFHJKMNPRTUVWXY3479"
#: A class's join code: on the projector, typed by every pupil.
JOIN_LENGTH = 6
#: A pupil's return code: on their card, the key to their progress on another computer.
RETURN_LENGTH = 8


def new_code(length: int) -> str:
    """A random code of ``length`` characters of :data:`ALPHABET`."""
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def normalise(text: str) -> str:
    """What a person typed, as a code to look up: upper case, full-width letters and
    Cyrillic look-alikes as Latin letters (:func:`learners.names.name_key`, which tells
    names apart the same way), without spaces or dashes. (It may still not be a code.)"""
    return "".join(ch for ch in name_key(text).upper() if ch not in " -–—\t")


def is_code(text: str, length: int) -> bool:
    """Whether a normalised text can be a code of ``length`` characters."""
    return len(text) == length and all(ch in ALPHABET for ch in text)


def grouped(code: str) -> str:
    """A code as shown, in groups of four (``KX7M-4PRT``); a short one as it is."""
    if len(code) <= JOIN_LENGTH:
        return code
    return "-".join(code[i : i + 4] for i in range(0, len(code), 4))


def count_try(*, visitor: str, address: str, looking: bool = False) -> int | None:
    """Count one attempt at a code: ``None`` while within the limits (kept in the
    database, so they hold across app instances), else the minutes to wait. A browser
    without a visitor cookie yet (a first page, opened from a QR code) counts against
    its address only.

    ``looking``: a link's page looking its code up (a GET, no cookie needed), counted
    against its address apart from the codes sent with a form, so that a loop of GETs
    from a school's address (a pupil with a script) cannot stop the whole school joining:
    over its limit, such a page shows its form without looking the code up, and the form
    is checked when sent."""
    if not getattr(settings, "RATE_LIMIT_ENABLED", True):
        return None
    per_address = getattr(settings, "CODE_TRIES_PER_ADDRESS", CODE_TRIES_PER_ADDRESS)
    per_visitor = getattr(settings, "CODE_TRIES_PER_VISITOR", CODE_TRIES_PER_VISITOR)
    bucket = _ADDRESS_BUCKETS[1] if looking else _ADDRESS_BUCKETS[0]
    limits = [Limit.of(bucket, address, per_address)]
    if visitor:
        limits.insert(0, Limit.of("code-visitor", visitor, per_visitor))
    over = hit(limits)
    return None if over is None else max(1, -(-over.retry_after // 60))


def let_address_try_again(*, address: str, teacher: str) -> int | None:
    """A teacher lets the browsers at their own address try codes again at once: the
    address's counts (codes sent with a form, and link pages) start again from zero.

    A school's computers and phones share one address, and its count (1,000 an hour)
    guards against guessing, not against a pupil: a script that takes a fresh cookie for
    every try (so that the browser's own limit never counts it) spends the address's
    hour in seconds, and then no pupil behind it can join, come back with their return
    code or sit at a table (the tamper probe). The teacher, at the same address, sees
    their pupils refused and lets them in; a guesser gains one more hour's worth of
    tries at most ``CODE_RESETS_PER_TEACHER`` times an hour. ``None`` when done, else
    the minutes until this teacher may do it again."""
    rate = getattr(settings, "CODE_RESETS_PER_TEACHER", CODE_RESETS_PER_TEACHER)
    over = hit([Limit.of("code-reset", teacher, rate)])
    if over is not None:
        return max(1, -(-over.retry_after // 60))
    per_address = getattr(settings, "CODE_TRIES_PER_ADDRESS", CODE_TRIES_PER_ADDRESS)
    buckets = [Limit.of(name, address, per_address).bucket for name in _ADDRESS_BUCKETS]
    RateCount.objects.filter(bucket__in=buckets).delete()
    return None


#: An address's counts of :func:`count_try`: codes sent with a form, and link pages.
_ADDRESS_BUCKETS = ("code-address", "code-look-address")


class TooManyTries(ServiceError):
    """Over a limit of :func:`count_try`: how many minutes to wait."""

    status = 429

    def __init__(self, minutes: int) -> None:
        super().__init__(
            ngettext(
                "Too many codes tried. Try again in %(count)d minute.",
                "Too many codes tried. Try again in %(count)d minutes.",
                minutes,
            )
            % {"count": minutes}
        )
