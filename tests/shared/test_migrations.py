"""Tables for people keep their rows when the away time, hints, pause and ``waiting``
arrive (shared.0002): a dealt table's person to move is found by replaying its hand,
counted from the table's last change; a table not dealt yet waits for nobody; every
field the table had is as it was, and the migration goes back."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from game.shared import services
from tests import factories
from tests.practice.test_migrations import Migrator

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("shared", "0001_initial")]
AFTER = [("shared", "0002_away_pause_hints")]


def test_existing_tables_keep_their_rows_and_learn_who_is_to_move() -> None:
    # Two tables made with today's code, then written back as the first version held them.
    dealt = services.open_table(
        learner=factories.learner("Ona"), name="Ona", game="knock", players=2, computers=1, seed=3
    )
    waiting = services.open_table(
        learner=factories.learner("Jonas"), name="Jonas", game="gin", players=2
    )
    state = services.shared_state(table=dealt)
    seat = next(s for s in (0, 1) if state.my_turn(s))
    rows = {
        t.pk: {
            "public_id": t.public_id,
            "code": t.code,
            "game": t.game,
            "format": t.format,
            "options": t.options,
            "seats": t.seats,
            "rounds": t.rounds,
            "results": t.results,
            "seed": t.seed,
            "version": t.version,
        }
        for t in (dealt, waiting)
    }
    migrator = Migrator()
    try:
        old = migrator.to(BEFORE)
        Table = old.get_model("shared", "SharedTable")
        Table.objects.all().delete()
        earlier = timezone.now() - datetime.timedelta(minutes=7)
        for pk, fields in rows.items():
            Table.objects.create(pk=pk, **fields)
        Table.objects.update(updated=earlier)
        new = migrator.to(AFTER)
        Table = new.get_model("shared", "SharedTable")
        assert Table.objects.count() == 2
        for pk, fields in rows.items():
            row = Table.objects.get(pk=pk)
            assert {name: getattr(row, name) for name in fields} == fields
            assert row.away_seconds == 120 and row.hints and not row.paused
        assert Table.objects.get(pk=dealt.pk).waiting == [[seat, int(earlier.timestamp())]]
        assert Table.objects.get(pk=waiting.pk).waiting == []
        back = migrator.to(BEFORE)
        assert back.get_model("shared", "SharedTable").objects.count() == 2
    finally:
        migrator.latest()


def test_tables_keep_their_rows_when_a_teacher_may_end_them() -> None:
    """shared.0005 adds ``ended``: every table there is keeps its fields and goes on as
    it was (not ended), and the migration goes back."""
    table = services.open_table(
        learner=factories.learner("Ona"), name="Ona", game="gin", players=2, computers=1, seed=5
    )
    before = [("shared", "0004_rounds_as_json_text")]
    names = ["public_id", "code", "game", "seats", "rounds", "results", "version", "waiting"]
    migrator = Migrator()
    try:
        old = migrator.to(before)
        Old = old.get_model("shared", "SharedTable")
        kept = {name: getattr(Old.objects.get(pk=table.pk), name) for name in names}
        new = migrator.to([("shared", "0005_table_ended")])
        row = new.get_model("shared", "SharedTable").objects.get(pk=table.pk)
        assert {name: getattr(row, name) for name in names} == kept and row.ended is None
        assert migrator.to(before).get_model("shared", "SharedTable").objects.count() == 1
    finally:
        migrator.latest()
    table.refresh_from_db()
    assert table.ended is None and services.shared_state(table=table).dealt
