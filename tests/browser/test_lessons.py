"""Lessons in Chromium: read, answer a check wrongly then rightly, go on to a guided hand."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core.management import call_command
from django.utils import translation
from playwright.sync_api import Page, expect

from game.cards import card_name
from game.engine import Card
from lessons.checks import DeadwoodCheck, parse_check
from lessons.models import Lesson

from .axe import serious_violations


@pytest.fixture
def lessons(transactional_db: None) -> None:
    call_command("load_lessons", verbosity=0)


def deadwood_lesson(language: str) -> tuple[Lesson, int]:
    """A lesson with a fixed deadwood check and a guided hand to go on to."""
    for lesson in (
        Lesson.objects.filter(language=language, kind="lesson")
        .exclude(guided=[])
        .order_by("game", "order")
    ):
        for index, args in enumerate(lesson.checks):
            check = parse_check(args)
            if isinstance(check, DeadwoodCheck) and not check.random:
                return lesson, index
    raise AssertionError("no lesson with a deadwood check and a guided hand")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "lt"])
def test_read_a_lesson_answer_a_check_and_go_on_to_its_guided_hand(
    page: Page, site_url: str, lessons: None, language: str
) -> None:
    lesson, index = deadwood_lesson(language)
    check = parse_check(lesson.checks[index])
    right = check.arrangement(index + 1).deadwood  # type: ignore[union-attr]
    page.goto(f"{site_url}/{language}/lessons/")
    page.locator(f'a[href="/{language}/lessons/{lesson.game}/{lesson.slug}/"]').first.click()
    expect(page.locator("h1")).to_have_text(lesson.title)
    page.evaluate("window.__stillHere = true")
    box = page.locator(f"#check-{index}")
    box.locator("input[name=answer]").fill(str(right + 7))
    box.locator("button[type=submit]").click()
    expect(page.locator(f"#check-{index} .feedback--illegal")).to_be_visible()
    box = page.locator(f"#check-{index}")
    box.locator("input[name=answer]").fill(str(right))
    box.locator("button[type=submit]").click()
    expect(page.locator(f"#check-{index} .feedback--right")).to_be_visible()
    assert page.evaluate("window.__stillHere") is True  # swapped in place
    page.locator(".lesson-practice a").first.click()
    expect(page).to_have_url(f"{site_url}/{language}/guided/{lesson.guided[0]}/#table-status")
    expect(page.locator(".coach__prompt")).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_a_check_without_javascript(browser, site_url: str, lessons: None) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    lesson, index = deadwood_lesson("it")
    page.goto(f"{site_url}/it/lessons/{lesson.game}/{lesson.slug}/")
    box = page.locator(f"#check-{index}")
    box.locator("input[name=answer]").fill("abc")
    box.locator("button[type=submit]").click()
    expect(page.locator(f"#check-{index} .message--error")).to_be_visible()
    # At the lesson's page (Post/Redirect/Get), at no fragment: the field refused has
    # the focus (autofocus, which Chromium skips at a fragment).
    expect(page).to_have_url(
        re.compile(rf"/it/lessons/{lesson.game}/{lesson.slug}/\?refused=[^#]+$")
    )
    expect(box.locator("input[name=answer]")).to_be_focused()
    context.close()


@pytest.mark.django_db(transaction=True)
def test_an_empty_answer_without_javascript_on_a_phone_is_at_the_lesson_s_address(  # type: ignore[no-untyped-def]
    browser, site_url: str, lessons: None
) -> None:
    """The walk without JavaScript on a 360 x 740 phone: an empty answer to a lesson's
    check was drawn at …/check/N/ (400), and a reload asked to send the form again. It
    is at the lesson's page (``?refused=``): the reason visible, the field focused and
    described by it, in the first screen; a reload asks nothing, sends nothing (no POST)
    and shows the same, scrolled where it was and the field focused still (the page opened
    at a fragment, ``#check-N-answered``, and a reload kept its scroll but lost the focus:
    Chromium skips autofocus at a fragment and restores a reloaded page's scroll only)."""
    from lessons.models import CheckAnswer

    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740})
    page = context.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    lesson, index = deadwood_lesson("en")
    lesson_url = f"{site_url}/en/lessons/{lesson.game}/{lesson.slug}/"
    page.goto(lesson_url)
    field = page.locator(f"#check-{index} input[name=answer]")
    field.press("Enter")  # nothing typed
    error = page.locator(f"#check-{index}-error")
    expect(error).to_be_visible()
    expect(error).to_have_text("Type your answer first.")
    expect(page).to_have_url(re.compile(re.escape(lesson_url) + r"\?refused=[^#]+$"))
    expect(field).to_be_focused()
    expect(field).to_have_attribute("aria-describedby", f"check-{index}-error")
    expect(field).to_be_in_viewport()
    expect(error).to_be_in_viewport()
    assert len(posts) == 1
    address = page.url
    page.reload()
    expect(error).to_be_visible()
    expect(field).to_have_value("")
    expect(field).to_be_focused()
    expect(field).to_be_in_viewport()
    expect(error).to_be_in_viewport(ratio=1)
    assert page.url == address and len(posts) == 1 and dialogs == []
    assert CheckAnswer.objects.count() == 0
    context.close()


@pytest.mark.django_db(transaction=True)
def test_a_refused_answer_without_javascript_focuses_the_field(  # type: ignore[no-untyped-def]
    browser, site_url: str, lessons: None
) -> None:
    """The accessibility finding: the refused answer's page opened at #check-N, where
    the browser skips autofocus, and the keyboard was at the top of the page. The field
    refused has the focus, described by the reason, scrolled into view by the browser;
    and so has a judged answer's field (described by the feedback), on a reload too."""
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    lesson, index = deadwood_lesson("en")
    page.goto(f"{site_url}/en/lessons/{lesson.game}/{lesson.slug}/")
    field = page.locator(f"#check-{index} input[name=answer]")
    field.fill("2O")
    field.press("Enter")
    expect(page.locator(f"#check-{index} .message--error")).to_be_visible()
    focused = page.evaluate(
        "() => [document.activeElement.name, document.activeElement.value,"
        " document.activeElement.getAttribute('aria-describedby')]"
    )
    assert focused == ["answer", "2O", f"check-{index}-error"]
    assert page.evaluate("() => window.scrollY") > 0  # still scrolled to the check
    # A judged answer: its field focused, the feedback under it in view, on a reload too.
    field.fill("99")
    field.press("Enter")
    feedback = page.locator(f"#check-{index}-feedback")
    for _ in range(2):
        expect(feedback).to_be_visible()
        expect(field).to_be_focused()
        expect(field).to_have_attribute("aria-describedby", f"check-{index}-feedback")
        expect(feedback).to_be_in_viewport()
        page.reload()
    context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "ru"])
def test_axe_on_lesson_pages(page: Page, site_url: str, lessons: None, language: str) -> None:
    page.goto(f"{site_url}/{language}/lessons/")
    assert serious_violations(page) == []
    lesson, _index = deadwood_lesson(language)
    page.goto(f"{site_url}/{language}/lessons/{lesson.game}/{lesson.slug}/")
    assert serious_violations(page) == []
    page.goto(f"{site_url}/{language}/lessons/{lesson.game}/summary/")
    assert serious_violations(page) == []


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "lt", "ru", "it"])
def test_each_rule_summary_prints_on_one_page(
    page: Page, site_url: str, lessons: None, language: str
) -> None:
    import re

    for game in ("basic", "gin", "knock"):
        page.goto(f"{site_url}/{language}/lessons/{game}/summary/")
        page.emulate_media(media="print")
        pdf = page.pdf(format="A4")
        pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
        assert pages == 1, f"{language}/{game} summary prints on {pages} pages"


@pytest.mark.django_db(transaction=True)
def test_answering_with_the_keyboard_keeps_the_focus_on_the_answer(
    page: Page, site_url: str, lessons: None
) -> None:
    from lessons.checks import KnockCheck

    lesson, index = next(
        (x, i)
        for x in Lesson.objects.filter(language="en", kind="lesson").order_by("game", "order")
        for i, args in enumerate(x.checks)
        if isinstance(parse_check(args), KnockCheck)
    )
    page.goto(f"{site_url}/en/lessons/{lesson.game}/{lesson.slug}/")
    page.locator(f"#check-{index} button[value=yes]").focus()
    page.keyboard.press("Enter")
    feedback = page.locator(f"#check-{index} .feedback")
    expect(feedback).to_be_visible()
    # The question's first field has the focus, described by the feedback (read there).
    answer = page.locator(f"#check-{index} button[value=yes]")
    expect(answer).to_be_focused()
    expect(answer).to_have_attribute("aria-describedby", f"check-{index}-feedback")


def _focused(page: Page) -> list[str | None]:
    return page.evaluate(
        "() => [document.activeElement.name, document.activeElement.value,"
        " document.activeElement.getAttribute('aria-describedby')]"
    )


@pytest.mark.django_db(transaction=True)
def test_after_a_wrong_answer_the_focus_is_back_on_the_field_described_by_the_feedback(
    page: Page, site_url: str, lessons: None
) -> None:
    """The keyboard walk: after a wrong first answer the feedback had the focus, two
    Shift+Tabs from the field, for a learner who wants to read why and try again. The
    field has it, the feedback its description (read there, once: no live region
    besides), the number typed selected: typing the next try replaces it."""
    page.goto(f"{site_url}/en/lessons/gin/a-turn/")
    field = page.locator("#check-2 input[name=answer]")
    field.fill("999")
    field.press("Enter")
    feedback = page.locator("#check-2 .feedback")
    expect(feedback).to_contain_text("Not quite.")
    expect(field).to_be_focused()
    assert _focused(page) == ["answer", "999", "check-2-feedback"]
    assert feedback.get_attribute("role") is None and feedback.get_attribute("aria-live") is None
    page.keyboard.type("12")
    expect(field).to_have_value("12")
    assert serious_violations(page) == []


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("press", ["double click", "double click, drawn between", "Enter twice"])
def test_a_double_press_on_another_one_asks_once_and_the_focus_lands_on_the_new_field(
    page: Page, site_url: str, lessons: None, press: str
) -> None:
    """The keyboard walk: a double click on "Another one" asked twice (the second queued
    behind the first, the check drawn again under the focus, left on <main>), and Enter
    pressed twice sent the new question empty ("Type your answer first"). Once asked,
    the new question's field has the focus, and nothing is sent."""
    page.goto(f"{site_url}/en/lessons/gin/a-turn/")
    field = page.locator("#check-2 input[name=answer]")
    field.fill("999")
    field.press("Enter")
    another = page.locator("#check-2").get_by_role("link", name="Another one")
    expect(another).to_be_visible()
    asked: list[str] = []
    page.on(
        "request", lambda r: asked.append(f"{r.method} {r.url}") if "/a-turn/" in r.url else None
    )
    if press == "double click":
        another.dblclick()
    elif press == "double click, drawn between":
        # The new question came back between the two clicks (a quick server): the
        # second landed on what was then under the pointer.
        another.scroll_into_view_if_needed()
        place = another.bounding_box()
        assert place is not None
        page.mouse.move(place["x"] + place["width"] / 2, place["y"] + place["height"] / 2)
        page.mouse.down()
        page.mouse.up()
        expect(page.locator("#check-2 input[name=answer]")).to_have_value("")
        page.mouse.down(click_count=2)
        page.mouse.up(click_count=2)
    else:
        page.keyboard.press("Tab")  # from the field, past "Check"
        page.keyboard.press("Tab")
        expect(another).to_be_focused()
        page.keyboard.press("Enter")
        page.keyboard.press("Enter")
    new_field = page.locator("#check-2 input[name=answer]")
    expect(new_field).to_have_value("")  # the new question, drawn
    page.wait_for_timeout(800)  # a second request, if any, has come back by now
    assert len(asked) == 1 and asked[0].startswith("GET ") and "seed=new" in asked[0], asked
    expect(page.locator("#check-2 .message--error")).to_have_count(0)
    expect(page.locator("#check-2 .feedback")).to_have_count(0)
    expect(new_field).to_be_focused()


@pytest.mark.django_db(transaction=True)
def test_a_lesson_prints_its_questions_as_a_worksheet(
    page: Page, site_url: str, lessons: None
) -> None:
    """The Lithuanian newcomer's walk: on paper every "Try it: ..." sentence stood over
    nothing, the questions hidden. They print as a worksheet: each question with its cards
    and a line for the number, without the buttons or any answer."""
    lesson, index = deadwood_lesson("lt")
    page.goto(f"{site_url}/lt/lessons/{lesson.game}/{lesson.slug}/")
    page.emulate_media(media="print")
    check = page.locator(f"#check-{index}")
    expect(check).to_be_visible()
    expect(check.locator(".hand .card").first).to_be_visible()
    expect(check.locator("input[type=text]")).to_be_visible()
    expect(check.locator("button")).to_have_count(1)
    expect(check.locator("button")).to_be_hidden()
    expect(page.locator(".site-header")).to_be_hidden()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("javascript", [True, False])
def test_a_malformed_answer_after_a_hint_keeps_the_hint(  # type: ignore[no-untyped-def]
    browser, site_url: str, lessons: None, javascript: bool
) -> None:
    """The Italian walk (Knock Rummy, melds, check 4): 13, then 12 (a hint and "Another
    one"), then "2O": the refusal came alone, the hint and "Another one" gone. They
    stay, with htmx and without JavaScript."""
    context = browser.new_context(java_script_enabled=javascript)
    page = context.new_page()
    page.goto(f"{site_url}/it/lessons/knock/melds/")
    box = page.locator("#check-3")
    # Each answer's feedback is waited for before the next is typed (an htmx swap).
    for typed, shown in (("13", "Riprova"), ("12", "Un suggerimento"), ("2O", "2O")):
        box.locator("input[name=answer]").fill(typed)
        with page.expect_response(lambda r: "/check/3/" in r.url):
            box.locator("button[type=submit]").first.click()
        if typed == "2O":
            expect(box.locator("input[name=answer]")).to_have_value("2O")
        else:
            expect(box.locator(".feedback")).to_contain_text(shown)
    expect(box.locator(".message--error")).to_be_visible()
    # The field refused has the focus (its reason its description), not the hint above.
    expect(box.locator("input[name=answer]")).to_be_focused()
    expect(box.locator(".feedback")).to_contain_text("Un suggerimento")
    expect(box.locator(".feedback")).to_contain_text("Prova tutti i modi")
    expect(box.get_by_role("link", name="Un'altra domanda")).to_be_visible()
    context.close()


BROKEN_WORDS = """t => { const out = [];
  for (const cell of t.querySelectorAll('th, td')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/[\\p{L}\\p{N}'’]+/gu)) {
        const r = document.createRange();
        r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length);
        if (new Set([...r.getClientRects()].map(x => Math.round(x.top))).size > 1) out.push(m[0]);
      }
    }
  } return out; }"""


@pytest.mark.django_db(transaction=True)
def test_on_a_small_phone_a_lesson_s_table_keeps_its_words_whole(
    browser,
    site_url: str,
    lessons: None,  # type: ignore[no-untyped-def]
) -> None:
    """The English Gin week's walk on a 320×568 phone: the scoring tables broke their
    words ("Who scor|es", "knoc|ker", "defe|nder", "play|er"). Every word is whole now:
    the English tables fit the screen, and the Russian one, wider than it, scrolls
    sideways in its box (the page itself does not), which the keyboard can reach."""
    context = browser.new_context(
        viewport={"width": 320, "height": 568}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    for path in ("/en/lessons/gin/scoring-a-hand/", "/en/lessons/gin/summary/"):
        page.goto(site_url + path)
        for table in page.locator("main table").all():
            assert table.evaluate(BROKEN_WORDS) == [], path
            box = table.locator("xpath=..")
            assert box.evaluate("b => b.scrollWidth <= b.clientWidth"), path
        assert page.evaluate("document.documentElement.scrollWidth") <= 320, path
    page.goto(site_url + "/ru/lessons/gin/scoring-a-hand/")
    table = page.locator("main table").first
    assert table.evaluate(BROKEN_WORDS) == []
    box = page.locator("main .table-scroll").first
    assert box.evaluate("b => b.scrollWidth > b.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    box.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("b => b.scrollLeft > 0", arg=box.element_handle())
    assert serious_violations(page) == []
    context.close()


@pytest.mark.django_db(transaction=True)
def test_a_malformed_answer_is_said_once_where_the_focus_lands(
    page: Page, site_url: str, lessons: None
) -> None:
    """The Russian screen-reader walk: "These cards are a meld" with no card ticked was
    refused, and the reason said twice, by an alert swapped into the question and as
    the description of the first card, which took the focus. Now the focused card's
    description says it, and no alert or live region in the question repeats it."""
    page.goto(f"{site_url}/ru/lessons/basic/melds-groups-and-runs/")
    box = page.locator("#check-0")
    box.locator(".card-choice__input").first.focus()
    with page.expect_response(lambda r: "/check/0/" in r.url):
        box.locator(".check__buttons button:not([name])").press("Enter")
    reason = box.locator(".message--error")
    expect(reason).to_be_visible()
    first = box.locator(".card-choice__input").first
    expect(first).to_be_focused()
    expect(first).to_have_attribute("aria-describedby", "check-0-error")
    said = page.evaluate(
        """() => [...document.querySelectorAll('#check-0 [role=alert], #check-0 [role=status],'
              + ' #check-0 [aria-live]')].map(e => e.textContent)"""
    )
    assert said == [], said


#: Layout shifts not caused by a press (the Layout Instability API), summed.
SHIFTS = """() => { window.__shifts = 0; new PerformanceObserver(list => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts += e.value;
}).observe({type: 'layout-shift'}); }"""


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "ru"])
def test_on_a_slow_phone_an_answers_verdict_moves_nothing_below_it(
    browser: Any, site_url: str, lessons: None, language: str
) -> None:
    """The verdict came half a second after the press on a slowed phone and pushed the
    rest of the lesson down (a layout shift of 0.08 to 0.12). Now "Checking your
    answer..." takes its place at the press (hidden before: no gap before an answer),
    and when the verdict comes the question grows upwards: what follows it stays where
    it was on the screen, and the page's layout shift (what the press did not do) is 0."""
    lesson, index = deadwood_lesson(language)
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.goto(f"{site_url}/{language}/lessons/{lesson.game}/{lesson.slug}/")
    box = page.locator(f"#check-{index}")
    expect(box.locator(".check__pending")).to_be_hidden()
    # The check's button at 300 px of 740, the rest of the lesson under it.
    box.locator("button[type=submit]").evaluate(
        "b => window.scrollTo(0, b.getBoundingClientRect().top + scrollY - 300)"
    )
    below = page.evaluate(
        """i => { let n = document.getElementById('check-' + i);
        while (!n.nextElementSibling) n = n.parentElement;
        n.nextElementSibling.id = n.nextElementSibling.id || 'after-check';
        return n.nextElementSibling.id; }""",
        index,
    )
    top = page.locator(f"#{below}").evaluate("e => e.getBoundingClientRect().top")
    assert top < 540, "nothing of the lesson under the check on the screen"
    # The answer's way back a slow phone's: later than the half second after the press
    # that the Layout Instability API forgives.
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 700, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    page.evaluate(SHIFTS)
    box.locator("input[name=answer]").fill("999")
    box.locator("button[type=submit]").tap()
    # At the press (a change the learner's press makes, which the API forgives), the
    # verdict's place, and the rest of the lesson under it, still on the screen.
    expect(box.locator(".check__pending")).to_be_visible()
    top = page.locator(f"#{below}").evaluate("e => e.getBoundingClientRect().top")
    assert top < 740, top
    expect(page.locator(f"#check-{index} .feedback--illegal")).to_be_visible()
    page.wait_for_timeout(300)
    moved = page.locator(f"#{below}").evaluate("e => e.getBoundingClientRect().top") - top
    shifts = page.evaluate("window.__shifts")
    context.close()
    assert abs(moved) < 1, moved
    assert shifts < 0.005, shifts


#: Each card's drawn parts in the page: its box, its two corners' rank, the corners' suits
#: and the pip (the shape its <use> drew: 0 x 0 when the symbol is not found), and colour.
CARD_PARTS = """els => els.map(card => {
  const size = el => { const r = el.getBoundingClientRect(); return [r.width, r.height]; };
  const drawn = use => { const b = use.getBBox(); return [b.width, b.height]; };
  return {
    code: card.dataset.card,
    name: card.getAttribute('aria-label'),
    role: card.getAttribute('role'),
    card: size(card),
    ranks: [...card.querySelectorAll('.card__index')].map(i => [i.firstChild.textContent,
      parseFloat(getComputedStyle(i).fontSize), ...size(i)]),
    suits: [...card.querySelectorAll('use')].map(u => [...size(u.parentNode), ...drawn(u)]),
    colour: getComputedStyle(card).color,
  };
})"""


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", [(360, 640), (1280, 800)], ids=["phone", "wide"])
def test_a_lesson_s_cards_draw_their_rank_and_suits_from_the_page_s_own_sprite(
    browser, site_url: str, lessons: None, size: tuple[int, int]
) -> None:  # type: ignore[no-untyped-def]
    """The longest lesson (154 cards) on a phone and a wide screen: every card, the last
    question's too once scrolled to, shows its rank twice and its suit three times, each
    with a size (its symbols are the page's own, not a file's), red for hearts and
    diamonds, named as before; the lesson's questions are drawn only near the screen."""
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, device_scale_factor=2, has_touch=True
    )
    page = context.new_page()
    page.goto(f"{site_url}/it/lessons/gin/scoring-a-hand/")
    assert page.locator("svg.suit-sprite").evaluate("s => getComputedStyle(s).display") == "none"
    checks = page.locator(".lesson > .check")
    assert checks.count() >= 2
    assert checks.first.evaluate("c => getComputedStyle(c).contentVisibility") == "auto"
    checks.last.scroll_into_view_if_needed()
    cards = page.locator(".lesson .card").evaluate_all(CARD_PARTS)
    assert len(cards) > 100
    for card in cards:
        code = card["code"]
        assert card["role"] == "img", card
        assert card["card"][0] > 30 and card["card"][1] > 40, card
        assert [rank[0] for rank in card["ranks"]] == [code[:-1].replace("T", "10")] * 2, card
        assert all(rank[1] >= 10 and rank[2] > 0 and rank[3] > 0 for rank in card["ranks"]), card
        assert len(card["suits"]) == 3 and all(min(suit) > 0 for suit in card["suits"]), card
        red = card["colour"] == "rgb(179, 16, 29)"
        assert red == (code[-1] in "HD"), card
    with translation.override("it"):
        names = {card["code"]: card_name(Card.parse(card["code"])) for card in cards}
    assert all(card["name"] == names[card["code"]] for card in cards)
    context.close()
