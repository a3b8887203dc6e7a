"""A drill in Chromium, with the keyboard only: type the count, press Enter, again; the
streak grows and the next question has the focus. Axe on the way; a phone fits."""

from __future__ import annotations

import re

import pytest
from django.core import signing
from django.utils import translation
from playwright.sync_api import Page, expect

from drills import services
from game.cards import card_name
from game.engine import Game

from .axe import serious_violations


def right_count(page: Page) -> str:
    token = page.locator("input[name=question]").get_attribute("value") or ""
    seed = int(signing.loads(token, salt="drills.question")["seed"])
    check = services.drill_check(Game.GIN, "deadwood")
    return str(check.arrangement(seed).deadwood)  # type: ignore[union-attr]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "it"])
def test_a_deadwood_drill_with_the_keyboard(page: Page, site_url: str, language: str) -> None:
    page.goto(f"{site_url}/{language}/drills/gin/deadwood/")
    assert serious_violations(page) == []
    for streak in (1, 2):
        # The answer field has the focus (autofocus): the learner just types.
        page.wait_for_function(
            "() => document.activeElement && document.activeElement.name === 'answer'"
        )
        page.keyboard.type(right_count(page))
        page.keyboard.press("Enter")
        expect(page.locator(".drill__score")).to_contain_text(str(streak))
        expect(page.locator(".feedback--right")).to_be_visible()
    assert serious_violations(page) == []


@pytest.mark.django_db(transaction=True)
def test_drills_on_a_phone(browser, site_url: str) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    page = context.new_page()
    page.goto(f"{site_url}/lt/drills/gin/meld/")
    expect(page.locator(".check")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_best_discard_drill_with_the_keyboard(page: Page, site_url: str, language: str) -> None:
    """The best discard: the first card has the focus, the arrow keys choose among the
    eleven (one radio group), Tab reaches the button, Enter answers; axe on the question
    and the answer."""
    from lessons.checks import DiscardCheck

    page.goto(f"{site_url}/{language}/drills/gin/discard/")
    assert serious_violations(page) == []
    token = page.locator("input[name=question]").get_attribute("value") or ""
    seed = int(signing.loads(token, salt="drills.question")["seed"])
    check = services.drill_check(Game.GIN, "discard", seed)
    assert isinstance(check, DiscardCheck)
    cards = check.question(seed)
    _least, best = check.best(cards)
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.type === 'radio'"
    )
    for _ in range(cards.index(best[0])):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")  # focus alone does not choose the first card
    picked = page.locator(f"input[type=radio][value='{best[0]}']")
    expect(picked).to_be_checked()
    # Named by the card once: not its drawn image again, nor "check mark" for the ✓
    # drawn on it (said already: "checked").
    with translation.override(language):
        expect(picked).to_have_accessible_name(card_name(best[0]))
    page.keyboard.press("Tab")  # from the group of cards to "Discard this card"
    expect(page.locator(".check__buttons button")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".feedback--right")).to_be_visible()
    expect(page.locator(".drill__score")).to_contain_text("1")
    # The next question's first card has the focus, and the verdict is its description:
    # what a screen reader says with it (the accessibility walk heard nothing).
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.type === 'radio'"
    )
    right = page.locator("#drill-feedback strong").inner_text()
    expect(page.locator("input[type=radio]:focus")).to_have_accessible_description(
        re.compile(re.escape(right))
    )
    assert serious_violations(page) == []


@pytest.mark.django_db(transaction=True)
def test_a_drill_without_javascript_answers_then_shows_a_page_a_reload_leaves_alone(  # type: ignore[no-untyped-def]
    browser, site_url: str
) -> None:
    """The Russian teacher's walk: Серёжа, without JavaScript, was left at
    .../answer/ after each answer, and the browser's reload asked to send the form again.
    The answer now leads to the drill's page (Post/Redirect/Get): the verdict above the
    next question; a reload shows the same and counts nothing. A refused answer still
    says why beside the question, the focus in its field."""
    from drills.models import DrillRecord

    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    url = f"{site_url}/ru/drills/knock/deadwood/"
    page.goto(url)
    page.locator("input[name=answer]").fill("2O")
    page.keyboard.press("Enter")
    expect(page.locator("#check-0-error")).to_be_visible()
    expect(page.locator("input[name=answer]")).to_be_focused()
    token = page.locator("input[name=question]").get_attribute("value") or ""
    seed = int(signing.loads(token, salt="drills.question")["seed"])
    check = services.drill_check(Game.KNOCK, "deadwood")
    right = str(check.arrangement(seed).deadwood)  # type: ignore[attr-defined]
    page.locator("input[name=answer]").fill(right)
    page.keyboard.press("Enter")
    expect(page.locator(".feedback--right")).to_be_visible()
    assert page.url.startswith(url + "?answered=") and "/answer/" not in page.url
    # Opened at the verdict (the Lithuanian Knock walk: it was above the screen); Tab
    # goes from there to the next question's field.
    assert page.url.endswith("#drill-feedback")
    expect(page.locator("#drill-feedback")).to_be_in_viewport()
    page.keyboard.press("Tab")
    expect(page.locator("input[name=answer]")).to_be_focused()  # the next question
    page.reload()
    expect(page.locator(".feedback--right")).to_be_visible()
    expect(page.locator(".drill__score")).to_contain_text("1")
    assert dialogs == []
    record = DrillRecord.objects.get()
    assert (record.answered, record.right, record.streak) == (1, 1, 1)
    context.close()


@pytest.mark.django_db(transaction=True)
def test_on_a_phone_the_verdict_of_a_drill_is_in_view(browser, site_url: str) -> None:  # type: ignore[no-untyped-def]
    """The Lithuanian Knock walk: a "who scores?" drill answered wrong on a 360×740 phone
    opened at the next question (its field has the focus), and the verdict, «Ne visai.
    Benas: 46 taškai.» with its steps, was above the screen. It is in view from its top
    now; the next question's field keeps the focus."""
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.goto(f"{site_url}/lt/drills/knock/score/")
    page.locator("input[name=player]").first.check()
    page.locator("input[name=points]").fill("999")
    page.locator(".check button[type=submit]").click()
    verdict = page.locator("#drill-feedback")
    expect(verdict).to_contain_text("Ne visai.")
    page.wait_for_timeout(300)  # the browser's autofocus, then the script
    top = verdict.evaluate("e => e.getBoundingClientRect().top")
    assert 0 <= top < 740, top
    expect(verdict.locator("strong").first).to_be_in_viewport()
    focused = page.evaluate("document.activeElement.getAttribute('aria-describedby')")
    assert focused == "drill-feedback"
    context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("viewport", [(360, 740), (1024, 768)])
def test_without_javascript_a_drill_opens_at_the_verdict(  # type: ignore[no-untyped-def]
    browser, site_url: str, viewport: tuple[int, int]
) -> None:
    """The Lithuanian Knock walk without JavaScript (laptop-12): a wrong "who scores?"
    answer opened at the next question's field, the verdict «Ne visai.» and its steps
    above the screen. The page opens at the verdict, its first line at the top of the
    screen, on a phone and a laptop alike; Tab goes on to the next question."""
    width, height = viewport
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": width, "height": height}
    )
    page = context.new_page()
    page.goto(f"{site_url}/lt/drills/knock/score/")
    page.locator("input[name=player]").first.check()
    page.locator("input[name=points]").fill("999")
    page.locator(".check button[type=submit]").click()
    verdict = page.locator("#drill-feedback")
    expect(verdict).to_contain_text("Ne visai.")
    assert page.url.endswith("#drill-feedback")
    top = verdict.evaluate("e => e.getBoundingClientRect().top")
    assert 0 <= top < 40, top
    expect(verdict.locator("strong").first).to_be_in_viewport()
    page.keyboard.press("Tab")
    expect(page.locator("input[name=player]").first).to_be_focused()
    page.screenshot(path=f"/tmp/s43/h8-files/drill-nojs-{width}.png")
    context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("address", "field"),
    [
        ("/en/drills/knock/score/", "input[name=player]"),  # a player's hands over the points
        ("/en/drills/gin/meld/", "input[name=cards]"),  # a hand of cards and two buttons
        ("/lt/drills/gin/deadwood/", "input[name=answer]"),
        ("/en/learn/gin/placement/", "input[name=cards]"),
    ],
)
def test_on_a_phone_without_javascript_a_refused_answer_s_reason_is_beside_its_field(
    browser, site_url: str, address: str, field: str
) -> None:  # type: ignore[no-untyped-def]
    """Measured at 360 x 740 without JavaScript: a refused answer's page focused the
    field refused (autofocus) where it stood, at the top of the question, and the reason
    under the form was 20-50 px below the first screen (a drill's "who scores?", the
    placement check's meld, review's number). The field keeps room under it when the
    browser scrolls it into view (scroll-margin): the field focused and the reason whole
    in the first screen, after the redirect and after a reload."""
    from django.core.management import call_command

    call_command("load_lessons", verbosity=0)
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(site_url + address)
    page.locator("form.check__form button[type=submit]").first.click()  # nothing chosen
    expect(page).to_have_url(re.compile(r"\?refused="))
    for _ in range(2):  # the page, and a reload
        reason = page.locator(".check .message--error")
        expect(reason).to_be_visible()
        focused = page.locator(f"{field}:focus")
        expect(focused).to_have_count(1)
        expect(focused).to_have_attribute("aria-describedby", "check-0-error")
        box = focused.bounding_box()
        assert box is not None and 0 <= box["y"] <= 740, box
        expect(reason).to_be_in_viewport(ratio=1)
        page.reload()
    context.close()


#: Recorded in every page before its own script: when the drill's answer field takes and
#: loses the focus, and when the load event comes.
FOCUS_TIMES = """
window.__focus = [];
document.addEventListener("focusin", function (e) {
  if (e.target.name === "answer") window.__focus.push(["in", performance.now()]);
}, true);
document.addEventListener("focusout", function (e) {
  if (e.target.name === "answer") window.__focus.push(["out", performance.now()]);
}, true);
window.addEventListener("load", function () { window.__loaded = performance.now(); });
"""


@pytest.mark.django_db(transaction=True)
def test_a_drill_s_next_field_has_the_focus_before_the_page_s_load(
    page: Page, site_url: str
) -> None:
    """The walk: after an answer the next question's field took the focus only at the
    page's load event (the browser's scroll to #drill-feedback took it away at the end of
    the load, the script gave it back after), so a key pressed before the load's end,
    the images and the sprite on an old school computer, had no field. With JavaScript
    the answer's page opens with no fragment, the field focused as the page is parsed
    and kept, the verdict in view from its top, as the other answer pages do."""
    page.add_init_script(FOCUS_TIMES)
    page.goto(f"{site_url}/en/drills/gin/deadwood/")
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.name === 'answer'"
    )
    page.keyboard.type("999")
    page.keyboard.press("Enter")
    expect(page.locator("#drill-feedback")).to_contain_text("Not quite.")
    page.wait_for_function("() => window.__loaded !== undefined")
    page.wait_for_timeout(200)
    assert "#" not in page.url
    focus = page.evaluate("window.__focus")
    loaded = page.evaluate("window.__loaded")
    assert focus and focus[0][0] == "in" and focus[0][1] < loaded, (focus, loaded)
    assert [kind for kind, _at in focus] == ["in"], focus  # kept, never lost
    expect(page.locator("input[name=answer]")).to_be_focused()
    top = page.locator("#drill-feedback").evaluate("e => e.getBoundingClientRect().top")
    assert 0 <= top < 200, top
    # The language buttons: the page in Italian opens as this one did (with the script,
    # no fragment: site.js gives their next the address bar's), the field focused.
    page.locator(".site-menu--wide .language-switcher button[lang=it]").click()
    expect(page.locator("#drill-feedback")).to_contain_text("Non proprio.")
    assert "/it/drills/gin/deadwood/?answered=" in page.url and "#" not in page.url
    expect(page.locator("input[name=answer]")).to_be_focused()
