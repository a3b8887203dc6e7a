"""The pages that refuse a request, as a person meets them in a browser: too many clicks
(429), a request too large (413) and a button's address opened as a page (405),
translated, accessible and with a way back."""

from __future__ import annotations

import pytest
from django.test import override_settings
from playwright.sync_api import Page, expect

from rummy_site import ratelimit

from .axe import serious_violations

pytestmark = pytest.mark.django_db(transaction=True)

HEADINGS_429 = {
    "en": "That was too many clicks at once",
    "lt": "Per daug paspaudimų vienu metu",
    "ru": "Слишком много нажатий сразу",
    "it": "Troppi clic tutti insieme",
}


@pytest.mark.parametrize("language", ["en", "lt", "ru", "it"])
def test_too_many_clicks_get_a_page_that_says_the_limit(
    page: Page, site_url: str, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ratelimit, "clock", lambda: 1_800_000_001.0)  # no window ends
    with override_settings(RATE_LIMIT_ENABLED=True, POST_RATE_PER_VISITOR="2/m"):
        for _ in range(3):
            page.goto(f"{site_url}/{language}/practice/")
            page.locator("#id_name").fill("Ona")
            page.locator("form[action$='/practice/new/'] button[type=submit]").click()
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect(page.locator("h1")).to_have_text(HEADINGS_429[language])
        expect(page.locator("main")).to_contain_text("2")
        assert serious_violations(page) == []
        page.locator("main a").first.click()
        expect(page).to_have_url(f"{site_url}/{language}/")


def test_a_request_too_large_gets_a_translated_page(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/ru/practice/")
    page.evaluate(
        """() => {
          const form = document.querySelector("form[action$='/practice/new/']");
          const big = document.createElement("textarea");
          big.name = "filler";
          big.value = "x".repeat(70 * 1024);
          form.appendChild(big);
          form.querySelector("#id_name").value = "Оля";
          form.submit();
        }"""
    )
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.locator("h1")).to_have_text("Запрос слишком большой")
    expect(page.locator("main")).to_contain_text("64")
    assert serious_violations(page) == []


HEADINGS_405 = {
    "en": "This address is for a button on the site",
    "lt": "Šis adresas skirtas svetainės mygtukui",
    "ru": "Этот адрес — для кнопки на сайте",
    "it": "Questo indirizzo serve a un pulsante del sito",
}


@pytest.mark.parametrize("language", ["en", "lt", "ru", "it"])
def test_a_buttons_address_opened_as_a_page_says_so_and_leads_back(
    page: Page, site_url: str, language: str
) -> None:
    """The browser review: a typed /en/practice/new/ showed the browser's own error
    screen (a 405 with an empty body)."""
    response = page.goto(f"{site_url}/{language}/practice/new/")
    assert response is not None and response.status == 405
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("h1")).to_have_text(HEADINGS_405[language])
    assert serious_violations(page) == []
    page.keyboard.press("Tab")  # the skip link first, then on to the way back
    back = page.locator("main a").first
    for _ in range(40):
        if page.evaluate("() => document.activeElement === document.querySelector('main a')"):
            break
        page.keyboard.press("Tab")
    expect(back).to_be_focused()
    page.keyboard.press("Enter")  # back to the page the button was on
    expect(page).to_have_url(f"{site_url}/{language}/practice/")
