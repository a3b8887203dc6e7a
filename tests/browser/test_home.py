"""The home page in a real browser: languages, the htmx example, accessibility."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .axe import serious_violations


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "lt", "ru", "it"])
def test_home_page_in_each_language(page: Page, site_url: str, language: str) -> None:
    page.goto(f"{site_url}/{language}/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("h1")).to_be_visible()
    expect(page.locator("main .game-card")).to_have_count(3)


@pytest.mark.django_db(transaction=True)
def test_switching_language_by_clicking(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/en/display/")
    page.get_by_role("button", name="Русский").click()
    expect(page).to_have_url(f"{site_url}/ru/display/")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    page.get_by_role("button", name="Lietuvių").click()
    expect(page).to_have_url(f"{site_url}/lt/display/")
    # The choice sticks: the bare address now opens the Lithuanian site.
    page.goto(f"{site_url}/")
    expect(page).to_have_url(f"{site_url}/lt/")


@pytest.mark.django_db(transaction=True)
def test_sample_hand_swaps_without_a_full_reload(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/en/")
    page.evaluate("window.__stillHere = true")
    page.get_by_role("link", name="Deal me a sample hand").click()
    hand = page.locator("#sample-hand .hand").first
    expect(hand.locator("[role=img]")).to_have_count(10)
    first = page.locator("#sample-hand .sample-hand__title").inner_text()
    assert page.evaluate("window.__stillHere") is True, "the page reloaded"
    # The address bar names the hand (HX-Replace-Url), as it does without JavaScript.
    number = first.split()[-1]
    expect(page).to_have_url(f"{site_url}/en/?hand={number}#sample")
    # Again: a different hand, still no reload.
    page.get_by_role("link", name="Deal me a sample hand").click()
    expect(page.locator("#sample-hand .sample-hand__title")).not_to_have_text(first)
    assert page.evaluate("window.__stillHere") is True
    # Every card has an accessible name such as "seven of hearts".
    names = hand.locator("[role=img]").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))"
    )
    assert all(re.fullmatch(r"[a-z]+ of (clubs|diamonds|hearts|spades)", n) for n in names)


@pytest.mark.django_db(transaction=True)
def test_sample_hand_works_without_javascript(browser, site_url: str) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{site_url}/it/")
    page.locator("#sample a.button").click()
    # "new" is redirected to the number it dealt: a reload or another language shows it.
    expect(page).to_have_url(re.compile(r"/it/\?hand=\d+#sample$"))
    expect(page.locator("#sample-hand [role=img]").first).to_be_visible()
    title = page.locator("#sample-hand .sample-hand__title").inner_text()
    cards = sample_cards(page)
    page.get_by_role("button", name="Lietuvių").click()
    expect(page.locator("html")).to_have_attribute("lang", "lt")
    expect(page.locator("#sample-hand .sample-hand__title")).to_contain_text(title.split()[-1])
    assert sample_cards(page) == cards
    context.close()


def sample_cards(page: Page) -> list[str]:
    return (
        page.locator("#sample-hand .hand")
        .first.locator("[data-card]")
        .evaluate_all("cards => cards.map(c => c.dataset.card)")
    )


@pytest.mark.django_db(transaction=True)
def test_a_hand_dealt_by_htmx_survives_a_change_of_language(page: Page, site_url: str) -> None:
    """The walk: after "Deal me a sample hand" a language button dealt another hand."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{site_url}/ru/")
    page.locator("#sample a.button").click()
    expect(page.locator("#sample-hand .hand").first.locator("[role=img]")).to_have_count(10)
    number = page.locator("#sample-hand .sample-hand__title").inner_text().split()[-1]
    cards = sample_cards(page)
    page.get_by_role("button", name="Italiano").click()
    expect(page).to_have_url(f"{site_url}/it/?hand={number}")
    expect(page.locator("#sample-hand .sample-hand__title")).to_contain_text(number)
    assert sample_cards(page) == cards


@pytest.mark.django_db(transaction=True)
def test_a_hand_dealt_by_htmx_survives_a_reload_then_a_change_of_language(
    page: Page, site_url: str
) -> None:
    """The walk: after "Deal me a sample hand" the address bar kept ``/lt/``, and a
    reload dealt another hand. The address bar now names the hand: a reload shows it,
    and so does a language button after the reload."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{site_url}/lt/")
    page.locator("#sample a.button").click()
    title = page.locator("#sample-hand .sample-hand__title")
    expect(page).to_have_url(re.compile(r"/lt/\?hand=\d+#sample$"))
    first = title.inner_text().split()[-1]
    page.locator("#sample a.button").click()  # a second deal: the address follows it
    # Its answer in (the address already named the first deal's hand, and a title read
    # before the second swap named it too: a race on a busy machine).
    expect(title).not_to_contain_text(first)
    number = title.inner_text().split()[-1]
    expect(page).to_have_url(f"{site_url}/lt/?hand={number}#sample")
    cards = sample_cards(page)
    page.reload()
    expect(title).to_contain_text(number)
    assert sample_cards(page) == cards
    page.get_by_role("button", name="Русский").click()
    expect(page).to_have_url(f"{site_url}/ru/?hand={number}")
    assert sample_cards(page) == cards


@pytest.mark.django_db(transaction=True)
def test_a_hand_dealt_by_htmx_survives_the_display_settings_and_log_in_links(
    page: Page, site_url: str
) -> None:
    """The footer's display settings came back to the page as it was before the deal
    (another hand): every link that carries the page's address now names the hand."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{site_url}/it/")
    page.locator("#sample a.button").click()
    title = page.locator("#sample-hand .sample-hand__title")
    expect(page).to_have_url(re.compile(r"/it/\?hand=\d+#sample$"))
    number = title.inner_text().split()[-1]
    cards = sample_cards(page)
    log_in = page.locator(".site-menu--wide .account--out a")
    expect(log_in).to_have_attribute("href", re.compile(rf"next=%2Fit%2F%3Fhand%3D{number}$"))
    page.locator(".site-footer a").click()
    expect(page).to_have_url(re.compile(r"/it/display/"))
    page.get_by_label("Mazzo a quattro colori: fiori verdi, quadri blu").check()
    page.locator("main form button[type=submit]").click()
    expect(page).to_have_url(f"{site_url}/it/?hand={number}")
    expect(title).to_contain_text(number)
    assert sample_cards(page) == cards


@pytest.mark.django_db(transaction=True)
def test_keyboard_skip_link_and_focus(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/en/")
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to main content")
    expect(skip).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("main")).to_be_focused()


@pytest.mark.django_db(transaction=True)
def test_phone_viewport_has_no_horizontal_scroll(browser, site_url: str) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    page = context.new_page()
    page.goto(f"{site_url}/ru/?hand=11")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"page is {width}px wide on a 360px phone"
    context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "path",
    ["/en/", "/lt/?hand=5", "/ru/display/", "/it/no-such-page/"],
)
def test_axe_finds_no_serious_violations(page: Page, site_url: str, path: str) -> None:
    page.goto(f"{site_url}{path}")
    assert serious_violations(page) == []


@pytest.mark.django_db(transaction=True)
def test_axe_with_four_colours_and_large_type(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/en/display/")
    page.get_by_label("Four-colour deck: clubs green, diamonds blue").check()
    page.get_by_label("Large type, for a projector or a small screen").check()
    page.get_by_role("button", name="Save").click()
    page.goto(f"{site_url}/en/?hand=9")
    expect(page.locator("body")).to_have_class(re.compile("deck-four-colour"))
    assert serious_violations(page) == []


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "lt", "ru", "it"])
def test_on_a_phone_the_menu_is_one_button_and_the_cards_come_sooner(  # type: ignore[no-untyped-def]
    browser, site_url: str, language: str
) -> None:
    """The newcomer's walk: on a 360 px phone the site's navigation wrapped to three lines
    (142-170 px) above every page, and a guided hand's cards began below the screen. The
    header is now one line with a "Menu" button, which opens by touch and by keyboard,
    closes with Escape, and holds every page and language."""
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.goto(f"{site_url}/{language}/guided/basic-01-groups-and-runs/")
    header = page.locator(".site-header").bounding_box()
    assert header is not None and header["height"] <= 64, header
    hand = page.locator(".hand").first.bounding_box()
    assert hand is not None and hand["y"] < 740, f"the cards start at {hand['y']} px"
    nav = page.get_by_role("navigation")
    expect(nav).to_be_hidden()  # the wide screen's copy is not displayed, nor the closed one
    menu = page.locator(".site-menu--narrow > summary")
    expect(menu).to_have_text({"en": "Menu", "lt": "Meniu", "ru": "Меню", "it": "Menu"}[language])
    menu.tap()
    expect(nav).to_be_visible()
    expect(nav.get_by_role("link")).to_have_count(7)
    expect(page.get_by_role("button", name="Italiano")).to_be_visible()
    assert serious_violations(page) == []
    page.keyboard.press("Escape")
    expect(nav).to_be_hidden()
    expect(menu).to_be_focused()
    # By keyboard: Enter opens it, Tab reaches the pages; a page is a plain link.
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    expect(nav.get_by_role("link").first).to_be_focused()
    # Tab past its last item closes it: the panel would cover where the focus went.
    page.get_by_role("button", name="Italiano").focus()
    page.keyboard.press("Tab")
    expect(nav).to_be_hidden()
    menu.focus()
    page.keyboard.press("Enter")
    nav.get_by_role("link").nth(1).click()
    expect(page).to_have_url(re.compile(f"/{language}/lessons/$"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()


@pytest.mark.django_db(transaction=True)
def test_on_a_wide_screen_the_menu_is_the_header_row(page: Page, site_url: str) -> None:
    """The menu's second copy is for phones: a laptop sees the pages and languages in the
    header, with no "Menu" button."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{site_url}/lt/lessons/")
    expect(page.locator(".site-menu--narrow > summary")).to_be_hidden()
    nav = page.get_by_role("navigation", name="Pagrindinis meniu")
    expect(nav).to_be_visible()
    expect(nav.get_by_role("link", name="Pamokos")).to_have_attribute("aria-current", "page")
    expect(page.get_by_role("button", name="Русский")).to_be_visible()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("viewport", "language"),
    [
        ({"width": 740, "height": 360}, "lt"),  # a phone on its side
        ({"width": 320, "height": 640}, "it"),  # a small phone: the longest name
    ],
)
def test_a_small_screen_gets_the_menu_button_and_the_whole_name(  # type: ignore[no-untyped-def]
    browser, site_url: str, viewport: dict[str, int], language: str
) -> None:
    """The browser walk: on its side a phone got the wide header (114 px of 360), and
    at 320 px the site's name was cut ("Scuola di Rami…")."""
    context = browser.new_context(viewport=viewport, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{site_url}/{language}/lessons/")
    expect(page.locator(".site-menu--narrow > summary")).to_be_visible()
    brand = page.locator(".brand")
    assert brand.evaluate("e => e.scrollWidth <= e.clientWidth + 1")
    header = page.locator(".site-header").bounding_box()
    assert header is not None and header["height"] <= 80, header
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    context.close()
