"""Load benchmark of tables for people: classmates playing each other, checked.

    python bench/shared_tables.py                       # 1 class: 15 tables of 2, 3 of 4
    DATABASE_URL=postgres://... python bench/shared_tables.py --classes 10 --instances 2 \
        --seconds 60 --warmup 15

Makes ``--classes`` classes, each with its teacher and ``2 * --pairs + 4 * --fours``
pupils (15 and 3 by default: 42 pupils), seats each class at ``--pairs`` Knock Rummy
tables of two and ``--fours`` tables of four (the teacher's "Seat the class", through
the service), then starts ``--instances`` gunicorn servers on one database (as
``bench/load.py`` does: ``--workers``, ``--worker-class``, ``--threads``) and plays.

Every pupil is one thread with its own visitor cookie (the players of a table share a
client process, so that a move's time can be compared with the moment the others see
it). A pupil keeps the table page open as the browser does. By default it listens to
the table's server-sent events (``game.shared.events``), served by
``--events-instances`` gunicorn servers of one ``gthread`` worker with
``--events-threads`` threads each (docs/deploy.md), and redraws the table on each
``changed`` event with the page's poll (``?v=<version>``), which it also sends every
``--fallback-poll`` seconds (10, as the page does). With ``--no-events`` it polls every
``--poll`` seconds instead (the page without events; 204 while nothing changed). On
their turn they read the page for a moment (uniform around ``--think`` seconds; without
events the page polls meanwhile, as htmx's does) and click what a sensible player clicks
(``bench/load.py``'s ``choose``: draw, discard the card that leaves the least
deadwood, knock when it is low); a hint now and then
(``--hints``). When the hand is over the first seat deals the next one. Each teacher
keeps the class page open (its poll every ``--teacher-poll`` seconds).

It prints, per kind of request, client p50/p95/p99, the server's p50/p95 and queries
per request (from the bench settings' headers; an event stream is no request-response
and counts apart: streams opened, events heard); "move visible" is the time from a
move's answer to its player until each other player's page shows it (p50/p95); errors (5xx,
failed connections), refusals (4xx: a stale version after a race is one) and the move-log
check: every table's stored moves, seat by seat, against what its players saw accepted
("lost or doubled": tables where they differ). Client and servers share the cores.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import re
import select
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.load import (  # noqa: E402
    Learner,
    Stats,
    choose,
    move_text,
    percentile,
    run_teachers,
    start_servers,
    summary,
    wait_for,
)

GAME = "knock"


class Watch:
    """One table, in one client process: when each version was answered to its mover,
    and how long each other player took to see it."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.answered: dict[int, float] = {}
        self.seen: dict[int, int] = defaultdict(int)  # highest version each seat saw
        self.visible: list[float] = []

    def moved(self, version: int, at: float) -> None:
        with self.lock:
            self.answered[version] = at

    def shown(self, seat: int, version: int, at: float, mover_of: dict[int, int]) -> None:
        with self.lock:
            for v in range(self.seen[seat] + 1, version + 1):
                if v in self.answered and mover_of.get(v) != seat:
                    self.visible.append(at - self.answered[v])
            self.seen[seat] = max(self.seen[seat], version)


class StreamClosed(Exception):
    """The server ended the stream (its lifetime) or the connection broke."""


class EventStream:
    """A page's server-sent events, read as a browser's ``EventSource`` does: one
    long-lived GET (HTTP/1.0, so that gunicorn streams it unchunked), blocks of lines
    separated by a blank line; a reconnection names the last event heard."""

    def __init__(self, port: int, path: str, last_id: int | None) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        heard = f"Last-Event-ID: {last_id}\r\n" if last_id is not None else ""
        self.sock.sendall(
            f"GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
            f"{heard}\r\n".encode()
        )
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            data = self.sock.recv(4096)
            if not data:
                raise StreamClosed("no answer")
            self.buffer += data
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        status = head.split(b"\r\n", 1)[0]
        if b" 200 " not in status + b" ":
            self.close()
            raise StreamClosed(status.decode(errors="replace"))

    def changed(self, timeout: float) -> int | None:
        """The version of the next ``changed`` event within ``timeout`` seconds, or None."""
        ends = time.monotonic() + timeout
        while True:
            while b"\n\n" in self.buffer:
                block, self.buffer = self.buffer.split(b"\n\n", 1)
                lines = block.decode().splitlines()
                if "event: changed" in lines:
                    data = next(line for line in lines if line.startswith("data: "))
                    return int(data[6:])
            left = ends - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([self.sock], [], [], left)
            if not ready:
                return None
            try:
                data = self.sock.recv(4096)
            except OSError as exc:
                raise StreamClosed(str(exc)) from exc
            if not data:
                raise StreamClosed("ended")
            self.buffer += data

    def close(self) -> None:
        self.sock.close()


def _version(html: str) -> int | None:
    found = re.search(r'data-version="(\d+)"', html)
    return int(found.group(1)) if found else None


def play_seat(
    me: Learner,
    table: dict[str, Any],
    seat: int,
    watch: Watch,
    mover_of: dict[int, int],
    options: dict[str, Any],
) -> None:
    """One pupil at their table: the page, its events (or its poll), their moves on
    their turn."""
    url = f"/en/play/{table['public_id']}/"
    events = options["event_ports"]
    stream: EventStream | None = None
    heard: int | None = None
    time.sleep(me.rng.uniform(0, options["poll"]))
    # The page opened as a browser opens it (not an htmx request): it sets the CSRF
    # cookie that the moves' header then carries.
    status, html, _ = me.request("GET", url, kind="table", full=True)
    version = _version(html) if status == 200 else None
    last_look = time.monotonic()

    def redraw() -> None:
        nonlocal html, version, last_look
        last_look = time.monotonic()
        status, text, _ = me.request("GET", f"{url}?v={version}", kind="poll")
        if status == 200:
            html, fresh = text, _version(text)
            if fresh is not None:
                watch.shown(seat, fresh, time.perf_counter(), mover_of)
            version = fresh
        elif status != 204:
            version = None

    try:
        while time.monotonic() < me.deadline:
            if version is None:  # lost the page: load it again
                time.sleep(options["poll"])
                status, html, _ = me.request("GET", url, kind="table", full=True)
                version = _version(html) if status == 200 else None
                continue
            if "<strong>Your turn.</strong>" in html:
                # A person reads the page; without events their page polls meanwhile.
                think_until = time.monotonic() + me.rng.uniform(0.5, 1.5) * me.think
                while not events and time.monotonic() + options["poll"] < think_until:
                    time.sleep(options["poll"])
                    me.request("GET", f"{url}?v={version}", kind="poll")
                time.sleep(max(0.0, think_until - time.monotonic()))
                move = choose(html, me.rng)
                if move is None:
                    version = None
                    continue
                if me.rng.random() < options["hints"] and move["action"] != "draw_stock":
                    me.request("POST", url + "hint/", {"version": str(version)}, kind="hint")
                # Confirmed at once: a move that ends the hand is asked about first.
                data = {"version": str(version), **move, "confirm": "1"}
                status, text, _ = me.request("POST", url + "move/", data, kind="move")
                after = _version(text) if status in (200, 409, 422) else None
                if status == 200 and after is not None and after > version:
                    answered = time.perf_counter()
                    with me.lock:
                        me.stats.accepted.setdefault(table["public_id"], []).append(
                            f"{seat} {move_text(move)}"
                        )
                    with watch.lock:
                        for v in range(version + 1, after + 1):
                            mover_of[v] = seat
                    watch.moved(version + 1, answered)
                    watch.seen[seat] = max(watch.seen[seat], after)
                html, version = (text, after) if after is not None else ("", None)
                continue
            if "The hand is over." in html and "The match is over" not in html and seat == 0:
                me.pause()
                status, text, _ = me.request(
                    "POST", url + "next/", {"version": str(version)}, kind="next hand"
                )
                if status == 200:
                    with me.lock:
                        me.stats.hands += 1
                elif status == 409:
                    # Refused: perhaps the match is over, which the page says after the
                    # scoring's last step. A person reads it all.
                    status, text, _ = me.request("GET", f"{url}?step=all", kind="table")
                html, version = (text, _version(text)) if status in (200, 409) else ("", None)
                continue
            if "The match is over" in html:  # "The match is over: Ona wins."
                return
            if not events:
                time.sleep(options["poll"])
                redraw()
                continue
            # Wait for the table's next event, as the page's EventSource does; the
            # page's own poll now and then besides.
            if stream is None:
                port = events[(me.turn + seat) % len(events)]
                path = f"/events/tables/{table['public_id']}/?v={version}"
                try:
                    stream = EventStream(port, path, heard)
                    me.count("events opened")
                except (OSError, StreamClosed) as exc:
                    me.count("events refused", str(exc))
                    time.sleep(1.0)
                    continue
            fallback = last_look + options["fallback_poll"] - time.monotonic()
            try:
                changed = stream.changed(
                    timeout=max(0.0, min(fallback, me.deadline - time.monotonic()))
                )
            except StreamClosed:
                stream.close()
                stream = None  # ended (its lifetime) or broke: the browser reconnects
                continue
            if changed is not None:
                heard = changed
                me.count("events heard")
                if changed != version:
                    redraw()
            elif time.monotonic() >= last_look + options["fallback_poll"]:
                redraw()
    finally:
        if stream is not None:
            stream.close()


def run_tables(tables: list[dict[str, Any]], ports: list[int], options: dict[str, Any]) -> Stats:
    """One client process: the players of its tables, each in a thread."""
    stats = Stats()
    lock = threading.Lock()
    deadline = time.monotonic() + options["seconds"]
    threads = []
    watches = []
    for number, table in enumerate(tables):
        watch, mover_of = Watch(), {}
        watches.append(watch)
        for seat, token in enumerate(table["tokens"]):
            me = Learner(
                number * 10 + seat,
                ports,
                stats,
                lock,
                deadline,
                options["think"],
                js=True,
                mix={},
                hints=0.0,
            )
            me.cookies[options["cookie"]] = token
            me.turn = number + seat  # spread over the instances
            me.measure_from = time.monotonic() + options["warmup"]
            threads.append(
                threading.Thread(
                    target=play_seat,
                    args=(me, table, seat, watch, mover_of, options),
                    daemon=True,
                )
            )
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=options["seconds"] + 60)
    stats.latency["move visible"] = [v for w in watches for v in w.visible]
    return stats.plain()


def make_school(classes: int, pairs: int, fours: int) -> tuple[list[dict[str, Any]], list[Any]]:
    """The classes, their pupils (learners with known visitor tokens) and their tables."""
    from django.contrib.auth.models import User
    from django.db import connections

    from classroom import services
    from classroom.models import ClassTable
    from game.shared import services as shared
    from learners.models import Learner as LearnerRow
    from learners.services import digest, new_token

    tables: list[dict[str, Any]] = []
    teachers = []
    for number in range(classes):
        user = User.objects.create_user(f"teacher{number}-{time.time_ns()}", password="bench-pw")
        room = services.class_create(teacher=user, name=f"Class {number + 1}", language="en")
        teachers.append(
            {
                "username": user.username,
                "password": "bench-pw",
                "public_id": room.public_id,
                "code": room.join_code,
            }
        )
        people = []
        tokens: dict[int, str] = {}
        for p in range(2 * pairs + 4 * fours):
            token = new_token()
            learner = LearnerRow.objects.create(visitor_key=digest(token))
            services.class_join(learner=learner, code=room.join_code, name=f"P{number}-{p}")
            people.append((learner, f"P{number}-{p}"))
            tokens[learner.pk] = token
        seated = []
        for group, players in ((people[: 2 * pairs], 2), (people[2 * pairs :], 4)):
            if group:  # --pairs 0 or --fours 0: no tables of that size
                seated += shared.seat_people(people=group, game=GAME, players=players)
        # Numbered as "Seat the class" numbers a seating's tables ("Table 2").
        ClassTable.objects.bulk_create(
            ClassTable(classroom=room, table=t, number=n) for n, t in enumerate(seated, start=1)
        )
        for table in seated:
            tables.append(
                {
                    "public_id": table.public_id,
                    "players": len(table.seats),
                    "tokens": [tokens[s["learner"]] for s in table.seats],
                }
            )
    connections.close_all()  # no connection may cross the fork of the client processes
    return tables, teachers


def check_move_logs(accepted: dict[str, list[str]]) -> dict[str, int]:
    """Each table's stored moves, seat by seat in order, against what its players saw
    accepted (every accepted move exactly once; nothing the players did not send)."""
    from game.shared import services as shared
    from game.shared.models import SharedTable

    lost = doubled = checked = 0
    for table in SharedTable.objects.filter(public_id__in=list(accepted)):
        state = shared.shared_state(table=table)
        stored: list[str] = []
        for round_ in state.rounds:
            for board in round_:
                hand = state.hand_of(board)
                stored += [f"{board.seats[e.player]} {e.move}" for e in hand.log if e.move]
        sent = accepted[table.public_id]
        checked += 1
        by_seat_stored = sorted(stored, key=lambda m: int(m.split()[0]))
        by_seat_sent = sorted(sent, key=lambda m: int(m.split()[0]))
        if by_seat_stored != by_seat_sent:
            if len(stored) > len(sent):
                doubled += 1
            else:
                lost += 1
    return {"tables_checked": checked, "lost_or_short": lost, "doubled_or_extra": doubled}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--classes", type=int, default=1)
    parser.add_argument("--pairs", type=int, default=15, help="tables of two per class")
    parser.add_argument("--fours", type=int, default=3, help="tables of four per class")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--think", type=float, default=3.0, help="mean seconds per click")
    parser.add_argument(
        "--poll", type=float, default=1.0, help="seconds between polls (--no-events)"
    )
    parser.add_argument(
        "--no-events", action="store_true", help="pages poll instead of listening to events"
    )
    parser.add_argument(
        "--fallback-poll", type=float, default=10.0, help="a page's poll with events"
    )
    parser.add_argument("--events-instances", type=int, default=0, help="default: --instances")
    parser.add_argument("--events-threads", type=int, default=0, help="default: its players + 20")
    parser.add_argument("--teacher-poll", type=float, default=10.0)
    parser.add_argument("--hints", type=float, default=0.1)
    parser.add_argument("--instances", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--worker-class", default="sync", choices=["sync", "gthread"])
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--clients", type=int, default=4, help="client processes")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    tmp = Path(tempfile.mkdtemp(prefix="rummy-shared-"))
    env = dict(os.environ)
    env["DJANGO_SETTINGS_MODULE"] = "rummy_site.settings.bench"
    database = env.get("DATABASE_URL") or f"sqlite:///{tmp / 'shared.sqlite3'}"
    env["DATABASE_URL"] = database
    python = sys.executable
    subprocess.run(
        [python, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    os.environ.update({k: env[k] for k in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")})
    import django

    django.setup()
    from learners.services import cookie_name

    tables, teachers = make_school(args.classes, args.pairs, args.fours)
    ports, servers = start_servers(args, env)
    event_ports: list[int] = []
    if not args.no_events:
        count = args.events_instances or args.instances
        players = sum(t["players"] for t in tables)
        threads = args.events_threads or -(-players // count) + 20
        streams = argparse.Namespace(
            instances=count, workers=1, worker_class="gthread", threads=threads
        )
        # Every player's page streams: the process's cap stays above them.
        stream_env = {**env, "SHARED_EVENTS_MAX_STREAMS": str(max(threads - 10, 1))}
        event_ports, event_servers = start_servers(streams, stream_env)
        servers += event_servers
    options = {
        "event_ports": event_ports,
        "fallback_poll": args.fallback_poll,
        "seconds": args.seconds,
        "warmup": args.warmup,
        "think": args.think,
        "poll": args.poll,
        "hints": args.hints,
        "cookie": cookie_name(),
    }
    try:
        wait_for(ports + event_ports)
        groups = [tables[n :: args.clients] for n in range(args.clients)]
        started = time.monotonic()
        with multiprocessing.get_context("fork").Pool(args.clients + 1) as pool:
            teaching = pool.apply_async(
                run_teachers, (teachers, ports, args.seconds, args.teacher_poll, args.warmup)
            )
            parts = pool.starmap(run_tables, [(g, ports, options) for g in groups if g])
            parts.append(teaching.get(timeout=args.seconds + 120))
        elapsed = time.monotonic() - started
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=20)
    stats = Stats()
    for part in parts:
        stats.merge(part)
    figures = summary(stats, elapsed)
    logs = check_move_logs(stats.accepted)
    shutil.rmtree(tmp, ignore_errors=True)
    every = [v for k, vs in stats.latency.items() if k != "move visible" for v in vs]
    visible = stats.latency.get("move visible", [])
    result = {
        "database": "postgresql" if database.startswith("postgres") else "sqlite",
        "classes": args.classes,
        "tables": len(tables),
        "players": sum(t["players"] for t in tables),
        "instances": args.instances,
        "workers": args.workers,
        "worker_class": args.worker_class,
        "think_seconds": args.think,
        "events": not args.no_events,
        "events_instances": len(event_ports),
        "poll_seconds": args.fallback_poll if event_ports else args.poll,
        "seconds": figures["seconds"],
        "requests": figures["requests"],
        "moves_per_second": round(len(stats.latency.get("move", [])) / elapsed, 1),
        "p95_ms_every_request": round(percentile(every, 95) * 1000, 1),
        "move_visible_p50_ms": round(percentile(visible, 50) * 1000, 1),
        "move_visible_p95_ms": round(percentile(visible, 95) * 1000, 1),
        "errors": figures["errors"],
        "refused_4xx": figures["refused_4xx"],
        "hands_dealt": stats.hands,
        "event_streams": stats.counts,
        "move_logs": logs,
    }
    by_kind = figures["by_kind"]
    by_kind.pop("move visible", None)
    if args.json:
        print(json.dumps({**result, "by_kind": by_kind}))
        return 0
    for key, value in result.items():
        print(f"{key:>24}: {value}")
    print(
        f"{'request':>24}  {'n':>6} {'p50':>7} {'p95':>7} {'p99':>7} "
        f"{'srv p50':>8} {'srv p95':>8} {'cpu p50':>8} {'queries':>8} {'max q':>6}"
    )
    for kind, row in by_kind.items():
        print(
            f"{kind:>24}  {row['n']:>6} {row['p50_ms']:>7} {row['p95_ms']:>7} {row['p99_ms']:>7} "
            f"{row['server_p50_ms']!s:>8} {row['server_p95_ms']!s:>8} "
            f"{row['server_cpu_p50_ms']!s:>8} {row['queries_mean']!s:>8} {row['queries_max']!s:>6}"
        )
    print("times in ms; client times include the client, on the same cores")
    for sample in figures["error_samples"]:
        print(f"{'error':>24}: {sample}")
    for sample in stats.refused_samples:
        print(f"{'refused':>24}: {sample}")
    return 0


if __name__ == "__main__":
    random.seed(0)
    sys.exit(main())
