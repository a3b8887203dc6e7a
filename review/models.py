"""A learner's review cards: one per thing they got wrong, scheduled by FSRS.

A card's ``key`` says what it asks again (see :mod:`review.services`): a lesson's
question (``check:gin/melds-groups-and-runs/0``) or a kind of guided-hand mistake
(``topic:gin/bad_run``). ``card`` is the scheduler's state (``fsrs.Card.to_dict()``);
``due`` is copied out of it so that "what is due" is one indexed query.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from learners.models import Learner


class ReviewCard(models.Model):
    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="review_cards")
    key = models.CharField(max_length=160)
    card = models.JSONField()
    due = models.DateTimeField()
    #: Answers given in review (a question's token names the count it was asked at, so
    #: that one answer is counted once).
    reviews = models.PositiveIntegerField(default=0)
    #: Mistakes counted on this card: the one that made it, each one made again in play,
    #: and each wrong answer in review (nothing shows it yet).
    lapses = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["learner", "key"], name="one_card_per_mistake")
        ]
        indexes = [models.Index(fields=["learner", "due"], name="review_due_idx")]
        verbose_name = _("review card")
        verbose_name_plural = _("review cards")

    def __str__(self) -> str:
        return f"{self.key} due {self.due:%Y-%m-%d %H:%M}"
