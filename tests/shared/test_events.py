"""A table for people's server-sent events (``game.shared.events``): the watcher wakes
only the streams of a table that changed, a stream says ``changed`` with the version
and nothing else, a server that cannot stream answers one look, and over real HTTP a
player's stream hears the other's move at once."""

from __future__ import annotations

import http.client
import threading
import time
from collections.abc import Iterable
from types import SimpleNamespace
from urllib.parse import urlsplit

import pytest

from game.engine import BotPlayer
from game.shared import events, services, views
from game.shared.events import TableMark, Watcher
from game.shared.models import SharedTable
from tests import factories
from tests.shared.test_views import HX, open_and_fill


class Marks:
    """A stand-in for the database: the marks a tick reads, and how many reads."""

    def __init__(self, **marks: TableMark) -> None:
        self.marks = dict(marks)
        self.reads: list[list[str]] = []

    def __call__(self, public_ids: Iterable[str]) -> dict[str, TableMark]:
        wanted = list(public_ids)
        self.reads.append(wanted)
        return {p: self.marks[p] for p in wanted if p in self.marks}


def a_watcher(marks: Marks) -> Watcher:
    return Watcher(interval=60, fetch=marks, autostart=False)


# ------------------------------------------------------------------ the watcher
def test_one_read_a_tick_for_every_watched_table_and_only_a_changed_one_wakes() -> None:
    marks = Marks(a=TableMark(3), b=TableMark(7))
    watcher = a_watcher(marks)
    at_a, also_at_a, at_b = watcher.subscribe("a"), watcher.subscribe("a"), watcher.subscribe("b")
    watcher.tick()
    assert marks.reads == [["a", "b"]] and watcher.watched() == 2
    for subscription in (at_a, also_at_a, at_b):  # first read: everyone learns the mark
        assert subscription.changed.is_set()
        subscription.changed.clear()
    marks.marks["a"] = TableMark(4)
    watcher.tick()
    assert at_a.changed.is_set() and also_at_a.changed.is_set()
    assert at_a.mark == TableMark(4)
    assert not at_b.changed.is_set(), "a table that did not change woke its stream"
    at_a.changed.clear()
    watcher.tick()  # nothing changed: nobody wakes
    assert not at_a.changed.is_set()
    marks.marks["a"] = TableMark(4, absent=True)  # someone let the wait pass
    watcher.tick()
    assert at_a.changed.is_set()


def test_the_last_stream_of_a_table_leaving_stops_its_reads() -> None:
    marks = Marks(a=TableMark(1))
    watcher = a_watcher(marks)
    first, second = watcher.subscribe("a"), watcher.subscribe("a")
    watcher.unsubscribe(first)
    watcher.tick()
    assert marks.reads == [["a"]]
    watcher.unsubscribe(second)
    watcher.tick()
    assert marks.reads == [["a"]] and watcher.watched() == 0
    late = watcher.subscribe("a")  # a new stream learns the mark again on its first tick
    watcher.tick()
    assert late.changed.is_set() and late.mark == TableMark(1)


def test_a_table_gone_meanwhile_wakes_nobody() -> None:
    marks = Marks()
    watcher = a_watcher(marks)
    subscription = watcher.subscribe("gone")
    watcher.tick()
    assert not subscription.changed.is_set()


# ------------------------------------------------------------------ the stream
def test_a_stream_says_changed_with_the_version_and_nothing_else() -> None:
    marks = Marks(t=TableMark(5))
    watcher = a_watcher(marks)
    stream = events.stream("t", 5, TableMark(5), source=watcher, heartbeat=0.01, lifetime=60)
    assert next(stream).startswith("retry: ")
    assert next(stream) == ": still here\n\n"  # nothing new: a comment keeps it open
    marks.marks["t"] = TableMark(6)
    watcher.tick()
    assert next(stream) == "id: 6\nevent: changed\ndata: 6\n\n"
    watcher.tick()
    assert next(stream) == ": still here\n\n"
    stream.close()
    assert watcher.watched() == 0, "a closed stream still watches its table"


def test_a_page_behind_hears_at_once_and_an_absent_player_is_news() -> None:
    watcher = a_watcher(Marks(t=TableMark(9)))
    stream = events.stream("t", 7, TableMark(9), source=watcher, heartbeat=0.01, lifetime=60)
    next(stream)
    assert next(stream) == events.event(9)
    stream.close()
    absent = events.stream("t", 9, TableMark(9, True), source=watcher, heartbeat=1, lifetime=60)
    next(absent)
    assert next(absent) == events.event(9)
    absent.close()


def test_a_stream_ends_after_its_lifetime() -> None:
    watcher = a_watcher(Marks(t=TableMark(1)))
    now = [0.0]
    stream = events.stream(
        "t", 1, TableMark(1), source=watcher, heartbeat=0.01, lifetime=5, clock=lambda: now[0]
    )
    next(stream)
    assert next(stream) == ": still here\n\n"
    now[0] = 6.0
    assert list(stream) == []
    assert watcher.watched() == 0


def test_one_look_where_a_stream_cannot_stay_open() -> None:
    assert list(events.one_look(4, TableMark(4))) == [f"retry: {events.reconnect_ms()}\n\n"]
    assert list(events.one_look(3, TableMark(4)))[1] == events.event(4)
    assert list(events.one_look(4, TableMark(4, absent=True)))[1] == events.event(4)


# ------------------------------------------------------------------ the view
@pytest.mark.django_db
def test_the_view_answers_one_look_to_a_one_request_server() -> None:
    table, ona, _others = open_and_fill()
    url = f"/events/tables/{table.public_id}/"
    response = ona.get(url, {"v": table.version})
    assert response.status_code == 200
    assert response["Content-Type"] == "text/event-stream"
    assert response["Cache-Control"] == "no-store"
    body = b"".join(response.streaming_content).decode()  # type: ignore[attr-defined]
    assert body == f"retry: {events.reconnect_ms()}\n\n"
    behind = b"".join(ona.get(url, {"v": table.version - 1}).streaming_content).decode()  # type: ignore[attr-defined]
    assert behind.endswith(events.event(table.version))
    # A reconnecting browser says which version it last heard of.
    heard = ona.get(url, {"v": 0}, HTTP_LAST_EVENT_ID=str(table.version))
    assert b"".join(heard.streaming_content).decode().count("event:") == 0  # type: ignore[attr-defined]
    assert ona.get("/events/tables/nosuchtable/").status_code == 404
    assert ona.post(url).status_code == 405


@pytest.mark.django_db
def test_a_process_full_of_streams_answers_one_look(settings, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Past ``SHARED_EVENTS_MAX_STREAMS`` open streams, a threaded server answers the
    next page at once (it polls), instead of giving it a thread; under the cap, it
    streams."""
    table, ona, _others = open_and_fill()
    settings.SHARED_EVENTS_MAX_STREAMS = 3
    settings.SHARED_EVENTS_LIFETIME = 0.05
    watcher = a_watcher(Marks(**{table.public_id: TableMark(table.version)}))
    monkeypatch.setattr(events, "_watcher", watcher)
    # A stream gives its database connection back; the test's own must stay open.
    monkeypatch.setattr(views, "connection", SimpleNamespace(close=lambda: None))
    held = [watcher.subscribe(f"other{n}") for n in range(2)]
    url = f"/events/tables/{table.public_id}/"
    threaded = {"wsgi.multithread": True}
    streaming = ona.get(url, {"v": table.version}, **threaded).streaming_content  # type: ignore[attr-defined]
    assert next(iter(streaming)) == f"retry: {events.reconnect_ms()}\n\n".encode()
    assert watcher.streams() == 3, "under the cap the page streams"
    full = ona.get(url, {"v": table.version - 1}, **threaded)
    assert b"".join(full.streaming_content).decode() == (  # type: ignore[attr-defined]
        f"retry: {events.reconnect_ms()}\n\n" + events.event(table.version)
    )
    assert watcher.streams() == 3, "over the cap a page holds no stream"
    b"".join(streaming)  # its lifetime over, the first stream ends and lets go
    for subscription in held:
        watcher.unsubscribe(subscription)
    assert watcher.streams() == 0


@pytest.mark.django_db
def test_the_page_connects_to_its_events_and_polls_now_and_then(settings) -> None:  # type: ignore[no-untyped-def]
    table, ona, _others = open_and_fill()
    html = ona.get(f"/lt/play/{table.public_id}/").content.decode()
    assert f'sse-connect="/events/tables/{table.public_id}/?v={table.version}"' in html
    assert 'hx-trigger="sse:changed, every 10s"' in html
    assert "hx-sse-2.min.js" in html
    settings.SHARED_EVENTS = False
    html = ona.get(f"/lt/play/{table.public_id}/").content.decode()
    assert "sse-connect" not in html and 'hx-trigger="every 1s"' in html


# ------------------------------------------------------------------ over HTTP
def read_events(response: http.client.HTTPResponse, until: float) -> Iterable[str]:
    """The stream's events (blank-line separated), as they arrive."""
    block: list[str] = []
    while time.monotonic() < until:
        line = response.fp.readline().decode()
        if not line:
            return
        if line == "\n":
            yield "".join(block)
            block = []
        else:
            block.append(line)


@pytest.mark.django_db(transaction=True)
def test_a_players_stream_hears_the_others_move_at_once(live_server, settings) -> None:  # type: ignore[no-untyped-def]
    settings.SHARED_EVENTS_HEARTBEAT = 0.5
    table, ona, (sasha,) = open_and_fill()
    state = services.shared_state(table=table)
    mover = 0 if state.my_turn(0) else 1
    host = urlsplit(live_server.url)
    connection = http.client.HTTPConnection(host.hostname, host.port, timeout=5)
    # As a browser asks: a stream gzipped by the site would hold the event back.
    connection.request(
        "GET",
        f"/events/tables/{table.public_id}/?v={table.version}",
        headers={"Accept-Encoding": "gzip, deflate, br"},
    )
    response = connection.getresponse()
    assert response.status == 200 and response.getheader("Content-Type") == "text/event-stream"
    received: list[str] = []

    def listen() -> None:
        # Five seconds: the watcher reads every 0.2 s; a stream not woken would only
        # say something at its first comment line, 15 s on.
        for block in read_events(response, time.monotonic() + 5):
            received.append(block)
            if "event: changed" in block:
                return

    listener = threading.Thread(target=listen)
    listener.start()
    time.sleep(0.3)  # the stream is open and its table watched
    client, language = (ona, "lt") if mover == 0 else (sasha, "ru")
    move = BotPlayer(seed=1).choose(state.view_for(mover))  # type: ignore[arg-type]
    reply = client.post(
        f"/{language}/play/{table.public_id}/move/",
        {"version": str(table.version), **factories.move_data(move)},
        **HX,
    )
    assert reply.status_code == 200
    listener.join(timeout=6)
    changed = [block for block in received if "event: changed" in block]
    assert changed, f"no event within 5 s: {received}"
    assert ": still here\n" not in received, "woken by its comment line, not by the move"
    version = SharedTable.objects.get(pk=table.pk).version
    assert changed[0] == f"id: {version}\nevent: changed\ndata: {version}\n"
    response.close()
    connection.close()
    # The closed stream stops being watched at its next comment line.
    deadline = time.monotonic() + 5
    while events.watcher().watched() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert events.watcher().watched() == 0


def test_stopping_the_watcher_ends_every_stream_at_once() -> None:
    watcher = a_watcher(Marks(t=TableMark(1)))
    stream = events.stream("t", 1, TableMark(1), source=watcher, heartbeat=30, lifetime=60)
    next(stream)
    stopper = threading.Thread(target=watcher.stop)
    stopper.start()
    # Woken and ended: a stream that waited for its next comment line would say
    # ": still here" (30 s on) before its lifetime ran out.
    assert list(stream) == []
    stopper.join()
    assert watcher.watched() == 0


@pytest.mark.django_db
def test_the_watchers_read_sees_a_version_and_a_wait_let_pass() -> None:
    table, _ona, _others = open_and_fill()
    marks = events.fetch_marks([table.public_id, "nosuchtable"])
    assert marks == {table.public_id: TableMark(table.version, absent=False)}
    seat = next(s for s, _since in table.waiting)
    SharedTable.objects.filter(pk=table.pk).update(waiting=[[seat, 0]])  # waited for ages
    assert events.fetch_marks([table.public_id])[table.public_id].absent is True
    SharedTable.objects.filter(pk=table.pk).update(paused=True)  # a paused table waits
    assert events.fetch_marks([table.public_id])[table.public_id].absent is False
