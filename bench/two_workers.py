"""A practice move's cost when a table's requests alternate between two workers.

    python bench/two_workers.py                        # 6,000 requests, temporary SQLite
    python bench/two_workers.py --database-url postgres://.../fresh_db --requests 6000

Two app instances behind a proxy (``docs/deploy.md``) see every other request of a
table: each worker's caches (replayed hands, tables as read, finished hands' moves,
results and JSON text) know the table as it was one or two requests back. This plays
Basic Rummy tables (three players) through Django's test client in one process, hand
after hand (the scoring walked, the next hand dealt, a new table when a match ends), the
learner drawing and discarding, the computer players moving one step at a time, twice
over on one fresh database:

* ``one worker``: as a single worker sees them;
* ``two workers``: with two sets of the worker's caches, swapped before every request.

Both runs play the same games (the tables' seeds are fixed), so the second run's
figures against the first's, in the same process, show what alternating costs. Prints
for moves and computer steps the median time inside Django and its CPU time (the bench
settings' ``X-Server-Ms`` and ``X-Server-Cpu-Ms``), the hands dealt and the ratio.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: Where each worker keeps what it read (module, name): swapped as a whole.
CACHES = [
    ("game.practice.services", "_HANDS"),
    ("game.practice.services", "_TABLES"),
    ("game.engine.rounds", "_FINISHED_MOVES"),
    ("game.engine.rounds", "_SETTLEMENTS"),
    ("game.engine.rounds", "_ROUND_TEXTS"),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=6000, help="per run")
    parser.add_argument("--database-url", help="a fresh database (default: temporary SQLite)")
    args = parser.parse_args()
    os.environ["DATABASE_URL"] = args.database_url or (
        f"sqlite:///{Path(tempfile.mkdtemp()) / 'two_workers.sqlite3'}"
    )
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rummy_site.settings.bench")
    os.chdir(ROOT)
    import django

    django.setup()
    import importlib

    from django.core.management import call_command
    from django.test import Client

    from game.engine import rounds
    from game.practice import services

    call_command("migrate", verbosity=0)
    services.MAX_TABLES_PER_DAY = 10**6
    modules = [(importlib.import_module(module), name) for module, name in CACHES]
    caches = [(module, name) for module, name in modules if hasattr(module, name)]  # older code
    client = Client(HTTP_HOST="127.0.0.1")
    client.get("/en/practice/")
    htmx = {"HTTP_HX_REQUEST": "true"}

    def run(alternate: bool) -> dict[str, Any]:
        services.clear_caches()  # both runs start with workers that know no table
        rounds.clear_read_caches()
        seeds = itertools.count(12345)
        services.new_table_seed = lambda: next(seeds)  # the same games in both runs
        others = {name: type(getattr(module, name))() for module, name in caches}
        figures: dict[str, list[tuple[float, float]]] = {"move": [], "computer": []}
        hands = 0

        def post(url: str, data: dict[str, str], kind: str | None) -> str:
            if alternate:
                for module, name in caches:
                    mine = getattr(module, name)
                    setattr(module, name, others[name])
                    others[name] = mine
            response = client.post(
                url, urlencode(data), content_type="application/x-www-form-urlencoded", **htmx
            )
            if kind is not None:
                figures[kind].append(
                    (float(response["X-Server-Ms"]), float(response["X-Server-Cpu-Ms"]))
                )
            return str(response.content.decode())

        def new_table() -> tuple[str, str]:
            form = {"game": "basic", "players": "3", "name": "Bench"}
            url = str(client.post("/en/practice/new/", form)["Location"]).split("#", 1)[0]
            return url, client.get(url, **htmx).content.decode()

        url, page = new_table()
        for _ in range(args.requests):
            version = page.split('data-version="', 1)[1].split('"', 1)[0]
            if 'class="bots"' in page:
                page = post(url + "computer/", {"version": version}, "computer")
            elif 'value="draw_stock"' in page:
                page = post(url + "move/", {"version": version, "action": "draw_stock"}, "move")
            elif 'value="discard"' in page:
                card = page.split('name="cards" value="', 1)[1].split('"', 1)[0]
                data = {"version": version, "action": "discard", "cards": card, "confirm": "1"}
                page = post(url + "move/", data, "move")
            elif 'id="next-hand"' in page:
                hands += 1
                page = post(url + "next/", {"version": version}, None)
            elif 'class="result"' in page and 'id="new-table"' not in page:
                page = client.get(url + "?step=all", **htmx).content.decode()
            else:
                url, page = new_table()
        return {"figures": figures, "hands": hands}

    runs = {"one worker": run(False), "two workers": run(True)}
    print(f"{'':12} {'kind':9} {'n':>5} {'server p50':>11} {'cpu p50':>8}  (ms)")
    medians: dict[tuple[str, str], float] = {}
    for label, result in runs.items():
        for kind, values in result["figures"].items():
            server = statistics.median(v[0] for v in values)
            cpu = statistics.median(v[1] for v in values)
            medians[(label, kind)] = server
            print(f"{label:12} {kind:9} {len(values):5} {server:11.3f} {cpu:8.3f}")
        print(f"{label:12} next hands dealt: {result['hands']}")
    for kind in ("move", "computer"):
        ratio = medians[("two workers", kind)] / medians[("one worker", kind)]
        print(f"two workers / one worker, {kind}: {ratio:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
