"""Guided attempts keep their rows when ``abandoned`` and the one-open-attempt constraint
arrive (guided.0003): older open attempts are set aside, nothing is deleted; and when
``step_started`` arrives (guided.0004), taken from each attempt's last change."""

from __future__ import annotations

import datetime

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from tests.practice.test_migrations import Migrator

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("guided", "0002_rename_tables"), ("learners", "0002_learner_display_name")]
AFTER = [("guided", "0003_attempt_abandoned_one_open"), ("learners", "0003_learner_visitor_key")]


def test_older_open_attempts_are_set_aside_and_every_row_is_kept() -> None:
    migrator = Migrator()
    try:
        old = migrator.to(BEFORE)
        Learner = old.get_model("learners", "Learner")
        Attempt = old.get_model("guided", "GuidedAttempt")
        ona, benas = Learner.objects.create(), Learner.objects.create()
        slug, other = "gin-01-first-knock", "gin-02-deadwood"
        rows = [
            Attempt.objects.create(learner=ona, scenario=slug, moves=["draw stock"]),
            Attempt.objects.create(learner=ona, scenario=slug, finished=True, stars=2),
            Attempt.objects.create(learner=ona, scenario=slug, moves=["draw discard"]),
            Attempt.objects.create(learner=ona, scenario=slug),  # the latest: kept open
            Attempt.objects.create(learner=ona, scenario=other, moves=["draw stock"]),
            Attempt.objects.create(learner=benas, scenario=slug, moves=["knock 5H"]),
            Attempt.objects.create(learner=benas, scenario=slug, finished=True, stars=3),
        ]
        new = migrator.to(AFTER)
        Attempt = new.get_model("guided", "GuidedAttempt")
        assert Attempt.objects.count() == len(rows)
        aside = {a.pk for a in Attempt.objects.filter(abandoned=True)}
        assert aside == {rows[0].pk, rows[2].pk, rows[5].pk}
        for row in rows:  # every row as it was, but for the new flag
            stored = Attempt.objects.get(pk=row.pk)
            assert (stored.moves, stored.finished, stored.stars) == (
                row.moves,
                row.finished,
                row.stars,
            )
        with pytest.raises(IntegrityError), transaction.atomic():
            Attempt.objects.create(learner_id=ona.pk, scenario=slug)
        Attempt.objects.create(learner_id=benas.pk, scenario=slug)  # his latest was finished
        assert migrator.to(BEFORE).get_model("guided", "GuidedAttempt").objects.count() == 8
    finally:
        migrator.latest()


def test_attempts_get_the_moment_of_their_step_from_their_last_change() -> None:
    migrator = Migrator()
    try:
        learners = ("learners", "0004_day_streak")
        old = migrator.to([("guided", "0003_attempt_abandoned_one_open"), learners])
        Learner = old.get_model("learners", "Learner")
        Attempt = old.get_model("guided", "GuidedAttempt")
        ona = Learner.objects.create()
        row = Attempt.objects.create(
            learner=ona, scenario="gin-01-first-knock", moves=["draw stock"]
        )
        earlier = timezone.now() - datetime.timedelta(hours=3)
        Attempt.objects.filter(pk=row.pk).update(updated=earlier)
        new = migrator.to([("guided", "0004_attempt_step_started"), learners])
        stored = new.get_model("guided", "GuidedAttempt").objects.get(pk=row.pk)
        assert stored.step_started == earlier and stored.moves == ["draw stock"]
        back = migrator.to([("guided", "0003_attempt_abandoned_one_open"), learners])
        assert back.get_model("guided", "GuidedAttempt").objects.get(pk=row.pk).moves == [
            "draw stock"
        ]
    finally:
        migrator.latest()


def test_attempts_keep_their_rows_when_scored_arrives() -> None:
    """guided.0005: every attempt is kept as it was, not yet scored (no page remembered
    it); and back again."""
    migrator = Migrator()
    try:
        learners = ("learners", "0004_day_streak")
        old = migrator.to([("guided", "0004_attempt_step_started"), learners])
        Learner = old.get_model("learners", "Learner")
        Attempt = old.get_model("guided", "GuidedAttempt")
        ona = Learner.objects.create()
        rows = [
            Attempt.objects.create(learner=ona, scenario="knock-01-knock-early", moves=["x"]),
            Attempt.objects.create(
                learner=ona, scenario="gin-01-first-knock", finished=True, stars=3
            ),
        ]
        new = migrator.to([("guided", "0005_attempt_scored"), learners])
        Attempt = new.get_model("guided", "GuidedAttempt")
        assert Attempt.objects.count() == len(rows)
        for row in rows:
            stored = Attempt.objects.get(pk=row.pk)
            assert (stored.moves, stored.finished, stored.stars, stored.scored) == (
                row.moves,
                row.finished,
                row.stars,
                False,
            )
        back = migrator.to([("guided", "0004_attempt_step_started"), learners])
        assert back.get_model("guided", "GuidedAttempt").objects.count() == len(rows)
    finally:
        migrator.latest()
