"""Spaced review: a learner's own mistakes come back, scheduled by FSRS, on a clock the
tests move: the next day the question is due, a right answer sends it days away."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.core import signing
from django.core.management import call_command
from django.test import Client
from django.utils import timezone, translation

from game.engine import (
    Card,
    DrawStock,
    Game,
    IllegalMove,
    LayDown,
    LayOff,
    Move,
    MoveError,
    Suit,
)
from game.guided import scenarios
from game.guided.models import GuidedAttempt
from learners.models import Learner
from lessons.checks import Check, DeadwoodCheck, DiscardCheck, LayoffCheck, ScoreCheck, parse_check
from lessons.models import Lesson
from review import presenters, services
from review.models import ReviewCard
from tests import factories
from tests.factories import a_wrong_move, move_data

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
MONDAY = datetime(2026, 12, 7, 18, 0, tzinfo=UTC)


class Clock:
    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.at = MONDAY
        monkeypatch.setattr(services, "now", lambda: self.at)

    def move(self, **delta: float) -> None:
        self.at += timedelta(**delta)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    return Clock(monkeypatch)


@pytest.fixture
def lesson(db: None) -> Lesson:
    call_command("load_lessons", verbosity=0)
    for found in Lesson.objects.filter(language="en", kind="lesson").order_by("game", "order"):
        for args in found.checks:
            if parse_check(args).kind == "knock" and not parse_check(args).random:
                return found
    raise AssertionError("no lesson with a fixed knock question")


def knock_index(lesson: Lesson) -> int:
    return next(
        i
        for i, a in enumerate(lesson.checks)
        if parse_check(a).kind == "knock" and not parse_check(a).random
    )


def right_knock_answer(lesson: Lesson, index: int) -> str:
    check = parse_check(lesson.checks[index])
    outcome = check.judge({"answer": "yes"}, index + 1)
    return "yes" if outcome.correct else "no"


def wrong_knock_answer(lesson: Lesson, index: int) -> str:
    return "no" if right_knock_answer(lesson, index) == "yes" else "yes"


def token_in(html: str) -> str:
    found = re.search(r'name="question" value="([^"]+)"', html)
    assert found is not None
    return found.group(1)


def test_a_wrong_first_answer_comes_back_the_next_day(
    client: Client, lesson: Lesson, clock: Clock
) -> None:
    index = knock_index(lesson)
    url = f"/en/lessons/{lesson.game}/{lesson.slug}/check/{index}/"
    client.post(url, {"answer": wrong_knock_answer(lesson, index)}, **HTMX)
    card = ReviewCard.objects.get()
    assert card.key == services.check_key(lesson.game, lesson.slug, index)
    assert card.lapses == 1
    # A second wrong answer to the same question is a retry, not another mistake.
    client.post(url, {"answer": wrong_knock_answer(lesson, index)}, **HTMX)
    assert ReviewCard.objects.get().lapses == 1
    # Due again within minutes (the scheduler's first learning step), then the next day:
    # on the review page and on the home page.
    assert services.due(learner=card.learner).count() == 0
    assert card.due - clock.at <= timedelta(minutes=1)
    clock.move(days=1)
    assert services.due(learner=card.learner).count() == 1
    assert "Review: 1 question is waiting" in client.get("/en/").content.decode()
    page = client.get("/en/review/").content.decode()
    assert f"From the lesson “{lesson.title}”" in page and "1 question to review now" in page
    token = token_in(page)

    # Fresh questions of its kind, dealt at random, from the first review on (the
    # Lithuanian newcomer's walk: asked first as it stood in the lesson, whose worked
    # answer the learner had just read, it was answered from memory).
    def answer_for(token: str, right: bool) -> str:
        seed = int(signing.loads(token, salt="review.question")["seed"])
        question = services.question_for(card, language="en", seed=seed)
        assert question is not None and question.check.random  # never the lesson's cards
        yes = question.check.judge({"answer": "yes"}, seed).correct
        return "yes" if yes == right else "no"

    answered = client.post(
        "/en/review/answer/", {"question": token, "answer": answer_for(token, True)}, follow=True
    )
    html = answered.content.decode()
    assert answered.status_code == 200 and "Right!" in html and "comes back" in html
    card.refresh_from_db()
    assert card.reviews == 1 and card.due > clock.at
    # The same answer posted again changes nothing.
    again = refused(client, {"question": token, "answer": answer_for(token, True)})
    assert "That question was answered already" in again.content.decode()
    card.refresh_from_db()
    assert card.reviews == 1

    # Right again whenever it is due: the intervals grow, to days and beyond.
    gaps = []
    for _ in range(3):
        clock.at = card.due + timedelta(minutes=1)
        token = token_in(client.get("/en/review/").content.decode())
        client.post("/en/review/answer/", {"question": token, "answer": answer_for(token, True)})
        card.refresh_from_db()
        gaps.append(card.due - clock.at)
    assert gaps == sorted(gaps) and gaps[-1] >= timedelta(days=2)
    # Wrong in review: back within minutes.
    clock.at = card.due + timedelta(minutes=1)
    token = token_in(client.get("/en/review/").content.decode())
    html = client.post(
        "/en/review/answer/", {"question": token, "answer": answer_for(token, False)}, follow=True
    ).content.decode()
    assert "Not quite." in html
    card.refresh_from_db()
    assert card.due - clock.at <= timedelta(minutes=10) and card.lapses == 2


def test_a_guided_mistake_about_melds_brings_back_meld_questions(clock: Clock) -> None:
    learner = Learner.objects.create()
    services.record_mistake(learner=learner, key=services.topic_key("gin", "bad_run"))
    clock.move(minutes=5)
    row = services.due(learner=learner).get()
    question = services.question_for(row, language="ru")
    assert question is not None and question.check.kind == "meld"
    # A kind of mistake with no question to practise it makes no card.
    assert services.topic_question(services.topic_key("gin", "forgot_to_draw")) is None


def test_a_guided_hand_mistake_makes_a_card_when_it_has_a_question(client: Client) -> None:
    for scenario in scenarios.library():
        number, move, _text = a_wrong_move(scenario)
        if number != 1:
            continue
        client.post(f"/en/guided/{scenario.slug}/move/", {"version": "0", **move_data(move)})
    keys = set(ReviewCard.objects.values_list("key", flat=True))
    assert all(services.topic_question(k) for k in keys)


def test_strangers_and_forged_questions_change_nothing(client: Client, clock: Clock) -> None:
    learner = Learner.objects.create()
    services.record_mistake(learner=learner, key=services.topic_key("gin", "bad_run"))
    before = list(ReviewCard.objects.values_list("reviews", "due"))
    for token in ("", "x", "a" * 300):
        response = refused(client, {"question": token, "answer": "none"})
        # Said, though (a stranger has) no question to show beside it.
        assert 'class="message message--error" role="alert"' in response.content.decode()
    assert list(ReviewCard.objects.values_list("reviews", "due")) == before
    assert Learner.objects.count() == 1  # nobody was made for the stranger


def test_with_nothing_due_the_page_says_so_once(
    client: Client, lesson: Lesson, clock: Clock
) -> None:
    """The Lithuanian walk: with nothing due, /review/ said both "0 questions to review
    now" and "Nothing to review now": one is enough."""
    page = client.get("/en/review/").content.decode()
    assert (
        "Nothing to review yet" in page
        and "question to review now" not in page
        and "questions to review now" not in page
    )
    index = knock_index(lesson)
    url = f"/en/lessons/{lesson.game}/{lesson.slug}/check/{index}/"
    client.post(url, {"answer": wrong_knock_answer(lesson, index)}, **HTMX)
    page = client.get("/en/review/").content.decode()  # back within a minute: not yet
    assert (
        "Nothing to review now." in page
        and "question to review now" not in page
        and "questions to review now" not in page
    )
    clock.move(days=1)
    page = client.get("/en/review/").content.decode()
    assert "1 question to review now" in page and "Nothing to review" not in page


@pytest.mark.parametrize("language", ["en", "lt", "ru", "it"])
def test_the_review_page_in_every_language(client: Client, language: str) -> None:
    response = client.get(f"/{language}/review/")
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{language}">' in html
    if language != "en":
        assert "Nothing to review yet" not in html


def test_a_move_refused_at_a_table_brings_back_its_kind_of_question(client: Client) -> None:
    """A meld refused at a practice table (by its engine reason) makes a review card."""
    from itertools import combinations

    from game.engine import DrawStock, LayDown, check_meld
    from game.practice import services as practice
    from tests import factories

    table = factories.table("basic", 2, owner=factories.learner("Ona"), seed=3)
    state = practice.table_state(table=table)
    if not state.my_turn:
        state = practice.table_bot_step(table=table, version=table.version, all_steps=True)
    state = practice.table_move(
        table=table, version=table.version, move=DrawStock(), confirmed=False
    )
    three = next(c for c in combinations(state.view.cards, 3) if check_meld(c) is not None)
    with pytest.raises(practice.MoveRefused):
        practice.table_move(
            table=table, version=table.version, move=LayDown(three), confirmed=False
        )
    keys = list(ReviewCard.objects.values_list("key", flat=True))
    assert len(keys) == 1 and keys[0].startswith("topic:basic/bad_")


@pytest.mark.parametrize(
    ("language", "minutes", "said"),
    [
        ("lt", 9, "po 9 minučių"),  # the newcomer's walk: "9 minutės nuo dabar"
        ("lt", 1, "po 1 minutės"),
        ("lt", 21, "po 21 minutės"),
        ("lt", 3 * 60, "po 3 valandų"),
        ("ru", 9, "через 9 минут"),
        ("ru", 2, "через 2 минуты"),
        ("ru", 24 * 60, "через 1 день"),
        ("it", 9, "tra 9 minuti"),
        ("it", 5 * 24 * 60, "tra 5 giorni"),
        ("en", 90 * 24 * 60, "in 3 months"),
        ("en", 0.5, "in less than a minute"),
        # A unit that rounds up to the next is said in the next (the English Gin week's
        # walk: a day's interval, read a moment after it was set, said "in 24 hours").
        ("en", 24 * 60 - 0.05, "in 1 day"),
        ("en", 23.6 * 60, "in 1 day"),
        ("en", 60 - 0.3, "in 1 hour"),
        ("ru", 24 * 60 - 0.05, "через 1 день"),
        ("lt", 60 - 0.3, "po 1 valandos"),
    ],
)
def test_when_a_question_comes_back_is_said_as_a_teacher_says_it(
    language: str, minutes: float, said: str
) -> None:
    now = timezone.now()
    with translation.override(language):
        assert presenters.comes_back(now + timedelta(minutes=minutes), now) == said


def test_a_day_s_interval_is_said_in_days_on_the_page_after_the_answer(
    client: Client, lesson: Lesson, clock: Clock
) -> None:
    """The English Gin week's walk: a question answered right a second time goes a day
    away, and the page after the answer, drawn a moment later, said "This question comes
    back in 24 hours." (23.99 hours, rounded as hours). It says "in 1 day", as the next
    interval says "in 2 days"; and it is measured on the review's clock."""
    index = knock_index(lesson)
    url = f"/en/lessons/{lesson.game}/{lesson.slug}/check/{index}/"
    client.post(url, {"answer": wrong_knock_answer(lesson, index)}, **HTMX)
    card = ReviewCard.objects.get()
    said = []
    for minutes in (5, 15):
        clock.move(minutes=minutes)
        page = client.get("/en/review/").content.decode()
        token = token_in(page)
        seed = int(signing.loads(token, salt="review.question")["seed"])
        question = services.question_for(card, language="en", seed=seed)
        assert question is not None
        yes = question.check.judge({"answer": "yes"}, seed).correct  # can it knock?
        answer = {"question": token, "answer": "yes" if yes else "no"}
        response = client.post("/en/review/answer/", answer)
        assert response.status_code == 303
        card.refresh_from_db()
        clock.move(seconds=2)  # the page after the answer is drawn a moment later
        shown = client.get(response["Location"]).content.decode()
        found = re.search(r"This question comes back ([^.<]+)\.", shown)
        assert found is not None
        said.append(found.group(1))
    assert card.due - (clock.at - timedelta(seconds=2)) == timedelta(days=1)
    assert said == ["in 10 minutes", "in 1 day"]


def test_the_last_question_answered_says_it_was_the_last(
    client: Client, lesson: Lesson, clock: Clock
) -> None:
    """The English Gin week's walk: the last question due, answered, stood under "0
    questions to review now", with "Next question" under it (which found none). It says
    that was the last question due now, and the button "Done for now" (to the review
    page, which says when the next one comes back)."""
    index = knock_index(lesson)
    url = f"/en/lessons/{lesson.game}/{lesson.slug}/check/{index}/"
    client.post(url, {"answer": wrong_knock_answer(lesson, index)}, **HTMX)
    card = ReviewCard.objects.get()
    clock.move(minutes=5)
    page = client.get("/en/review/").content.decode()
    assert "1 question to review now" in page
    token = token_in(page)
    seed = int(signing.loads(token, salt="review.question")["seed"])
    question = services.question_for(card, language="en", seed=seed)
    assert question is not None
    yes = question.check.judge({"answer": "yes"}, seed).correct
    response = client.post(
        "/en/review/answer/", {"question": token, "answer": "yes" if yes else "no"}
    )
    shown = client.get(response["Location"]).content.decode()
    assert "That was the last question to review now." in shown
    assert "0 questions to review now" not in shown and "Next question" not in shown
    assert re.search(r'<a class="button" href="/en/review/" autofocus>Done for now</a>', shown)
    after = client.get("/en/review/").content.decode()
    assert "Nothing to review now. The next question comes back in 10 minutes." in after


# -- Every kind of mistake with a question about its rule comes back ------------------------


def guided_mistake(client: Client, slug: str, right_moves: int, wrong: str, language: str) -> None:
    """Through the guided hand's page: the scenario's first ``right_moves`` right moves,
    then ``wrong``."""
    hand = scenarios.get(slug)
    assert hand is not None
    for move in [*scenarios.right_line(hand)[:right_moves], Move.parse(wrong)]:
        attempt = GuidedAttempt.objects.filter(scenario=slug).first()
        version = attempt.version if attempt else 0
        client.post(
            f"/{language}/guided/{slug}/move/", {"version": str(version), **move_data(move)}
        )


def right_answer(check: Check, seed: int) -> dict[str, Any]:
    """The right answer to a score, discard, deadwood or layoff question, as its form
    posts it."""
    if isinstance(check, ScoreCheck):
        settlement = check.settlement()
        best = max(settlement.received.values())
        player = next(p for p, got in settlement.received.items() if got == best)
        return {"player": str(player), "points": str(best)}
    if isinstance(check, DiscardCheck):
        return {"cards": [str(check.best(check.question(seed))[1][0])]}
    if isinstance(check, DeadwoodCheck):
        return {"answer": str(check.arrangement(seed).deadwood)}
    assert isinstance(check, LayoffCheck)
    fits = check.fits()
    return {"melds": [str(i) for i in fits]} if fits else {"answer": "none"}


def answered_in_review(client: Client, clock: Clock, language: str) -> services.Question:
    """The one card made comes back in review; answered right, it goes further away."""
    card = ReviewCard.objects.get()
    clock.move(minutes=5)
    page = client.get(f"/{language}/review/").content.decode()
    token = token_in(page)
    seed = int(signing.loads(token, salt="review.question")["seed"])
    question = services.question_for(card, language=language, seed=seed)
    assert question is not None
    response = client.post(
        f"/{language}/review/answer/", {"question": token, **right_answer(question.check, seed)}
    )
    assert response.status_code == 303  # to the review page, which shows it
    card.refresh_from_db()
    # Right: no lapse beyond the mistake's, and not back within minutes.
    assert card.reviews == 1 and card.lapses == 1 and card.due > clock.at + timedelta(minutes=5)
    return question


def knocker_collects(check: Check) -> bool:
    assert isinstance(check, ScoreCheck)
    settlement = check.settlement()
    return settlement.received[check.player] == max(settlement.received.values())


def test_a_missed_knock_in_knock_rummy_asks_a_knock_rummy_score_question(
    client: Client, clock: Clock
) -> None:
    """The newcomer's walk: a missed knock in knock-01 (the KD thrown without a knock)
    made no card. It asks who scores in a Knock Rummy hand the knocker wins (never Gin's
    "can you knock?": Knock Rummy has no knock limit)."""
    guided_mistake(client, "knock-01-knock-early", 1, "discard KD", "ru")
    assert ReviewCard.objects.get().key == "topic:knock/missed_knock"
    question = answered_in_review(client, clock, "ru")
    check = question.check
    assert isinstance(check, ScoreCheck) and check.game is Game.KNOCK
    assert knocker_collects(check)
    with translation.override("en"):
        assert presenters.source(question)["text"] == (
            "From the hands you played (Knock Rummy): did not knock when the lesson wanted a knock"
        )


def test_a_knock_that_loses_in_knock_rummy_asks_about_a_knocker_tied_or_undercut(
    client: Client, clock: Clock
) -> None:
    """knock-02: knocking with 28 points of deadwood (the step wants a discard)."""
    guided_mistake(client, "knock-02-everyone-pays", 1, "knock KC", "en")
    assert ReviewCard.objects.get().key == "topic:knock/other_knock"
    page = client.get("/en/review/")  # not due yet
    assert "Who scores, and how much?" not in page.content.decode()
    check = answered_in_review(client, clock, "en").check
    assert isinstance(check, ScoreCheck) and check.game is Game.KNOCK
    assert not knocker_collects(check)


def test_a_knock_with_the_wrong_discard_asks_for_the_best_discard(
    client: Client, clock: Clock
) -> None:
    """knock-01: knocking, but throwing the 5S instead of the KD."""
    guided_mistake(client, "knock-01-knock-early", 1, "knock 5S", "it")
    assert ReviewCard.objects.get().key == "topic:knock/knock_other_discard"
    assert isinstance(answered_in_review(client, clock, "it").check, DiscardCheck)


def test_a_layoff_refused_at_a_practice_table_asks_where_a_card_lays_off(
    client: Client, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The newcomer's walk: «Il 2♣ non si può attaccare…» at a practice table made no card."""
    from tests.practice.helpers import post_move, start_table, url

    factories.fix_table_seeds(monkeypatch, 2)  # the learner plays first, and draws 2H 3H 4H
    table = start_table(client, "basic", 2, language="it")
    post_move(client, table, DrawStock())
    post_move(client, table, LayDown(tuple(Card.parse(c) for c in ("2H", "3H", "4H"))))
    view = factories.hand_of(table).view(0)
    card = next(c for c in view.cards if c.suit is not Suit.HEARTS)
    table.refresh_from_db()
    refused = client.post(
        url(table, "move", language="it"),
        {"version": str(table.version), **move_data(LayOff(card, view.table[0].id))},
        **HTMX,
    )
    assert refused.status_code == 422
    assert "non si può attaccare" in refused.content.decode()
    assert ReviewCard.objects.get().key == "topic:basic/layoff_does_not_fit"
    # Said to come from the hands played, not "from your guided hands" (the review of
    # the change): a mistake's card gathers them from every kind of table.
    clock.move(minutes=5)
    page = client.get("/it/review/").content.decode()
    assert "Dalle mani che hai giocato" in page and "Dalle tue mani guidate" not in page
    clock.move(minutes=-5)
    assert isinstance(answered_in_review(client, clock, "it").check, LayoffCheck)


def test_a_layoff_refused_in_a_guided_hand_asks_where_a_card_lays_off(
    client: Client, clock: Clock
) -> None:
    """basic-03, at the step that lays the 5S off: a card laid off where it does not fit."""
    slug = "basic-03-laying-off"
    hand = scenarios.get(slug)
    assert hand is not None
    before = next(i for i, m in enumerate(scenarios.right_line(hand)) if isinstance(m, LayOff))
    progress = scenarios.replay(hand, scenarios.right_line(hand)[:before])
    refused = None
    for card in progress.hand.cards(0):
        try:
            progress.hand.check(LayOff(card, 0), 0)
        except IllegalMove as exc:
            if exc.reason is MoveError.CANNOT_LAY_OFF:
                refused = card
                break
    assert refused is not None
    guided_mistake(client, slug, before, f"layoff {refused} 0", "en")
    assert ReviewCard.objects.get().key == "topic:basic/layoff_does_not_fit"
    assert isinstance(answered_in_review(client, clock, "en").check, LayoffCheck)


def test_a_gin_layout_refused_for_its_deadwood_asks_for_a_hands_least_deadwood(
    client: Client, clock: Clock
) -> None:
    """A Gin hand laid out by hand: "Done" with melds still in the hand (the cards not
    laid out come to more than the limit) was filed as "a move the rules forbid", with no
    question to practise it. It asks for a hand's least deadwood, and the teacher reads
    it under the lesson on knocking."""
    from classroom.mistakes import TOPIC_LESSONS
    from game.engine import Done
    from game.practice.models import Table
    from tests.practice.helpers import post_move, start_table
    from tests.practice.test_views import _until_laid_out

    start_table(client, "gin")
    table, _state = _until_laid_out(Table.objects.get().learner, knocker_is_me=True)
    refused = post_move(client, table, Done())
    assert refused.status_code == 303  # without JavaScript: to the table, which says it
    assert ReviewCard.objects.get().key == "topic:gin/layout_over_limit"
    assert isinstance(answered_in_review(client, clock, "en").check, DeadwoodCheck)
    assert TOPIC_LESSONS["layout_over_limit"]["gin"] == "knock-gin-and-layoffs"


def test_every_knock_the_knock_rummy_hands_call_wrong_instead_of_a_discard_loses() -> None:
    """What the review of such a knock (topic ``other_knock``) asks rests on it: the
    knocker tied or undercut, who collects nothing."""
    from game.engine import MoveKind

    seen = 0
    for hand in scenarios.library():
        if hand.game is not Game.KNOCK:
            continue
        line = scenarios.right_line(hand)
        for step in hand.steps:
            at = next(
                i for i in range(len(line) + 1) if scenarios.replay(hand, line[:i]).step is step
            )
            progress = scenarios.replay(hand, line[:at])
            wanted = scenarios.right_move(step, progress.hand)
            for wrong in step.wrong:
                if wrong.move.kind is MoveKind.KNOCK and wanted and wanted.kind is MoveKind.DISCARD:
                    after = progress.hand.play(wrong.move, 0)
                    assert after.result is not None
                    assert after.result.settlement.received[0] == 0, (hand.slug, wrong.move)
                    seen += 1
    assert seen >= 5


def test_a_malformed_answer_is_refused_beside_its_own_question(
    client: Client, clock: Clock
) -> None:
    """No card picked (or a hand-made card): the same question comes back, with the
    cards the learner picked and the reason inside its check, and the schedule is as it
    was (the accessibility walk: the reason stood beside freshly dealt cards)."""
    call_command("load_lessons", verbosity=0)
    # The lesson's second question shows four fives, a group: "There is no meld" is wrong.
    client.post("/en/lessons/gin/melds-groups-and-runs/check/1/", {"answer": "none"}, **HTMX)
    card = ReviewCard.objects.get()
    clock.move(days=1)
    token = token_in(client.get("/en/review/").content.decode())
    seed = int(signing.loads(token, salt="review.question")["seed"])
    asked = services.question_for(card, language="en", seed=seed)
    assert asked is not None
    shown = [str(c) for c in asked.check.question(seed)]
    schedule = list(ReviewCard.objects.values_list("card", "due", "reviews", "lapses"))
    for cards, kept in (([], []), ([shown[1], "ZZ"], [shown[1]])):
        html = refused(client, {"question": token, "cards": cards}).content.decode()
        # The question asked, its cards from the same seed.
        assert same_question(token_in(html), token)
        for c in shown:
            assert f'value="{c}" id="check-0-{c}"' in html
            checked = f'value="{c}" id="check-0-{c}" checked' in html
            assert checked == (c in kept)
        # The reason is inside the check, the description of the field that has the focus
        # (read there, once: no alert as well).
        error = re.search(r'<section class="check.*?</section>', html, re.S)
        assert error is not None and 'id="check-0-error"' in error.group(0)
        assert 'aria-describedby="check-0-error"' in error.group(0)
        assert html.count('role="alert"') == 0
        assert list(ReviewCard.objects.values_list("card", "due", "reviews", "lapses")) == schedule
    # Answered, the same token is stale: the refusal is beside the next due question.
    client.post("/en/review/answer/", {"question": token, "answer": "none"})
    clock.move(days=60)
    stale = refused(client, {"question": token, "cards": []})
    assert token_in(stale.content.decode()) != token


def one_card_of(client: Client, clock: Clock, topic: str) -> tuple[str, services.Question]:
    """The client's learner with one card, of ``topic`` ("gin/layout_over_limit"), due:
    its question's token, and the question."""
    call_command("load_lessons", verbosity=0)
    if not ReviewCard.objects.exists():  # a wrong lesson answer makes the client a learner
        client.post("/en/lessons/gin/melds-groups-and-runs/check/1/", {"answer": "none"}, **HTMX)
    learner = ReviewCard.objects.get().learner
    ReviewCard.objects.all().delete()
    game, _sep, kind = topic.partition("/")
    card = services.record_mistake(learner=learner, key=services.topic_key(game, kind))
    clock.move(days=1)
    token = token_in(client.get("/en/review/").content.decode())
    seed = int(signing.loads(token, salt="review.question")["seed"])
    asked = services.question_for(card, language="en", seed=seed)
    assert asked is not None
    return token, asked


def refused(client: Client, data: dict[str, Any]) -> Any:
    """An answer refused without JavaScript: it redirects to the review page
    (``?refused=``), and that page (a GET) is returned."""
    response = client.post("/en/review/answer/", data)
    assert response.status_code == 303, response.status_code
    assert response["Location"].startswith("/en/review/?refused="), response["Location"]
    page = client.get(response["Location"])
    assert page.status_code == 200
    return page


def same_question(shown: str, token: str) -> bool:
    """The same question (its card, seed and count of reviews), signed again (a token
    says when it was signed, to the second: compared as strings, a refusal drawn in the
    next second failed)."""
    loads = signing.loads
    return bool(loads(shown, salt="review.question") == loads(token, salt="review.question"))


def focused(html: str) -> str:
    """The one field the page opens in (marked autofocus)."""
    fields = re.findall(r"<(?:input|button)[^>]* autofocus[^>]*>", html)
    assert len(fields) == 1, fields
    return fields[0]


def test_a_refused_answer_keeps_the_number_typed(client: Client, clock: Clock) -> None:
    """ "2O" (a letter O) for 20 is refused beside its question with "2O" still in the
    field, the focus on it and the reason its description: the learner corrects a letter,
    not retypes everything (the field came back empty)."""
    token, asked = one_card_of(client, clock, "gin/layout_over_limit")
    assert isinstance(asked.check, DeadwoodCheck)
    schedule = list(ReviewCard.objects.values_list("card", "due", "reviews", "lapses"))
    response = refused(client, {"question": token, "answer": "2O"})
    html = response.content.decode()
    assert same_question(token_in(html), token)
    field = focused(html)
    assert 'name="answer"' in field and 'value="2O"' in field
    assert 'aria-describedby="check-0-error"' in field
    assert 'id="check-0-error">Type a number, like 14.<' in html
    assert list(ReviewCard.objects.values_list("card", "due", "reviews", "lapses")) == schedule


def test_a_refused_answer_keeps_the_player_chosen(client: Client, clock: Clock) -> None:
    """Who collects, and how much: a player chosen and "2O" points come back chosen and
    typed, the focus on the points refused; no player chosen, the points typed stay and
    the focus is on the players."""
    token, asked = one_card_of(client, clock, "knock/missed_knock")
    assert isinstance(asked.check, ScoreCheck)
    response = refused(client, {"question": token, "player": "1", "points": "2O"})
    html = response.content.decode()
    assert same_question(token_in(html), token)
    assert re.search(r'name="player" value="1" id="check-0-p1"[^>]*\schecked>', html)
    assert not re.search(r'name="player" value="[02]"[^>]*\schecked', html)
    field = focused(html)
    assert 'name="points"' in field and 'value="2O"' in field
    assert 'aria-describedby="check-0-error"' in field
    response = refused(client, {"question": token, "points": "12"})
    html = response.content.decode()
    assert "Pick a player." in html and re.search(r'name="points"[^>]*value="12"', html)
    assert 'name="player" value="0"' in focused(html)
    assert " checked" not in html
    card = ReviewCard.objects.get()
    assert card.reviews == 0


def test_a_refused_answer_keeps_the_melds_ticked(client: Client, clock: Clock) -> None:
    """Where does it lay off: a hand-made meld number beside a real one is refused with
    the real one still ticked."""
    token, asked = one_card_of(client, clock, "gin/layoff_does_not_fit")
    assert isinstance(asked.check, LayoffCheck)
    response = refused(client, {"question": token, "melds": ["0", "99"]})
    html = response.content.decode()
    assert re.search(r'name="melds" value="0" id="check-0-m0"[^>]*\schecked>', html)
    assert 'name="melds" value="0"' in focused(html)


def test_what_was_typed_comes_back_escaped(client: Client, clock: Clock) -> None:
    """What a refused answer gives back is the learner's text: escaped, never markup."""
    token, _asked = one_card_of(client, clock, "gin/layout_over_limit")
    typed = '"><script>alert(1)</script>'
    response = refused(client, {"question": token, "answer": typed})
    html = response.content.decode()
    assert "<script>alert" not in html and '"><' not in focused(html)
    assert 'value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"' in focused(html)


def dealt(html: str) -> tuple[int, str]:
    """The seed of the question on a review page, and the question as drawn (its cards),
    without its tokens (the question's is signed to the second; the CSRF one masked)."""
    seed = int(signing.loads(token_in(html), salt="review.question")["seed"])
    section = re.search(r'<section class="check.*?</section>', html, re.S)
    assert section is not None
    return seed, re.sub(
        r'name="(question|csrfmiddlewaretoken)" value="[^"]+"', "", section.group(0)
    )


@pytest.mark.parametrize("topic", ["gin/knock_over_limit", "gin/layout_over_limit"])
def test_a_due_question_keeps_its_cards_until_it_is_answered(
    client: Client, clock: Clock, topic: str
) -> None:
    """A reload of the Review page, or the page on another device, deals the same cards
    for the same due question: a learner cannot reload until it looks easy (the
    Lithuanian walk: every reload dealt another hand). Answered, it comes back with
    other cards, the same again on every reload."""
    token, asked = one_card_of(client, clock, topic)
    card = ReviewCard.objects.get()
    first = dealt(client.get("/en/review/").content.decode())
    assert first[0] == asked.seed
    for _ in range(3):
        assert dealt(client.get("/en/review/").content.decode()) == first
    # Another device (a session of the same account), in another language: the same cards.
    elsewhere = services.question_for(card, language="lt")
    assert elsewhere is not None and elsewhere.seed == asked.seed
    client.post(
        "/en/review/answer/", {"question": token, "answer": "yes" if "knock" in topic else "7"}
    )
    card.refresh_from_db()
    assert card.reviews == 1
    clock.at = card.due + timedelta(minutes=1)
    second = dealt(client.get("/en/review/").content.decode())
    assert second[0] != first[0]
    assert dealt(client.get("/en/review/").content.decode()) == second


def test_an_answer_redirects_to_a_page_that_shows_it_and_a_reload_counts_nothing(
    client: Client, clock: Clock
) -> None:
    """Post/Redirect/Get, as a drill's answer (the Russian teacher's walk: a page drawn in
    a POST's answer asked, on a reload, to send the form again; here a second post was
    refused as answered already). The answer redirects to the review page, which shows
    the question answered, the verdict and when it comes back, its "Next question"
    focused ("Done for now": it was the only one due); a reload shows the same and
    reschedules nothing; its form's answer is stale. Someone else with the address sees
    their own review page."""
    token, asked = one_card_of(client, clock, "gin/layout_over_limit")
    assert isinstance(asked.check, DeadwoodCheck)
    right = str(asked.check.arrangement(asked.seed).deadwood)
    response = client.post("/en/review/answer/", {"question": token, "answer": right})
    assert response.status_code == 303
    location = response["Location"]
    assert location.startswith("/en/review/?answered=")
    card = ReviewCard.objects.get()
    schedule = (card.card, card.due, card.reviews, card.lapses)
    assert card.reviews == 1
    for _ in range(2):  # the page, and a reload of it
        html = client.get(location).content.decode()
        assert "Right!" in html and "comes back" in html
        assert re.search(r'<a class="button" href="/en/review/" autofocus>Done for now</a>', html)
        assert same_question(token_in(html), token)  # the question answered, as it was
        card.refresh_from_db()
        assert (card.card, card.due, card.reviews, card.lapses) == schedule
    # The language buttons: the same answered page in Italian, opened as this one is (no
    # fragment: at its "Next question" or "Done for now", autofocus), nothing counted.
    assert f'name="next" value="{location.replace("&", "&amp;")}"' in html
    italian = client.post("/i18n/setlang/", {"language": "it", "next": location})
    assert italian["Location"] == location.replace("/en/", "/it/", 1)
    shown = client.get(italian["Location"]).content.decode()
    assert re.search(r'<a class="button" href="/it/review/" autofocus>', shown)
    assert same_question(token_in(shown), token)
    card.refresh_from_db()
    assert (card.card, card.due, card.reviews, card.lapses) == schedule
    # Its form sends the answered question: a second answer is stale, counting nothing.
    again = refused(client, {"question": token_in(html), "answer": right}).content.decode()
    # Nothing else is due: the refusal does not promise a next one (the Lithuanian Knock
    # walk: «Į šį klausimą jau atsakyta. Štai kitas.» over «Dabar kartoti nėra ko.»).
    assert "That question was answered already." in again
    assert "Here is the next one" not in again
    card.refresh_from_db()
    assert card.reviews == 1
    other = Client().get(location).content.decode()
    assert "Right!" not in other and "Nothing to review yet" in other


def test_an_answered_question_s_form_is_closed_with_the_answer_in_it(
    client: Client, clock: Clock
) -> None:
    """The Lithuanian Knock walk without JavaScript (laptop-16): the answered page showed
    the question's field empty and "Patikrinti" (Check) active beside "Jūs atsakėte: 1."
    and "Next question", as if to be answered again (which is refused). The answered
    form is closed: its fields keep the answer and are disabled with its buttons (one
    fieldset, disabled), and "Next question" is the one thing to press (focused; "Done for
    now" here, the only question due); the question unanswered has its form open, as before."""
    token, asked = one_card_of(client, clock, "gin/layout_over_limit")
    assert isinstance(asked.check, DeadwoodCheck)
    before = client.get("/en/review/").content.decode()
    assert "check__closed" not in before and " disabled" not in before.split("<form", 1)[1]
    response = client.post("/en/review/answer/", {"question": token, "answer": "1"})
    assert response.status_code == 303
    html = client.get(response["Location"]).content.decode()
    form = html.split('<form method="post"', 1)[1].split("</form>", 1)[0]
    assert '<fieldset class="check__closed" disabled>' in form
    closed = form.split('<fieldset class="check__closed" disabled>', 1)[1]
    assert re.search(r'<input type="text"[^>]*name="answer"[^>]*value="1"', closed)
    assert '<button type="submit"' in closed  # inside the disabled fieldset
    assert re.search(r'<a class="button" href="/en/review/" autofocus>Done for now</a>', html)


def test_a_refused_answer_redirects_and_a_reload_reschedules_nothing(
    client: Client, clock: Clock
) -> None:
    """Post/Redirect/Get for a refused answer (it was drawn at …/answer/, 400, and a
    reload asked to send the form again): the review page (``?refused=``, signed for
    that learner) shows the same question, "2O" as typed and the reason, its field
    focused; a reload shows the same and moves nothing in the schedule. Another
    browser's or a forged token, or the question answered since: the page as it is."""
    token, asked = one_card_of(client, clock, "gin/layout_over_limit")
    assert isinstance(asked.check, DeadwoodCheck)
    schedule = list(ReviewCard.objects.values_list("card", "due", "reviews", "lapses"))
    response = client.post("/en/review/answer/", {"question": token, "answer": "2O"})
    assert response.status_code == 303
    location = response["Location"]
    assert location.startswith("/en/review/?refused=")
    for _ in range(2):  # the page, and a reload of it
        html = client.get(location).content.decode()
        assert same_question(token_in(html), token)
        assert 'value="2O"' in focused(html)
        assert 'id="check-0-error">Type a number, like 14.<' in html
        assert list(ReviewCard.objects.values_list("card", "due", "reviews", "lapses")) == schedule
    assert "Type a number" not in Client().get(location).content.decode()
    assert "Type a number" not in client.get("/en/review/?refused=forged").content.decode()
    right = str(asked.check.arrangement(asked.seed).deadwood)
    client.post("/en/review/answer/", {"question": token, "answer": right})
    assert "Type a number" not in client.get(location).content.decode()
