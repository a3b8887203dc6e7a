"""Tables for people in Chromium: one player opens a Knock Rummy table (Lithuanian),
shares its code; a second browser (a phone, Russian) sits down with it; they play the
hand to its end, each page showing the other's move without a reload, within moments
(the table's server-sent events), then the walkthrough and the match's score sheet.
Axe on the way."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from classroom import services as classroom_services
from classroom.models import Classroom
from game.engine import BotPlayer, Knock
from game.shared import services
from game.shared.models import SharedTable
from tests.classroom.test_views import pupil_joins

from .axe import serious_violations
from .helpers import ACTIONS, tick_by_mouse, wait_for_change
from .test_classroom import sign_up, unfold


def play_to_the_end(
    table: SharedTable,
    pages: dict[int, Page],
    *,
    knock_after: int,
    before_move: Callable[[Page], None] | None = None,
) -> None:
    """Each person clicks the computer's choice for their seat on their own page (no
    knock before ``knock_after`` moves, so that the hand is played), each time from the
    version the others' last move made, until the hand is over. ``before_move`` is called
    with the mover's page before their first move."""
    for _ in range(400):
        table.refresh_from_db()
        state = services.shared_state(table=table)
        if state.round_over:
            return
        seat = next(s for s in pages if state.my_turn(s))
        mover = pages[seat]
        before = table.version
        # The mover's page shows the table at the version the other's move made, at once:
        # its event stream says so (the page's own poll comes only every 10 s).
        expect(mover.locator(f'#table[data-version="{before}"]')).to_be_visible(timeout=4_000)
        if before_move is not None:
            before_move(mover)
            before_move = None
        view = state.view_for(seat)
        assert view is not None
        move = BotPlayer(seed=seat).choose(view)
        if isinstance(move, Knock) and len(state.current[0].moves) < knock_after:
            move = next(m for m in view.legal_moves if type(m).__name__ == "Discard")
        tick_by_mouse(mover, move)
        mover.locator(f"button[name=action][value={ACTIONS[type(move)]}]").click()
        wait_for_change(mover, str(before))
        if mover.locator("#table .confirm").count():
            # A move that ends the hand is asked about first, as at a practice table:
            # the focus on "No, go back" (the Italian walk), a knock's deadwood said.
            assert isinstance(move, Knock)
            expect(mover.locator("#confirm-no")).to_be_focused()
            expect(mover.locator("#table")).to_have_attribute("data-version", str(before))
            mover.locator("#confirm-yes").click()
        expect(mover.locator("#table")).not_to_have_attribute("data-version", str(before))
    raise AssertionError("the hand did not end")


@pytest.mark.django_db(transaction=True)
def test_two_people_play_a_knock_hand_to_the_end(
    page: Page, browser: Browser, site_url: str
) -> None:
    page.goto(f"{site_url}/lt/play/")
    assert serious_violations(page) == []
    page.locator("#open_game").select_option("knock")
    page.locator("#open_players").select_option("2")
    page.locator("#open_name").fill("Ona")
    page.locator("#open_name").press("Enter")
    expect(page.locator("#waiting-title")).to_be_visible()
    assert serious_violations(page) == []
    table = SharedTable.objects.get()

    phone = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    sasha = phone.new_page()
    sasha.goto(f"{site_url}/ru/play/code/{table.code}/")
    assert serious_violations(sasha) == []
    sasha.locator("#id_name").fill("Саша")
    sasha.locator("#id_name").press("Enter")
    expect(sasha.locator("#hand-form")).to_be_visible()
    # Ona's waiting room turns into the table by itself, as soon as its events say so.
    expect(page.locator("#hand-form")).to_be_visible(timeout=4_000)
    for target in (page, sasha):
        target.evaluate("window.__stillHere = true")
    assert sasha.evaluate("document.documentElement.scrollWidth") <= 360
    assert serious_violations(sasha) == []

    play_to_the_end(table, {0: page, 1: sasha}, knock_after=6)
    # Each reads their own row as "You" in their page's language, the other's by name.
    for target, rows in ((page, ["Jūs", "Саша"]), (sasha, ["Ona", "Вы"])):
        expect(target.locator("#result-title")).to_be_visible(timeout=10_000)
        assert target.evaluate("window.__stillHere") is True, "a page reloaded"
        # The whole walkthrough (htmx swaps it in), then the match's score sheet.
        expect(target.locator("table.scores")).to_have_count(0)
        target.locator('.score-nav a[href*="?step=all"]').click()
        expect(target.locator("table.scores tbody tr")).to_have_count(2)
        expect(target.locator("table.scores tbody th")).to_have_text(rows)
        assert target.evaluate("window.__stillHere") is True, "a page reloaded"
    assert serious_violations(page) == []
    assert serious_violations(sasha) == []
    phone.close()


LANGUAGES = ("en", "lt", "ru", "it")


def a_class_joined(
    page: Page, browser: Browser, site_url: str, language: str, pupils: list[tuple[str, bool]]
) -> tuple[list[BrowserContext], list[Page]]:
    """A teacher signs up in ``language`` and makes the class 5B; each pupil (a page
    language, and whether on a phone) joins it in a browser of their own as Pupil<n>.
    The teacher's page is reloaded to list them."""
    sign_up(page, site_url, language)
    page.locator("#class_name").fill("5B")
    page.locator("#class_name").press("Enter")
    code = page.locator(".code--big").inner_text()
    contexts, pages = [], []
    for number, (their_language, phone) in enumerate(pupils):
        context = browser.new_context(
            viewport={"width": 360, "height": 740} if phone else {"width": 1024, "height": 768},
            is_mobile=phone,
        )
        contexts.append(context)
        pupil = context.new_page()
        pupil.goto(f"{site_url}/{their_language}/join/{code}/")
        pupil.locator("#id_name").fill(f"Pupil{number}")
        pupil.locator("#id_name").press("Enter")
        expect(pupil.locator("section[aria-labelledby=my-assignments]")).to_be_visible()
        pages.append(pupil)
    page.reload()
    return contexts, pages


@pytest.mark.django_db(transaction=True)
def test_four_pupils_play_knock_at_one_table_while_the_teacher_watches(
    page: Page, browser: Browser, site_url: str
) -> None:
    """The teacher seats a class of four at one Knock Rummy table; the pupils, each in
    their own language (one on a phone), play the hand to its end from their classroom
    pages, one of them asking the coach first by the keyboard; the teacher's class page
    shows the table and the hand's end without a reload; each pupil then reviews the
    hand as they saw it."""
    contexts, joined = a_class_joined(
        page, browser, site_url, "en", [(language, n == 1) for n, language in enumerate(LANGUAGES)]
    )
    pupils = dict(enumerate(joined))
    unfold(page, "seat")
    page.locator("#seat-game").select_option("knock")
    page.locator("#seat-players").select_option("4")
    page.locator("form[action$='/tables/'] button").press("Enter")
    expect(page.locator(".class-tables")).to_contain_text("Pupil0", timeout=10_000)
    assert serious_violations(page) == []
    page.evaluate("window.__stillHere = true")
    table = SharedTable.objects.get()
    assert not any(s.get("bot") for s in table.seats)
    by_seat: dict[int, Page] = {}
    for number, pupil in pupils.items():
        pupil.reload()
        pupil.locator(f"a[href$='/play/{table.public_id}/']").click()
        expect(pupil.locator("#hand-form")).to_be_visible()
        seat = next(i for i, s in enumerate(table.seats) if s["name"] == f"Pupil{number}")
        by_seat[seat] = pupil
        pupil.evaluate("window.__stillHere = true")
    assert pupils[1].evaluate("document.documentElement.scrollWidth") <= 360
    # The teacher opens the table face up in a second tab (for her eyes only).
    face_up = page.context.new_page()
    face_up.goto(page.url)
    face_up.locator(f"a[href$='/tables/{table.public_id}/?view=all']").click()
    expect(face_up.locator("#class-table")).to_be_visible()
    assert serious_violations(face_up) == []
    face_up.evaluate("window.__stillHere = true")

    def ask_the_coach(mover: Page) -> None:  # with the keyboard
        mover.locator("form[action$='/hint/'] button").press("Enter")
        expect(mover.locator(".coach")).to_be_visible()
        assert serious_violations(mover) == []

    play_to_the_end(table, by_seat, knock_after=12, before_move=ask_the_coach)
    for pupil in pupils.values():
        expect(pupil.locator("#result-title")).to_be_visible(timeout=10_000)
        assert pupil.evaluate("window.__stillHere") is True, "a pupil's page reloaded"
    # The teacher's page showed the hand's end by itself.
    expect(page.locator(".class-tables")).to_contain_text("hand 1 over", timeout=10_000)
    assert page.evaluate("window.__stillHere") is True, "the teacher's page reloaded"
    expect(face_up.locator(".projector__where")).to_contain_text(
        "The hand is over.", timeout=10_000
    )
    assert face_up.evaluate("window.__stillHere") is True, "the face-up view reloaded"
    # Each pupil's review: their own cards, in their language; axe on one.
    italian = pupils[3]
    italian.locator(f"a[href$='/play/{table.public_id}/review/1/']").click()
    expect(italian.locator(".review__position")).to_be_visible()
    assert italian.locator("html").get_attribute("lang") == "it"
    assert serious_violations(italian) == []
    italian.locator("#review-next").press("Enter")
    expect(italian.locator(".review__position")).to_contain_text("1")
    for context in contexts:
        context.close()


@pytest.mark.django_db(transaction=True)
def test_a_player_leaves_the_computer_plays_and_they_take_the_seat_back(
    page: Page, browser: Browser, site_url: str
) -> None:
    page.goto(f"{site_url}/it/play/")
    page.locator("#open_game").select_option("gin")
    page.locator("#open_players").select_option("2")
    page.locator("#open_away").select_option("30")
    page.locator("#open_name").fill("Giulia")
    page.locator("#open_name").press("Enter")
    table = SharedTable.objects.get()
    assert table.away_seconds == 30
    other = browser.new_context()
    sasha = other.new_page()
    sasha.goto(f"{site_url}/ru/play/code/{table.code}/")
    sasha.locator("#id_name").fill("Саша")
    sasha.locator("#id_name").press("Enter")
    expect(sasha.locator("#hand-form")).to_be_visible()
    expect(page.locator("#hand-form")).to_be_visible(timeout=10_000)
    page.evaluate("window.__stillHere = true")
    # Sasha leaves with the keyboard: Giulia's page says the computer plays for him.
    sasha.locator("form.leave-table button").press("Enter")
    expect(sasha.locator("#take-seat-back")).to_be_visible()
    assert serious_violations(sasha) == []
    expect(page.locator(".message--ok")).to_contain_text("Саша", timeout=10_000)
    table.refresh_from_db()
    assert table.seats[1]["away"] is True
    state = services.shared_state(table=table)
    assert state.round_over or state.my_turn(0)
    # He comes back: the notice goes from Giulia's page.
    sasha.locator("#take-seat-back").press("Enter")
    expect(sasha.locator("#take-seat-back")).to_have_count(0)
    # The focus at the table's status, where the page without JavaScript opens: a
    # screen reader says where he is (it went to the hand's first card).
    expect(sasha.locator("#table-status")).to_be_focused()
    # And he is told so, on the page and in #announce (the Italian walk: the away
    # notice just went, and a screen reader heard nothing).
    expect(sasha.locator("#seat-back")).to_be_visible()
    expect(sasha.locator("#announce")).to_contain_text(sasha.locator("#seat-back").inner_text())
    expect(page.locator(".message--ok", has_text="Саша")).to_have_count(0, timeout=10_000)
    assert page.evaluate("window.__stillHere") is True
    other.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("javascript", [True, False])
def test_the_opener_chooses_how_the_computer_players_knock(
    browser: Browser, site_url: str, javascript: bool
) -> None:
    """As on the practice form: the Knock Rummy option, ticked, shows with JavaScript once
    Knock Rummy is chosen (always without it, named by its game); the table says what the
    opener chose."""
    context = browser.new_context(java_script_enabled=javascript)
    page = context.new_page()
    for ticked, said in ((True, "give you time to play"), (False, "play to win")):
        page.goto(f"{site_url}/en/play/")
        box = page.locator("#open_patient_computers")
        page.locator("#open_game").select_option("gin")
        if javascript:
            expect(box).to_be_hidden()
        page.locator("#open_game").select_option("knock")
        expect(box).to_be_visible()
        expect(box).to_be_checked()
        if not ticked:
            box.uncheck()
        page.locator("#open_players").select_option("2")
        page.locator("#open_computers").select_option("1")
        page.locator("#open_name").fill("Ona")
        page.locator("#open_name").press("Enter")
        expect(page.locator("#table .table-area__computers")).to_contain_text(said)
        table = SharedTable.objects.latest("created")
        assert table.computers == ("patient" if ticked else "bot")
    context.close()


@pytest.mark.django_db(transaction=True)
def test_the_teacher_ends_a_table_and_the_pupils_pages_say_so_by_themselves(
    page: Page, browser: Browser, site_url: str
) -> None:
    """The teacher (Lithuanian) seats two pupils at a Gin table, opens it face up and ends
    it with the keyboard; each pupil's open table page (a Russian phone, an Italian
    laptop) then says so without a reload, and offers no move; their classroom page
    lists the table as ended, with a link to look back at it."""
    contexts, pupils = a_class_joined(page, browser, site_url, "lt", [("ru", True), ("it", False)])
    unfold(page, "seat")
    page.locator("#seat-game").select_option("gin")
    page.locator("#seat-players").select_option("2")
    page.locator("form[action$='/tables/'] button").press("Enter")
    expect(page.locator(".class-tables")).to_contain_text("Pupil0", timeout=10_000)
    table = SharedTable.objects.get()
    for pupil in pupils:
        pupil.reload()
        pupil.locator(f"a[href$='/play/{table.public_id}/']").click()
        expect(pupil.locator("#hand-form")).to_be_visible()
        pupil.evaluate("window.__stillHere = true")
    page.locator(f"a[href$='/tables/{table.public_id}/?view=all']").click()
    page.locator("button[value=end]").focus()
    page.keyboard.press("Enter")
    # It asks first, the focus on the safe choice.
    expect(page.locator("#end-table-cancel")).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(page.locator("#end-table-yes")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".projector [role=status]").first).to_contain_text("baigtas")
    assert page.locator("button[value=pause]").count() == 0
    assert serious_violations(page) == []
    words = {
        "ru": "Учитель завершил игру",
        "it": "L'insegnante ha terminato la partita a questo tavolo",
    }
    for pupil, language in zip(pupils, ("ru", "it"), strict=True):
        expect(pupil.locator("#table")).to_contain_text(words[language], timeout=10_000)
        assert pupil.evaluate("window.__stillHere") is True, "a pupil's page reloaded"
        assert pupil.locator("#table button[name=action]").count() == 0
        assert pupil.locator("#leave-table").count() == 0
    phone = pupils[0]
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    assert serious_violations(phone) == []
    phone.locator("#table a.button").click()  # back to their classroom page
    expect(phone.locator("section[aria-labelledby=my-assignments]")).to_contain_text(
        "Завершённая игра"
    )
    assert phone.locator("a.button", has_text="Играть").count() == 0
    for context in contexts:
        context.close()


@pytest.mark.django_db(transaction=True)
def test_a_keyboard_teacher_stays_on_the_table_button_just_pressed(
    page: Page, browser: Browser, site_url: str
) -> None:
    """The Russian teacher's walk: after "Pause the table" (Enter) the page came back with
    the focus at its top, 16 Tab presses from "Let them go on". The page opens on the
    button that undoes what was just done, with or without JavaScript; "End the table"
    asks first, the focus on "Cancel"."""
    sign_up(page, site_url, "en")
    page.locator("#class_name").fill("5B")
    page.locator("#class_name").press("Enter")
    expect(page.locator("h1")).to_have_text("5B")
    classroom = Classroom.objects.get()
    for name in ("Ona", "Jonas"):
        pupil_joins(classroom.join_code, name, "en")
    (table,) = classroom_services.class_seat(classroom=classroom, game="knock", players=2)
    url = f"{site_url}/en/classroom/{classroom.public_id}/tables/{table.public_id}/"
    no_js = browser.new_context(
        java_script_enabled=False, storage_state=page.context.storage_state()
    )
    page.goto(url)  # the class view (every hand face down), which may be projected
    assert serious_violations(page) == []
    for tab in (page, no_js.new_page()):
        tab.goto(url)
        for pressed, focused in [
            ("pause", "go-on"),
            ("go-on", "pause"),
            ("hints-off", "hints-on"),
            ("hints-on", "hints-off"),
        ]:
            tab.locator(f"button[value={pressed}]").focus()
            tab.keyboard.press("Enter")
            expect(tab.locator(f"button[value={focused}]")).to_be_focused()
        tab.keyboard.press("Tab")
        expect(tab.locator("button[value=end]")).to_be_focused()
        tab.keyboard.press("Enter")
        expect(tab.locator("#end-table-cancel")).to_be_focused()
        expect(tab.locator("#end-table-question")).to_have_text("End this table for good?")
        tab.keyboard.press("Enter")  # Cancel: nothing ended
        expect(tab.locator("button[value=end]")).to_be_visible()
        table.refresh_from_db()
        assert table.ended is None
        # "A new return code for Ona" asks first, the page opening on "Cancel".
        ona = classroom.pupils.get(name="Ona")
        tab.goto(f"{site_url}/en/classroom/{classroom.public_id}/")
        unfold(tab, "pupils")
        tab.locator(f"#pupil-{ona.pk} summary").click()
        tab.locator(f"#pupil-{ona.pk} button", has_text="A new return code").focus()
        tab.keyboard.press("Enter")
        expect(tab.locator(f"#new-code-{ona.pk}-cancel")).to_be_focused()
        expect(tab.locator(f"#new-code-{ona.pk}-question")).to_be_in_viewport()
        tab.keyboard.press("Enter")
        expect(tab.locator(f"#new-code-{ona.pk}")).to_have_count(0)
        assert classroom.pupils.get(name="Ona").return_code == ona.return_code
    no_js.close()
