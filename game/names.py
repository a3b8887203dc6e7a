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

from django.utils.translation import pgettext, pgettext_lazy

#: The computer players, in seat order after the learner (the most a table needs: 5).
COMPUTER_NAMES = (
    pgettext_lazy("the first computer player's name", "Ona"),
    pgettext_lazy("the second computer player's name", "Ben"),
    pgettext_lazy("the third computer player's name", "Marta"),
    pgettext_lazy("the fourth computer player's name", "Luca"),
    pgettext_lazy("the fifth computer player's name", "Ivan"),
)


def computer_name(index: int) -> str:
    """The ``index``-th computer player's name (0: the first) in the page's language."""
    return str(COMPUTER_NAMES[index])


def computer_names(count: int) -> list[str]:
    return [computer_name(i) for i in range(count)]


def learner_default() -> str:
    """The name a learner gets until they give their own, in the page's language."""
    return pgettext("default name of the learner at a table", "Alex")


__all__ = ["COMPUTER_NAMES", "computer_name", "computer_names", "learner_default"]
