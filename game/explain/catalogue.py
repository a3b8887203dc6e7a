"""The shape of every catalogue here: a code's sentence, and the values that fill it.

A :class:`Sentence` is two functions of the code's parameters (and the players'
names): ``template`` picks the translated sentence (a ``gettext`` call, chosen
by the parameters where a sentence has variants or plural forms), ``values``
gives what its ``%(name)s`` placeholders hold. Keeping the two apart lets the
tests check, for every code and every language, that the sentence is translated
and that every placeholder it names is filled (``tests/game/test_explain.py``).

There is no fallback: a code with no sentence is a ``KeyError``, caught by the
tests, never English on a translated page.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.cards import with_articles
from learners.names import euphonic_d, one_stop

Params = Mapping[str, Any]
Names = Sequence[str]

PLACEHOLDER = re.compile(r"%\((\w+)\)s")
#: A placeholder after a word that may be an article (:func:`game.cards.with_articles`).
_ARTICLE_BEFORE = re.compile(r"\b(?:[Ii]l|[Aa]l|[Dd]al|[Dd]el|[Nn]el|[Ss]ul|[Uu]n) %\(")


def no_values(params: Params, names: Names) -> dict[str, object]:
    return {}


@dataclass(frozen=True)
class Sentence:
    """A code's sentence: ``template(params)`` % ``values(params, names)``."""

    template: Callable[[Params], str]
    values: Callable[[Params, Names], Mapping[str, object]] = no_values

    def render(self, params: Params, names: Names = ()) -> str:
        template = self.template(params)
        if not PLACEHOLDER.search(template):
            return template
        values = self.values(params, names)
        # Italian's «a» before a name that starts with an a is «ad» («paga ad Anna»); a
        # name's own stop ends the sentence ("Ona K." + "."): one_stop.
        text = one_stop(euphonic_d(template, values) % values)
        # A card after its article ("il %(card)s"): only Italian writes one.
        return with_articles(text) if _ARTICLE_BEFORE.search(template) else text


__all__ = ["PLACEHOLDER", "Names", "Params", "Sentence", "no_values"]
