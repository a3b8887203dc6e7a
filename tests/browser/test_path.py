"""A newcomer's first minutes in Chromium: the home page starts them on Basic Rummy, a
first answer makes the home page say "Continue", the path page shows where they are;
with the keyboard, on a phone, and checked by axe."""

from __future__ import annotations

import itertools
import re

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from lessons.models import Lesson

from .axe import serious_violations


@pytest.fixture
def lessons(transactional_db: None) -> None:
    call_command("load_lessons", verbosity=0)


@pytest.mark.parametrize("language", ["en", "lt"])
def test_a_newcomer_starts_then_continues(
    page: Page, site_url: str, lessons: None, language: str
) -> None:
    first = Lesson.objects.filter(language=language, game="basic", kind="lesson").order_by("order")[
        0
    ]
    page.goto(f"{site_url}/{language}/")
    assert serious_violations(page) == []
    start = page.locator(".hero__start a")
    start.focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{site_url}/{language}/learn/basic/")
    expect(page.locator(".turn-steps li")).to_have_count(4)  # a turn, before anything
    assert serious_violations(page) == []
    page.locator("a.path__continue").click()  # "Continue: <the first lesson>"
    expect(page).to_have_url(f"{site_url}/{language}/lessons/basic/{first.slug}/")
    expect(page.locator("h1")).to_have_text(first.title)
    # Answer the lesson's first question, whatever it is, with its first button or field.
    check = page.locator(".check").first
    if check.locator("input[type=text]").count():
        check.locator("input[type=text]").first.fill("1")
        check.locator("button[type=submit]").first.click()
    else:
        check.locator("button[type=submit]").last.click()
    expect(check.locator(".feedback")).to_be_visible()
    page.goto(f"{site_url}/{language}/")
    expect(page.locator(".hero__start a")).to_contain_text(first.title)
    page.locator(f"a[href='/{language}/learn/basic/']").first.click()
    expect(page.locator(".path-step--next a")).to_have_attribute("aria-current", "step")
    assert serious_violations(page) == []


def test_the_path_page_on_a_phone(browser, site_url: str, lessons: None) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    page = context.new_page()
    page.goto(f"{site_url}/ru/learn/gin/")
    expect(page.locator(".path-step").first).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, width
    # A long title's lines start one under the other, not under its "Lesson" label (the
    # newcomer's walk, it: titles wrapped under «Lezione» / «Mano guidata»).
    page.goto(f"{site_url}/it/learn/gin/")
    lefts = page.locator(".path-step a").evaluate_all(
        "links => links.map(a => { const r = document.createRange(); r.selectNodeContents(a);"
        " return [...r.getClientRects()].map(r => Math.round(r.left)); })"
    )
    wrapped = [each for each in lefts if len(each) > 1]
    assert wrapped, lefts  # some title takes two lines on a phone
    assert all(len(set(each)) == 1 for each in wrapped), wrapped
    context.close()


@pytest.mark.parametrize("language", ["en", "lt"])
def test_on_a_phone_every_step_is_a_link_big_enough_to_tap(
    browser,  # type: ignore[no-untyped-def]
    site_url: str,
    lessons: None,
    language: str,
) -> None:
    """The phone walk: each step's link was its line of text, 19 px tall, small to tap
    with a finger. Each is a target at least 44 px tall (WCAG 2.5.5), one under the
    other without overlapping, its label still beside or above it."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    page = context.new_page()
    for game in ("basic", "gin", "knock"):
        page.goto(f"{site_url}/{language}/learn/{game}/")
        links = page.locator(".path-step a")
        expect(links.first).to_be_visible()
        boxes = [links.nth(i).bounding_box() for i in range(links.count())]
        assert all(b is not None and b["height"] >= 44 for b in boxes), boxes
        # One target under the next: a tap lands on one step only.
        tops = [(b["y"], b["y"] + b["height"]) for b in boxes if b is not None]
        assert all(bottom <= top + 1 for (_, bottom), (top, _) in itertools.pairwise(tops)), tops
    context.close()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_placement_check_with_the_keyboard(
    page: Page, site_url: str, lessons: None, language: str
) -> None:
    """The placement check in Chromium: offered on the path page, three questions answered
    with the keyboard, an outcome with a way on; axe on a question and on the outcome."""
    page.goto(f"{site_url}/{language}/learn/gin/")
    page.locator(f"a[href='/{language}/learn/gin/placement/']").click()
    expect(page.locator(".check")).to_be_visible()
    assert serious_violations(page) == []
    for _ in range(3):
        box = page.locator(".check")
        field = box.locator("input[name=answer][type=text]")
        if field.count():
            # "2O" (a letter O) is refused beside the same question, "2O" still in its
            # field, which has the focus and the reason as its description: corrected
            # there, not typed again (a refusal dealt a fresh first question).
            token = box.locator("input[name=question]").get_attribute("value")
            number = page.locator(".progress-label").inner_text()
            field.focus()
            page.keyboard.type("2O")
            page.keyboard.press("Enter")
            expect(box.locator(".message--error")).to_be_visible()
            expect(page.locator(".progress-label")).to_have_text(number)
            # The same question (its signed data; the signature's time may differ).
            payload = (token or "").split(":")[0]
            expect(box.locator("input[name=question]")).to_have_value(re.compile(f"^{payload}:"))
            expect(field).to_have_value("2O")
            expect(field).to_be_focused()
            expect(field).to_have_attribute("aria-describedby", "check-0-error")
            assert serious_violations(page) == []
            # On the check's page (Post/Redirect/Get): a reload asks nothing, sends
            # nothing, and shows the same, the focus where it was.
            expect(page).to_have_url(re.compile(r"/placement/\?refused="))
            page.reload()
            expect(box.locator(".message--error")).to_be_visible()
            expect(field).to_have_value("2O")
            expect(field).to_be_focused()
            expect(page.locator(".progress-label")).to_have_text(number)
            page.keyboard.press("Control+A")
            page.keyboard.type("0")
        else:
            box.locator("button[name=answer][value=none]").focus()
        page.keyboard.press("Enter")
        expect(page.locator(".feedback")).to_be_visible()
    expect(page.locator("main a.button")).to_be_visible()  # "Continue: ..."
    assert serious_violations(page) == []


def test_on_a_phone_a_lessons_done_button_leads_to_its_guided_hand(
    browser,  # type: ignore[no-untyped-def]
    site_url: str,
    lessons: None,
) -> None:
    """The Italian Knock walk at 360 px: at the end of lesson 3 the one big button,
    "Fatto: prossima lezione, ...", passed the guided hand "Bussa presto" that the path
    puts next. Tapped, it opens that hand at its coach; back in the lesson once it is
    played, it leads on to lesson 4."""
    context = browser.new_context(
        viewport={"width": 360, "height": 640},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.goto(f"{site_url}/it/lessons/knock/a-turn-and-the-knock/")
    done = page.locator(".lesson-nav button[type=submit]")
    expect(done).to_have_text(re.compile(r"Bussa presto$"))  # its title, last
    done.tap()
    expect(page).to_have_url(f"{site_url}/it/guided/knock-01-knock-early/#table-status")
    expect(page.locator("#table-status")).to_be_in_viewport()
    context.close()
