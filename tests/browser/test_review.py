"""A review session in Chromium: a wrong first answer in a lesson comes back on the
review page, is answered with the keyboard, and the page says when it returns; axe."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from lessons.checks import MeldCheck
from review import services
from review.models import ReviewCard

from .axe import serious_violations


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "ru", "lt"])
def test_a_review_session(
    page: Page, site_url: str, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    call_command("load_lessons", verbosity=0)
    page.goto(f"{site_url}/{language}/lessons/gin/melds-groups-and-runs/")
    # The second question shows 5♣ 5♦ 5♥ 5♠, a group: "There is no meld" is wrong.
    check = page.locator(".check").nth(1)
    check.locator("button[name=answer][value=none]").click()
    expect(check.locator(".feedback--illegal")).to_be_visible()
    card = ReviewCard.objects.get()
    later = card.due + timedelta(days=1)
    monkeypatch.setattr(services, "now", lambda: later)
    # Review asks it again with other cards: four that hold a meld, so that "There is
    # no meld" is wrong again.
    own = services.question_for(card, language=language, seed=1)
    assert own is not None and isinstance(own.check, MeldCheck)
    meld = own.check
    seed = next(s for s in range(1, 500) if meld.melds_in(meld.question(s)))
    monkeypatch.setattr(services, "seed_of", lambda row: seed)
    page.goto(f"{site_url}/{language}/review/")
    expect(page.locator("h1")).to_be_visible()
    assert serious_violations(page) == []
    box = page.locator(".check")
    expect(box).to_be_visible()
    # "These cards are a meld" with no card picked: refused beside the same cards (not
    # freshly dealt ones), the reason inside the check; the field refused (the first
    # card) has the focus and the reason as its description, so that the reason is read
    # out with it (the accessibility walk: the focus was on the page's body).
    cards = box.locator("input[name=cards]")
    dealt = cards.evaluate_all("inputs => inputs.map(i => i.value)")
    other = next(s for s in range(seed + 1, 999) if meld.question(s) != meld.question(seed))
    monkeypatch.setattr(services, "seed_of", lambda row: other)  # a new deal would differ
    box.locator(".check__buttons button:not([name])").click()
    expect(box.locator(".message--error")).to_have_attribute("id", "check-0-error")
    expect(cards.first).to_be_focused()
    expect(cards.first).to_have_attribute("aria-describedby", "check-0-error")
    assert cards.evaluate_all("inputs => inputs.map(i => i.value)") == dealt
    assert serious_violations(page) == []
    card.refresh_from_db()
    assert card.reviews == 0
    submit = box.locator("button[name=answer][value=none]")
    submit.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".feedback--illegal")).to_be_visible()  # wrong again: the solution
    expect(page.locator(".score-step__cards, .feedback p").first).to_be_visible()
    expect(page.locator(".review__next a")).to_be_visible()
    # The keyboard is on the feedback, read out, as a lesson's answer is (the keyboard
    # walk, lt: the focus jumped to "Next question" and skipped it); "Next question" is
    # the next Tab stop. (Without the script the page's autofocus puts the keyboard on
    # "Next question"; the answer has no #check-0 in its address, where Chromium gives
    # no autofocus and the focus was back at the top.)
    assert "#" not in page.url
    expect(page.locator(".check .feedback")).to_be_focused()
    expect(page.locator(".review__next a")).to_have_attribute("autofocus", "")
    page.keyboard.press("Tab")
    expect(page.locator(".review__next a")).to_be_focused()
    assert serious_violations(page) == []
    card.refresh_from_db()
    assert card.reviews == 1


@pytest.mark.django_db(transaction=True)
def test_the_review_page_opens_in_its_question(page: Page, site_url: str) -> None:
    """The Russian keyboard walk at 1024 x 768: "Next question" (and "Review" in the
    menu) opened the page at its top, the question's first field 17 Tabs away, past the
    menu and the languages (4 keys by the skip link). It opens with the focus in the
    question's first field, as a drill does: Space picks a card, Tab reaches the answer's
    buttons."""
    call_command("load_lessons", verbosity=0)
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{site_url}/ru/lessons/gin/melds-groups-and-runs/")
    check = page.locator(".check").nth(1)
    check.locator("button[name=answer][value=none]").click()  # a group: wrong
    expect(check.locator(".feedback--illegal")).to_be_visible()
    card = ReviewCard.objects.get()
    ReviewCard.objects.filter(pk=card.pk).update(due=card.due - timedelta(days=1))
    page.goto(f"{site_url}/ru/review/")
    first = page.locator(".check input[name=cards]").first
    expect(first).to_be_focused()
    box = first.bounding_box()
    assert box is not None and 0 <= box["y"] <= 768 - box["height"]
    page.keyboard.press("Tab")
    expect(page.locator(".check__buttons button").first).to_be_focused()
