"""An Italian pupil on an old phone (360 px, touch): every link that stands on its own
line and every form field is a target a finger hits, 44 px tall as the buttons are
(the walk found the brand, the breadcrumbs, "Where to start", "All your tables", the
footer's link and the answer fields 16-41 px tall; the Knock walk, the home page's "Or
choose a game" links, the one way at the top of the page to Knock Rummy's path, and a
lesson's guided hands, 19 px)."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

#: On each page: what a finger taps that stands alone, not inside a sentence.
TARGETS = {
    "/it/": [".brand", ".start-steps a", ".site-footer a", ".hero a[href*='/learn/']"],
    "/it/learn/knock/": [".link-line a"],
    "/it/lessons/knock/a-turn-and-the-knock/": [".lesson-practice a"],
    "/it/lessons/knock/cards-and-values/": [".breadcrumb a", ".check input[type=text]"],
    "/it/practice/": [".link-line a", ".new-table-form select", ".new-table-form input[type=text]"],
}


def too_small(page: Page, selector: str) -> list[str]:
    boxes = page.locator(selector).evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [e.textContent.trim().slice(0, 30) || e.name, r.width, r.height]; })"
    )
    assert boxes, f"nothing matches {selector}"
    return [f"{selector} {text!r} {h:.0f} px" for text, _w, h in boxes if h < 44]


def phone(browser: Any) -> tuple[Any, Page]:
    context = browser.new_context(
        viewport={"width": 360, "height": 640},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    return context, context.new_page()


@pytest.mark.django_db(transaction=True)
def test_on_a_phone_a_link_on_its_own_line_and_a_field_are_44_px_tall(
    browser: Any, site_url: str
) -> None:
    call_command("load_lessons", verbosity=0)
    context, page = phone(browser)
    small: list[str] = []
    for path, selectors in TARGETS.items():
        page.goto(f"{site_url}{path}")
        for selector in selectors:
            small += too_small(page, selector)
    # The brand, a flex box now, keeps the space between its mark and its name.
    gap = page.evaluate(
        "() => { const b = document.querySelector('.brand'); const range = document.createRange();"
        " range.selectNodeContents(b.lastChild);"
        " return range.getBoundingClientRect().left"
        " - b.querySelector('.brand__mark').getBoundingClientRect().right; }"
    )
    assert gap >= 3, f"the brand's mark and name {gap:.1f} px apart"
    # A practice table's way back to the list of tables.
    page.goto(f"{site_url}/it/practice/")
    page.locator("#id_game").select_option("knock")
    page.locator(".new-table-form button[type=submit]").tap()
    expect(page.locator("#table")).to_be_visible()
    small += too_small(page, ".link-line a")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()
    assert not small, small


@pytest.mark.django_db(transaction=True)
def test_on_a_phone_a_small_cards_corner_is_12_px_at_least(browser: Any, site_url: str) -> None:
    """A meld's small cards (a lesson's groups and runs, a scoring question's hands): on a
    360 px phone their corners' ranks were 10.8 px. At least 12 now, the cards no bigger."""
    call_command("load_lessons", verbosity=0)
    context, page = phone(browser)
    page.goto(f"{site_url}/ru/lessons/basic/melds-groups-and-runs/")
    sizes = page.locator(".card--small .card__index").evaluate_all(
        "els => els.filter(e => e.getBoundingClientRect().height)"
        ".map(e => [parseFloat(getComputedStyle(e).fontSize),"
        " e.closest('.card').getBoundingClientRect().width])"
    )
    context.close()
    assert sizes, "no small card on the page"
    assert min(size for size, _width in sizes) >= 12, sizes
    assert max(width for _size, width in sizes) <= 36.5, sizes
