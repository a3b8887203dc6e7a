"""Load benchmark: simulated learners playing whole hands over real HTTP, checked.

    python bench/load.py                                   # 40 learners, 30 s, SQLite
    python bench/load.py --learners 300 --think 3 --seconds 40
    DATABASE_URL=postgres://... python bench/load.py --instances 2
    python bench/load.py --worker-class gthread --workers 2 --threads 4
    DATABASE_URL=postgres://... python bench/load.py --classroom --instances 2 \
        --learners 300 --think 3 --seconds 30 --warmup 15 --no-burst

Starts ``--instances`` gunicorn servers (``--workers`` each, ``--worker-class`` sync or
gthread with ``--threads``) on free loopback ports with ``rummy_site.settings.bench``,
all on one fresh database (a temporary SQLite file unless ``DATABASE_URL`` is set),
and runs the learners in threads across ``--clients`` processes. Each request goes to
the next instance in turn, as a load balancer would send it.

Learners arrive spread over the first ``--think`` seconds, then each plays as a person
does, reading the page it was given:

* at a practice table (Basic, Gin, Knock in turn): draws (sometimes the discard),
  melds and lays off in Basic Rummy, knocks in Gin and Knock Rummy when the deadwood
  is low, goes out, lays out and lays off by hand at a Gin table that says so,
  discards the card that leaves the least deadwood, asks for a hint now and then, lets
  the computer players move, walks the scoring step by step, deals the next hand, and
  starts a new table when a match ends;
* now and then a guided hand, played by its right moves, or a lesson's question;
* ``--no-js`` share of learners use no JavaScript: whole pages, forms with the CSRF
  field, and the redirect after each post; the others send htmx requests.
* with ``--gzip`` they ask for gzipped answers, as browsers do (the site gzips its pages
  and boards: docs/deploy.md), and unzip them: the server's time then includes the
  compression; without it they ask for none (the figures quoted before 2026-12-05).

``--warmup`` seconds at the start are played but not timed (300 learners arriving in
three seconds is a storm of its own; quote both). ``--arrival 30`` brings them in as a
school does: a class of ``--class-size`` (30) at a time, one class after another over
30 seconds, each class's learners within the first ``--think`` seconds of its turn.
``--mix`` weighs what a learner turns to next (``practice=8,guided=1,lesson=1``) and
``--hints`` the share of turns that ask for a hint first.

``--classroom``: the learners are pupils. A class and its teacher are made for every
``--class-size`` learners; each pupil first joins with the class code (the join link,
then the form), and at each new table makes one mistake on purpose (a discard before
drawing, refused). Each teacher logs in, opens the class page and keeps it open: its
poll every ``--poll`` seconds ("poll, no change" counts the 204s). When the pupils stop,
each teacher downloads the class's mistakes (CSV): every mistake a pupil saw refused
must be in the database and on that export ("dashboards").

After the run, every table's move log is read from the database and compared with what
its learner's client saw accepted: each accepted move must be in the table's history
exactly once, in order ("lost or doubled moves" counts the tables where not).

Then, unless ``--no-burst``, ``--burst-rounds`` saturation rounds (3), each two short
runs on the same servers with the same client threads and no pause: learners playing
with JavaScript (moves per second; each move one request), and a bare bench-only view
(``/bench/bare/``, requests per second), so that the ratio of the two holds on a noisy
machine. Both runs also read the servers' own CPU time from ``/proc`` (masters and
workers, the clients left out): CPU milliseconds per request of each, and their ratio.
The round with the median ratio is printed, with every round's ratio: on a shared host
the machine slows down for seconds at a time, which slows one run of one round.

Prints, per kind of request: client p50/p95/p99, server p50/p95 (``X-Server-Ms``), the
server's CPU time p50 (``X-Server-Cpu-Ms``: the request's own work, without its waits
for the database or for a core) and queries per request (``X-Query-Count``, all added
by the bench settings); and moves
per second, errors (5xx and failed connections), refusals (4xx), hands, tables, the
move-log check, and the saturation figures. ``--json`` prints one JSON object. The
client runs on the same cores as the servers, so the figures include it.
"""

from __future__ import annotations

import argparse
import gzip
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
from collections import defaultdict
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
GAMES = [("basic", 3), ("gin", 2), ("knock", 4)]
#: Request kinds whose latency the goal is about.
MOVES = ("move", "computer", "hint", "guided move", "lesson answer")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Stats:
    latency: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    server_ms: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    server_cpu_ms: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    queries: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    requests: int = 0
    errors: int = 0
    refused: int = 0
    error_samples: list[str] = field(default_factory=list)
    refused_samples: list[str] = field(default_factory=list)
    hands: int = 0
    tables: int = 0
    #: table public id -> the learner's moves the server accepted, in order.
    accepted: dict[str, list[str]] = field(default_factory=dict)
    #: --classroom: class code -> mistakes its pupils made on purpose (refused moves),
    #: and the mistakes its teacher's CSV export lists at the end.
    mistakes_made: dict[str, int] = field(default_factory=dict)
    on_dashboard: dict[str, int] = field(default_factory=dict)
    #: Things counted, not timed (bench/shared_tables.py: event streams opened, heard).
    counts: dict[str, int] = field(default_factory=dict)

    def merge(self, other: Stats) -> None:
        for mine, theirs in (
            (self.latency, other.latency),
            (self.server_ms, other.server_ms),
            (self.server_cpu_ms, other.server_cpu_ms),
            (self.queries, other.queries),
        ):
            for kind, values in theirs.items():
                mine[kind].extend(values)  # type: ignore[attr-defined]
        self.requests += other.requests
        self.errors += other.errors
        self.refused += other.refused
        self.error_samples += other.error_samples[: 5 - len(self.error_samples)]
        self.refused_samples += other.refused_samples[: 5 - len(self.refused_samples)]
        self.hands += other.hands
        self.tables += other.tables
        self.accepted.update(other.accepted)
        for code, count in other.mistakes_made.items():
            self.mistakes_made[code] = self.mistakes_made.get(code, 0) + count
        self.on_dashboard.update(other.on_dashboard)
        for name, count in other.counts.items():
            self.counts[name] = self.counts.get(name, 0) + count

    def plain(self) -> Stats:
        """Picklable (plain dicts) for the way back from a client process."""
        self.latency, self.server_ms, self.server_cpu_ms, self.queries = (
            dict(self.latency),
            dict(self.server_ms),
            dict(self.server_cpu_ms),
            dict(self.queries),
        )  # type: ignore[assignment]
        return self


class Learner:
    """One simulated person, in one thread, with its own cookies."""

    def __init__(
        self,
        number: int,
        ports: list[int],
        stats: Stats,
        lock: threading.Lock,
        deadline: float,
        think: float,
        *,
        js: bool,
        mix: dict[str, float],
        hints: float,
        only: str | None = None,
        gzipped: bool = False,
    ) -> None:
        self.number = number
        self.ports = ports
        self.turn = number % len(ports)
        self.stats = stats
        self.lock = lock
        self.deadline = deadline
        self.think = think
        self.js = js
        self.mix = mix
        self.hints = hints
        self.only = only
        #: Asks for gzipped answers, as a browser does (``--gzip``).
        self.gzipped = gzipped
        self.cookies: dict[str, str] = {}
        self.conns: dict[int, http.client.HTTPConnection] = {}
        self.rng = random.Random(number)
        self.page = ""
        self.game_index = number
        self.measure_from = 0.0
        #: Seconds after the start at which this learner's class comes in (--arrival).
        self.arrive_at = 0.0
        #: --classroom: the code of the class this learner joins first.
        self.join_code: str | None = None

    # -- HTTP ------------------------------------------------------------------------
    def _conn(self, port: int) -> http.client.HTTPConnection:
        conn = self.conns.get(port)
        if conn is None:
            conn = self.conns[port] = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        return conn

    def request(
        self,
        method: str,
        path: str,
        data: dict[str, Any] | None = None,
        *,
        kind: str = "page",
        full: bool = False,
    ) -> tuple[int, str, dict[str, str]]:
        """One request, with this person's cookies; with JavaScript an htmx request
        unless ``full``: the browser's own load of an address (a link followed, the
        page opened or reloaded), which carries the page's CSRF token and cookie."""
        port = self.ports[self.turn % len(self.ports)]
        self.turn += 1
        headers = {"Host": "127.0.0.1"}
        if self.gzipped:
            headers["Accept-Encoding"] = "gzip"
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if data is not None:
            data = dict(data)
            if self.js:
                headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
            else:  # the form's own field, as a browser without JavaScript sends it
                token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', self.page)
                data["csrfmiddlewaretoken"] = (
                    token.group(1) if token else self.cookies.get("csrftoken", "")
                )
            body = urlencode(data, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Referer"] = f"http://127.0.0.1:{port}/"
        if self.js and not full:
            headers["HX-Request"] = "true"
        started = time.perf_counter()
        reused = port in self.conns
        for attempt in (1, 2):
            conn = self._conn(port)
            try:
                conn.request(method, path, body=body, headers=headers)
                response = conn.getresponse()
                body = response.read()
                if response.getheader("Content-Encoding") == "gzip":
                    body = gzip.decompress(body)
                    self.count("answers gzipped")
                text = body.decode()
                status = response.status
                header_map = {k.lower(): v for k, v in response.getheaders()}
                break
            except (OSError, http.client.HTTPException) as exc:
                conn.close()
                self.conns.pop(port, None)
                if attempt == 1 and reused:
                    # The server closed an idle kept-alive connection (gthread workers
                    # do after a few seconds): a browser sends again on a new one.
                    continue
                self._record(kind, time.perf_counter() - started, 0, {}, f"{path} {exc}")
                return 0, "", {}
        for raw in response.headers.get_all("Set-Cookie") or []:
            for key, morsel in SimpleCookie(raw).items():
                self.cookies[key] = morsel.value
        self._record(kind, time.perf_counter() - started, status, header_map, path)
        if not self.js and method == "POST" and status in (302, 303):
            # Without JavaScript a post is answered by a redirect to the page (a 303, the
            # site's every post redirect: the move made, or refused and the page saying
            # why); a browser asks for it without its fragment.
            location = header_map.get("location", path).split("#", 1)[0]
            redirected = status
            status, text, _ = self.request("GET", location, kind="page")
            return redirected, text, header_map
        return status, text, header_map

    def _record(
        self, kind: str, seconds: float, status: int, headers: dict[str, str], url: str
    ) -> None:
        if kind == "poll" and status == 204:
            kind = "poll, no change"
        with self.lock:
            stats = self.stats
            stats.requests += 1
            if time.monotonic() < self.measure_from:
                return  # the warm-up: counted, not timed
            if status >= 500 or status == 0:
                stats.errors += 1
                if len(stats.error_samples) < 5:
                    stats.error_samples.append(f"{status} {url}")
            elif status in (400, 403, 404, 409, 422, 429):
                stats.refused += 1
                if len(stats.refused_samples) < 5:
                    stats.refused_samples.append(f"{status} {kind} {url}")
            stats.latency[kind].append(seconds)
            if "x-server-ms" in headers:
                stats.server_ms[kind].append(float(headers["x-server-ms"]))
            if "x-server-cpu-ms" in headers:
                stats.server_cpu_ms[kind].append(float(headers["x-server-cpu-ms"]))
            if "x-query-count" in headers:
                stats.queries[kind].append(int(headers["x-query-count"]))

    def count(self, name: str, error: str = "") -> None:
        """Count ``name`` (not a request: nothing timed); with ``error``, an error too."""
        with self.lock:
            self.stats.counts[name] = self.stats.counts.get(name, 0) + 1
            if error:
                self.stats.errors += 1
                if len(self.stats.error_samples) < 5:
                    self.stats.error_samples.append(f"{name}: {error}")

    def pause(self) -> None:
        if self.think:
            # A person reads the page before the next click: uniform around --think.
            time.sleep(self.rng.uniform(0.5, 1.5) * self.think)

    # -- what to do next ------------------------------------------------------------------
    def run(self) -> None:
        # A class comes in at its time; its learners over the first pause, not all in
        # the same millisecond.
        time.sleep(self.arrive_at + self.rng.uniform(0, self.think))
        if self.join_code:
            self.page = self.request(
                "GET", f"/en/join/{self.join_code}/", kind="join page", full=True
            )[1]
            data = {"code": self.join_code, "name": f"P{self.number}"}
            self.request("POST", "/en/join/send/", data, kind="join")
        self.request("GET", "/en/practice/", full=True)
        choices = list(self.mix)
        weights = [self.mix[c] for c in choices]
        while time.monotonic() < self.deadline:
            activity = self.only or self.rng.choices(choices, weights)[0]
            if activity == "guided":
                self.guided()
            elif activity == "lesson":
                self.lesson()
            else:
                self.practice()

    def practice(self) -> None:
        """Play at a new table until the match ends (or the run does)."""
        game, players = GAMES[self.game_index % len(GAMES)]
        self.game_index += 1
        data = {"game": game, "players": players, "name": f"L{self.number}"}
        if game == "gin":
            data["lay_out_yourself"] = "on"
        self.page = self.request("GET", "/en/practice/", full=True)[1]
        status, _text, headers = self.request("POST", "/en/practice/new/", data, kind="new table")
        if status not in (302, 303):  # a post's redirect is a 303 (SeeOtherAfterPostMiddleware)
            return
        table_url = headers.get("location", "").split("#", 1)[0]  # opens at its status
        public_id = table_url.rstrip("/").rsplit("/", 1)[-1]
        with self.lock:
            self.stats.tables += 1
            self.stats.accepted[public_id] = []
        self.page = ""
        steps = 0
        mistaken = not self.join_code  # a pupil makes one mistake on purpose per table
        while time.monotonic() < self.deadline and steps < 2000:
            if not mistaken and 'value="draw_stock"' in self.page:
                mistaken = self.mistake(table_url)
                self.pause()
                continue
            steps += 1
            if not self.step(table_url, public_id):
                return
            self.pause()

    def step(self, table_url: str, public_id: str) -> bool:
        """One click on the page the learner sees; False when the match is over."""
        html = self.page
        if not html or 'data-version="' not in html:
            status, html, _ = self.request("GET", table_url, kind="table", full=True)
            if status != 200:
                return False
            self.page = html
        version = re.search(r'data-version="(\d+)"', html)
        if version is None:
            return False
        v = version.group(1)
        if 'name="all"' in html:  # the computer players are to move
            self.post(table_url + "computer/", {"version": v}, kind="computer")
            return True
        if 'class="result"' in html:
            return self.hand_over(table_url, html, v)
        move = choose(html, self.rng)
        if move is None:
            self.page = ""
            return True
        if move.get("action") in ("discard", "knock", "meld", "lay_off") and (
            self.rng.random() < self.hints
        ):
            self.post(table_url + "hint/", {"version": v}, kind="hint")
            v = re.search(r'data-version="(\d+)"', self.page or html).group(1)  # type: ignore[union-attr]
        before = int(v)
        status, text, _ = self.request(
            "POST", table_url + "move/", {"version": v, "confirm": "1", **move}, kind="move"
        )
        after = re.search(r'data-version="(\d+)"', text)
        # Accepted: the page's version went up (without JavaScript, a refused move is
        # also answered by a redirect, to the same version).
        if status in (200, 302, 303) and after and int(after.group(1)) > before:
            with self.lock:
                self.stats.accepted[public_id].append(move_text(move))
        self.page = text if status in (200, 302, 303, 409, 422) else ""
        return True

    def mistake(self, table_url: str) -> bool:
        """Discard before drawing (a pupil's classic): refused, and recorded for the class's
        dashboard. True once the refusal came back."""
        version = re.search(r'data-version="(\d+)"', self.page)
        card = re.search(r'name="cards" value="([^"]+)"', self.page)
        if version is None or card is None:
            return True
        data = {"version": version.group(1), "action": "discard", "cards": card.group(1)}
        status, text, _ = self.request("POST", table_url + "move/", data, kind="mistake")
        if status in (303, 422):  # without JavaScript, a redirect to the page saying why
            with self.lock:
                code = str(self.join_code)
                self.stats.mistakes_made[code] = self.stats.mistakes_made.get(code, 0) + 1
        self.page = text if status in (200, 303, 409, 422) else ""
        return True

    def hand_over(self, table_url: str, html: str, version: str) -> bool:
        """Walk the scoring a step or two, then the next hand (or the match is over)."""
        for step in range(2, 2 + self.rng.randint(1, 3)):
            if 'id="next-step"' not in html:
                break
            status, html, _ = self.request("GET", f"{table_url}?step={step}", kind="scoring")
            if status != 200:
                break
        if 'id="next-hand"' not in html:
            status, html, _ = self.request("GET", table_url + "?step=all", kind="scoring")
        with self.lock:
            self.stats.hands += 1
        if 'id="next-hand"' in html:
            self.post(table_url + "next/", {"version": version}, kind="next hand")
            return True
        return False  # the match is over: a new table next

    def post(self, url: str, data: dict[str, Any], *, kind: str) -> None:
        status, html, _ = self.request("POST", url, data, kind=kind)
        # A refusal (422, or without JavaScript a redirect: 303) or a lost race (409) also
        # answers with the current table.
        self.page = html if status in (200, 302, 303, 409, 422) else ""

    def guided(self) -> None:
        """A guided hand played by the moves its coach teaches."""
        from game.guided import scenarios
        from game.moveforms import move_fields

        scenario = self.rng.choice(list(scenarios.library()))
        url = f"/en/guided/{scenario.slug}/"
        status, html, _ = self.request("GET", url, kind="page", full=True)
        if status != 200:
            return
        self.page = html
        self.request("POST", url + "restart/", {}, kind="guided move")
        for move in scenarios.right_line(scenario):
            if time.monotonic() >= self.deadline:
                return
            self.pause()
            data: dict[str, Any] = {"cards": []}
            for name, value in move_fields(move):
                if name == "cards":
                    data["cards"].append(value)
                else:
                    data[name] = value
            found = re.search(r'data-version="(\d+)"', self.page)
            data["version"] = found.group(1) if found else "0"
            data["confirm"] = "1"
            status, self.page, _ = self.request("POST", url + "move/", data, kind="guided move")

    def lesson(self) -> None:
        """A lesson's question, answered from the cards it shows."""
        from game.engine import Card, best_arrangement

        url = "/en/lessons/basic/cards-and-values/"
        status, html, _ = self.request("GET", url, kind="page", full=True)
        if status != 200:
            return
        self.page = html
        box = re.search(
            r'<section class="check check--deadwood" id="check-(\d+)".*?</section>', html, re.S
        )
        if box is None:
            return
        cards = [Card.parse(c) for c in re.findall(r'data-card="(..)"', box.group(0))]
        token = re.search(r'name="question" value="([^"]+)"', box.group(0))
        self.pause()
        _status, self.page, _ = self.request(
            "POST",
            f"{url}check/{box.group(1)}/",
            {
                "question": token.group(1) if token else "",
                "answer": str(best_arrangement(cards).deadwood),
            },
            kind="lesson answer",
        )


# -- choosing a move from a table's page ---------------------------------------------------


def _buttons(html: str) -> set[str]:
    return set(re.findall(r'name="action" value="([a-z_]+)"', html))


def _hand(html: str) -> list[str]:
    form = html.split('id="hand-form"', 1)[-1]
    return re.findall(r'name="cards" value="([2-9TJQKA][CDHS])"', form)


def _table_melds(html: str) -> list[tuple[int, list[str]]]:
    melds = []
    for block in re.findall(r'<li class="meld meld--choice">(.*?)</li>', html, re.S):
        meld_id = re.search(r'name="meld" value="(\d+)"', block)
        if meld_id:
            melds.append((int(meld_id.group(1)), re.findall(r'data-card="(..)"', block)))
    return melds


def choose(html: str, rng: random.Random) -> dict[str, Any] | None:
    """The move a sensible learner makes on this page (form fields), from the buttons
    shown, the cards held and the melds on the table, judged by the engine."""
    from game.engine import Card, best_arrangement, best_discard, extend_meld, make_meld

    buttons = _buttons(html)
    if "draw_stock" in buttons:
        take = "draw_discard" in buttons and rng.random() < 0.3
        return {"action": "draw_discard" if take else "draw_stock"}
    held = [Card.parse(c) for c in _hand(html)]
    if not held:
        return None
    melds = best_arrangement(held).melds
    table = _table_melds(html)

    def layoff() -> dict[str, Any] | None:
        for meld_id, cards in table:
            try:
                meld = make_meld([Card.parse(c) for c in cards])
            except Exception:
                continue
            for card in held:
                if extend_meld(meld, card) is not None:
                    return {"action": "lay_off", "cards": str(card), "meld": str(meld_id)}
        return None

    if "discard" not in buttons and "done" in buttons:  # Gin laid out by hand
        if "meld" in buttons and melds:
            return {"action": "meld", "cards": [str(c) for c in melds[0].cards]}
        found = layoff() if "lay_off" in buttons else None
        return found or {"action": "done"}
    if "meld" in buttons and melds and len(held) > len(melds[0].cards):
        return {"action": "meld", "cards": [str(c) for c in melds[0].cards]}
    if "lay_off" in buttons and len(held) > 1 and (found := layoff()):
        return found
    taken = re.search(r'for="card-(..)">(?:(?!</label>).)*just taken', html, re.S)
    forbidden = {Card.parse(taken.group(1))} if taken else set()
    try:
        card, rest = best_discard(held, forbidden=forbidden)
    except Exception:
        choices = [c for c in held if c not in forbidden] or held
        return {"action": "discard", "cards": str(rng.choice(choices))}
    if "knock" in buttons and rest.deadwood <= 8:  # within Gin's limit, low for Knock
        return {"action": "knock", "cards": str(card)}
    return {"action": "discard", "cards": str(card)}


def move_text(fields: dict[str, Any]) -> str:
    """The engine's text of a move posted as form fields."""
    action = fields["action"]
    cards = fields.get("cards", [])
    cards = [cards] if isinstance(cards, str) else list(cards)
    if action == "draw_stock":
        return "draw stock"
    if action == "draw_discard":
        return "draw discard"
    if action == "lay_off":
        return f"layoff {cards[0]} {fields['meld']}"
    if action == "done":
        return "done"
    return f"{action} {' '.join(cards)}"


# -- running ----------------------------------------------------------------------------


def run_learners(
    numbers: list[int],
    ports: list[int],
    seconds: float,
    think: float,
    options: dict[str, Any],
) -> Stats:
    """One client process: its learners in threads; returns what they measured."""
    stats = Stats()
    lock = threading.Lock()
    deadline = time.monotonic() + seconds
    rng = random.Random(numbers[0] if numbers else 0)
    learners = [
        Learner(
            n,
            ports,
            stats,
            lock,
            deadline,
            think,
            js=rng.random() >= options["no_js"],
            gzipped=options.get("gzip", False),
            mix=options["mix"],
            hints=options["hints"],
            only=options.get("only"),
        )
        for n in numbers
    ]
    size = options.get("class_size", 30)
    classes = -(-options.get("learners", len(numbers)) // size)
    for learner in learners:
        learner.measure_from = time.monotonic() + options.get("warmup", 0.0)
        # --arrival: the classes come in one after another, evenly over that many seconds.
        learner.arrive_at = (learner.number // size) * options.get("arrival", 0.0) / classes
        codes = options.get("codes") or []
        if codes:
            learner.join_code = codes[learner.number // size]
    threads = [threading.Thread(target=learner.run, daemon=True) for learner in learners]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + 60)
    return stats.plain()


def run_teachers(
    teachers: list[dict[str, str]], ports: list[int], seconds: float, poll: float, warmup: float
) -> Stats:
    """--classroom: each class's teacher logs in, opens the class page and leaves it open
    (its poll every ``poll`` seconds, as the page's htmx does); when the pupils stop, the
    teacher downloads the mistakes (CSV) to count them."""
    stats = Stats()
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def teach(number: int, teacher: dict[str, str]) -> None:
        me = Learner(
            10_000 + number, ports, stats, lock, deadline, 0.0, js=False, mix={}, hints=0.0
        )
        me.measure_from = time.monotonic() + warmup
        me.page = me.request("GET", "/en/accounts/login/", kind="teacher page")[1]
        data = {"username": teacher["username"], "password": teacher["password"]}
        me.request("POST", "/en/accounts/login/", data, kind="teacher page")
        base = f"/en/classroom/{teacher['public_id']}/"
        page = me.request("GET", base, kind="class page")[1]
        found = re.search(r'id="class-progress" hx-get="([^"]+)"', page)
        url = found.group(1).replace("&amp;", "&") if found else base + "progress/"
        me.js = True
        time.sleep(me.rng.uniform(0, poll))
        while time.monotonic() < deadline:
            status, text, _ = me.request("GET", url, kind="poll")
            if status == 200:
                found = re.search(r'hx-get="([^"]+)"', text)
                url = found.group(1).replace("&amp;", "&") if found else url
            time.sleep(poll)
        time.sleep(3)  # the pupils' last requests are answered
        me.js = False
        status, text, _ = me.request("GET", base + "mistakes.csv", kind="teacher page")
        if status == 200:
            with lock:
                stats.on_dashboard[teacher["code"]] = max(0, len(text.strip().splitlines()) - 1)

    threads = [
        threading.Thread(target=teach, args=(n, t), daemon=True) for n, t in enumerate(teachers)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + 90)
    return stats.plain()


def make_classes(learners: int, size: int) -> list[dict[str, str]]:
    """--classroom: a teacher and a class for every ``size`` learners (in the database)."""
    from django.contrib.auth.models import User
    from django.db import connections

    from classroom import services

    teachers = []
    for number in range(-(-learners // size)):
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
    connections.close_all()  # no connection may cross the fork of the client processes
    return teachers


def check_dashboards(stats: Stats, teachers: list[dict[str, str]]) -> dict[str, int]:
    """Every mistake a pupil made on purpose (and saw refused) is in the database, and
    every recorded mistake (those, and the coach's verdicts on the pupils' finished
    hands) is on the class's CSV export; counts per school."""
    from classroom.mistakes import COACH_DEADWOOD
    from classroom.models import Mistake, Pupil

    made = on_board = stored = coach = missing = 0
    for teacher in teachers:
        code = teacher["code"]
        sent = stats.mistakes_made.get(code, 0)
        shown = stats.on_dashboard.get(code, -1)
        pupils = Pupil.objects.filter(classroom__join_code=code).values("learner")
        rows = Mistake.objects.filter(learner__in=pupils)
        verdicts = rows.filter(topic=COACH_DEADWOOD).count()
        kept = rows.count() - verdicts
        made, on_board, stored = made + sent, on_board + max(shown, 0), stored + kept
        coach += verdicts
        missing += int(not (sent == kept and shown == kept + verdicts))
    joined = Pupil.objects.filter(classroom__join_code__in=[t["code"] for t in teachers]).count()
    return {
        "classes": len(teachers),
        "pupils_joined": joined,
        "mistakes_made": made,
        "mistakes_stored": stored,
        "coach_verdicts": coach,
        "on_dashboards": on_board,
        "classes_not_matching": missing,
    }


def bare_requests(ports: list[int], seconds: float, clients: int) -> int:
    """Requests per run of the bench-only bare view, ``clients`` threads, no pause."""
    count = [0]
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def hammer(i: int) -> None:
        conns = {p: http.client.HTTPConnection("127.0.0.1", p, timeout=30) for p in ports}
        n = i
        while time.monotonic() < deadline:
            port = ports[n % len(ports)]
            n += 1
            try:
                conns[port].request("GET", "/bench/bare/", headers={"Host": "127.0.0.1"})
                conns[port].getresponse().read()
            except (OSError, http.client.HTTPException):
                conns[port] = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                continue
            with lock:
                count[0] += 1

    threads = [threading.Thread(target=hammer, args=(i,), daemon=True) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + 30)
    return count[0]


def server_cpu_seconds(masters: list[int]) -> float:
    """CPU time (user and system) used so far by the gunicorn masters and their workers,
    from ``/proc`` (Linux); 0 where it cannot be read."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for master in masters:
        try:
            children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
        except OSError:
            children = []
        for pid in [master, *map(int, children)]:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[index]


def in_clients(
    clients: int,
    learners: int,
    ports: list[int],
    seconds: float,
    think: float,
    opts: dict[str, Any],
) -> Stats:
    # The learners run in several client processes (threads within each), so the
    # client's own Python does not serialise every response behind one GIL.
    groups = [list(range(n, learners, clients)) for n in range(clients)]
    teachers = opts.get("teachers") or []
    with multiprocessing.get_context("fork").Pool(clients + (1 if teachers else 0)) as pool:
        teaching = (
            pool.apply_async(
                run_teachers, (teachers, ports, seconds, opts["poll"], opts.get("warmup", 0.0))
            )
            if teachers
            else None
        )
        parts = pool.starmap(
            run_learners, [(group, ports, seconds, think, opts) for group in groups if group]
        )
        if teaching is not None:
            parts.append(teaching.get(timeout=seconds + 120))
    stats = Stats()
    for part in parts:
        stats.merge(part)
    return stats


def check_move_logs(accepted: dict[str, list[str]]) -> dict[str, int]:
    """Compare each table's stored history with the moves its client saw accepted."""
    from game.practice import services
    from game.practice.models import Table

    lost = doubled = checked = 0
    for table in Table.objects.filter(public_id__in=list(accepted)):
        state = services.table_state(table=table)
        stored: list[str] = []
        for round_ in state.rounds:
            board = round_[0]
            hand = services.replay(state.rules, board)
            seat = board.seat_of(services.HUMAN)
            stored += [str(e.move) for e in hand.log if e.player == seat and e.move]
        sent = accepted[table.public_id]
        checked += 1
        if stored != sent:
            if len(stored) > len(sent):
                doubled += 1
            else:
                lost += 1
    return {"tables_checked": checked, "lost_or_short": lost, "doubled_or_extra": doubled}


def summary(stats: Stats, elapsed: float) -> dict[str, Any]:
    kinds = {}
    for kind in sorted(stats.latency):
        values = stats.latency[kind]
        server = stats.server_ms.get(kind, [])
        cpu = stats.server_cpu_ms.get(kind, [])
        queries = stats.queries.get(kind, [])
        kinds[kind] = {
            "n": len(values),
            "p50_ms": round(percentile(values, 50) * 1000, 1),
            "p95_ms": round(percentile(values, 95) * 1000, 1),
            "p99_ms": round(percentile(values, 99) * 1000, 1),
            "server_p50_ms": round(percentile(server, 50), 2) if server else None,
            "server_p95_ms": round(percentile(server, 95), 2) if server else None,
            "server_cpu_p50_ms": round(percentile(cpu, 50), 2) if cpu else None,
            "queries_mean": round(statistics.mean(queries), 2) if queries else None,
            "queries_max": max(queries) if queries else None,
        }
    moves = sum(len(stats.latency.get(k, [])) for k in ("move", "computer"))
    every = [v for k in MOVES for v in stats.latency.get(k, [])]
    return {
        "seconds": round(elapsed, 1),
        "requests": stats.requests,
        "moves_per_second": round(moves / elapsed, 1) if elapsed else 0,
        "p95_ms_moves_all_kinds": round(percentile(every, 95) * 1000, 1),
        "errors": stats.errors,
        "refused_4xx": stats.refused,
        "hands_finished": stats.hands,
        "tables_started": stats.tables,
        "by_kind": kinds,
        "error_samples": stats.error_samples,
    }


def start_servers(
    args: argparse.Namespace, env: dict[str, str]
) -> tuple[list[int], list[subprocess.Popen[bytes]]]:
    """``args.instances`` gunicorn servers on free loopback ports (``args.workers`` each,
    ``args.worker_class``, ``args.threads``), with ``env``; their ports and processes."""
    gunicorn = shutil.which("gunicorn", path=str(Path(sys.executable).parent)) or "gunicorn"
    ports = [free_port() for _ in range(args.instances)]
    servers = []
    for port in ports:
        command = [gunicorn, "rummy_site.wsgi", "-w", str(args.workers), "-b", f"127.0.0.1:{port}"]
        command += ["--log-level", "warning", "-k", args.worker_class]
        if args.worker_class == "gthread":
            command += ["--threads", str(args.threads)]
        servers.append(subprocess.Popen(command, cwd=ROOT, env=env))
    return ports, servers


def wait_for(ports: list[int]) -> None:
    """Until each server accepts connections (10 s at most each)."""
    for port in ports:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)


def saturation_round(
    args: argparse.Namespace,
    ports: list[int],
    masters: list[int],
    threads: int,
    opts: dict[str, Any],
) -> tuple[dict[str, Any], Stats]:
    """One saturation round: ``threads`` learners with JavaScript play as fast as they
    can for ``--burst`` seconds, then as many threads request the bare view as long;
    the two rates, their ratio, and the servers' CPU per request of each."""
    # Learners with JavaScript only: each move is then one request (without it, a move
    # is a post, a redirect and the page, which the main run measures).
    cpu_before, started = server_cpu_seconds(masters), time.monotonic()
    saturated = in_clients(
        args.clients,
        threads,
        ports,
        args.burst,
        0.0,
        {
            **opts,
            "only": "practice",
            "warmup": 0.0,
            "no_js": 0.0,
            "arrival": 0.0,
            "teachers": [],
            "codes": [],
        },
    )
    elapsed = time.monotonic() - started
    move_cpu = server_cpu_seconds(masters) - cpu_before
    moves = sum(len(saturated.latency.get(k, [])) for k in ("move", "computer"))
    served = sum(len(v) for v in saturated.latency.values())
    per_second = moves / elapsed
    cpu_before = server_cpu_seconds(masters)
    bare_count = bare_requests(ports, args.burst, threads)
    bare_cpu = server_cpu_seconds(masters) - cpu_before
    bare = bare_count / args.burst
    move_ms = 1000 * move_cpu / served if served else None
    bare_ms = 1000 * bare_cpu / bare_count if bare_count else None
    return {
        "threads": threads,
        "moves_per_second": round(per_second, 1),
        "bare_view_per_second": round(bare, 1),
        "ratio": round(per_second / bare, 3) if bare else None,
        # The servers' own CPU per request (the client's left out): what a move costs
        # the server, against what the bare view costs it.
        "server_cpu_ms_per_request": round(move_ms, 2) if move_ms else None,
        "server_cpu_ms_per_bare": round(bare_ms, 3) if bare_ms else None,
        "cpu_ratio": round(bare_ms / move_ms, 3) if move_ms and bare_ms else None,
        "errors": saturated.errors,
    }, saturated


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--learners", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds between clicks")
    parser.add_argument("--instances", type=int, default=1, help="gunicorn servers, one database")
    parser.add_argument("--workers", type=int, default=2, help="workers per instance")
    parser.add_argument("--worker-class", default="sync", choices=["sync", "gthread"])
    parser.add_argument("--threads", type=int, default=1, help="threads per gthread worker")
    parser.add_argument("--clients", type=int, default=4, help="client processes")
    parser.add_argument("--mix", default="practice=8,guided=1,lesson=1")
    parser.add_argument("--hints", type=float, default=0.1, help="share of turns with a hint")
    parser.add_argument("--no-js", type=float, default=0.2, help="share of learners without JS")
    parser.add_argument(
        "--gzip",
        action="store_true",
        help="learners ask for gzipped answers, as browsers do (the server's compression "
        "timed with the move; the client unzips)",
    )
    parser.add_argument(
        "--warmup",
        type=float,
        default=0.0,
        help="seconds at the start whose requests are made but not timed (the arrival)",
    )
    parser.add_argument(
        "--arrival",
        type=float,
        default=0.0,
        help="seconds over which the classes (--class-size learners each) come in, one "
        "after another; 0: everyone within the first --think seconds",
    )
    parser.add_argument("--class-size", type=int, default=30)
    parser.add_argument(
        "--classroom",
        action="store_true",
        help="the learners are pupils: a class (and its teacher) for every --class-size; "
        "each pupil joins with the class code and makes one mistake per table on purpose; "
        "each teacher keeps the class page open (its poll) and downloads the mistakes at "
        "the end, which must list every one",
    )
    parser.add_argument(
        "--poll", type=float, default=10.0, help="seconds between a teacher's polls"
    )
    parser.add_argument("--burst", type=float, default=8.0, help="seconds of each saturation run")
    parser.add_argument(
        "--burst-rounds",
        type=int,
        default=3,
        help="saturation rounds (each a run of moves then of the bare view); the "
        "round with the median ratio is shown, with every round's ratio",
    )
    parser.add_argument("--no-burst", action="store_true")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = parser.parse_args(argv)
    mix = {k: float(v) for k, v in (part.split("=") for part in args.mix.split(","))}

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
    # The clients use the engine and the guided hands' files (Django's settings for their
    # texts); set up before the client processes fork, with no database connection open.
    os.environ.update({k: env[k] for k in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")})
    import django

    django.setup()
    subprocess.run([python, "manage.py", "load_lessons", "-v0"], cwd=ROOT, env=env, check=True)
    ports, servers = start_servers(args, env)
    teachers = make_classes(args.learners, args.class_size) if args.classroom else []
    opts = {
        "teachers": teachers,
        "codes": [t["code"] for t in teachers],
        "poll": args.poll,
        "mix": mix,
        "hints": args.hints,
        "no_js": args.no_js,
        "gzip": args.gzip,
        "warmup": args.warmup,
        "arrival": args.arrival,
        "class_size": args.class_size,
        "learners": args.learners,
    }
    try:
        wait_for(ports)
        started = time.monotonic()
        stats = in_clients(args.clients, args.learners, ports, args.seconds, args.think, opts)
        figures = summary(stats, time.monotonic() - started)
        burst: dict[str, Any] = {}
        if not args.no_burst:
            threads = max(8, 4 * args.workers * args.instances)
            masters = [server.pid for server in servers]
            rounds = []
            for _ in range(args.burst_rounds):
                round_, saturated = saturation_round(args, ports, masters, threads, opts)
                rounds.append(round_)
                stats.accepted.update(saturated.accepted)
            # The round whose ratio is the median: a machine that slows down for a few
            # seconds (another guest on the host) slows one phase of one round.
            burst = {
                **sorted(rounds, key=lambda r: r["ratio"] or 0.0)[len(rounds) // 2],
                "ratios": [r["ratio"] for r in rounds],
                "errors": sum(r["errors"] for r in rounds),
            }
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=20)
    logs = check_move_logs(stats.accepted)
    dashboards = check_dashboards(stats, teachers) if teachers else {}
    shutil.rmtree(tmp, ignore_errors=True)
    result = {
        "database": "postgresql" if database.startswith("postgres") else "sqlite",
        "learners": args.learners,
        "think_seconds": args.think,
        "instances": args.instances,
        "workers": args.workers,
        "worker_class": args.worker_class,
        "threads": args.threads,
        "mix": mix,
        "warmup_seconds": args.warmup,
        "gzip": args.gzip,
        "arrival_seconds": args.arrival,
        **figures,
        "move_logs": logs,
        **({"dashboards": dashboards} if teachers else {}),
        "saturation": burst,
    }
    if args.json:
        print(json.dumps(result))
        return 0
    by_kind = result.pop("by_kind")
    samples = result.pop("error_samples")
    for key, value in result.items():
        print(f"{key:>24}: {value}")
    print(
        f"{'request':>24}  {'n':>6} {'p50':>7} {'p95':>7} {'p99':>7} "
        f"{'srv p50':>8} {'srv p95':>8} {'cpu p50':>8} {'queries':>8}"
    )
    for kind, row in by_kind.items():
        print(
            f"{kind:>24}  {row['n']:>6} {row['p50_ms']:>7} {row['p95_ms']:>7} {row['p99_ms']:>7} "
            f"{row['server_p50_ms']!s:>8} {row['server_p95_ms']!s:>8} "
            f"{row['server_cpu_p50_ms']!s:>8} {row['queries_mean']!s:>8}"
        )
    print("times in ms; client times include the client, on the same cores")
    for sample in samples:
        print(f"{'error':>24}: {sample}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
