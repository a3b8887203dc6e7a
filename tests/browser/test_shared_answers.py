"""Tables for people in Chromium: two answers on their way for one table. A player's
move makes the table's events tell every page, the mover's own too, whose poll then
asks for the table while the move's answer is still coming; whichever answer comes
second was asked from a table the first has already replaced. htmx dropped it with
``htmx:oobErrorNoTarget, #announce`` in the console (the Italian walk, "now and then");
the page now draws it in the table as it is now, or leaves it when it has nothing to add.

Answers held back make the race happen at every move: Ona's moves' answers (her poll's
comes first), and Sasha's moves' and polls' (Playwright gives them one after the other:
his move's answer comes first, then his poll's, asked while the move's was held)."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from game.engine import BotPlayer, Knock
from game.shared import services
from game.shared.models import SharedTable

from .helpers import ACTIONS, tick_by_mouse

#: Longer than the table's events take to reach the page (SHARED_EVENTS_INTERVAL, 0.2 s).
HELD = 0.6

#: htmx's errors a page records (htmx also writes each of them to the console), and how
#: many times an answer said something in its live region.
LISTEN = """
window.__htmxErrors = [];
["htmx:oobErrorNoTarget", "htmx:swapError", "htmx:targetError", "htmx:onLoadError",
 "htmx:responseError", "htmx:sendError", "htmx:sendAbort"].forEach(function (name) {
  document.addEventListener(name, function () { window.__htmxErrors.push(name); });
});
window.__said = 0;
document.addEventListener("htmx:oobBeforeSwap", function (event) {
  if (event.target.id === "announce") { window.__said += 1; }
});
"""


def held(route: Route) -> None:
    """The answer, given to the page only a moment after the server made it."""
    response = route.fetch()
    time.sleep(HELD)
    route.fulfill(response=response)


def watched(page: Page, console: list[str]) -> None:
    """Record the page's htmx errors, and its console's errors and uncaught exceptions."""
    page.add_init_script(LISTEN)
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))


@pytest.mark.django_db(transaction=True)
def test_a_move_and_its_poll_answered_in_either_order_leave_the_console_clean(
    page: Page, browser: Browser, site_url: str
) -> None:
    console: list[str] = []
    watched(page, console)
    page.goto(f"{site_url}/en/play/")
    page.locator("#open_game").select_option("knock")
    page.locator("#open_players").select_option("2")
    page.locator("#open_name").fill("Ona")
    page.locator("#open_name").press("Enter")
    expect(page.locator("#waiting-title")).to_be_visible()
    table = SharedTable.objects.get()

    context = browser.new_context()
    sasha = context.new_page()
    watched(sasha, console)
    sasha.goto(f"{site_url}/en/play/code/{table.code}/")
    sasha.locator("#id_name").fill("Sasha")
    sasha.locator("#id_name").press("Enter")
    expect(sasha.locator("#hand-form")).to_be_visible()
    expect(page.locator("#hand-form")).to_be_visible(timeout=4_000)

    for target in (page, sasha):
        target.route("**/move/", held)
        target.route("**/more-time/", held)
    sasha.route(re.compile(r"/play/[^/]+/\?v="), held)
    pages = {0: page, 1: sasha}
    names = {0: "Ona", 1: "Sasha"}

    def one_move() -> None:
        table.refresh_from_db()
        state = services.shared_state(table=table)
        seat = next(s for s in pages if state.my_turn(s))
        mover, other = pages[seat], pages[1 - seat]
        before = table.version
        expect(mover.locator(f'#table[data-version="{before}"]')).to_be_visible(timeout=4_000)
        for target in pages.values():
            target.evaluate("window.__said = 0")
        view = state.view_for(seat)
        assert view is not None
        move = BotPlayer(seed=seat).choose(view)
        if isinstance(move, Knock):
            move = next(m for m in view.legal_moves if type(m).__name__ == "Discard")
        tick_by_mouse(mover, move)
        mover.locator(f"button[name=action][value={ACTIONS[type(move)]}]").click()
        # Both answers have come (the late one held back): each page shows the move and
        # says it once, the mover's as "You ...", the other's with the mover's name.
        for target in pages.values():
            expect(target.locator(f'#table[data-version="{before + 1}"]')).to_be_visible(
                timeout=4_000
            )
        mover.wait_for_timeout(2 * HELD * 1000 + 300)
        expect(mover.locator("#announce")).to_contain_text(re.compile(r"^You "))
        expect(other.locator("#announce")).to_contain_text(re.compile(rf"^{names[seat]} "))
        for target in pages.values():
            assert target.evaluate("window.__htmxErrors") == []
            assert target.evaluate("window.__said") == 1
            # One table, one live region: nothing drawn twice or left behind.
            expect(target.locator("#table")).to_have_count(1)
            expect(target.locator("#announce")).to_have_count(1)

    def ona_to_move() -> bool:
        table.refresh_from_db()
        return services.shared_state(table=table).my_turn(0)

    for _ in range(6):
        one_move()
    while not ona_to_move():
        one_move()

    # Ona's "I need more time" changes the table too: her poll's answer comes first and
    # says the last move; her own, after it, says the new time (it was dropped).
    page.locator("#more-time").click()
    page.wait_for_timeout(2 * HELD * 1000 + 300)
    expect(page.locator(f'#table[data-version="{table.version + 1}"]')).to_be_visible()
    expect(page.locator("#announce")).to_contain_text("or the computer will play your turn.")

    errors: dict[str, Any] = {
        name: target.evaluate("window.__htmxErrors")
        for name, target in (("Ona", page), ("Sasha", sasha))
    }
    assert errors == {"Ona": [], "Sasha": []}
    assert console == []
    context.close()
