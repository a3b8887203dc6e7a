"""The games, and the registry that finds one by name: the top of the engine's imports.

One module per game holds its rules, options, settlement and match
(:mod:`.basic`, :mod:`.gin`, :mod:`.knock`; Gin and Knock Rummy share
:mod:`.closed`). Nothing below this package imports it: a
:class:`~game.engine.state.Hand` knows its game only as the :class:`Rules`
object it was dealt with, as python-chess's ``Board`` knows nothing of
``chess.variant``.

>>> rules_for("gin")
<GinRules>
>>> hand = new_hand("knock", players=3, seed=5)
>>> hand.game is Game.KNOCK, len(hand.cards(1))
(True, 7)
>>> hand_from_json(hand.to_json()) == hand
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..deal import Deal
from ..errors import SetupError
from ..moves import Move
from ..options import Game, GameOptions
from ..state import Hand, Rules
from .basic import BasicRules
from .gin import GinRules
from .knock import KnockRules

#: Each game's rules (one stateless object per game).
RULES: Mapping[Game, Rules] = {
    Game.BASIC: BasicRules(),
    Game.GIN: GinRules(),
    Game.KNOCK: KnockRules(),
}


def rules_for(game: str | Game | Rules) -> Rules:
    """The :class:`Rules` of ``"basic"``, ``"gin"`` or ``"knock"`` (a Rules is returned as
    it is). Raises :class:`~game.engine.errors.SetupError` for any other name."""
    if isinstance(game, Rules):
        return game
    try:
        return RULES[Game(game)]
    except ValueError:
        raise SetupError(f"unknown game: {game!r}") from None


def options_for(game: str | Game, data: Mapping[str, Any] | None = None) -> GameOptions:
    """``game``'s options from a dict (checked: :class:`~game.engine.errors.UnknownOption`)."""
    return rules_for(game).options_type.from_dict(data)


def new_hand(
    game: str | Game | Rules,
    *,
    players: int = 2,
    dealer: int = 0,
    seed: int | None = None,
    deal: Deal | None = None,
    options: GameOptions | Mapping[str, Any] | None = None,
) -> Hand:
    """Deal a hand of ``game`` (see :meth:`~game.engine.state.Hand.new`)."""
    return Hand.new(
        rules_for(game), players=players, dealer=dealer, seed=seed, deal=deal, options=options
    )


def replay_hand(
    game: str | Game | Rules,
    moves: Sequence[Move | str],
    *,
    players: int = 2,
    dealer: int = 0,
    seed: int | None = None,
    deal: Deal | None = None,
    options: GameOptions | Mapping[str, Any] | None = None,
    checked: bool = True,
) -> Hand:
    """Deal a hand of ``game`` and make ``moves`` (see :meth:`~game.engine.state.Hand.replay`)."""
    return Hand.replay(
        rules_for(game),
        moves,
        players=players,
        dealer=dealer,
        seed=seed,
        deal=deal,
        options=options,
        checked=checked,
    )


def hand_from_dict(data: Mapping[str, Any]) -> Hand:
    """Inverse of :meth:`~game.engine.state.Hand.to_dict`, the game found by its name."""
    return Hand.from_dict(data, rules_for(str(data.get("game"))))


def hand_from_json(text: str) -> Hand:
    """Inverse of :meth:`~game.engine.state.Hand.to_json`."""
    return hand_from_dict(json.loads(text))


__all__ = [
    "RULES",
    "Game",
    "hand_from_dict",
    "hand_from_json",
    "new_hand",
    "options_for",
    "replay_hand",
    "rules_for",
]
