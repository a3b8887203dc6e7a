"""Server-sent events of tables for people: a player's page hears at once that its
table changed, instead of asking every second.

A table's page keeps one request open to ``/events/tables/<public_id>/`` (htmx's SSE
extension, ``sse-connect``). The answer is a stream of server-sent events: ``changed``,
with the table's version as its data and id, whenever the table's version moves on,
or someone to move has let the table's wait pass (the page's poll then asks the view,
which lets the computer take that seat). The page redraws itself on that event with
the poll it already had (``hx-trigger="sse:changed, every 10s"``), which stays as the
fallback. Nothing a player may not see is in the stream: only the version.

**One watcher per process.** The streams never touch the database. A
:class:`Watcher` thread reads the watched tables' rows in one query every
``SHARED_EVENTS_INTERVAL`` seconds (0.2) and wakes the streams of the tables whose
row changed; it holds one database connection while something is watched and none
otherwise. Every process (and every app instance) reads the database itself, so the
events need no shared memory, no message broker and no timer: they hold on any
number of instances.

**Threads.** A stream holds its thread for its life (``SHARED_EVENTS_LIFETIME``
seconds, then the browser reconnects), so it streams only under a threaded server:
``runserver``, the test server, or gunicorn's ``gthread`` workers (docs/deploy.md: a
second gunicorn instance with a few hundred threads, to which the reverse proxy sends
``/events/``). Under a server that handles one request at a time per process
(gunicorn's default ``sync`` workers) a stream would take a whole worker, so it says
only whether the table changed since the page's version and ends, asking the browser
to come back in ``SHARED_POLL_SECONDS``: a poll, as before. The same answer is given
when the process already holds ``SHARED_EVENTS_MAX_STREAMS`` streams (set it below the
worker's threads): a script that opens streams by the hundred turns the newcomers'
streams into one-second polls, and never takes the threads the process needs to
answer them.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from django.conf import settings
from django.db import close_old_connections, connection

from .models import SharedTable
from .services import absent_seats

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class TableMark:
    """What a stream reports of a table: its version, and whether someone to move has
    let the table's wait pass."""

    version: int
    absent: bool = False


#: Reads the marks of the tables with these public ids (absent ones are missing).
Fetch = Callable[[Iterable[str]], dict[str, TableMark]]


def fetch_marks(public_ids: Iterable[str]) -> dict[str, TableMark]:
    """The watched tables' marks, in one query."""
    rows = SharedTable.objects.filter(public_id__in=list(public_ids)).values_list(
        "public_id", "version", "waiting", "away_seconds", "paused"
    )
    return {
        public_id: TableMark(
            version, bool(absent_seats(waiting, away_seconds=away_seconds, paused=paused))
        )
        for public_id, version, waiting, away_seconds, paused in rows
    }


class Subscription:
    """One stream's interest in one table: woken when the table's mark changes."""

    def __init__(self, public_id: str) -> None:
        self.public_id = public_id
        self.changed = threading.Event()
        self.mark: TableMark | None = None
        self.ended = False


class Watcher:
    """Reads the marks of every watched table in one query a tick, and wakes the
    subscriptions of the tables whose mark changed."""

    def __init__(
        self, *, interval: float, fetch: Fetch = fetch_marks, autostart: bool = True
    ) -> None:
        self.interval = interval
        self.fetch = fetch
        self.autostart = autostart
        self._lock = threading.Condition()
        self._subscriptions: dict[str, set[Subscription]] = {}
        self._marks: dict[str, TableMark] = {}
        self._thread: threading.Thread | None = None
        self._reading = False

    def subscribe(self, public_id: str) -> Subscription:
        subscription = Subscription(public_id)
        with self._lock:
            self._subscriptions.setdefault(public_id, set()).add(subscription)
            subscription.mark = self._marks.get(public_id)
            if self.autostart and (self._thread is None or not self._thread.is_alive()):
                self._thread = threading.Thread(target=self._run, name="table-events", daemon=True)
                self._thread.start()
            self._lock.notify_all()
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        with self._lock:
            others = self._subscriptions.get(subscription.public_id)
            if others is not None:
                others.discard(subscription)
                if not others:
                    del self._subscriptions[subscription.public_id]
                    self._marks.pop(subscription.public_id, None)

    def watched(self) -> int:
        """How many tables are watched."""
        with self._lock:
            return len(self._subscriptions)

    def streams(self) -> int:
        """How many streams are open (each holds a thread of this process)."""
        with self._lock:
            return sum(len(subscriptions) for subscriptions in self._subscriptions.values())

    def stop(self, timeout: float = 5.0) -> None:
        """End every stream now (a test ending, a server stopping): each returns at
        once, and the thread, once its read is done, waits without a connection."""
        with self._lock:
            for subscriptions in self._subscriptions.values():
                for subscription in subscriptions:
                    subscription.ended = True
                    subscription.changed.set()
        ends = time.monotonic() + timeout
        while time.monotonic() < ends:
            with self._lock:
                if not self._subscriptions and not self._reading:
                    return
            time.sleep(0.01)

    def tick(self) -> None:
        """Read the watched tables once and wake the subscriptions whose table changed
        (the thread's loop; a test calls it directly)."""
        with self._lock:
            public_ids = list(self._subscriptions)
        if not public_ids:
            return
        marks = self.fetch(public_ids)
        with self._lock:
            for public_id in public_ids:
                mark = marks.get(public_id)
                if mark is None or self._marks.get(public_id) == mark:
                    continue
                self._marks[public_id] = mark
                for subscription in self._subscriptions.get(public_id, ()):
                    subscription.mark = mark
                    subscription.changed.set()

    def _run(self) -> None:
        while True:
            with self._lock:
                while not self._subscriptions:
                    # Nothing watched: no database connection held meanwhile.
                    connection.close()
                    self._lock.wait()
                self._reading = True
            try:
                close_old_connections()
                self.tick()
            except Exception:  # the database went away: try again on the next tick
                log.exception("reading the tables for their events failed")
                connection.close()
            finally:
                with self._lock:
                    self._reading = False
            time.sleep(self.interval)


_watcher: Watcher | None = None
_watcher_lock = threading.Lock()


def watcher() -> Watcher:
    """This process's watcher, made on first use."""
    global _watcher
    with _watcher_lock:
        if _watcher is None:
            _watcher = Watcher(interval=float(getattr(settings, "SHARED_EVENTS_INTERVAL", 0.2)))
        return _watcher


def event(version: int) -> str:
    """A ``changed`` event: the version is its id, so that a browser reconnecting says
    (``Last-Event-ID``) which version it last heard of."""
    return f"id: {version}\nevent: changed\ndata: {version}\n\n"


def stream(
    public_id: str,
    known: int,
    current: TableMark,
    *,
    source: Watcher | None = None,
    heartbeat: float = 15.0,
    lifetime: float = 300.0,
    clock: Callable[[], float] = time.monotonic,
) -> Iterator[str]:
    """A table's events for a page that knows version ``known``; ``current`` is the
    table's mark as the view read it. A comment line each ``heartbeat`` seconds keeps
    the connection open through proxies (and finds a closed one); after ``lifetime``
    seconds the stream ends and the browser reconnects."""
    source = source or watcher()
    subscription = source.subscribe(public_id)
    try:
        yield f"retry: {reconnect_ms()}\n\n"
        mark = subscription.mark or current
        if mark.version != known or mark.absent:
            yield event(mark.version)
            known = mark.version
        ends = clock() + lifetime
        while clock() < ends:
            if not subscription.changed.wait(timeout=min(heartbeat, max(0.0, ends - clock()))):
                yield ": still here\n\n"
                continue
            if subscription.ended:
                return
            subscription.changed.clear()
            mark = subscription.mark or mark
            if mark.version != known or mark.absent:
                yield event(mark.version)
                known = mark.version
    finally:
        source.unsubscribe(subscription)


def one_look(known: int, current: TableMark) -> Iterator[str]:
    """The whole answer where a stream cannot stay open (one request at a time per
    process): the change since ``known``, if any, and when to ask again."""
    yield f"retry: {reconnect_ms()}\n\n"
    if current.version != known or current.absent:
        yield event(current.version)


def reconnect_ms() -> int:
    """How long a browser waits before it reconnects (``SHARED_POLL_SECONDS``)."""
    return int(float(getattr(settings, "SHARED_POLL_SECONDS", 1)) * 1000)


__all__ = [
    "Subscription",
    "TableMark",
    "Watcher",
    "event",
    "fetch_marks",
    "one_look",
    "reconnect_ms",
    "stream",
    "watcher",
]
