"""``bench/load.py``'s simulated learners, against the live server: they must really play.

The load benchmark's figures mean something only while its learners do what the site
expects of a person: a change to the site's answers (a post's redirect became a 303)
once left every learner at the door, creating tables and never moving, and the run
still printed figures. These tests play one learner of each kind through a whole hand.
"""

from __future__ import annotations

import functools
import importlib.util
import sys
import threading
import time
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[2]


@functools.cache
def bench_load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_load", ROOT / "bench" / "load.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def learner(live_server: Any, *, js: bool, seconds: float = 60.0) -> Any:
    load = bench_load()

    class OneHand(load.Learner):  # type: ignore[name-defined,misc]
        """Stops once a hand is over: its scoring walked, the next hand dealt."""

        def hand_over(self, table_url: str, html: str, version: str) -> bool:
            more = super().hand_over(table_url, html, version)
            self.deadline = time.monotonic()
            return bool(more)

    port = urlsplit(live_server.url).port
    return load, OneHand(
        1,
        [port],
        load.Stats(),
        threading.Lock(),
        time.monotonic() + seconds,
        0.0,
        js=js,
        mix={"practice": 1.0},
        hints=0.5,
    )


@pytest.mark.parametrize("js", [True, False], ids=["htmx", "no-js"])
@pytest.mark.django_db(transaction=True)
def test_a_bench_learner_plays_a_whole_hand_and_every_move_is_in_the_log(
    live_server: Any, js: bool
) -> None:
    load, person = learner(live_server, js=js)
    person.request("GET", "/en/practice/")
    person.practice()
    stats = person.stats
    assert stats.errors == 0, stats.error_samples
    assert stats.refused == 0, stats.refused_samples
    assert stats.tables == 1 and stats.hands == 1
    (accepted,) = stats.accepted.values()
    assert len(accepted) >= 5  # draws and discards at the least, as the server took them
    assert {"move", "computer"} <= set(stats.latency)
    assert load.check_move_logs(stats.accepted) == {
        "tables_checked": 1,
        "lost_or_short": 0,
        "doubled_or_extra": 0,
    }


@pytest.mark.django_db(transaction=True)
def test_a_bench_learner_plays_a_guided_hand_and_answers_a_lesson(live_server: Any) -> None:
    call_command("load_lessons", verbosity=0)
    _load, person = learner(live_server, js=True)
    person.request("GET", "/en/practice/")
    person.guided()
    person.lesson()
    stats = person.stats
    assert stats.errors == 0 and stats.refused == 0, stats.refused_samples
    assert len(stats.latency["guided move"]) >= 3
    assert len(stats.latency["lesson answer"]) == 1
    assert "feedback--right" in person.page  # the answer, worked out from its cards, is right
