"""Where a practice move's time goes inside the server, part by part.

    python bench/move_parts.py              # 600 requests at a three-player Basic table
    python bench/move_parts.py --requests 1200 --game gin --players 2
    python bench/move_parts.py --database-url postgres://127.0.0.1:5433/parts --profile m.prof

Plays a table through Django's test client in this process (a fresh SQLite database,
the bench settings: production-like), timing each part of the view around every
request: reading the table (with its learner), the engine's move and the table's
conditional update, the page's context, and the template's rendering. Prints the median
of each part and of the whole move request (the rest is the middleware and the client).
Forms are posted url-encoded, as browsers and htmx post them.
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=600)
    parser.add_argument("--game", default="basic", choices=["basic", "gin", "knock"])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument(
        "--database-url",
        help="an empty database to play in (say postgres://...); default a fresh SQLite file",
    )
    parser.add_argument("--profile", metavar="FILE", help="write a cProfile of the moves here")
    args = parser.parse_args()
    default_url = f"sqlite:///{Path(tempfile.mkdtemp()) / 'parts.sqlite3'}"
    os.environ["DATABASE_URL"] = args.database_url or default_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rummy_site.settings.bench")
    os.chdir(ROOT)
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from game.practice import presenters, services, views

    call_command("migrate", verbosity=0)
    parts: dict[str, list[float]] = {}

    def timed(module: Any, name: str, label: str) -> None:
        original: Callable[..., Any] = getattr(module, name)

        @functools.wraps(original)
        def wrapper(*a: Any, **k: Any) -> Any:
            started = time.perf_counter()
            try:
                return original(*a, **k)
            finally:
                parts.setdefault(label, []).append(time.perf_counter() - started)

        setattr(module, name, wrapper)

    timed(views, "_table_or_404", "read the table")
    timed(services, "table_move", "move and update")
    timed(presenters, "table_context", "context")
    timed(views, "render_page", "template")
    client = Client(HTTP_HOST="127.0.0.1")
    client.get("/en/practice/")
    htmx = {"HTTP_HX_REQUEST": "true"}
    # Posted as htmx and browsers post a form (the test client's default, multipart, costs
    # the server about 0.3 ms more to parse).
    form_type = "application/x-www-form-urlencoded"

    def post(path: str, data: dict[str, str]) -> str:
        return client.post(path, urlencode(data), content_type=form_type, **htmx).content.decode()

    form = {"game": args.game, "players": str(args.players), "name": "Bench"}

    def new_table() -> str:
        return str(client.post("/en/practice/new/", form)["Location"]).split("#", 1)[0]

    url = new_table()
    page = client.get(url, **htmx).content.decode()
    moves: list[float] = []
    profile = cProfile.Profile() if args.profile else None
    for _ in range(args.requests):
        version = page.split('data-version="', 1)[1].split('"', 1)[0]
        if 'value="draw_stock"' in page:
            data = {"version": version, "action": "draw_stock"}
        elif 'value="discard"' in page:
            card = page.split('name="cards" value="', 1)[1].split('"', 1)[0]
            data = {"version": version, "action": "discard", "cards": card, "confirm": "1"}
        elif 'class="bots"' in page:
            page = post(url + "computer/", {"version": version})
            continue
        else:
            url = new_table()
            page = client.get(url, **htmx).content.decode()
            continue
        if profile:
            profile.enable()
        started = time.perf_counter()
        page = post(url + "move/", data)
        moves.append(time.perf_counter() - started)
        if profile:
            profile.disable()
    print(f"{'move request':18} n={len(moves):4}  median {statistics.median(moves) * 1000:6.2f} ms")
    for label, values in parts.items():
        median = statistics.median(values) * 1000
        print(f"{label:18} n={len(values):4}  median {median:6.2f} ms")
    print("parts are timed over moves and computer steps alike; the rest is middleware")
    if profile:
        profile.dump_stats(args.profile)
        print(f"profile of the move requests: {args.profile}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
