"""What a pupil's old phone on a slow network downloads and waits for, on a running site.

    python bench/page_weight.py --url http://localhost:8000
    python bench/page_weight.py --url http://localhost:8000 --moves 3 --json walk.json
    python bench/page_weight.py --url http://localhost:8000 --lessons 5

Serve the site as production does first (docs/deploy.md: ``collectstatic``, DEBUG off,
gunicorn; ``SECURE_SSL_REDIRECT=0`` for plain HTTP, and ``localhost`` rather than
127.0.0.1, where Chromium keeps the secure cookies) with the lessons loaded.

Drives Chromium (``/usr/bin/chromium`` or ``CHROMIUM_PATH``) as a phone: 360x640,
device scale 2, touch, the CPU slowed four times and a "Slow 3G"-like network (400
kbit/s each way, 400 ms latency), both through the DevTools protocol. The walk, in
Italian: the home page (empty cache, then again), the Knock Rummy path, its first
lesson and its question (a wrong answer, then the right one), the path's first guided
hand to its end, then a practice table against one computer player, ``--moves``
turns (a draw and a discard each) with JavaScript and again, at a new table in a
new browser, without.

Prints for each step the requests that went over the network (not from the cache),
their bytes on the wire (headers included) and how many were compressed; for a page
its first contentful paint and load, for a tap answered by htmx the time from the tap
to the swapped part settled; and the main thread's busy time of the step (the
slowed CPU's: parsing, style, layout, paint, scripts; ``Performance.getMetrics``'
TaskDuration) and the page's elements afterwards.

``--lessons N`` instead loads every lesson of the three games in Italian N times each
(the network not slowed, the CPU still 4x) and prints, heaviest first, the median of
each lesson's main-thread time (of which style, layout and script), its elements, cards
and ``<use>`` references (docs/deploy.md, "Drawing the cards"). Times move with the
machine and the emulation: compare runs taken in turn, not with a figure written down
elsewhere.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

NETWORK = {
    "offline": False,
    "latency": 400,
    "downloadThroughput": 400 * 1000 / 8,
    "uploadThroughput": 400 * 1000 / 8,
}

#: The time from a click (a tap) to the htmx swap it asked for, settled.
TAP_TIMER = """
window.__taps = [];
document.addEventListener('click', () => {
  window.__t0 = performance.now();
  window.__armed = true;
}, true);
document.addEventListener('htmx:afterSettle', () => {
  if (!window.__armed) return;
  window.__taps.push(performance.now() - window.__t0);
  window.__armed = false;
});
"""

PAINT = """() => {
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  const nav = performance.getEntriesByType('navigation')[0];
  return [paint ? Math.round(paint.startTime) : null,
          nav && nav.loadEventEnd ? Math.round(nav.loadEventEnd) : null];
}"""


ELEMENTS = "() => document.getElementsByTagName('*').length"


def main_thread(cdp: Any) -> dict[str, float]:
    """The renderer's main thread so far, in ms: busy, and of that style, layout, script."""
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return {
        name: metrics[key] * 1000
        for name, key in (
            ("task", "TaskDuration"),
            ("style", "RecalcStyleDuration"),
            ("layout", "LayoutDuration"),
            ("script", "ScriptDuration"),
        )
    }


class Requests:
    """The step's requests, from the DevTools protocol's Network events."""

    def __init__(self, cdp: Any) -> None:
        self.seen: dict[str, dict[str, Any]] = {}
        cdp.on("Network.requestWillBeSent", self._sent)
        cdp.on("Network.responseReceived", self._received)
        cdp.on("Network.loadingFinished", self._finished)
        cdp.on("Network.requestServedFromCache", self._cached)

    def _one(self, event: dict[str, Any]) -> dict[str, Any]:
        return self.seen.setdefault(event["requestId"], {"bytes": 0, "cached": False, "hops": 0})

    def _sent(self, event: dict[str, Any]) -> None:
        one = self._one(event)
        one["url"] = event["request"]["url"]
        if event.get("redirectResponse"):  # a POST's 303: a round trip of its own
            one["hops"] += 1
            one["bytes"] += event["redirectResponse"].get("encodedDataLength", 0)

    def _received(self, event: dict[str, Any]) -> None:
        one = self._one(event)
        response = event["response"]
        headers = {k.lower(): v for k, v in response.get("headers", {}).items()}
        one["encoding"] = headers.get("content-encoding", "")
        one["cached"] = (
            one["cached"] or response.get("fromDiskCache") or response.get("fromMemoryCache")
        )

    def _finished(self, event: dict[str, Any]) -> None:
        self._one(event)["bytes"] += int(event.get("encodedDataLength", 0))

    def _cached(self, event: dict[str, Any]) -> None:
        self._one(event)["cached"] = True

    def take(self) -> dict[str, Any]:
        sent = [r for r in self.seen.values() if not r["cached"]]
        self.seen = {}
        return {
            "requests": len(sent) + sum(r["hops"] for r in sent),
            "bytes": sum(r["bytes"] for r in sent),
            "compressed": sum(1 for r in sent if r.get("encoding")),
        }


class Phone:
    def __init__(self, browser: Any, base: str, *, javascript: bool) -> None:
        self.base = base.rstrip("/")
        self.context = browser.new_context(
            viewport={"width": 360, "height": 640},
            device_scale_factor=2,
            is_mobile=True,
            has_touch=True,
            java_script_enabled=javascript,
        )
        self.context.add_init_script(TAP_TIMER)
        self.page = self.context.new_page()
        self.page.set_default_timeout(120_000)
        cdp = self.context.new_cdp_session(self.page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", NETWORK)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        cdp.send("Performance.enable")
        self.cdp = cdp
        self.requests = Requests(cdp)
        self.steps: list[dict[str, Any]] = []

    def busy(self) -> float:
        """The renderer's main thread's busy time so far, in ms (a new document may
        start it again from zero)."""
        return main_thread(self.cdp)["task"]

    def step(self, name: str, action: Callable[[], None], *, swap: bool = False) -> None:
        self.requests.take()
        before = self.busy()
        action()
        self.page.wait_for_load_state("load")
        time.sleep(0.3)  # the last file's loadingFinished
        after = self.busy()
        figures: dict[str, Any] = {"step": name, **self.requests.take()}
        figures["main_ms"] = round(after - before if after >= before else after)
        figures["elements"] = self.page.evaluate(ELEMENTS)
        if swap:
            taps = self.page.evaluate("() => window.__taps.splice(0)")
            figures["tap_ms"] = round(taps[-1]) if taps else None
        else:
            figures["fcp_ms"], figures["load_ms"] = self.page.evaluate(PAINT)
        self.steps.append(figures)
        when = (
            f"tap {figures['tap_ms']} ms"
            if swap
            else f"first paint {figures['fcp_ms']} ms, load {figures['load_ms']} ms"
        )
        print(
            f"{name:34} {figures['requests']:2} requests {figures['bytes']:6} B "
            f"({figures['compressed']} compressed)  {when}, main thread "
            f"{figures['main_ms']} ms, {figures['elements']} elements",
            flush=True,
        )

    def open(self, path: str) -> None:
        self.page.goto(f"{self.base}{path}")

    def go(self, selector: str) -> None:
        with self.page.expect_navigation(wait_until="load"):
            self.page.locator(selector).first.tap()

    def tap_and_wait(self, selector: str, done: str) -> None:
        """Tap, then wait for ``done`` (a JS expression) and the swap's settle."""
        self.page.locator(selector).first.tap()
        self.page.wait_for_function(done)
        self.page.wait_for_function("() => !window.__armed")

    def version_changed(self) -> str:
        version = self.page.locator("#table").get_attribute("data-version")
        return f"() => document.querySelector('#table').dataset.version !== '{version}'"


def lesson_and_guided_hand(phone: Phone) -> None:
    from game.engine import Card, LayDown, best_arrangement
    from game.guided import scenarios
    from tests.browser.helpers import ACTIONS, cards_of

    page = phone.page
    phone.step("home (empty cache)", lambda: phone.open("/it/"))
    phone.step("home again", lambda: phone.open("/it/"))
    phone.step("Knock Rummy path", lambda: phone.go("a[href='/it/learn/knock/']"))
    phone.step("first lesson", lambda: phone.go("a.path__continue"))

    def answer(right: bool) -> None:
        box = page.locator("#check-0")
        held = box.locator("form [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
        deadwood = best_arrangement([Card.parse(c) for c in held]).deadwood
        box.locator("input[name=answer]").fill(str(deadwood if right else deadwood + 3))
        phone.tap_and_wait(
            "#check-0 button[type=submit]", "() => !!document.querySelector('#check-0 .feedback')"
        )

    phone.step("question: a wrong answer", lambda: answer(False), swap=True)
    phone.step("question: the right answer", lambda: answer(True), swap=True)
    phone.step("the path again", lambda: phone.open("/it/learn/knock/"))
    phone.step("first guided hand", lambda: phone.go("a[href*='/guided/knock-01']"))
    slug = page.url.split("#")[0].rstrip("/").rsplit("/", 1)[1]
    scenario = scenarios.get(slug)
    assert scenario is not None, slug
    for number, planned in enumerate(scenarios.right_line(scenario), start=1):
        move = planned
        if move is None:  # any meld of the hand shown
            held = page.locator("#hand-form [data-card]").evaluate_all(
                "els => els.map(e => e.dataset.card)"
            )
            move = LayDown(best_arrangement([Card.parse(c) for c in held]).melds[0].cards)

        def guided_move(move: Any = move) -> None:
            done = phone.version_changed()
            for card in cards_of(move):
                page.locator(f'label[for="card-{card}"]').tap()
            if getattr(move, "meld_id", None) is not None:
                page.locator(f'label[for="meld-{move.meld_id}"]').tap()
            phone.tap_and_wait(f"button[name=action][value={ACTIONS[type(move)]}]", done)

        phone.step(f"guided move {number}", guided_move, swap=True)


def practice(phone: Phone, moves: int, *, javascript: bool) -> None:
    page = phone.page
    label = "" if javascript else " (no JS)"

    def new_table() -> None:
        phone.open("/it/practice/?game=knock")
        page.locator("#id_players").select_option("2")

    phone.step(f"practice page{label}", new_table)
    phone.step(f"new table{label}", lambda: phone.go(".new-table-form button[type=submit]"))
    my_turn = (
        "() => !!document.querySelector('#table .actions button[value=draw_stock], #table .result')"
    )
    for turn in range(1, moves + 1):
        if javascript:
            page.wait_for_function(my_turn)
        else:
            while page.locator("#bots-skip").count():
                phone.step(f"the computer's turn{label}", lambda: phone.go("#bots-skip"))
        if not page.locator("#table .actions button[value=draw_stock]").count():
            break  # the hand is over
        for action in ("draw_stock", "discard"):

            def move(action: str = action) -> None:
                if action == "discard":
                    page.locator("#hand-form label.card-choice").first.tap()
                selector = f"button[name=action][value={action}]"
                if javascript:
                    phone.tap_and_wait(selector, phone.version_changed())
                else:
                    phone.go(selector)

            phone.step(f"{action} {turn}{label}", move, swap=javascript)


def lessons(browser: Any, base: str, loads: int) -> list[dict[str, Any]]:
    """Each lesson of the three games in Italian (the links of each game's lessons page),
    ``loads`` times in a new tab (its files in the cache): the medians of its main
    thread's figures, heaviest first."""
    context = browser.new_context(
        viewport={"width": 360, "height": 640},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    base = base.rstrip("/")
    index = context.new_page()
    urls: list[str] = []
    for game in ("basic", "gin", "knock"):
        index.goto(f"{base}/it/lessons/{game}/")
        for path in index.locator(f"main a[href^='/it/lessons/{game}/']").evaluate_all(
            "links => links.map(a => a.getAttribute('href'))"
        ):
            if path.count("/") == 5 and f"{base}{path}" not in urls:  # /it/lessons/gin/x/
                urls.append(f"{base}{path}")
    index.close()
    rows = []
    for url in urls:
        runs = []
        for _ in range(loads + 1):  # the first fills the cache
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
            cdp.send("Performance.enable")
            page.goto(url, wait_until="load")
            time.sleep(0.3)
            runs.append(main_thread(cdp))
            counts = page.evaluate(
                "() => [document.getElementsByTagName('*').length,"
                " document.querySelectorAll('.card').length,"
                " document.querySelectorAll('use').length]"
            )
            page.close()
        row: dict[str, Any] = {"lesson": url.removeprefix(f"{base}/it/lessons/")}
        row.update({k: round(statistics.median(r[k] for r in runs[1:])) for k in runs[0]})
        row["elements"], row["cards"], row["uses"] = counts
        rows.append(row)
    context.close()
    rows.sort(key=lambda row: -row["task"])
    for row in rows:
        print(
            f"{row['lesson']:34} main thread {row['task']:5} ms (style {row['style']}, layout "
            f"{row['layout']}, script {row['script']})  {row['elements']:5} elements "
            f"{row['cards']:4} cards {row['uses']:4} <use>",
            flush=True,
        )
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True, help="the running site, e.g. http://localhost:8000")
    parser.add_argument("--moves", type=int, default=2, help="turns at each practice table")
    parser.add_argument("--json", type=Path, help="write every step's figures here")
    parser.add_argument(
        "--lessons", type=int, metavar="N", help="instead: every lesson in Italian, N loads each"
    )
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rummy_site.settings.test")
    import django

    django.setup()
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import chromium_path

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path(), args=["--headless", "--no-sandbox"]
        )
        steps = []
        if args.lessons:
            steps = lessons(browser, args.url, args.lessons)
        for javascript in (True, False) if not args.lessons else ():
            phone = Phone(browser, args.url, javascript=javascript)
            if javascript:
                lesson_and_guided_hand(phone)
            practice(phone, args.moves, javascript=javascript)
            steps += phone.steps
            phone.context.close()
        browser.close()
    if args.json:
        args.json.write_text(json.dumps(steps, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
