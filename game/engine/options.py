"""The games' names and the base of every game's options.

Each game's options are a frozen dataclass in that game's module
(:class:`~.games.basic.BasicOptions`, :class:`~.games.gin.GinOptions`,
:class:`~.games.knock.KnockOptions`) with the defaults of rules.md, so a
table, a guided hand and the command line all speak the same names.
``from_dict`` refuses unknown names and values of the wrong type
(:class:`~.errors.UnknownOption`).

>>> Game("gin") is Game.GIN, Game.GIN == "gin"
(True, True)
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from .errors import UnknownOption


class Game(enum.StrEnum):
    """The rule sets of the engine (``str(Game.GIN) == "gin"``)."""

    BASIC = "basic"
    GIN = "gin"
    KNOCK = "knock"

    @classmethod
    def named(cls, name: object) -> Game | None:
        """The game called ``name``, or ``None`` (for any other value, of any type)."""
        return next((game for game in cls if game.value == name), None)


_O = TypeVar("_O", bound="GameOptions")


@dataclass(frozen=True)
class GameOptions:
    """Base of a game's options: ``from_dict`` (checked) and ``to_dict``.

    Every game is played to a target score (each game sets its default).
    """

    game: ClassVar[Game]
    #: The match (or Gin's game) ends when a player reaches this score.
    target_score: int = 100

    @classmethod
    def from_dict(cls: type[_O], data: Mapping[str, Any] | None) -> _O:
        """The options named in ``data`` (the others keep their defaults).

        Raises :class:`~.errors.UnknownOption` for a name the game does not have, a
        flag that is not a bool, or a number that is not a positive int.
        """
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


__all__ = ["Game", "GameOptions"]
