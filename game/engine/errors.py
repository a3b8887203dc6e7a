"""Exceptions raised by the engine.

All derive from :class:`ValueError` and are split by cause, as python-chess
does: :class:`InvalidNotation` for text that is not a card, :class:`IllegalMove`
for a move that breaks a rule. An illegal move carries a machine-readable
reason code and its parameters, never prose: the web layer turns codes into
translated sentences in one place.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any


class EngineError(ValueError):
    """Base class of every error the engine raises on purpose."""


class InvalidNotation(EngineError):
    """A card (or list of cards) could not be read.

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
