"""Time limits a user can see coming and adjust, and updates they can pause (WCAG 2.2.1,
2.2.2), in Chromium: at a table for people the warning before the computer plays one's
turn, said without moving the focus, and "I need more time"; a page without JavaScript
that reloads itself only when asked; the class page's live updates paused."""

from __future__ import annotations

import random
import re
import time
from typing import Any
from unittest import mock

import pytest
from playwright.sync_api import Browser, Page, expect

from classroom import services as classroom_services
from classroom.models import Classroom
from game.shared import services
from game.shared.models import SharedTable
from tests.classroom.test_views import pupil_joins

from .axe import serious_violations
from .test_classroom import sign_up

TIME_TO_MOVE = re.compile(
    r"You have (about 1 minute|\d+ seconds?) to move, or the computer will play your turn\."
)
MORE_TIME_TO_MOVE = re.compile(
    r"You have about (1 minute|2 minutes) to move, or the computer will play your turn\."
)


def ona_at_a_knock_table(page: Page, site_url: str) -> SharedTable:
    """Ona opens a table for people against one computer player, the computer playing a
    seat after a minute away, and it is her turn."""
    page.goto(f"{site_url}/en/play/")
    page.locator("#open_game").select_option("knock")
    page.locator("#open_players").select_option("2")
    page.locator("#open_computers").select_option("1")
    page.locator("#open_away").select_option("60")
    page.locator("#open_name").fill("Ona")
    # A known deal: in some the computer player knocks at once, before Ona's turn.
    with mock.patch.object(services.random, "SystemRandom", lambda: random.Random(4)):
        page.locator("#open_name").press("Enter")
        expect(page.locator("#hand-form")).to_be_visible()
    table = SharedTable.objects.get()
    assert services.shared_state(table=table).my_turn(0)
    return table


@pytest.mark.django_db(transaction=True)
def test_the_warning_before_the_computer_plays_ones_turn_and_more_time(
    page: Page, site_url: str
) -> None:
    table = ona_at_a_knock_table(page, site_url)
    expect(page.locator("#turn-deadline")).to_contain_text("or the computer will play your turn")
    # How long is left, not the server's clock time (the learner's may be another zone).
    expect(page.locator(".turn-deadline__line")).to_have_text(TIME_TO_MOVE)
    expect(page.locator("#turn-warning")).to_be_hidden()
    # Her turn came 26 s ago: 34 s are left, the warning comes in 4 s (time enough for a
    # slow machine to draw the page and tick a card before it).
    table.waiting = [[seat, since - 26] for seat, since in table.waiting]
    SharedTable.objects.filter(pk=table.pk).update(waiting=table.waiting)
    page.reload()
    first = page.locator(".card-choice__input").first
    card = str(first.get_attribute("id"))
    page.locator(f'label[for="{card}"]').click()
    first.focus()
    expect(page.locator("#turn-warning")).to_be_hidden()
    warning = "The computer will play your turn in 30 seconds."
    expect(page.locator("#turn-warning")).to_have_text(warning, timeout=8_000)
    expect(page.locator("#turn-warning")).to_be_visible()
    expect(page.locator("#announce")).to_have_text(warning)
    # The warning takes the line's place: not "You have 32 seconds" above "in 30 seconds".
    expect(page.locator(".turn-deadline__line")).to_be_hidden()
    assert page.evaluate("document.activeElement.id") == card  # the focus stays
    assert serious_violations(page) == []
    # "I need more time", with the keyboard: the warning goes, the new time is said, the
    # card ticked stays ticked.
    page.locator("#more-time").focus()
    page.keyboard.press("Enter")
    # 60 s more on the 30 s or so left: 90 s is "about 2 minutes" and 89 s "about 1
    # minute", so which one depends on the second the key was pressed in.
    expect(page.locator("#announce")).to_have_text(MORE_TIME_TO_MOVE)
    expect(page.locator("#turn-warning")).to_be_hidden()
    expect(page.locator(f"#{card}")).to_be_checked()
    table.refresh_from_db()
    since = table.waiting[0][1]
    assert services.deadline_of(table, 0) == since + 120
    # The line stays true while the page stands (the page is not redrawn during her own
    # turn): 98 s left is "about 2 minutes" (with 8 s for a slow machine to draw the
    # page), under 90 s it is "about 1 minute".
    now = int(time.time())
    table.waiting = [[entry[0], now - 22, *entry[2:]] for entry in table.waiting]
    SharedTable.objects.filter(pk=table.pk).update(waiting=table.waiting)
    page.reload()
    line = page.locator(".turn-deadline__line")
    expect(line).to_have_text(
        "You have about 2 minutes to move, or the computer will play your turn."
    )
    expect(line).to_have_text(
        "You have about 1 minute to move, or the computer will play your turn.", timeout=15_000
    )
    expect(page.locator("#announce")).not_to_contain_text("about 1 minute")  # quietly


@pytest.mark.django_db(transaction=True)
def test_on_a_phone_the_warning_shows_in_the_first_screen_and_is_said_once(
    browser: Browser, site_url: str
) -> None:
    """The Italian walk (Bruno, 360x740): the warning and "I need more time" sat under
    the hand and the buttons, below the first screen; a sighted pupil saw nothing
    before the computer played. They now sit under the status line ("Your turn.")."""
    phone = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    page = phone.new_page()
    table = ona_at_a_knock_table(page, site_url)
    # Her turn came 28 s ago: the warning comes in 2 s, while the page stands.
    table.waiting = [[seat, since - 28] for seat, since in table.waiting]
    SharedTable.objects.filter(pk=table.pk).update(waiting=table.waiting)
    page.reload()
    warning = page.locator("#turn-warning")
    expect(warning).to_be_visible(timeout=8_000)
    expect(page.locator("#announce")).to_have_text(warning.inner_text())
    # The first screen as the page opened (at the table's status line: a new table's
    # first page opens there), nothing scrolled by hand.
    for shown in (page.locator("#table-status"), warning, page.locator("#more-time")):
        box = shown.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 740, box
    # Said once: by #announce only, not by a live region of its own as well.
    assert warning.get_attribute("role") is None and warning.get_attribute("aria-live") is None
    assert (
        page.locator('[aria-live], [role="status"], [role="alert"]')
        .filter(has_text=warning.inner_text())
        .count()
        == 1
    )
    # Enter in a card's box still sends nothing (not "I need more time", now above it).
    version = table.version
    page.locator(".card-choice__input").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_timeout(500)
    table.refresh_from_db()
    assert table.version == version
    phone.close()


@pytest.mark.django_db(transaction=True)
def test_a_redraw_copies_no_inline_style_the_csp_refuses(page: Page, site_url: str) -> None:
    """The Italian walk: "Applying inline style violates ... style-src 'self'" in bursts
    while the turn's countdown ran. Nothing of the site sets an inline style; a browser
    tool left an empty one on the cards' boxes (Playwright's screenshot hides the caret so),
    and htmx's settle copied it onto the redrawn board, which the CSP refused."""
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    page.goto(f"{site_url}/en/play/")
    page.locator("#open_game").select_option("knock")
    page.locator("#open_players").select_option("2")
    page.locator("#open_computers").select_option("1")
    page.locator("#open_name").fill("Ona")
    with mock.patch.object(services.random, "SystemRandom", lambda: random.Random(4)):
        page.locator("#open_name").press("Enter")
        expect(page.locator("#hand-form")).to_be_visible()
    page.screenshot()
    assert page.locator(".card-choice__input[style]").count() > 0  # what the walk's did
    page.locator("#more-time").click()
    expect(page.locator("#announce")).to_contain_text("or the computer will play your turn.")
    page.wait_for_timeout(300)
    assert not [line for line in console if "inline style" in line], console


@pytest.mark.django_db(transaction=True)
def test_without_javascript_the_table_reloads_itself_only_when_asked(
    browser: Browser, site_url: str, settings: Any
) -> None:
    """A page without JavaScript waiting for the others stays put (a reload would send
    the keyboard's place to the top) until its player asks it to reload itself; then it
    does, keeps doing it, and stops when asked. Each reload opens the page at the
    table's status (its address alternates, ``again=1`` on and off: a meta refresh to
    the page's own address with a fragment would only scroll, once)."""
    settings.SHARED_NOSCRIPT_REFRESH_SECONDS = 1
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    loads: list[str] = []
    page.on("load", lambda: loads.append(page.url))
    page.goto(f"{site_url}/en/play/")
    page.locator("#open_players").select_option("2")
    page.locator("#open_computers").select_option("0")
    page.locator("#open_name").fill("Ona")
    page.locator("#open_name").press("Enter")
    expect(page.locator("#waiting-title")).to_be_visible()
    # (Playwright's text locators skip <noscript>: its links are found by address.)
    offer = page.locator("noscript a[href*='?reload=1']")
    expect(offer).to_be_visible()
    assert "this page does not change by itself" in page.content()
    settled = len(loads)
    page.wait_for_timeout(2_500)
    assert len(loads) == settled, "the page reloaded by itself"
    offer.click()
    table = SharedTable.objects.get()
    stop = page.locator(f"noscript a[href='/en/play/{table.public_id}/#table-status']")
    expect(stop).to_be_visible()
    assert "This page reloads itself every 1 second while you wait." in page.content()
    asked = len(loads)
    page.wait_for_timeout(2_500)
    assert len(loads) > asked + 1, loads  # again and again
    assert all("?reload=1" in u and u.endswith("#table-status") for u in loads[asked:]), loads
    assert loads[-1] != loads[-2]
    stop.click()
    expect(offer).to_be_visible()
    stopped = len(loads)
    page.wait_for_timeout(2_500)
    assert len(loads) == stopped, "the page went on reloading"
    # Refresh loads the page again each time it is pressed (at the table's status).
    for _ in range(3):
        pressed = len(loads)
        page.get_by_role("link", name="Refresh", exact=True).click()
        page.wait_for_function("() => document.readyState === 'complete'")
        page.wait_for_timeout(300)
        assert len(loads) == pressed + 1, loads
        assert loads[-1].endswith("#table-status") and loads[-1] != loads[-2]
    context.close()


@pytest.mark.django_db(transaction=True)
def test_the_teacher_pauses_the_class_pages_live_updates_and_resumes_them(
    page: Page, site_url: str
) -> None:
    """The class page's live part (the grid, the class's tables, the mistakes) redraws
    itself as the pupils work; the teacher pauses it with a button (by keyboard; it then
    says "Resume live updates"), nothing changes under them while it is paused, the
    page remembers it across a reload, and resuming brings the part up to date at once
    (WCAG 2.2.2)."""
    sign_up(page, site_url, "en")
    page.locator("#class_name").fill("5B")
    page.locator("#class_name").press("Enter")
    expect(page.locator("h1")).to_have_text("5B")
    classroom = Classroom.objects.get()
    pupil_joins(classroom.join_code, "Ona", "en")
    button = page.locator("#pause-updates")
    expect(button).to_be_visible()
    expect(button).to_have_accessible_name("Pause live updates")
    expect(button).not_to_have_attribute("aria-pressed", re.compile(".*"))
    assert serious_violations(page) == []
    button.focus()
    page.keyboard.press("Space")
    # The Russian teacher's walk: the button kept its words and looks once pressed; it
    # now says what pressing it does (one name, no aria-pressed beside it).
    expect(button).to_have_accessible_name("Resume live updates")
    expect(button).not_to_have_attribute("aria-pressed", re.compile(".*"))
    expect(page.locator("#live-updates-state")).to_contain_text("Live updates are paused")
    with mock.patch.object(services.random, "SystemRandom", lambda: random.Random(3)):
        (table,) = classroom_services.class_seat(classroom=classroom, game="gin", players=2)
    page.wait_for_timeout(3_000)  # the poll is every second in the tests
    expect(page.locator(".class-tables")).to_have_count(0)
    # Remembered for the page: after a reload (which shows the tables) still paused.
    page.reload()
    expect(page.locator(".class-tables")).to_contain_text("Ona")
    expect(page.locator("#pause-updates")).to_have_text("Resume live updates")
    services.set_paused(table=table, paused=True)
    page.wait_for_timeout(3_000)
    expect(page.locator(".class-tables")).not_to_contain_text("table paused")
    # Resumed: brought up to date at once.
    page.locator("#pause-updates").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#pause-updates")).to_have_text("Pause live updates")
    expect(page.locator(".class-tables")).to_contain_text("table paused", timeout=1_500)
