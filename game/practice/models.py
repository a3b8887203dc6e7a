"""A practice table: the rules, the seats and the moves of every hand played at it.

The engine is a pure function of (rules, options, seed, moves), so a table
stores just that and replays it; nothing derived (hands, piles, scores) is
stored but the finished hands' results (``results``, so that a long table is as
cheap to draw as a new one). ``rounds`` is the engine's
:func:`~game.engine.rounds.rounds_to_data`: one list of boards per hand, oldest first, each board
``{"seats": [table seat per engine seat], "seed": int, "dealer": int,
"moves": ["draw stock", ...]}``. ``version`` grows with every saved change: a
change is saved only if the version it was based on is still current (see
``services._save``), so a double click or a second tab cannot apply a move twice.
"""

from __future__ import annotations

import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _

from game.engine import Game, TableFormat
from game.explain import GAME_NAMES
from learners.models import Learner
from rummy_site.fields import JSONTextField

FORMAT_NAMES = {
    TableFormat.STANDARD: _("Everyone plays every hand"),
    TableFormat.GIN_THREE: _("Three players, one sits out each hand"),
    TableFormat.GIN_FOUR: _("Four players in two partnerships"),
}


def new_public_id() -> str:
    """An unguessable id for the table's URL (not the database key)."""
    return secrets.token_urlsafe(9)


class Table(models.Model):
    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="tables")
    game = models.CharField(max_length=8, choices=[(g.value, GAME_NAMES[g]) for g in Game])
    format = models.CharField(
        max_length=10,
        choices=[(f.value, FORMAT_NAMES[f]) for f in TableFormat],
        default=TableFormat.STANDARD.value,
    )
    options = models.JSONField(default=dict)
    #: [{"name": "Ona", "kind": "human" | "bot"}, ...] in seat order.
    seats = models.JSONField()
    #: The hands played so far: the engine's rounds as data (see the module docs).
    rounds = JSONTextField(default=list)
    #: The results of the finished hands (every round but the current one): the
    #: engine's ``results_to_data``. Kept so that a page replays only the current
    #: hand; always saved with the round that follows, and equal to the replay of
    #: the moves (which stay the truth: a table without it replays them).
    results = models.JSONField(default=list)
    #: Hints asked for, per hand: [[{"move": 12}, ...], ...] (the move number at the board).
    hints = models.JSONField(default=list)
    #: How the computer players play: the engine's policy (``game.engine.bots``).
    #: ``"patient"`` (Knock Rummy: no knock before every player has had two turns, the
    #: default of a new Knock table) or ``"bot"`` (the strong player, knocking as soon as
    #: a knock pays: what every table started before the choice was played by, and
    #: what this field's default keeps for them). In Basic and Gin Rummy both play alike.
    computers = models.CharField(max_length=8, default="bot", db_default="bot")
    #: The latest hand (its number, from 1) the learner scored themselves ("Score it
    #: yourself" answered) or stepped through the scoring of; 0: none. Its page then
    #: shows the whole walkthrough, the new scores, the match's end and "Next hand",
    #: not the question again (the Italian walk: the answer lived only in the address).
    scored_hand = models.PositiveIntegerField(default=0, db_default=0)
    #: The table's seed: the source of every board's seed and of the first dealer.
    seed = models.BigIntegerField()
    version = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]
        verbose_name = _("practice table")
        verbose_name_plural = _("practice tables")

    def __str__(self) -> str:
        return f"{self.game} table {self.public_id}"
