"""Options of each rule set: frozen dataclasses with the defaults of rules.md.

Every option a learner can set lives here, one dataclass per game, so a table,
a guided hand and the command line all speak the same names. ``from_dict``
refuses unknown names (``UnknownOption``) and wrong types.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from .errors import EngineError


class UnknownOption(EngineError):
    """An option name the rule set does not have, or a value of the wrong type."""

    def __init__(self, name: str, game: str) -> None:
        self.name = name
        self.game = game
        super().__init__(f"unknown option for {game}: {name!r}")


_O = TypeVar("_O", bound="_Options")


@dataclass(frozen=True)
class _Options:
    game: ClassVar[str] = ""

    @classmethod
    def from_dict(cls: type[_O], data: Mapping[str, Any] | None) -> _O:
        data = dict(data or {})
        fields = {f.name: f for f in dataclasses.fields(cls)}
        for name, value in data.items():
            field = fields.get(name)
            if field is None:
                raise UnknownOption(name, cls.game)
            default = field.default
            if isinstance(default, bool) and not isinstance(value, bool):
                raise UnknownOption(name, cls.game)
            wants_int = (isinstance(default, int) and not isinstance(default, bool)) or (
                default is None and value is not None
            )
            if wants_int and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
                raise UnknownOption(name, cls.game)
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class BasicOptions(_Options):
    """Basic Rummy (rules.md, seed 004)."""

    game: ClassVar[str] = "basic"
    #: The ace may also sit above the king (Q-K-A, never K-A-2); every ace is worth 15.
    ace_high_or_low: bool = False
    #: Going out requires a final discard: no going out by melding or laying off.
    last_card_must_be_discarded: bool = False
    #: The match ends when someone reaches this score...
    target_score: int = 150
    #: ...or, when set, after this many hands (the most points wins).
    hands_limit: int | None = None


@dataclass(frozen=True)
class GinOptions(_Options):
    """Gin Rummy (rules.md, seed 003)."""

    game: ClassVar[str] = "gin"
    #: Most deadwood a knocker may have after the discard.
    knock_limit: int = 10
    #: A game (one score sheet) ends when a player reaches this total.
    target_score: int = 100
    gin_bonus: int = 25
    undercut_bonus: int = 25
    box_bonus: int = 20
    shutout_bonus: int = 100


@dataclass(frozen=True)
class KnockOptions(_Options):
    """Knock Rummy (rules.md, seeds 000 and 001)."""

    game: ClassVar[str] = "knock"
    #: First to this score wins (100 by default, a project choice).
    target_score: int = 100
    rummy_bonus: int = 25
    undercut_penalty: int = 10


Options = BasicOptions | GinOptions | KnockOptions

OPTIONS_BY_GAME: dict[str, type[BasicOptions] | type[GinOptions] | type[KnockOptions]] = {
    "basic": BasicOptions,
    "gin": GinOptions,
    "knock": KnockOptions,
}
