"""Computer players. Each sees only its own :class:`~.state.PlayerView` (no peeking).

* :class:`BotPlayer` plays the coach's first choice (:func:`.coach.rank_moves`):
  keeps melds, takes the discard pile's top card when it makes a meld or lowers
  the deadwood, discards high unmatched cards, avoids feeding the next player
  (it remembers what they took from the pile), knocks or goes out when it pays.
  Equal choices are broken with its seeded RNG.
* :class:`PatientPlayer` plays as :class:`BotPlayer` but gives the other players
  time in Knock Rummy: it never knocks before every player has had
  :data:`PATIENT_ROUNDS` turns (the rule a practice table tells the learner; the
  figures that chose it are in ``bench/knock_patience.py`` and docs/engine.md).
  In Basic and Gin Rummy it is :class:`BotPlayer`.
* :class:`RandomPlayer` picks uniformly among the legal moves.

Players are stateless: the RNG of a decision is seeded from (seed, seat, number
of moves in the hand), so a decision can be recomputed from a stored table
alone, and a hand played by computers is reproducible.

>>> from game.engine import new_hand
>>> hand = new_hand("knock", players=3, seed=5)
>>> move = bot_move(hand)
>>> hand.is_legal(move)
True
"""

from __future__ import annotations

import random
from typing import Protocol

from .coach import RankedMove, Why, deadwood_after, rank_moves
from .moves import AnyMove, Discard, Knock
from .options import Game
from .state import Hand
from .view import PlayerView

#: Names accepted by :func:`make_player` (and the selfplay ``--policy`` option).
POLICIES = ("bot", "patient", "random")
#: The patient player: no knock before every player has had this many turns.
PATIENT_ROUNDS = 2
#: Basic Rummy: after this many recycled stocks the bot sometimes discards at random.
STALEMATE_RECYCLES = 2
#: The coach's reasons of a move that ends the hand: never given up for a random discard.
_GOING_OUT = frozenset({Why.GOES_OUT, Why.GOES_RUMMY})


class Player(Protocol):
    """Anything that chooses a move from a view."""

    def choose(self, view: PlayerView) -> AnyMove: ...


def _rng(seed: int, view: PlayerView) -> random.Random:
    return random.Random(f"{seed}:{view.player}:{len(view.log)}")


class RandomPlayer:
    """Uniformly random among the legal moves."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> AnyMove:
        if not view.legal_moves:
            raise ValueError("not this player's turn")
        return _rng(self.seed, view).choice(view.legal_moves)


class BotPlayer:
    """The heuristic player of every game (see :mod:`.coach` for the heuristics)."""

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> AnyMove:
        ranked = self.ranked(view)
        if not ranked:
            raise ValueError("not this player's turn")
        rng = _rng(self.seed, view)
        goes_out = any(r.code in _GOING_OUT for r in ranked[0].reasons)
        if (
            view.game is Game.BASIC
            and not goes_out
            and view.recycles >= STALEMATE_RECYCLES
            and rng.random() < 0.25
        ):
            # Stalemate breaker: two careful players can hold each other's last cards
            # forever (nobody discards the card the other needs); after the stock has
            # been recycled a few times, sometimes discard at random.
            discards = [r.move for r in ranked if isinstance(r.move, Discard)]
            if discards:
                return rng.choice(discards)
        best = ranked[0].score
        ties = [r.move for r in ranked if r.score - best < 1e-9]
        if len(ties) == 1:
            return ties[0]
        return rng.choice(ties)

    def ranked(self, view: PlayerView) -> list[RankedMove]:
        """The moves this player chooses among, best first: the coach's ranking."""
        return rank_moves(view)


class PatientPlayer(BotPlayer):
    """:class:`BotPlayer`, but in Knock Rummy it knocks only when :meth:`may_knock` says
    so (by default: once every player has had :data:`PATIENT_ROUNDS` turns), so that a
    learner at its table has hands to play. Where the rule forbids a knock it makes the
    coach's best other move (the discard of the same card, as a rule).

    ``rounds`` and ``max_deadwood`` (knock only with at most this deadwood; ``None``: no
    such limit) are there for the measurements that chose the rule
    (``bench/knock_patience.py``); ``make_player("patient")`` uses the defaults.
    """

    name = "patient"

    def __init__(
        self, seed: int = 0, *, rounds: int = PATIENT_ROUNDS, max_deadwood: int | None = None
    ) -> None:
        super().__init__(seed)
        self.rounds = rounds
        self.max_deadwood = max_deadwood

    def may_knock(self, view: PlayerView, deadwood: int) -> bool:
        """Whether this player may knock now, leaving ``deadwood`` (Knock Rummy)."""
        if view.turns < self.rounds * view.players:
            return False
        return self.max_deadwood is None or deadwood <= self.max_deadwood

    def ranked(self, view: PlayerView) -> list[RankedMove]:
        ranked = rank_moves(view)
        if view.game is not Game.KNOCK:
            return ranked
        kept = []
        for r in ranked:
            if isinstance(r.move, Knock):
                deadwood = deadwood_after(view, r.move)
                assert deadwood is not None
                if not self.may_knock(view, deadwood):
                    continue
            kept.append(r)
        return kept


def make_player(policy: str, seed: int = 0) -> Player:
    """A player for a policy name: ``"bot"``, ``"patient"`` or ``"random"``."""
    if policy == "bot":
        return BotPlayer(seed)
    if policy == "patient":
        return PatientPlayer(seed)
    if policy == "random":
        return RandomPlayer(seed)
    raise ValueError(f"unknown policy {policy!r} (choose from {', '.join(POLICIES)})")


def bot_move(hand: Hand, seat: int | None = None, *, policy: str = "bot", seed: int = 0) -> AnyMove:
    """The computer's move for ``seat`` (default: the player to move) in ``hand``."""
    player = hand.turn if seat is None else seat
    return make_player(policy, seed).choose(hand.view(player))


__all__ = [
    "PATIENT_ROUNDS",
    "POLICIES",
    "BotPlayer",
    "PatientPlayer",
    "Player",
    "RandomPlayer",
    "bot_move",
    "make_player",
]
