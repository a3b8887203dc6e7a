"""A practice table: the rules, the seats and the move log of every hand.

The engine is a pure function of (rules, options, seed, moves), so a table
stores just that and replays it; nothing derived (hands, piles, scores) is
stored. ``version`` grows with every saved change: a change is saved only if
the version it was based on is still current (see ``services.table_save``),
so a double click or a second tab cannot apply a move twice.

``deals`` is a list of deals, oldest first; each deal is a list of boards
(one for two-player games; Gin's four-player partnership plays two boards at
once), each board ``{"seats": [table seat per engine seat], "seed": int,
"dealer": int, "moves": ["draw stock", ...]}``.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy as _

from learners.models import Learner


def new_public_id() -> str:
    """An unguessable id for the table's URL (not the database key)."""
    return secrets.token_urlsafe(9)


class Table(models.Model):
    class Game(models.TextChoices):
        BASIC = "basic", _("Basic Rummy")
        GIN = "gin", _("Gin Rummy")
        KNOCK = "knock", _("Knock Rummy")

    class Format(models.TextChoices):
        STANDARD = "standard", _("Everyone plays every hand")
        GIN_THREE = "gin3", _("Three players, one sits out each hand")
        GIN_FOUR = "gin4", _("Four players in two partnerships")

    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="tables")
    game = models.CharField(max_length=8, choices=Game.choices)
    format = models.CharField(max_length=10, choices=Format.choices, default=Format.STANDARD)
    options = models.JSONField(default=dict)
    #: [{"name": "Ona", "kind": "human" | "bot"}, ...] in seat order.
    seats = models.JSONField()
    deals = models.JSONField(default=list)
    #: Hints asked for, per deal: [[{"board": 0, "move": 12}, ...], ...]
    hints = models.JSONField(default=list)
    #: A deterministic source of seeds for the next deal.
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

    def snapshot(self) -> dict[str, Any]:
        """The mutable part of the row, as the service reads and writes it."""
        return {"deals": self.deals, "hints": self.hints}


class GuidedAttempt(models.Model):
    """One try at a guided hand: the learner's accepted moves, hints and mistakes.

    Like a table, an attempt stores only what the learner did; the hand is
    replayed from the scenario file (its deal and the computer's script).
    ``mistakes`` lists ``{"step": n, "kind": "illegal" | "other", "code": ..., "move": ...}``.
    """

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="guided_attempts")
    scenario = models.CharField(max_length=80)
    moves = models.JSONField(default=list)
    hints = models.JSONField(default=list)
    mistakes = models.JSONField(default=list)
    finished = models.BooleanField(default=False)
    stars = models.PositiveSmallIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]
        indexes = [models.Index(fields=["learner", "scenario", "-updated"])]
        verbose_name = _("guided hand attempt")
        verbose_name_plural = _("guided hand attempts")

    def __str__(self) -> str:
        return f"{self.scenario} attempt {self.pk}"


class GuidedResult(models.Model):
    """A learner's best result for one guided hand (what the guided hands index shows)."""

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="guided_results")
    scenario = models.CharField(max_length=80)
    stars = models.PositiveSmallIntegerField()
    hints = models.PositiveIntegerField()
    #: Mistakes of the best attempt by kind: {"illegal:run_gap": 1, "other:discard": 2}
    mistakes = models.JSONField(default=dict)
    completions = models.PositiveIntegerField(default=1)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["learner", "scenario"], name="one_result_per_hand")
        ]
        verbose_name = _("guided hand result")
        verbose_name_plural = _("guided hand results")

    def __str__(self) -> str:
        return f"{self.scenario}: {self.stars} stars"
