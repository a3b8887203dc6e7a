"""Numbers, cards and people as they are written inside a sentence.

Points as people write them ("7½", "-27"), cards as on their corners ("7♥",
"Д♠" in Russian), full card names for screen readers, and a list of players
("Ona, Ben and Marta") in the page's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, npgettext, pgettext

from game.cards import card_names, card_short, cards_short
from game.engine import Card
from learners.names import euphonic_d

FRACTIONS = {
    Fraction(1, 2): "½",
    Fraction(1, 3): "⅓",
    Fraction(2, 3): "⅔",
    Fraction(1, 4): "¼",
    Fraction(3, 4): "¾",
    Fraction(1, 5): "⅕",
    Fraction(2, 5): "⅖",
    Fraction(3, 5): "⅗",
    Fraction(4, 5): "⅘",
}


def points(value: Fraction | int | str) -> str:
    """Points as people write them: 7, 7½, 4⅓; -27 for a loss."""
    f = Fraction(value)
    sign = "\N{MINUS SIGN}" if f < 0 else ""  # "−27", as the lessons write it
    f = abs(f)
    whole, part = divmod(f, 1)
    if part == 0:
        return f"{sign}{whole}"
    glyph = FRACTIONS.get(part)
    if glyph is None:
        return f"{sign}{f.numerator}/{f.denominator}"
    return f"{sign}{whole or ''}{glyph}"


def signed(value: Fraction | int) -> str:
    """A balance: "+21", "−27" (a minus sign, not a hyphen), "0"."""
    return ("+" if Fraction(value) > 0 else "") + points(value)


def deadwood_points(value: int) -> str:
    """ "7 points", with the language's plural form."""
    return ngettext("%(count)s point", "%(count)s points", value) % {"count": value}


def points_noun(value: Fraction | int | str) -> str:
    """Points said with their noun, in the language's plural form: "70 points", "1
    point", "−27 points", "7½ points" (the Russian newcomer's walk: «получает 70» and
    «Саша: 68.» said a score without «очков»). For a sentence whose language puts the
    number in the nominative (after a colon, a dash, «итого»); one that declines it (lt
    «gauna 21 tašką») is an ngettext sentence of its own."""
    f = Fraction(value)
    if f.denominator == 1:
        return ngettext("%(count)s point", "%(count)s points", abs(int(f))) % {"count": points(f)}
    # Translators: a number of points with a fraction ("7½"): lt «7½ taško», ru «7½ очка».
    return _("%(count)s points") % {"count": points(f)}


def points_object(value: Fraction | int | str) -> str:
    """:func:`points_noun` in the form a verb takes (its object: lt «gaunate 21 tašką»,
    not «21 taškas»; ru and it as the nominative), for a sentence that says points after
    a verb and cannot be an ngettext sentence of its own (two amounts in it: "You receive
    21 points and pay 0 points")."""
    f = Fraction(value)
    if f.denominator == 1:
        return npgettext(
            "points a verb takes (lt: the accusative)",
            "%(count)s point",
            "%(count)s points",
            abs(int(f)),
        ) % {"count": points(f)}
    return pgettext(
        "points with a fraction a verb takes (lt: the accusative)", "%(count)s points"
    ) % {"count": points(f)}


def full_card_names(cards: Iterable[Card | str]) -> str:
    """Full names, for screen readers: "seven of hearts, eight of hearts"."""
    return ", ".join(card_names(Card.parse(c) if isinstance(c, str) else c for c in cards))


def who(seat: int, names: Sequence[str]) -> str:
    """The name of a seat (its number when there is no name for it)."""
    return names[seat] if 0 <= seat < len(names) else str(seat)


def listed(phrases: Sequence[str]) -> str:
    """ "A, B and C": a list in the language's form, its last two joined by the
    translated "and", the others by commas ("Вы, Оля и Борис", never «Вы и Оля и
    Борис»); in Italian «ed» before a last name that starts with an e («Marta ed
    Elena», «Tu ed Elena»: :func:`learners.names.euphonic_d`)."""
    if len(phrases) == 1:
        return phrases[0]
    values = {"first": ", ".join(phrases[:-1]), "last": phrases[-1]}
    return euphonic_d(_("%(first)s and %(last)s"), values) % values


def people(seats: Sequence[int], names: Sequence[str]) -> str:
    """ "A, B and C": the players of ``seats``, by name."""
    return listed([who(s, names) for s in seats])


def you_and(others: Sequence[str]) -> str:
    """The learner and ``others`` (names) as one list that starts a sentence, the
    learner first: "You and Ben", "You, Ben and Marta" (ru «Вы, Оля и Борис», lt «Jūs,
    Ona ir Benas», it «Tu, Ona e Ben»): its verb agrees with "you" (plural)."""
    you = pgettext("the learner at the head of a list of players that starts a sentence", "You")
    return listed([you, *others])


def either(phrases: Sequence[str]) -> str:
    """ "A, B or C": one of ``phrases``, in the language's form; in Italian «od» before a
    last one that starts with an o («Marta od Ottavia»: :func:`learners.names.euphonic_d`)."""
    if len(phrases) == 1:
        return phrases[0]
    values = {"first": ", ".join(phrases[:-1]), "last": phrases[-1]}
    return euphonic_d(_("%(first)s or %(last)s"), values) % values


__all__ = [
    "card_short",
    "cards_short",
    "deadwood_points",
    "either",
    "full_card_names",
    "listed",
    "people",
    "points",
    "points_noun",
    "points_object",
    "signed",
    "who",
    "you_and",
]
