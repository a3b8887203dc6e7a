"""A live class exercise through HTTP: the teacher starts a guided hand for the class,
each pupil answers the step on their own device, the projector shows the answers as
bars, the teacher shows the answer and moves the class on. Every stale, doubled or
foreign post is refused and changes nothing."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from classroom import live, services
from classroom.models import Classroom, LiveAnswer, LiveExercise, Mistake
from game.engine import Move
from game.guided import scenarios
from tests import factories
from tests.switcher import switched, switcher_next

from .test_views import a_class, learner_of, pupil_joins, teacher_client

pytestmark = pytest.mark.django_db
HAND = "knock-02-everyone-pays"  # draw stock, discard KC, draw discard, knock 9D
HX = {"HTTP_HX_REQUEST": "true"}


def live_url(classroom: Classroom, lang: str = "lt") -> str:
    return f"/{lang}/classroom/{classroom.public_id}/live/"


def start(client: Client, classroom: Classroom, slug: str = HAND) -> LiveExercise:
    response = client.post(live_url(classroom) + "start/", {"scenario": slug})
    assert response.status_code == 303, response.content.decode()[:300]
    exercise = live.running(classroom=classroom)
    assert exercise is not None
    return exercise


def step(client: Client, classroom: Classroom, action: str, at: int, revealed: bool = False):  # type: ignore[no-untyped-def]
    return client.post(
        live_url(classroom) + "step/",
        {"action": action, "step": str(at), "revealed": "1" if revealed else "0"},
    )


def answer(
    pupil: Client,
    exercise: LiveExercise,
    at: int,
    action: str,
    *cards: str,
    lang: str = "lt",
    **headers: str,
):  # type: ignore[no-untyped-def]
    data: dict[str, object] = {"version": str(at), "action": action}
    if cards:
        data["cards"] = list(cards)
    # Without JavaScript an answer redirects to the live page: followed (its status 200).
    return pupil.post(f"/{lang}/live/{exercise.pk}/answer/", data, follow=True, **headers)


@pytest.fixture
def room() -> tuple[Client, User, Classroom, Client, Client]:
    client, user = teacher_client()
    classroom = a_class(user)
    ona = pupil_joins(classroom.join_code, "Ona")
    jonas = pupil_joins(classroom.join_code, "Jonas")
    return client, user, classroom, ona, jonas


def test_a_class_plays_a_guided_hand_step_by_step(room) -> None:  # type: ignore[no-untyped-def]
    teacher, _user, classroom, ona, jonas = room
    exercise = start(teacher, classroom)
    # The projector gives the pupils' page's whole address (in the class's language),
    # from a page in any language: a path alone cannot be typed into a phone.
    shown = teacher.get(live_url(classroom, "en")).content.decode()
    said = re.sub(r"<[^>]+>", "", shown)  # the address in large type, broken after a slash
    assert "Pupils: open http://testserver/lt/live/ on your device." in said
    assert '<strong class="live__url">http://testserver/<wbr>lt/<wbr>live/</strong>' in shown
    # The pupils see the hand at step 1 and the question.
    page = ona.get("/lt/live/").content.decode()
    assert "1 žingsnis iš 4" in page or "Žingsnis 1 iš 4" in page or "1 iš 4" in page, page[:2000]
    assert answer(ona, exercise, 0, "draw_stock").status_code == 200
    assert answer(jonas, exercise, 0, "draw_discard").status_code == 200
    result = live.tally(exercise=exercise, step=0)
    assert (result.answered, result.pupils) == (2, 2)
    assert sorted((str(b.move), b.count, b.verdict.value) for b in result.bars) == [
        ("draw discard", 1, "other"),
        ("draw stock", 1, "right"),
    ]
    # Jonas's answer is one of his mistakes, for the dashboard.
    assert Mistake.objects.filter(learner=learner_of(jonas), where=HAND).count() == 1
    assert not Mistake.objects.filter(learner=learner_of(ona)).exists()
    # The projector shows the bars; the verdicts only once the answer is shown.
    projector = teacher.get(live_url(classroom)).content.decode()
    assert projector.count('class="bars__item"') == 2
    assert step(teacher, classroom, "reveal", 0).status_code == 303
    projector = teacher.get(live_url(classroom)).content.decode()
    assert "bars__item--right" in projector and "bars__item--other" in projector
    # Ona sees she was right; the step is closed.
    page = ona.get("/lt/live/").content.decode()
    assert "feedback--right" in page
    assert step(teacher, classroom, "next", 0, revealed=True).status_code == 303
    exercise.refresh_from_db()
    assert (exercise.step, exercise.revealed) == (1, False)


def test_each_bar_says_its_verdict_in_a_word_and_its_count_as_a_number(room) -> None:  # type: ignore[no-untyped-def]
    """On the projector each bar is one line: the move, its verdict in a word ("allowed",
    not "allowed, but not the point", which took a second line beside a long move, as
    "against the rules" did) and how many as a number. The whole verdict and "1 pupil" stay in the
    page, for a screen reader and a phone (the stylesheet shows one or the other)."""
    teacher, _user, classroom, ona, jonas = room
    exercise = start(teacher, classroom)
    assert answer(ona, exercise, 0, "draw_stock").status_code == 200
    assert answer(jonas, exercise, 0, "draw_discard").status_code == 200
    asked = teacher.get(live_url(classroom, "en")).content.decode()
    # While the pupils answer there is no verdict, only how many.
    assert "bars__verdict" not in asked
    assert asked.count('<span class="bars__number" aria-hidden="true">1</span>') == 2
    assert asked.count('<span class="bars__pupils">1 pupil</span>') == 2
    assert step(teacher, classroom, "reveal", 0).status_code == 303
    shown = teacher.get(live_url(classroom, "en")).content.decode()
    other = shown[shown.index("bars__item--other") :]
    other = other[: other.index("</li>")]
    assert '<strong class="bars__verdict">allowed, but not the point</strong>' in other
    assert (
        '<strong class="bars__verdict bars__verdict--short" aria-hidden="true">allowed</strong>'
        in other
    )
    right = shown[shown.index("bars__item--right") :]
    right = right[: right.index("</li>")]
    assert '<strong class="bars__verdict">the right move</strong>' in right
    assert (
        '<strong class="bars__verdict bars__verdict--short" aria-hidden="true">right</strong>'
        in right
    )
    assert '<span class="bars__number" aria-hidden="true">1</span>' in right


def busy_class(teacher: Client, classroom: Classroom, moves: list[str]) -> LiveExercise:
    """A class whose new pupils answered step 0 with ``moves``, one each."""
    exercise = start(teacher, classroom)
    for number, move in enumerate(moves):
        learner = factories.learner(f"Pupil {number}")
        pupil = services.class_join(learner=learner, code=classroom.join_code, name=f"P{number}")
        live.answer(pupil=pupil.pupil, exercise_id=exercise.pk, step=0, move=Move.parse(move))
    return exercise


def bars_of(teacher: Client, classroom: Classroom) -> list[tuple[str, str]]:
    """Each bar on the teacher's live page: its classes, and its words without markup."""
    page = teacher.get(live_url(classroom, "en")).content.decode()
    items = re.findall(r'<li class="bars__item([^"]*)">(.*?)</li>', page, re.S)
    return [
        (kind.strip(), re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", item)).strip())
        for kind, item in items
    ]


def test_the_italian_bars_name_each_move_and_order_nobody(room) -> None:  # type: ignore[no-untyped-def]
    """The Italian teacher's walk: the bars said «Prendete lo scarto · 2», «Pescate dal
    tallone · 1», the class's imperative, where each pupil had pressed «Prendi lo scarto»;
    over the bars, before the answer, «Prendete lo scarto» read as the teacher telling the
    class what to do. A bar names the move, as every move is named on the projector
    (:data:`game.explain.CLASS_SUGGESTIONS`): «Prendere lo scarto», «Pescare dal tallone»,
    and so does the right move once shown."""
    teacher, _user, classroom, _ona, _jonas = room
    exercise = busy_class(teacher, classroom, ["draw discard"] * 2 + ["draw stock"])
    page = teacher.get(live_url(classroom, "it")).content.decode()
    labels = [
        re.sub(r"<[^>]+>", "", label).strip()
        for label in re.findall(r'<span class="bars__label">(.*?)</span>', page, re.S)
    ]
    assert labels == ["Prendere lo scarto", "Pescare dal tallone"], labels
    live.reveal(exercise=exercise, step=0)
    shown = teacher.get(live_url(classroom, "it")).content.decode()
    assert "La mossa giusta: Pescare dal tallone" in re.sub(r"<[^>]+>", "", shown)


def test_five_moves_or_more_show_the_three_commonest_and_the_rest_on_one_bar(room) -> None:  # type: ignore[no-untyped-def]
    """A busy class's every answer a bar: five of them or more, under the longest answer,
    ran below a 1024 x 768 projector. The projector shows four at most: the three
    commonest, and the rest counted together on one grey bar, last; the other moves'
    own bars are on the page too, folded on a wide screen (a phone shows them, and not
    the rest's bar: site.css)."""
    teacher, _user, classroom, _ona, _jonas = room
    moves = ["draw discard"] * 3 + ["discard 8C", "discard 3D"] * 2 + ["draw stock", "discard 4S"]
    busy_class(teacher, classroom, moves)
    assert bars_of(teacher, classroom) == [
        ("", "Take the discard 3 pupils 3"),
        ("", "Discard 3♦ three of diamonds 2 pupils 2"),
        ("", "Discard 8♣ eight of clubs 2 pupils 2"),
        ("bars__item--folded", "Discard 4♠ four of spades 1 pupil 1"),
        ("bars__item--folded", "Draw from the stock 1 pupil 1"),
        ("bars__item--rest", "2 other moves 2 pupils 2"),
    ]


def test_the_bars_stay_where_they_were_when_the_answer_is_shown(room) -> None:  # type: ignore[no-untyped-def]
    """Showing the answer moves no bar (it put the right move, chosen by one pupil, in
    the third's place, and the class lost a bar it was looking at): the same three, the
    same rest; the right move, among the rest, is marked on the rest's bar (its pupils
    green, how many in its words) and on its own folded bar. Before the answer is shown
    nothing tells it: the bars are the commonest, whatever their verdict."""
    teacher, _user, classroom, _ona, _jonas = room
    moves = ["draw discard"] * 3 + ["discard 8C", "discard 3D"] * 2 + ["draw stock", "discard 4S"]
    busy_class(teacher, classroom, moves)
    asked = bars_of(teacher, classroom)
    assert "right" not in str(asked)
    assert step(teacher, classroom, "reveal", 0).status_code == 303
    shown = bars_of(teacher, classroom)

    def moves(bars: list[tuple[str, str]]) -> list[str]:
        return [re.sub(r" \d+ pupils? \d+$", "", words).split(" · ")[0] for _kind, words in bars]

    assert moves(shown) == moves(asked)
    assert [kind for kind, _ in shown] == [
        "bars__item--other",
        "bars__item--illegal",
        "bars__item--illegal",
        "bars__item--illegal bars__item--folded",
        "bars__item--right bars__item--folded",
        "bars__item--rest",
    ]
    assert shown[5][1] == (
        "2 other moves · 1 of them chose a right move right among them: 1 2 pupils 2"
    )
    page = teacher.get(live_url(classroom, "en")).content.decode()
    rest = page[page.index("bars__item--rest") :]
    rest = rest[: rest.index("</li>")]
    # Of the rest's 2 pupils of 9, the right move's 1: 10% of the bar green, 10% grey.
    assert (
        '<span class="bars__track"><span class="bars__bar bars__bar--right bars__bar--10">'
        '</span><span class="bars__bar bars__bar--10"></span></span>'
    ) in rest


def test_the_rest_s_bar_counts_every_right_move_among_it() -> None:
    """A step may take several moves as right (the least-deadwood discard, any of two
    melds): each right move among the rest counts in the rest's green part and its words
    (h1's review: only the first was, and the others' pupils were grey, as if wrong)."""
    from classroom import presenters
    from game.guided.services import VerdictKind

    def bar(move: str, count: int, verdict: VerdictKind) -> live.Bar:
        return live.Bar(move=Move.parse(move), count=count, verdict=verdict)

    bars = [
        bar("discard KS", 6, VerdictKind.OTHER),
        bar("discard 9S", 5, VerdictKind.RIGHT),
        bar("discard QS", 4, VerdictKind.OTHER),
        bar("discard TH", 3, VerdictKind.RIGHT),
        bar("draw stock", 2, VerdictKind.ILLEGAL),
        bar("discard JH", 1, VerdictKind.RIGHT),
    ]
    kept, rest = presenters.shown_bars(bars)
    assert [b.count for b in kept] == [6, 5, 4] and [b.count for b in rest] == [3, 2, 1]

    def width(count: int) -> int:
        return 5 * round(20 * count / 21)

    with translation.override("en"):
        shown = presenters._rest_bar(rest, width, revealed=True)
        hidden = presenters._rest_bar(rest, width, revealed=False)
    assert shown["count"] == 6 and shown["right_width"] == width(4)
    assert shown["width"] == width(6) - width(4)
    assert shown["verdict_short"] == "right among them: 4"
    assert shown["verdict_words"] == "4 of them chose a right move"
    assert "right_inside" not in hidden and "verdict_words" not in hidden


def test_the_rest_s_bar_is_last_even_when_it_counts_the_most_pupils(room) -> None:  # type: ignore[no-untyped-def]
    """The rest's bar comes after the moves it does not name, however many pupils it
    counts: it is several moves, none chosen by as many as the first bar's, and above
    it would read as the class's first choice."""
    teacher, _user, classroom, _ona, _jonas = room
    moves = ["draw discard"] * 2 + ["discard 8C", "discard 3D", "draw stock", "discard 4S"]
    moves += ["discard 5S", "discard 6S"]
    busy_class(teacher, classroom, moves)
    bars = bars_of(teacher, classroom)
    assert bars[0] == ("", "Take the discard 2 pupils 2")
    assert bars[-1] == ("bars__item--rest", "4 other moves 4 pupils 4")


def test_the_pupils_address_and_answers_are_beside_the_board_not_over_it(room) -> None:  # type: ignore[no-untyped-def]
    """Over the board, the pupils' address (while they answer) or their answers (once
    the answer is shown) pushed the worst boards below a 1024 x 768 or 1280 x 720
    projector's first screen. Both are in the words' column, under the question and
    the answer: the board's column has the board and its switch only. "End the
    exercise" is there once, on the count's line."""
    teacher, _user, classroom, ona, _jonas = room
    exercise = start(teacher, classroom)
    assert answer(ona, exercise, 0, "draw_stock").status_code == 200

    def columns() -> tuple[str, str]:
        page = teacher.get(live_url(classroom)).content.decode()
        words, table = page.split('<div class="projector__table">')
        return words, table

    words, table = columns()
    assert "live__join" in words and "live__answers" in words and 'class="bars__item' in words
    assert words.index("live__join") < words.index("live__answers")
    assert "live__join" not in table and "live__answers" not in table
    assert words.count('value="end"') == 1 and 'value="end"' not in table
    assert step(teacher, classroom, "reveal", 0).status_code == 303
    words, table = columns()
    # Nobody answers the step any more: the address is gone, the answers under the answer.
    assert "live__answers" in words and "bars__item--right" in words
    assert words.index("projector__answer") < words.index("live__answers")
    assert "live__join" not in words + table and "live__answers" not in table
    assert words.count('value="end"') == 1 and 'value="end"' not in table
    # The next step: the address again, for a pupil who is late.
    assert step(teacher, classroom, "next", 0, revealed=True).status_code == 303
    words, table = columns()
    assert "live__join" in words and "live__answers" in words and "live__" not in table


def test_answers_are_refused_when_stale_doubled_closed_or_not_moves(room) -> None:  # type: ignore[no-untyped-def]
    teacher, _user, classroom, ona, jonas = room
    exercise = start(teacher, classroom)
    assert answer(ona, exercise, 0, "draw_stock").status_code == 200
    again = answer(ona, exercise, 0, "draw_discard")
    assert again.status_code == 409
    assert "jau atsakėte" in again.content.decode() or "already" in again.content.decode()
    # A card the pupil does not hold, a form the page never sends: said, not kept.
    bad = answer(jonas, exercise, 0, "discard", "ZZ")
    assert bad.status_code == 400
    assert answer(jonas, exercise, 0, "fly").status_code == 400
    assert LiveAnswer.objects.count() == 1
    step(teacher, classroom, "reveal", 0)
    closed = answer(jonas, exercise, 0, "draw_stock")
    assert closed.status_code == 409 and LiveAnswer.objects.count() == 1
    step(teacher, classroom, "next", 0, revealed=True)
    stale = answer(jonas, exercise, 0, "draw_stock")
    assert stale.status_code == 409 and LiveAnswer.objects.count() == 1
    # Step 2 (after drawing): discarding a card Jonas does not hold is no answer.
    view = live.position(scenarios.get(HAND), 1).hand.view(0)  # type: ignore[arg-type]
    held = {str(c) for c in view.cards}
    foreign = next(c for c in ("2C", "3D", "4H", "5S", "6C", "7D", "8H") if c not in held)
    refused = answer(jonas, exercise, 1, "discard", foreign)
    assert refused.status_code == 400 and LiveAnswer.objects.count() == 1
    # Knock Rummy lets anyone knock: allowed, though not the point of the step.
    assert answer(jonas, exercise, 1, "knock", "KC").status_code == 200
    kept = LiveAnswer.objects.get(pupil__name="Jonas", step=1)
    assert (kept.verdict, kept.code) == ("other", "")


def test_an_answer_the_hand_could_not_make_is_refused_and_makes_no_bar(room) -> None:  # type: ignore[no-untyped-def]
    """The class-of-thirty walk: "discard KS" posted by hand at step 1 of "The stock or
    the discard pile?" (the hand holds K♣, not K♠) was kept, and the projector showed
    "Discard K♠ · against the rules". A discard before drawing, of a card the hand
    holds, is still an answer: against the rules, a teaching point."""
    teacher, _user, classroom, ona, jonas = room
    slug = "basic-02-stock-or-discard"
    exercise = start(teacher, classroom, slug)
    view = live.position(scenarios.get(slug), 0).hand.view(0)  # type: ignore[arg-type]
    held = {str(c) for c in view.cards}
    assert "KC" in held and "KS" not in held
    for post in (
        ("discard", "KS"),  # not in the hand
        ("knock", "KS"),
        ("meld", "KC", "KS", "KD"),  # one of them in the hand, two not
    ):
        refused = answer(jonas, exercise, 0, *post, lang="en")
        assert refused.status_code == 400, (post, refused.status_code)
        assert "This form is not one the page sends" in refused.content.decode()
    # K♣ is in the hand, but no meld is on the table to lay it off onto.
    data = {"version": "0", "action": "lay_off", "cards": "KC", "meld": "0"}
    refused = jonas.post(f"/en/live/{exercise.pk}/answer/", data)
    assert refused.status_code == 400
    assert "This form is not one the page sends" in refused.content.decode()
    assert not LiveAnswer.objects.exists()
    assert not Mistake.objects.exists()
    # Discarding K♣ before drawing: the hand could, the rules say no.
    assert answer(ona, exercise, 0, "discard", "KC", lang="en").status_code == 200
    kept = LiveAnswer.objects.get()
    assert (kept.move, kept.verdict) == ("discard KC", "illegal")
    # Jonas may still answer: the refused posts were not his answer.
    assert answer(jonas, exercise, 0, "draw_stock", lang="en").status_code == 200
    step(teacher, classroom, "reveal", 0)
    projector = factories.shown(teacher.get(live_url(classroom, "en")).content.decode())
    assert projector.count("bars__item--") == 2
    assert "Discard K♠" not in projector and "Discard K♣" in projector


def test_on_the_projector_the_classs_seat_is_you_and_on_a_device_the_pupils_own(room) -> None:  # type: ignore[no-untyped-def]
    """The class-of-thirty walk: the projector titled the seat "Alex · to play" while the
    question and the log said "You". The pupils' devices keep their own names."""
    teacher, _user, classroom, ona, _jonas = room
    exercise = start(teacher, classroom, "gin-06-undercut")
    answer(ona, exercise, 0, "draw_discard", lang="en")
    for at in (0, 1):
        projector = teacher.get(live_url(classroom, "en")).content.decode()
        seats = re.findall(r'class="projector__name">([^<]*)<', projector)
        assert seats[0].startswith("You (the class)"), seats
        assert "Alex" not in projector
        if at == 0:
            step(teacher, classroom, "reveal", 0)
    assert "You took" in projector  # the log, after the answer is shown
    page = ona.get("/en/live/").content.decode()
    assert "Ona (you)" in page and "You (the class)" not in page


def test_a_move_against_the_rules_is_an_answer_with_its_reason(room) -> None:  # type: ignore[no-untyped-def]
    teacher, _user, classroom, ona, _jonas = room
    exercise = start(teacher, classroom, "gin-02-groups-runs-discard")
    answer(ona, exercise, 0, "draw_stock")
    step(teacher, classroom, "reveal", 0)
    step(teacher, classroom, "next", 0, revealed=True)
    # Gin: a knock with 40-odd points of deadwood.
    knock = answer(ona, exercise, 1, "knock", "KS")
    assert knock.status_code == 200
    kept = LiveAnswer.objects.get(step=1)
    assert (kept.verdict, kept.code) == ("illegal", "knock_over_limit")
    mistake = Mistake.objects.get(learner=learner_of(ona))
    assert (mistake.topic, mistake.code) == ("knock_over_limit", "illegal:knock_over_limit")
    step(teacher, classroom, "reveal", 1)
    page = ona.get("/en/live/").content.decode()
    assert "feedback--illegal" in page and "The right move" in page


def test_a_step_with_several_right_moves_names_them_all(room) -> None:  # type: ignore[no-untyped-def]
    """The Italian teacher's walk: the answer said "The right move: Meld 7♠ 7♥ 7♦" while
    the step took the run of clubs as right too, and the bars marked it right."""
    teacher, _user, classroom, ona, jonas = room
    exercise = start(teacher, classroom, "basic-01-groups-and-runs")
    step(teacher, classroom, "reveal", 0)
    step(teacher, classroom, "next", 0, revealed=True)
    assert answer(ona, exercise, 1, "meld", "3C", "4C", "5C", "6C").status_code == 200
    assert answer(jonas, exercise, 1, "meld", "3C", "4C", "5C").status_code == 200
    step(teacher, classroom, "reveal", 1)
    projector = teacher.get(live_url(classroom, "en")).content.decode()
    assert projector.count("bars__item--right") == 1
    shown = factories.shown(projector.split("The right moves:", 1)[1].split("</p>", 1)[0])
    assert re.search(r"Meld 7.*7.*7.* or meld 3.*4.*5.*6", shown), shown
    # Jonas left the 6♣ out: he is told both moves the step takes.
    page = jonas.get("/en/live/").content.decode()
    assert "feedback--other" in page and "The right moves:" in page
    assert "The right move" not in ona.get("/en/live/").content.decode()  # Ona was right


def test_the_teachers_buttons_move_once_however_often_they_are_pressed(room) -> None:  # type: ignore[no-untyped-def]
    teacher, _user, classroom, *_ = room
    exercise = start(teacher, classroom)
    assert step(teacher, classroom, "reveal", 0).status_code == 303
    assert step(teacher, classroom, "reveal", 0).status_code == 409  # a double click
    assert step(teacher, classroom, "next", 0, revealed=True).status_code == 303
    assert step(teacher, classroom, "next", 0, revealed=True).status_code == 409
    exercise.refresh_from_db()
    assert (exercise.step, exercise.revealed) == (1, False)
    assert step(teacher, classroom, "back", 1).status_code == 303
    exercise.refresh_from_db()
    assert (exercise.step, exercise.revealed) == (0, True)
    for bad in ({"action": "jump", "step": "0"}, {"action": "next", "step": "x"}, {}):
        assert teacher.post(live_url(classroom) + "step/", bad).status_code == 400
    exercise.refresh_from_db()
    assert (exercise.step, exercise.revealed) == (0, True)
    # To the end of the hand, then the exercise ends.
    total = live.steps_of(scenarios.get(HAND))  # type: ignore[arg-type]
    at, revealed = 0, True
    while at < total:
        if not revealed:
            assert step(teacher, classroom, "reveal", at).status_code == 303
        assert step(teacher, classroom, "next", at, revealed=True).status_code == 303
        at, revealed = at + 1, False
    page = teacher.get(live_url(classroom)).content.decode()
    assert "bars" not in page and 'value="end"' in page
    assert step(teacher, classroom, "end", at).status_code == 303
    assert live.running(classroom=classroom) is None


def test_a_new_exercise_ends_the_one_running_and_a_bad_hand_is_refused(room) -> None:  # type: ignore[no-untyped-def]
    teacher, _user, classroom, *_ = room
    first = start(teacher, classroom)
    second = start(teacher, classroom, "gin-01-first-knock")
    first.refresh_from_db()
    assert first.ended is not None and second.ended is None
    response = teacher.post(live_url(classroom) + "start/", {"scenario": "no-such-hand"})
    assert response.status_code == 400
    assert LiveExercise.objects.filter(ended__isnull=True).get() == second


def test_only_the_classs_teacher_and_pupils_take_part(room) -> None:  # type: ignore[no-untyped-def]
    teacher, _user, classroom, _ona, jonas = room
    exercise = start(teacher, classroom)
    other, other_user = teacher_client("mr-smith")
    other_class = a_class(other_user, "6A")
    assert other.get(live_url(classroom)).status_code == 404
    assert (
        other.post(live_url(classroom) + "step/", {"action": "reveal", "step": "0"}).status_code
        == 404
    )
    assert Client().get(live_url(classroom)).status_code == 302  # to the log-in
    polled = Client().get(live_url(classroom), {"stamp": "none"}, **HX)
    assert polled.status_code == 204 and "/accounts/login/" in polled["HX-Redirect"]
    assert other.get(live_url(classroom), {"stamp": "none"}, **HX).status_code == 404
    # A pupil of another class sees no exercise and cannot answer this one.
    stranger = pupil_joins(other_class.join_code, "Petras")
    assert "bars" not in stranger.get("/lt/live/").content.decode()
    assert answer(stranger, exercise, 0, "draw_stock").status_code == 404
    # A removed pupil loses access.
    services.pupil_remove(pupil=classroom.pupils.get(name="Jonas"))
    assert answer(jonas, exercise, 0, "draw_stock").status_code == 404
    assert LiveAnswer.objects.count() == 0
    exercise.refresh_from_db()
    assert (exercise.step, exercise.revealed) == (0, False)


def test_a_pupil_sees_only_their_own_cards(room) -> None:  # type: ignore[no-untyped-def]
    teacher, _user, classroom, ona, _jonas = room
    start(teacher, classroom)
    hand = live.position(scenarios.get(HAND), 0).hand  # type: ignore[arg-type]
    page = ona.get("/en/live/").content.decode()
    codes = set(re.findall(r'data-card="([2-9TJQKA][CDHS])"', page)) | set(
        re.findall(r'value="([2-9TJQKA][CDHS])"', page)
    )
    mine = {str(c) for c in hand.cards(0)}
    assert mine <= codes, "the pupil's own cards are on the page"
    for seat in range(1, hand.players):
        assert not ({str(c) for c in hand.cards(seat)} & codes)


def test_the_polls_answer_204_in_few_queries_until_something_changes(room) -> None:  # type: ignore[no-untyped-def]
    teacher, _user, classroom, ona, _jonas = room
    exercise = start(teacher, classroom)
    page = teacher.get(live_url(classroom), **HX).content.decode()
    teacher_stamp = re.search(r'data-stamp="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    pupil_page = ona.get("/lt/live/", **HX).content.decode()
    pupil_stamp = re.search(r'data-stamp="([^"]+)"', pupil_page).group(1)  # type: ignore[union-attr]
    with CaptureQueriesContext(connection) as queries:
        assert teacher.get(live_url(classroom), {"stamp": teacher_stamp}, **HX).status_code == 204
    assert len(queries) <= 3, [q["sql"] for q in queries]  # session, user, the stamp
    with CaptureQueriesContext(connection) as queries:
        assert ona.get("/lt/live/", {"stamp": pupil_stamp}, **HX).status_code == 204
    assert len(queries) <= 3, [q["sql"] for q in queries]
    answer(ona, exercise, 0, "draw_stock")
    assert teacher.get(live_url(classroom), {"stamp": teacher_stamp}, **HX).status_code == 200
    assert ona.get("/lt/live/", {"stamp": pupil_stamp}, **HX).status_code == 204  # her own post
    step(teacher, classroom, "reveal", 0)
    assert ona.get("/lt/live/", {"stamp": pupil_stamp}, **HX).status_code == 200


def test_without_javascript_the_pages_are_whole_and_the_forms_post(room) -> None:  # type: ignore[no-untyped-def]
    teacher, _user, classroom, ona, _jonas = room
    class_page = teacher.get(f"/lt/classroom/{classroom.public_id}/").content.decode()
    assert "live/start/" in class_page
    exercise = start(teacher, classroom)
    assert "live/" in teacher.get(f"/lt/classroom/{classroom.public_id}/").content.decode()
    assert 'href="/lt/live/"' in ona.get("/lt/classroom/").content.decode()
    response = answer(ona, exercise, 0, "draw_stock")
    assert "<html" in response.content.decode() and response.status_code == 200
    assert step(teacher, classroom, "end", 0).status_code == 303
    assert "bars" not in ona.get("/lt/live/").content.decode()


def test_the_live_pages_speak_the_pages_language(room, language: str) -> None:  # type: ignore[no-untyped-def]
    teacher, _user, classroom, ona, _jonas = room
    exercise = start(teacher, classroom)
    answer(ona, exercise, 0, "draw_discard")
    step(teacher, classroom, "reveal", 0)
    pages = [
        teacher.get(live_url(classroom, language)).content.decode(),
        ona.get(f"/{language}/live/").content.decode(),
    ]
    for html in pages:
        assert f'<html lang="{language}">' in html
        if language != "en":
            for english in ("Live exercise", "Your answer", "pupils answered", "The right move"):
                assert english not in html, (language, english)


def test_a_pupil_named_as_the_hands_player_meets_that_player_under_another_name(room) -> None:  # type: ignore[no-untyped-def]
    """The teacher's walk: the pupil Giulia's phone showed "Giulia (tu)" against
    "Giulia · mazziere". Here the pupil Ona (a Lithuanian class) meets the hand's Ona as
    Rūta, in every form the words write her name in; and so does the whole class, on
    every screen (the Italian teacher's walk: the projector and the classmates saw a
    computer "Giulia" while Giulia's phone called it "Chiara"): Jonas's phone, the
    projector, the class page and the pupils' classroom page."""
    teacher, _user, classroom, ona, jonas = room
    start(teacher, classroom)
    page = ona.get("/lt/live/").content.decode()
    seats = re.search(r'<section class="seats".*?</section>', page, re.S)
    assert seats is not None and "Rūta" in seats[0]
    assert not re.search(r"\bOn(a|os|ai|ą)\b", seats[0].replace("Ona (jūs)", ""))
    prompt = re.search(r'<section class="coach.*?</section>', page, re.S)
    assert prompt is not None and not re.search(r"\bOn(a|os|ai|ą)\b", prompt[0])
    theirs = jonas.get("/lt/live/").content.decode()
    seats = re.search(r'<section class="seats".*?</section>', theirs, re.S)
    assert seats is not None and "Rūta" in seats[0]
    assert not re.search(r"\bOn(a|os|ai|ą)\b", theirs.split("<main", 1)[1])
    for wall in (
        teacher.get(live_url(classroom)).content.decode(),
        teacher.get(live_url(classroom) + "?view=all").content.decode(),
    ):
        main = wall.split("<main", 1)[1]
        assert "Rūta" in main and not re.search(r"\bOn(a|os|ai|ą)\b", main), main[:3000]
    step(teacher, classroom, "reveal", 0)
    main = teacher.get(live_url(classroom)).content.decode().split("<main", 1)[1]
    assert not re.search(r"\bOn(a|os|ai|ą)\b", main)
    main = jonas.get("/lt/live/").content.decode().split("<main", 1)[1]
    assert not re.search(r"\bOn(a|os|ai|ą)\b", main)
    # A class with no pupil of the hand's players' names meets them by their own names.
    other_teacher, other_user = teacher_client("mr-kim")
    other = a_class(other_user, name="6A")
    pupil = pupil_joins(other.join_code, "Jonas")
    start(other_teacher, other)
    assert "Ona" in other_teacher.get(live_url(other)).content.decode()
    assert "Rūta" not in pupil.get("/lt/live/").content.decode()


def _cards_in(html: str, part: str) -> set[str]:
    """The card codes drawn in one part of a page (``part``: a regular expression)."""
    found = re.search(part, html, re.S)
    assert found is not None, html[:3000]
    return set(re.findall(r'data-card="([2-9TJQKA][CDHS])"', found[0])) | set(
        re.findall(r'value="([2-9TJQKA][CDHS])"', found[0])
    )


def test_once_the_answer_is_shown_the_pupils_board_has_the_move_played(room) -> None:  # type: ignore[no-untyped-def]
    """The walk: the projector's board played the right move when the teacher showed the
    answer, but a pupil's device read "The right move: ..." beside a board that still
    showed the hand before it. The pupil's board has it played too (the projector's own
    answer), as that pupil sees it: their cards as the projector's learner seat shows
    them, no card of the others'."""
    from classroom import projector

    teacher, _user, classroom, ona, jonas = room
    exercise = start(teacher, classroom)
    scenario = scenarios.get(HAND)
    assert scenario is not None
    line = live.line_of(scenario)
    before = live.position(scenario, 0).hand
    after = before.play(line[0], 0)  # draw stock: the stock's top card joins the hand
    (drawn,) = {str(c) for c in after.cards(0)} - {str(c) for c in before.cards(0)}
    hand_form = r'<form id="hand-form".*?</form>'
    answer(ona, exercise, 0, "draw_discard")
    waiting = ona.get("/en/live/").content.decode()
    assert drawn not in _cards_in(waiting, hand_form)
    step(teacher, classroom, "reveal", 0)
    on_projector = projector.projector_context(scenario, projector.Position(0, True, False))
    assert {str(c) for c in on_projector["seats"][0]["cards"]} == {str(c) for c in after.cards(0)}
    for pupil in (ona, jonas):  # one who answered (not the right move), one who did not
        page = pupil.get("/en/live/").content.decode()
        assert "The right move" in page
        assert _cards_in(page, hand_form) == {str(c) for c in after.cards(0)}
        everything = _cards_in(page, r".*")
        for seat in range(1, after.players):
            assert not ({str(c) for c in after.cards(seat)} & everything), seat
        # The log tells the move played, as the projector's does.
        log = re.search(r'<ol class="log__lines.*?</ol>', page, re.S)
        assert log is not None and "You drew from the stock" in log[0], page[-2000:]
    # The next step: the board as the answer (and the computer's reply) left it.
    step(teacher, classroom, "next", 0, revealed=True)
    page = ona.get("/en/live/").content.decode()
    assert _cards_in(page, hand_form) == {str(c) for c in live.position(scenario, 1).hand.cards(0)}


def test_a_last_answer_that_ends_the_hand_still_shows_how_the_pupil_was_judged(room) -> None:  # type: ignore[no-untyped-def]
    """The hand's last right move (a knock) played on the pupil's board ends the hand
    there: the board shows its end, as the projector does (every hand face up), while
    the coach's panel still says how the pupil's answer was judged and the right move,
    not yet "The hand is over"."""
    teacher, _user, classroom, ona, _jonas = room
    exercise = start(teacher, classroom)
    scenario = scenarios.get(HAND)
    assert scenario is not None
    last = live.steps_of(scenario) - 1
    for at in range(last):
        step(teacher, classroom, "reveal", at)
        step(teacher, classroom, "next", at, revealed=True)
    answer(ona, exercise, last, "draw_stock")  # not a move at this step: judged
    before = ona.get("/en/live/").content.decode()
    assert 'class="result"' not in before
    step(teacher, classroom, "reveal", last)
    page = ona.get("/en/live/").content.decode()
    coach = re.search(r'<section class="coach.*?</section>', page, re.S)
    assert coach is not None
    assert "The hand is over." not in coach[0] and "Your answer" in coach[0]
    assert "The right move" in coach[0]
    assert 'class="result"' in page
    ended = live.position(scenario, last).hand.play(live.line_of(scenario)[last], 0)
    assert ended.is_over


def announced(html: str) -> str:
    found = re.search(r'<div id="announce" hx-swap-oob="innerHTML">(.*?)</div>', html, re.S)
    assert found is not None
    return found.group(1).strip()


def test_the_pupil_s_answer_and_verdict_are_said_once(room) -> None:  # type: ignore[no-untyped-def]
    """The accessibility walk: the answer taken, and its verdict once shown, were read
    twice, where they take the focus and by #announce. They are read where they take
    the focus (one element holds the verdict and the right move); #announce says the
    step's question, and a refusal."""
    teacher, _user, classroom, ona, jonas = room
    exercise = start(teacher, classroom, "gin-02-groups-runs-discard")
    html = ona.get("/en/live/", **HX).content.decode()
    assert announced(html) and "data-focus-after-swap" not in html  # the question
    html = answer(ona, exercise, 0, "draw_stock", lang="en", **HX).content.decode()
    assert "Your answer is in." in html and announced(html) == ""
    assert html.count("data-focus-after-swap") == 1 and 'role="status"' not in html
    again = answer(ona, exercise, 0, "draw_stock", lang="en", **HX).content.decode()
    refusal = announced(again)
    assert refusal and again.count(refusal) == 2 and 'role="alert"' not in again
    step(teacher, classroom, "reveal", 0)
    for pupil in (ona, jonas):  # Jonas did not answer
        html = pupil.get("/en/live/", **HX).content.decode()
        assert announced(html) == "" and 'role="status"' not in html
        verdict = html.split("data-focus-after-swap", 1)[1].split("</section>", 1)[0]
        assert html.count("data-focus-after-swap") == 1
        assert ("Your answer" in verdict) if pupil is ona else ("did not answer" in verdict)
    assert "The right move" in verdict  # told Jonas with his verdict


def test_refresh_after_an_answer_without_javascript_opens_the_live_page(room) -> None:  # type: ignore[no-untyped-def]
    """The page drawn for an answer posted without JavaScript is at the answer's address:
    its Refresh link led there, a button's address (405). It leads to the live page,
    opened at the step's question and the answer."""
    teacher, _user, classroom, ona, _jonas = room
    exercise = start(teacher, classroom, "gin-02-groups-runs-discard")
    html = answer(ona, exercise, 0, "draw_stock", lang="en").content.decode()
    assert '<a href="/en/live/?again=1#table-status">Refresh</a>' in html


def test_without_javascript_a_language_button_opens_the_live_page_at_the_step(room) -> None:  # type: ignore[no-untyped-def]
    """The walk without JavaScript: an answer's redirect opened the live page at the
    step's question and the answer (``#table-status``), and a language button sent the
    pupil to it in Lithuanian at its top (the browser never sends a fragment). The
    buttons' next is the redirect's address, fragment and all, before the exercise and
    during it; a refused answer's page, which puts the focus on its reason, names none."""
    teacher, _user, classroom, ona, _jonas = room
    waiting = ona.get("/en/live/").content.decode()
    assert switcher_next(waiting) == "/en/live/#table-status"
    exercise = start(teacher, classroom, "gin-02-groups-runs-discard")
    url = f"/en/live/{exercise.pk}/answer/"
    posted = ona.post(url, {"version": "0", "action": "draw_stock", "arrange": "0"})
    assert posted.status_code == 303 and posted["Location"] == "/en/live/?arrange=0#table-status"
    page = ona.get(posted["Location"]).content.decode()
    assert switcher_next(page) == posted["Location"]
    assert switched(ona, page, "lt") == "/lt/live/?arrange=0#table-status"
    again = ona.post(url, {"version": "0", "action": "draw_stock"})
    assert again.status_code == 409 and switcher_next(again.content.decode()) == "/en/live/"


def test_an_answer_without_javascript_redirects_to_the_live_page_and_a_reload_counts_nothing(
    room,
) -> None:  # type: ignore[no-untyped-def]
    """Post/Redirect/Get (the Russian teacher's walk: after an answer without JavaScript
    the address stayed /ru/live/1/answer/, and a reload asked to send the form again).
    The answer redirects to the live page, which shows it taken; reloading that page
    counts nothing. With htmx the answer is still the live part, drawn in place."""
    teacher, _user, classroom, ona, jonas = room
    exercise = start(teacher, classroom, "gin-02-groups-runs-discard")
    url = f"/en/live/{exercise.pk}/answer/"
    posted = ona.post(url + "?reload=1", {"version": "0", "action": "draw_stock", "arrange": "0"})
    assert posted.status_code == 303
    assert posted["Location"] in (
        "/en/live/?reload=1&arrange=0#table-status",
        "/en/live/?arrange=0&reload=1#table-status",
    )
    for _ in range(2):
        page = ona.get(posted["Location"]).content.decode()
        assert "Your answer is in. Wait for your teacher to show the answer." in page
    assert LiveAnswer.objects.filter(pupil__name="Ona").count() == 1
    assert live.tally(exercise=exercise, step=0).answered == 1
    # Without the flags: the live page itself.
    plain = jonas.post(url, {"version": "0", "action": "draw_discard"})
    assert plain.status_code == 303 and plain["Location"] == "/en/live/#table-status"
    # With htmx: the live part, in the answer (no redirect).
    ieva = pupil_joins(classroom.join_code, "Ieva", "en")
    partial = ieva.post(url, {"version": "0", "action": "draw_stock"}, **HX)
    assert partial.status_code == 200 and 'id="live"' in partial.content.decode()
    assert "<html" not in partial.content.decode()
    assert live.tally(exercise=exercise, step=0).answered == 3
    # A refused answer without JavaScript is drawn in place with its reason (nothing kept).
    again = ona.post(url, {"version": "0", "action": "draw_stock"})
    assert again.status_code == 409 and "<html" in again.content.decode()


def test_without_javascript_the_pupils_page_reloads_itself_while_waiting_once_asked(room) -> None:  # type: ignore[no-untyped-def]
    """The class-of-thirty walk: Leo, without JavaScript, read "Your answer is in. Wait
    for your teacher to show the answer." and the page never changed until he pressed
    Refresh. As at a table for people (the same code), the page says that it does not
    change by itself and offers to reload itself while he waits ("?reload=1", kept by
    the reload, Refresh and his answer), never by itself and never while he chooses."""
    teacher, _user, classroom, ona, _jonas = room
    auto = "/en/live/?reload=1"
    # Each load by an address other than the page's own (again=1 on, then off), opened
    # at the step's question and the answer.
    again = "/en/live/?reload=1&amp;again=1#table-status"
    meta = f'<noscript><meta http-equiv="refresh" content="10; url={again}"></noscript>'
    offer = f'<a href="{again}">Reload this page by itself while I wait</a>'
    # No exercise yet: waiting for the teacher to start one.
    page = ona.get("/en/live/").content.decode()
    assert offer in page and 'http-equiv="refresh"' not in page
    assert "press Refresh to see what your teacher shows next" in page
    assert meta in ona.get(auto).content.decode()
    exercise = start(teacher, classroom, "gin-02-groups-runs-discard")
    # Choosing a move: no reload (it would drop the cards ticked), the flag kept.
    page = ona.get(auto).content.decode()
    assert 'http-equiv="refresh"' not in page and 'id="reload-note"' not in page
    assert f'action="/en/live/{exercise.pk}/answer/?reload=1"' in page
    assert f'<a href="{again}">Refresh</a>' in page
    # The answer is in: the page drawn for it reloads itself, saying so, with a stop.
    page = ona.post(
        f"/en/live/{exercise.pk}/answer/?reload=1",
        {"version": "0", "action": "draw_stock"},
        follow=True,
    ).content.decode()
    assert meta in page
    assert "This page reloads itself every 10 seconds while you wait." in page
    assert '<a href="/en/live/#table-status">Stop reloading</a>' in page
    # Without the flag the same wait only offers it.
    page = ona.get("/en/live/").content.decode()
    assert offer in page and 'http-equiv="refresh"' not in page
    # The answer shown: still waiting (for the next step).
    step(teacher, classroom, "reveal", 0)
    assert meta in ona.get(auto).content.decode()


def test_without_javascript_refresh_and_the_reload_open_the_live_page_at_the_step(room) -> None:  # type: ignore[no-untyped-def]
    """The walk without JavaScript on a phone: Refresh and the page's own reload opened
    the live page at its top (the header and the menu), the step's question and the
    pupil's answer a screen below. They open it at the coach's box (``#table-status``),
    by an address other than the page's own each time (``again=1`` on, then off: a link
    to the same address with a fragment only scrolls in Chromium)."""
    teacher, _user, classroom, ona, _jonas = room
    waiting = ona.get("/en/live/").content.decode()
    assert '<h1 id="table-status">' in waiting
    assert '<a href="/en/live/?again=1#table-status">Refresh</a>' in waiting
    exercise = start(teacher, classroom, "gin-02-groups-runs-discard")
    page = ona.get("/en/live/?again=1").content.decode()
    assert re.search(r'<section class="coach coach--guided[^"]*" id="table-status"', page)
    assert page.count('id="table-status"') == 1
    assert '<a href="/en/live/#table-status">Refresh</a>' in page  # the flag taken off
    answered = ona.post(f"/en/live/{exercise.pk}/answer/", {"version": "0", "action": "draw_stock"})
    assert answered["Location"] == "/en/live/#table-status"
    reloading = ona.get("/en/live/?reload=1&again=1").content.decode()
    assert 'content="10; url=/en/live/?reload=1#table-status"' in reloading
    assert " autofocus" not in page and " autofocus" not in reloading


def test_a_live_exercises_mistake_is_said_as_the_class_exercise_not_a_guided_hand(room) -> None:  # type: ignore[no-untyped-def]
    """The Russian teacher's walk: a wrong pile in the live exercise was listed «в раздаче
    с тренером» ("in a guided hand") beside the same mistake in the pupils' own guided
    hands, and counted with them: the teacher could not tell her own whole-class
    exercise from the pupils' work. A live exercise's mistake is its own kind."""
    from classroom import dashboard
    from game.guided.services import MistakeTopic

    teacher, _user, classroom, _ona, jonas = room
    exercise = start(teacher, classroom)
    assert answer(jonas, exercise, 0, "draw_discard").status_code == 200
    learner = learner_of(jonas)
    # The same mistake in his own guided hand, once.
    Mistake.objects.create(
        learner=learner,
        source=Mistake.Source.GUIDED,
        game="knock",
        topic=MistakeTopic.OTHER_PILE,
        params={"move": "draw discard", "step": 1},
        where=HAND,
    )
    pupils = services.pupils_of(classroom=classroom)
    with translation.override("en"):
        groups = {g.words: g.times for g in dashboard.common_mistakes(classroom, pupils)}
        assert groups == {
            "Knock Rummy: in the live exercise, drawing from the other pile": 1,
            "Knock Rummy: in a guided hand, drawing from the other pile": 1,
        }
        page = teacher.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    assert "in the live exercise, drawing from the other pile" in page


def _in_order(html: str, part: str) -> list[str]:
    """The card codes drawn in one part of a page, in the order drawn (each once)."""
    found = re.search(part, html, re.S)
    assert found is not None, html[:3000]
    codes = re.findall(r'(?:data-card|value)="([2-9TJQKA][CDHS])"', found[0])
    return list(dict.fromkeys(codes))


def test_the_projector_draws_each_hand_in_the_order_of_the_pupils_board(room) -> None:  # type: ignore[no-untyped-def]
    """The Russian teacher's walk: the coach said "Three eights!" while the projector
    drew the class's hand in the order it was dealt, the eights scattered (8♣ 3♦ 8♦ 9♦
    8♥ 4♠ 5♠ 6♠), and each pupil's device drew it arranged, melds first. The projector
    draws every hand it shows in the board's order, the others' hands at the end too."""
    from classroom import projector

    teacher, _user, classroom, ona, _jonas = room
    start(teacher, classroom)
    scenario = scenarios.get(HAND)
    assert scenario is not None
    # Step 3 of the hand (index 2), the answer shown: the class took 8♦ for three eights.
    for at in (0, 1):
        step(teacher, classroom, "reveal", at)
        step(teacher, classroom, "next", at, revealed=True)
    step(teacher, classroom, "reveal", 2)
    wall = teacher.get(live_url(classroom, "en")).content.decode()
    board = ona.get("/en/live/").content.decode()
    class_seat = r"projector__seat--learner.*?</li>\s*</ul>\s*</li>"
    mine = _in_order(board, r'<fieldset class="my-hand">.*?</fieldset>')
    assert "8D" in mine and len(mine) == 8
    assert _in_order(wall, class_seat) == mine
    # Not merely the set: the deal scatters the eights among the other cards.
    shown = projector.answer_at(live.position(scenario, 2), live.line_of(scenario), 2)
    assert shown is not None
    assert [str(c) for c in shown.hand.cards(0)] != mine
    # The last step: every hand shown, each arranged as a board arranges it.
    from game.board import arranged_cards

    end = projector.projector_context(
        scenario, projector.Position(len(scenario.steps), True, False)
    )
    final = live.position(scenario, len(scenario.steps)).hand
    assert final.is_over
    for seat in range(final.players):
        cards = final.cards(seat)
        assert end["seats"][seat]["cards"] == arranged_cards(cards, ace_high=final.ace_high)
    ona_seat = end["seats"][1]["cards"]
    assert [str(c) for c in ona_seat[:3]] == ["9C", "9H", "9S"], ona_seat


def test_a_right_live_answer_is_the_pupils_last_activity_and_redraws_the_class_page(room) -> None:  # type: ignore[no-untyped-def]
    """The Italian teacher's walk: "Last active" counted a live exercise's wrong answers
    (they are mistakes) but not the right ones, and the class page did not redraw for
    them. A right answer is the pupil's latest work: "Live exercise: <the hand>"."""
    from django.utils import timezone

    from classroom import dashboard

    teacher, _user, classroom, ona, _jonas = room
    exercise = start(teacher, classroom)
    page = teacher.get(f"/en/classroom/{classroom.public_id}/").content.decode()
    poll = page.split('id="class-progress" hx-get="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    assert teacher.get(poll, **HX).status_code == 204
    answer(ona, exercise, 0, "draw_stock")  # right
    assert not Mistake.objects.exists()
    assert teacher.get(poll, **HX).status_code == 200
    pupils = services.pupils_of(classroom=classroom)
    with translation.override("en"):
        active = dashboard.activity(classroom, pupils, now=timezone.now())
        title = scenarios.get(HAND).title["en"]  # type: ignore[union-attr]
    learner = learner_of(ona)
    assert active[learner.pk].what == f"Live exercise: {title}"
    assert learner_of(_jonas).pk not in active
    # Older than the recent hours: when only, as for every kind of work.
    later = dashboard.activity(classroom, pupils, now=timezone.now() + dashboard.RECENT * 2)
    assert later[learner.pk] == dashboard.Activity(active[learner.pk].when)


def test_a_class_with_the_players_name_and_its_stand_in_meets_neither(room) -> None:  # type: ignore[no-untyped-def]
    """A class with an Ona and a Rūta (the hand's Ona's first stand-in): every screen
    calls the hand's Ona by her second stand-in, Greta."""
    teacher, _user, classroom, ona, _jonas = room
    ruta = pupil_joins(classroom.join_code, "Rūta")
    start(teacher, classroom)
    for page in (
        teacher.get(live_url(classroom)).content.decode(),
        ona.get("/lt/live/").content.decode(),
        ruta.get("/lt/live/").content.decode(),
    ):
        main = page.split("<main", 1)[1].replace("Ona (jūs)", "").replace("Rūta (jūs)", "")
        main = re.sub(r'<p class="message[^>]*>.*?</p>', "", main)  # "Welcome, Ona!"
        assert "Greta" in main
        assert not re.search(r"\b(On(a|os|ai|ą)|Rūt(a|os|ai|ą))\b", main), main[:3000]


def test_a_live_italian_exercise_says_voi_on_the_projector_and_tu_on_a_pupils_device(room) -> None:  # type: ignore[no-untyped-def]
    """The projector speaks to the whole class in its own words (Italian «Cominciate
    voi», «Avete bussato»); each pupil's device speaks to that pupil («Cominci tu»)."""
    teacher, _user, classroom, ona, _jonas = room
    exercise = start(teacher, classroom, "gin-01-first-knock")
    projector = teacher.get(live_url(classroom, "it")).content.decode()
    assert "La vostra prima bussata" in projector and "Cominciate voi." in projector
    assert "Cominci tu" not in projector
    device = ona.get("/it/live/").content.decode()
    assert "Cominci tu." in device and "Cominciate voi" not in device
    class_page = teacher.get(f"/it/classroom/{classroom.public_id}/").content.decode()
    assert "La vostra prima bussata" in class_page
    answer(ona, exercise, 0, "draw_discard", lang="it")
    step(teacher, classroom, "reveal", 0)
    shown = teacher.get(live_url(classroom, "it")).content.decode()
    assert "Ora avete tre combinazioni" in shown and "Ora hai tre" not in shown


def test_the_class_page_calls_the_live_exercise_by_the_class_title_throughout() -> None:
    """The Italian class page named the running hand «La vostra prima bussata» (its
    ``class_title``, as the projector does) and, in a pupil's latest work a line below,
    «Attività in diretta: La tua prima bussata», a single learner's title: «voi» and
    «tu» for one exercise on one page, and in the grid's CSV. The exercise was the
    class's: its class title in both."""
    client, user = teacher_client()
    classroom = a_class(user, language="it")
    ona = pupil_joins(classroom.join_code, "Ona", language="it")
    services.assignment_add(classroom=classroom, what="drill:gin:deadwood")  # the grid
    exercise = start(client, classroom, "gin-01-first-knock")
    assert answer(ona, exercise, 0, "draw_discard", lang="it").status_code == 200
    page = client.get(f"/it/classroom/{classroom.public_id}/").content.decode()
    assert "La vostra prima bussata" in page.split('id="live-title"', 1)[1]  # running now
    assert "Attività in diretta: La vostra prima bussata" in page
    assert "La tua prima bussata" not in page.split('id="set-assignment-title"')[0]
    csv = client.get(f"/it/classroom/{classroom.public_id}/grid.csv").content.decode("utf-8-sig")
    assert "La vostra prima bussata" in csv and "La tua prima bussata" not in csv, csv


def test_a_live_exercises_mistake_names_the_hand_by_the_class_title() -> None:
    """The example of a mistake made in the live exercise (the class page's common
    mistakes, who may need help, the mistakes' CSV) named the hand by a learner's title,
    «“La tua prima bussata”, passo 1: …», under «In corso: La vostra prima bussata»: the
    hand the class played, by the title the class was shown; a pupil's own guided hand
    keeps its own («La tua…»)."""
    client, user = teacher_client()
    classroom = a_class(user, language="it")
    ona = pupil_joins(classroom.join_code, "Ona", language="it")
    exercise = start(client, classroom, "gin-01-first-knock")
    assert answer(ona, exercise, 0, "draw_stock", lang="it").status_code == 200
    assert Mistake.objects.exists()
    page = client.get(f"/it/classroom/{classroom.public_id}/").content.decode()
    mistakes = page.split('id="mistakes-title"', 1)[1].split("</section>", 1)[0]
    said = "«La vostra prima bussata», passo 1: Pescare dal tallone"
    assert said in mistakes, mistakes
    assert "La tua prima bussata" not in mistakes
    csv = client.get(f"/it/classroom/{classroom.public_id}/mistakes.csv").content.decode(
        "utf-8-sig"
    )
    assert said in csv and "La tua prima bussata" not in csv, csv


def test_the_class_page_has_the_running_exercise_at_the_top_and_its_poll_keeps_it_true(
    room,
) -> None:  # type: ignore[no-untyped-def]
    """The teacher's walk: while a live exercise ran, its line on the class page was under
    the common mistakes (and drawn only with the page). It is the first thing of the
    page's live part now: the hand, the step, what the step asks, how many answered (or
    that the answer is shown), the link to its page; and the part's poll redraws it when
    the exercise starts, a pupil answers, the answer is shown and it ends (the class's
    stamp did not change with the exercise: the poll answered 204). While none runs, its
    place says so (a link to start one): nothing under it moves when one starts."""
    teacher, _user, classroom, ona, _jonas = room
    page = f"/en/classroom/{classroom.public_id}/"
    poll = f"/en/classroom/{classroom.public_id}/progress/"

    def live_line(html: str) -> str:
        part = html.split('<div id="class-progress"', 1)[1]
        line = part.split('id="live-now">', 1)[1].split("</div>", 1)[0]
        # First in the part: before who may need help and the assignments.
        assert part.index('id="live-now"') < part.index('id="assignments-title"')
        return " ".join(re.sub(r"<[^>]+>", "", line).split())

    def redrawn(html: str) -> str:
        stamp = re.search(r'data-stamp="([^"]+)"', html)
        assert stamp is not None
        response = teacher.get(poll, {"stamp": stamp[1]}, **HX)
        assert response.status_code == 200, "the poll did not redraw the part"
        return response.content.decode()

    html = teacher.get(page).content.decode()
    assert live_line(html) == "No live exercise is running. Start the live exercise"
    assert 'href="#live-title"' in html.split('id="live-now">', 1)[1].split("</div>", 1)[0]
    exercise = start(teacher, classroom)
    html = redrawn(html)
    line = live_line(html)
    assert line.startswith("Live exercise now: ") and "Step 1 of 4" in line
    # The step's question, as the projector asks it.
    assert "0 of 2 pupils answered" in line and line.endswith("Does it fit anything you hold?")
    assert f'href="/en/classroom/{classroom.public_id}/live/" id="live-now-open"' in html
    answer(ona, exercise, 0, "draw_stock")
    html = redrawn(html)
    assert "1 of 2 pupils answered" in live_line(html)
    assert step(teacher, classroom, "reveal", 0).status_code == 303
    html = redrawn(html)
    assert "The answer is shown to the class" in live_line(html)
    assert step(teacher, classroom, "next", 0, revealed=True).status_code == 303
    html = redrawn(html)
    assert "Step 2 of 4" in live_line(html) and "0 of 2 pupils answered" in live_line(html)
    assert step(teacher, classroom, "end", 1).status_code == 303
    html = redrawn(html)
    assert live_line(html).startswith("No live exercise is running.")
