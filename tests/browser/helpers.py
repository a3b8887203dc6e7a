"""What the browser tests share: reading the page's table, choosing cards by mouse or by
keyboard, and walking through a scoring walkthrough."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from game.engine import AnyMove, Discard, Done, DrawDiscard, DrawStock, Knock, LayDown, LayOff

#: The hand form's button for each kind of move.
ACTIONS: dict[type, str] = {
    DrawStock: "draw_stock",
    DrawDiscard: "draw_discard",
    Discard: "discard",
    Knock: "knock",
    LayDown: "meld",
    LayOff: "lay_off",
    Done: "done",
}


def version(page: Page) -> str:
    return str(page.locator("#table").get_attribute("data-version"))


def wait_for_change(page: Page, before: str) -> None:
    page.wait_for_function(
        "v => { const t = document.querySelector('#table');"
        " return t && (t.dataset.version !== v || !!t.querySelector('.confirm')); }",
        arg=before,
    )


def cards_of(move: AnyMove) -> list[str]:
    """The cards a move ticks on the hand form."""
    if isinstance(move, LayDown):
        return [str(c) for c in move.cards]
    if isinstance(move, Discard | LayOff):
        return [str(move.card)]
    if isinstance(move, Knock):
        return [str(move.discard)]
    return []


def tab_to(page: Page, selector: str, limit: int = 120) -> None:
    """Press Tab until the focus is on an element matching ``selector``."""
    for _ in range(limit):
        if page.evaluate(
            "s => document.activeElement && document.activeElement.matches(s)", selector
        ):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def tick_by_keyboard(page: Page, move: AnyMove) -> None:
    """Tick the move's cards (and meld) with Tab, the arrow keys and Space."""
    cards = cards_of(move)
    if cards:
        tab_to(page, ".card-choice__input")
    for card in cards:
        page.keyboard.press("Home")
        for _ in range(60):
            if page.evaluate("() => document.activeElement.value") == card:
                break
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Space")
        assert page.locator(f"#card-{card}").is_checked()
    if isinstance(move, LayOff):
        tab_to(page, f"#meld-{move.meld_id}, .meld__input")
        for _ in range(20):
            if page.evaluate("() => document.activeElement.id") == f"meld-{move.meld_id}":
                break
            page.keyboard.press("ArrowDown")
        page.keyboard.press("Space")


def tick_by_mouse(page: Page, move: AnyMove) -> None:
    """Tick the move's cards (and meld) by clicking their labels."""
    for card in cards_of(move):
        page.locator(f'label[for="card-{card}"]').click()
    if isinstance(move, LayOff):
        page.locator(f'label[for="meld-{move.meld_id}"]').click()


def walk_through_scoring(page: Page, *, keyboard: bool = False) -> int:
    """Step through the scoring walkthrough with "Next step"; the number of steps shown.

    By keyboard, the focus must stay on "Next step" after each step. A learner who may
    score the hand first lands on "Who collects?" (no step shown yet); Tab leads on."""
    if keyboard and page.locator(".score-yourself__form").count():
        expect(page.locator(".score-yourself__form input[type=radio]").first).to_be_focused()
        assert page.locator(".score-step").count() == 0
        tab_to(page, "#next-step")
    while page.locator("#next-step").count():
        before = page.locator(".score-step").count()
        if keyboard:
            expect(page.locator("#next-step")).to_be_focused()
            page.keyboard.press("Enter")
        else:
            page.locator("#next-step").click()
        page.wait_for_function(
            "n => document.querySelectorAll('.score-step').length > n", arg=before
        )
    return page.locator(".score-step").count()
