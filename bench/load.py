"""Load benchmark: simulated learners playing practice tables over real HTTP.

    python bench/load.py                      # 40 learners, 30 s, SQLite
    python bench/load.py --learners 10 --seconds 10
    DATABASE_URL=postgres://... python bench/load.py

Each learner pauses about ``--think`` seconds (default 1) between requests,
as a person reading the table does; ``--think 0`` turns it into a stress test.

Starts gunicorn (2 sync workers) on a free loopback port with
``rummy_site.settings.bench``, migrates a fresh database (a temporary SQLite
file unless ``DATABASE_URL`` is set), then runs N learners in threads. Each
learner opens the practice page, starts a table of a game chosen in turn
(Basic, Gin, Knock), and plays: draws, discards, lets the computer players
move, deals the next hand, starts a new table when a match ends. Requests go
only to 127.0.0.1; the run stops after ``--seconds`` or ``--max-requests``.

Prints moves per second, latency percentiles of the move requests (the
learner's moves and the computer players' steps), errors, and SQL queries
per move (from the ``X-Query-Count`` header the bench settings add). The
client runs on the same two cores as the server, so the figures include it.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
GAMES = [("basic", 3), ("gin", 2), ("knock", 4)]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Stats:
    lock: threading.Lock = field(default_factory=threading.Lock)
    move_latencies: list[float] = field(default_factory=list)
    move_queries: list[int] = field(default_factory=list)
    by_kind: dict[str, list[float]] = field(default_factory=dict)
    server_ms: list[float] = field(default_factory=list)
    requests: int = 0
    errors: int = 0
    refused: int = 0
    error_samples: list[str] = field(default_factory=list)
    hands: int = 0
    tables: int = 0

    def merge(self, other: Stats) -> None:
        self.move_latencies += other.move_latencies
        self.move_queries += other.move_queries
        self.server_ms += other.server_ms
        for kind, values in other.by_kind.items():
            self.by_kind.setdefault(kind, []).extend(values)
        self.requests += other.requests
        self.errors += other.errors
        self.refused += other.refused
        self.error_samples += other.error_samples[: 5 - len(self.error_samples)]
        self.hands += other.hands
        self.tables += other.tables

    def record(
        self,
        *,
        move: bool,
        seconds: float,
        queries: int | None,
        status: int,
        url: str,
        server_ms: float | None = None,
    ) -> None:
        with self.lock:
            self.requests += 1
            if status >= 500 or status == 0:
                self.errors += 1
                if len(self.error_samples) < 5:
                    self.error_samples.append(f"{status} {url}")
            elif status in (400, 409, 422):
                self.refused += 1
            if move:
                self.move_latencies.append(seconds)
                kind = url.rstrip("/").rsplit("/", 1)[-1]
                self.by_kind.setdefault(kind, []).append(seconds)
                if server_ms is not None:
                    self.server_ms.append(server_ms / 1000)
                if queries is not None:
                    self.move_queries.append(queries)


class Learner:
    def __init__(
        self, number: int, port: int, stats: Stats, deadline: float, budget: list[int], think: float
    ):
        self.think = think
        self.number = number
        self.port = port
        self.stats = stats
        self.deadline = deadline
        self.budget = budget
        self.cookies: dict[str, str] = {}
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.rng = random.Random(number)
        self.page = ""

    def _take_budget(self) -> bool:
        with self.stats.lock:
            if self.budget[0] <= 0:
                return False
            self.budget[0] -= 1
            return True

    def request(
        self,
        method: str,
        path: str,
        data: dict[str, object] | None = None,
        *,
        move: bool = False,
        htmx: bool = False,
    ) -> tuple[int, str, dict[str, str]]:
        headers = {"Host": "127.0.0.1"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if data is not None:
            body = urlencode(data, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
            headers["Referer"] = f"http://127.0.0.1:{self.port}/"
        if htmx:
            headers["HX-Request"] = "true"
        started = time.perf_counter()
        try:
            self.conn.request(method, path, body=body, headers=headers)
            response = self.conn.getresponse()
            text = response.read().decode()
            status = response.status
            header_map = {k.lower(): v for k, v in response.getheaders()}
        except (OSError, http.client.HTTPException) as exc:
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            self.stats.record(
                move=move,
                seconds=time.perf_counter() - started,
                queries=None,
                status=0,
                url=f"{path} {exc}",
            )
            return 0, "", {}
        elapsed = time.perf_counter() - started
        for raw in response.headers.get_all("Set-Cookie") or []:
            cookie = SimpleCookie(raw)
            for key, morsel in cookie.items():
                self.cookies[key] = morsel.value
        queries = header_map.get("x-query-count")
        self.stats.record(
            move=move,
            seconds=elapsed,
            queries=int(queries) if queries else None,
            status=status,
            url=path,
            server_ms=float(header_map["x-server-ms"]) if "x-server-ms" in header_map else None,
        )
        return status, text, header_map

    def run(self) -> None:
        self.request("GET", "/en/practice/")
        game, players = GAMES[self.number % len(GAMES)]
        table_url = self.start(game, players)
        while time.monotonic() < self.deadline and table_url and self._take_budget():
            table_url = self.step(table_url, game, players)
            if self.think:
                # A person reads the table before the next click (and the page waits
                # BOT_STEP_DELAY_MS before each computer move): uniform around --think.
                time.sleep(self.rng.uniform(0.5, 1.5) * self.think)

    def start(self, game: str, players: int) -> str | None:
        status, _text, headers = self.request(
            "POST",
            "/en/practice/new/",
            {"game": game, "players": players, "name": f"L{self.number}"},
        )
        if status != 302:
            return None
        self.stats.tables += 1
        location = headers.get("location", "")
        self.page = ""
        return location

    def step(self, table_url: str, game: str, players: int) -> str | None:
        """One click, as a person would make it on the page they see. htmx answers each
        action with the table's new partial, so the next click reads that (a GET only
        when there is none, as after starting a table)."""
        html = self.page
        if not html:
            status, html, _ = self.request("GET", table_url, htmx=True)
            if status != 200:
                return None
        version = re.search(r'data-version="(\d+)"', html)
        if version is None:
            self.page = ""
            return table_url
        v = version.group(1)
        if 'name="all"' in html:  # the computer players are to move
            self.post(table_url + "computer/", {"version": v})
            return table_url
        if 'id="next-hand"' in html:
            self.stats.hands += 1
            self.post(table_url + "next/", {"version": v})
            return table_url
        if 'class="result"' in html:  # the match is over: a new table
            self.stats.hands += 1
            self.page = ""
            return self.start(game, players)
        if 'value="draw_stock"' in html:
            action = (
                "draw_discard"
                if self.rng.random() < 0.3 and 'value="draw_discard"' in html
                else "draw_stock"
            )
            self.post(table_url + "move/", {"version": v, "action": action})
            return table_url
        cards = re.findall(r'name="cards" value="([2-9TJQKA][CDHS])"', html)
        taken = re.search(r'for="card-(..)">[^<]*<span[^>]*data-card="..".*?card-choice__tag', html)
        choices = [c for c in cards if not taken or c != taken.group(1)]
        if not choices:
            self.page = ""
            return table_url
        card = self.rng.choice(choices)
        self.post(
            table_url + "move/", {"version": v, "action": "discard", "cards": card, "confirm": "1"}
        )
        return table_url

    def post(self, url: str, data: dict[str, object]) -> None:
        status, html, _ = self.request("POST", url, data, move=True, htmx=True)
        # A refusal (422) or a lost race (409) also answers with the current table.
        self.page = html if status in (200, 409, 422) else ""


def run_learners(
    numbers: list[int], port: int, seconds: float, max_requests: int, think: float
) -> Stats:
    """One client process: its learners in threads; returns what they measured."""
    stats = Stats()
    budget = [max_requests]
    deadline = time.monotonic() + seconds
    threads = [
        threading.Thread(target=Learner(n, port, stats, deadline, budget, think).run, daemon=True)
        for n in numbers
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + 60)
    stats.lock = None  # type: ignore[assignment]  # locks do not pickle
    return stats


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[index]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--learners", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--max-requests", type=int, default=60_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--clients", type=int, default=4, help="client processes")
    parser.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="mean seconds a learner waits between requests (0: no pause, a stress test)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = parser.parse_args(argv)

    tmp = Path(tempfile.mkdtemp(prefix="rummy-load-"))
    env = dict(os.environ)
    env["DJANGO_SETTINGS_MODULE"] = "rummy_site.settings.bench"
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    database = env.get("DATABASE_URL") or f"sqlite:///{tmp / 'load.sqlite3'}"
    env["DATABASE_URL"] = database
    python = sys.executable
    subprocess.run(
        [python, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    port = free_port()
    gunicorn = shutil.which("gunicorn", path=str(Path(python).parent)) or "gunicorn"
    server = subprocess.Popen(
        [
            gunicorn,
            "rummy_site.wsgi",
            "-w",
            str(args.workers),
            "-b",
            f"127.0.0.1:{port}",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        started = time.monotonic()
        # The learners run in several client processes (threads within each), so the
        # client's own Python does not serialise every response behind one GIL.
        groups = [list(range(n, args.learners, args.clients)) for n in range(args.clients)]
        with multiprocessing.get_context("fork").Pool(args.clients) as pool:
            parts = pool.starmap(
                run_learners,
                [
                    (group, port, args.seconds, args.max_requests // args.clients, args.think)
                    for group in groups
                ],
            )
        elapsed = time.monotonic() - started
        stats = Stats()
        for part in parts:
            stats.merge(part)
    finally:
        server.terminate()
        server.wait(timeout=20)
        shutil.rmtree(tmp, ignore_errors=True)

    moves = len(stats.move_latencies)
    figures = {
        "database": "postgresql" if database.startswith("postgres") else "sqlite",
        "learners": args.learners,
        "think_seconds": args.think,
        "workers": args.workers,
        "seconds": round(elapsed, 1),
        "requests": stats.requests,
        "moves": moves,
        "moves_per_second": round(moves / elapsed, 1) if elapsed else 0,
        "p50_ms": round(percentile(stats.move_latencies, 50) * 1000, 1),
        "p95_ms": round(percentile(stats.move_latencies, 95) * 1000, 1),
        "p99_ms": round(percentile(stats.move_latencies, 99) * 1000, 1),
        "errors": stats.errors,
        "refused_4xx": stats.refused,
        "queries_per_move_mean": round(statistics.mean(stats.move_queries), 2)
        if stats.move_queries
        else None,
        "queries_per_move_max": max(stats.move_queries) if stats.move_queries else None,
        "server_p50_ms": round(percentile(stats.server_ms, 50) * 1000, 1),
        "server_p95_ms": round(percentile(stats.server_ms, 95) * 1000, 1),
        "p95_ms_by_request": {
            kind: round(percentile(values, 95) * 1000, 1)
            for kind, values in sorted(stats.by_kind.items())
        },
        "hands_finished": stats.hands,
        "tables_started": stats.tables,
    }
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:>22}: {value}")
        for sample in stats.error_samples:
            print(f"{'error':>22}: {sample}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
