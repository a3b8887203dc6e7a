"""The classroom in Chromium: a teacher signs up and makes a class with the keyboard,
projects its join page (code and QR code); a pupil joins from a second browser (a
phone) by the join link, is on the teacher's list, and continues in a third browser
with their return code. Axe on every page on the way."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from playwright.sync_api import Browser, BrowserContext, Page, expect

from classroom import services
from classroom.models import Classroom, Pupil
from game.shared.models import SharedTable
from tests import factories
from tests.classroom.test_views import pupil_joins

from .axe import serious_violations

PASSWORD = "Kortos-2026!x"


def in_large_type(page: Page, site_url: str, language: str) -> None:
    """Turn on the display settings' large type, as a teacher does for a projector (the
    settings page in ``language``, its box ticked and saved)."""
    page.goto(f"{site_url}/{language}/display/")
    page.locator("input[name=large_type]").check()
    page.locator("main form button[type=submit]").click()


def unfold(page: Page, part: str) -> None:
    """Open a folded part of the class page (its summary), as the teacher does."""
    page.locator(f"section[aria-labelledby={part}-title] > details.class-fold > summary").click()


def sign_up(page: Page, site_url: str, language: str, *, axe: bool = True) -> None:
    page.goto(f"{site_url}/{language}/accounts/signup/")
    if axe:  # axe runs in the page: not without JavaScript
        assert serious_violations(page) == []
    page.locator("#id_username").fill("mokytoja")
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    page.locator("#id_password2").press("Enter")  # the keyboard sends the form
    expect(page).to_have_url(f"{site_url}/{language}/classroom/")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "lt", "ru", "it"])
def test_a_teacher_makes_a_class_and_a_pupil_joins_from_a_phone(
    page: Page, browser: Browser, site_url: str, language: str
) -> None:
    sign_up(page, site_url, language)
    assert serious_violations(page) == []
    page.locator("#class_name").fill("5B")
    page.locator("#class_name").press("Enter")
    expect(page.locator("h1")).to_have_text("5B")
    assert serious_violations(page) == []
    code = page.locator(".code--big").inner_text()
    assert re.fullmatch(r"[A-Z0-9]{6}", code)

    # The join page for the projector: the code in large type and a QR code.
    page.locator(f"a[href$='/classroom/{page.url.rstrip('/').split('/')[-1]}/projector/']").click()
    expect(page.locator(".projector__code [aria-hidden=true]")).to_have_text(code)
    expect(page.locator(".qr__svg")).to_be_visible()
    assert serious_violations(page) == []
    join_link = page.locator(".projector__url").inner_text()
    assert join_link.endswith(f"/join/{code}/")

    # A pupil on a phone opens the join link, types a name and joins.
    phone = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    pupil = phone.new_page()
    pupil.goto(f"http://{join_link}" if "://" not in join_link else join_link)
    expect(pupil.locator("h1")).to_contain_text("5B")
    assert pupil.evaluate("document.documentElement.scrollWidth") <= 360
    assert serious_violations(pupil) == []
    pupil.locator("#id_name").fill("Ona")
    pupil.locator("#id_name").press("Enter")
    expect(pupil.locator(".message--ok")).to_contain_text("Ona")
    membership = Pupil.objects.get()
    mine = pupil.locator("section[aria-labelledby=my-assignments]")
    expect(mine).to_contain_text(membership.shown_return_code)
    assert serious_violations(pupil) == []

    # The teacher sees her on the class page.
    page.locator("main a[href$='/classroom/" + membership.classroom.public_id + "/']").click()
    expect(page.locator("table.pupils")).to_contain_text("Ona")
    expect(page.locator("table.pupils")).not_to_contain_text(membership.shown_return_code)

    # Another computer: the return code, and it is Ona's work there.
    other = browser.new_context()
    home = other.new_page()
    home.goto(f"{site_url}/{language}/return/")
    assert serious_violations(home) == []
    home.locator("#id_code").fill(membership.shown_return_code.lower())
    home.locator("#id_code").press("Enter")
    expect(home.locator("section[aria-labelledby=my-assignments]")).to_contain_text("5B")
    expect(home.locator(".message--ok")).to_contain_text("Ona")
    phone.close()
    other.close()


@pytest.mark.django_db(transaction=True)
def test_the_classroom_works_without_javascript(browser: Browser, site_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    sign_up(page, site_url, "lt", axe=False)
    page.locator("#class_name").fill("6A")
    page.locator("form[action$='/classroom/new/'] button").click()
    expect(page.locator("h1")).to_have_text("6A")
    page.locator("form[action$='/joining/'] button").click()
    expect(page.locator(".message--ok")).to_be_visible()
    expect(page.locator("form[action$='/joining/'] input[name=open]")).to_have_value("1")
    # The notice is said in "How pupils join", which has the focus (#join-notice).
    expect(page.locator("#join-notice")).to_be_focused()
    context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("javascript", [True, False])
def test_a_csv_is_downloaded_with_the_teachers_time_zone(
    browser: Browser, site_url: str, javascript: bool
) -> None:
    """The Italian teacher's walk: the export's times were Vilnius's in Rome, and without
    JavaScript they still were. The form offers the browser's time zone (site.js), or
    without JavaScript the site's, to be chosen once: the next visit offers the zone
    the last file was in. The file is named from the class, its times in that zone."""
    context = browser.new_context(
        timezone_id="Europe/Rome", accept_downloads=True, java_script_enabled=javascript
    )
    page = context.new_page()
    sign_up(page, site_url, "it", axe=False)
    page.locator("#class_name").fill("3ª B")
    page.locator("#class_name").press("Enter")
    expect(page.locator("h1")).to_have_text("3ª B")
    unfold(page, "downloads")
    zone = page.locator("select[name=tz]")
    if javascript:
        expect(zone).to_have_value("Europe/Rome")
        assert serious_violations(page) == []
    else:
        expect(zone).to_have_value(settings.TIME_ZONE)
        zone.select_option("Europe/Rome")
    for button in (
        "button[formaction$='/grid.csv']",
        "form.class-downloads button:not([formaction])",
    ):
        with page.expect_download() as download:
            page.locator(button).click()
        assert download.value.url.endswith(".csv?tz=Europe%2FRome"), download.value.url
        assert download.value.suggested_filename.startswith("3a-b-")
    text = Path(download.value.path()).read_text(encoding="utf-8-sig")
    assert "(Europe/Rome)" in text.splitlines()[0]  # the heading of the times' column
    page.reload()
    expect(zone).to_have_value("Europe/Rome")
    context.close()


@pytest.mark.django_db(transaction=True)
def test_a_teacher_outside_the_sites_region_finds_their_zone_on_the_downloads_page(
    browser: Browser, site_url: str
) -> None:
    """The class page offers the zones of the site's region only (the Russian teacher's
    walk: 600 zones were 20 KB of it): a teacher in Tokyo follows "Other time zones",
    where site.js has chosen the browser's own; the class page then offers it."""
    context = browser.new_context(timezone_id="Asia/Tokyo", accept_downloads=True)
    page = context.new_page()
    sign_up(page, site_url, "en", axe=False)
    page.locator("#class_name").fill("5B")
    page.locator("#class_name").press("Enter")
    zone = page.locator("select[name=tz]")
    expect(zone).to_have_value(settings.TIME_ZONE)
    unfold(page, "downloads")
    page.locator("form.class-downloads a[href$='/downloads/']").click()
    expect(zone).to_have_value("Asia/Tokyo")
    assert serious_violations(page) == []
    with page.expect_download() as download:
        page.locator("button[formaction$='/grid.csv']").click()
    assert download.value.url.endswith(".csv?tz=Asia%2FTokyo"), download.value.url
    page.locator(".breadcrumb a").click()  # back to the class page
    expect(page.locator("h1")).to_have_text("5B")
    expect(zone).to_have_value("Asia/Tokyo")
    context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("javascript", [True, False])
def test_a_refused_join_opens_on_the_field_in_error(
    browser: Browser, site_url: str, javascript: bool
) -> None:
    """The accessibility walk: after a wrong code the focus was on the page's body and
    the error a page-level alert; now the code field has the focus, and its description
    is the error (with or without JavaScript)."""
    context = browser.new_context(java_script_enabled=javascript)
    page = context.new_page()
    page.goto(f"{site_url}/en/join/")
    page.locator("#id_code").fill("ZZZZZZ")
    page.locator("#id_name").fill("Jonas")
    page.locator("#id_name").press("Enter")
    code = page.locator("#id_code")
    expect(code).to_be_focused()
    expect(code).to_have_attribute("aria-invalid", "true")
    expect(code).to_have_accessible_description(re.compile("No class has this code"))
    if javascript:
        assert serious_violations(page) == []
    context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("javascript", [True, False])
def test_a_wrong_return_code_opens_on_the_code_and_says_what_to_do_without_a_card(
    browser: Browser, site_url: str, javascript: bool
) -> None:
    """The Russian teacher's walk: a pupil typing an old code (their teacher had given
    them a new one) read a page-level alert that did not say what to do without their
    card, the focus on the page's body. Now the code field has the focus, and its
    description is the error, which sends them to their teacher."""
    context = browser.new_context(java_script_enabled=javascript)
    page = context.new_page()
    page.goto(f"{site_url}/en/return/")
    page.locator("#id_code").fill("KX7M-4PRT")
    page.locator("#id_code").press("Enter")
    code = page.locator("#id_code")
    expect(code).to_be_focused()
    expect(code).to_have_attribute("aria-invalid", "true")
    expect(code).to_have_value("KX7M-4PRT")
    expect(code).to_have_accessible_description(re.compile("Ask your teacher for a new code"))
    if javascript:
        assert serious_violations(page) == []
    context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("javascript", [True, False])
def test_a_refused_assignment_or_class_name_opens_on_the_field_in_error(
    browser: Browser, site_url: str, javascript: bool
) -> None:
    """The Russian teacher's walk: a due date in the past came back at
    .../assignments/#set-assignment with the date autofocused, but a browser skips
    autofocus at a fragment: the focus was on the page's body. The field in error is
    the element the fragment names, so it has the focus, described by its error (with
    or without JavaScript); so does the class's name refused under "Name and language"."""
    signing = browser.new_context()
    signing_page = signing.new_page()
    sign_up(signing_page, site_url, "en", axe=False)
    signing_page.locator("#class_name").fill("6A")
    signing_page.locator("#class_name").press("Enter")
    expect(signing_page.locator("h1")).to_have_text("6A")
    context = browser.new_context(java_script_enabled=javascript)
    context.add_cookies(signing.cookies())
    page = context.new_page()
    page.goto(signing_page.url)
    page.locator("#assign_what").select_option("drill:gin:deadwood")
    page.locator("#assign_due").fill("2000-01-01")
    page.locator("form[action*='/assignments/'] button").press("Enter")
    due = page.locator("input[name=due]")
    expect(due).to_be_focused()
    expect(due).to_have_attribute("aria-invalid", "true")
    expect(due).to_have_accessible_description(re.compile("The due date has passed"))
    expect(page.get_by_label("Due date (optional)")).to_have_count(1)
    unfold(page, "settings")
    page.locator("form[action*='/edit/'] input[name=name]").fill("")
    page.locator("form[action*='/edit/'] button").press("Enter")
    name = page.locator("form[action*='/edit/'] input[name=name]")
    expect(name).to_be_focused()
    expect(name).to_have_accessible_description(re.compile("This field is required"))
    expect(page.get_by_label("Name of the class")).to_have_count(1)
    context.close()
    signing.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("javascript", [True, False])
def test_a_refused_rename_opens_on_the_pupils_name_field(
    browser: Browser, site_url: str, javascript: bool
) -> None:
    """The Italian teacher's walk: renaming Sofia to "giulia" (taken) came back at
    .../name/#pupil-N, the row, with the name field autofocused, but a browser skips
    autofocus at a fragment: the focus was on the page's body. The fragment is the field
    now, so it has the focus, as typed, described by its error."""
    from django.contrib.auth.models import User

    signing = browser.new_context()
    signing_page = signing.new_page()
    sign_up(signing_page, site_url, "en", axe=False)
    classroom = services.class_create(
        teacher=User.objects.get(username="mokytoja"), name="3B", language="en"
    )
    for name in ("Giulia", "Sofia"):
        services.class_join(learner=factories.learner(name), code=classroom.join_code, name=name)
    sofia = Pupil.objects.get(name="Sofia")
    context = browser.new_context(java_script_enabled=javascript)
    context.add_cookies(signing.cookies())
    page = context.new_page()
    page.goto(f"{site_url}/en/classroom/{classroom.public_id}/")
    unfold(page, "pupils")
    row = page.locator(f"#pupil-{sofia.pk}")
    row.locator("summary").click()
    row.locator("input[name=name]").fill("giulia")
    row.locator("input[name=name]").press("Enter")
    field = page.locator(f"#pupil-{sofia.pk}-name")
    expect(field).to_be_focused()
    expect(field).to_have_value("giulia")
    expect(field).to_have_accessible_description(re.compile("Giulia is already in the class"))
    context.close()
    signing.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("javascript", [True, False])
def test_after_renaming_giving_a_new_code_or_removing_a_pupil_the_focus_is_on_their_row(
    browser: Browser, site_url: str, javascript: bool
) -> None:
    """The Russian teacher's walk: each of them came back at the pupil's row
    (``#pupil-N``), its notice there, but the focus was on the page's body (the keyboard
    went on from the page's top). The row has it now, its notice read out with it."""
    from django.contrib.auth.models import User

    signing = browser.new_context()
    signing_page = signing.new_page()
    sign_up(signing_page, site_url, "en", axe=False)
    classroom = services.class_create(
        teacher=User.objects.get(username="mokytoja"), name="3B", language="en"
    )
    for name in ("Giulia", "Marco", "Sofia"):
        services.class_join(learner=factories.learner(name), code=classroom.join_code, name=name)
    sofia, marco = Pupil.objects.get(name="Sofia"), Pupil.objects.get(name="Marco")
    context = browser.new_context(java_script_enabled=javascript)
    context.add_cookies(signing.cookies())
    page = context.new_page()
    page.goto(f"{site_url}/en/classroom/{classroom.public_id}/")
    unfold(page, "pupils")
    row = page.locator(f"#pupil-{sofia.pk}")
    row.locator("summary").click()
    row.locator("input[name=name]").fill("Sofia B")
    row.locator("input[name=name]").press("Enter")
    expect(row).to_be_focused()
    expect(row.locator("[role=status]")).to_contain_text("Sofia B")
    row.locator("summary").click()
    row.locator("button", has_text="A new return code").click()
    page.locator(f"#pupil-{sofia.pk} button", has_text="Yes, give a new code").click()
    expect(row).to_be_focused()
    expect(row.locator("[role=status]")).to_be_visible()
    marco_row = page.locator(f"#pupil-{marco.pk}")
    marco_row.locator("summary").click()
    marco_row.locator("button", has_text="Remove Marco from the class").click()
    page.locator(f"#pupil-{marco.pk} button", has_text="Remove").first.click()
    expect(marco_row).to_be_focused()
    expect(marco_row).to_contain_text("Marco is no longer in the class")
    context.close()
    signing.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("javascript", [True, False])
def test_passwords_that_differ_are_typed_again_from_the_first(
    browser: Browser, site_url: str, javascript: bool
) -> None:
    """The Lithuanian walk: passwords that did not match came back empty, the focus on
    the confirmation; a keyboard user typed it alone, then was told the password was
    missing. The focus is on the password, described by the reason; Tab leads to the
    confirmation, and the account is made (with or without JavaScript)."""
    context = browser.new_context(java_script_enabled=javascript)
    page = context.new_page()
    page.goto(f"{site_url}/lt/accounts/signup/")
    page.locator("#id_username").fill("mokytoja")
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD + "x")
    page.locator("#id_password2").press("Enter")
    first = page.locator("#id_password1")
    expect(first).to_be_focused()
    expect(first).to_have_accessible_description(re.compile("nesutampa"))
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Tab")
    expect(page.locator("#id_password2")).to_be_focused()
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{site_url}/lt/classroom/")
    context.close()


@pytest.mark.django_db(transaction=True)
def test_seating_the_class_offers_only_the_numbers_the_game_is_played_by(
    page: Page, site_url: str
) -> None:
    """The Italian teacher's walk: Gin Rummy offered 5 and 6 players and then refused
    them. The list follows the game chosen: Gin 2 to 4 (a 5 chosen before gives way to
    4), Knock Rummy 2 to 6 again."""
    sign_up(page, site_url, "it", axe=False)
    page.locator("#class_name").fill("3A")
    page.locator("#class_name").press("Enter")
    expect(page.locator("h1")).to_have_text("3A")
    unfold(page, "seat")
    players = page.locator("#seat-players")
    shown = "el => Array.from(el.options).filter(o => !o.disabled).map(o => o.value)"
    page.locator("#seat-game").select_option("knock")
    players.select_option("5")
    page.locator("#seat-game").select_option("gin")
    assert players.evaluate(shown) == ["2", "3", "4"]
    expect(players).to_have_value("4")
    page.locator("#seat-game").select_option("knock")
    assert players.evaluate(shown) == ["2", "3", "4", "5", "6"]
    expect(players).to_have_value("4")
    # With pupils, the preview under the form: the lines of the game's numbers, the
    # number chosen marked (the Italian walk: "3 per table" for four made 2 tables of 2).
    classroom = Classroom.objects.get()
    for name in ("Giulia", "Luca", "Sofia", "Marta"):
        pupil_joins(classroom.join_code, name, "it")
    page.reload()
    unfold(page, "seat")  # folded again: nothing is kept
    page.locator("#seat-game").select_option("gin")
    players.select_option("3")
    lines = page.locator(".seat-preview li")
    expect(lines.locator("visible=true")).to_have_count(3)
    expect(page.locator(".seat-preview li[aria-current]")).to_have_count(1)
    expect(page.locator(".seat-preview li[aria-current]")).to_have_attribute("data-players", "3")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_teacher_sets_a_guided_hand_and_the_pupil_starts_it(
    page: Page, browser: Browser, site_url: str, language: str
) -> None:
    sign_up(page, site_url, language)
    page.locator("#class_name").fill("5B")
    page.locator("#class_name").press("Enter")
    expect(page.locator("h1")).to_have_text("5B")
    code = page.locator(".code--big").inner_text()
    page.locator("#assign_what").select_option("guided:gin:gin-01-first-knock")
    page.locator("form[action*='/assignments/'] button").press("Enter")
    expect(page.locator(".assignment-list")).to_have_count(1)
    assert serious_violations(page) == []
    page.evaluate("window.__stillHere = true")

    phone = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    pupil = phone.new_page()
    pupil.goto(f"{site_url}/{language}/join/{code}/")
    pupil.locator("#id_name").fill("Ona")
    pupil.locator("#id_name").press("Enter")
    item = pupil.locator("#my-classes > h3 + p + .assignment-list li").first
    expect(item.locator(".state--not-started")).to_be_visible()
    assert pupil.evaluate("document.documentElement.scrollWidth") <= 360
    assert serious_violations(pupil) == []
    item.locator("a").click()
    # At the coach over the hand, as every link into a guided hand opens it.
    expect(pupil).to_have_url(f"{site_url}/{language}/guided/gin-01-first-knock/#table-status")
    # Ona draws from the stock where the hand wants the discard: a mistake.
    pupil.locator("button[name=action][value=draw_stock]").click()
    expect(pupil.locator(".feedback--other")).to_be_visible()
    phone.close()

    # The teacher's page shows Ona in the grid by itself (its poll), without a reload,
    # and her mistake in words among the class's common mistakes.
    expect(page.locator(".progress-grid tbody th")).to_have_text("Ona", timeout=15_000)
    expect(page.locator(".progress-grid tbody td.state").first).to_have_class(
        re.compile("state--in-progress")
    )
    mistakes = page.locator(".mistake-list li")
    expect(mistakes).to_have_count(1, timeout=15_000)
    expect(mistakes).to_contain_text("Ona")
    if language == "en":
        expect(mistakes).to_contain_text("in a guided hand, drawing from the other pile")
    assert page.evaluate("window.__stillHere") is True, "the page reloaded"
    # The class page with its grid on a phone: the grid scrolls in its box, the page
    # does not (its columns' hidden labels had widened it to 566-751 px).
    page.set_viewport_size({"width": 360, "height": 740})
    page.reload()
    expect(page.locator(".progress-grid tbody th")).to_have_text("Ona")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "lt"])
def test_a_guided_hand_on_the_projector_with_the_arrow_keys(
    page: Page, site_url: str, language: str
) -> None:
    sign_up(page, site_url, language)
    page.goto(f"{site_url}/{language}/classroom/projector/")
    assert serious_violations(page) == []
    page.locator("a[href$='/projector/guided/gin-01-first-knock/']").click()
    expect(page.locator(".projector__prompt")).to_be_visible()
    assert serious_violations(page) == []
    page.keyboard.press("ArrowRight")  # the answer
    expect(page.locator(".projector__answer")).to_be_visible()
    assert "reveal=1" in page.url
    page.keyboard.press("ArrowRight")  # the next step
    expect(page).to_have_url(re.compile(r"step=1$"))
    page.keyboard.press("ArrowLeft")  # back to the answer of the first step
    expect(page).to_have_url(re.compile(r"step=0&reveal=1$"))
    assert serious_violations(page) == []


@pytest.mark.django_db(transaction=True)
def test_a_live_exercise_with_two_pupils_in_their_own_languages(
    page: Page, browser: Browser, site_url: str
) -> None:
    """The teacher starts a guided hand for the class; two pupils (a phone in Lithuanian,
    a computer in Russian) answer each step; the projector's bars fill as they answer,
    the arrow keys show the answer and move the class on; nobody reloads."""
    sign_up(page, site_url, "en")
    page.locator("#class_name").fill("5B")
    page.locator("#class_name").press("Enter")
    code = page.locator(".code--big").inner_text()
    page.locator("#live-scenario").select_option("gin-01-first-knock")
    page.locator("form[action$='/live/start/'] button").press("Enter")
    expect(page.locator(".projector__prompt")).to_be_visible()
    expect(page.locator("#answers-title")).to_contain_text("0 of 0")
    assert serious_violations(page) == []

    pupils = []
    for name, language, viewport in [
        ("Ona", "lt", {"width": 360, "height": 740}),
        ("Саша", "ru", {"width": 1024, "height": 768}),
    ]:
        context = browser.new_context(viewport=viewport, is_mobile=viewport["width"] < 400)
        pupil = context.new_page()
        pupil.goto(f"{site_url}/{language}/join/{code}/")
        pupil.locator("#id_name").fill(name)
        pupil.locator("#id_name").press("Enter")
        pupil.locator(".live-now a").click()
        expect(pupil.locator(".coach__prompt")).to_be_visible()
        assert serious_violations(pupil) == []
        pupils.append((context, pupil))
    ona, sasha = pupils[0][1], pupils[1][1]
    assert ona.evaluate("document.documentElement.scrollWidth") <= 360
    page.evaluate("window.__stillHere = true")
    for pupil in (ona, sasha):
        pupil.evaluate("window.__stillHere = true")

    # Step 1: Ona takes the discard (the right move), Sasha draws from the stock.
    ona.locator("button[name=action][value=draw_discard]").click()
    expect(ona.locator(".feedback--waiting")).to_be_visible()
    sasha.locator("button[name=action][value=draw_stock]").press("Enter")
    expect(sasha.locator(".feedback--waiting")).to_be_visible()
    expect(page.locator(".bars__item")).to_have_count(2, timeout=10_000)
    expect(page.locator("#answers-title")).to_contain_text("2 of 2")
    assert serious_violations(page) == []

    page.keyboard.press("ArrowRight")  # show the answer
    expect(page.locator(".projector__answer")).to_be_visible()
    expect(page.locator(".bars__item--right")).to_have_count(1)
    expect(ona.locator(".feedback--right")).to_be_visible(timeout=10_000)
    expect(sasha.locator(".feedback--other")).to_be_visible(timeout=10_000)
    assert serious_violations(sasha) == []

    page.keyboard.press("ArrowRight")  # the next step: knock
    expect(page.locator(".projector__where")).to_contain_text("2")
    expect(ona.locator("button[name=action][value=knock]")).to_be_visible(timeout=10_000)
    ona.locator('label[for="card-KC"]').click()
    ona.locator("button[name=action][value=knock]").click()
    expect(ona.locator(".feedback--waiting")).to_be_visible()
    expect(page.locator(".bars__item")).to_have_count(1, timeout=10_000)
    page.keyboard.press("ArrowRight")
    expect(page.locator(".projector__answer")).to_be_visible()
    page.keyboard.press("ArrowRight")  # past the last step: the hand is over
    expect(page.locator("button[value=end]")).to_be_focused()
    expect(ona.locator("#result-title")).to_be_visible(timeout=10_000)
    assert page.evaluate("window.__stillHere") is True, "the projector reloaded"
    page.keyboard.press("Enter")  # end the exercise: back to the class page
    expect(page.locator(".message--ok")).to_be_visible()
    expect(page.locator("h1")).to_have_text("5B")
    expect(sasha.locator(".coach__prompt")).to_have_count(0, timeout=10_000)
    for target in (ona, sasha):
        assert target.evaluate("window.__stillHere") is True, "a pupil's page reloaded"
    for context, _pupil in pupils:
        context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["it"])
def test_a_pupils_finished_hand_on_the_projector_with_the_arrow_keys(
    page: Page, site_url: str, language: str
) -> None:
    sign_up(page, site_url, language)
    page.locator("#class_name").fill("5B")
    page.locator("#class_name").press("Enter")
    expect(page.locator("h1")).to_have_text("5B")
    classroom = Classroom.objects.get()
    ona = factories.learner("Ona")
    services.class_join(learner=ona, code=classroom.join_code, name="Ona")
    factories.play_hand_out(factories.table("knock", 2, owner=ona, seed=5))
    page.reload()
    unfold(page, "pupils")
    page.locator(f"a[href$='/pupils/{Pupil.objects.get().pk}/hands/']").click()
    assert serious_violations(page) == []
    page.locator(".pupil-hands a").first.click()
    expect(page.locator(".projector__where")).to_be_visible()
    assert serious_violations(page) == []
    page.keyboard.press("ArrowRight")  # the next move
    expect(page).to_have_url(re.compile(r"move=1$"))
    page.keyboard.press("ArrowLeft")
    expect(page).to_have_url(re.compile(r"move=0$"))
    theirs = page.locator(".projector__seat:not(.projector__seat--learner)")
    assert theirs.locator(".card").count() > 0  # every hand face up
    page.locator("a[href*='view=learner']").click()  # as Ona saw it
    expect(page).to_have_url(re.compile(r"view=learner"))
    expect(theirs.locator(".card")).to_have_count(0)
    expect(page.locator(".projector__seat--learner .card").first).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_a_pupils_hand_on_an_old_projector_keeps_its_buttons_on_the_screen(
    page: Page, site_url: str
) -> None:
    """A pupil's practice hand on the projector, move by move, in large type at
    1366 x 768 in Russian: the buttons were under the coach's words in one column, so a
    long verdict pushed them below the screen (as on the guided hand's page). They come
    first now, the hand beside the words; every move is walked with the arrow keys."""
    page.set_viewport_size({"width": 1366, "height": 768})
    sign_up(page, site_url, "ru", axe=False)
    in_large_type(page, site_url, "ru")
    page.goto(f"{site_url}/ru/classroom/")
    page.locator("#class_name").fill("5B")
    page.locator("#class_name").press("Enter")
    classroom = Classroom.objects.get()
    ona = factories.learner("Ona")
    services.class_join(learner=ona, code=classroom.join_code, name="Ona")
    factories.play_hand_out(factories.table("gin", 2, owner=ona, seed=5))
    page.goto(
        f"{site_url}/ru/classroom/{classroom.public_id}/pupils/{Pupil.objects.get().pk}/hands/"
    )
    page.locator(".pupil-hands a").first.click()
    walked = answers = 0
    while True:
        page.wait_for_load_state()
        top = page.evaluate("window.scrollY")
        nav = page.locator(".projector__nav").bounding_box()
        assert nav is not None and nav["y"] + top >= 0 and nav["y"] + top + nav["height"] <= 768, (
            page.url,
            nav,
            top,
        )
        seat = page.locator(".projector__seat--learner").bounding_box()
        assert seat is not None and seat["y"] + top < 768, (page.url, seat)  # beside the words
        answer = page.locator(".projector__answer")
        if answer.count():
            answers += 1
            box = answer.bounding_box()
            assert box is not None and nav["y"] + nav["height"] <= box["y"], (page.url, nav, box)
        walked += 1
        if not page.locator("a[rel=next]").count():
            break
        before = page.url
        page.keyboard.press("ArrowRight")
        expect(page).not_to_have_url(before)
    assert walked > 5 and answers > 0
    assert serious_violations(page) == []


@pytest.mark.django_db(transaction=True)
def test_on_a_projectors_screen_the_question_and_its_cards_show_together(
    page: Page, site_url: str
) -> None:
    """At 1280 x 800 the guided hand's question filled the screen and the hand it asks
    about was below it; the join page's QR code was cut in half."""
    page.set_viewport_size({"width": 1280, "height": 800})
    sign_up(page, site_url, "en", axe=False)
    page.goto(f"{site_url}/en/classroom/projector/guided/basic-01-groups-and-runs/")
    expect(page.locator(".projector__prompt")).to_be_visible()
    for part in (".projector__prompt", ".projector__nav", ".projector__seat--turn .card"):
        box = page.locator(part).first.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800, (part, box)
    page.keyboard.press("ArrowRight")  # the answer, beside the cards too
    expect(page.locator(".projector__answer")).to_be_visible()
    for part in (".projector__answer", ".projector__nav", ".projector__seat--turn .card"):
        box = page.locator(part).first.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800, (part, box)
    assert serious_violations(page) == []
    page.goto(f"{site_url}/en/classroom/")
    page.locator("#class_name").fill("5B")
    page.locator("#class_name").press("Enter")
    expect(page.locator("h1")).to_have_text("5B")
    page.goto(page.url + "projector/")
    qr = page.locator(".qr__svg").bounding_box()
    code = page.locator(".projector__code").bounding_box()
    assert qr is not None and code is not None
    assert code["y"] >= 0 and qr["y"] + qr["height"] <= 800, (qr, code)


# The guided hands whose questions and answers are the longest on the projector, measured
# over every step of every hand in the four languages in large type (Russian, then
# Lithuanian, the tallest): the Knock Rummy undercut's answer is eleven lines.
LONGEST_HANDS = [
    "knock-06-undercut-penalty",
    "gin-06-undercut",
    "knock-05-shared-tie",
    "knock-01-knock-early",
]
# The hands whose boards are the tallest on the projector (three seats, melds, the log;
# or two hands face up at the end), measured the same way: the board ran up to 600px
# below a 1920 x 1080 screen's edge. The language makes no difference to their height.
TALLEST_BOARDS = ["basic-04-going-out", "gin-02-groups-runs-discard"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", [(1920, 1080), (1366, 768)], ids=["1920x1080", "1366x768"])
def test_a_guided_hand_on_the_projector_keeps_its_buttons_and_words_on_the_screen(
    page: Page, site_url: str, size: tuple[int, int]
) -> None:
    """In large type on a 1920 x 1080 projector (and an old school one, 1366 x 768), the
    longest answers pushed Back / Next below the screen's edge: the teacher scrolled in
    front of the class (and the page, scrolled to the focused Next, cut off the title).
    Every step of the longest hands, walked with the arrow keys, in Russian and
    Lithuanian: the buttons, the question and its answer on the screen, not scrolled; and
    the board beside them, down to the last line of its log, with the switch to show
    every hand face up."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    sign_up(page, site_url, "ru", axe=False)
    in_large_type(page, site_url, "ru")

    def on_the_screen(selector: str) -> dict[str, float]:
        """The part's box, on the screen as the page opens (not scrolled to)."""
        box = page.locator(selector).bounding_box()
        top = page.evaluate("window.scrollY")
        assert box is not None, (page.url, selector)
        assert box["y"] + top >= 0 and box["y"] + top + box["height"] <= height, (
            page.url,
            selector,
            box,
            top,
        )
        return box

    checked = 0
    for language in ("ru", "lt"):
        for slug in LONGEST_HANDS + (TALLEST_BOARDS if language == "ru" else []):
            page.goto(f"{site_url}/{language}/classroom/projector/guided/{slug}/")
            while True:
                on_the_screen(".projector__toggle")
                if page.locator(".projector__log li").count():
                    on_the_screen(".projector__log li:last-child")
                nav = on_the_screen(".projector__nav")
                for rel in ("prev", "next"):  # Back, and Show the answer or Next step
                    if page.locator(f"a[rel={rel}]").count():
                        on_the_screen(f"a[rel={rel}]")
                words = [on_the_screen("h1")]
                if page.locator(".projector__prompt").count():
                    words.append(on_the_screen(".projector__prompt"))
                if page.locator(".projector__answer").count():
                    words.append(on_the_screen(".projector__answer"))
                for box in words:  # the words and the buttons do not overlap
                    apart = (
                        box["y"] + box["height"] <= nav["y"] or nav["y"] + nav["height"] <= box["y"]
                    )
                    assert apart, (page.url, nav, box)
                checked += 1
                forward = page.locator("a[rel=next]")
                if not forward.count():
                    break
                # The focus is on the button that goes on, and it shows.
                shown = "a => a === document.activeElement && a.matches(':focus-visible')"
                assert forward.evaluate(shown), page.url
                before = page.url
                page.keyboard.press("ArrowRight")
                expect(page).not_to_have_url(before)
                page.wait_for_load_state()  # measured with its stylesheet
            if slug == LONGEST_HANDS[0]:
                page.keyboard.press("ArrowLeft")  # back to the last step's answer
                expect(page).to_have_url(re.compile(r"reveal=1"))
                expect(page.locator(".projector__answer")).to_be_visible()
                assert serious_violations(page) == []
    assert checked > 30


def _a_knock_class_table(page: Page, site_url: str, *, large_type: bool) -> str:
    """An Italian teacher signed up in ``page`` (in large type if asked), their class
    3ª B of Giulia, Marco and Sofia seated at one Knock Rummy table: its address."""
    from django.contrib.auth.models import User

    sign_up(page, site_url, "it", axe=False)
    if large_type:
        in_large_type(page, site_url, "it")
    classroom = services.class_create(
        teacher=User.objects.get(username="mokytoja"), name="3ª B", language="it"
    )
    for name in ("Giulia", "Marco", "Sofia"):
        services.class_join(learner=factories.learner(name), code=classroom.join_code, name=name)
    services.class_seat(classroom=classroom, game="knock", players=3)
    table = SharedTable.objects.get()
    return f"{site_url}/it/classroom/{classroom.public_id}/tables/{table.public_id}/"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("size", "large_type", "javascript"),
    [((1280, 720), False, True), ((1024, 768), False, False), ((1920, 1080), True, True)],
    ids=["1280x720", "1024x768-no-js", "1920x1080-large"],
)
def test_a_class_table_shown_to_the_class_is_on_the_projectors_first_screen(
    browser: Browser, site_url: str, size: tuple[int, int], large_type: bool, javascript: bool
) -> None:
    """The Italian teacher's walk: "Show to the class" on a 1280 x 720 projector showed the
    heading, the notice, a link and three big buttons; the first seat began at 900 px and
    the piles ended at 1680 (1024 x 768: 753-1388; 1920 x 1080: 1014-1925): the class saw no
    card without scrolling. Beside the teacher's words and buttons now, the seats and the
    piles are on the first screen, and so is every hand once shown face up; the buttons
    are still reached with Tab, in the order they are read, and "For good: …" is under its
    button at a size to read."""

    width, height = size
    context = browser.new_context(
        viewport={"width": width, "height": height}, java_script_enabled=javascript
    )
    page = context.new_page()
    url = _a_knock_class_table(page, site_url, large_type=large_type)

    def on_the_first_screen(selector: str) -> dict[str, float]:
        box = page.locator(selector).bounding_box()
        top = page.evaluate("window.scrollY")
        assert box is not None, selector
        assert box["y"] + top >= 0 and box["y"] + top + box["height"] <= height, (selector, box)
        return box

    for view in ("", "?view=all"):
        page.goto(url + view)
        expect(page.locator(".projector__seat")).to_have_count(3)
        for part in (
            ".projector__seat:first-child",
            ".projector__seat:last-child",
            ".projector__piles",
            "#table-pause",
        ):
            on_the_first_screen(part)
        if view:  # every hand, to its last card
            for seat in range(1, 4):
                on_the_first_screen(f".projector__seat:nth-child({seat}) .card >> nth=-1")
        end = page.locator("#table-end").bounding_box()
        help_box = page.locator("#end-table-help").bounding_box()
        assert end is not None and help_box is not None
        assert help_box["y"] >= end["y"] + end["height"], (end, help_box)  # under it
        help_size = page.locator("#end-table-help").evaluate(
            "h => parseFloat(getComputedStyle(h).fontSize)"
        )
        assert help_size >= 14, help_size
        if javascript:
            assert serious_violations(page) == []
    # With Tab: the way back to the class, the face-up switch, then the buttons in order.
    reached: list[str] = []
    for _ in range(40):
        page.keyboard.press("Tab")
        here = page.evaluate("document.activeElement.id || document.activeElement.textContent")
        reached.append(here.strip())
        if here == "table-end":
            break
    assert reached.index("3ª B") < reached.index("Nascondi le carte dei giocatori"), reached
    order = ["table-pause", "table-hints-off", "table-end"]
    assert [r for r in reached if r in order] == order, reached
    context.close()


#: The cards of each row of each hand wrapped on the page (by their tops).
ROWS_OF_HANDS = """() => [...document.querySelectorAll(".projector__seat .hand")].map(hand => {
    const rows = new Map();
    for (const card of hand.querySelectorAll(":scope > li")) {
        const top = Math.round(card.getBoundingClientRect().top);
        rows.set(top, (rows.get(top) || 0) + 1);
    }
    return [...rows.values()];
})"""


def wrapped_hands(page: Page) -> list[list[int]]:
    """The rows of every projected hand on more than one row, as counts of cards."""
    return [rows for rows in page.evaluate(ROWS_OF_HANDS) if len(rows) > 1]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["1280x720", "1920x1080"])
def test_a_projected_hand_that_must_wrap_is_shared_out_evenly_between_its_rows(
    page: Page, site_url: str, size: tuple[int, int]
) -> None:
    """The Italian teacher's walk: a projected hand too wide for its seat wrapped as 8
    cards over 2, which the class reads as two groups. A wrapped hand's rows now differ
    by a card at most (5 + 5, 6 + 5), and the first row is the longest. On the stepped
    projector a hand is now fanned on one row (its cards' ranks at least 16 px), so
    that no hand wraps there at all: each step of the guided hands whose hands
    wrapped."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    sign_up(page, site_url, "it", axe=False)
    seen = 0
    for slug in ("knock-01-knock-early", "gin-01-first-knock", *TALLEST_BOARDS):
        page.goto(f"{site_url}/it/classroom/projector/guided/{slug}/")
        while True:
            seen += 1
            assert wrapped_hands(page) == [], page.url
            forward = page.locator("a[rel=next]")
            if not forward.count():
                break
            before = page.url
            page.keyboard.press("ArrowRight")
            expect(page).not_to_have_url(before)
            page.wait_for_load_state()
    assert seen > 0
    assert serious_violations(page) == []


#: Deals of a Gin Rummy class table of four (``class_seat``'s seed, with the moves of
#: :func:`_a_gin_class_table_of_four`): both boards still playing after eight moves on
#: each, and one board's hand over, by a knock, before (about one deal in four).
BOTH_BOARDS_PLAYING, A_BOARD_OVER = 1, 6


def _a_gin_class_table_of_four(
    page: Page, site_url: str, *, large_type: bool, seed: int
) -> tuple[str, Any, int]:
    """The Italian teacher (signed up in ``page``, in large type if asked), their class
    3ª B of four at one Gin Rummy table of two partnerships (two boards), dealt from
    ``seed`` (:data:`BOTH_BOARDS_PLAYING`, :data:`A_BOARD_OVER`), eight moves in on each
    board (fewer on both if a board's hand is over first): its address, a function that
    plays each board's hand to its end, and how many boards' hands are over."""
    from django.contrib.auth.models import User

    from game.engine import BotPlayer
    from game.shared import services as shared
    from tests.shared.test_services import play_to_the_end

    sign_up(page, site_url, "it", axe=False)
    if large_type:
        in_large_type(page, site_url, "it")
    classroom = services.class_create(
        teacher=User.objects.get(username="mokytoja"), name="3ª B", language="it"
    )
    learners = [factories.learner(name) for name in ("Giulia", "Marco", "Sofia", "Luca")]
    for learner, name in zip(learners, ("Giulia", "Marco", "Sofia", "Luca"), strict=True):
        services.class_join(learner=learner, code=classroom.join_code, name=name)
    services.class_seat(classroom=classroom, game="gin", players=4, seed=seed)
    table = SharedTable.objects.get()
    # Eight moves on each board: each log six lines long.
    by_seat = {shared.seat_of(table, learner): learner for learner in learners}
    over = 0
    for move_number in range(16):
        state = shared.shared_state(table=table)
        to_play = [seat for seat in by_seat if state.my_turn(seat)]
        if len(to_play) < 2:  # a board's hand over already (a knock): as it is
            over = 2 - len(to_play)
            break
        seat = to_play[move_number % 2]
        view = state.view_for(seat)
        assert view is not None
        shared.shared_move(
            table=table,
            learner=by_seat[seat],
            version=table.version,
            move=BotPlayer(seed=seat).choose(view),
            confirmed=True,
        )
    url = f"{site_url}/it/classroom/{classroom.public_id}/tables/{table.public_id}/"
    return url, lambda: play_to_the_end(table, learners), over


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("size", "large_type", "seed", "boards_over"),
    [
        ((1280, 720), False, BOTH_BOARDS_PLAYING, 0),
        ((1920, 1080), True, BOTH_BOARDS_PLAYING, 0),
        ((1280, 720), False, A_BOARD_OVER, 1),
    ],
    ids=["1280x720", "1920x1080-large", "1280x720-a-board-over"],
)
def test_a_gin_class_table_of_two_boards_is_on_the_projectors_first_screen(
    browser: Browser,
    site_url: str,
    size: tuple[int, int],
    large_type: bool,
    seed: int,
    boards_over: int,
) -> None:
    """The Italian teacher's walk: a Gin Rummy class table of four (two partnerships, two
    boards) shown to the class at 1280 x 720 had the second board under the first one's
    log, from 480 px down to 990. The boards are side by side now: both boards' seats,
    piles and last log line on the first screen, the log and the piles at least 20 px
    (they were 15 and 16.8 px: the log its last two lines now); every hand too, face up for the
    teacher's eyes, and in the class's view once its board's hand is over and the hands
    are shown, each on even rows (ten cards do not fit on one row of a board's column).
    Each case on a deal of its own (``seed``: the table's random deal checked whichever
    case it made): both boards playing after eight moves each, the class's view with no
    hand shown; and a board's hand over, by a knock, within its first eight moves, the
    class's view showing that board's two hands. On a phone the boards stay one under
    the other."""
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    url, play_to_the_end, over = _a_gin_class_table_of_four(
        page, site_url, large_type=large_type, seed=seed
    )
    assert over == boards_over  # the deal makes the case named

    def on_the_first_screen(locator: Any) -> None:
        box = locator.bounding_box()
        top = page.evaluate("window.scrollY")
        assert box is not None
        assert box["y"] + top >= 0 and box["y"] + top + box["height"] <= height, box
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, box

    def both_boards(*, hands: bool) -> None:
        """``hands``: every hand face up (the teacher's view); else only those of a board
        whose hand is over ("The hand is over.")."""
        boards = page.locator(".class-table-board")
        expect(boards).to_have_count(2)
        over = page.locator(".class-table-board:has(> .projector__where)").count()
        shown = 4 if hands else 2 * over
        expect(page.locator(".projector__seat--shown")).to_have_count(shown)
        for board in boards.all():
            expect(board.locator(".projector__seat")).to_have_count(2)
            for seat in board.locator(".projector__seat").all():
                on_the_first_screen(seat.locator(".projector__name"))
                if seat.locator(".hand").count():
                    on_the_first_screen(seat.locator(".card").last)
            on_the_first_screen(board.locator(".projector__piles"))
            on_the_first_screen(board.locator(".projector__log li").last)
        for rows in wrapped_hands(page):
            assert max(rows) - min(rows) <= 1, rows  # 5 + 5, not 7 + 3
        assert len(wrapped_hands(page)) == shown
        on_the_first_screen(page.locator("#table-pause"))
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        # The log and the piles read from the back of the class: at least 20 px.
        words = page.evaluate(
            """[...document.querySelectorAll('.projector__log li, .projector__piles p')]
            .filter(el => el.getBoundingClientRect().height)
            .map(el => parseFloat(getComputedStyle(el).fontSize))"""
        )
        assert words and min(words) >= 20, words

    for view, hands in (("", False), ("?view=all", True)):
        page.goto(url + view)
        expect(page.locator(".class-table-board:has(> .projector__where)")).to_have_count(
            boards_over
        )
        both_boards(hands=hands)
        assert serious_violations(page) == []
    play_to_the_end()
    page.goto(url)
    expect(page.locator(".projector__seat--shown")).to_have_count(4)
    both_boards(hands=True)
    assert serious_violations(page) == []
    # On a phone the boards are one under the other, as before, and nothing runs past
    # the screen's edge.
    page.set_viewport_size({"width": 360, "height": 740})
    boards = page.locator(".class-table-board").all()
    first, second = (board.bounding_box() for board in boards)
    assert first is not None and second is not None
    assert second["y"] >= first["y"] + first["height"], (first, second)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for rows in wrapped_hands(page):
        assert max(rows) - min(rows) <= 1, rows
    context.close()


@pytest.mark.django_db(transaction=True)
def test_on_a_phone_in_large_type_a_class_table_is_one_column_and_does_not_scroll_sideways(
    page: Page, site_url: str
) -> None:
    """The class table's wide layout is for a wide screen only: on a phone (360 x 740,
    large type) the teacher's words and buttons, then the table, one under the other,
    every hand face up too, and nothing runs past the screen's edge."""

    page.set_viewport_size({"width": 360, "height": 740})
    url = _a_knock_class_table(page, site_url, large_type=True)
    for view in ("", "?view=all"):
        page.goto(url + view)
        expect(page.locator(".projector__seat")).to_have_count(3)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        end = page.locator("#end-table-help").bounding_box()
        seat = page.locator(".projector__seat").first.bounding_box()
        assert end is not None and seat is not None and end["y"] < seat["y"], (end, seat)


@pytest.mark.django_db(transaction=True)
def test_on_a_short_projector_the_guided_hands_cards_use_the_room(
    page: Page, site_url: str
) -> None:
    """The Italian teacher's walk: on a 1280 x 720 projector the projected guided hand's
    cards were 43 px wide (6vh), their rank 13 px, with 250 px empty under the hand. A
    board with one hand shown and no melds has larger cards now (on two rows if they
    must); every step of the tallest hands, walked, still keeps the buttons, the words,
    the switch and the last line of the log on the screen."""
    page.set_viewport_size({"width": 1280, "height": 720})
    sign_up(page, site_url, "it", axe=False)

    def on_the_screen(selector: str) -> None:
        box = page.locator(selector).bounding_box()
        top = page.evaluate("window.scrollY")
        assert box is not None, (page.url, selector)
        assert box["y"] + top >= 0 and box["y"] + top + box["height"] <= 720, (
            page.url,
            selector,
            box,
        )

    page.goto(f"{site_url}/it/classroom/projector/guided/knock-01-knock-early/")
    card = page.locator(".projector__seat--learner .card").first
    width = card.evaluate("c => c.getBoundingClientRect().width")
    rank = card.locator(".card__index").first.evaluate(
        "i => parseFloat(getComputedStyle(i).fontSize)"
    )
    assert width >= 55 and rank >= 16, (width, rank)
    for part in (".projector__seat--learner .card >> nth=-1", ".projector__piles .card"):
        on_the_screen(part)
    for slug in ("knock-01-knock-early", "knock-06-undercut-penalty", *TALLEST_BOARDS):
        page.goto(f"{site_url}/it/classroom/projector/guided/{slug}/")
        while True:
            for part in (".projector__nav", "h1", ".projector__toggle", ".projector__piles"):
                on_the_screen(part)
            for part in (
                ".projector__prompt",
                ".projector__answer",
                ".projector__log li:last-child",
            ):
                if page.locator(part).count():
                    on_the_screen(part)
            forward = page.locator("a[rel=next]")
            if not forward.count():
                break
            before = page.url
            page.keyboard.press("ArrowRight")
            expect(page).not_to_have_url(before)
            page.wait_for_load_state()
    assert serious_violations(page) == []


@pytest.mark.django_db(transaction=True)
def test_on_a_projector_in_large_type_the_join_address_is_one_line_and_all_shows(
    page: Page, site_url: str
) -> None:
    """The teacher's walk (lt, 1920 x 1080, large type): the join address broke in the
    middle of a number ("127.0." / "0.1:8881/lt/join/WVJWE" / "R/"), and the third step
    and the way back were below the screen."""
    page.set_viewport_size({"width": 1920, "height": 1080})
    sign_up(page, site_url, "lt", axe=False)
    in_large_type(page, site_url, "lt")
    page.goto(f"{site_url}/lt/classroom/")
    page.locator("#class_name").fill("4A klasė")
    page.locator("#class_name").press("Enter")
    expect(page.locator("h1")).to_have_text("4A klasė")
    page.goto(page.url + "projector/")
    url = page.locator(".projector__url")
    lines = url.evaluate("u => u.getClientRects().length")
    assert lines == 1, url.inner_text()
    for part in (
        ".projector__url",
        ".projector__code",
        ".projector__steps li:last-child",
        ".qr__svg",
    ):
        box = page.locator(part).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 1080, (part, box)


@pytest.mark.django_db(transaction=True)
def test_on_a_phone_in_large_type_the_class_and_its_join_page_do_not_scroll_sideways(
    page: Page, site_url: str
) -> None:
    """The Italian teacher's walk (360 x 740, large type): the class page's join link, one
    unbroken address, ran past the screen's edge, and so did the join page's code; both
    pages scrolled sideways."""
    page.set_viewport_size({"width": 360, "height": 740})
    sign_up(page, site_url, "it", axe=False)
    in_large_type(page, site_url, "it")
    page.goto(f"{site_url}/it/classroom/")
    page.locator("#class_name").fill("3ª B")
    page.locator("#class_name").press("Enter")
    expect(page.locator("h1")).to_have_text("3ª B")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.goto(page.url + "projector/")
    expect(page.locator(".projector__code")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("media", ["screen", "print"])
def test_a_return_code_on_the_cards_is_on_one_line(page: Page, site_url: str, media: str) -> None:
    """The Italian teacher's walk: the return-code cards, three to a row, broke each code
    at its hyphen ("TVFT-" above "4DF3"), on the screen and on paper."""
    from django.contrib.auth.models import User

    page.set_viewport_size({"width": 1024, "height": 768})
    sign_up(page, site_url, "it", axe=False)
    classroom = services.class_create(
        teacher=User.objects.get(username="mokytoja"), name="3ª B", language="it"
    )
    for name in ("Giulia", "Marco", "Sofia"):
        services.class_join(learner=factories.learner(name), code=classroom.join_code, name=name)
    page.emulate_media(media=media)
    page.goto(f"{site_url}/it/classroom/{classroom.public_id}/cards/")
    codes = page.locator(".return-card__code")
    expect(codes).to_have_count(3)
    for i in range(3):
        code = codes.nth(i)
        assert code.evaluate("c => c.getClientRects().length") == 1, code.inner_text()


@pytest.mark.django_db(transaction=True)
def test_a_learner_at_home_saves_their_progress_on_a_phone_and_continues_on_a_tablet(
    browser: Browser, site_url: str
) -> None:
    """The Russian newcomer's walk: the only account was a teacher's, and sign-up led to
    "Make your first class". From the path page a learner makes an account, is brought
    back to the path, and logs in on a tablet from the menu to find the same progress."""
    from django.core.management import call_command

    from game.guided.models import GuidedResult
    from learners.models import Learner
    from learners.services import cookie_name, digest
    from rummy_site import path

    call_command("load_lessons", verbosity=0)
    phone = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
    )
    page = phone.new_page()
    page.goto(f"{site_url}/ru/learn/basic/")
    # A guided hand finished on the phone (played through in tests/browser/test_guided).
    token = next(c["value"] for c in phone.cookies() if c["name"] == cookie_name())
    steps = path.path_of(game=path.Game.BASIC, learner=None, language="ru")
    hand = next(s.url for s in steps if s.kind == "guided").rstrip("/").split("/")[-1]
    learner = Learner.objects.create(visitor_key=digest(token))
    GuidedResult.objects.create(learner=learner, scenario=hand, stars=3, hints=0)
    page.reload()
    expect(page.locator("progress")).to_have_attribute("value", "1")
    page.locator(".save-progress a").click()
    expect(page).to_have_url(f"{site_url}/ru/accounts/signup/?next=/ru/learn/basic/")
    assert serious_violations(page) == []
    page.locator("#id_username").fill("doma")
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    page.locator("#id_password2").press("Enter")
    expect(page).to_have_url(f"{site_url}/ru/learn/basic/")
    expect(page.locator(".message--ok")).to_be_visible()
    expect(page.locator("progress")).to_have_attribute("value", "1")
    expect(page.locator(".save-progress")).to_have_count(0)
    phone.close()

    tablet = browser.new_context(viewport={"width": 768, "height": 1024}, has_touch=True)
    page = tablet.new_page()
    page.goto(f"{site_url}/ru/learn/basic/")
    expect(page.locator("progress")).to_have_attribute("value", "0")
    page.locator(".site-menu--wide .account--out a").click()  # "Log in", in the menu
    assert serious_violations(page) == []
    page.locator("#id_username").fill("doma")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("#id_password").press("Enter")
    expect(page).to_have_url(f"{site_url}/ru/learn/basic/")
    expect(page.locator("progress")).to_have_attribute("value", "1")
    expect(page.locator(".site-menu--wide .account__name")).to_have_text("doma")
    assert page.evaluate("document.documentElement.scrollWidth") <= 768
    tablet.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", [(360, 740), (1920, 1080)])
def test_the_grids_column_names_stay_in_view_as_thirty_rows_scroll(
    page: Page, site_url: str, size: tuple[int, int]
) -> None:
    """The class-of-thirty walk (large type): the progress grid's header row ("1 … 6")
    scrolled away above its 31 rows, and "in progress 6/7" further down matched no
    assignment. The grid scrolls in its own box; at its last row the column names are
    still in view at its top, and on a phone, scrolled across, the pupils' names too."""
    from django.contrib.auth.models import User

    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    sign_up(page, site_url, "en", axe=False)
    in_large_type(page, site_url, "en")
    classroom = services.class_create(
        teacher=User.objects.get(username="mokytoja"), name="7C", language="en"
    )
    for number in range(30):
        learner = factories.learner(f"Pupil {number + 1:02}")
        services.class_join(learner=learner, code=classroom.join_code, name=learner.display_name)
    for what in ("drill:gin:deadwood", "guided:gin:gin-01-first-knock", "hands:knock:"):
        services.assignment_add(classroom=classroom, what=what)
    page.goto(f"{site_url}/en/classroom/{classroom.public_id}/")
    heads = page.locator(".progress-grid thead th")
    assert heads.count() == 5
    assert all(heads.nth(i).get_attribute("scope") == "col" for i in range(5))
    assert page.locator(".progress-grid caption").inner_text() == "Who has done what"
    grid = page.locator(".progress-grid").locator("xpath=..")
    grid.evaluate("box => box.scrollIntoView({block: 'start'})")
    grid.evaluate("box => { box.scrollTop = box.scrollHeight; box.scrollLeft = box.scrollWidth; }")
    last = page.locator(".progress-grid tbody tr").last.locator("th")
    expect(last).to_have_text("Pupil 30")

    def seen(box: dict[str, float] | None) -> bool:
        return box is not None and box["y"] >= -1 and box["y"] + box["height"] <= height + 1

    last.scroll_into_view_if_needed()  # (the page scrolled there, before)
    assert seen(last.bounding_box()), "the last row is below the screen"
    for i in range(5):  # the column names, above the last rows
        column = heads.nth(i).bounding_box()
        assert seen(column) and column is not None and column["x"] < width, (i, column)
    # Scrolled across, the name of the last row is still at the box's left edge.
    box, name = grid.bounding_box(), last.bounding_box()
    assert box is not None and name is not None and abs(name["x"] - box["x"]) <= 2
    # The poll's redraw (a pupil did something) keeps the grid where it was scrolled.
    from classroom.models import Mistake

    place = grid.evaluate("box => [box.scrollTop, box.scrollLeft]")
    stamp = page.locator("#class-progress").get_attribute("data-stamp")
    pupil = Pupil.objects.filter(classroom=classroom).first()
    assert pupil is not None
    Mistake.objects.create(learner_id=pupil.learner_id, source="table", game="gin", topic="x")
    page.evaluate(
        "() => { const part = document.getElementById('class-progress');"
        " htmx.ajax('GET', part.getAttribute('hx-get'),"
        " {source: part, target: part, swap: 'outerHTML'}); }"
    )
    expect(page.locator("#class-progress")).not_to_have_attribute("data-stamp", stamp or "")
    page.wait_for_timeout(100)
    grid = page.locator(".progress-grid").locator("xpath=..")
    assert grid.evaluate("box => [box.scrollTop, box.scrollLeft]") == place
    # On paper every row prints: the box does not clip the grid (the review of the change:
    # 540 px of 1,043 printed).
    page.emulate_media(media="print")
    clipped = grid.evaluate("box => box.scrollHeight - box.clientHeight")
    assert clipped <= 1, clipped
    page.emulate_media(media="screen")


@pytest.mark.django_db(transaction=True)
def test_the_end_of_a_lesson_with_the_keyboard_and_an_archived_classs_pupil_on_a_phone(
    browser: Browser, page: Page, site_url: str
) -> None:
    """The Italian teacher's walk, end of the lesson: "End all the class's tables" asks
    first with the focus on "Cancel" (axe finds nothing serious), and the keyboard ends
    both tables; then the class is archived, and its pupil, on a phone, is told so (not
    shown a join form), the page no wider than the screen."""
    from django.contrib.auth.models import User

    page.set_viewport_size({"width": 1024, "height": 768})
    sign_up(page, site_url, "it")
    classroom = services.class_create(
        teacher=User.objects.get(username="mokytoja"), name="3ª B", language="it"
    )
    phone = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    pupil = phone.new_page()
    pupil.goto(f"{site_url}/it/join/{classroom.join_code}/")
    pupil.locator("#id_name").fill("Giulia")
    pupil.locator("#id_name").press("Enter")
    expect(pupil.locator(".message--ok")).to_contain_text("Giulia")
    for name in ("Marco", "Sofia", "Luca"):
        services.class_join(learner=factories.learner(name), code=classroom.join_code, name=name)
    services.class_seat(classroom=classroom, game="knock", players=2)

    page.goto(f"{site_url}/it/classroom/{classroom.public_id}/")
    page.locator("form[action$='#end-tables-cancel'] button[type=submit]").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#end-tables-cancel")).to_be_focused()
    expect(page.locator("#end-tables-question")).to_contain_text("2")
    assert serious_violations(page) == []
    page.keyboard.press("Shift+Tab")
    expect(page.locator("#end-tables-yes")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("main")).to_contain_text("Le partite sono terminate a 2 tavoli")
    assert SharedTable.objects.filter(ended__isnull=False).count() == 2

    services.class_set_archived(classroom=classroom, archived=True)
    # The pupil's page, open since they joined, learns it at its next poll and is drawn
    # anew (a goto here raced with that reload).
    assert pupil.url.endswith("/it/classroom/"), pupil.url
    archived = pupil.locator(".archived-classes")
    expect(archived.locator("h2")).to_have_text("La tua classe è stata archiviata", timeout=15_000)
    expect(archived).to_contain_text("3ª B")
    # No join form that cannot help (the walk: only the join form, with no word).
    expect(pupil.locator("main form[action$='/join/send/']")).to_have_count(0)
    assert pupil.evaluate("document.documentElement.scrollWidth") <= 360
    assert serious_violations(pupil) == []
    phone.close()


@pytest.mark.django_db(transaction=True)
def test_thirty_pupils_list_a_line_each_at_a_laptops_width(browser: Browser, site_url: str) -> None:
    """The class-of-thirty walk (1366 x 768, Lithuanian): each pupil's row took two lines
    (their practice hands, then "Change ..."), the list 1,900 px above the grid and "Who
    may need help now". While "Change ..." is closed the row is one line, the longest
    name's too; opened, it shows its forms below."""
    from django.contrib.auth.models import User

    signing = browser.new_context()
    sign_up(signing.new_page(), site_url, "lt", axe=False)
    classroom = services.class_create(
        teacher=User.objects.get(username="mokytoja"), name="5b", language="lt"
    )
    names = ["Aleksandra-Gabrielė", "Ąžuolas", "Šarūnas", "Žemyna"] + [
        f"Mokinys {n}" for n in range(1, 27)
    ]
    for name in names:
        services.class_join(learner=factories.learner(name), code=classroom.join_code, name=name)
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.add_cookies(signing.cookies())
    page = context.new_page()
    page.goto(f"{site_url}/lt/classroom/{classroom.public_id}/")
    unfold(page, "pupils")
    heights = page.evaluate(
        "() => [...document.querySelectorAll('table.pupils tr')]"
        ".map(row => row.getBoundingClientRect().height)"
    )
    head, rows = heights[0], heights[1:]
    assert len(rows) == 30
    assert max(rows) < 1.5 * head, (head, rows)
    longest = page.locator("table.pupils tbody tr", has_text="Aleksandra-Gabrielė")
    longest.locator("summary").click()
    expect(longest.locator("input[name=name]")).to_be_visible()
    context.close()
    signing.close()


@pytest.mark.django_db(transaction=True)
def test_the_link_to_who_may_need_help_comes_with_the_polls_redraw(
    page: Page, site_url: str
) -> None:
    """The class-of-thirty walk: "Who may need help now" came with the class page's
    redraw, far down, and "On this page" had no link to it until a reload. The redraw
    brings the link (out of band), and following it from the keyboard lands on it."""
    from django.contrib.auth.models import User

    from tests.classroom.test_dashboard import refuse_a_discard_before_drawing

    page.set_viewport_size({"width": 1366, "height": 768})
    sign_up(page, site_url, "en", axe=False)
    classroom = services.class_create(
        teacher=User.objects.get(username="mokytoja"), name="5B", language="en"
    )
    learner = factories.learner("Ona")
    services.class_join(learner=learner, code=classroom.join_code, name="Ona")
    page.goto(f"{site_url}/en/classroom/{classroom.public_id}/")
    expect(page.locator("#to-stuck")).to_have_count(0)
    stamp = page.locator("#class-progress").get_attribute("data-stamp")
    from classroom import dashboard

    for _ in range(dashboard.STUCK_TIMES):
        refuse_a_discard_before_drawing(learner)
    page.evaluate(
        "() => { const part = document.getElementById('class-progress');"
        " htmx.ajax('GET', part.getAttribute('hx-get'),"
        " {source: part, target: part, swap: 'outerHTML'}); }"
    )
    expect(page.locator("#class-progress")).not_to_have_attribute("data-stamp", stamp or "")
    link = page.locator("#class-jump #to-stuck")
    expect(link).to_have_text("Who may need help now")
    link.focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile("#stuck-title$"))
    box = page.locator("#stuck-title").bounding_box()
    assert box is not None and 0 <= box["y"] < 768


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["lt", "en"])
def test_in_a_lesson_who_may_need_help_is_on_the_first_screen(
    browser: Browser, site_url: str, language: str
) -> None:
    """The lesson-time walk (thirty pupils at work, 1366 x 768): the first screen was the
    join code, the live exercise and the seating form; "Who may need help now" was 3,400
    px down, under the pupils' list, and the page 5,600 px tall. Now it is on the first
    screen, the page under 4,000 px; the parts used now and then open from the keyboard
    (their summaries), a link into a folded part opens it, and axe finds nothing, the
    parts folded or open."""
    from django.contrib.auth.models import User

    from tests.classroom.test_class_page import a_class_at_work

    signing = browser.new_context()
    sign_up(signing.new_page(), site_url, language, axe=False)
    classroom = a_class_at_work(User.objects.get(username="mokytoja"), language=language)
    for what in ("hands:gin:", "hands:knock:", "guided:gin:gin-01-first-knock"):
        services.assignment_add(classroom=classroom, what=what)
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.add_cookies(signing.cookies())
    page = context.new_page()
    url = f"{site_url}/{language}/classroom/{classroom.public_id}/"
    page.goto(url)
    stuck = page.locator("section.class-stuck")
    expect(stuck.locator("li", has_text="Ona")).to_be_visible()
    box = stuck.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 768, box
    assert page.evaluate("document.documentElement.scrollHeight") < 4000
    assert serious_violations(page) == []
    # The keyboard opens a folded part: its summary, Enter.
    summary = page.locator("section[aria-labelledby=pupils-title] > details > summary")
    summary.focus()
    page.keyboard.press("Enter")
    expect(page.locator("table.pupils")).to_be_visible()
    for part in ("seat", "set-assignment", "join", "downloads", "settings"):
        unfold(page, part)
    assert serious_violations(page) == []
    # Opened afresh, folded again; a link to a pupil's row opens the list at it.
    ona = Pupil.objects.get(classroom=classroom, name="Ona")
    page.goto(f"{url}#pupil-{ona.pk}")
    expect(page.locator(f"#pupil-{ona.pk}")).to_be_in_viewport()
    page.goto(url)
    expect(page.locator("table.pupils")).not_to_be_visible()
    context.close()
    signing.close()


@pytest.mark.django_db(transaction=True)
def test_a_new_class_code_is_in_view_where_the_page_comes_back(
    browser: Browser, site_url: str
) -> None:
    """The teacher of a class of thirty opens "How pupils join" (folded near the page's
    end) and presses "Make a new code": the page came back at its top, "The class has a
    new code." there, the new code folded away 3,000 px below. It comes back at the
    part, open, its notice focused and the new code in view."""
    from django.contrib.auth.models import User

    from rummy_site import codes
    from tests.classroom.test_class_page import a_class_at_work

    signing = browser.new_context()
    sign_up(signing.new_page(), site_url, "en", axe=False)
    classroom = a_class_at_work(User.objects.get(username="mokytoja"), language="en")
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.add_cookies(signing.cookies())
    page = context.new_page()
    page.goto(f"{site_url}/en/classroom/{classroom.public_id}/")
    unfold(page, "join")
    page.locator("form[action$='/code/'] button").click()
    notice = page.locator("#join-notice")
    expect(notice).to_be_focused()
    expect(notice).to_have_text(re.compile("The class has a new code"))
    classroom.refresh_from_db()
    code = page.locator("section[aria-labelledby=join-title] code.code--big")
    expect(code).to_have_text(codes.grouped(classroom.join_code))
    expect(code).to_be_in_viewport()
    assert serious_violations(page) == []
    context.close()
    signing.close()


def _redraw_the_live_part(page: Page) -> None:
    """The class page's poll, now (as its timer does): the part redrawn."""
    stamp = page.locator("#class-progress").get_attribute("data-stamp")
    page.evaluate(
        "() => { const part = document.getElementById('class-progress');"
        " htmx.ajax('GET', part.getAttribute('hx-get'),"
        " {source: part, target: part, swap: 'outerHTML'}); }"
    )
    expect(page.locator("#class-progress")).not_to_have_attribute("data-stamp", stamp or "")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_running_live_exercise_is_at_the_top_of_the_class_page_and_nothing_moves(
    page: Page, site_url: str, language: str
) -> None:
    """The teacher's walk at 1366 x 768: while a live exercise ran, its line was under the
    common mistakes, screens down. It is on the first screen now, at the top of the live
    part, with the step's question, how many answered and the link to its page; its
    poll brings it when the exercise starts and takes it when it ends, and the parts
    under it stay where they were (its place is kept while none runs)."""
    from django.contrib.auth.models import User

    from classroom import live

    page.set_viewport_size({"width": 1366, "height": 768})
    sign_up(page, site_url, language, axe=False)
    classroom = services.class_create(
        teacher=User.objects.get(username="mokytoja"), name="5B", language=language
    )
    for name in ("Ona", "Jonas", "Rasa"):
        learner = factories.learner(name)
        services.class_join(learner=learner, code=classroom.join_code, name=name)
    for what in ("drill:gin:deadwood", "guided:gin:gin-01-first-knock", "hands:knock:"):
        services.assignment_add(classroom=classroom, what=what)
    page.goto(f"{site_url}/{language}/classroom/{classroom.public_id}/")

    def where(selector: str) -> float:
        return float(
            page.evaluate(
                f"document.querySelector('{selector}').getBoundingClientRect().top + window.scrollY"
            )
        )

    idle = where("#assignments-title"), where("#live-title")
    expect(page.locator("#live-now a[href='#live-title']")).to_be_visible()
    exercise = live.start(classroom=classroom, slug="knock-02-everyone-pays")
    _redraw_the_live_part(page)
    opened = page.locator("#live-now-open")
    expect(opened).to_be_visible()
    expect(page.locator("#live-now .class-live-now__asked")).to_be_visible()
    expect(opened).to_have_attribute("href", f"/{language}/classroom/{classroom.public_id}/live/")
    box = page.locator("#live-now").bounding_box()
    assert box is not None and box["y"] + box["height"] <= 768, box
    running = where("#assignments-title"), where("#live-title")
    assert running == pytest.approx(idle, abs=1), "the parts under the line moved"
    assert serious_violations(page) == []
    live.end(exercise=exercise)
    _redraw_the_live_part(page)
    expect(page.locator("#live-now-open")).to_have_count(0)
    assert (where("#assignments-title"), where("#live-title")) == pytest.approx(idle, abs=1)


@pytest.mark.django_db(transaction=True)
def test_on_a_phone_the_class_tables_list_is_short_and_its_rest_stays_open_over_redraws(
    browser: Browser, site_url: str
) -> None:
    """The class-of-thirty walk on a 360 x 640 phone: the fifteen tables' list took
    about 1,600 px (two and a half screens) of the live part, above the common mistakes.
    The tables still being played first, the first four listed, the rest in a fold ("N
    more tables") that the poll's redraw keeps open once opened."""
    from django.contrib.auth.models import User

    context = browser.new_context(viewport={"width": 360, "height": 640}, is_mobile=True)
    page = context.new_page()
    sign_up(page, site_url, "en", axe=False)
    classroom = services.class_create(
        teacher=User.objects.get(username="mokytoja"), name="5B", language="en"
    )
    for number in range(30):
        learner = factories.learner(f"Pupil {number + 1:02}")
        services.class_join(learner=learner, code=classroom.join_code, name=learner.display_name)
    services.class_seat(classroom=classroom, game="knock", players=2)
    assert SharedTable.objects.count() == 15
    page.goto(f"{site_url}/en/classroom/{classroom.public_id}/")
    section = page.locator("section[aria-labelledby=tables-title]")
    box = section.bounding_box()
    assert box is not None
    print("the tables' section on a 360 x 640 phone:", round(box["height"]), "px")
    assert box["height"] <= 640, box  # a screen (it was 1,552 px)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    more = section.locator("details.class-tables__more")
    summary = more.locator("summary")
    expect(summary).to_have_text("11 more tables")
    summary.click()
    expect(more).to_have_attribute("open", "")
    expect(section.locator("a", has_text="Show to the class")).to_have_count(15)
    assert serious_violations(page) == []
    # A pupil's mistake: the poll's redraw keeps the fold open.
    from tests.classroom.test_dashboard import refuse_a_discard_before_drawing

    pupil = Pupil.objects.filter(classroom=classroom).first()
    assert pupil is not None
    refuse_a_discard_before_drawing(pupil.learner)
    # (The part is not redrawn while the focus is in it: the teacher has gone on.)
    page.evaluate("document.activeElement.blur()")
    _redraw_the_live_part(page)
    expect(page.locator("details.class-tables__more")).to_have_attribute("open", "")
    context.close()


def a_pupil_on_a_phone(
    browser: Browser, site_url: str, classroom: Any, language: str
) -> tuple[BrowserContext, Page]:
    """Ona joins ``classroom`` on a 360 x 640 phone with its join link and is on her
    classroom page (the phone's context, to close, and the page)."""
    phone = browser.new_context(viewport={"width": 360, "height": 640}, is_mobile=True)
    pupil = phone.new_page()
    pupil.goto(f"{site_url}/{language}/join/{classroom.join_code}/")
    pupil.locator("#id_name").fill("Ona")
    pupil.locator("#id_name").press("Enter")
    return phone, pupil


@pytest.mark.django_db(transaction=True)
def test_a_pupil_waiting_on_a_phone_sees_the_live_exercise_and_the_table_without_reloading(
    browser: Browser, site_url: str
) -> None:
    """The Lithuanian teacher's walk: pupils who had joined waited on their classroom
    page ("No assignments yet.") while the teacher started a live exercise and then sat
    the class at tables; nothing showed on their phones until each thought to reload. It
    comes now by itself, and the page is not reloaded."""
    from django.contrib.auth.models import User

    from classroom import live

    teacher = User.objects.create_user("mokytoja", password=PASSWORD)
    classroom = services.class_create(teacher=teacher, name="3A", language="lt")
    phone, pupil = a_pupil_on_a_phone(browser, site_url, classroom, "lt")
    expect(pupil.locator("section[aria-labelledby=my-assignments]")).to_contain_text(
        "Užduočių dar nėra."
    )
    pupil.evaluate("window.__stillHere = true")
    services.class_join(learner=factories.learner("Jonas"), code=classroom.join_code, name="Jonas")

    live.start(classroom=classroom, slug="basic-01-groups-and-runs")
    expect(pupil.locator(".live-now a")).to_be_visible(timeout=10_000)
    live.end(exercise=live.running(classroom=classroom))  # type: ignore[arg-type]
    expect(pupil.locator(".live-now")).to_have_count(0, timeout=10_000)

    assert services.class_seat(classroom=classroom, game="basic", players=2)
    expect(pupil.locator("a[href*='/play/']")).to_be_visible(timeout=10_000)
    assert pupil.evaluate("window.__stillHere") is True, "the pupil's page reloaded"
    assert pupil.evaluate("document.documentElement.scrollWidth") <= 360
    phone.close()


@pytest.mark.django_db(transaction=True)
def test_a_pupils_page_says_once_what_its_redraw_brought_to_act_on(
    browser: Browser, site_url: str
) -> None:
    """The pupil's classes are redrawn by their poll when the teacher starts a live
    exercise or seats the class: a screen reader said nothing of it (a live region inside
    the part is replaced with it). The page's status line beside the part says what came
    new to act on, once; an unchanged redraw says nothing new."""
    from django.contrib.auth.models import User

    from classroom import live

    teacher = User.objects.create_user("mokytoja", password=PASSWORD)
    classroom = services.class_create(teacher=teacher, name="3A", language="en")
    phone, pupil = a_pupil_on_a_phone(browser, site_url, classroom, "en")
    news = pupil.locator("#my-classes-news")
    expect(news).to_have_attribute("role", "status")
    expect(news).to_have_text("")
    live.start(classroom=classroom, slug="basic-01-groups-and-runs")
    expect(news).to_contain_text("Live exercise now", timeout=10_000)
    expect(news).to_contain_text("Take part")
    services.class_join(learner=factories.learner("Jonas"), code=classroom.join_code, name="Jonas")
    assert services.class_seat(classroom=classroom, game="basic", players=2)
    expect(news).to_contain_text("Your table", timeout=10_000)
    expect(news).not_to_contain_text("Live exercise now")  # said once, not again
    assert serious_violations(pupil) == []
    phone.close()
