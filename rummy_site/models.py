"""The site's own table: request counts for the rate limit (see :mod:`rummy_site.ratelimit`)."""

from __future__ import annotations

from django.db import models


class RateCount(models.Model):
    """How many POSTs one client (``bucket``: a digest of the limit and the client) made
    in its current window, which ends at ``ends`` (seconds since the epoch)."""

    bucket = models.CharField(max_length=64, primary_key=True)
    ends = models.BigIntegerField()
    hits = models.PositiveIntegerField()

    class Meta:
        indexes = [models.Index(fields=["ends"], name="ratecount_ends_idx")]

    def __str__(self) -> str:
        return f"{self.bucket}: {self.hits} until {self.ends}"
