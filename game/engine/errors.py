"""Every exception the engine raises on purpose.

All derive from :class:`EngineError` (a :class:`ValueError`) and are split by
cause, as python-chess does:

* :class:`InvalidNotation`: text that is not a card or a move;
* :class:`IllegalMove`: a move, a meld or a settlement that breaks a rule. It
  carries a reason code (an :class:`enum.Enum` member: ``MoveError``,
  ``MeldFailure`` or ``SettleError``) and the parameters needed to explain it,
  never prose; the web layer turns codes into translated sentences;
* :class:`SetupError`: a hand that cannot be set up (unknown game, a player
  count or dealer out of range, a deal that is not the 52 cards);
* :class:`UnknownOption`: an option the rule set does not have, or of the
  wrong type.

The messages of these exceptions are for developers (logs, the command line),
not for learners.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any


class EngineError(ValueError):
    """Base class of every error the engine raises on purpose."""


class InvalidNotation(EngineError):
    """A card, a list of cards or a move could not be read.

    ``token`` is the offending piece of text.
    """

    def __init__(self, token: str, message: str | None = None) -> None:
        self.token = token
        super().__init__(message or f"not a card: {token!r}")


class IllegalMove(EngineError):
    """A move that breaks a rule.

    ``reason`` is an :class:`enum.Enum` member (a reason code) and ``params``
    the values needed to explain it (cards as canonical strings, numbers).
    """

    def __init__(self, reason: enum.Enum, params: Mapping[str, Any] | None = None) -> None:
        self.reason = reason
        self.params: dict[str, Any] = dict(params or {})
        detail = ", ".join(f"{k}={v}" for k, v in self.params.items())
        super().__init__(f"{reason.value}" + (f" ({detail})" if detail else ""))


class SetupError(EngineError):
    """A hand or a table that cannot be set up: unknown game, bad player count or
    dealer, a deal that does not hold each card once."""


class UnknownOption(EngineError):
    """An option name the rule set does not have, or a value of the wrong type."""

    def __init__(self, name: str, game: str) -> None:
        self.name = name
        self.game = game
        super().__init__(f"unknown option for {game}: {name!r}")


__all__ = ["EngineError", "IllegalMove", "InvalidNotation", "SetupError", "UnknownOption"]
