"""Parallel requests from one browser against the live server, counting rows after.

A double click, a second tab, a script: requests that arrive at once must create one
learner, start one guided attempt, apply one move. Each test lines its requests up
behind a barrier and sends them on their own connections, so the server's threads
race for real: on SQLite (the test database is a file, see settings/test.py) and on
PostgreSQL (the CI's second leg).
"""

from __future__ import annotations

import http.client
import re
import threading
from collections import Counter
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import urlencode, urlsplit

import pytest

from game.guided import scenarios as guided
from game.guided.models import GuidedAttempt
from game.practice.models import Table
from learners.models import Learner
from tests.factories import move_data

pytestmark = pytest.mark.django_db(transaction=True)

PARALLEL = 12


class Browser:
    """One browser: its cookies, plain HTTP requests (no redirects followed)."""

    def __init__(self, base_url: str) -> None:
        parts = urlsplit(base_url)
        self.host, self.port = parts.hostname or "localhost", parts.port or 80
        self.cookies: dict[str, str] = {}

    def request(
        self, method: str, path: str, data: dict[str, Any] | None = None
    ) -> tuple[int, str]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if data is not None:
            data = {**data, "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")}
            body = urlencode(data, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode()
            location = response.getheader("Location") or ""
            for header in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(header).items():
                    self.cookies.setdefault(name, morsel.value)
        finally:
            connection.close()
        return response.status, location or text

    def get(self, path: str) -> tuple[int, str]:
        return self.request("GET", path)

    def post(self, path: str, data: dict[str, Any]) -> tuple[int, str]:
        return self.request("POST", path, data)


def at_once(count: int, send: Any) -> list[tuple[int, str]]:
    """``send()`` from ``count`` threads released together; their answers."""
    barrier = threading.Barrier(count)
    answers: list[tuple[int, str]] = []
    lock = threading.Lock()

    def run() -> None:
        barrier.wait()
        answer = send()
        with lock:
            answers.append(answer)

    threads = [threading.Thread(target=run) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


@pytest.fixture
def visitor(live_server: Any) -> Browser:
    return Browser(str(live_server.url))


def test_a_new_visitor_s_double_click_on_start_makes_one_learner(visitor: Browser) -> None:
    assert visitor.get("/en/practice/")[0] == 200
    assert set(visitor.cookies) >= {"csrftoken", "visitor"} and Learner.objects.count() == 0
    form = {"game": "gin", "players": "2", "name": "Ona"}
    answers = at_once(PARALLEL, lambda: visitor.post("/en/practice/new/", form))
    assert Counter(status for status, _ in answers) == {303: PARALLEL}
    assert Learner.objects.count() == 1
    learner = Learner.objects.get()
    assert Table.objects.filter(learner=learner).count() == PARALLEL
    for _, location in answers:  # every table the clicks made is the visitor's
        assert re.fullmatch(r"/en/practice/[\w-]+/#table-status", location)
        # A browser asks for the address without its fragment.
        assert visitor.get(location.removesuffix("#table-status"))[0] == 200


def test_parallel_moves_after_a_finished_guided_hand_start_no_attempt_and_try_again_one(
    visitor: Browser,
) -> None:
    """A move sent at a finished hand's version is refused (the hand is over: its page
    offers "Try again", and a re-sent move started an attempt and put a false mistake
    on the dashboard); "Try again" sent at once starts exactly one attempt."""
    slug = "gin-01-first-knock"
    scenario = guided.get(slug)
    assert scenario is not None
    visitor.get(f"/en/guided/{slug}/")
    for version, move in enumerate(guided.right_line(scenario)):
        status, _ = visitor.post(
            f"/en/guided/{slug}/move/", {"version": str(version), **move_data(move)}
        )
        assert status in (200, 303)
    finished = GuidedAttempt.objects.get()
    assert finished.finished
    move = {"version": str(finished.version), "action": "draw_discard"}
    answers = at_once(PARALLEL, lambda: visitor.post(f"/en/guided/{slug}/move/", move))
    assert Counter(status for status, _ in answers) == {422: PARALLEL}
    assert GuidedAttempt.objects.get() == finished
    answers = at_once(PARALLEL, lambda: visitor.post(f"/en/guided/{slug}/restart/", {}))
    assert all(status in (200, 303) for status, _ in answers)
    assert GuidedAttempt.objects.count() == 2
    fresh = GuidedAttempt.objects.exclude(pk=finished.pk).get()
    assert fresh.moves == [] and not fresh.finished


def test_parallel_first_moves_apply_once(visitor: Browser) -> None:
    slug = "gin-02-groups-runs-discard"
    visitor.get(f"/en/guided/{slug}/")
    move = {"version": "0", "action": "draw_stock"}
    answers = at_once(PARALLEL, lambda: visitor.post(f"/en/guided/{slug}/move/", move))
    statuses = Counter(status for status, _ in answers)
    assert statuses[409] == PARALLEL - 1, statuses
    attempt = GuidedAttempt.objects.get()
    assert len(attempt.moves) + len(attempt.mistakes) == 1 and attempt.version == 1


def test_parallel_restarts_leave_one_fresh_attempt(visitor: Browser) -> None:
    slug = "gin-01-first-knock"
    visitor.get(f"/en/guided/{slug}/")
    visitor.post(f"/en/guided/{slug}/move/", {"version": "0", "action": "draw_discard"})
    # "Start again" (the question answered) sent at once: one starts the hand again, the
    # others are stale.
    answers = at_once(
        PARALLEL,
        lambda: visitor.post(f"/en/guided/{slug}/restart/", {"version": "1", "confirm": "1"}),
    )
    statuses = Counter(status for status, _ in answers)
    assert statuses == {303: 1, 409: PARALLEL - 1}, statuses
    attempts = GuidedAttempt.objects.order_by("created")
    assert attempts.count() == 2
    old, fresh = attempts
    assert old.abandoned and old.moves == ["draw discard"]
    assert not fresh.abandoned and (fresh.moves, fresh.hints, fresh.mistakes) == ([], [], [])
    # Restarting a fresh attempt again changes nothing.
    visitor.post(f"/en/guided/{slug}/restart/", {})
    assert GuidedAttempt.objects.count() == 2


def test_two_names_that_look_alike_sent_at_once_let_one_pupil_in(live_server: Any) -> None:
    """ "Ona" (Latin O) and "Оna" (Cyrillic О), joining one class at the same moment, both
    got in about one time in four: the database's constraint knows only the case, and
    the look-alike check ran outside any lock."""
    from django.contrib.auth.models import User

    from classroom import services as classes
    from classroom.models import Pupil

    teacher = User.objects.create_user("ms-jones")

    def joins(code: str) -> Any:
        """Two browsers with their cookies; each call sends the next one's join."""
        pupils = [Browser(str(live_server.url)) for _ in range(2)]
        for pupil in pupils:
            pupil.get("/en/join/")
        sends = iter(zip(pupils, ["Ona", "\u041ena"], strict=True))
        lock = threading.Lock()

        def join() -> tuple[int, str]:
            with lock:
                pupil, name = next(sends)
            return pupil.post("/en/join/send/", {"code": code, "name": name})

        return join

    for trial in range(12):
        classroom = classes.class_create(teacher=teacher, name=f"5B {trial}", language="en")
        answers = at_once(2, joins(classroom.join_code))
        assert sorted(status for status, _ in answers) == [303, 409], (trial, answers)
        assert Pupil.objects.filter(classroom=classroom).count() == 1
