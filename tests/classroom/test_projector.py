"""Projector mode: a guided hand step by step, its answer and why, face up or as the
learner sees it; teachers only."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from game.guided import scenarios
from game.guided.scenarios import LEARNER

pytestmark = pytest.mark.django_db
SLUG = "gin-01-first-knock"
BASE = f"/en/classroom/projector/guided/{SLUG}/"


@pytest.fixture
def teacher() -> Client:
    client = Client()
    client.force_login(User.objects.create_user("ms-jones"))
    return client


def cards_shown(html: str) -> int:
    return len(re.findall(r'class="card[ "][^>]*role="img"', html))


def test_only_a_teacher_projects(teacher: Client) -> None:
    assert Client().get(BASE).status_code == 302
    assert teacher.get("/en/classroom/projector/").status_code == 200
    assert teacher.get("/en/classroom/projector/guided/nope/").status_code == 404


def test_each_step_asks_then_answers_then_moves_on(teacher: Client) -> None:
    scenario = scenarios.get(SLUG)
    assert scenario is not None
    line = scenarios.right_line(scenario)
    first = teacher.get(BASE).content.decode()
    assert "Step 1 of" in first and 'rel="next"' in first and 'rel="prev"' not in first
    assert "The right move" not in first
    answer = teacher.get(BASE + "?step=0&reveal=1").content.decode()
    assert "The right move" in answer and 'href="/en/classroom/projector/guided/' in answer
    second = teacher.get(BASE + "?step=1").content.decode()
    assert "Step 2 of" in second and 'rel="prev"' in second
    end = teacher.get(BASE + f"?step={len(line) + 50}").content.decode()  # clamped
    assert "From the start" in end and 'rel="next"' not in end
    for junk in ("x", "-3", "1e9"):
        assert teacher.get(BASE + f"?step={junk}").status_code == 200


def test_face_up_shows_every_hand_and_the_learners_view_only_theirs(teacher: Client) -> None:
    scenario = scenarios.get(SLUG)
    assert scenario is not None
    hand = scenarios.replay(scenario, []).hand
    up = teacher.get(BASE).content.decode()
    mine = teacher.get(BASE + "?view=learner").content.decode()
    everyone = sum(len(hand.cards(seat)) for seat in range(hand.players))
    learner = len(hand.cards(LEARNER))
    discard = 1 if hand.view(LEARNER).discard_pile else 0
    assert cards_shown(up) == everyone + discard
    assert cards_shown(mine) == learner + discard
    assert "face down" in mine and "face down" not in up
