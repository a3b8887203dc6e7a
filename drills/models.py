"""A learner's record at each drill: the current streak and the personal best."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from learners.models import Learner


class DrillRecord(models.Model):
    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="drill_records")
    game = models.CharField(max_length=8)
    kind = models.CharField(max_length=16)
    #: Right answers in a row, now.
    streak = models.PositiveIntegerField(default=0)
    #: The longest streak so far.
    best = models.PositiveIntegerField(default=0)
    answered = models.PositiveIntegerField(default=0)
    right = models.PositiveIntegerField(default=0)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["learner", "game", "kind"], name="one_record_per_drill")
        ]
        verbose_name = _("drill record")
        verbose_name_plural = _("drill records")

    def __str__(self) -> str:
        return f"{self.game} {self.kind}: best {self.best}"
