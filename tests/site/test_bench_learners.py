"""``bench/load.py``'s simulated learners, against the live server: they must really play.

The load benchmark's figures mean something only while its learners do what the site
expects of a person: a change to the site's answers (a post's redirect became a 303)
once left every learner at the door, creating tables and never moving, and the run
still printed figures. These tests play one learner of each kind through a whole hand.
"""

from __future__ import annotations

import threading
import time
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.core.management import call_command
from django.db import connections

from bench import load, shared_tables

#: The learner's moves the server must have taken before a test of a whole hand stops.
ENOUGH = 5


def accepted(stats: Any) -> int:
    return sum(len(moves) for moves in stats.accepted.values())


def learner(live_server: Any, *, js: bool, gzipped: bool = False, seconds: float = 60.0) -> Any:
    class OneHand(load.Learner):
        """Stops once a hand is over (its scoring walked, the next hand dealt) and the
        server has taken at least :data:`ENOUGH` of its moves: a deal can end a Gin hand
        after three (the computer knocks at once)."""

        def hand_over(self, table_url: str, html: str, version: str) -> bool:
            more = super().hand_over(table_url, html, version)
            if accepted(self.stats) >= ENOUGH:
                self.deadline = time.monotonic()
            return bool(more)

    port = urlsplit(live_server.url).port
    return OneHand(
        1,
        [port],
        load.Stats(),
        threading.Lock(),
        time.monotonic() + seconds,
        0.0,
        js=js,
        mix={"practice": 1.0},
        hints=0.5,
        gzipped=gzipped,
    )


@pytest.mark.parametrize(
    ("js", "gzipped"), [(True, False), (False, False), (True, True)], ids=["htmx", "no-js", "gzip"]
)
@pytest.mark.django_db(transaction=True)
def test_a_bench_learner_plays_a_whole_hand_and_every_move_is_in_the_log(
    live_server: Any, js: bool, gzipped: bool
) -> None:
    person = learner(live_server, js=js, gzipped=gzipped)
    person.request("GET", "/en/practice/")
    stats = person.stats
    while accepted(stats) < ENOUGH and time.monotonic() < person.deadline:
        person.practice()  # a table; another if its match ended first
    assert stats.errors == 0, stats.error_samples
    assert stats.refused == 0, stats.refused_samples
    assert stats.tables >= 1 and stats.hands >= 1
    assert accepted(stats) >= ENOUGH  # draws, discards and more, as the server took them
    assert {"move", "computer"} <= set(stats.latency)
    assert (stats.counts.get("answers gzipped", 0) > 10) is gzipped
    assert load.check_move_logs(stats.accepted) == {
        "tables_checked": len(stats.accepted),
        "lost_or_short": 0,
        "doubled_or_extra": 0,
    }


@pytest.mark.django_db(transaction=True)
def test_a_bench_learner_plays_a_guided_hand_and_answers_a_lesson(live_server: Any) -> None:
    call_command("load_lessons", verbosity=0)
    person = learner(live_server, js=True)
    person.request("GET", "/en/practice/")
    person.guided()
    person.lesson()
    stats = person.stats
    assert stats.errors == 0 and stats.refused == 0, stats.refused_samples
    assert len(stats.latency["guided move"]) >= 3
    assert len(stats.latency["lesson answer"]) == 1
    assert "feedback--right" in person.page  # the answer, worked out from its cards, is right


@pytest.mark.django_db(transaction=True)
def test_bench_classmates_play_each_other_and_every_move_is_in_the_log(
    live_server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``bench/shared_tables.py``'s pupils: a class's table of two, played by both
    seats in their threads (the page polled, no event stream) for a few seconds."""
    from learners.services import cookie_name

    # The bench closes its connections before its client processes fork; here the test's
    # in-memory database must stay open.
    monkeypatch.setattr(connections, "close_all", lambda: None)
    (table,), _teachers = shared_tables.make_school(1, 1, 0)
    options = {
        "event_ports": [],
        "fallback_poll": 10.0,
        "seconds": 6.0,
        "warmup": 0.0,
        "think": 0.0,
        "poll": 0.2,
        "hints": 0.2,
        "cookie": cookie_name(),
    }
    stats = shared_tables.run_tables([table], [urlsplit(live_server.url).port], options)
    assert stats.errors == 0, stats.error_samples
    assert stats.refused == 0, stats.refused_samples  # a move's CSRF header was refused once
    assert len(stats.accepted[table["public_id"]]) >= 6  # both seats drew and discarded
    assert shared_tables.check_move_logs(stats.accepted) == {
        "tables_checked": 1,
        "lost_or_short": 0,
        "doubled_or_extra": 0,
    }


@pytest.mark.django_db
def test_the_bench_school_numbers_each_class_s_tables_as_a_seating_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``bench/shared_tables.py``'s classes are seated as "Seat the class" seats one:
    their tables numbered from 1 (``ClassTable.number``), so that their pages say "Table
    2" and the class page orders them as a teacher's (a table numbered 0 is an old one
    the migration could not place)."""
    from classroom.models import ClassTable

    monkeypatch.setattr(connections, "close_all", lambda: None)
    shared_tables.make_school(2, 2, 1)
    numbers = {
        room: sorted(
            ClassTable.objects.filter(classroom__name=room).values_list("number", flat=True)
        )
        for room in ("Class 1", "Class 2")
    }
    assert numbers == {"Class 1": [1, 2, 3], "Class 2": [1, 2, 3]}
