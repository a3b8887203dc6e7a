"""Learners' data survives the move of the models out of ``game``.

The database is built as the version before the redesign left it (its migrations:
``game.0002``, the models then in ``game``), holding the rows that version's own
code wrote (``data/v1_rows.json``: tables of every format several hands in and
mid-hand, guided attempts and a result, lesson progress); then migrated forward.
Every row is still there, under its new app, and every table plays on exactly as
the same rows play on unmigrated (``continued``: the rounds after playing on). The
computer players' choices are part of that: when their play changes on purpose,
``continued`` is made again from the rows by this test's ``_play_on`` (last when
the coach's knocks and draws were corrected, with a check that the old play still
matched first). Migrating back keeps the rows too.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

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


V1 = json.loads((Path(__file__).parent / "data" / "v1_rows.json").read_text(encoding="utf-8"))


def _load_v1_rows(apps: Any) -> None:
    """The rows the first version stored (``data/make_v1_rows.py`` made them with the code
    of commit ba597a3), written through the models as they were then."""
    for label, rows in V1["rows"].items():
        model = apps.get_model(*label.split("."))
        for row in rows:
            fields = {k: v for k, v in row.items() if k not in ("created", "updated", "read_at")}
            model.objects.create(**fields)


def _play_on(table: Any) -> bool:
    """The policy the first version's rows were played on with (data/make_v1_rows.py): the
    learner's sensible move, a computer move, or the next hand."""
    from game.engine import BotPlayer
    from game.practice import services as practice

    state = practice.table_state(table=table)
    if state.current_result is not None:
        if state.match.is_over:
            return False
        practice.table_next_hand(table=table, version=table.version)
    elif state.my_turn:
        move = BotPlayer(seed=1).choose(state.hand.view(state.me))
        practice.table_move(table=table, version=table.version, move=move, confirmed=True)
    else:
        practice.table_bot_step(table=table, version=table.version)
    return True


@pytest.fixture
def migrator() -> Iterator[Migrator]:
    migrator = Migrator()
    yield migrator
    migrator.latest()  # the rest of the suite runs on the latest schema


def test_the_first_versions_rows_survive_and_play_on_exactly_as_before(migrator: Migrator) -> None:
    _load_v1_rows(migrator.to(OLD))
    new = migrator.to(NEW)

    # Every row is there, under its new app.
    Table = new.get_model("practice", "Table")
    assert Table._meta.db_table == "practice_table"
    old_tables = {row["public_id"]: row for row in V1["rows"]["game.table"]}
    assert set(Table.objects.values_list("public_id", flat=True)) == set(old_tables)
    for table in Table.objects.all():
        row = old_tables[table.public_id]
        assert table.rounds == row["deals"] and table.hints == row["hints"]
        assert (table.pk, table.version, table.seed, table.format) == (
            row["id"],
            row["version"],
            row["seed"],
            row["format"],
        )
    for label, app in (("game.guidedattempt", "guided"), ("game.guidedresult", "guided")):
        model = new.get_model(app, label.split(".")[1])
        for row in V1["rows"][label]:
            stored = model.objects.get(pk=row["id"])
            for name in ("scenario", "moves", "hints", "mistakes", "stars", "version"):
                if name in row:
                    assert getattr(stored, name) == row[name], (label, name)

    # Today's code reads them (on today's schema): the attempts replay, and every table
    # plays on exactly as the first version played it on from the same rows.
    migrator.latest()
    # practice.0003 gave every table the results of its finished hands, as replayed.
    from game.engine import results_to_data, rounds_from_data
    from game.practice.models import Table as LiveTable
    from game.practice.services import replayed_results, table_rules

    several = 0
    for table in LiveTable.objects.all():
        expected = replayed_results(table_rules(table), rounds_from_data(table.rounds))
        assert table.results == results_to_data(expected), table.public_id
        several += len(table.results) > 0
    assert several >= 2
    from game.guided import services as guided
    from game.guided.models import GuidedAttempt
    from lessons.models import CheckAnswer, LessonRead

    assert LessonRead.objects.count() == 1 and CheckAnswer.objects.get().correct
    for attempt in GuidedAttempt.objects.all():
        scenario = guided.scenarios.get(attempt.scenario)
        assert scenario is not None
        state = guided.guided_state(scenario=scenario, attempt=attempt, learner=attempt.learner)
        assert state.attempt == attempt and state.progress.step_index == len(attempt.moves)
        assert [m.to_dict() for m in state.mistakes] == attempt.mistakes
    for table in LiveTable.objects.order_by("pk"):
        for _ in range(120):
            if not _play_on(table):
                break
        table.refresh_from_db()
        assert table.rounds == V1["continued"][table.public_id], table.format

    # And back: the old apps' picture of the models, with the rows.
    back = migrator.to(OLD)
    OldTable = back.get_model("game", "Table")
    assert OldTable.objects.count() == len(old_tables)
    assert back.get_model("game", "GuidedAttempt").objects.count() == 2


def test_a_fresh_database_has_the_new_tables() -> None:
    from django.db import connection

    tables = set(connection.introspection.table_names())
    assert {"practice_table", "guided_guidedattempt", "guided_guidedresult"} <= tables
    assert not {"game_table", "game_guidedattempt", "game_guidedresult"} & tables


def _rounds_column(table: str, what: str) -> str:
    """``what`` (a column of ``pg_attribute``, or an expression of them) of the table's
    ``rounds`` column."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {what} FROM pg_attribute WHERE attrelid = %s::regclass AND attname = 'rounds'",
            [table],
        )
        return str(cursor.fetchone()[0])


def _compression(table: str) -> str:
    return _rounds_column(table, "attcompression")


@pytest.mark.skipif(connection.vendor != "postgresql", reason="a PostgreSQL setting")
def test_the_moves_are_compressed_with_lz4_and_the_rows_kept_both_ways(
    migrator: Migrator,
) -> None:
    from rummy_site.toast import lz4_available

    if not lz4_available(connection):
        pytest.skip("this PostgreSQL has no lz4")
    from tests import factories

    table = factories.table("basic", 3, seed=7)
    from game.practice import services

    services.table_bot_step(table=table, version=table.version, all_steps=True)
    table.refresh_from_db()
    rounds = table.rounds
    assert _compression("practice_table") == _compression("shared_sharedtable") == "l"
    migrator.to([("practice", "0003_table_results"), ("shared", "0002_away_pause_hints")])
    assert _compression("practice_table") == _compression("shared_sharedtable") == "p"
    migrator.latest()
    assert _compression("practice_table") == "l"
    table.refresh_from_db()
    assert table.rounds == rounds
    # A long match's moves, written again, are stored compressed and read back the same.
    long = [rounds[-1]] * 40
    type(table).objects.filter(pk=table.pk).update(rounds=long)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_column_compression(rounds) FROM practice_table WHERE id = %s",
            [table.pk],
        )
        assert cursor.fetchone()[0] == "lz4"
    table.refresh_from_db()
    assert table.rounds == long


def _column_type(table: str) -> str:
    return _rounds_column(table, "atttypid::regtype::text")


@pytest.mark.skipif(connection.vendor != "postgresql", reason="a PostgreSQL column type")
def test_the_moves_are_kept_as_json_text_and_the_rows_kept_both_ways(
    migrator: Migrator,
) -> None:
    """``rounds`` is ``json`` (its text), compressed as before; migrated back it is
    ``jsonb`` again. Every table's moves are kept either way and it plays on."""
    from game.practice import services
    from rummy_site.toast import lz4_available
    from tests import factories

    table = factories.table("gin", 2, seed=5)
    services.table_bot_step(table=table, version=table.version, all_steps=True)
    table.refresh_from_db()
    rounds = table.rounds
    # A long match (stored compressed) at another table, whose value the change of type
    # rewrites: with lz4, not the server's default.
    long_match = factories.table("gin", 2, seed=6)
    long_rounds = [rounds[-1]] * 40
    type(table).objects.filter(pk=long_match.pk).update(rounds=long_rounds)
    compressed = "l" if lz4_available(connection) else ""

    def stored_with() -> str | None:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_column_compression(rounds) FROM practice_table WHERE id = %s",
                [long_match.pk],
            )
            return cursor.fetchone()[0]  # type: ignore[no-any-return]

    tables = ("practice_table", "shared_sharedtable")
    assert [_column_type(t) for t in tables] == ["json", "json"]
    assert [_compression(t) or "" for t in tables] == [compressed, compressed]
    if compressed:
        assert stored_with() == "lz4"
    migrator.to([("practice", "0004_rounds_lz4"), ("shared", "0003_rounds_lz4")])
    assert [_column_type(t) for t in tables] == ["jsonb", "jsonb"]
    assert [_compression(t) or "" for t in tables] == [compressed, compressed]
    if compressed:
        assert stored_with() == "lz4"
    with connection.cursor() as cursor:  # jsonb, read as Django reads it: text
        cursor.execute("SELECT rounds::text FROM practice_table WHERE id = %s", [table.pk])
        assert json.loads(cursor.fetchone()[0]) == rounds
    migrator.latest()
    assert [_column_type(t) for t in tables] == ["json", "json"]
    assert [_compression(t) or "" for t in tables] == [compressed, compressed]
    if compressed:
        assert stored_with() == "lz4"
    table.refresh_from_db()
    long_match.refresh_from_db()
    assert table.rounds == rounds and long_match.rounds == long_rounds
    state = services.table_state(table=table)
    assert state.board.moves and state.my_turn


def test_tables_started_before_the_choice_keep_the_strong_computer_players(
    migrator: Migrator,
) -> None:
    """practice.0006: every table started before a learner could choose how the computer
    players knock keeps its data and the strong player it was played by ("bot"); a new
    Knock table is patient. At this deal the strong player knocks on its first turn."""
    from game.engine import Knock
    from game.practice import services
    from tests import factories

    before = factories.table("knock", 2, seed=8, computers="bot")
    services.table_bot_step(table=before, version=before.version)  # the computer's draw
    # The schema before the choice: the row as the code of then holds it.
    old = migrator.to([("practice", "0005_rounds_as_json_text")])
    OldTable = old.get_model("practice", "Table")
    row = OldTable.objects.get(pk=before.pk)
    kept = (row.rounds, row.results, row.hints, row.options, row.seats, row.seed, row.version)
    migrator.latest()

    from game.practice.models import Table

    table = Table.objects.get(pk=before.pk)
    assert table.computers == "bot"
    fields = (table.rounds, table.results, table.hints, table.options, table.seats)
    assert (*fields, table.seed, table.version) == kept
    state = services.table_bot_step(table=table, version=table.version, all_steps=True)
    assert state.hand.is_over and isinstance(state.board.moves[-1], Knock)
    assert factories.table("knock", 2, seed=8).computers == "patient"


def test_the_scored_hand_is_a_new_column_and_the_rows_kept_both_ways(
    migrator: Migrator,
) -> None:
    """``Table.scored_hand`` (practice.0007): every table is kept, with 0 (no hand
    remembered as scored: its page asks "Score it yourself" as before) and plays on;
    migrated back, the column goes and the rows stay."""
    from game.practice import services
    from tests import factories

    table = factories.table("knock", 3, seed=5)
    services.table_bot_step(table=table, version=table.version, all_steps=True)
    table.refresh_from_db()
    rounds, version = table.rounds, table.version
    apps = migrator.to([("practice", "0006_table_computers")])
    old = apps.get_model("practice", "Table").objects.get(pk=table.pk)
    assert old.rounds == rounds and old.version == version
    assert "scored_hand" not in {f.name for f in old._meta.get_fields()}
    migrator.latest()
    table.refresh_from_db()
    assert table.scored_hand == 0 and table.rounds == rounds and table.version == version
    state = services.table_state(table=table)
    assert state.round_number == 1


def test_the_code_of_before_the_new_columns_can_still_start_tables_after_migrating(
    migrator: Migrator,
) -> None:
    """practice.0006, 0007 and shared.0006 give their new columns a database default:
    during a deploy the database is migrated first and the instances restarted after, so
    for a while the code of before (its models as at the migration before) inserts rows
    without ``computers`` or ``scored_hand``. The database fills them in ("bot": the
    strong player that code plays by; 0: no hand scored)."""
    from game.practice.models import Table
    from game.shared.models import SharedTable
    from tests import factories

    practice_table = factories.table("knock", 2, seed=8)
    shared_table = _open_shared_table()
    migrator.latest()
    for node, model, pk, new_columns in (
        (("practice", "0005_rounds_as_json_text"), Table, practice_table.pk, {"computers": "bot"}),
        (("practice", "0006_table_computers"), Table, practice_table.pk, {"scored_hand": 0}),
        (("shared", "0005_table_ended"), SharedTable, shared_table.pk, {"computers": "bot"}),
    ):
        # The historical models at ``node``, on the latest schema (not migrated back).
        old = migrator.executor.loader.project_state([node]).apps
        OldModel = old.get_model(model._meta.app_label, model._meta.object_name)
        assert not set(new_columns) & {f.name for f in OldModel._meta.get_fields()}
        row = OldModel.objects.get(pk=pk)
        row.pk = None
        row.public_id = f"old{node[1][:4]}"
        if hasattr(row, "code"):
            row.code = "OLDCODE"
        row.save(force_insert=True)  # the old code's INSERT: no new column in it
        inserted = model.objects.get(pk=row.pk)
        assert {name: getattr(inserted, name) for name in new_columns} == new_columns


def _open_shared_table() -> Any:
    from game.shared import services as shared
    from tests import factories

    return shared.open_table(
        learner=factories.learner("Ona"), name="Ona", game="knock", players=2, computers=1, seed=3
    )
