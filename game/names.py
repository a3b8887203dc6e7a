"""Players' names in the page's language: the computer players and the learner's default.

A name is part of the text around it: "Ona" is a natural Lithuanian and
Italian name, but in Russian it reads «Она» ("she"). So each language gives its
own names (translators choose names that read naturally and decline well), and
the site shows a computer player by its place among the computer players, not
by a stored word. Scenario files name their players per language in the same
way (see :mod:`game.guided.scenarios`); lessons use these names in their score
questions.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from django.utils.translation import get_language, pgettext, pgettext_lazy

from learners.names import name_key

#: The computer players, in seat order after the learner: the most a table needs (5),
#: and more for when the people at the table, or the pupils of a class seated at its
#: tables, have some of these names (the Italian teacher's walk: Giulia, Luca, Marta and
#: Sofia are common names in any class, and six names left a class table a computer
#: player with a pupil's name). The first three are the guided hands' players too.
COMPUTER_NAMES = (
    pgettext_lazy("the first computer player's name", "Ona"),
    pgettext_lazy("the second computer player's name", "Ben"),
    pgettext_lazy("the third computer player's name", "Marta"),
    pgettext_lazy("the fourth computer player's name", "Luca"),
    pgettext_lazy("the fifth computer player's name", "Ivan"),
    pgettext_lazy("the sixth computer player's name", "Sofia"),
    pgettext_lazy("the seventh computer player's name", "Nina"),
    pgettext_lazy("the eighth computer player's name", "Omar"),
    pgettext_lazy("the ninth computer player's name", "Clara"),
    pgettext_lazy("the tenth computer player's name", "Hugo"),
    pgettext_lazy("the eleventh computer player's name", "Lena"),
    pgettext_lazy("the twelfth computer player's name", "Felix"),
)


@lru_cache(maxsize=16)
def _named(language: str | None) -> tuple[tuple[str, str], ...]:
    """The computer players' names in ``language`` (the active one), each with its
    :func:`~learners.names.name_key`: made once per process and language, since every
    table page names its players."""
    return tuple((name, name_key(name)) for name in map(str, COMPUTER_NAMES))


def computer_name(index: int) -> str:
    """The ``index``-th computer player's name (0: the first) in the page's language."""
    return _named(get_language())[index][0]


def computer_names(count: int) -> list[str]:
    return [computer_name(i) for i in range(count)]


def computer_names_besides(
    count: int, people: Iterable[str], *, also: Iterable[str] = ()
) -> list[str]:
    """``count`` computer players' names in the page's language, in their order, less
    any that reads as one of ``people`` (:func:`learners.names.name_key`): a learner
    called Ona plays against Ben and Marta, not against another Ona. Names that read as
    one of ``also`` (the other pupils of a class, at other tables) come last, taken
    only when the others run out (the teacher's walk: a computer "Giulia" at one table
    and the pupil Giulia at another read as Giulia at two tables)."""
    taken = {name_key(person) for person in people}
    avoided = taken | {name_key(other) for other in also}
    named = _named(get_language())
    free = [name for name, key in named if key not in avoided]
    spare = [name for name, key in named if key in avoided and key not in taken]
    return [*free, *spare][:count]


def as_computer(name: str) -> str:
    """A computer player's name where a list of players shows it among people's (the
    teacher's tables): "Paolo (computer)"."""
    return pgettext("a computer player's name in a list of players", "%(name)s (computer)") % {
        "name": name
    }


def learner_default() -> str:
    """The name a learner gets until they give their own, in the page's language."""
    return pgettext("default name of the learner at a table", "Alex")


def learner_you() -> str:
    """What the learner is called where a name stands alone: a learner who never gave a
    name (a guided hand's seat, a player to choose in "Score it yourself", "You: 25
    points"), and any learner's own row on the score sheet, named or not
    (:func:`game.scores.labels`): "You", not a default name marked "(you)" (the Russian
    teacher's walk: a pupil with no name met «Саша (вы)» at the table, and the teacher
    wondered who Саша was). Its context says both uses, for the translator."""
    return pgettext(
        "the learner where a name stands alone: a learner who gave no name (their seat, "
        "a player to score), and any learner's own row on the score sheet",
        "You",
    )


__all__ = [
    "COMPUTER_NAMES",
    "as_computer",
    "computer_name",
    "computer_names",
    "computer_names_besides",
    "learner_default",
    "learner_you",
]
