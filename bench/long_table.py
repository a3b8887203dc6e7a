"""What a long practice table costs to draw, against a new one, with a cold cache.

    python bench/long_table.py                 # Basic Rummy, 6 players, 36 hands
    python bench/long_table.py --hands 48 --game gin --players 2 --repeat 15

Plays one table through the services (the computer choosing for the learner too) until
its hand ``--hands`` is dealt, starts a new table of the same kind (both tables at the
same moment: a hand just dealt, so only what came before differs), then fetches
each table's page with Django's test client ``--repeat`` times, emptying the worker's
hand cache before every fetch (a cold cache: a fresh worker, or a cache flushed by
other tables). Prints the median milliseconds per page for:

* the new table (the reference, measured in the same process);
* the long table as the site draws it: the finished hands' stored results, and only
  the current hand replayed (the finished hands' moves and results read as a worker
  that has read them before, from the engine's read caches);
* the same with those read caches emptied too (a worker that never saw the table);
* the long table drawn the old way: every finished hand replayed (its stored results
  emptied in memory, so the page falls back to the replay);

and each one's ratio to the new table. Also the hands dealt per page (each the start
of a replay).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="basic", choices=["basic", "gin", "knock"])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--hands", type=int, default=36)
    parser.add_argument("--repeat", type=int, default=11)
    parser.add_argument("--seed", type=int, default=20261201, help="the tables' seed")
    args = parser.parse_args()
    os.environ["DATABASE_URL"] = f"sqlite:///{Path(tempfile.mkdtemp()) / 'bench.sqlite3'}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rummy_site.settings.test")
    os.chdir(ROOT)
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    call_command("migrate", verbosity=0)

    from game.engine import BotPlayer, Game
    from game.engine.rounds import clear_read_caches
    from game.engine.state import Hand
    from game.practice import services
    from game.practice.models import Table
    from learners.models import Learner

    dealt = {"count": 0}
    original_new = Hand.new.__func__  # type: ignore[attr-defined]

    def counting_new(cls, *a, **k):  # type: ignore[no-untyped-def]
        dealt["count"] += 1
        return original_new(cls, *a, **k)

    Hand.new = classmethod(counting_new)  # type: ignore[method-assign,assignment]

    client = Client()
    client.get("/en/practice/")
    token = client.cookies["visitor"].value
    learner = Learner.objects.create(visitor_key=services_digest(token))
    options = {"target_score": 1000}
    game = Game(args.game)

    def start() -> Table:
        return services.table_start(
            learner=learner,
            game=game,
            players=args.players,
            options=options,
            name="Ona",
            seed=args.seed,
        )

    long = start()
    chooser = BotPlayer(seed=7)
    started = time.perf_counter()
    moves = 0
    while True:
        state = services.table_state(table=long)
        if state.current_result is not None:
            if state.match.is_over:
                break
            services.table_next_hand(table=long, version=long.version)
            if state.round_number + 1 >= args.hands:
                break  # hand N just dealt: the same moment as the new table's
        elif state.my_turn:
            move = chooser.choose(state.view)
            services.table_move(table=long, version=long.version, move=move, confirmed=True)
            moves += 1
        else:
            services.table_bot_step(table=long, version=long.version, all_steps=True)
    built = time.perf_counter() - started
    long.refresh_from_db()
    new = start()
    total_moves = sum(len(b["moves"]) for r in long.rounds for b in r)
    print(
        f"long table: {args.game}, {args.players} players, {len(long.rounds)} hands, "
        f"{total_moves} moves (built in {built:.1f} s); new table: 1 hand"
    )

    def page_ms(table: Table, *, replay_all: bool, fresh: bool) -> tuple[float, int]:
        if replay_all:
            Table.objects.filter(pk=table.pk).update(results=[])
        services.clear_caches()
        if fresh:
            clear_read_caches()
        dealt["count"] = 0
        began = time.perf_counter()
        response = client.get(f"/en/practice/{table.public_id}/")
        ms = (time.perf_counter() - began) * 1000
        assert response.status_code == 200, response.status_code
        if replay_all:
            Table.objects.filter(pk=table.pk).update(results=table.results)
        return ms, dealt["count"]

    rows = {}
    for label, table, replay_all, fresh in (
        ("new table", new, False, False),
        ("long table, stored results", long, False, False),
        ("  read caches emptied too", long, False, True),
        ("long table, every hand replayed", long, True, True),
    ):
        # Warm the templates and the connection (and the read caches, unless emptied).
        page_ms(table, replay_all=replay_all, fresh=fresh)
        runs = [page_ms(table, replay_all=replay_all, fresh=fresh) for _ in range(args.repeat)]
        rows[label] = (statistics.median(ms for ms, _ in runs), runs[0][1])
    reference = rows["new table"][0]
    print(f"{'page (cold hand cache)':34} {'median ms':>10} {'x new':>7} {'hands dealt':>12}")
    for label, (ms, hands) in rows.items():
        print(f"{label:34} {ms:10.1f} {ms / reference:7.2f} {hands:12d}")
    return 0


def services_digest(token: str) -> str:
    from learners.services import digest

    return digest(token)


if __name__ == "__main__":
    raise SystemExit(main())
