"""A learner's tries at the guided hands, and their best result per hand.

Like a practice table, an attempt stores only what the learner did; the hand
is replayed from the scenario file (its deal and the computer's script).
"""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from learners.models import Learner


class GuidedAttempt(models.Model):
    """One try at a guided hand: the learner's accepted moves, hints and mistakes.

    ``moves`` are the learner's accepted moves (texts), ``hints``
    ``[{"step": n}, ...]``, ``mistakes``
    ``[{"step": n, "kind": "illegal" | "other", "code": ..., "move": ...}, ...]``
    (see :class:`~game.guided.services.Mistake`).

    A learner has at most one *open* attempt per hand (neither finished nor set aside
    by "Try again"): a database constraint, so that parallel first moves or restarts
    start one attempt, never several.
    """

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="guided_attempts")
    scenario = models.CharField(max_length=80)
    moves = models.JSONField(default=list)
    hints = models.JSONField(default=list)
    mistakes = models.JSONField(default=list)
    finished = models.BooleanField(default=False)
    #: Set aside unfinished: the learner started the hand again.
    abandoned = models.BooleanField(default=False)
    stars = models.PositiveSmallIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    #: When the learner reached the step they are at (the attempt's start, or its last
    #: move): how long they have been on it, for the teacher's "who may need help".
    step_started = models.DateTimeField(default=timezone.now)
    #: The learner scored the finished hand themselves ("Score it yourself" answered) or
    #: stepped into its walkthrough: a later page of it shows the whole walkthrough, not
    #: the question again (as a practice table's ``scored_hand``).
    scored = models.BooleanField(default=False)

    class Meta:
        ordering = ["-updated"]
        indexes = [
            models.Index(
                fields=["learner", "scenario", "-updated"], name="guided_attempt_latest_idx"
            )
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["learner", "scenario"],
                condition=models.Q(finished=False, abandoned=False),
                name="one_open_attempt_per_hand",
            )
        ]
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
    #: Mistakes of the best attempt by kind: {"illegal:illegal_meld:run_gap": 1, "other:discard": 2}
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
