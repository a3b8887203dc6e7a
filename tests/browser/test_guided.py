"""Guided hands in Chromium: one per game, with a wrong move, a hint and the scoring."""

from __future__ import annotations

import html
import re

import pytest
from django.utils import translation
from playwright.sync_api import Browser, Page, expect

from game.cards import Card, text_html
from game.engine import AnyMove, Discard, DrawDiscard
from game.guided import scenarios as guided

from .axe import serious_violations
from .helpers import ACTIONS, tab_to, tick_by_keyboard, tick_by_mouse, version, walk_through_scoring


def as_shown(text: str, language: str) -> str:
    """An authored text as its element's text: each card's letters, then its name
    (spoken by screen readers, hidden from the eye)."""
    with translation.override(language):
        return html.unescape(re.sub(r"<[^>]+>", "", str(text_html(text))))


def first_of(game: str) -> guided.Scenario:
    return next(s for s in guided.library() if s.game == game)


def play(page: Page, move: AnyMove, *, keyboard: bool = False) -> None:
    before = version(page)
    action = ACTIONS[type(move)]
    if keyboard:
        tick_by_keyboard(page, move)
        tab_to(page, f"button[name=action][value={action}]")
        page.keyboard.press("Enter")
    else:
        tick_by_mouse(page, move)
        page.locator(f"button[name=action][value={action}]").click()
    page.wait_for_function(
        "v => document.querySelector('#table').dataset.version !== v", arg=before
    )


def play_guided(
    page: Page, site_url: str, scenario: guided.Scenario, language: str, *, keyboard: bool = False
) -> None:
    page.goto(f"{site_url}/{language}/guided/{scenario.slug}/")
    step = scenario.steps[0]
    expect(page.locator(".coach__prompt")).to_have_text(as_shown(step.prompt[language], language))
    # A hint first: the first rung of the ladder appears.
    if keyboard:
        tab_to(page, "form[action$='/hint/'] button")
        page.keyboard.press("Enter")
    else:
        page.locator("form[action$='/hint/'] button").click()
    expect(page.locator(".coach__hints li").first).to_have_text(
        as_shown(step.hints[0][language], language)
    )
    line = guided.right_line(scenario)
    # A wrong move at the first step that has one (or an illegal discard before drawing).
    number, wrong = next(((s.number, w.move) for s in scenario.steps for w in s.wrong), (1, None))
    for index, move in enumerate(line, start=1):
        if index == number:
            bad = wrong
            if bad is None:
                progress = guided.replay(scenario, line[: index - 1])
                bad = Discard(progress.hand.hands[0][0])
            play(page, bad, keyboard=keyboard)
            expect(page.locator(".feedback--other, .feedback--illegal")).to_be_visible()
            if page.locator(".feedback--other").count():
                # "Try again" puts the step back.
                page.locator(".feedback__actions a").click()
                expect(page.locator(".feedback")).to_have_count(0)
        play(page, move, keyboard=keyboard)
        if index < len(line):
            expect(page.locator(".feedback--right")).to_be_visible()
    expect(page.locator("#coach-title")).to_be_visible()
    expect(page.locator(".stars--big")).to_be_visible()
    walk_through_scoring(page, keyboard=keyboard)


@pytest.mark.django_db(transaction=True)
def test_gin_guided_hand_with_the_keyboard_only(page: Page, site_url: str) -> None:
    play_guided(page, site_url, first_of("gin"), "en", keyboard=True)


@pytest.mark.django_db(transaction=True)
def test_basic_guided_hand_in_russian(page: Page, site_url: str) -> None:
    scenario = next((s for s in guided.library() if s.game == "basic"), None)
    if scenario is None:
        pytest.fail("no Basic Rummy guided hand in the library")
    play_guided(page, site_url, scenario, "ru")


@pytest.mark.django_db(transaction=True)
def test_knock_guided_hand_in_italian(page: Page, site_url: str) -> None:
    scenario = next((s for s in guided.library() if s.game == "knock"), None)
    if scenario is None:
        pytest.fail("no Knock Rummy guided hand in the library")
    play_guided(page, site_url, scenario, "it")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "lt"])
def test_axe_on_the_guided_pages(page: Page, site_url: str, language: str) -> None:
    page.goto(f"{site_url}/{language}/guided/")
    assert serious_violations(page) == []
    # A hand that opens with a draw (Gin's first on the path opens with the upcard offer).
    scenario = guided.get("gin-01-first-knock")
    assert scenario is not None
    page.goto(f"{site_url}/{language}/guided/{scenario.slug}/")
    page.locator("button[name=action][value=draw_stock]").click()
    expect(page.locator(".feedback")).to_be_visible()
    assert serious_violations(page) == []
    # "Start the hand again" asking first, as a page of its own (a move made to lose).
    page.goto(f"{site_url}/{language}/guided/{scenario.slug}/")
    play(page, guided.right_line(scenario)[0])
    page.goto(f"{site_url}/{language}/guided/{scenario.slug}/restart/")
    expect(page.locator("#restart-question")).to_be_visible()
    expect(page.locator("#restart-keep")).to_be_focused()
    assert serious_violations(page) == []


@pytest.mark.django_db(transaction=True)
def test_the_last_hand_of_a_game_ends_on_all_guided_hands_with_the_keyboard(
    page: Page, site_url: str
) -> None:
    last = [s for s in guided.library() if s.game == "knock"][-1]
    page.goto(f"{site_url}/en/guided/{last.slug}/")
    for move in guided.right_line(last):
        play(page, move, keyboard=True)
    walk_through_scoring(page, keyboard=True)
    # The walkthrough's end: the keyboard user is on the next thing to do.
    expect(page.locator("#all-guided")).to_be_focused()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "ru"])
def test_on_a_phone_the_feedback_and_the_next_step_are_on_screen_after_a_move(
    browser,
    site_url: str,
    language: str,  # type: ignore[no-untyped-def]
) -> None:
    """The pedagogy review: on a phone, after each move, "Right! ..." and the next
    instruction were above the visible area: read up, scroll down to act, every step."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    scenario = first_of("gin")
    page.goto(f"{site_url}/{language}/guided/{scenario.slug}/")
    move = guided.right_line(scenario)[0]
    page.locator(f"button[name=action][value={ACTIONS[type(move)]}]").scroll_into_view_if_needed()
    play(page, move)
    feedback = page.locator(".feedback--right")
    expect(feedback).to_be_visible()
    page.wait_for_function(
        "() => { const r = document.querySelector('.feedback').getBoundingClientRect();"
        " return r.top >= -1 && r.bottom <= window.innerHeight + 1; }",
        timeout=3000,
    )
    viewport = page.viewport_size or {"height": 844}
    for box in (feedback.bounding_box(), page.locator(".coach__prompt").bounding_box()):
        assert box is not None
        # (within a pixel: the layout has fractional offsets)
        assert box["y"] >= -1 and box["y"] + box["height"] <= viewport["height"] + 1, box
    # The phone walk: "Start the hand again", tapped by mistake halfway through a hand,
    # took the moves away at once. It asks, in its place, on the screen, the focus on
    # "Keep playing"; that keeps the hand, and "Start again" starts it again.
    restart = page.locator("#restart")
    restart.tap()
    keep = page.locator("#restart-keep")
    expect(keep).to_be_focused()
    expect(page.locator("#restart-question")).to_be_in_viewport()
    expect(page.locator("#announce")).not_to_be_empty()
    keep.tap()
    expect(page.locator("#restart-question")).to_have_count(0)
    expect(page.locator(".log__lines li")).not_to_have_count(0)
    assert version(page) == "1"
    page.locator("#restart").tap()
    page.locator("#restart-confirm").tap()
    expect(page.locator("#restart-question")).to_have_count(0)
    page.wait_for_function("() => document.querySelector('#table').dataset.version === '0'")
    expect(page.locator("#restart")).to_have_count(0)  # nothing to start again yet
    context.close()


@pytest.mark.django_db(transaction=True)
def test_the_defender_lays_off_in_a_chain_with_the_keyboard_in_lithuanian(
    page: Page, site_url: str
) -> None:
    """Gin laid out by hand: the computer knocks and lays out, the learner lays off the
    5♣ and then the 6♣ onto the same run and presses Done; axe while laying off."""
    scenario = guided.get("gin-05-layoffs-chain")
    assert scenario is not None and scenario.options == {"players_lay_out": True}
    line = guided.right_line(scenario)
    page.goto(f"{site_url}/lt/guided/{scenario.slug}/")
    for move in line[:2]:
        play(page, move, keyboard=True)
    expect(page.locator(".lay-out-help")).to_be_visible()
    expect(page.locator("button[name=action][value=lay_off]")).to_be_visible()
    expect(page.locator("button[name=action][value=knock]")).to_have_count(0)
    assert serious_violations(page) == []
    for move in line[2:]:
        play(page, move, keyboard=True)
    expect(page.locator(".stars--big")).to_be_visible()
    steps = walk_through_scoring(page, keyboard=True)
    assert steps >= 5
    # The result in stars is read out (the browser walk: an aria-label on a <p> is
    # ignored, axe aria-prohibited-attr), here and as the best result on the list.
    expect(page.locator(".stars--big .visually-hidden")).to_have_text(re.compile(r"[123] "))
    assert serious_violations(page) == []
    page.goto(f"{site_url}/lt/guided/")
    expect(page.locator(".stars .visually-hidden").first).to_be_attached()
    assert serious_violations(page) == []


# ------------------------------------------------- where the keyboard lands after a swap
#: The focused element, for the assertion messages.
FOCUSED = "() => { const a = document.activeElement; return a ? a.outerHTML.slice(0, 120) : null; }"


def on_a_card(page: Page) -> bool:
    """The focus is on the hand (a card of its one Tab stop), not on a move's button."""
    return bool(
        page.evaluate(
            "() => document.activeElement.matches('#hand-form .card-choice__input')"
            " && document.activeElement.getAttribute('tabindex') === '0'"
        )
    )


@pytest.mark.django_db(transaction=True)
def test_the_last_hint_leaves_the_keyboard_on_the_hand_not_on_a_move(
    page: Page, site_url: str
) -> None:
    """The keyboard walk (ru, large type): the hint ladder used up on step 1, the Hint
    button went, and the focus fell on "Взять из прикупа", the very move the hint had
    just said not to make. It lands on the hand."""
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{site_url}/ru/guided/knock-01-knock-early/")
    tab_to(page, "#hint")
    for _ in range(10):
        if not page.locator("#hint").count():
            break
        before = page.locator(".coach__hints li").count()
        page.keyboard.press("Enter")
        page.wait_for_function(
            "n => document.querySelectorAll('.coach__hints li').length > n", arg=before
        )
        page.wait_for_function("() => !document.querySelector('.htmx-settling, .htmx-request')")
    expect(page.locator("#hint")).to_have_count(0)
    assert on_a_card(page), page.evaluate(FOCUSED)


@pytest.mark.django_db(transaction=True)
def test_try_again_and_a_refusal_leave_the_keyboard_where_it_is_read(
    page: Page, site_url: str
) -> None:
    """The keyboard walk (lt): after a right move, after "Bandyti dar kartą" (Try again)
    and after a red refusal, the focus went to "Išmesti" (Discard), a move the learner
    had not chosen, their card unticked. After a right move and "Try again" it lands on
    the hand, on the card last used. After a red refusal it then stayed on the card
    ticked, the reason unheard where it stood (the Lithuanian newcomer's walk, on a
    phone): the reason takes the focus, as on the page without JavaScript, and the card
    stays ticked."""
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{site_url}/lt/guided/knock-01-knock-early/")
    play(page, DrawDiscard(), keyboard=True)  # step 1, right: 9♦ from the discard pile
    expect(page.locator(".feedback--right")).to_be_visible()
    assert on_a_card(page), page.evaluate(FOCUSED)
    # Allowed, not the lesson's point (amber): "Try again" has the focus, and puts the
    # step back.
    play(page, Discard(Card.parse("2D")), keyboard=True)
    expect(page.locator(".feedback--other .feedback__actions a")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".feedback")).to_have_count(0)
    page.wait_for_function("() => !document.querySelector('.htmx-settling, .htmx-request')")
    assert on_a_card(page), page.evaluate(FOCUSED)
    assert page.evaluate("() => document.activeElement.value") == "2D"
    # Refused (red): the 9♦ just taken cannot go back at once.
    play(page, Discard(Card.parse("9D")), keyboard=True)
    expect(page.locator(".feedback--illegal")).to_be_visible()
    page.wait_for_function("() => !document.querySelector('.htmx-settling, .htmx-request')")
    expect(page.locator(".feedback--illegal")).to_be_focused()
    expect(page.locator("#card-9D")).to_be_checked()
    # Said once, where it takes the focus: the live region leaves it out, and it is no
    # alert (said as one when swapped in); focused, its words are its name.
    expect(page.locator("#announce")).to_have_text("")
    expect(page.locator(".feedback--illegal")).not_to_have_attribute("role", "alert")
    expect(page.locator(".feedback--illegal")).to_have_accessible_name(re.compile("^Taip negalima"))


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("javascript", [True, False])
def test_a_malformed_score_keeps_what_was_typed_with_the_focus_on_it(
    browser: Browser, site_url: str, javascript: bool
) -> None:
    """The Lithuanian walk (gin-02): "2O" under "Score it yourself" and Enter reloaded
    the page at its top, the focus on the body, both fields emptied. It opens at the
    form, the player still chosen and "2O" still typed, the focus in the points field,
    described by the reason (with and without JavaScript)."""
    slug = "gin-02-groups-runs-discard"
    scenario = guided.get(slug)
    assert scenario is not None
    playing = browser.new_context()
    page = playing.new_page()
    page.goto(f"{site_url}/en/guided/{slug}/")
    for move in guided.right_line(scenario):
        play(page, move)
    context = browser.new_context(java_script_enabled=javascript)
    context.add_cookies(playing.cookies())
    page = context.new_page()
    page.set_viewport_size({"width": 1024, "height": 700})
    page.goto(f"{site_url}/en/guided/{slug}/")
    page.locator(".score-yourself__form input[type=radio]").first.check()
    page.locator("[name=guess_points]").fill("2O")
    page.locator("[name=guess_points]").press("Enter")
    points = page.locator("[name=guess_points]")
    expect(page.locator("#score-yourself-error")).to_contain_text("Type a number")
    expect(points).to_be_focused()
    expect(points).to_have_value("2O")
    expect(points).to_have_accessible_description(re.compile("Type a number"))
    expect(points).to_be_in_viewport()
    expect(page.locator(".score-yourself__form input[type=radio]").first).to_be_checked()
    # Corrected where it is: the verdict takes the focus, so that it is read out.
    points.fill("99")
    points.press("Enter")
    expect(page.locator(".score-yourself .feedback")).to_be_focused()
    context.close()
    playing.close()


@pytest.mark.django_db(transaction=True)
def test_without_javascript_a_reload_after_a_move_shows_the_same_page(
    browser: Browser, site_url: str
) -> None:
    """The Lithuanian walk without JavaScript (basic-01): "Imti išmestą kortą", questioned
    by the coach, then the page reloaded: the browser sent the move again and the page
    said the hand had moved on, "Try again / Continue anyway" gone. The move redirects to
    the hand's page: a reload shows the question again, its "Try again" focused, and
    "Continue anyway" plays the move; a reload then says so again. So does a meld the
    rules forbid (7♦ 7♥ 8♣): its refusal, its cards still ticked, after a reload too."""
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{site_url}/lt/guided/basic-01-groups-and-runs/")
    page.locator("button[name=action][value=draw_discard]").click()
    for _reload in range(2):
        expect(page.locator(".feedback--other")).to_be_visible()
        expect(page.locator(".feedback--other .feedback__actions a")).to_be_focused()
        expect(page.locator(".feedback__actions button[type=submit]")).to_be_visible()
        assert "/move/" not in page.url
        page.reload()
    expect(page.locator(".message--error")).to_have_count(0)
    page.locator(".feedback__actions button[type=submit]").click()
    expect(page.locator(".feedback--played")).to_be_visible()
    page.reload()
    expect(page.locator(".feedback--played")).to_be_visible()
    expect(page.locator(".feedback--other")).to_have_count(0)
    sent = ["7D", "7H", "8C"]
    for card in sent:
        page.locator(f'label[for="card-{card}"]').click()
    page.locator("button[name=action][value=meld]").click()
    with translation.override("lt"):
        lead = translation.gettext("Not allowed.")
    for _reload in range(2):
        expect(page.locator(".feedback--illegal")).to_contain_text(lead)
        assert "/move/" not in page.url and "refused=" in page.url
        ticked = page.locator("input[name=cards]:checked")
        expect(ticked).to_have_count(len(sent))
        assert sorted(ticked.evaluate_all("boxes => boxes.map(b => b.value)")) == sorted(sent)
        expect(page.locator(".message--error")).to_have_count(0)
        page.reload()
    context.close()


@pytest.mark.django_db(transaction=True)
def test_arrange_shows_whether_it_is_on_and_keeps_the_keyboard(page: Page, site_url: str) -> None:
    """The Russian pupil's walk: «Разложить» looked the same switched on and off (only
    aria-pressed said which), and pressing it with the keyboard sent the focus to the
    hand. It shows its state (filled, ticked) and keeps the focus, its new state said."""
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{site_url}/ru/guided/gin-04-going-gin/")
    arrange = page.locator("#arrange")
    expect(arrange).to_have_attribute("aria-pressed", "true")
    page.mouse.move(0, 0)

    def look() -> list[str]:
        return page.evaluate(
            "() => { const b = document.querySelector('#arrange');"
            " const s = getComputedStyle(b), t = getComputedStyle(b, '::before');"
            " return [s.backgroundColor, s.color, t.content]; }"
        )

    on = look()
    tab_to(page, "#arrange")
    page.keyboard.press("Enter")
    expect(arrange).to_have_attribute("aria-pressed", "false")
    page.wait_for_function("() => !document.querySelector('.htmx-settling, .htmx-request')")
    expect(arrange).to_be_focused()
    page.mouse.move(0, 0)
    off = look()
    assert on[0] != off[0] and on[1] != off[1], (on, off)
    assert "✓" in on[2] and "✓" not in off[2], (on, off)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "lt"])
def test_on_a_phone_a_link_into_a_guided_hand_opens_at_the_coach_over_the_hand(
    browser: Browser, site_url: str, language: str
) -> None:
    """Measured at 360 x 740 without JavaScript: a guided hand opened from the library
    (or the path) at the page's top showed the coach's prompt, but the hand only in part
    and its buttons (the first move's draw) 170-320 px below the first screen. Every
    link into a guided hand opens it at the coach (``#table-status``, its scroll margin
    keeping the step's heading whole): the prompt, the hand and its buttons are all in
    the first screen, for each hand of the library, from the path as well."""
    from django.core.management import call_command

    call_command("load_lessons", verbosity=0)
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740})
    page = context.new_page()
    index = f"{site_url}/{language}/guided/"
    page.goto(index)
    links = page.locator("a.guided-item__title")
    count = links.count()
    assert count == len(guided.library())

    def on_the_first_screen() -> None:
        assert page.url.endswith("/#table-status"), page.url
        for part in ("#coach-title", ".coach__prompt", "#hand-form"):
            expect(page.locator(part).first).to_be_in_viewport(ratio=1)
        for button in page.locator("#hand-form button:not([hidden])").all():
            expect(button).to_be_in_viewport(ratio=1)

    for number in range(count):
        page.goto(index)
        links.nth(number).click()
        on_the_first_screen()
    page.goto(f"{site_url}/{language}/learn/basic/")
    page.locator(".path-steps a[href*='/guided/']").first.click()
    on_the_first_screen()
    context.close()


@pytest.mark.django_db(transaction=True)
def test_on_a_narrow_phone_a_finished_hand_s_result_opens_with_its_headline(
    browser: Browser, site_url: str
) -> None:
    """The 320 px walk: a finished guided hand's result box had an empty band at its top
    over "You knocked." (the headline's h2 kept the page's 2rem margin above it inside
    the box's padding). The headline now starts within a few px of the box's content."""
    context = browser.new_context(viewport={"width": 320, "height": 568})
    page = context.new_page()
    scenario = first_of("gin")
    page.goto(f"{site_url}/en/guided/{scenario.slug}/")
    for move in guided.right_line(scenario):
        play(page, move)
    expect(page.locator(".result")).to_be_visible()
    gap = page.evaluate(
        """() => {
          const box = document.querySelector('.result');
          const style = getComputedStyle(box);
          const top = box.getBoundingClientRect().top + parseFloat(style.borderTopWidth)
            + parseFloat(style.paddingTop);
          return document.querySelector('#result-title').getBoundingClientRect().top - top;
        }"""
    )
    assert 0 <= gap <= 6, gap
    context.close()


@pytest.mark.django_db(transaction=True)
def test_the_hand_over_the_focus_on_who_collects_is_not_an_invalid_entry(
    page: Page, site_url: str
) -> None:
    """The Russian screen-reader walk: the last move of a guided hand put the focus on
    "Who collects?", whose first player was read out as an invalid entry (a required
    radio group nothing is chosen in yet). It is focused, and valid; an answer without
    a player is refused by the server, in the page's language, the focus on the first
    player described by the reason."""
    slug = "basic-01-groups-and-runs"
    scenario = guided.get(slug)
    assert scenario is not None
    page.goto(f"{site_url}/ru/guided/{slug}/")
    for move in guided.right_line(scenario):
        play(page, move, keyboard=True)
    first = page.locator(".score-yourself__form input[type=radio]").first
    expect(first).to_be_focused()
    assert not first.evaluate("e => e.matches(':invalid')")
    page.locator("[name=guess_points]").fill("70")
    page.locator("[name=guess_points]").press("Enter")
    expect(page.locator("#score-yourself-error")).to_be_visible()
    expect(first).to_be_focused()
    expect(first).to_have_accessible_description(re.compile("игрок", re.I))


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("slug", ["basic-01-groups-and-runs", "gin-01-first-knock"])
def test_at_1024_by_768_a_guided_hand_opens_with_its_piles_in_sight(
    page: Page, site_url: str, slug: str
) -> None:
    """The Russian walk at 1024 x 768, from the path's "Play a first hand" (a link to the
    coach, #table-status): the page opened with the seats and the piles above the
    screen, and the first step asked whether 9♠ "on the discard pile" fitted, a card out
    of sight. The seats, the piles, the coach, the hand and its buttons are on the first
    screen; Tab from there reaches the hint, the hand, then the draw."""
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{site_url}/ru/guided/{slug}/#table-status")
    page.wait_for_timeout(300)  # the page's scroll to its fragment, at the load's end
    for part in ["#table .seats", "#table .piles", "#table-status", "#table .my-hand"]:
        box = page.locator(part).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 768, (part, box)
    for button in page.locator("#table .actions button").all():
        box = button.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 768, (button.inner_text(), box)
    page.keyboard.press("Tab")
    expect(page.locator("#hint")).to_be_focused()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("slug", "language"),
    [
        ("basic-01-groups-and-runs", "ru"),
        ("gin-01-first-knock", "lt"),
        ("knock-01-knock-early", "it"),
    ],
)
def test_at_125_percent_a_guided_hand_opens_with_its_piles_in_sight(
    browser: Browser, site_url: str, slug: str, language: str
) -> None:
    """The walk at 125 % zoom on a 1024 x 768 screen (819 x 614 CSS px), from the path's
    link to the coach (#table-status): the page opened with the seats and the piles above
    the screen (the discard pile's 9♠ at -93 px), and the first step asked whether 9♠ "on
    the discard pile" fitted. The seats, the piles, the coach's prompt, the hand and its
    buttons are on the first screen; after a move, the page opens at the coach as before
    (its verdict and the next step, the buttons under them)."""
    context = browser.new_context(viewport={"width": 819, "height": 614}, device_scale_factor=1.25)
    page = context.new_page()
    page.goto(f"{site_url}/{language}/guided/{slug}/#table-status")
    page.wait_for_timeout(300)  # the page's scroll to its fragment, at the load's end
    parts = [
        "#table .seats",
        "#table .piles",
        ".coach__prompt",
        "#table .my-hand",
        "#table .actions",
    ]
    for part in parts:
        box = page.locator(part).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 614, (part, box)
    page.keyboard.press("Tab")
    expect(page.locator("#hint")).to_be_focused()
    scenario = guided.get(slug)
    assert scenario is not None
    play(page, guided.right_line(scenario)[0])
    page.goto(f"{site_url}/{language}/guided/{slug}/#table-status")
    page.wait_for_timeout(300)
    expect(page.locator("#table-status .feedback")).to_be_visible()
    assert abs(page.locator("#table-status").bounding_box()["y"] - 4) <= 1  # type: ignore[index]
    context.close()
