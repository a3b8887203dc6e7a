"""Reading numbers that come from forms and addresses, strictly.

``str.isdigit`` accepts "²" and other Unicode digits that ``int`` refuses, and
``int`` refuses strings over 4,300 digits: a hand-made request must get a
clear 4xx, never a 500. Every view reads integers through :func:`small_int`, and
points as people type them (7, 4.5, 4,5, 4½, 4 2/3) through :func:`points`.
"""

from __future__ import annotations

import re
from fractions import Fraction

from django.utils.translation import gettext_lazy

_DIGITS = re.compile(r"[0-9]{1,12}")

#: The largest seed a page may ask for (a sample hand, a lesson's question).
MAX_SEED = 2**31 - 1


#: The most of a refused answer's typed text its page gives back in the field (a number,
#: a player's place: a few characters; a hand-made post's long text is not echoed).
KEPT_LENGTH = 40


def small_int(raw: object) -> int | None:
    """A non-negative integer of at most 12 ASCII digits, or None."""
    if not isinstance(raw, str) or not _DIGITS.fullmatch(raw):
        return None
    return int(raw)


# -- Points, as people type them ------------------------------------------------------

POINTS = re.compile(r"[0-9]{1,6}(?:[.,][0-9]{1,3}|/[0-9]{1,3})?")
#: A whole number and a fraction: "4 2/3", "4 2⁄3" (the fraction slash).
MIXED = re.compile(r"([0-9]{1,6})\s+([0-9]{1,3})\s*[/⁄∕]\s*([0-9]{1,3})")
_GLYPHS = (("½", "1/2"), ("⅓", "1/3"), ("⅔", "2/3"), ("¼", "1/4"), ("¾", "3/4"))


#: A minus sign as people type it: a hyphen, the minus sign, a dash.
_MINUS = re.compile(r"\s*[-−–]\s*(?=\S)")


def negative(text: str) -> bool:
    """Is ``text`` a number with a minus sign ("-5", "−4,5")? Points are never below 0:
    refused like any other text that is no number, but told so ("Type a number from 0
    up", the Italian walk: "-5" was told "Type a number", which it is)."""
    sign = _MINUS.match(text)
    if sign is None:
        return False
    try:
        points(text[sign.end() :])
    except ValueError:
        return False
    return True


def points(text: str) -> Fraction:
    """A number as people type it: 7, 4.5, 4,5 (a decimal comma, as in lt, ru and it),
    4½, 4 ½, 9/2, 4 2/3. ``ValueError`` with its code: "empty", "negative" (a number
    below 0: :func:`negative`), "not_a_number"."""
    if negative(text):
        raise ValueError("negative")
    mixed = MIXED.fullmatch(text.strip())
    if mixed:
        whole, top, bottom = (int(g) for g in mixed.groups())
        if bottom == 0:
            raise ValueError("not_a_number")
        return whole + Fraction(top, bottom)
    value = text.strip().replace(" ", "").replace("⁄", "/").replace("∕", "/")
    if not value:
        raise ValueError("empty")
    for glyph, frac in _GLYPHS:
        if value.endswith(glyph):
            units = small_int(value[: -len(glyph)] or "0")
            if units is None:
                raise ValueError("not_a_number")
            return Fraction(units) + Fraction(frac)
    # Whole numbers, decimals with a point or a comma, or a fraction; never exponents
    # (Fraction("1e9999999") would take minutes) and never more than a few digits.
    if not POINTS.fullmatch(value):
        raise ValueError("not_a_number")
    try:
        return Fraction(value.replace(",", "."))
    except (ValueError, ZeroDivisionError):
        raise ValueError("not_a_number") from None


#: What a number that could not be read is told, by :func:`points`'s code: the one
#: source of these words for a lesson's check (``lessons.checks.BAD_ANSWER_MESSAGES``)
#: and "Score it yourself" at a table (``game.board``).
POINTS_MESSAGES = {
    "not_a_number": gettext_lazy("Type a number, like 14."),
    # Points are never below 0: the same words, with what is wrong ("-5" is a number).
    "negative": gettext_lazy("Type a number from 0 up, like 14."),
}


def points_message(error: ValueError) -> str:
    """The words for :func:`points`'s ``error`` where a number is asked for: "Type a
    number from 0 up, like 14." for a number below 0, else "Type a number, like 14."
    (an empty field too)."""
    code = str(error)
    return str(POINTS_MESSAGES.get(code, POINTS_MESSAGES["not_a_number"]))


def points_agree(text: str, expected: Fraction) -> bool:
    """Does the number typed mean ``expected``? Exactly, or, for a decimal, rounded to the
    places typed when ``expected`` has no exact decimal (4.67 or 4.7 for 4⅔; but 4.4 is
    not 4½). Raises ``ValueError`` for what is not a number."""
    typed = points(text)
    if typed == expected:
        return True
    value = text.strip().replace(" ", "")
    if not re.fullmatch(r"[0-9]+[.,][0-9]+", value):
        return False
    places = len(re.split(r"[.,]", value)[1])
    step = Fraction(1, 10**places)
    if (expected / step).denominator == 1:
        return False  # it has an exact decimal at these places: it must be typed
    return abs(typed - expected) <= step / 2
