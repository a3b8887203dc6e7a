"""Learners' data survives the move of the models out of ``game``.

The database is built as the version before the redesign left it (its migrations:
``game.0002``, the models then in ``game``), with tables mid-hand, guided attempts
and results, and lesson progress; then migrated forward. Every row is still there,
under its new app, and a table still replays and plays on. Migrating back keeps the
rows too.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from game.engine import new_hand

pytestmark = pytest.mark.django_db(transaction=True)

OLD = [
    ("game", "0002_guidedattempt_guidedresult"),
    ("learners", "0002_learner_display_name"),
    ("lessons", "0001_initial"),
]
NEW = [("practice", "0002_rename_table_and_rounds"), ("guided", "0002_rename_tables")]


class Migrator:
    """Migrate the test database to given nodes and give Django's picture of the models
    there (historical models, as a data migration sees them)."""

    def __init__(self) -> None:
        self.executor = MigrationExecutor(connection)

    def to(self, targets: list[tuple[str, str]]) -> Any:
        self.executor.loader.build_graph()
        self.executor.migrate(targets)
        self.executor.loader.build_graph()
        return self.executor.loader.project_state(targets).apps

    def latest(self) -> None:
        self.executor.loader.build_graph()
        self.executor.migrate(self.executor.loader.graph.leaf_nodes())


def _board(seats: list[int], seed: int, dealer: int, moves: int) -> dict[str, Any]:
    """A board as the old services stored it, ``moves`` legal moves into the hand."""
    hand = new_hand(
        "gin" if len(seats) == 2 else "knock", players=len(seats), dealer=dealer, seed=seed
    )
    made = []
    for _ in range(moves):
        move = hand.legal_moves()[-1 if len(made) % 2 else 0]
        hand = hand.play(move)
        made.append(str(move))
    return {"seats": seats, "seed": seed, "dealer": dealer, "moves": made}


def _old_rows(apps: Any) -> dict[str, Any]:
    Learner = apps.get_model("learners", "Learner")
    Table = apps.get_model("game", "Table")
    Attempt = apps.get_model("game", "GuidedAttempt")
    Result = apps.get_model("game", "GuidedResult")
    LessonRead = apps.get_model("lessons", "LessonRead")
    CheckAnswer = apps.get_model("lessons", "CheckAnswer")

    learner = Learner.objects.create(display_name="Aistė")
    gin_round = [_board([0, 1], seed=424242, dealer=1, moves=5)]
    table = Table.objects.create(
        public_id="oldtable-gin",
        learner=learner,
        game="gin",
        format="standard",
        options={},
        seats=[{"name": "Aistė", "kind": "human"}, {"name": "Ona", "kind": "bot"}],
        deals=[gin_round],
        hints=[[{"move": 2}]],
        seed=99,
        version=7,
    )
    three = Table.objects.create(
        public_id="oldtable-gin3",
        learner=learner,
        game="gin",
        format="gin3",
        options={"target_score": 50},
        seats=[
            {"name": "Aistė", "kind": "human"},
            {"name": "Ona", "kind": "bot"},
            {"name": "Ben", "kind": "bot"},
        ],
        deals=[[_board([0, 1], seed=17, dealer=0, moves=3)]],
        hints=[[]],
        seed=5,
        version=3,
    )
    attempt = Attempt.objects.create(
        learner=learner,
        scenario="gin-01-first-knock",
        moves=["draw discard"],
        hints=[{"step": 1}],
        mistakes=[{"step": 1, "kind": "other", "code": "draw_stock", "move": "draw stock"}],
        version=3,
    )
    result = Result.objects.create(
        learner=learner,
        scenario="basic-01-groups-and-runs",
        stars=2,
        hints=1,
        mistakes={"illegal:illegal_meld:run_gap": 1},
    )
    LessonRead.objects.create(learner=learner, game="gin", slug="melds-groups-and-runs")
    CheckAnswer.objects.create(
        learner=learner, game="gin", slug="deadwood", index=0, attempts=2, correct=True
    )
    return {
        "learner": learner.pk,
        "tables": [table.pk, three.pk],
        "attempt": attempt.pk,
        "result": result.pk,
    }


@pytest.fixture
def migrator() -> Iterator[Migrator]:
    migrator = Migrator()
    yield migrator
    migrator.latest()  # the rest of the suite runs on the latest schema


def test_rows_survive_the_move_to_practice_and_guided_and_still_play(migrator: Migrator) -> None:
    made = _old_rows(migrator.to(OLD))
    new = migrator.to(NEW)

    Table = new.get_model("practice", "Table")
    Attempt = new.get_model("guided", "GuidedAttempt")
    Result = new.get_model("guided", "GuidedResult")
    assert Table._meta.db_table == "practice_table"
    gin = Table.objects.get(pk=made["tables"][0])
    assert (
        gin.public_id == "oldtable-gin" and gin.version == 7 and gin.learner_id == made["learner"]
    )
    assert len(gin.rounds) == 1 and len(gin.rounds[0][0]["moves"]) == 5
    assert gin.hints == [[{"move": 2}]]
    attempt = Attempt.objects.get(pk=made["attempt"])
    assert attempt.moves == ["draw discard"] and attempt.version == 3 and len(attempt.mistakes) == 1
    assert Result.objects.get(pk=made["result"]).mistakes == {"illegal:illegal_meld:run_gap": 1}
    from lessons.models import CheckAnswer, LessonRead

    assert LessonRead.objects.get().learner_id == made["learner"]
    assert CheckAnswer.objects.get().correct

    # The site's own code reads the migrated rows: the tables replay and play on.
    from game.guided import services as guided
    from game.guided.models import GuidedAttempt
    from game.practice import services as practice
    from game.practice.models import Table as LiveTable

    table = LiveTable.objects.get(pk=made["tables"][0])
    state = practice.table_state(table=table)
    assert len(state.hand.log) == 5 and state.board.seed == 424242 and state.board.dealer == 1
    while not state.my_turn and not state.hand.is_over:
        state = practice.table_bot_step(table=table, version=table.version)
    if state.my_turn:
        move = state.hand.legal_moves()[0]
        after = practice.table_move(table=table, version=table.version, move=move, confirmed=True)
        assert after.hand.log[-1].move == move
    three = practice.table_state(table=LiveTable.objects.get(pk=made["tables"][1]))
    assert three.rules.format == "gin3" and len(three.hand.log) == 3
    live_attempt = GuidedAttempt.objects.get(pk=made["attempt"])
    replayed = guided.guided_state(
        scenario=guided.scenarios.get("gin-01-first-knock"),  # type: ignore[arg-type]
        attempt=live_attempt,
        learner=live_attempt.learner,
    )
    assert replayed.attempt == live_attempt and replayed.progress.step_index == 1
    assert replayed.mistakes[0].move == "draw stock"

    # And back: the old apps' picture of the models, with the rows.
    back = migrator.to(OLD)
    OldTable = back.get_model("game", "Table")
    assert OldTable.objects.get(pk=made["tables"][0]).deals[0][0]["seed"] == 424242
    assert back.get_model("game", "GuidedAttempt").objects.count() == 1


def test_a_fresh_database_has_the_new_tables() -> None:
    from django.db import connection

    tables = set(connection.introspection.table_names())
    assert {"practice_table", "guided_guidedattempt", "guided_guidedresult"} <= tables
    assert not {"game_table", "game_guidedattempt", "game_guidedresult"} & tables
