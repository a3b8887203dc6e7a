"""Lessons in the test database: the real files, loaded once per test that asks."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from lessons.models import Lesson


@pytest.fixture
def loaded_lessons(db: None) -> None:
    call_command("load_lessons", verbosity=0)


@pytest.fixture
def check_lesson(db: None) -> Lesson:
    """A lesson with one check of each kind, independent of the content files."""
    return Lesson.objects.create(
        language="en",
        game="gin",
        slug="checks",
        order=99,
        title="Every kind of check",
        summary="A test lesson.",
        body="<p>Intro</p><!--check:0--><!--check:1--><!--check:2--><!--check:3--><!--check:4--><!--check:5-->",
        checks=[
            "meld 7H 8H 9S 7S 7D",
            "deadwood AS 2S 3S 4H 4D 4C KS QH",
            "knock 2C 3C 4C 5H 5D 5S 9S 9H 9D AD",
            "score knock 0 | AS 2S 3S 4H 4D 4C 3C | 5H 5D 5C 6S 7S 8S 9H | 5S 6D 7C 8D 9C TD JC",
            "layoff 5C | 2C 3C 4C | 9D 9H 9S",
            "deadwood random",
        ],
    )
