"""The pedagogy review's measure: how far a newcomer is from their first correct going out.

Follows the site's path from the home page in Chromium (see :mod:`.newcomer`) and prints
what it cost: pages, questions, moves, words read, actions, and the estimate of a
person's time. Run with ``-s`` to see the figures; ``bench/newcomer.py`` runs the same
walk against any running site, to compare with an older commit.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command
from playwright.sync_api import Page

from .newcomer import walk


@pytest.fixture
def lessons(transactional_db: None) -> None:
    call_command("load_lessons", verbosity=0)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_path_leads_a_newcomer_to_their_first_going_out(
    page: Page, site_url: str, lessons: None, language: str
) -> None:
    figures = walk(page, site_url, route="path", language=language)
    print(f"\n[{language}] {figures.report()}")
    assert figures.reached
    # Start, the path page, two lessons, the first guided hand: nothing in between.
    kinds = [p.split("/")[2] for p in figures.pages if p.count("/") > 2]
    assert kinds[:1] == ["learn"] and kinds[-1] == "guided", figures.pages
    assert kinds.count("lessons") == 2, figures.pages


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_newcomer_can_play_a_first_hand_from_the_path_page(
    page: Page, site_url: str, lessons: None, language: str
) -> None:
    """Learning by doing from the first minute: the path page offers the first guided
    hand beside "Start: …"; it is gone once a step of the path is done."""
    figures = walk(page, site_url, route="first-hand", language=language)
    print(f"\n[{language}] {figures.report()}")
    assert figures.reached
    assert [p.split("/")[2] for p in figures.pages] == ["", "learn", "guided"], figures.pages
    page.goto(f"{site_url}/{language}/learn/basic/")
    assert page.locator(".turn__try").count() == 0
