"""Reading numbers that come from forms and addresses, strictly.

``str.isdigit`` accepts "²" and other Unicode digits that ``int`` refuses, and
``int`` refuses strings over 4,300 digits: a hand-made request must get a
clear 4xx, never a 500. Every view reads integers through :func:`small_int`.
"""

from __future__ import annotations

import re

_DIGITS = re.compile(r"[0-9]{1,12}")

#: The largest seed a page may ask for (a sample hand, a lesson's question).
MAX_SEED = 2**31 - 1


def small_int(raw: object) -> int | None:
    """A non-negative integer of at most 12 ASCII digits, or None."""
    if not isinstance(raw, str) or not _DIGITS.fullmatch(raw):
        return None
    return int(raw)
