"""A live class exercise in Chromium, as the Italian teacher's walk ran it: the projector
in large type at 1920 x 1080 keeps the question and the hand on the screen when it shows
the answer, and a pupil who answers with the keyboard keeps their place (and sees the
answer played on their own board)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from classroom import live, services
from classroom.models import Classroom, LiveExercise, Pupil
from game.engine import Move
from game.guided import scenarios
from tests import factories

from .axe import serious_violations
from .test_classroom import in_large_type, sign_up

HAND = "basic-01-groups-and-runs"  # draw stock (3♣), then meld the 7s or the clubs


def a_live_class(
    page: Page, site_url: str, language: str, slug: str = HAND
) -> tuple[Classroom, LiveExercise]:
    """The teacher (signed up in ``page``) makes a class and starts the live exercise."""
    page.goto(f"{site_url}/{language}/classroom/")
    page.locator("#class_name").fill("3A")
    page.locator("#class_name").press("Enter")
    expect(page.locator("h1")).to_have_text("3A")
    classroom = Classroom.objects.get()
    return classroom, live.start(classroom=classroom, slug=slug)


def pupil(classroom: Classroom, name: str) -> Pupil:
    learner = factories.learner(name)
    return services.class_join(learner=learner, code=classroom.join_code, name=name).pupil


def inside(page: Page, selector: str, height: int) -> None:
    box = page.locator(selector).first.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (
        selector,
        box,
    )


@pytest.mark.django_db(transaction=True)
def test_on_the_projector_the_answer_keeps_the_question_and_plays_the_move(
    page: Page, site_url: str
) -> None:
    """The walk: "Show the answer" scrolled the title, the question and the hand off the
    screen; the answer said "You drew 3♣. Look at your clubs" over a hand without 3♣; a
    bar's words ("Take the discard · allowed, but not the point") were five lines high."""
    page.set_viewport_size({"width": 1920, "height": 1080})
    sign_up(page, site_url, "it", axe=False)
    in_large_type(page, site_url, "it")
    classroom, exercise = a_live_class(page, site_url, "it")
    for name, move in [
        ("Giulia", "draw discard"),
        ("Marco", "draw discard"),
        ("Luca", "draw stock"),
        ("Sofia", "draw stock"),
    ]:
        live.answer(
            pupil=pupil(classroom, name), exercise_id=exercise.pk, step=0, move=Move.parse(move)
        )
    page.goto(f"{site_url}/it/classroom/{classroom.public_id}/live/")
    expect(page.locator(".bars__item")).to_have_count(2)
    learner_cards = page.locator(".projector__seat--learner [data-card]")
    expect(learner_cards).to_have_count(10)
    expect(page.locator(".projector__seat--learner [data-card='3C']")).to_have_count(0)

    page.keyboard.press("ArrowRight")  # show the answer
    expect(page.locator(".projector__answer")).to_be_visible()
    expect(page.locator(".bars__item--right")).to_have_count(1)
    assert page.evaluate("window.scrollY") == 0
    for part in ("h1", ".projector__prompt", ".projector__seat--learner [data-card]"):
        inside(page, part, 1080)
    # The board has the move the answer speaks of: the 3♣ drawn, eleven cards.
    expect(learner_cards).to_have_count(11)
    expect(page.locator(".projector__seat--learner [data-card='3C']")).to_have_count(1)
    # Each bar's words take at most two lines.
    for label in page.locator(".bars__label").all():
        lines = label.evaluate(
            "l => l.getBoundingClientRect().height / parseFloat(getComputedStyle(l).fontSize)"
        )
        assert lines < 3.2, (label.inner_text(), lines)

    page.keyboard.press("ArrowRight")  # the next step: the board as the answer left it
    expect(page.locator(".projector__answer")).to_have_count(0)
    expect(page.locator(".projector__seat--learner [data-card='3C']")).to_have_count(1)


@pytest.mark.django_db(transaction=True)
def test_on_the_projector_the_answer_and_the_buttons_stay_on_the_screen(
    page: Page, site_url: str
) -> None:
    """The class-of-thirty walk: in large type at 1920 x 1080, after "Show the answer"
    the box with the right move and why, and the Back / Next buttons, were below the
    screen's edge under a long question and three bars. Here the longest answer of every
    hand, in Russian (the longest of the four languages), with three bars."""
    page.set_viewport_size({"width": 1920, "height": 1080})
    sign_up(page, site_url, "ru", axe=False)
    in_large_type(page, site_url, "ru")
    classroom, exercise = a_live_class(page, site_url, "ru", "knock-06-undercut-penalty")
    live.reveal(exercise=exercise, step=0)
    exercise = live.advance(exercise=exercise, step=0)
    for name, move in [("Oleg", "discard KC"), ("Vera", "knock TD"), ("Ivan", "knock 4C")]:
        live.answer(
            pupil=pupil(classroom, name), exercise_id=exercise.pk, step=1, move=Move.parse(move)
        )
    page.goto(f"{site_url}/ru/classroom/{classroom.public_id}/live/")
    expect(page.locator(".bars__item")).to_have_count(3)
    viewport = page.viewport_size
    assert viewport is not None
    for part in (".projector__prompt", ".bars", "button[data-key=next]"):
        inside(page, part, viewport["height"])

    page.keyboard.press("ArrowRight")  # show the answer
    expect(page.locator(".projector__answer")).to_be_visible()
    expect(page.locator("button[data-key=next][value=next]")).to_be_visible()
    assert page.evaluate("window.scrollY") == 0
    for part in (
        "h1",
        ".projector__prompt",
        ".projector__seat--learner .hand",
        ".projector__answer",
        "button[data-key=prev]",
        "button[data-key=next]",
    ):
        inside(page, part, viewport["height"])


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["1280x720", "1920x1080"])
def test_on_the_projector_the_pupils_read_the_address_from_the_back_of_the_room(
    page: Page, site_url: str, size: tuple[int, int]
) -> None:
    """The Italian teacher's walk: "Alunni, aprite http://…/it/live/ sul vostro
    dispositivo." was 0.75em, 14 px on a 1280 x 720 projector: the address the pupils
    must type, unreadable from the back of the room. The address is as big as the join
    page's now, and the words around it three quarters of that, whole on the screen,
    with the question and the teacher's buttons (and, once the answer is shown, the
    pupils' answers in its place)."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    sign_up(page, site_url, "it", axe=False)
    classroom, exercise = a_live_class(page, site_url, "it", "knock-01-knock-early")
    for name, move in [("Giulia", "draw discard"), ("Marco", "draw stock")]:
        live.answer(
            pupil=pupil(classroom, name), exercise_id=exercise.pk, step=0, move=Move.parse(move)
        )
    page.goto(f"{site_url}/it/classroom/{classroom.public_id}/live/")
    expect(page.locator(".bars__item")).to_have_count(2)
    address = page.locator(".live__url")
    expect(address).to_have_text(f"{site_url}/it/live/")
    size_px = address.evaluate("a => parseFloat(getComputedStyle(a).fontSize)")
    assert size_px >= 28, size_px
    # Broken, if at all, after a slash: never inside "127.0.0.1:8944".
    assert address.evaluate("a => a.getClientRects().length") <= 2
    # The words around it too (they were 14 px at 1280 x 720): "Pupils: open", "on
    # your device.", at least three quarters of the address's size.
    words = page.locator(".live__join").evaluate("j => parseFloat(getComputedStyle(j).fontSize)")
    assert words >= 22 and words >= 0.7 * size_px, (words, size_px)
    inside(page, ".live__join", height)
    for part in (".live__url", ".projector__prompt", "button[data-key=next]", ".bars"):
        inside(page, part, height)
    page.keyboard.press("ArrowRight")  # show the answer: it and the buttons stay
    expect(page.locator(".projector__answer")).to_be_visible()
    # Nobody answers the step any more: the pupils' answers take the address's place
    # beside the answer (the Russian teacher's walk); it is back at the next step.
    expect(page.locator(".live__url")).to_have_count(0)
    for part in (".projector__answer", "button[data-key=next]", ".bars"):
        inside(page, part, height)
    assert serious_violations(page) == []


@pytest.mark.django_db(transaction=True)
def test_a_pupil_who_answers_with_the_keyboard_is_taken_to_their_answer(
    page: Page, browser: Browser, site_url: str
) -> None:
    """The walk: after Tab to "Draw from the stock" and Enter, the answer was swapped in
    and the focus fell on <body>; the next Tab started at the skip link."""
    sign_up(page, site_url, "it", axe=False)
    classroom, exercise = a_live_class(page, site_url, "it")
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    luca = context.new_page()
    luca.goto(f"{site_url}/it/join/{classroom.join_code}/")
    luca.locator("#id_name").fill("Luca")
    luca.locator("#id_name").press("Enter")
    luca.goto(f"{site_url}/it/live/")
    stock = luca.locator("button[name=action][value=draw_stock]")
    stock.focus()
    stock.press("Enter")
    waiting = luca.locator(".feedback--waiting")
    expect(waiting).to_be_visible()
    expect(waiting).to_be_focused()
    # Read there, where it takes the focus, and not by #announce too (the walk).
    expect(luca.locator("#announce")).to_have_text("")
    cards = luca.locator(".my-hand [data-card]")
    expect(cards).to_have_count(10)
    expect(luca.locator(".my-hand [data-card='3C']")).to_have_count(0)

    # The teacher shows the answer: the pupil's verdict takes the focus, and the board
    # has the move played, as the projector's has (the walk: the answer spoke of 3♣
    # beside a hand without it).
    live.reveal(exercise=exercise, step=0)
    judged = luca.locator(".feedback--right")
    expect(judged).to_be_visible(timeout=10_000)
    expect(luca.locator(".live-pupil__verdict")).to_be_focused()
    expect(luca.locator("#announce")).to_have_text("")
    expect(cards).to_have_count(11)
    expect(luca.locator(".my-hand [data-card='3C']")).to_have_count(1)
    # The next step: the focus is on the pupil's cards, to choose the move.
    live.advance(exercise=exercise, step=0)
    expect(luca.locator(".coach__prompt")).to_contain_text("cala", timeout=10_000)
    assert luca.evaluate("document.activeElement.classList.contains('card-choice__input')")
    # Answered, and waiting on a card: the verdict, shown, keeps the focus on the card
    # (its id) and is said by #announce instead.
    pupil = Pupil.objects.get(name="Luca")
    live.answer(pupil=pupil, exercise_id=exercise.pk, step=1, move=Move.parse("meld 7S 7H 7D"))
    live.reveal(exercise=exercise, step=1)
    verdict = luca.locator(".live-pupil__verdict")
    expect(verdict).to_be_visible(timeout=10_000)
    # Said as it is shown: each card's name for screen readers, its corner hidden.
    said = verdict.evaluate("e => e.textContent.replace(/\\s+/g, '')")
    luca.wait_for_function(
        "said => document.getElementById('announce').textContent.replace(/\\s+/g, '') === said",
        arg=said,
    )
    assert luca.locator("#announce [aria-hidden='true']").count() > 0
    assert luca.evaluate("document.activeElement.classList.contains('card-choice__input')")
    context.close()


@pytest.mark.django_db(transaction=True)
def test_without_javascript_refresh_loads_the_pupils_page_again_at_the_step(
    page: Page, browser: Browser, site_url: str
) -> None:
    """The walk without JavaScript on a 360 x 740 phone: Refresh opened the live page at
    its top. Each press loads it again (a GET, the address another each time) and opens
    it at the step's question and the pupil's answer, in the first screen; the teacher's
    answer shown is there after a press."""
    sign_up(page, site_url, "en", axe=False)
    classroom, exercise = a_live_class(page, site_url, "en")
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740})
    leo = context.new_page()
    leo.goto(f"{site_url}/en/join/{classroom.join_code}/")
    leo.locator("#id_name").fill("Leo")
    leo.locator("#id_name").press("Enter")
    leo.goto(f"{site_url}/en/live/")
    leo.locator("button[name=action][value=draw_stock]").click()
    expect(leo.locator(".feedback--waiting")).to_be_visible()
    expect(leo).to_have_url(f"{site_url}/en/live/#table-status")
    inside(leo, "#table-status", 740)
    loads: list[str] = []
    leo.on("request", lambda r: loads.append(r.url) if r.resource_type == "document" else None)
    live.reveal(exercise=exercise, step=0)
    for expected in ("/en/live/?again=1#table-status", "/en/live/#table-status"):
        leo.get_by_role("link", name="Refresh", exact=True).click()
        expect(leo).to_have_url(site_url + expected)
        expect(leo.locator(".live-pupil__verdict")).to_be_visible()
        inside(leo, "#table-status h2", 740)
    assert len(loads) == 2  # each press a load of the page
    context.close()


# The words the class reads on the projector, and the teacher's own links and buttons.
CLASS_WORDS = (
    "h1",
    ".projector__where",
    ".projector__prompt",
    ".projector__answer",
    ".live__answers h2",
    ".bars",
    ".live__join",
    ".projector__seats",
    ".projector__piles",
    ".melds",
    ".projector__log",
)
TEACHER_LINKS = (".projector__toggle", ".projector__table > p.no-print", ".projector__end")
SMALLEST = """sels => {
  let smallest = [999, ''];
  for (const sel of sels) for (const root of document.querySelectorAll(sel))
    for (const el of [root, ...root.querySelectorAll('*')]) {
      const text = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
      const box = el.getBoundingClientRect();
      if (!text || !box.height || el.closest('.visually-hidden, .card')) continue;
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (size < smallest[0]) smallest = [size, el.textContent.trim().slice(0, 40)];
    }
  return smallest;
}"""
LOWEST = """() => Math.max(...[...document.querySelectorAll('[data-projector] *')]
  .filter(el => el.getBoundingClientRect().height && !el.closest('.visually-hidden'))
  .map(el => el.getBoundingClientRect().bottom + scrollY))"""


def readable_from_the_back(page: Page, height: int) -> None:
    """Every word the class reads at least 20 px (the teacher's links at least 16 px),
    every card's rank and suit at least 16 px, and the whole of the projected hand on
    the first screen, nothing wider than it."""
    words = page.evaluate(SMALLEST, list(CLASS_WORDS))
    assert words[0] >= 20, (page.url, words)
    links = page.evaluate(SMALLEST, list(TEACHER_LINKS))
    assert links[0] >= 16, (page.url, links)
    lowest = page.evaluate(LOWEST)
    assert lowest <= height, (page.url, lowest)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), page.url
    ranks = page.evaluate(
        """[...document.querySelectorAll('.projector__table .card__index')]
        .filter(el => el.getBoundingClientRect().height)
        .map(el => parseFloat(getComputedStyle(el).fontSize))"""
    )
    assert min(ranks, default=16) >= 16, (page.url, min(ranks))


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", [(1280, 720), (1024, 768)], ids=["1280x720", "1024x768"])
def test_the_class_reads_the_projector_from_the_back_row(
    page: Page, site_url: str, size: tuple[int, int]
) -> None:
    """The Russian teacher's walk: at 1280 x 720 the live exercise's answer and its
    "Step 1 of 7" line were 16.8 px, the log and "answered 0 of 28 pupils" 15 to 18.7
    px, and the longest answer (the Knock Rummy undercut, in Russian) ended at 708 px of
    720, with the pupils' answers below the screen. Now every word the class reads is
    at least 20 px, on the first screen: the longest answer with three bars, live and
    projected, and an ordinary first step; on a 16:9 projector and an old 4:3 one. And
    the tallest board (Knock Rummy's shared tie, four hands face up, in Italian): it ran
    176 px below a 1024 x 768 screen, its cards' ranks 13 px."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    sign_up(page, site_url, "ru", axe=False)
    for language, slug, step in (
        ("ru", "knock-06-undercut-penalty", 1),
        ("en", HAND, 0),
        ("it", "knock-05-shared-tie", 4),
    ):
        for reveal in ("", "&reveal=1"):
            page.goto(
                f"{site_url}/{language}/classroom/projector/guided/{slug}/?step={step}{reveal}"
            )
            readable_from_the_back(page, height)
    classroom, exercise = a_live_class(page, site_url, "ru", "knock-06-undercut-penalty")
    live.reveal(exercise=exercise, step=0)
    exercise = live.advance(exercise=exercise, step=0)
    for name, move in [("Oleg", "discard KC"), ("Vera", "knock TD"), ("Ivan", "knock 4C")]:
        live.answer(
            pupil=pupil(classroom, name), exercise_id=exercise.pk, step=1, move=Move.parse(move)
        )
    for _ in range(25):
        pupil(classroom, f"Ученик {_}")
    page.goto(f"{site_url}/ru/classroom/{classroom.public_id}/live/")
    expect(page.locator(".bars__item")).to_have_count(3)
    readable_from_the_back(page, height)
    page.keyboard.press("ArrowRight")  # show the answer: above the bars, all on the screen
    expect(page.locator(".projector__answer")).to_be_visible()
    readable_from_the_back(page, height)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", [(1280, 720), (1024, 768)], ids=["1280x720", "1024x768"])
def test_the_live_board_stays_on_the_first_screen_with_the_pupils_answers(
    page: Page, site_url: str, size: tuple[int, int]
) -> None:
    """The worst live boards in large type, with three answers from a class of 28: the
    going-out hand (three hands, their melds) under the pupils' address ran to 831 px
    of a 1280 x 720 projector, and under the pupils' answers to 970 px of a 1024 x 768
    one (of the 216 pages of the four worst hands, 48 and 89 ran below). The address
    and the answers are in the words' column now, beside the board; and the longest
    answers (Knock Rummy's tie and its undercut, in Russian) keep their three answers
    on the screen there too."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    sign_up(page, site_url, "ru", axe=False)
    in_large_type(page, site_url, "ru")
    classroom, exercise = a_live_class(page, site_url, "ru", "basic-04-going-out")
    pupils = [pupil(classroom, f"Ученик {number}") for number in range(28)]
    for slug, last in (
        ("basic-04-going-out", 6),
        ("knock-04-tie-goes-to-opponent", 3),
        ("knock-06-undercut-penalty", 1),
    ):
        exercise = live.start(classroom=classroom, slug=slug)
        line = scenarios.right_line(scenarios.get(slug))
        for step in range(last + 1):
            # The right move, and two the rules may refuse at this step (judged so).
            moves = (line[step], Move.parse("draw stock"), Move.parse("draw discard"))
            for who, move in zip(pupils[:3], moves, strict=True):
                live.answer(pupil=who, exercise_id=exercise.pk, step=step, move=move)
            if step >= last - 1:
                page.goto(f"{site_url}/ru/classroom/{classroom.public_id}/live/")
                expect(page.locator(".projector__text .bars__item").first).to_be_visible()
                readable_from_the_back(page, height)
            live.reveal(exercise=exercise, step=step)
            if step >= last - 1:
                page.goto(f"{site_url}/ru/classroom/{classroom.public_id}/live/")
                expect(page.locator(".projector__answer")).to_be_visible()
                expect(page.locator(".projector__text .bars__item--right")).to_have_count(1)
                readable_from_the_back(page, height)
            if step < last:
                exercise = live.advance(exercise=exercise, step=step)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", [(1024, 768), (1280, 720)], ids=["1024x768", "1280x720"])
def test_a_busy_class_keeps_its_answers_on_the_first_screen(
    page: Page, site_url: str, size: tuple[int, int]
) -> None:
    """A class of 28, 25 answered in four different moves, under the longest answer
    (Knock Rummy's undercut, in Russian), in large type: "End the exercise" took two
    lines beside "25 of 28", and each knock with "allowed, but not the point" two lines
    over its bar, so the last bar ended at 829 px of a 1024 x 768 screen (740 of 1280 x
    720). Each bar is one line now (the move, its verdict in a word, how many), the
    button one line: all of it on the first screen, readable from the back."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    sign_up(page, site_url, "ru", axe=False)
    in_large_type(page, site_url, "ru")
    classroom, exercise = a_live_class(page, site_url, "ru", "knock-06-undercut-penalty")
    live.reveal(exercise=exercise, step=0)
    exercise = live.advance(exercise=exercise, step=0)
    pupils = iter([pupil(classroom, f"Ученик {number}") for number in range(28)])
    # The right move (12 pupils), and three knocks the rules allow (6, 4 and 3).
    for move, count in (("discard KC", 12), ("knock TD", 6), ("knock 4C", 4), ("knock KC", 3)):
        for who in [next(pupils) for _ in range(count)]:
            live.answer(pupil=who, exercise_id=exercise.pk, step=1, move=Move.parse(move))
    page.goto(f"{site_url}/ru/classroom/{classroom.public_id}/live/")
    expect(page.locator(".live__head h2")).to_contain_text("25")
    expect(page.locator(".bars__item")).to_have_count(4)
    readable_from_the_back(page, height)
    page.keyboard.press("ArrowRight")  # show the answer: nine lines, above the four bars
    expect(page.locator(".projector__answer")).to_be_visible()
    expect(page.locator(".bars__item--other")).to_have_count(3)
    readable_from_the_back(page, height)
    # Each bar on one line, "End the exercise" too.
    lines = page.evaluate(
        """() => [...document.querySelectorAll('.bars__label, .projector__end .button')]
        .map(el => Math.round(el.getBoundingClientRect().height
                              / parseFloat(getComputedStyle(el).lineHeight)))"""
    )
    assert lines == [1] * 5, lines


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", [(1024, 768), (1280, 720)], ids=["1024x768", "1280x720"])
def test_a_busier_class_s_bars_stay_where_they_were_on_the_first_screen(
    page: Page, site_url: str, size: tuple[int, int]
) -> None:
    """The busiest page: 25 of 28 answered in six different moves under the longest
    answer (Knock Rummy's undercut, in Russian), in large type, the right move chosen by
    two pupils only. The projector shows the same bars before and after the answer (the
    commonest three and the rest's, the other moves folded), and once it is shown the
    rest's bar says in a word how many chose the right move among them: every bar one
    line, all of it on the first screen, readable from the back."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    sign_up(page, site_url, "ru", axe=False)
    in_large_type(page, site_url, "ru")
    classroom, exercise = a_live_class(page, site_url, "ru", "knock-06-undercut-penalty")
    live.reveal(exercise=exercise, step=0)
    exercise = live.advance(exercise=exercise, step=0)
    pupils = iter([pupil(classroom, f"Ученик {number}") for number in range(28)])
    answers = (
        ("knock TD", 8),
        ("knock 4C", 6),
        ("knock KC", 5),
        ("knock JD", 3),
        ("discard KC", 2),
        ("knock 5S", 1),
    )
    for move, count in answers:
        for who in [next(pupils) for _ in range(count)]:
            live.answer(pupil=who, exercise_id=exercise.pk, step=1, move=Move.parse(move))
    page.goto(f"{site_url}/ru/classroom/{classroom.public_id}/live/")
    shown = page.locator(".bars__item:visible")
    expect(shown).to_have_count(4)
    before = shown.locator(".bars__label").all_inner_texts()
    readable_from_the_back(page, height)
    page.keyboard.press("ArrowRight")  # show the answer: nine lines, above the four bars
    expect(page.locator(".projector__answer")).to_be_visible()
    expect(shown).to_have_count(4)
    after = shown.locator(".bars__label").all_inner_texts()
    assert [label.split(" · ")[0].strip() for label in after] == before
    # «из них правильно: 2»: of the rest's pupils, how many chose the right move.
    expect(page.locator(".bars__item--rest .bars__verdict--short")).to_be_visible()
    expect(page.locator(".bars__item--rest .bars__verdict--short")).to_contain_text(": 2")
    readable_from_the_back(page, height)
    lines = page.evaluate(
        """() => [...document.querySelectorAll('.bars__label, .projector__end .button')]
        .filter(el => el.getBoundingClientRect().height)
        .map(el => Math.round(el.getBoundingClientRect().height
                              / parseFloat(getComputedStyle(el).lineHeight)))"""
    )
    assert lines == [1] * 5, lines


@pytest.mark.django_db(transaction=True)
def test_on_the_teachers_phone_every_move_has_its_bar(page: Page, site_url: str) -> None:
    """On a phone the page scrolls and is not projected: the teacher sees every move the
    class chose, each its own bar (the right one marked once the answer is shown), and
    no bar for "the other moves"; the projector's four bars are the wide screen's."""
    page.set_viewport_size({"width": 360, "height": 740})
    sign_up(page, site_url, "en", axe=False)
    classroom, exercise = a_live_class(page, site_url, "en", "knock-06-undercut-penalty")
    live.reveal(exercise=exercise, step=0)
    exercise = live.advance(exercise=exercise, step=0)
    pupils = iter([pupil(classroom, f"Pupil {number}") for number in range(12)])
    for move, count in (("knock TD", 4), ("knock 4C", 3), ("knock KC", 2), ("discard KC", 1)):
        for who in [next(pupils) for _ in range(count)]:
            live.answer(pupil=who, exercise_id=exercise.pk, step=1, move=Move.parse(move))
    live.answer(pupil=next(pupils), exercise_id=exercise.pk, step=1, move=Move.parse("knock JD"))
    live.reveal(exercise=exercise, step=1)
    page.goto(f"{site_url}/en/classroom/{classroom.public_id}/live/")
    expect(page.locator(".bars__item:visible")).to_have_count(5)
    expect(page.locator(".bars__item--rest")).to_be_hidden()
    expect(page.locator(".bars__item--right")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.set_viewport_size({"width": 1280, "height": 720})
    expect(page.locator(".bars__item:visible")).to_have_count(4)
    expect(page.locator(".bars__item--rest")).to_be_visible()
