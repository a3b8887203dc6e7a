"""Tables for people in Chromium: one player opens a Knock Rummy table (Lithuanian),
shares its code; a second browser (a phone, Russian) sits down with it; they play the
hand to its end, each page showing the other's move without a reload. Axe on the way."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from game.engine import BotPlayer, Knock
from game.shared import services
from game.shared.models import SharedTable

from .axe import serious_violations
from .helpers import ACTIONS, tick_by_mouse


@pytest.mark.django_db(transaction=True)
def test_two_people_play_a_knock_hand_to_the_end(
    page: Page, browser: Browser, site_url: str
) -> None:
    page.goto(f"{site_url}/lt/play/")
    assert serious_violations(page) == []
    page.locator("#open_game").select_option("knock")
    page.locator("#open_players").select_option("2")
    page.locator("#open_name").fill("Ona")
    page.locator("#open_name").press("Enter")
    expect(page.locator("#waiting-title")).to_be_visible()
    assert serious_violations(page) == []
    table = SharedTable.objects.get()

    phone = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    sasha = phone.new_page()
    sasha.goto(f"{site_url}/ru/play/code/{table.code}/")
    assert serious_violations(sasha) == []
    sasha.locator("#id_name").fill("Саша")
    sasha.locator("#id_name").press("Enter")
    expect(sasha.locator("#hand-form")).to_be_visible()
    # Ona's waiting room turns into the table by itself.
    expect(page.locator("#hand-form")).to_be_visible(timeout=10_000)
    for target in (page, sasha):
        target.evaluate("window.__stillHere = true")
    assert sasha.evaluate("document.documentElement.scrollWidth") <= 360
    assert serious_violations(sasha) == []

    pages = {0: page, 1: sasha}
    for _ in range(200):
        table.refresh_from_db()
        state = services.shared_state(table=table)
        if state.round_over:
            break
        seat = next(s for s in pages if state.my_turn(s))
        view = state.view_for(seat)
        assert view is not None
        move = BotPlayer(seed=seat).choose(view)
        if isinstance(move, Knock) and len(state.current[0].moves) < 6:
            move = next(m for m in view.legal_moves if type(m).__name__ == "Discard")
        mover = pages[seat]
        before = table.version
        # The mover's page shows the table at the version the other's move made.
        expect(mover.locator(f'#table[data-version="{before}"]')).to_be_visible(timeout=10_000)
        tick_by_mouse(mover, move)
        mover.locator(f"button[name=action][value={ACTIONS[type(move)]}]").click()
        if isinstance(move, Knock):
            confirm = mover.locator(".confirm button")
            if confirm.count():
                confirm.click()
        expect(mover.locator("#table")).not_to_have_attribute("data-version", str(before))
    else:
        raise AssertionError("the hand did not end")
    for target in (page, sasha):
        expect(target.locator("#result-title")).to_be_visible(timeout=10_000)
        assert target.evaluate("window.__stillHere") is True, "a page reloaded"
    assert serious_violations(page) == []
    phone.close()
