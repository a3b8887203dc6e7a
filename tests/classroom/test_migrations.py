"""Classes and pupils made before assignments and recorded mistakes existed
(``classroom.0001``) survive the migration that adds them, with a ``changed`` moment
for the dashboard's poll; migrating back keeps them too."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

FIRST = [("classroom", "0001_initial")]
SECOND = [("classroom", "0002_assignments_mistakes")]


def migrate(targets):  # type: ignore[no-untyped-def]
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


def test_classes_and_pupils_survive_the_second_migration_both_ways() -> None:
    apps = migrate(FIRST)
    User = apps.get_model("auth", "User")
    Learner = apps.get_model("learners", "Learner")
    Classroom = apps.get_model("classroom", "Classroom")
    Pupil = apps.get_model("classroom", "Pupil")
    teacher = User.objects.create(username="ms-jones")
    room = Classroom.objects.create(
        teacher=teacher, name="5B", language="lt", join_code="KXMKXM", public_id="abc"
    )
    Pupil.objects.create(
        classroom=room, learner=Learner.objects.create(), name="Ona", return_code="KXMKXMKX"
    )
    apps = migrate(SECOND)
    Classroom = apps.get_model("classroom", "Classroom")
    kept = Classroom.objects.get(public_id="abc")
    assert (kept.name, kept.join_code, kept.changed is not None) == ("5B", "KXMKXM", True)
    assert apps.get_model("classroom", "Pupil").objects.get().name == "Ona"
    assert apps.get_model("classroom", "Assignment").objects.count() == 0
    apps = migrate(FIRST)
    assert apps.get_model("classroom", "Pupil").objects.get().return_code == "KXMKXMKX"
    # The suite's other tests need the latest schema.
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_classes_pupils_and_mistakes_survive_the_live_and_tables_migrations_both_ways() -> None:
    apps = migrate(SECOND)
    User = apps.get_model("auth", "User")
    Learner = apps.get_model("learners", "Learner")
    Classroom = apps.get_model("classroom", "Classroom")
    room = Classroom.objects.create(
        teacher=User.objects.create(username="ms-jones"),
        name="5B",
        language="lt",
        join_code="KXMKXM",
        public_id="abc",
    )
    learner = Learner.objects.create()
    apps.get_model("classroom", "Pupil").objects.create(
        classroom=room, learner=learner, name="Ona", return_code="KXMKXMKX"
    )
    apps.get_model("classroom", "Mistake").objects.create(
        learner=learner, source="table", game="gin", topic="bad_run"
    )
    apps = migrate([("classroom", "0003_live_exercises")])
    assert apps.get_model("classroom", "Pupil").objects.get().name == "Ona"
    assert apps.get_model("classroom", "Mistake").objects.get().topic == "bad_run"
    assert apps.get_model("classroom", "LiveExercise").objects.count() == 0
    apps = migrate([("classroom", "0004_class_tables")])
    assert apps.get_model("classroom", "Pupil").objects.get().name == "Ona"
    assert apps.get_model("classroom", "ClassTable").objects.count() == 0
    apps = migrate(SECOND)
    assert apps.get_model("classroom", "Classroom").objects.get().name == "5B"
    assert apps.get_model("classroom", "Mistake").objects.count() == 1
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_mistakes_survive_the_drill_source_migration_both_ways() -> None:
    """``classroom.0006`` adds drills to where a mistake comes from (a choice only): the
    mistakes recorded before stay, and a drill's is kept beside them."""
    before = [("classroom", "0005_language_choices_callable")]
    apps = migrate(before)
    Learner = apps.get_model("learners", "Learner")
    learner = Learner.objects.create()
    apps.get_model("classroom", "Mistake").objects.create(
        learner=learner, source="lesson", game="gin", topic="wrong_answer", where="melds#0"
    )
    apps = migrate([("classroom", "0006_mistake_from_drills")])
    Mistake = apps.get_model("classroom", "Mistake")
    Mistake.objects.create(
        learner_id=learner.pk, source="drill", game="gin", topic="drill_answer", where="meld"
    )
    kept = sorted(Mistake.objects.values_list("source", "where"))
    assert kept == [("drill", "meld"), ("lesson", "melds#0")]
    apps = migrate(before)
    assert apps.get_model("classroom", "Mistake").objects.count() == 2
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_classes_survive_the_seating_migration_both_ways() -> None:
    """``classroom.0007`` keeps the last "Seat the class" choice with the class (it was
    in the teacher's session): every class made before stays, with no choice kept."""
    before = [("classroom", "0006_mistake_from_drills")]
    apps = migrate(before)
    User = apps.get_model("auth", "User")
    Classroom = apps.get_model("classroom", "Classroom")
    teacher = User.objects.create(username="ms-jones")
    for n, name in enumerate(("5B", "7Б")):
        Classroom.objects.create(
            teacher=teacher, name=name, language="ru", join_code=f"KXMKX{n}", public_id=f"c{n}"
        )
    apps = migrate([("classroom", "0007_class_seating_kept")])
    kept = apps.get_model("classroom", "Classroom").objects.order_by("public_id")
    assert [(c.name, c.join_code, c.seating) for c in kept] == [
        ("5B", "KXMKX0", {}),
        ("7Б", "KXMKX1", {}),
    ]
    apps = migrate(before)
    assert apps.get_model("classroom", "Classroom").objects.count() == 2
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_class_tables_survive_the_numbering_migration_both_ways() -> None:
    """``classroom.0008`` numbers a class's tables within the seating that made them
    ("Table 3"): the tables made before are kept, numbered in the order they were made,
    from 1 again where a seating began (more than five seconds after the last table);
    another class's tables count on their own. Going back keeps every row."""
    from datetime import timedelta

    from django.utils import timezone

    # With the tables for people as they are now (their state at classroom 0007 alone
    # lacks fields the database has).
    shared = ("shared", "0006_sharedtable_computers")
    before = [("classroom", "0007_class_seating_kept"), shared]
    apps = migrate(before)
    User = apps.get_model("auth", "User")
    Classroom = apps.get_model("classroom", "Classroom")
    SharedTable = apps.get_model("shared", "SharedTable")
    ClassTable = apps.get_model("classroom", "ClassTable")
    teacher = User.objects.create(username="ms-jones")
    rooms = [
        Classroom.objects.create(
            teacher=teacher, name=name, language="lt", join_code=f"KXMKX{n}", public_id=f"c{n}"
        )
        for n, name in enumerate(("5B", "6A"))
    ]
    start = timezone.now() - timedelta(days=1)
    # 5B seated twice (three tables, then two a minute later); 6A once, in between.
    made = [(0, 0.0), (0, 0.2), (1, 0.3), (0, 0.4), (1, 0.5), (0, 60.0), (0, 60.1)]
    for n, (room, seconds) in enumerate(made):
        table = SharedTable.objects.create(
            public_id=f"t{n}", code=f"CODE{n}", game="basic", format="standard", seats=[], seed=n
        )
        row = ClassTable.objects.create(classroom=rooms[room], table=table)
        ClassTable.objects.filter(pk=row.pk).update(created=start + timedelta(seconds=seconds))
    apps = migrate([("classroom", "0008_class_table_number"), shared])
    kept = apps.get_model("classroom", "ClassTable").objects.order_by("table__public_id")
    assert [(t.table.public_id, t.classroom.name, t.number) for t in kept] == [
        ("t0", "5B", 1),
        ("t1", "5B", 2),
        ("t2", "6A", 1),
        ("t3", "5B", 3),
        ("t4", "6A", 2),
        ("t5", "5B", 1),
        ("t6", "5B", 2),
    ]
    apps = migrate(before)
    assert apps.get_model("classroom", "ClassTable").objects.count() == 7
    assert apps.get_model("shared", "SharedTable").objects.count() == 7
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_a_new_language_needs_no_migration(settings) -> None:  # type: ignore[no-untyped-def]
    """A class's language choices are ``settings.LANGUAGES`` read when asked (a callable
    the migration names), so the README's "add a language" needs no migration."""
    from django.core.management import call_command

    settings.LANGUAGES = [*settings.LANGUAGES, ("pl", "Polish")]
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)  # exits 1 if one is due
