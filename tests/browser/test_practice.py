"""Whole practice hands in Chromium: by mouse, by keyboard only, on a phone, in Lithuanian."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, expect

from game import explain
from game.board import yours
from game.cards import card_name
from game.engine import AnyMove, Discard, DrawStock, Hand, LayDown, LayOff
from game.names import learner_you
from game.practice import services as practice
from game.practice.models import Table
from game.practice.services import HUMAN
from tests.factories import fix_table_seeds, hand_of, learner_move, play_hand_out

from .axe import serious_violations
from .helpers import (
    ACTIONS,
    tab_to,
    tick_by_keyboard,
    tick_by_mouse,
    version,
    wait_for_change,
    walk_through_scoring,
)

MAX_ACTIONS = 400


@pytest.fixture(autouse=True)
def fixed_table_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    fix_table_seeds(monkeypatch, 4242)


def start(page: Page, site_url: str, game: str, players: int, language: str = "en") -> Table:
    page.goto(f"{site_url}/{language}/practice/")
    page.locator("#id_game").select_option(game)
    page.locator("#id_players").select_option(str(players))
    page.locator(".new-table-form button[type=submit]").click()
    expect(page.locator("#table")).to_be_visible()
    return Table.objects.latest("created")


def wait_for_my_turn(page: Page, table: Table) -> Hand:
    """The computer players move by themselves (htmx, a short delay in tests)."""
    page.wait_for_function(
        "() => !!document.querySelector('#table .actions, #table .result')", timeout=60_000
    )
    return hand_of(table)


def drawn_on_a_phone(browser: Any, site_url: str, language: str) -> tuple[Any, Page, Table]:
    """A Basic Rummy table on a 360 px phone, the learner's first card drawn from the
    stock: the browser's context (to close), the page and the table."""
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    table = start(page, site_url, "basic", 2, language=language)
    wait_for_my_turn(page, table)
    before = version(page)
    page.locator("button[name=action][value=draw_stock]").click()
    wait_for_change(page, before)
    return context, page, table


# ---------------------------------------------------------------- by mouse / tap
def click_move(page: Page, move: AnyMove) -> None:
    before = version(page)
    tick_by_mouse(page, move)
    page.locator(f"button[name=action][value={ACTIONS[type(move)]}]").click()
    wait_for_change(page, before)
    if page.locator("#table .confirm").count():
        page.locator("#table .confirm button[type=submit]").click()
        page.wait_for_function(
            "v => document.querySelector('#table').dataset.version !== v", arg=before
        )


def play_by_mouse(page: Page, table: Table) -> Hand:
    for _ in range(MAX_ACTIONS):
        hand = wait_for_my_turn(page, table)
        if hand.is_over:
            return hand
        click_move(page, learner_move(hand))
    raise AssertionError("the hand did not end")


@pytest.mark.django_db(transaction=True)
def test_gin_hand_by_mouse_to_the_end_of_the_scoring(page: Page, site_url: str) -> None:
    table = start(page, site_url, "gin", 2)
    hand = play_by_mouse(page, table)
    expect(page.locator("#result-title")).to_be_visible()
    shown = walk_through_scoring(page)
    assert hand.result is not None
    assert shown == len(explain.told_steps(hand.result.settlement))
    expect(page.get_by_role("button", name="Next hand")).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_knock_rummy_hand_in_lithuanian(page: Page, site_url: str) -> None:
    table = start(page, site_url, "knock", 3, language="lt")
    expect(page.locator("html")).to_have_attribute("lang", "lt")
    hand = play_by_mouse(page, table)
    walk_through_scoring(page)
    assert hand.result is not None
    body = page.locator("#table").inner_text()
    assert "Next hand" not in body and "Next step" not in body
    # Either the next hand, or (a big knock with 7 cards each) the end of the match.
    expect(page.locator("#next-hand, .result .message--ok")).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_basic_rummy_hand_on_a_phone(browser: Any, live_server: Any) -> None:
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    table = start(page, live_server.url, "basic", 2)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the table is {width}px wide on a 360px phone"
    # The stock and the discard pile side by side (stacked, they pushed a guided hand's
    # cards a screen below its question: the newcomer's walk).
    stock, discard = (page.locator(".pile").nth(i).bounding_box() for i in (0, 1))
    assert stock is not None and discard is not None and stock["y"] == discard["y"]
    hand = play_by_mouse(page, table)
    walk_through_scoring(page)
    assert hand.result is not None
    expect(page.locator("#next-hand, .result .message--ok")).to_be_visible()
    context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["lt", "ru", "it"])
def test_on_a_phone_the_just_drawn_tag_stays_under_its_card(
    browser: Any, live_server: Any, language: str
) -> None:
    """The browser walk: on a phone, "ką tik iš kaladės" (just drawn) under a card at the
    left edge ran off the screen, and elsewhere over the cards beside it; "только что из
    прикупа" broke "прикупа" in two, over four lines. And its words were 11.2 px (10.2
    in Russian): now at least 12, whole, a little wider than the card but over no other
    card, and no wider than its card for the hand's rows (it takes no card onto another
    row)."""
    context, page, _table = drawn_on_a_phone(browser, live_server.url, language)
    tag = page.locator(".card-choice__tag")
    expect(tag).to_have_count(1)
    box = tag.bounding_box()
    card = page.locator(".card-choice", has=tag).locator(".card").bounding_box()
    item = page.locator(".hand--choices > li", has=tag).bounding_box()
    assert box is not None and card is not None and item is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    assert tag.evaluate("t => parseFloat(getComputedStyle(t).fontSize)") >= 12
    # At most 0.3rem (4.8 px) wider than the card on each side...
    assert card["x"] - 5 <= box["x"] and box["x"] + box["width"] <= card["x"] + card["width"] + 5
    # ...and over no other card.
    assert not page.evaluate(
        """t => { const b = t.getBoundingClientRect(); const own = t.closest('.card-choice');
        return [...document.querySelectorAll('.card')].filter(c => !own.contains(c)).some(c => {
          const r = c.getBoundingClientRect();
          return r.left < b.right && b.left < r.right
            && r.top < b.bottom && b.top < r.bottom; }); }""",
        tag.element_handle(),
    )
    # Its card's place in the hand as wide as any other card's.
    assert abs(item["width"] - card["width"]) < 0.5, (item, card)
    # Whole words: "ką tik / iš / kaladės" is three lines, not a word broken over four.
    line = float(tag.evaluate("t => parseFloat(getComputedStyle(t).lineHeight)"))
    assert box["height"] < 3.5 * line, (box, line)
    broken = tag.evaluate(
        """t => t.textContent.trim().split(/\\s+/).filter(word => {
          const node = t.firstChild; const at = node.data.indexOf(word);
          const r = document.createRange(); r.setStart(node, at); r.setEnd(node, at + word.length);
          return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size > 1; })"""
    )
    assert broken == [], broken
    assert box["y"] >= card["y"] + card["height"] - 1  # under the card, not over it
    context.close()


# ---------------------------------------------------------------- keyboard only
def keyboard_move(page: Page, move: AnyMove) -> None:
    before = version(page)
    tick_by_keyboard(page, move)
    tab_to(page, f"button[name=action][value={ACTIONS[type(move)]}]")
    page.keyboard.press("Enter")
    wait_for_change(page, before)
    if page.locator("#table .confirm").count():
        # The focus is on "No, go back" (the Italian walk: a second Enter knocked).
        no = page.locator("#confirm-no")
        yes = page.locator("#table .confirm button[type=submit]")
        expect(no).to_be_focused()
        # The question is said with the buttons (the accessibility walk heard no card).
        # Its cards by their names (the |spoken filter's markup), their corners hidden.
        heard = page.locator("#confirm-question").evaluate(
            "e => { const c = e.cloneNode(true);"
            " c.querySelectorAll('[aria-hidden=true]').forEach(n => n.remove());"
            " return c.textContent; }"
        )
        said = re.compile(r"\s*".join(re.escape(ch) for ch in "".join(heard.split())))
        expect(no).to_have_accessible_description(said)
        expect(yes).to_have_accessible_description(said)
        page.keyboard.press("Shift+Tab")
        expect(yes).to_be_focused()
        page.keyboard.press("Enter")
        page.wait_for_function(
            "v => document.querySelector('#table').dataset.version !== v", arg=before
        )


@pytest.mark.django_db(transaction=True)
def test_gin_hand_with_the_keyboard_only(page: Page, site_url: str) -> None:
    table = start(page, site_url, "gin", 2)
    for _ in range(MAX_ACTIONS):
        hand = wait_for_my_turn(page, table)
        if hand.is_over:
            break
        keyboard_move(page, learner_move(hand))
    else:
        raise AssertionError("the hand did not end")
    # The scoring walkthrough, step by step, with Enter.
    # The walkthrough, from "Who collects?" (where the keyboard lands) to its end.
    expect(page.locator(".score-yourself__form")).to_be_visible()
    shown = walk_through_scoring(page, keyboard=True)
    assert hand.result is not None
    assert shown == len(explain.told_steps(hand.result.settlement))


@pytest.mark.django_db(transaction=True)
def test_enter_on_a_card_selects_it_and_submits_nothing(page: Page, site_url: str) -> None:
    table = start(page, site_url, "knock", 2)
    hand = wait_for_my_turn(page, table)
    click_move(page, DrawStock()) if hand.turn == HUMAN else None
    before = version(page)
    tab_to(page, ".card-choice__input")
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.checked") is True
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("() => document.activeElement.checked") is True
    assert version(page) == before


@pytest.mark.django_db(transaction=True)
def test_the_hand_is_one_stop_for_tab(page: Page, site_url: str) -> None:
    """Tab enters the hand once and leaves it for the buttons (not eleven stops, one a
    card); it comes back to the card last focused, the arrow keys move within; the
    hand's legend says so to a screen reader, and only where the script runs."""
    table = start(page, site_url, "gin", 2)
    wait_for_my_turn(page, table)
    cards = page.locator("#hand-form .card-choice__input")
    assert cards.count() >= 10
    tab_to(page, ".card-choice__input")
    first = page.evaluate("() => document.activeElement.value")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    third = page.evaluate("() => document.activeElement.value")
    assert third != first
    page.keyboard.press("Tab")
    assert not page.evaluate("() => document.activeElement.matches('.card-choice__input')")
    expect(page.locator("#hand-form .actions button").first).to_be_focused()
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => document.activeElement.value") == third
    assert page.locator("#hand-form .card-choice__input[tabindex='0']").count() == 1
    expect(page.locator("#hand-form .my-hand legend")).to_contain_text("arrow keys")
    # After a move redraws the board, the new hand is one stop again.
    click_move(page, learner_move(hand_of(table)))
    wait_for_my_turn(page, table)
    assert page.locator("#hand-form .card-choice__input[tabindex='0']").count() == 1


@pytest.mark.django_db(transaction=True)
def test_without_javascript_each_card_is_a_stop_and_no_arrow_hint(
    browser: Any, live_server: Any
) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/en/practice/")
    page.locator("#id_game").select_option("gin")
    page.locator(".new-table-form button[type=submit]").click()
    expect(page.locator("#hand-form")).to_be_visible()
    assert page.locator("#hand-form .card-choice__input[tabindex]").count() == 0
    expect(page.locator("#hand-form .my-hand legend .js-only")).to_be_hidden()
    # A refused move: the page opens with the focus on the reason, so that a screen
    # reader reads it (an alert there at load is seldom read: the accessibility walk).
    if page.locator("#bots-skip").count():
        page.locator("#bots-skip").click()
    page.locator("button[name=action][value=draw_stock]").click()
    page.locator("button[name=action][value=discard]").click()  # no card chosen
    expect(page.locator("#hand-form .message--error")).to_be_focused()
    context.close()


#: The page is at its status line: the fragment's target, at the top of the screen.
AT_STATUS = (
    "() => { const s = document.getElementById('table-status');"
    " return !!s && s.matches(':target') && Math.abs(s.getBoundingClientRect().top) < 16; }"
)


def _a_gin_table_on_a_phone_without_javascript(browser: Any, url: str) -> tuple[Any, Page]:
    """A phone's browser context without JavaScript, and its page at a new Gin table
    against one computer player (the computer's first turn skipped if it has one)."""
    context = browser.new_context(
        java_script_enabled=False,
        viewport={"width": 360, "height": 740},
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.goto(f"{url}/en/practice/")
    page.locator("#id_game").select_option("gin")
    page.locator(".new-table-form button[type=submit]").click()
    if page.locator("#bots-skip").count():
        page.locator("#bots-skip").click()
    return context, page


@pytest.mark.django_db(transaction=True)
def test_without_javascript_a_move_opens_the_page_at_the_status_on_a_phone(
    browser: Any, live_server: Any
) -> None:
    """The walk on a phone without JavaScript: after every move the page came back at
    its top, the header and the menu before the hand, and Tab began there again. Now
    the redirect's address ends with #table-status: Chromium scrolls the status line to
    the top of the screen (the seats, the piles, the hand and its buttons under it),
    and starts the sequential focus navigation there (the status line is not focusable:
    the focus stays on the page, with no ring drawn), so that Tab reaches the hand's
    first card at once. A second move (the same address) loads the page again."""
    context, page = _a_gin_table_on_a_phone_without_javascript(browser, live_server.url)
    for move in ("draw_stock", "discard"):
        before = version(page)
        if move == "discard":
            page.locator("#hand-form .card-choice").first.click()
        page.locator(f"button[name=action][value={move}]").click()
        expect(page).to_have_url(re.compile(r"/practice/[\w-]+/#table-status$"))
        assert version(page) != before
        page.wait_for_function(AT_STATUS)
        expect(page.locator("#table-status")).to_be_in_viewport()
        expect(page.locator(".site-header")).not_to_be_in_viewport()
        assert page.evaluate("() => document.activeElement === document.body")
        if move == "draw_stock":
            expect(page.locator("#hand-form .actions button").first).to_be_in_viewport()
            page.keyboard.press("Tab")
            assert page.evaluate(
                "() => document.activeElement.matches('#hand-form .card-choice__input')"
            )
    context.close()


@pytest.mark.django_db(transaction=True)
def test_without_javascript_a_language_button_keeps_the_page_at_the_status_on_a_phone(
    browser: Any, live_server: Any
) -> None:
    """The walk on a phone without JavaScript: after a move the page opened at the
    status line, over the hand; the language button (in the "Menu") opened the same table
    in Lithuanian at its top, the header and the seats on the screen, the hand below it.
    It opens at the status line too now (the buttons' next names #table-status), its
    words in Lithuanian ("You drew from the stock."), Tab going on to the hand's first card."""
    context, page = _a_gin_table_on_a_phone_without_javascript(browser, live_server.url)
    page.locator("button[name=action][value=draw_stock]").click()
    expect(page).to_have_url(re.compile(r"/en/practice/[\w-]+/#table-status$"))
    page.wait_for_function(AT_STATUS)
    page.locator(".site-menu--narrow summary").click()
    page.locator(".site-menu--narrow .language-switcher button[lang=lt]").click()
    expect(page).to_have_url(re.compile(r"/lt/practice/[\w-]+/#table-status$"))
    expect(page.locator("html")).to_have_attribute("lang", "lt")
    page.wait_for_function(AT_STATUS)
    expect(page.locator(".site-header")).not_to_be_in_viewport()
    with translation.override("lt"):
        expect(page.locator("#table-status")).to_contain_text(gettext("You drew from the stock."))
    expect(page.locator("#hand-form .actions button").first).to_be_in_viewport()
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.matches('#hand-form .card-choice__input')")
    context.close()


@pytest.mark.django_db(transaction=True)
def test_with_javascript_a_language_button_opens_the_table_at_the_address_bar_s_fragment(
    page: Page, site_url: str
) -> None:
    """With JavaScript the moves are drawn in place and the address stays: the language
    buttons' next takes the address bar's fragment, as before (site.js). A table opened
    by its bare address, at its top, opens in the other language at its top (the next the
    page was drawn with names #table-status, where it opens without JavaScript); one
    opened at its status (the new table's redirect) opens there."""
    table = start(page, site_url, "gin", 2)
    wait_for_my_turn(page, table)
    url = f"{site_url}/en/practice/{table.public_id}/"
    switcher = page.locator(".site-menu--wide .language-switcher")
    expect(page).to_have_url(url + "#table-status")
    assert switcher.locator("input[name=next]").get_attribute("value", timeout=5000) == (
        f"/en/practice/{table.public_id}/#table-status"
    )
    switcher.locator("button[lang=it]").click()
    expect(page).to_have_url(f"{site_url}/it/practice/{table.public_id}/#table-status")
    page.goto(url)
    expect(page.locator("#table")).to_be_visible()
    page.locator(".site-menu--wide .language-switcher button[lang=lt]").click()
    expect(page).to_have_url(f"{site_url}/lt/practice/{table.public_id}/")
    expect(page.locator("html")).to_have_attribute("lang", "lt")


@pytest.mark.django_db(transaction=True)
def test_a_refused_move_is_explained_in_place(page: Page, site_url: str) -> None:
    table = start(page, site_url, "gin", 2)
    wait_for_my_turn(page, table)
    page.evaluate("window.__stillHere = true")
    hand = hand_of(table)
    page.locator(f'label[for="card-{hand.hands[HUMAN][0]}"]').click()
    page.locator(
        "button[name=action][value=draw_stock]"
    ).click()  # drawing with a card chosen is fine
    page.wait_for_function("() => !!document.querySelector('button[value=discard]')")
    taken = next(c for c in hand_of(table).hands[HUMAN] if c not in hand.hands[HUMAN])
    stranger = next(c for c in hand_of(table).stock)
    page.evaluate(
        "([a, b]) => { const i = document.getElementById('card-' + a);"
        " i.value = b; i.checked = true; }",
        [str(taken), str(stranger)],
    )
    page.locator("button[name=action][value=discard]").click()
    alert = page.locator("#hand-form .message--error")
    expect(alert).to_contain_text("You do not hold")
    # Said once: by #announce, not by an alert beside it too (the accessibility walk).
    expect(page.locator("#announce")).to_have_text(alert.evaluate("e => e.textContent"))
    assert page.locator("[role=alert]").count() == 0
    assert page.evaluate("window.__stillHere") is True


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "ru"])
def test_axe_on_the_table_page(page: Page, site_url: str, language: str) -> None:
    table = start(page, site_url, "basic", 3, language=language)
    wait_for_my_turn(page, table)
    assert serious_violations(page) == []
    # The log's cards named for screen readers (game.cards.spoken_html): still clean,
    # and a line wraps as it did (a named card in authored text is one unbroken word).
    click_move(page, DrawStock())
    click_move(page, Discard(max(hand_of(table).hands[HUMAN], key=lambda c: c.points)))
    named = page.locator("#table .log__lines .card-name")
    expect(named.first.locator(".visually-hidden")).to_have_count(1)
    assert named.first.evaluate("e => getComputedStyle(e).whiteSpace") == "normal"
    assert serious_violations(page) == []
    page.goto(f"{site_url}/{language}/practice/{table.public_id}/?arrange=1")
    assert serious_violations(page) == []
    page.goto(f"{site_url}/{language}/practice/")
    assert serious_violations(page) == []
    assert re.search(r"/practice/", page.url)


@pytest.mark.django_db(transaction=True)
def test_a_move_posted_before_htmx_sets_up_the_redrawn_board_still_counts(
    page: Page, site_url: str
) -> None:
    """A board drawn for htmx has no CSRF field of its own (htmx sends the page's
    token). In the moment after a swap, before htmx has set up the new forms, a click
    posts the form natively: the page's script gives it the page's token."""
    table = start(page, site_url, "basic", 2)
    wait_for_my_turn(page, table)
    click_move(page, DrawStock())
    assert page.locator("#hand-form input[name=csrfmiddlewaretoken]").count() == 0
    # A copy of the form that htmx has not seen, as a new board's before it settles
    # (made once this swap has settled, or htmx would set the copy up too).
    page.wait_for_function("() => !document.querySelector('.htmx-settling, .htmx-request')")
    page.evaluate(
        "() => { const f = document.getElementById('hand-form');"
        " f.replaceWith(f.cloneNode(true)); }"
    )
    card = max(hand_of(table).hands[HUMAN], key=lambda c: c.points)
    page.locator(f'label[for="card-{card}"]').click()
    with page.expect_navigation():
        page.locator("button[name=action][value=discard]").click()
    expect(page.locator("#table")).to_be_visible()
    assert card not in hand_of(table).hands[HUMAN]


@pytest.mark.django_db(transaction=True)
def test_the_keyboard_keeps_its_place_while_the_computer_players_move(
    page: Page, site_url: str, settings: Any
) -> None:
    """The board is drawn again after every computer move: a keyboard user on "Skip to
    my turn" stays there (it lost the focus to the first card), and a hint is read out
    while the focus stays on Hint: its suggestion and its reasons (the Gin walk: only
    the heading was said, the reasons a screen below), as a page drawn whole reads them
    with the focus on the advice; the advice itself is no live region (said once)."""
    settings.BOT_STEP_DELAY_MS = 700
    table = start(page, site_url, "basic", 4)
    hand = wait_for_my_turn(page, table)
    page.locator("#hint").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#table .coach")).to_be_visible()
    expect(page.locator("#announce")).to_contain_text("The coach suggests")
    expect(page.locator("#hint")).to_be_focused()
    reasons = page.locator("#table .coach--advice > ul > li").all_inner_texts()
    assert reasons
    said = " ".join(page.locator("#announce").inner_text().split())
    for reason in reasons:
        assert " ".join(reason.split()) in said, (reason, said)
    assert page.locator("#table .coach--advice").get_attribute("aria-live") is None
    click_move(page, learner_move(hand))  # the draw
    click_move(page, learner_move(hand_of(table)))  # the discard: the computers' turns
    page.locator("#bots-skip").focus()
    before = version(page)
    wait_for_change(page, before)  # one computer move, drawn by htmx
    assert page.locator("#bots-skip").count() == 1  # three computers: more to come
    expect(page.locator("#bots-skip")).to_be_focused()


def top_of(page: Page, selector: str) -> float:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return float(box["y"])


@pytest.mark.django_db(transaction=True)
def test_at_1024_by_768_the_board_stays_where_the_pupil_had_it(page: Page, site_url: str) -> None:
    """The Russian pupil at 1024 x 768, with the keyboard, the page scrolled to its end
    (the log read, or a new hand after a long scoring): each move that made the board
    taller pushed the page up by as much (the browser's scroll anchoring held on to the
    footer under the board), and within a few turns the status line and the piles,
    the discard pile's top card, were above the screen. They stay where they were."""
    page.set_viewport_size({"width": 1024, "height": 768})
    table = start(page, site_url, "basic", 2, language="ru")
    hand = wait_for_my_turn(page, table)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    piles = top_of(page, "#table .piles")
    keyboard_move(page, learner_move(hand))  # the draw: one card more in the hand
    assert abs(top_of(page, "#table .piles") - piles) <= 1
    move = learner_move(hand_of(table))
    keyboard_move(page, move)  # a meld or the discard
    assert abs(top_of(page, "#table .piles") - piles) <= 1


@pytest.mark.django_db(transaction=True)
def test_next_hand_opens_at_the_status_line(page: Page, site_url: str) -> None:
    """The Russian pupil at 1024 x 768: "Next hand" pressed under the hand's scoring,
    which the page opened at after the pupil's own count, far down the page; the new
    hand's board, shorter, came with its status line (the hand's number, the computer's
    first turn) above the screen. The new hand opens at its status line, as the page
    without JavaScript does, the focus in the pupil's cards."""
    page.set_viewport_size({"width": 1024, "height": 768})
    table = start(page, site_url, "basic", 2, language="ru")
    wait_for_my_turn(page, table)
    page.goto(f"{site_url}/ru/practice/")  # no board asking the computer to move
    play_hand_out(table)
    page.goto(f"{site_url}/ru/practice/{table.public_id}/")
    # Scored by the pupil first: who collects (the first player), how much, Enter; the
    # page opens at the answer, and Tab goes on to "Next hand".
    expect(page.locator(".score-yourself input[type=radio]").first).to_be_focused()
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    page.keyboard.type("10")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.locator("#score-answer")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator("#next-hand")).to_be_focused()
    assert page.evaluate("scrollY") > 250  # the answer at the top: far down the page
    before = version(page)
    page.keyboard.press("Enter")
    wait_for_change(page, before)
    wait_for_my_turn(page, table)  # the computer's first turn, if it plays first
    page.wait_for_function("() => !document.querySelector('.htmx-settling, .htmx-request')")
    status = page.locator("#table-status").bounding_box()
    assert status is not None and status["y"] >= 0 and status["y"] + status["height"] <= 768
    expect(page.locator("#table-status")).to_contain_text("Раздача 2")
    expect(page.locator("#table .card-choice__input[tabindex='0']")).to_be_focused()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["lt", "ru"])
def test_on_a_phone_a_refused_meld_is_said_where_the_pupil_is_looking(
    browser: Any, live_server: Any, language: str
) -> None:
    """The newcomer's walk: on a phone a refused move looked like nothing happened, its
    reason 150-700 px above the screen, at the top of the table. It is said beside the
    buttons now, in view."""
    context, page, table = drawn_on_a_phone(browser, live_server.url, language)
    cards = hand_of(table).hands[HUMAN]
    two = list(cards)[:2]  # two cards are never a meld
    for card in two:
        page.locator(f'label[for="card-{card}"]').click()
    page.locator("button[name=action][value=meld]").click()
    alert = page.locator("#hand-form .message--error")
    expect(alert).to_be_visible()
    box = alert.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 740, box
    assert alert.evaluate("a => !!a.closest('#hand-form')")
    context.close()


@pytest.mark.django_db(transaction=True)
def test_a_chosen_card_does_not_look_like_the_focused_one(page: Page, site_url: str) -> None:
    """The keyboard walk: a card chosen with Space and the card the focus moved on to
    wore the same yellow-and-black ring. The chosen one has a tick and a ring of
    another colour."""
    table = start(page, site_url, "gin", 2)
    wait_for_my_turn(page, table)
    cards = hand_of(table).hands[HUMAN]
    page.locator(f"#card-{cards[0]}").focus()
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    expect(page.locator(f"#card-{cards[1]}")).to_be_focused()
    look = """i => {
        const label = i.nextElementSibling, card = label.querySelector('.card');
        return [getComputedStyle(label, '::after').content, getComputedStyle(card).boxShadow,
                getComputedStyle(label).outlineStyle];
    }"""
    chosen = page.locator(f"#card-{cards[0]}").evaluate(look)
    focused = page.locator(f"#card-{cards[1]}").evaluate(look)
    assert chosen[0].startswith('"✓"') and focused[0] in ("none", "normal")
    assert focused[2] == "solid" and chosen[2] != "solid"
    assert "240, 180, 0" not in chosen[1]  # not the focus ring's yellow
    # The tick is for the eye: a screen reader says "checked" already, and read
    # "nine of clubs check mark" (the accessibility walk).
    expect(page.locator(f"#card-{cards[0]}")).to_have_accessible_name(card_name(cards[0]))


def dealt_and_drawn(table: Table, seed: int) -> Hand:
    """The table dealt again with ``seed``, the learner to play first, and their draw
    from the stock made (the services, as a form would): the hand to meld from."""
    table.refresh_from_db()
    table.seed = seed
    table.rounds = [[{**table.rounds[0][0], "seed": seed, "dealer": 1, "moves": []}]]
    table.save()
    practice.clear_caches()
    practice.table_move(table=table, version=table.version, move=DrawStock(), confirmed=True)
    table.refresh_from_db()
    return hand_of(table)


def meld_on_the_table(table: Table) -> None:
    """Deal the table again until the learner, to play first, can lay down a meld after
    drawing, and lay it down (the services, as a form would)."""
    for seed in range(1, 400):
        melds = [m for m in dealt_and_drawn(table, seed).legal_moves() if isinstance(m, LayDown)]
        if melds:
            practice.table_move(table=table, version=table.version, move=melds[0], confirmed=True)
            return
    raise AssertionError("no deal with a meld on the first turn")


SMALLEST_TYPE = """() => [...document.querySelectorAll(
    '#table .seat__tag, #table .meld__owner, #table .melds .card__index, #table .card-choice__tag'
  )].map(e => {
    // Each word on one line: none broken in two (overflow-wrap breaks a word too long).
    const text = e.firstChild, words = [];
    let at = 0;
    for (const word of text.textContent.split(' ')) {
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + word.length);
      words.push(range.getClientRects().length);
      at += word.length + 1;
    }
    return [e.className, parseFloat(getComputedStyle(e).fontSize), words.every(n => n === 1)];
  })"""


def computer_lays_off_on_the_learners_meld(table: Table) -> None:
    """Deal the table again until the learner, to play first, lays down a meld after
    drawing and discards, and the computer player then lays a card off on that meld
    (the services, as the forms would): a seat that says "Added: ... to your meld"."""
    for seed in range(1, 2000):
        melds = [m for m in dealt_and_drawn(table, seed).legal_moves() if isinstance(m, LayDown)]
        if not melds:
            continue
        practice.table_move(table=table, version=table.version, move=melds[0], confirmed=True)
        table.refresh_from_db()
        discard = next(m for m in hand_of(table).legal_moves() if isinstance(m, Discard))
        practice.table_move(table=table, version=table.version, move=discard, confirmed=True)
        table.refresh_from_db()
        practice.table_bot_step(table=table, version=table.version, all_steps=True)
        table.refresh_from_db()
        hand = hand_of(table)
        if not hand.is_over and any(e.player == 1 and isinstance(e.move, LayOff) for e in hand.log):
            return
    raise AssertionError("no deal where the computer lays off on the learner's first meld")


@pytest.mark.django_db(transaction=True)
def test_at_125_percent_the_buttons_of_the_turn_are_on_the_first_screen(
    browser: Any, live_server: Any
) -> None:
    """The Russian walk at 125 % zoom on a 1024 x 768 screen (819 x 614 CSS px): with a
    meld on the table and a card the computer laid off on it, the page opened at the
    status line had the pupil's buttons below the screen (at 633-677 px): the seat
    that says the card laid off took a row of its own, the melds a paragraph's margins.
    The status line, the piles, the melds, the hand and the buttons to draw fit."""
    context = browser.new_context(viewport={"width": 819, "height": 614}, device_scale_factor=1.25)
    page = context.new_page()
    table = start(page, live_server.url, "basic", 2, language="ru")
    wait_for_my_turn(page, table)
    page.goto(f"{live_server.url}/ru/practice/")  # no board asking the computer to move
    computer_lays_off_on_the_learners_meld(table)
    page.goto(f"{live_server.url}/ru/practice/{table.public_id}/#table-status")
    expect(page.locator("#table .seat__laid-off")).to_be_visible()
    page.wait_for_timeout(300)  # the page's scroll to its fragment, at the load's end
    assert page.locator("#table .melds > li").count() >= 1
    status = top_of(page, "#table-status")
    assert 0 <= status < 20, status
    for button in page.locator("#table .actions button").all():
        box = button.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 614, (button.inner_text(), box)
    context.close()


@pytest.mark.django_db(transaction=True)
def test_at_1024_by_768_the_tables_small_type_is_readable(page: Page, site_url: str) -> None:
    """The Russian walk at 1024 x 768: the smallest type at a practice table was the
    card just drawn's tag ("только что из прикупа", 10 px), the seats' tags ("ваш ход",
    "сдаёт", 13 px) and the corners of the melds' cards on the table (13 px). The tags
    and the corners are at least 14 px, the tag 12.8 px with "прикупа" whole in it."""
    page.set_viewport_size({"width": 1024, "height": 768})
    table = start(page, site_url, "basic", 2, language="ru")
    wait_for_my_turn(page, table)
    page.goto(f"{site_url}/ru/practice/")  # no board asking the computer to move
    meld_on_the_table(table)
    page.goto(f"{site_url}/ru/practice/{table.public_id}/")
    keyboard_move(page, learner_move(hand_of(table)))  # the discard
    wait_for_my_turn(page, table)
    before = version(page)
    tab_to(page, "button[name=action][value=draw_stock]")
    page.keyboard.press("Enter")
    wait_for_change(page, before)
    sizes = page.evaluate(SMALLEST_TYPE)
    kinds = {name.split()[0] for name, _size, _whole in sizes}
    assert kinds == {"seat__tag", "meld__owner", "card__index", "card-choice__tag"}, kinds
    for name, size, whole in sizes:
        assert size >= (12.8 if "card-choice__tag" in name else 14), (name, size)
        assert whole, name


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "lt"])
def test_a_meld_to_lay_off_on_is_named_once(page: Page, site_url: str, language: str) -> None:
    """A meld on the table, a radio button to choose where a card is laid off, was read
    three times: the radio button's name, then an image of the meld, then one image a
    card (Chromium's accessibility tree). Its label's words name it once."""
    table = start(page, site_url, "basic", 2, language)
    meld_on_the_table(table)
    page.reload()
    choice = page.locator(".meld--choice").first
    expect(choice.locator(".card")).to_have_count(3)  # drawn, for the eye
    meld = hand_of(table).table[0]
    with translation.override(language):
        name = ", ".join(card_name(c) for c in meld.cards)
    owner = practice.seat_names(table)[meld.owner]
    if meld.owner == HUMAN:  # the learner's meld is named as their seat is
        with translation.override(language):
            # "You" for a learner who gave no name (the form's default), else "Alex (you)".
            owner = yours(owner) if table.seats[HUMAN]["name"] else learner_you()
    expect(choice.get_by_role("radio")).to_have_accessible_name(f"{owner} {name}")
    tree = choice.aria_snapshot()
    assert "img" not in tree and tree.count(name) == 2, tree  # the name, the label's words


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("javascript", [True, False])
def test_a_layoff_without_its_meld_puts_the_focus_on_the_melds(
    browser: Any, site_url: str, javascript: bool
) -> None:
    """The Lithuanian walk: a card chosen, "Lay off" pressed with no meld chosen: the
    reason was right, but the focus went back to the card. It lands on the first meld,
    described by the reason, with and without JavaScript; the card stays chosen."""
    context = browser.new_context(java_script_enabled=javascript)
    page = context.new_page()
    table = start(page, site_url, "basic", 2)
    meld_on_the_table(table)
    page.reload()
    card = str(hand_of(table).hands[HUMAN][0])
    page.locator(f"label[for='card-{card}']").click()
    page.locator("button[name=action][value=lay_off]").click()
    meld = page.locator(".meld--choice input[type=radio]").first
    expect(meld).to_be_focused()
    expect(page.locator("#hand-error")).to_contain_text("Choose the meld")
    expect(meld).to_have_accessible_description(re.compile("Choose the meld"))
    expect(page.locator(f"#card-{card}")).to_be_checked()
    context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("javascript", [True, False])
def test_a_refused_layoff_keeps_its_meld_chosen(
    browser: Any, site_url: str, javascript: bool
) -> None:
    """The walk without JavaScript (Lithuanian, "Pridėti prie derinio"): a card ticked, a
    meld it does not fit chosen, the layoff refused: the card stayed ticked, but the
    meld had to be chosen again. Both stay chosen, with and without JavaScript."""
    from game.engine import LayOff

    context = browser.new_context(java_script_enabled=javascript)
    page = context.new_page()
    table = start(page, site_url, "basic", 2, "lt")
    meld_on_the_table(table)
    page.reload()
    hand = hand_of(table)
    meld = hand.table[0].id
    card = next(str(c) for c in hand.hands[HUMAN] if LayOff(c, meld) not in hand.legal_moves())
    page.locator(f"label[for='card-{card}']").click()
    page.locator(f"label[for='meld-{meld}']").click()
    page.locator("button[name=action][value=lay_off]").click()
    expect(page.locator("#hand-error")).to_be_visible()
    expect(page.locator(f"#meld-{meld}")).to_be_checked()
    expect(page.locator(f"#card-{card}")).to_be_checked()
    context.close()


@pytest.mark.django_db(transaction=True)
def test_the_new_table_form_shows_the_chosen_games_options(browser: Any, live_server: Any) -> None:
    """The newcomer's walk: Gin's option stood on a Basic table's form, squeezed two or
    three words a line beside its help, and the options' labels ended in ":"."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    page = context.new_page()
    page.goto(f"{live_server.url}/lt/practice/")
    gin_only = page.locator("#id_lay_out_yourself")
    basic_only = page.locator("#id_ace_high_or_low")
    page.locator("#id_game").select_option("basic")
    expect(gin_only).to_be_hidden()
    expect(basic_only).to_be_visible()
    page.locator("#id_game").select_option("gin")
    expect(gin_only).to_be_visible()
    expect(basic_only).to_be_hidden()
    knock_only = page.locator("#id_patient_computers")
    expect(knock_only).to_be_hidden()
    page.locator("#id_game").select_option("knock")
    expect(knock_only).to_be_visible()
    expect(knock_only).to_be_checked()
    expect(gin_only).to_be_hidden()
    page.locator("#id_game").select_option("gin")
    label = page.locator("label[for=id_lay_out_yourself]")
    assert not label.inner_text().rstrip().endswith(":")
    help_box = page.locator("#id_lay_out_yourself_helptext").bounding_box()
    label_box = label.bounding_box()
    assert help_box is not None and label_box is not None
    assert help_box["y"] >= label_box["y"] + label_box["height"] - 1  # below, not beside
    assert help_box["width"] > 250
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("javascript", [True, False])
def test_a_knock_table_says_how_its_computer_players_knock(
    browser: Any, live_server: Any, javascript: bool
) -> None:
    """The Knock Rummy option is ticked for a new table (shown with JavaScript once Knock
    Rummy is chosen, always without it); the table says what the learner chose."""
    context = browser.new_context(java_script_enabled=javascript)
    page = context.new_page()
    for ticked, said in ((True, "give you time to play"), (False, "play to win")):
        page.goto(f"{live_server.url}/en/practice/")
        page.locator("#id_game").select_option("knock")
        box = page.locator("#id_patient_computers")
        expect(box).to_be_visible()
        expect(box).to_be_checked()
        if not ticked:
            box.uncheck()
        page.locator(".new-table-form button[type=submit]").click()
        expect(page.locator("#table .table-area__computers")).to_contain_text(said)
        table = Table.objects.latest("created")
        assert table.computers == ("patient" if ticked else "bot")
    context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["it", "lt"])
def test_on_a_phone_the_coachs_advice_comes_into_view(
    browser: Any, live_server: Any, language: str
) -> None:
    """The newcomer's walk: on a 360×740 phone the advice Hint asked for began at y=752,
    under the screen, and the press seemed to do nothing. Its heading is brought into
    view."""
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    table = start(page, live_server.url, "gin", 2, language=language)
    wait_for_my_turn(page, table)
    # A thumb presses Hint at the bottom of the screen, where scrolling down brought it.
    page.locator("#hint").evaluate("b => b.scrollIntoView({block: 'end'})")
    page.locator("#hint").tap()
    heading = page.locator("#table .coach--advice h2")
    expect(heading).to_be_visible()
    page.wait_for_timeout(300)  # a smooth scroll, if any, has ended
    box = heading.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 740, box
    context.close()


@pytest.mark.django_db(transaction=True)
def test_the_last_next_move_of_a_review_leaves_the_keyboard_on_the_last_step(
    page: Page, site_url: str
) -> None:
    """The keyboard walk (lt, large type): on a hand's review the last "Next move" went
    with its press, and the focus fell back to the skip link at the top of the page.
    It lands on what replaced it: the last step ("The hand is over."); "Previous move"
    at the first step likewise."""
    page.set_viewport_size({"width": 1024, "height": 768})
    table = start(page, site_url, "gin", 2, language="lt")
    wait_for_my_turn(page, table)
    page.goto(f"{site_url}/lt/practice/")  # no board asking the computer to move
    play_hand_out(table)
    total = len(hand_of(table).log)
    review = f"{site_url}/lt/practice/{table.public_id}/review/1/"
    page.goto(f"{review}?move={total - 1}")
    tab_to(page, "#review-next")
    page.keyboard.press("Enter")
    expect(page.locator("#review-next")).to_have_count(0)
    page.wait_for_function("() => !document.querySelector('.htmx-settling, .htmx-request')")
    expect(page.locator(".review__move")).to_be_focused()
    page.goto(f"{review}?move=1")
    tab_to(page, "#review-previous")
    page.keyboard.press("Enter")
    expect(page.locator("#review-previous")).to_have_count(0)
    page.wait_for_function("() => !document.querySelector('.htmx-settling, .htmx-request')")
    expect(page.locator(".review__move")).to_be_focused()


@pytest.mark.django_db(transaction=True)
def test_a_second_enter_at_the_knock_question_goes_back(page: Page, site_url: str) -> None:
    """The Italian walk: Tab to "Knock", Enter; the focus was on "Yes, end the hand", so
    a second Enter knocked. It is on "No, go back" now: the hand goes on. The question
    says the deadwood the learner knocks with."""
    table = start(page, site_url, "knock", 2)
    wait_for_my_turn(page, table)
    before = version(page)
    page.locator("button[name=action][value=draw_stock]").click()
    wait_for_change(page, before)
    hand = hand_of(table)
    card = hand.view(HUMAN).cards[0]
    page.locator(f'label[for="card-{card}"]').click()
    tab_to(page, "button[name=action][value=knock]")
    page.keyboard.press("Enter")
    no = page.locator("#confirm-no")
    expect(no).to_be_focused()
    expect(page.locator("#confirm-question")).to_contain_text(
        re.compile(r"You knock with (no deadwood|\d+ points? of deadwood)\.")
    )
    page.keyboard.press("Enter")
    expect(page.locator("#table .confirm")).to_have_count(0)
    assert not hand_of(table).play_over
    expect(page.locator("button[name=action][value=knock]")).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_back_to_the_table_shows_it_as_it_is_now(page: Page, site_url: str) -> None:
    """The Russian pupil's walk: a draw and a discard, "All your tables", then the
    browser's Back button: the table came back as the page was first drawn (from the
    browser's cache: the cards before the draw, a turn already played offered again),
    and a move from it was refused as stale. The table's page is never kept: Back asks
    the server, and shows the table as it is now."""
    table = start(page, site_url, "gin", 2)
    wait_for_my_turn(page, table)
    first = version(page)
    page.locator("button[name=action][value=draw_stock]").click()
    wait_for_change(page, first)
    click_move(page, Discard(hand_of(table).view(HUMAN).cards[0]))
    wait_for_my_turn(page, table)
    page.get_by_role("link", name="All your tables").click()
    expect(page.locator(".new-table-form")).to_be_visible()
    page.go_back()
    expect(page.locator("#table")).to_be_visible()
    table.refresh_from_db()
    assert version(page) == str(table.version) != first


def no_meld(cards: list[Any]) -> list[Any]:
    """Three of ``cards`` that are no meld: three ranks (no set), two suits or more (no run)."""
    for i, a in enumerate(cards):
        for j, b in enumerate(cards[i + 1 :], i + 1):
            for c in cards[j + 1 :]:
                if len({a.rank, b.rank, c.rank}) == 3 and len({a.suit, b.suit, c.suit}) > 1:
                    return [a, b, c]
    raise AssertionError("every three cards make a meld")


@pytest.mark.django_db(transaction=True)
def test_without_javascript_a_refused_move_on_a_phone_is_said_at_an_address_to_reload(
    browser: Any, live_server: Any
) -> None:
    """The walk on a phone without JavaScript: a refused meld was answered at the move's
    POST address (a 422 page), whose reload asked to send the form again. The move
    redirects to the table's own address (``?refused=``), where the reason is said with
    the focus on it, in the first screen, the cards still ticked; a reload is a GET that
    shows the same and changes nothing."""
    from tests.practice.helpers import snapshot

    context = browser.new_context(
        java_script_enabled=False,
        viewport={"width": 360, "height": 740},
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/en/practice/")
    page.locator("#id_game").select_option("basic")
    page.locator(".new-table-form button[type=submit]").click()
    table = Table.objects.latest("created")
    if page.locator("#bots-skip").count():
        page.locator("#bots-skip").click()
    page.locator("button[name=action][value=draw_stock]").click()
    cards = no_meld(list(hand_of(table).hands[HUMAN]))
    for card in cards:
        page.locator(f'label[for="card-{card}"]').click()
    before = snapshot(table)
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.locator("button[name=action][value=meld]").click()
    address = re.compile(rf"/en/practice/{table.public_id}/\?refused=[^#]+$")
    expect(page).to_have_url(address)
    assert len(posts) == 1 and posts[0].endswith("/move/")
    for reloaded in (False, True):
        alert = page.locator("#hand-error")
        expect(alert).to_contain_text("is not a")
        expect(alert).to_be_focused()
        box = alert.bounding_box()
        # Whole in the first screen; Chromium scrolls a focused element below it to the
        # screen's bottom edge by whole pixels, so its bottom may stand half a pixel over.
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] < 741, box
        for card in cards:
            expect(page.locator(f"#card-{card}")).to_be_checked()
        assert snapshot(table) == before
        if not reloaded:
            response = page.reload()
            assert response is not None and response.request.method == "GET"
            assert response.status == 200
            expect(page).to_have_url(address)
    assert len(posts) == 1  # the reload sent nothing


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "lt"])
def test_on_a_phone_the_status_line_says_what_happened_last_in_the_first_screen(
    browser: Any, live_server: Any, language: str
) -> None:
    """The phone walk: what the computer players did, and the learner's own last move,
    were in the log only, a screen or two below the hand. The status line says it, in the
    first screen of a 360×740 phone (here after the learner's draw, htmx's redraw): the
    log's latest line, word for word, and the card drawn (the Russian screen-reader
    walk: only the learner sees it, and the log does not say it)."""
    # (What it says after the computer players' moves: tests/practice/test_views.py.)
    context, page, _table = drawn_on_a_phone(browser, live_server.url, language)
    last = page.locator("#table-status .table-area__last")
    latest = page.locator(".log__lines li").last
    said = latest.inner_text().strip()
    expect(last).to_have_text(re.compile("^" + re.escape(said) + r" \S"))
    expect(last.locator(".card-name")).to_have_count(1)
    page.evaluate("() => window.scrollTo(0, 0)")
    expect(last).to_be_in_viewport(ratio=1)
    place = last.bounding_box()
    assert place is not None and place["y"] + place["height"] <= 740, place
    context.close()


@pytest.mark.django_db(transaction=True)
def test_without_javascript_a_hint_is_at_the_tables_address_and_a_reload_counts_nothing(
    browser: Any, live_server: Any
) -> None:
    """The walk without JavaScript on a 360 x 740 phone: "Hint" was answered at
    …/hint/, and a reload asked to send the form again. It is at the table's page
    (``?hinted=``, no fragment), the advice focused and in the first screen; a reload
    shows it again, sends nothing and counts no second hint."""
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740})
    page = context.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(f"{live_server.url}/en/practice/")
    page.locator("#id_game").select_option("gin")
    page.locator(".new-table-form button[type=submit]").click()
    if page.locator("#bots-skip").count():
        page.locator("#bots-skip").click()
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.locator("#hint").click()
    expect(page).to_have_url(re.compile(r"/practice/[\w-]+/\?hinted=\d+$"))
    advice = page.locator(".coach--advice")
    expect(advice).to_be_focused()
    expect(advice).to_be_in_viewport()
    page.reload()
    expect(advice).to_be_visible()
    assert len(posts) == 1 and dialogs == []
    table = Table.objects.get()
    assert len(table.hints[-1]) == 1
    context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("language", "players"), [("en", 3), ("ru", 4)])
def test_on_a_phone_the_computer_players_turns_leave_the_hand_in_the_first_screen(
    browser: Any, live_server: Any, language: str, players: int
) -> None:
    """The status line says each computer player's turn since the learner's move, a
    sentence each. On a 360×740 phone, opened at the status line as a move without
    JavaScript opens it, the hand's first row of cards is in that first screen under it
    (measured: 3 players with two melds on the table, the first card's bottom at 735;
    at a table of six, six seats put it below the first screen with the one-line status
    too)."""
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    table = start(page, live_server.url, "basic", players, language=language)
    wait_for_my_turn(page, table)
    click_move(page, DrawStock())
    click_move(page, Discard(max(hand_of(table).hands[HUMAN], key=lambda c: c.points)))
    wait_for_my_turn(page, table)
    said = page.locator("#table-status .table-area__last").inner_text()
    assert len(re.split(r"(?<=[.!])\s+", said.strip())) == players - 1, said
    page.goto(page.url.split("#")[0] + "#table-status")
    first = page.locator("#hand-form .hand li").first
    card = first.bounding_box()
    assert card is not None and card["y"] + card["height"] <= 740, card
    expect(first).to_be_in_viewport(ratio=1)
    context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["lt", "ru"])
def test_on_a_phone_the_score_sheet_stays_inside_its_box(
    browser: Any, live_server: Any, language: str
) -> None:
    """The Lithuanian Knock walk on a 360 px phone: the score sheet under a finished hand
    (Player, "Iš viso (žaidžiama iki 100 taškų)", Balance) was 7 px wider than the white
    box it stands in, its last column over the box's border. It fits now."""
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    table = start(page, live_server.url, "knock", 3, language=language)
    # No computer player's step on its way when the hand is played out here: it would
    # find the table moved on (StaleTable), one run in a few.
    wait_for_my_turn(page, table)
    page.goto(f"{live_server.url}/{language}/practice/")  # no board asking the computer to move
    play_hand_out(table)
    page.goto(f"{live_server.url}/{language}/practice/{table.public_id}/?hand=1&show=all")
    if page.locator(".scores").count() == 0:
        page.locator("a, button", has_text=re.compile("Rodyti viską|Показать всё")).first.click()
    sheet = page.locator(".scores")
    expect(sheet).to_be_visible()
    inside = sheet.evaluate(
        "t => { const box = t.closest('.result').getBoundingClientRect();"
        " const r = t.getBoundingClientRect(); return [r.left, r.right, box.left, box.right]; }"
    )
    left, right, box_left, box_right = inside
    assert box_left < left and right < box_right - 1, inside
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()


@pytest.mark.django_db(transaction=True)
def test_a_page_opened_at_an_anchor_shows_its_heading_whole_on_a_phone(
    browser: Any, live_server: Any
) -> None:
    """The Lithuanian walk on a 360×740 phone: the practice page opened at #new-table
    cut its heading («Naujas stalas») at the top edge, and a table opened at its status
    line (#table-status) showed the lower half of the table's title above it. A target
    stands a little below the top edge, its heading whole (:target's scroll margin), and
    the status line's margin is the gap under the title: no sliver of the title shows."""
    context = browser.new_context(
        java_script_enabled=False,
        viewport={"width": 360, "height": 740},
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/lt/practice/?game=knock#new-table")
    heading = page.locator("h2#new-table")
    page.wait_for_function("() => document.getElementById('new-table').matches(':target')")
    box = heading.bounding_box()
    assert box is not None and 8 <= box["y"] <= 32, box
    page.screenshot(path="/tmp/s43/h8-files/anchor-new-table-360.png")
    page.locator(".new-table-form button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"#table-status$"))
    page.wait_for_function(
        "() => { const s = document.getElementById('table-status');"
        " return !!s && Math.abs(s.getBoundingClientRect().top) < 16; }"
    )
    status = page.locator("#table-status").bounding_box()
    title = page.locator("h1.table-title").bounding_box()
    assert status is not None and title is not None
    assert 0 < status["y"] < 16, status
    assert title["y"] + title["height"] <= 0.5, title  # none of the title above it
    page.screenshot(path="/tmp/s43/h8-files/anchor-table-status-360.png")
    # A guided hand's coach (its #table-status) after a move: the same.
    page.goto(f"{live_server.url}/lt/guided/knock-01-knock-early/")
    page.locator("button[name=action][value=draw_discard]").click()
    expect(page).to_have_url(re.compile(r"#table-status$"))
    coach = page.locator("#table-status").bounding_box()
    title = page.locator("h1.table-title").bounding_box()
    assert coach is not None and title is not None
    assert 0 < coach["y"] < 16, coach
    assert title["y"] + title["height"] <= 0.5, title
    page.screenshot(path="/tmp/s43/h8-files/anchor-guided-360.png")
    context.close()


@pytest.mark.django_db(transaction=True)
def test_on_a_small_phone_the_knock_question_s_buttons_stand_apart(
    browser: Any, live_server: Any
) -> None:
    """The English Gin week's walk on a 320×568 phone: under "Are you sure?" the buttons
    wrapped, "Yes, end the hand" right on top of "No, go back" (0 px between them): a
    tap a little high on "No" ended the hand. They stand apart now, as the guided hand's
    "Start again" and "Keep playing" do."""
    context = browser.new_context(
        viewport={"width": 320, "height": 568}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    table = start(page, live_server.url, "knock", 2)
    wait_for_my_turn(page, table)
    before = version(page)
    page.locator("button[name=action][value=draw_stock]").click()
    wait_for_change(page, before)
    card = hand_of(table).view(HUMAN).cards[0]
    page.locator(f'label[for="card-{card}"]').click()
    page.locator("button[name=action][value=knock]").click()
    yes, no = page.locator("#confirm-yes"), page.locator("#confirm-no")
    expect(no).to_be_focused()
    top, bottom = yes.bounding_box(), no.bounding_box()
    assert top is not None and bottom is not None
    apart_down = bottom["y"] - (top["y"] + top["height"])
    apart_across = bottom["x"] - (top["x"] + top["width"])
    assert max(apart_down, apart_across) >= 6, (top, bottom)
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("language", "game", "players"), [("en", "gin", 2), ("lt", "knock", 3)])
def test_on_a_small_phone_the_score_sheet_s_headings_keep_their_words_whole(
    browser: Any, live_server: Any, language: str, game: str, players: int
) -> None:
    """The English Gin week's walk on a 320×568 phone: the score sheet's headings broke
    inside their words, "Playe|r" and "Box|es", though the sheet had room for them (a
    break anywhere let the table squeeze its first columns). Each word is on one line
    now, and the sheet still stands inside its box (the Lithuanian Knock walk's
    "Iš viso (žaidžiama iki 100 taškų)")."""
    context = browser.new_context(
        viewport={"width": 320, "height": 568}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    table = start(page, live_server.url, game, players, language=language)
    wait_for_my_turn(page, table)
    page.goto(f"{live_server.url}/{language}/practice/")  # no board asking the computer to move
    play_hand_out(table)
    page.goto(f"{live_server.url}/{language}/practice/{table.public_id}/?hand=1&show=all")
    if page.locator(".scores").count() == 0:
        page.locator("a, button", has_text=re.compile("Show all|Rodyti viską")).first.click()
    sheet = page.locator(".scores")
    expect(sheet).to_be_visible()
    broken = sheet.evaluate(
        """t => { const out = [];
        for (const th of t.querySelectorAll('thead th')) {
          const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const m of node.data.matchAll(/\\S+/g)) {
              const r = document.createRange();
              r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length);
              const tops = new Set([...r.getClientRects()].map(x => Math.round(x.top)));
              if (tops.size > 1) out.push(m[0]);
            }
          }
        } return out; }"""
    )
    assert broken == [], broken
    inside = sheet.evaluate(
        "t => { const box = t.closest('.result').getBoundingClientRect();"
        " const r = t.getBoundingClientRect(); return [r.left, r.right, box.left, box.right]; }"
    )
    left, right, box_left, box_right = inside
    assert box_left < left and right < box_right - 1, inside
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    context.close()


@pytest.mark.django_db(transaction=True)
def test_with_javascript_a_line_said_once_leaves_the_address(page: Page, site_url: str) -> None:
    """A table's page said "the table has moved on" (``?state=stale``) or "You are back
    at your seat." (``?back=1``) by a flag in its address, which stayed there while htmx
    drew the next moves in place: a reload, and the language buttons, said the line again
    over a table that had moved on. Once the page has said it, site.js replaces the
    address without the flag (the rest kept: Arrange off); a reload says nothing."""
    table = start(page, site_url, "basic", 2)
    wait_for_my_turn(page, table)
    url = f"{site_url}/en/practice/{table.public_id}/"
    page.goto(f"{url}?state=stale&back=1&arrange=0")
    expect(page.locator("#table")).to_contain_text("has moved on since this page was shown")
    expect(page).to_have_url(f"{url}?arrange=0")
    switcher = page.locator(".language-switcher input[name=next]").first
    assert switcher.get_attribute("value") == f"/en/practice/{table.public_id}/?arrange=0"
    page.reload()
    expect(page.locator("#table")).to_be_visible()
    expect(page.locator("#table")).not_to_contain_text("has moved on")
    expect(page).to_have_url(f"{url}?arrange=0")


@pytest.mark.django_db(transaction=True)
def test_the_hand_has_a_heading_in_the_accessibility_tree(page: Page, site_url: str) -> None:
    """The Russian screen-reader walk: heading navigation went from «Прикуп и сброс» to
    «Ход игры», past the hand and its buttons. Chromium's tree has a heading for the
    hand between the piles' and the log's, taking no room on the screen; axe still finds
    nothing serious."""
    table = start(page, site_url, "basic", 2, language="ru")
    wait_for_my_turn(page, table)
    headings = page.locator("#table").get_by_role("heading", level=2)
    names = [h.evaluate("e => e.textContent.trim()") for h in headings.all()]
    with translation.override("ru"):
        piles, cards, log = (
            gettext(t) for t in ("Stock and discard pile", "Your cards", "What happened")
        )
    assert names.index(piles) < names.index(cards) == names.index(log) - 1, names
    heading = page.get_by_role("heading", name=cards, exact=True)
    expect(heading).to_have_count(1)
    box = heading.bounding_box()
    assert box is not None and box["width"] <= 1 and box["height"] <= 1, box
    # A heading key from it reaches the hand's group and its buttons next.
    tree = page.locator("#hand-form").aria_snapshot()
    assert tree.index(f'heading "{cards}"') < tree.index("group") < tree.index("button"), tree
    assert serious_violations(page) == []


def played_past(table: Table, moves: int) -> None:
    """Deal the table again until its hand (played by the services: the learner's
    sensible moves, the computer players') is still on at the learner's turn with
    ``moves`` moves or more in its log."""
    for seed in range(1, 60):
        state = practice.table_state(table=table)
        while not state.hand.is_over:
            if state.my_turn and len(state.hand.log) >= moves:
                return
            if state.my_turn:
                move = learner_move(state.hand)
                state = practice.table_move(
                    table=table, version=table.version, move=move, confirmed=True
                )
            else:
                state = practice.table_bot_step(table=table, version=table.version)
        table.refresh_from_db()
        table.seed = seed
        table.rounds = [[{**table.rounds[0][0], "seed": seed, "moves": []}]]
        table.save()
        practice.clear_caches()
    raise AssertionError(f"no deal with a hand of {moves} moves")


#: Each line of the log: how far its number ("100. ", in the line's own type, the last
#: bold) reaches left of the log's section, and how far its text starts right of it.
LOG_NUMBERS = """() => {
  const section = document.querySelector('#table .log').getBoundingClientRect().left;
  const list = document.querySelector('#table .log__lines');
  const pen = document.createElement('canvas').getContext('2d');
  return [...list.children].map((line, i) => {
    pen.font = getComputedStyle(line).font;
    const number = (list.start + i) + '. ';
    const left = line.getBoundingClientRect().left;
    return [number, left - pen.measureText(number).width - section, left - section];
  });
}"""


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("width", "height", "moves"),
    [(360, 640, 10), (360, 640, 100), (819, 614, 100), (1366, 768, 100)],
)
def test_a_long_hands_log_numbers_are_whole(
    browser: Any, live_server: Any, width: int, height: int, moves: int
) -> None:
    """The walk at 125 % zoom on a 1024 x 768 screen: a Basic Rummy hand of four players
    ran past 100 moves, and the log's numbers "100." and up stuck out of its section
    (the list's 1.5rem indent holds one digit), cut by the window's edge: at 360 px
    "104." began 5 px left of the screen, and "99." in bold 2 px right of it. Each
    number is whole inside the section, the lines' text no further in than the widest
    number needs; four digits fit too."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    table = start(page, live_server.url, "basic", 4)
    page.goto(f"{live_server.url}/en/practice/")  # no board asking the computer to move
    played_past(table, moves)
    page.goto(f"{live_server.url}/en/practice/{table.public_id}/")
    page.locator("#table .log").scroll_into_view_if_needed()
    lines = page.evaluate(LOG_NUMBERS)
    assert any(len(number) == len(f"{moves}. ") for number, _, _ in lines), lines
    for number, spare, _ in lines:
        assert spare >= 0, (number, spare)
    widest = min(spare for _, spare, _ in lines)
    assert widest <= 16, lines  # about a digit and a half: no room wasted
    if moves < 100:
        context.close()
        return
    # Four digits (a Basic Rummy hand has no end while the discard pile feeds the stock).
    spare = page.evaluate(
        """() => {
          const list = document.querySelector('#table .log__lines');
          if (!list.classList.replace('log__lines--3-digits', 'log__lines--4-digits')) return -1;
          const line = list.lastElementChild;
          const pen = document.createElement('canvas').getContext('2d');
          pen.font = getComputedStyle(line).font;
          return line.getBoundingClientRect().left - pen.measureText('9999. ').width
            - document.querySelector('#table .log').getBoundingClientRect().left;
        }"""
    )
    assert spare >= 0, spare
    context.close()


def a_card_to_lay_off(table: Table) -> LayOff:
    """Deal the table again until the learner, to play first, can lay down a meld after
    drawing and then lay a card off on it; lay the meld down (the services, as a form
    would): the layoff."""
    for seed in range(1, 2000):
        hand = dealt_and_drawn(table, seed)
        for meld in (m for m in hand.legal_moves() if isinstance(m, LayDown)):
            after = hand.apply(meld)
            layoffs = [m for m in after.legal_moves() if isinstance(m, LayOff)]
            if layoffs:
                practice.table_move(table=table, version=table.version, move=meld, confirmed=True)
                return layoffs[0]
    raise AssertionError("no deal with a layoff after the first meld")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("javascript", [True, False])
def test_lay_off_is_one_tab_after_the_meld_chosen(
    browser: Any, live_server: Any, javascript: bool
) -> None:
    """The walk at 125 % zoom on a 1024 x 768 screen (819 x 614 CSS px), keyboard only:
    a card chosen that fits a meld on the table, the meld chosen, "Lay off" was 4 Tabs
    away (past the hand, "Discard" and "Meld"; without JavaScript past every card too).
    It stands beside the melds: from the card Shift+Tab reaches it, then the melds; the
    meld chosen, one Tab reaches it, and Enter lays the card off."""
    context = browser.new_context(
        viewport={"width": 819, "height": 614},
        device_scale_factor=1.25,
        java_script_enabled=javascript,
    )
    page = context.new_page()
    table = start(page, live_server.url, "basic", 2, language="ru")
    page.goto(f"{live_server.url}/ru/practice/")  # no board asking the computer to move
    layoff = a_card_to_lay_off(table)
    page.goto(f"{live_server.url}/ru/practice/{table.public_id}/#table-status")
    button = page.locator("button[name=action][value=lay_off]")
    expect(button).to_have_count(1)
    if javascript:  # the hand is one Tab stop, the arrow keys move in it
        tab_to(page, ".card-choice__input")
        page.keyboard.press("Home")
        for _ in range(20):
            if page.evaluate("() => document.activeElement.value") == str(layoff.card):
                break
            page.keyboard.press("ArrowRight")
    else:
        tab_to(page, f"#card-{layoff.card}")
    page.keyboard.press("Space")
    expect(page.locator(f"#card-{layoff.card}")).to_be_checked()
    if javascript:
        page.keyboard.press("Shift+Tab")
        expect(button).to_be_focused()
    for _ in range(20):
        page.keyboard.press("Shift+Tab")
        if page.evaluate("() => document.activeElement.matches('.meld__input')"):
            break
    for _ in range(20):
        if page.evaluate("() => document.activeElement.id") == f"meld-{layoff.meld_id}":
            break
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    expect(button).to_be_focused()
    box = button.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 614, box
    before = hand_of(table).log
    page.keyboard.press("Enter")
    expect(page.locator(f"#card-{layoff.card}")).to_have_count(0)
    assert hand_of(table).log[len(before)].move == layoff
    context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("game", "players", "language"),
    [("basic", 2, "ru"), ("basic", 2, "lt"), ("gin", 2, "ru"), ("knock", 3, "lt")],
)
def test_at_125_percent_the_card_drawn_and_discard_are_on_the_screen(
    browser: Any, live_server: Any, game: str, players: int, language: str
) -> None:
    """The walk at 125 % zoom on a 1024 x 768 screen (819 x 614 CSS px), keyboard only: a
    Basic Rummy table with a meld on it and a card the computer laid off, opened at its
    status line; "Draw from the stock" and Enter: the card drawn, tagged "только что из
    прикупа" in three lines, took "Discard" 38 px below the screen (23 px in
    Lithuanian). The status line, the hand with the card drawn and its tag, and the
    buttons of the turn are on the screen, in Gin and Knock Rummy too."""
    context = browser.new_context(viewport={"width": 819, "height": 614}, device_scale_factor=1.25)
    page = context.new_page()
    table = start(page, live_server.url, game, players, language=language)
    wait_for_my_turn(page, table)
    if game == "basic":
        page.goto(f"{live_server.url}/{language}/practice/")  # no board asking the computer to move
        computer_lays_off_on_the_learners_meld(table)
        page.goto(f"{live_server.url}/{language}/practice/{table.public_id}/#table-status")
        expect(page.locator("#table .seat__laid-off")).to_be_visible()
    page.wait_for_timeout(300)  # the page's scroll to its fragment, at the load's end
    tab_to(page, "button[name=action][value=draw_stock]")
    before = version(page)
    page.keyboard.press("Enter")
    wait_for_change(page, before)
    expect(page.locator("#table .card-choice__tag")).to_be_visible()
    parts = ["#table-status", "#table .my-hand", "#table .card-choice__tag", "#table .actions"]
    for part in parts:
        box = page.locator(part).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 614, (part, box)
    expect(page.locator("button[name=action][value=discard]")).to_be_in_viewport(ratio=1)
    context.close()
