"""What one request costs inside the server: SQL queries, engine work and time, per kind.

    python bench/request_cost.py              # 40 moves at practice tables, every guided hand
    python bench/request_cost.py --moves 200 --lessons 50
    python bench/request_cost.py --database-url postgres://.../fresh_db

Plays practice tables (Gin, Basic, Knock) and every guided hand, and answers a
lesson's questions (``--lessons`` learners, five questions each), through Django's
test client in this process, on a fresh database (SQLite unless told), and prints for each kind
of request (a learner's move, a computer step, a hint, a guided move, a guided
page, a lesson page, a lesson answer) the median and maximum of:

* SQL queries (Django's connection wrapper counts them);
* hands dealt: engine hands built from a deal, each the start of a replay;
* moves applied: every engine move made or replayed (``Hand.apply``);
* milliseconds in the view (median only: the figure moves with the machine).

The engine's hand class is found whether it lives in ``game.engine.state`` (since the
redesign) or ``game.engine.hand`` (before), and the requests are plain URLs, so the
same script measures an older checkout for comparison:
``cd old-checkout && python /path/to/bench/request_cost.py``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path.cwd()
sys.path.insert(0, str(ROOT))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40, help="learner moves per table")
    parser.add_argument("--lessons", type=int, default=20, help="learners answering a lesson")
    parser.add_argument("--database-url", help="a fresh database (default: temporary SQLite)")
    args = parser.parse_args()
    db = Path(tempfile.mkdtemp()) / "bench.sqlite3"
    os.environ["DATABASE_URL"] = args.database_url or f"sqlite:///{db}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rummy_site.settings.test")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    call_command("migrate", verbosity=0)
    try:
        from game.engine.state import Hand
    except ImportError:  # before the redesign
        from game.engine.hand import Hand  # type: ignore[no-redef]

    counts = {"dealt": 0, "applied": 0}
    original_new, original_apply = Hand.new.__func__, Hand.apply  # type: ignore[attr-defined]

    def counting_new(cls, *a, **k):  # type: ignore[no-untyped-def]
        counts["dealt"] += 1
        return original_new(cls, *a, **k)

    def counting_apply(self, *a, **k):  # type: ignore[no-untyped-def]
        counts["applied"] += 1
        return original_apply(self, *a, **k)

    Hand.new = classmethod(counting_new)  # type: ignore[method-assign,assignment]
    Hand.apply = counting_apply  # type: ignore[method-assign]

    figures: dict[str, list[tuple[int, int, int, float]]] = defaultdict(list)

    def measure(kind: str, client: Client, url: str, data: dict | None = None):  # type: ignore[no-untyped-def,type-arg]
        queries = 0

        def counter(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
            nonlocal queries
            queries += 1
            return execute(sql, params, many, context)

        counts["dealt"] = counts["applied"] = 0
        started = time.perf_counter()
        with connection.execute_wrapper(counter):
            if data is None:
                response = client.get(url)
            else:
                response = client.post(url, data, HTTP_HX_REQUEST="true")
        ms = (time.perf_counter() - started) * 1000
        figures[kind].append((queries, counts["dealt"], counts["applied"], ms))
        return response

    htmx = {"HTTP_HX_REQUEST": "true"}
    for game, players in (("gin", 2), ("basic", 3), ("knock", 4)):
        client = Client()
        response = client.post(
            "/en/practice/new/", {"game": game, "players": str(players), "name": "Bench"}
        )
        table_url = response["Location"].split("#", 1)[0]  # it opens at its status
        made = 0
        for _ in range(args.moves * 4):
            if made >= args.moves:
                break
            page = client.get(table_url, **htmx).content.decode()
            version = page.split('data-version="', 1)[1].split('"', 1)[0]
            if 'name="action" value="draw_stock"' in page:
                measure("hint", client, table_url + "hint/", {"version": version})
                page = client.get(table_url, **htmx).content.decode()
                version = page.split('data-version="', 1)[1].split('"', 1)[0]
                measure(
                    "practice move",
                    client,
                    table_url + "move/",
                    {"version": version, "action": "draw_stock"},
                )
                made += 1
            elif 'name="action" value="discard"' in page:
                card = page.split('name="cards" value="', 1)[1].split('"', 1)[0]
                measure(
                    "practice move",
                    client,
                    table_url + "move/",
                    {"version": version, "action": "discard", "cards": card, "confirm": "1"},
                )
                made += 1
            elif 'class="bots"' in page:
                measure("computer step", client, table_url + "computer/", {"version": version})
            else:  # the hand is over: deal the next one
                response = client.post(table_url + "next/", {"version": version}, **htmx)
                if response.status_code != 200:
                    break
    from game.engine.moves import Move

    try:
        from game.guided import scenarios
    except ImportError:  # before the redesign
        from game import guided as scenarios  # type: ignore[no-redef]
    for scenario in scenarios.library():
        client = Client()
        url = f"/en/guided/{scenario.slug}/"
        measure("guided page", client, url)
        version = 0
        for move in scenarios.right_line(scenario):
            data = {"version": str(version), **_fields(Move.parse(str(move)))}
            response = measure("guided move", client, url + "move/", data)
            text = response.content.decode()
            version = int(text.split('data-version="', 1)[1].split('"', 1)[0])

    # A lesson's page, and answers to its deadwood question: right, then a new question.
    import re

    from game.engine import Card, best_arrangement

    call_command("load_lessons", verbosity=0)
    lesson = "/en/lessons/basic/cards-and-values/"
    for _ in range(args.lessons):
        client = Client()
        html = measure("lesson page", client, lesson).content.decode()
        for _ in range(5):
            box = re.search(
                r'<section class="check check--deadwood" id="check-(\d+)".*?</section>', html, re.S
            )
            if box is None:
                break
            cards = [Card.parse(c) for c in re.findall(r'data-card="(..)"', box.group(0))]
            token = re.search(r'name="question" value="([^"]+)"', box.group(0))
            data = {
                "question": token.group(1) if token else "",
                "answer": str(best_arrangement(cards).deadwood),
            }
            measure("lesson answer", client, f"{lesson}check/{box.group(1)}/", data)
            html = client.get(lesson, {"check": box.group(1), "seed": "new"}, **htmx).content
            html = html.decode()

    heads = ("queries", "hands dealt", "moves applied")
    print(f"{'request':16} {'n':>4}  " + "  ".join(f"{h:>13}" for h in heads) + f"  {'ms':>6}")
    kinds = ("practice move", "computer step", "hint", "guided page", "guided move")
    for kind in (*kinds, "lesson page", "lesson answer"):
        rows = figures[kind]
        if not rows:
            continue
        cells = [
            f"{statistics.median(r[i] for r in rows):>7g} ({max(r[i] for r in rows):>3})"
            for i in range(3)
        ]
        ms = statistics.median(r[3] for r in rows)
        print(
            f"{kind:16} {len(rows):>4}  " + "  ".join(f"{c:>13}" for c in cells) + f"  {ms:>6.1f}"
        )
    print("cells: median (max) per request; ms: median time in Django, client included")
    return 0


def _fields(move: object) -> dict[str, object]:
    text = str(move).split()
    kind = text[0]
    if kind == "draw":
        return {"action": "draw_stock" if text[1] == "stock" else "draw_discard"}
    if kind == "discard":
        return {"action": "discard", "cards": text[1]}
    if kind == "knock":
        return {"action": "knock", "cards": text[1], "confirm": "1"}
    if kind == "meld":
        return {"action": "meld", "cards": text[1:], "confirm": "1"}
    if kind == "layoff":
        return {"action": "lay_off", "cards": text[1], "meld": text[2], "confirm": "1"}
    if kind == "done":  # Gin laid out by hand
        return {"action": "done"}
    raise ValueError(move)


if __name__ == "__main__":
    raise SystemExit(main())
