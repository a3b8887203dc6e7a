"""Who is learning: one :class:`Learner` per browser now, per account later.

Everything a learner owns or achieves (practice tables, guided-hand results,
lessons read) points at a ``Learner``, never at a session or a user directly.
Today a learner is created on first need and known by the browser's visitor
cookie (see :mod:`learners.services`); the classroom issue will add accounts and
classes on top (a pupil is a learner with a class membership; ``user`` links an account).
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Learner(models.Model):
    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="learner",
        verbose_name=_("account"),
    )
    #: SHA-256 of the browser's visitor cookie (the cookie itself is never stored).
    #: Unique, so that parallel first requests from one browser share one learner.
    #: NULL (not "") for a learner without one, as unique allows many NULLs.
    visitor_key = models.CharField(  # noqa: DJ001
        max_length=64, unique=True, null=True, editable=False
    )
    #: The name the learner last played under (practice tables, guided hands).
    display_name = models.CharField(_("name"), max_length=24, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    #: Days in a row on which the learner did something (answered, moved, drilled...),
    #: up to ``last_active_day``.
    streak_days = models.PositiveIntegerField(default=0)
    last_active_day = models.DateField(null=True, blank=True)

    class Meta:
        verbose_name = _("learner")
        verbose_name_plural = _("learners")

    def __str__(self) -> str:
        return f"learner {self.public_id}"
