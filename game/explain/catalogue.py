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

Params = Mapping[str, Any]
Names = Sequence[str]

PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def no_values(params: Params, names: Names) -> dict[str, object]:
    return {}


@dataclass(frozen=True)
class Sentence:
    """A code's sentence: ``template(params)`` % ``values(params, names)``."""

    template: Callable[[Params], str]
    values: Callable[[Params, Names], Mapping[str, object]] = no_values

    def render(self, params: Params, names: Names = ()) -> str:
        template = self.template(params)
        values = self.values(params, names)
        return template % values if PLACEHOLDER.search(template) else template


__all__ = ["PLACEHOLDER", "Names", "Params", "Sentence", "no_values"]
