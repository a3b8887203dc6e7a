"""Make ``v1_rows.json``: rows as the site's first version (commit ba597a3) stored them.

Run from a checkout of that commit, with its dependencies installed:

    git worktree add /tmp/v1 ba597a3
    cd /tmp/v1 && PYTHONPATH=. DATABASE_URL=sqlite:////tmp/v1.sqlite3 \\
        python /path/to/tests/practice/data/make_v1_rows.py > v1_rows.json

It plays practice tables of every format two hands in and then into a third,
leaves a guided attempt mid-hand with a mistake and a finished one with its result,
records lesson progress, and writes every row of those models. Then it plays each
table on for a while with a fixed policy and writes the rounds that follow, which
the migration test replays with today's code and compares
(``tests/practice/test_migrations.py``).
"""

from __future__ import annotations

import json
import os
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rummy_site.settings.test")
import django

django.setup()
from django.core.management import call_command  # noqa: E402

call_command("migrate", verbosity=0)

from game.models import GuidedAttempt, GuidedResult, Table  # noqa: E402

from game import guided, guided_services, services  # noqa: E402
from game.engine.bots import BotPlayer  # noqa: E402
from game.engine.moves import Move  # noqa: E402
from learners.models import Learner  # noqa: E402
from lessons.models import CheckAnswer, LessonRead  # noqa: E402

TABLES = [("gin", 2, 101), ("gin", 3, 102), ("gin", 4, 103), ("basic", 3, 104), ("knock", 4, 105)]


def step(table):
    """One step of the fixed policy: the learner's sensible move, a computer move, or
    the next hand."""
    table.refresh_from_db()
    state = services.table_state(table=table)
    if state.hand.is_over:
        if services.match_of(table).is_over:
            return False
        services.table_next_hand(table=table, version=table.version)
    elif state.my_turn:
        move = BotPlayer(seed=1).choose(state.hand.view(state.me))
        services.table_move(table=table, version=table.version, move=move)
    else:
        services.table_bot_step(table=table, version=table.version)
    return True


def rows(model):
    """Every row, every stored column (``attname``: ``learner_id`` for a foreign key)."""
    fields = model._meta.concrete_fields
    return [
        {f.attname: getattr(obj, f.attname) for f in fields} for obj in model.objects.order_by("pk")
    ]


learner = Learner.objects.create(display_name="Aistė")
for game, players, seed in TABLES:
    table = services.table_start(
        learner=learner, game=game, players=players, options={}, name="Aistė", seed=seed
    )
    while len(table.deals) < 3 or len(table.deals[-1][0]["moves"]) < 3:
        if not step(table):
            break
        table.refresh_from_db()
mid = guided.get("gin-02-groups-runs-discard")
guided_services.attempt_move(
    learner=learner, scenario=mid, attempt=None, version=0, move=Move.parse("draw discard")
)
attempt = guided_services.attempt_current(learner=learner, scenario=mid)
guided_services.attempt_move(
    learner=learner,
    scenario=mid,
    attempt=attempt,
    version=attempt.version,
    move=Move.parse("draw stock"),
)
done = guided.get("gin-01-first-knock")
version = 0
for move in guided.right_line(done):
    attempt = guided_services.attempt_current(learner=learner, scenario=done)
    guided_services.attempt_move(
        learner=learner, scenario=done, attempt=attempt, version=version, move=move
    )
    version = guided_services.attempt_current(learner=learner, scenario=done).version
LessonRead.objects.create(learner=learner, game="gin", slug="melds-groups-and-runs")
CheckAnswer.objects.create(
    learner=learner, game="gin", slug="deadwood", index=0, attempts=2, correct=True
)
stored = {
    "learners.learner": rows(Learner),
    "game.table": rows(Table),
    "game.guidedattempt": rows(GuidedAttempt),
    "game.guidedresult": rows(GuidedResult),
    "lessons.lessonread": rows(LessonRead),
    "lessons.checkanswer": rows(CheckAnswer),
}
continued = {}
for table in Table.objects.order_by("pk"):
    for _ in range(120):
        if not step(table):
            break
    table.refresh_from_db()
    continued[table.public_id] = table.deals
json.dump({"rows": stored, "continued": continued}, sys.stdout, indent=1, default=str)
sys.stdout.write("\n")
