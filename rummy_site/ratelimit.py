"""A fixed-window rate limit on POSTs, counted in the database so that it holds across
app instances, at one SQL statement per request.

Each limit is a rate (``"120/m"``: 120 a minute; ``s``, ``m``, ``h``, ``d``) and a key
(the client: its visitor cookie, or its network address). :func:`hit` counts one request
against several limits in one ``INSERT ... ON CONFLICT DO UPDATE ... RETURNING``
(SQLite 3.35+ and PostgreSQL): a row per client and limit holds the current window's
end and its count, reset when a new window starts. django-ratelimit on Django's
database cache did the same job in 17 queries per POST (the cache's get, add, count
and set); this does it in one.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from django.db import connection
from django.db.models import Model
from django.http import HttpRequest

from .models import RateCount
from .prepared import PreparedQuery

V = TypeVar("V", bound=Callable[..., Any])
M = TypeVar("M", bound=Model)

_PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}

#: The clock (tests stop it, so that a window never ends in the middle of one).
clock = time.time


@dataclass(frozen=True)
class Limit:
    """``limit`` requests per ``period`` seconds for one client (``key``)."""

    name: str
    key: str
    limit: int
    period: int

    @classmethod
    def of(cls, name: str, key: str, rate: str) -> Limit:
        count, _, unit = rate.partition("/")
        return cls(name, key, int(count), _PERIODS[unit])

    @property
    def bucket(self) -> str:
        text = f"{self.name}:{self.limit}/{self.period}:{self.key}"
        return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class Over:
    """A limit the request went over, and the seconds until its window ends."""

    limit: Limit
    retry_after: int


def statement(limits: Sequence[Limit], now: float) -> tuple[str, list[str | int]]:
    """The one statement that counts a request against ``limits`` at ``now``, and its
    parameters: it returns each limit's ``bucket`` and its ``hits`` in this window."""
    table = connection.ops.quote_name(RateCount._meta.db_table)
    rows = ", ".join(["(%s, %s, 1)"] * len(limits))
    params: list[str | int] = []
    for limit in limits:
        params += [limit.bucket, (int(now // limit.period) + 1) * limit.period]
    sql = (
        f"INSERT INTO {table} (bucket, ends, hits) VALUES {rows} "
        f"ON CONFLICT (bucket) DO UPDATE SET "
        f"hits = CASE WHEN {table}.ends = excluded.ends THEN {table}.hits + 1 ELSE 1 END, "
        f"ends = excluded.ends "
        f"RETURNING bucket, hits"
    )
    return sql, params


def verdict(limits: Sequence[Limit], counts: Iterable[Sequence[Any]], now: float) -> Over | None:
    """The first of ``limits`` that the ``(bucket, hits)`` rows :func:`statement`
    returned go over, if any."""
    hits = {str(bucket): int(count) for bucket, count in counts}
    for limit in limits:
        if hits.get(limit.bucket, 0) > limit.limit:
            return Over(limit, limit.period - int(now % limit.period) or limit.period)
    return None


def hit(limits: Sequence[Limit], now: float | None = None) -> Over | None:
    """Count one request against every limit; the first one it goes over, if any."""
    if not limits:
        return None
    now = clock() if now is None else now
    sql, params = statement(limits, now)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return verdict(limits, cursor.fetchall(), now)


# -- Counted with a view's first read --------------------------------------------------
#
# A POST's count is one statement: on PostgreSQL a round trip to the database, which
# on a busy server waits for the database's process to get a core. A view whose first
# act is one read (a practice table's, a guided attempt's, a lesson's, or the learner's:
# ``learners.services.counted_with_learner``) can send the count with that read, in one
# statement (:func:`first_counting`, through
# :meth:`rummy_site.prepared.PreparedQuery.first_after`). The middleware leaves the
# count of such a view (marked with :func:`counted_with_first_read`) to it; the view
# takes it with :func:`take` and sends it, and raises :class:`Limited` when the request
# went over, before it does anything else. A POST whose view never takes its count (no
# such page, or a path that reads another way) is counted by :func:`settle`, so that
# every POST is counted exactly once.

_PENDING = "_rate_limits_pending"


class Limited(Exception):
    """Raised by a view that counted its own request and found it over a limit: the
    middleware answers with the 429 page."""

    def __init__(self, over: Over) -> None:
        super().__init__(over)
        self.over = over


@dataclass(frozen=True)
class Count:
    """A request's count, to be sent with a query: the statement, its parameters, how
    many columns it returns, and what to make of them (:meth:`check`)."""

    limits: tuple[Limit, ...]
    now: float

    @property
    def statement(self) -> tuple[str, list[str | int]]:
        return statement(self.limits, self.now)

    #: The statement returns ``bucket`` and ``hits``.
    columns = 2

    def check(self, rows: Iterable[Sequence[Any]]) -> None:
        """Raise :class:`Limited` when the rows the statement returned are over a limit."""
        over = verdict(self.limits, rows, self.now)
        if over is not None:
            raise Limited(over)


def first_counting(query: PreparedQuery[M], count: Count | None, **values: str | int) -> M | None:
    """``query.first(**values)``, sending ``count`` with it when there is one (one
    statement on PostgreSQL: :meth:`~rummy_site.prepared.PreparedQuery.first_after`);
    raises :class:`Limited`, before anything else is done, when it is over a limit."""
    if count is None:
        return query.first(**values)
    found, rows = query.first_after(count.statement, count.columns, **values)
    count.check(rows)
    return found


def counted_with_first_read(view: V) -> V:
    """Mark a view that counts its own POST with its first read (see above)."""
    view.counts_with_first_read = True  # type: ignore[attr-defined]
    return view


def defer(request: HttpRequest, limits: Sequence[Limit]) -> None:
    """Leave the request's count for later: its view, or :func:`settle`."""
    setattr(request, _PENDING, tuple(limits))


def take(request: HttpRequest) -> Count | None:
    """The request's count, if it has not been made: the caller sends it now."""
    limits = getattr(request, _PENDING, ())
    if not limits:
        return None
    setattr(request, _PENDING, ())
    return Count(limits, clock())


def settle(request: HttpRequest) -> Over | None:
    """Count the request now, if nobody has; the limit it went over, if any."""
    count = take(request)
    return hit(count.limits, count.now) if count is not None else None


def forget_old(now: float | None = None) -> int:
    """Delete the counts of windows that have ended (housekeeping); how many."""
    now = clock() if now is None else now
    deleted, _ = RateCount.objects.filter(ends__lt=int(now)).delete()
    return deleted


__all__ = [
    "Count",
    "Limit",
    "Limited",
    "Over",
    "counted_with_first_read",
    "defer",
    "first_counting",
    "forget_old",
    "hit",
    "settle",
    "statement",
    "take",
    "verdict",
]
