"""Every kind of check: a right answer, a wrong one explained, malformed ones refused."""

from __future__ import annotations

import re

import pytest
from django.core import signing
from django.db import connection
from django.http import QueryDict
from django.test import Client

from game.engine import Game, MeldKind, ResultKind, best_arrangement, find_melds
from lessons.checks import (
    BAD_ANSWER_MESSAGES,
    BadAnswer,
    Check,
    DeadwoodCheck,
    KnockCheck,
    LayoffCheck,
    MeldCheck,
    ScoreCheck,
    of_its_kind,
    parse_check,
    parse_points,
    points_agree,
)
from lessons.content import all_documents
from lessons.forms import answered_seed, question_token
from lessons.models import CheckAnswer, FirstAnswer, Lesson
from tests.factories import shown

HTMX = {"HTTP_HX_REQUEST": "true"}
URL = "/en/lessons/gin/checks/check/{}/"


def answer(client: Client, index: int, data: dict[str, object], htmx: bool = True):  # type: ignore[no-untyped-def]
    # Without JavaScript a judged answer redirects to the lesson's page: followed.
    return client.post(URL.format(index), data, follow=not htmx, **(HTMX if htmx else {}))


def assert_refused(response, htmx: bool, index: int) -> None:  # type: ignore[no-untyped-def]
    """Refused: with htmx the check, 400; without JavaScript a redirect to the lesson's
    page (``?refused=``, no fragment: the field refused takes the focus by autofocus),
    drawn 200."""
    if htmx:
        assert response.status_code == 400
        return
    assert response.status_code == 200
    [(location, code)] = response.redirect_chain
    assert code == 303 and location.startswith("/en/lessons/gin/checks/?refused="), location
    assert "#" not in location, location


@pytest.mark.parametrize(
    ("index", "right", "wrong", "explained"),
    [
        (
            0,
            {"cards": ["7H", "7S", "7D"]},
            {"cards": ["7H", "8H", "9S"]},
            "is not a run: a run needs one suit",
        ),
        (1, {"answer": "20"}, {"answer": "30"}, "leaves 20 points of deadwood"),
        (2, {"answer": "yes"}, {"answer": "no"}, "the deadwood is 1, which is 10 or less"),
        (3, {"player": "0", "points": "58"}, {"player": "1", "points": "9"}, "Ona: 58 points."),
        (4, {"melds": ["0"]}, {"melds": ["1"]}, "It fits 2♣ 3♣ 4♣: 2♣ 3♣ 4♣ 5♣."),
    ],
)
def test_right_and_wrong_answers(
    client: Client,
    check_lesson: Lesson,
    index: int,
    right: dict[str, object],
    wrong: dict[str, object],
    explained: str,
) -> None:
    # A wrong answer gets a retry (no answer shown), then a hint, then the solution.
    response = answer(client, index, wrong)
    html = shown(response.content.decode())
    assert response.status_code == 200
    assert "Not quite." in html and "Have another go" in html and explained not in html
    assert "<html" not in html and "first answer to this question counts" not in html
    html = shown(answer(client, index, wrong).content.decode())
    # Said as it reads right in the same minute (the accessibility walk: "You had
    # answered this question before" sounded like another day).
    assert "A hint:" in html and "Only your first answer to this question counts." in html
    assert "answered this question before" not in html
    # The hint is its own sentence, not run on after the colon (the Italian teacher's
    # walk: «Un suggerimento: Prova tutti i modi…», a capital after a colon).
    assert re.search(r"A hint:</p>\s*<p>[A-Z0-9<]", html), html
    if index != 0:  # (a meld's hint is what is wrong with the cards picked: the rule)
        assert explained not in html
    html = shown(answer(client, index, wrong).content.decode())
    assert "Here is the answer, worked out:" in html and explained in html
    # Answering again, right this time: explained, but the first answer counts.
    response = answer(client, index, right)
    html = shown(response.content.decode())
    assert "Right!" in html and "Only your first answer to this question counts." in html
    row = CheckAnswer.objects.get(index=index)
    assert row.attempts == 4 and not row.correct
    assert FirstAnswer.objects.get(index=index).tries == 4
    first = FirstAnswer.objects.get(index=index)
    assert not first.correct and first.seed == index + 1
    # Another learner who answers right at once has the check right.
    other = Client()
    assert "Right!" in answer(other, index, right).content.decode()
    assert CheckAnswer.objects.filter(index=index, correct=True).count() == 1
    assert FirstAnswer.objects.filter(index=index).count() == 2


@pytest.mark.parametrize(
    ("index", "data", "message"),
    [
        (0, {}, "Pick the cards of a meld"),
        (0, {"cards": ["ZZ"]}, "Pick cards from the ones shown."),
        (0, {"cards": ["KD", "KH", "KS"]}, "Pick cards from the ones shown."),
        (1, {"answer": ""}, "Type your answer first."),
        (1, {"answer": "twenty"}, "Type a number, like 14."),
        # A number below 0 is told so (the Italian walk: "-5" got "Type a number").
        (1, {"answer": "-3"}, "Type a number from 0 up, like 14."),
        (1, {"answer": "−3"}, "Type a number from 0 up, like 14."),
        (1, {"answer": "-x"}, "Type a number, like 14."),
        (3, {"player": "0", "points": "-5"}, "Type a number from 0 up, like 14."),
        (2, {"answer": "maybe"}, "Answer yes or no."),
        (3, {"points": "57"}, "Pick a player."),
        (3, {"player": "0", "points": "lots"}, "Type a number, like 14."),
        (3, {"player": "9", "points": "5"}, "Pick a player."),
        (4, {}, "Tick a meld"),
        (4, {"melds": ["7"]}, "Tick a meld"),
    ],
)
@pytest.mark.parametrize("htmx", [True, False])
def test_malformed_answers_store_nothing(
    client: Client,
    check_lesson: Lesson,
    index: int,
    data: dict[str, object],
    message: str,
    htmx: bool,
) -> None:
    response = answer(client, index, data, htmx=htmx)
    assert_refused(response, htmx, index)
    html = response.content.decode()
    # Said once: as the description of the field refused, which takes the focus, not by
    # an alert as well (the Russian screen-reader walk: swapped in, it was said twice).
    box = html.split(f'id="check-{index}"', 1)[1].split("</section>", 1)[0]
    assert message in box and f'aria-describedby="check-{index}-error"' in box
    assert 'role="alert"' not in box
    assert ("<html" in html) is not htmx
    assert CheckAnswer.objects.count() == 0


@pytest.mark.parametrize("htmx", [True, False])
def test_a_refused_answer_keeps_what_the_learner_filled(
    client: Client, check_lesson: Lesson, htmx: bool
) -> None:
    """The review's finding, in a lesson: "2O" (a letter O) for 20 was refused and the
    field came back empty; a score without its player lost the points typed. Every field
    comes back as the learner left it (escaped), the focus on the one refused, described
    by the reason; nothing is stored."""

    def check_of(index: int, data: dict[str, object]) -> str:
        response = answer(client, index, data, htmx=htmx)
        assert_refused(response, htmx, index)
        html = response.content.decode()
        return html.split(f'id="check-{index}"', 1)[1].split("</section>", 1)[0]

    box = check_of(1, {"answer": "2O"})
    field = re.search(r'<input[^>]*name="answer"[^>]*>', box)
    assert field is not None
    assert 'value="2O"' in field[0] and "autofocus" in field[0]
    assert 'aria-describedby="check-1-error"' in field[0] and 'id="check-1-error"' in box
    # A score's points kept while its player is missing: the first player's radio is
    # the one refused.
    box = check_of(3, {"points": "57"})
    assert re.search(r'id="check-3-points"[^>]*value="57"', box)
    radio = re.search(r'<input[^>]*name="player" value="0"[^>]*>', box)
    assert radio is not None and "autofocus" in radio[0]
    # The player kept while the points are not a number: the points field is refused.
    box = check_of(3, {"player": "1", "points": "<script>x</script>"})
    assert re.search(r'id="check-3-p1"[^>]*checked', box)
    points = re.search(r'<input[^>]*name="points"[^>]*>', box)
    assert points is not None and "autofocus" in points[0]
    assert 'value="&lt;script&gt;x&lt;/script&gt;"' in points[0] and "<script>x" not in box
    # The melds ticked are kept when one of them is not on the table.
    box = check_of(4, {"melds": ["0", "7"]})
    assert re.search(r'name="melds" value="0"[^>]*checked', box)
    assert CheckAnswer.objects.count() == 0


def test_a_check_posts_to_no_fragment_before_and_after_a_refusal(
    client: Client, check_lesson: Lesson
) -> None:
    """A lesson's check posted to …/check/N/#check-N-answered, so that the answer's page
    opened there (a redirect without a fragment keeps the form's): Chromium skips
    autofocus on a page opened at a fragment, and a reload kept the scroll but lost the
    focus. The form posts to no fragment, on the page before an answer and on a refused
    answer's page alike: the page the answer redirects to opens with the focus on the
    field (autofocus), which the browser scrolls into view (tests/browser/test_lessons.py
    measures it at 360×740)."""

    def action(html: str, index: int) -> str:
        box = html.split(f'id="check-{index}"', 1)[1].split("</section>", 1)[0]
        found = re.search(r'<form method="post" action="([^"]*)"', box)
        assert found is not None
        return found[1]

    assert action(client.get("/en/lessons/gin/checks/").content.decode(), 1) == URL.format(1)
    refused = answer(client, 1, {"answer": "2O"}, htmx=False)
    assert_refused(refused, False, 1)
    assert action(refused.content.decode(), 1) == URL.format(1)


@pytest.mark.parametrize(
    ("index", "data", "field"),
    [
        (0, {}, 'name="cards" value="7H"'),
        (1, {"answer": "2O"}, 'name="answer"'),
        (3, {"points": "57"}, 'name="player" value="0"'),
        (3, {"player": "1", "points": "lots"}, 'name="points"'),
        (4, {}, 'name="melds" value="0"'),
    ],
)
def test_a_refused_answers_page_opens_on_the_field_refused(
    client: Client, check_lesson: Lesson, index: int, data: dict[str, object], field: str
) -> None:
    """The accessibility finding: without JavaScript a refused answer's page opened at
    a fragment, where the browser skips autofocus (and a reload lost the focus). The page
    opens at no fragment, the field refused marked with autofocus (the only one),
    described by the reason; its label names it. A judged answer's page too: the
    answer's field, described by the feedback."""
    refused = answer(client, index, data, htmx=False)
    assert_refused(refused, False, index)
    html = refused.content.decode()
    focused = re.findall(r"<(?:input|button)[^>]* autofocus[^>]*>", html)
    assert len(focused) == 1 and field in focused[0], focused
    assert f'aria-describedby="check-{index}-error"' in focused[0]
    named = re.search(r'id="([^"]+)"', focused[0])
    assert named is not None and f'for="{named[1]}"' in html  # its label names it
    assert "-answered" not in html  # no anchor left over
    judged = answer(client, 2, {"answer": "no"}, htmx=False)
    assert "#" not in judged.redirect_chain[0][0]
    focused = re.findall(r"<(?:input|button)[^>]* autofocus[^>]*>", judged.content.decode())
    assert len(focused) == 1 and 'aria-describedby="check-2-feedback"' in focused[0]


def test_an_answer_refused_for_a_question_not_asked_is_not_kept(
    client: Client, check_lesson: Lesson
) -> None:
    """A token the check did not sign redraws the page's own question (for a random
    check, not the one answered): the number typed for the other one is not put in its
    field as a typo to correct, as review, drills and the placement check do."""
    for htmx in (True, False):
        refused = answer(client, 5, {"question": "forged", "answer": "17"}, htmx=htmx)
        assert_refused(refused, htmx, 5)
        html = refused.content.decode()
        assert "did not ask" in html
        box = html.split('id="check-5"', 1)[1].split("</section>", 1)[0]
        field = re.search(r'<input[^>]*id="check-5-answer"[^>]*>', box)
        assert field is not None and 'value="17"' not in field[0]


@pytest.mark.parametrize(
    ("language", "fits", "names"),
    [
        ("en", "2♣ 3♣ 4♣ 5♣", "two of clubs, three of clubs, four of clubs, five of clubs"),
        ("ru", "2♣ 3♣ 4♣ 5♣", "двойка треф, тройка треф, четвёрка треф, пятёрка треф"),
    ],
)
def test_a_worked_answer_names_its_cards_for_screen_readers(
    client: Client, check_lesson: Lesson, language: str, fits: str, names: str
) -> None:
    """The accessibility finding: a worked answer's "It fits 2♣ 3♣ 4♣: 2♣ 3♣ 4♣ 5♣." was
    read as symbols; its cards are named in the page's language, the text unchanged."""
    Lesson.objects.filter(pk=check_lesson.pk).update(language=language)
    url = f"/{language}/lessons/gin/checks/check/4/"
    for _try in range(3):
        html = client.post(url, {"melds": ["1"]}, **HTMX).content.decode()
    feedback = html.split('class="feedback', 1)[1]
    assert (
        f'<span aria-hidden="true">{fits}</span><span class="visually-hidden">{names}</span>'
        in (feedback)
    )
    assert fits in shown(feedback) and names not in shown(feedback)


def test_malformed_answer_in_russian(client: Client, check_lesson: Lesson) -> None:
    Lesson.objects.filter(pk=check_lesson.pk).update(language="ru")
    response = client.post("/ru/lessons/gin/checks/check/1/", {"answer": "много"}, **HTMX)
    assert response.status_code == 400
    assert "Type a number" not in response.content.decode()


def test_another_question_for_a_random_check(client: Client, check_lesson: Lesson) -> None:
    seen = set()
    for _ in range(4):
        html = client.get(
            "/en/lessons/gin/checks/", {"check": "5", "seed": "new"}, **HTMX
        ).content.decode()
        assert html.startswith('<section class="check')
        seen.add(tuple(re.findall(r'data-card="(..)"', html)))
    assert len(seen) > 1
    # The question travels with the answer, signed, so the question answered is the one
    # shown; and a fresh question's first answer counts.
    html = client.get(
        "/en/lessons/gin/checks/", {"check": "5", "seed": "new"}, **HTMX
    ).content.decode()
    token = re.search(r'name="question" value="([^"]+)"', html)
    assert token is not None
    seed = answered_seed(QueryDict(f"question={token.group(1)}"), "gin", "checks", 5)
    check = parse_check(check_lesson.checks[5])
    right = check.arrangement(seed).deadwood  # type: ignore[union-attr]
    response = answer(client, 5, {"question": token.group(1), "answer": str(right)})
    assert "Right!" in response.content.decode()
    assert CheckAnswer.objects.get(index=5).correct
    assert FirstAnswer.objects.get(index=5).seed == seed


def test_another_one_stays_on_a_reload_until_it_is_answered(
    client: Client, check_lesson: Lesson
) -> None:
    """The finding: after "Another one", a reload (or coming back) showed the lesson's
    own question again, its answer already shown, and each "Another one" dealt a new
    question, so a hard one could be passed over. The fresh question stays, unanswered,
    until it is answered (as a review card's and a drill's do); then the next one."""

    def seed_in(html: str) -> int:
        part = html.split('id="check-5"', 1)[1].split("</section>", 1)[0]
        token = re.search(r'name="question" value="([^"]+)"', part)
        assert token is not None
        assert "feedback" not in part  # unanswered
        return answered_seed(QueryDict(f"question={token[1]}"), "gin", "checks", 5)

    def page(**query: str) -> str:
        return client.get("/en/lessons/gin/checks/", query).content.decode()

    own = parse_check(check_lesson.checks[5])
    assert seed_in(page()) == 6  # the lesson's own question
    answered = answer(client, 5, {"answer": "99"}).content.decode()
    assert "check=5&amp;seed=new" in answered
    fresh = client.get("/en/lessons/gin/checks/", {"check": "5", "seed": "new"}, **HTMX)
    seed = seed_in(fresh.content.decode())
    assert seed != 6
    # A reload, "Another one" again, the page without JavaScript: the same question.
    assert seed_in(page()) == seed
    assert seed_in(page(check="5", seed="new")) == seed
    again = client.get("/en/lessons/gin/checks/", {"check": "5", "seed": "new"}, **HTMX)
    assert seed_in(again.content.decode()) == seed
    # Answered, the next one is another, kept in its turn.
    right = own.arrangement(seed).deadwood  # type: ignore[union-attr]
    token = question_token("gin", "checks", 5, seed)
    assert "Right!" in answer(client, 5, {"question": token, "answer": str(right)}).content.decode()
    following = seed_in(page())
    assert following not in (6, seed) and seed_in(page()) == following
    # Nor is there an "Another one" to pass over a question not answered yet: it is
    # offered beside an answer.
    assert "seed=new" not in page().split('id="check-5"', 1)[1].split("</section>", 1)[0]


def test_a_question_the_site_did_not_ask_is_refused(client: Client, check_lesson: Lesson) -> None:
    check = parse_check(check_lesson.checks[5])
    right = check.arrangement(77).deadwood  # type: ignore[union-attr]
    forged = [
        "77",  # a bare seed
        signing.dumps({"q": ["gin", "checks", 5], "seed": 77}, salt="another"),
        question_token("gin", "checks", 4, 77),  # another check's question
        question_token("gin", "checks", 5, 77)[:-2] + "xx",  # tampered
    ]
    for token in forged:
        response = answer(client, 5, {"question": token, "answer": str(right)})
        assert response.status_code == 400
        assert "did not ask" in response.content.decode()
    assert CheckAnswer.objects.count() == 0 and FirstAnswer.objects.count() == 0
    # A seed in the page's address is not a question either: the page asks its own.
    html = client.get(
        "/en/lessons/gin/checks/", {"check": "5", "seed": "77"}, **HTMX
    ).content.decode()
    token = re.search(r'name="question" value="([^"]+)"', html)
    assert token is not None
    assert answered_seed(QueryDict(f"question={token.group(1)}"), "gin", "checks", 5) == 6


def test_first_answers_in_every_language(client: Client, check_lesson: Lesson) -> None:
    for language in ("lt", "ru", "it"):
        Lesson.objects.filter(pk=check_lesson.pk).update(language=language)
        url = f"/{language}/lessons/gin/checks/check/2/"
        client.post(url, {"answer": "no"}, **HTMX)
        response = client.post(url, {"answer": "yes"}, **HTMX)
        html = response.content.decode()
        assert "feedback__note" in html and "first answer" not in html, language


def test_a_whole_lesson_page_without_javascript(client: Client, check_lesson: Lesson) -> None:
    response = answer(client, 2, {"answer": "no"}, htmx=False)
    html = response.content.decode()
    assert response.status_code == 200 and "<html" in html
    assert html.count('class="check ') == 6
    assert "Not quite." in html


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("7", "7"),
        ("4.5", "9/2"),
        ("4,5", "9/2"),
        ("4½", "9/2"),
        ("4 ½", "9/2"),
        ("9/2", "9/2"),
        ("4 2/3", "14/3"),
        ("4 2⁄3", "14/3"),
        ("14/3", "14/3"),
        ("4⅔", "14/3"),
        (" 36 ", "36"),
    ],
)
def test_points_as_people_type_them(text: str, value: str) -> None:
    from fractions import Fraction

    assert parse_points(text) == Fraction(value)


@pytest.mark.parametrize(
    ("text", "expected", "agrees"),
    [
        ("4.67", "14/3", True),
        ("4,67", "14/3", True),
        ("4.7", "14/3", True),
        ("4.66", "14/3", False),
        ("5", "14/3", False),
        ("4 2/3", "14/3", True),
        ("4.5", "9/2", True),
        ("4.4", "9/2", False),
        ("4.50", "9/2", True),
        ("42/3", "14/3", False),
    ],
)
def test_a_share_typed_as_people_type_it(text: str, expected: str, agrees: bool) -> None:
    """The pedagogy review: "4.67" was marked wrong for 4⅔ and "4 2/3" read as 14."""
    from fractions import Fraction

    assert points_agree(text, Fraction(expected)) is agrees


@pytest.mark.parametrize("text", ["", "abc", "1/0", "x½", "4 2/0"])
def test_points_that_are_not_numbers(text: str) -> None:
    with pytest.raises(BadAnswer):
        parse_points(text)


def test_score_checks_for_going_rummy_and_the_ace_high_option() -> None:
    from fractions import Fraction

    plain = parse_check("score basic 0 | | KS 7D AH | 2C 3C")
    rummy = parse_check("score basic 0 rummy | | KS 7D AH | 2C 3C")
    high = parse_check("score basic 0 ace-high | | KS 7D AH | 2C 3C")
    # rules.md example 12: +23, doubled +46, with aces worth 15: +37.
    assert [c.settlement().received[0] for c in (plain, rummy, high)] == [  # type: ignore[union-attr]
        Fraction(23),
        Fraction(46),
        Fraction(37),
    ]
    with pytest.raises(ValueError):
        parse_check("score gin 0 rummy | 2C | 3C")


def test_points_with_exponents_are_refused_before_any_arithmetic(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Fraction("1e9999999") takes minutes: such text is refused by its shape, and never
    reaches Fraction() or int()."""
    from rummy_site import parsing

    reached: list[object] = []

    def watched(kind: type) -> type:
        class Watched(kind):  # type: ignore[misc,valid-type]
            def __new__(cls, *args: object) -> object:
                reached.extend(args)
                if any(isinstance(a, str) and not re.fullmatch(r"[0-9./]{1,12}", a) for a in args):
                    raise AssertionError(f"Fraction({args!r}) was reached")  # not minutes
                return kind(*args)

        return Watched

    monkeypatch.setattr(parsing, "Fraction", watched(parsing.Fraction))
    for text in ("1e9999999", "9" * 5000, "1E5", "²", "4.5e3"):
        with pytest.raises(BadAnswer):
            parse_points(text)
    assert reached == []
    assert parse_points("4,5") == 4.5 and reached == ["4.5"]  # the watch works


@pytest.mark.parametrize("value", ["²", "9" * 5000])
def test_odd_digits_in_lesson_requests(client: Client, check_lesson: Lesson, value: str) -> None:
    assert client.get("/en/lessons/gin/checks/", {"check": value, "seed": value}).status_code == 200
    assert (
        client.get("/en/lessons/gin/checks/", {"check": "5", "seed": value}, **HTMX).status_code
        == 200
    )
    for index, field in ((1, "answer"), (3, "player"), (4, "melds")):
        response = answer(client, index, {field: value, "question": value, "points": "5"})
        assert response.status_code == 400, field
    assert CheckAnswer.objects.count() == 0


def test_answering_one_question_leaves_the_others_as_they_were(
    client: Client, check_lesson: Lesson
) -> None:
    before = client.get("/en/lessons/gin/checks/").content.decode()
    random_box = re.search(
        r'<section class="check check--deadwood" id="check-5".*?</section>', before, re.S
    )
    assert random_box is not None
    response = answer(client, 1, {"answer": "20"}, htmx=False)
    after = re.search(
        r'<section class="check check--deadwood" id="check-5".*?</section>',
        response.content.decode(),
        re.S,
    )
    assert after is not None
    assert re.findall(r'data-card="(..)"', after.group(0)) == re.findall(
        r'data-card="(..)"', random_box.group(0)
    )


def test_a_right_answer_is_not_undone_by_a_later_wrong_one(
    client: Client, check_lesson: Lesson
) -> None:
    answer(client, 2, {"answer": "yes"})
    answer(client, 2, {"answer": "no"})
    row = CheckAnswer.objects.get(index=2)
    assert row.correct and row.attempts == 2


def test_answering_both_ways_does_not_make_a_check_right(
    client: Client, check_lesson: Lesson
) -> None:
    """The tamper probe's finding 9: "no", then "yes" on the same question."""
    answer(client, 2, {"answer": "no"})
    assert "Right!" in answer(client, 2, {"answer": "yes"}).content.decode()
    assert not CheckAnswer.objects.get(index=2).correct
    html = client.get("/en/lessons/gin/").content.decode()
    assert "0 of 6" in html or "1 of 6" not in html


def test_a_lesson_is_done_when_its_questions_are_mastered(
    client: Client, check_lesson: Lesson
) -> None:
    """Fixed questions: the first answer right. Random ones: two right first answers in a
    row, to fresh questions. Read is not done; a wrong first answer breaks the streak."""
    rights = {
        0: {"cards": ["7H", "7S", "7D"]},
        1: {"answer": "20"},
        2: {"answer": "yes"},
        3: {"player": "0", "points": "58"},
        4: {"melds": ["0"]},
    }
    client.post("/en/lessons/gin/checks/read/")
    for index, data in rights.items():
        assert "Mastered" in answer(client, index, data).content.decode()
    check = parse_check(check_lesson.checks[5])

    def fresh_question() -> tuple[str, int]:
        html = client.get(
            "/en/lessons/gin/checks/", {"check": "5", "seed": "new"}, **HTMX
        ).content.decode()
        found = re.search(r'name="question" value="([^"]+)"', html)
        assert found is not None
        token = found.group(1)
        return token, answered_seed(QueryDict(f"question={token}"), "gin", "checks", 5)

    def right_for(seed: int) -> str:
        return str(check.arrangement(seed).deadwood)  # type: ignore[union-attr]

    token, seed = fresh_question()
    html = answer(client, 5, {"question": token, "answer": right_for(seed)}).content.decode()
    assert "1 of 2 right in a row" in html
    token, seed = fresh_question()  # a wrong first answer: the streak starts again
    answer(client, 5, {"question": token, "answer": str(int(right_for(seed)) + 1)})
    game = client.get("/en/lessons/gin/").content.decode()
    assert "5 of 6 questions mastered" in game and "✓" not in game
    for _ in range(2):
        token, seed = fresh_question()
        html = answer(client, 5, {"question": token, "answer": right_for(seed)}).content.decode()
    assert "Mastered" in html
    game = client.get("/en/lessons/gin/").content.decode()
    assert "6 of 6 questions mastered" in game and "✓" in game
    assert '<span aria-hidden="true">✓</span>' in game  # "mastered" is said in words


def _statements(queries: list[dict[str, str]]) -> list[str]:
    """The SQL a request ran, without transaction control (BEGIN, savepoints)."""
    control = ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK")
    return [q["sql"] for q in queries if not q["sql"].upper().startswith(control)]


def test_an_answer_costs_few_queries(client: Client, check_lesson: Lesson, settings) -> None:  # type: ignore[no-untyped-def]
    """The speed issue: a lesson answer reads the lesson (with the rate limit's count),
    the learner, counts the try on the question's first answer and on the check's tally
    (one upsert each; both in one statement on PostgreSQL), and reads the one check's
    answers for its mastery mark: no more."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    settings.RATE_LIMIT_ENABLED = True
    answer(client, 1, {"answer": "30"})  # the learner and the first answer exist
    with CaptureQueriesContext(connection) as queries:
        html = answer(client, 1, {"answer": "20"}).content.decode()
    assert "Have another go" not in html  # judged: right, a second try
    statements = _statements(queries.captured_queries)
    assert len(statements) == (4 if connection.vendor == "postgresql" else 6), statements
    assert FirstAnswer.objects.get().tries == 2


def test_what_each_answer_records(check_lesson: Lesson, monkeypatch: pytest.MonkeyPatch) -> None:
    """Wrong, wrong, right to one question; then right at once to another question of
    the same check, and wrong after it: the first answer is kept with its verdict, the
    tries counted, the question solved once answered right; the check's tally counts
    every answer and is right once a first answer was."""
    import datetime

    from learners.models import Learner
    from lessons import services

    learner = Learner.objects.create(visitor_key="k")
    check = parse_check(check_lesson.checks[5])
    first_seed, other_seed = 11, 12

    def right_for(seed: int) -> int:
        return check.arrangement(seed).deadwood  # type: ignore[union-attr]

    def send(seed: int, value: int) -> services.Answered:
        return services.check_answer(
            learner=learner, lesson=check_lesson, index=5, answer={"answer": str(value)}, seed=seed
        )

    wrong = right_for(first_seed) + 1
    told = [send(first_seed, wrong).tries, send(first_seed, wrong + 1).tries]
    told.append(send(first_seed, right_for(first_seed)).tries)
    assert told == [1, 2, 3]
    first = FirstAnswer.objects.get(seed=first_seed)
    assert (first.tries, first.correct, first.solved) == (3, False, True)
    assert first.answer == {"answer": str(wrong)} and first.learner == learner
    tally = CheckAnswer.objects.get(index=5)
    assert (tally.attempts, tally.correct) == (3, False)
    later = tally.updated + datetime.timedelta(minutes=5)
    monkeypatch.setattr(services.timezone, "now", lambda: later)
    answered = send(other_seed, right_for(other_seed))
    assert answered.tries == 1 and answered.outcome.correct
    assert send(other_seed, right_for(other_seed) + 1).tries == 2
    other = FirstAnswer.objects.get(seed=other_seed)
    assert (other.tries, other.correct, other.solved) == (2, True, True)
    tally = CheckAnswer.objects.get(index=5)
    assert (tally.attempts, tally.correct) == (5, True)
    assert tally.updated == later  # the tally's time is its latest answer's
    assert other.created == later and FirstAnswer.objects.get(seed=first_seed).created < later
    # Another learner's answers are theirs alone.
    someone = Learner.objects.create(visitor_key="s")
    services.check_answer(
        learner=someone, lesson=check_lesson, index=5, answer={"answer": "0"}, seed=first_seed
    )
    assert FirstAnswer.objects.get(learner=learner, seed=first_seed).tries == 3
    assert CheckAnswer.objects.get(learner=someone).attempts == 1


def test_an_answer_counts_its_rate_limit_with_the_lesson_s_read(
    client: Client,
    check_lesson: Lesson,
    settings,
    django_assert_num_queries,  # type: ignore[no-untyped-def]
) -> None:
    """The speed issue: an answer's rate-limit count goes with the lesson's read (one
    statement on PostgreSQL); each answer is counted once, and one over the limit is
    refused, translated, before anything is stored."""
    from django.db import connection

    from rummy_site.models import RateCount

    settings.RATE_LIMIT_ENABLED = True
    settings.POST_RATE_PER_VISITOR = "3/m"
    client.get("/en/lessons/gin/checks/")
    assert answer(client, 1, {"answer": "30"}).status_code == 200
    saved = FirstAnswer.objects.count(), CheckAnswer.objects.get().attempts
    # Again: the count and the lesson (one statement on PostgreSQL, two elsewhere); the
    # learner; the first answer and the check's tally, each one upsert (one statement
    # on PostgreSQL; elsewhere two, between BEGIN and COMMIT); the check's progress.
    with django_assert_num_queries(4 if connection.vendor == "postgresql" else 8):
        assert answer(client, 1, {"answer": "20"}).status_code == 200
    assert sorted(RateCount.objects.values_list("hits", flat=True)) == [2, 2]
    assert answer(client, 1, {"answer": "20"}).status_code == 200
    refused = client.post("/lt/lessons/gin/checks/check/1/", {"answer": "20"}, **HTMX)
    assert refused.status_code == 429 and '<html lang="lt">' in refused.content.decode()
    assert (FirstAnswer.objects.count(), CheckAnswer.objects.get().attempts) == (
        saved[0],
        saved[1] + 2,
    )
    assert sorted(RateCount.objects.values_list("hits", flat=True)) == [4, 4]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="answers sent at once")
@pytest.mark.django_db(transaction=True)
def test_two_answers_sent_at_once_count_as_two_tries(check_lesson: Lesson) -> None:
    """Two requests answer one question at the same moment, each on its own connection:
    one is the first answer and the other the second, and the tally counts both."""
    import threading

    from django.db import connections

    from learners.models import Learner
    from lessons import services

    learner = Learner.objects.create(visitor_key="k")
    start = threading.Barrier(2)
    told: list[int] = []

    def send() -> None:
        try:
            start.wait()
            answered = services.check_answer(
                learner=learner, lesson=check_lesson, index=1, answer={"answer": "20"}, seed=2
            )
            told.append(answered.tries)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=send) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(told) == [1, 2]
    first = FirstAnswer.objects.get()
    assert (first.tries, first.correct, first.solved) == (2, True, True)
    tally = CheckAnswer.objects.get()
    assert (tally.attempts, tally.correct) == (2, True)


@pytest.mark.parametrize(
    ("answer", "shown"),
    [({"answer": "none"}, "5♣ 5♦ 5♥ 5♠"), ({"cards": ["5C", "5D"]}, "5♣ 5♦ 5♥ 5♠")],
)
def test_the_meld_shown_as_there_is_one_is_the_whole_meld(answer: dict, shown: str) -> None:
    """The browser walk: four fives answered "none" were explained as "5♣ 5♥ 5♠ is a
    group", leaving out the 5♦ that belongs to it."""
    from django.utils import translation

    from lessons.presenters import explanation

    check = parse_check("meld 5C 5D 5H 5S")
    outcome = check.judge(answer, 0)  # type: ignore[union-attr]
    assert not outcome.correct
    with translation.override("en"):
        lines = " ".join(str(line) for line in explanation(check, outcome)["lines"])
    assert f"There is one: {shown} is a group." in lines


@pytest.mark.parametrize(
    ("cards", "answer", "shown"),
    [
        ("3C 6C 7C 8C 6D 6S", {"answer": "none"}, "6♣ 6♦ 6♠ (a group) or 6♣ 7♣ 8♣ (a run)"),
        ("AC 3C AH 2H 3H AS", {"answer": "none"}, "A♣ A♥ A♠ (a group) or A♥ 2♥ 3♥ (a run)"),
        ("3C 6C 7C 8C 6D 6S", {"cards": ["3C", "6C", "7C"]}, "6♣ 6♦ 6♠ (a group) or 6♣ 7♣ 8♣"),
        # The longest first, and no meld inside a longer one (4♥ 5♥ 6♥ in 4♥ ... 7♥).
        (
            "4H 5H 6H 7H 7C 7S",
            {"answer": "none"},
            "4♥ 5♥ 6♥ 7♥ (a run) or 7♣ 7♥ 7♠ (a group).",
        ),
    ],
)
def test_there_is_one_names_every_meld_the_cards_could_make(
    cards: str, answer: dict, shown: str
) -> None:
    """The browser walk, on the placement check: 3♣ 6♣ 7♣ 8♣ 6♦ 6♠ answered "none" was
    explained as "There is one: 6♣ 6♦ 6♠ is a group", though 6♣ 7♣ 8♣ is a run too
    (and A♣ 3♣ A♥ 2♥ 3♥ A♠ with the aces alone)."""
    from django.utils import translation

    from lessons.presenters import explanation

    check = parse_check(f"meld {cards}")
    outcome = check.judge(answer, 0)  # type: ignore[union-attr]
    assert not outcome.correct
    with translation.override("en"):
        lines = " ".join(str(line) for line in explanation(check, outcome)["lines"])
    assert f"There is one: {shown}" in lines


def _right_answer(check: Check, seed: int) -> dict[str, object]:
    """The right answer to any check's question dealt from ``seed``, worked out by the
    engine."""
    if isinstance(check, MeldCheck):
        melds = find_melds(check.question(seed))
        return {"cards": [str(c) for c in melds[0].cards]} if melds else {"answer": "none"}
    if isinstance(check, DeadwoodCheck):
        return {"answer": str(check.arrangement(seed).deadwood)}
    if isinstance(check, KnockCheck):
        can = best_arrangement(check.question(seed)).deadwood <= check.limit
        return {"answer": "yes" if can else "no"}
    if isinstance(check, ScoreCheck):
        received = check.settlement().received
        best = max(received.values())
        player = next(p for p, v in received.items() if v == best)
        return {"player": str(player), "points": str(best)}
    assert isinstance(check, LayoffCheck)
    fits = check.fits()
    return {"melds": [str(i) for i in fits]} if fits else {"answer": "none"}


@pytest.mark.parametrize(
    ("index", "wrong"),
    [
        (0, {"cards": ["7H", "8H", "9S"]}),
        (1, {"answer": "30"}),
        (2, {"answer": "no"}),
        (3, {"player": "1", "points": "9"}),
        (4, {"melds": ["1"]}),
    ],
)
def test_a_fixed_question_answered_wrong_is_mastered_by_a_fresh_one_of_its_kind(
    client: Client, check_lesson: Lesson, index: int, wrong: dict[str, object]
) -> None:
    """The newcomer's walk: a question with fixed cards answered wrong at first could
    never be mastered (its first answer was the one that counted, and it had no
    "Another one"), so the lesson and the path stood still for good. Now the check says
    so and offers a fresh question of its kind, whose first answer right masters it."""
    html = answer(client, index, wrong).content.decode()
    assert "Not mastered yet" in html and "seed=new" in html
    # Coming back to the lesson, the question does not look untouched: it is the fresh
    # one of its kind that "Another one" deals, beside what masters it.
    page = client.get("/en/lessons/gin/checks/").content.decode()
    part = page.split(f'id="check-{index}"', 1)[1].split("</section>", 1)[0]
    assert "Not mastered yet" in part and "seed=new" not in part
    shown = re.search(r'name="question" value="([^"]+)"', part)
    assert shown is not None
    shown_seed = answered_seed(QueryDict(f"question={shown[1]}"), "gin", "checks", index)
    assert shown_seed != index + 1
    # The same question again, right, is a retry: it does not count.
    own = parse_check(check_lesson.checks[index])
    assert "Mastered" not in answer(client, index, _right_answer(own, index + 1)).content.decode()
    fresh = client.get(
        "/en/lessons/gin/checks/", {"check": str(index), "seed": "new"}, **HTMX
    ).content.decode()
    token = re.search(r'name="question" value="([^"]+)"', fresh)
    assert token is not None
    seed = answered_seed(QueryDict(f"question={token.group(1)}"), "gin", "checks", index)
    assert seed == shown_seed
    check = of_its_kind(own, seed)
    assert check.kind == own.kind and check != own
    data = {"question": token.group(1), **_right_answer(check, seed)}
    html = answer(client, index, data).content.decode()
    assert "Right!" in html and "Mastered" in html and "Not mastered" not in html
    assert "seed=new" not in html  # nothing more to do here
    assert list(
        FirstAnswer.objects.filter(index=index).order_by("pk").values_list("seed", "correct")
    ) == [(index + 1, False), (seed, True)]


@pytest.mark.parametrize("htmx", [True, False])
def test_a_first_wrong_answer_gives_one_next_step(
    client: Client, check_lesson: Lesson, htmx: bool
) -> None:
    """The Lithuanian Knock walk (lesson 3's score question): after a wrong first answer
    the check said "Have another go: the question is still yours." and, under it,
    "Answer another one right to master it." beside "Another one": two next steps at
    once. While the question is still to be worked out (a retry, then a hint) the
    mastery line says to find this answer first, then to answer another question; once
    the answer is shown, "Answer another one right" is the next step, as before."""
    old = "Answer another one right to master it."
    first = "Find this answer first, then answer another question right to master it."
    for tries, stage in enumerate(("Have another go", "A hint:", "Here is the answer"), 1):
        html = answer(client, 3, {"player": "1", "points": "9"}, htmx=htmx).content.decode()
        part = html.split('id="check-3"', 1)[1].split("</section>", 1)[0]
        assert stage in part, tries
        if tries < 3:
            assert first in part and old not in part, tries
        else:
            assert old in part and first not in part
        assert "seed=new" in part  # "Another one" stays, a secondary button


def test_every_fixed_lesson_question_has_fresh_questions_of_its_kind() -> None:
    """Every check with fixed cards in the content files deals fresh questions of its
    kind, which the engine answers and judges right."""
    seen = 0
    for document in all_documents():
        for code in document.shortcodes:
            if code.kind != "check":
                continue
            own = parse_check(code.args)
            if own.random:
                continue
            for seed in (7, 1234, 987654):
                check = of_its_kind(own, seed)
                assert check.kind == own.kind
                assert check.judge(_right_answer(check, seed), seed).correct, (code, seed)
            seen += 1
    assert seen > 50


def _fixed_checks(kind: type) -> list[tuple[str, Check]]:
    """Every check of ``kind`` with fixed cards in the content files (all languages)."""
    found: dict[str, Check] = {}
    for document in all_documents():
        for code in document.shortcodes:
            if code.kind == "check":
                check = parse_check(code.args)
                if isinstance(check, kind) and not check.random:
                    found[code.args] = check
    return sorted(found.items())


@pytest.mark.parametrize(
    ("args", "own"), _fixed_checks(DeadwoodCheck), ids=lambda v: v if isinstance(v, str) else ""
)
def test_a_fresh_deadwood_question_keeps_the_melds_the_lesson_speaks_of(
    args: str, own: DeadwoodCheck
) -> None:
    """The newcomer's walk: "No melds here: just add up the cards" over 3♣ 7♦ K♥ 9♠ A♥,
    then "Another one" dealt 6 9 7 6 9 10 6 8 9 10, three sixes and three nines. A fresh
    question of a fixed deadwood check has as many cards, and as many melds in its best
    arrangement, as the lesson's own (and an ace under the ace-high option). "Look for the
    card that fits two melds" over 3♦ 4♦ 5♦ 6♦ 6♣ 6♥ A♠ was asked again over cards where
    none did: a fresh question has a card that could go into a group or a run exactly
    when the lesson's has one."""
    assert own.cards is not None
    want = len(best_arrangement(own.cards, ace_high_or_low=own.ace_high).melds)
    shared = [
        (g.mask & r.mask).bit_count()
        for g in find_melds(own.cards, ace_high_or_low=own.ace_high)
        for r in find_melds(own.cards, ace_high_or_low=own.ace_high)
        if g.kind is MeldKind.GROUP and r.kind is MeldKind.RUN
    ]
    for seed in range(2, 202):
        fresh = of_its_kind(own, seed)
        cards = fresh.question(seed)
        assert len(cards) == len(own.cards), (args, seed, cards)
        arranged = best_arrangement(cards, ace_high_or_low=own.ace_high)
        assert len(arranged.melds) == want, (args, seed, cards)
        crossing = [
            (g.mask & r.mask).bit_count()
            for g in find_melds(cards, ace_high_or_low=own.ace_high)
            for r in find_melds(cards, ace_high_or_low=own.ace_high)
            if g.kind is MeldKind.GROUP and r.kind is MeldKind.RUN
        ]
        assert any(crossing) == any(shared), (args, seed, cards)
        assert fresh.judge({"answer": str(arranged.deadwood)}, seed).correct
        if own.ace_high:
            assert any(c.rank.value == 1 for c in cards), (args, seed, cards)


@pytest.mark.parametrize(
    ("args", "own"), _fixed_checks(MeldCheck), ids=lambda v: v if isinstance(v, str) else ""
)
def test_a_fresh_meld_question_has_as_many_cards(args: str, own: MeldCheck) -> None:
    """ "Is this a meld?" over three cards is asked again over three cards (it was 4 to 6);
    whether they hold a meld is left to chance, so both answers come."""
    assert own.cards is not None
    holds = set()
    for seed in range(2, 102):
        cards = of_its_kind(own, seed).question(seed)
        assert len(cards) == len(own.cards), (args, seed, cards)
        holds.add(bool(own.melds_in(cards)))
    assert holds == {True, False}


@pytest.mark.parametrize(
    ("args", "own"), _fixed_checks(LayoffCheck), ids=lambda v: v if isinstance(v, str) else ""
)
def test_a_fresh_layoff_question_fits_as_many_melds(args: str, own: LayoffCheck) -> None:
    """ "Sometimes a card fits more than one meld" over 8♠ | 8♥ 8♦ 8♣ | 9♠ 10♠ J♠ was
    asked again with a card that never fitted both; "this card can be laid off" with one
    that fitted none. A fresh question's card fits as many melds as the lesson's."""
    for seed in range(2, 102):
        fresh = of_its_kind(own, seed)
        assert isinstance(fresh, LayoffCheck)
        assert len(fresh.fits()) == len(own.fits()), (args, seed, fresh)


@pytest.mark.parametrize(
    ("args", "own"), _fixed_checks(ScoreCheck), ids=lambda v: v if isinstance(v, str) else ""
)
def test_a_fresh_score_question_keeps_its_players(args: str, own: ScoreCheck) -> None:
    """ "Five players, six cards each, and the knocker's hand comes first" was asked again
    with three players of seven cards and the knocker anywhere. A fresh question keeps
    the game, the number of players and the seat of the knocker (or of the one who went
    out), and in Knock Rummy the size of the hands."""
    for seed in range(2, 62):
        fresh = of_its_kind(own, seed)
        assert isinstance(fresh, ScoreCheck)
        assert (fresh.game, len(fresh.hands), fresh.player) == (
            own.game,
            len(own.hands),
            own.player,
        ), (args, seed)
        if own.game is Game.KNOCK:
            assert {len(h) for h in fresh.hands} == {len(h) for h in own.hands}, (args, seed)
        assert max(fresh.settlement().received.values()) > 0


@pytest.mark.parametrize(
    ("args", "own"),
    [(a, c) for a, c in _fixed_checks(ScoreCheck) if c.game is not Game.BASIC],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_a_fresh_score_question_ends_as_the_lessons_does(args: str, own: ScoreCheck) -> None:
    """After "Ties go against the knocker", "Another one" dealt a hand the knocker won
    outright; after gin, a knock. A fresh Gin or Knock Rummy question ends the same way:
    the same kind of result, as many players collecting (three sharing a tie stay
    three), and a knocker with no deadwood keeps none (a tied rummy)."""
    want = own.settlement()
    for seed in range(2, 42):
        fresh = of_its_kind(own, seed)
        assert isinstance(fresh, ScoreCheck)
        got = fresh.settlement()
        assert (got.kind, len(got.winners)) == (want.kind, len(want.winners)), (args, seed)
        assert (got.deadwood[fresh.player] == 0) == (want.deadwood[own.player] == 0)
        if got.kind is ResultKind.TIE:
            levels = {got.deadwood[p] for p in (fresh.player, *got.winners)}
            assert len(levels) == 1, (args, seed, got.deadwood)


@pytest.mark.parametrize("collects", [True, False])
def test_a_knock_rummy_score_question_dealt_for_a_knocker_who_wins_or_loses(
    collects: bool,
) -> None:
    """The review of a Knock Rummy knocking mistake: a missed knock asks about a knocker
    who is the lowest and collects, a knock that loses about one tied or undercut."""
    for seed in range(1, 61):
        check = ScoreCheck.dealt(Game.KNOCK, seed, knocker_collects=collects)
        assert check == ScoreCheck.dealt(Game.KNOCK, seed, knocker_collects=collects)
        received = check.settlement().received
        best = max(received.values())
        assert best > 0 and (received[check.player] == best) is collects, seed


def test_a_deadwood_answer_is_worked_out_card_by_card(db: None) -> None:
    """The newcomer's walk: lesson 1's solution said only "22 points", and its hint sent
    the learner looking for melds where there is none."""
    from lessons.presenters import explanation, hint

    lesson = Lesson.objects.create(
        language="en", game="basic", slug="values", order=1, title="Values", summary="",
        body="<!--check:0--><!--check:1-->",
        checks=["deadwood KS 7D AH 4C", "deadwood AS 2S 3S 4H 9D"],
    )  # fmt: skip
    no_meld = parse_check(lesson.checks[0])
    outcome = no_meld.judge({"answer": "21"}, 1)
    text = " ".join(explanation(no_meld, outcome)["lines"])
    assert "4♣ 7♦ A♥ K♠, that is 4 + 7 + 1 + 10 = 22." in text
    assert "None of these cards make a meld" in hint(no_meld, outcome)
    with_meld = parse_check(lesson.checks[1])
    outcome = with_meld.judge({"answer": "5"}, 2)
    assert "9♦ 4♥, that is 9 + 4 = 13." in " ".join(explanation(with_meld, outcome)["lines"])
    assert "Try every way to make melds" in hint(with_meld, outcome)


def test_an_answer_without_javascript_switches_language_to_the_lesson(
    client: Client, check_lesson: Lesson
) -> None:
    """The browser walk: a page drawn in answer to a POST (no JavaScript) sent its own
    action's address to the language switcher, which a GET answers with 405."""
    html = answer(client, 1, {"answer": "30"}, htmx=False).content.decode()
    # The lesson's page the answer redirects to (which shows the answer, in the language
    # chosen too).
    assert 'name="next" value="/en/lessons/gin/checks/?answered=' in html
    assert "check/1/" not in html.split('name="next"', 1)[1][:60]


def test_an_answer_without_javascript_redirects_to_the_lesson_and_a_reload_counts_nothing(
    client: Client, check_lesson: Lesson
) -> None:
    """Post/Redirect/Get (the Russian teacher's walk: a page drawn in a POST's answer
    asked, on a reload, to send the form again; sent, it counted a retry, and reloads
    brought the hint, then the worked answer). Without JavaScript the answer redirects to
    the lesson's page opened at the check, which shows the verdict; a reload shows the
    same and counts nothing. With htmx the answer is still the check, in place."""
    response = client.post(URL.format(2), {"answer": "no"})
    assert response.status_code == 303
    location = response["Location"]
    assert location.startswith("/en/lessons/gin/checks/?answered=")
    assert "#" not in location
    for _ in range(3):  # the page, and reloads of it
        html = client.get(location).content.decode()
        box = html.split('id="check-2"', 1)[1].split("</section>", 1)[0]
        assert "Not quite." in box and "Have another go" in box and "A hint:" not in box
        row = CheckAnswer.objects.get(index=2)
        assert (row.attempts, row.correct) == (1, False)
    # The language buttons: the same answered page in Italian, opened as this one is (no
    # fragment: at the check's field, autofocus), nothing counted.
    assert f'name="next" value="{location.replace("&", "&amp;")}"' in html
    check_lesson.pk, check_lesson.language = None, "it"
    check_lesson.save()  # the same lesson in Italian
    italian = client.post("/i18n/setlang/", {"language": "it", "next": location})
    assert italian["Location"] == location.replace("/en/", "/it/", 1)
    box = client.get(italian["Location"]).content.decode().split('id="check-2"', 1)[1]
    assert "feedback" in box.split("</section>", 1)[0] and " autofocus" in box
    assert CheckAnswer.objects.get(index=2).attempts == 1
    # Someone else with the address: the lesson as it stands, nothing said.
    other = Client().get(location).content.decode()
    assert "Not quite." not in other
    # With htmx: the check, in the answer.
    partial = client.post(URL.format(2), {"answer": "no"}, **HTMX)
    assert partial.status_code == 200 and "<html" not in partial.content.decode()
    assert "A hint:" in partial.content.decode()  # the second answer: the hint


def test_the_knock_score_hint_says_a_tie_goes_against_the_knocker() -> None:
    """The newcomer's walk: the Knock score questions' hint said "players level at the
    lowest share what is paid", so a knocker tied by an opponent would share; rules.md
    (Knock settlement, case 2): the tied opponent collects and the knocker gets nothing.
    The hint now says so, and names the undercut's 10 and rummy's 25."""
    from lessons.presenters import hint

    # Lesson 5's first question: Ona (0) knocks with 4; Ben ties her with 4 (AC AD 2D).
    tie = parse_check(
        "score knock 0 | 2H 3H 4H TS TD TC 4S | 8C 8D 8H 8S AC AD 2D "
        "| 5C 6C 7C 2S 3D 5H AS | JD QD KD 9S 7D 6H 3S"
    )
    right = _right_answer(tie, 1)
    assert right["player"] == "1"  # the engine: Ben, the tied opponent, collects
    text = hint(tie, tie.judge({"player": "0", "points": right["points"]}, 1))
    assert "A tie goes against the knocker" in text
    assert "an opponent level with the knocker collects instead" in text
    assert "share what is paid" not in text
    assert "pays 10" in text and "25 more" in text


def test_a_right_answer_is_not_called_right_twice() -> None:
    """The Lithuanian newcomer's walk: «Teisingai! Teisingai: jokios trys…» after a right
    "there is no meld": the page says "Right!" and the explanation said it again."""
    from lessons.presenters import explanation

    check = parse_check("meld 7H 9C KD")
    outcome = check.judge({"answer": "none"}, 1)
    assert outcome.correct
    text = " ".join(explanation(check, outcome)["lines"])
    assert text == "No three or four of these cards make a group or a run."
    assert not text.startswith("Right")


def test_a_knocker_who_shows_more_deadwood_is_told_why_in_the_solution_and_the_hint() -> None:
    """The rules audit: lesson "Scoring a hand", the fourth question (rules.md, Gin,
    example 11: the knocker shows the layout best for them). 5D 5H as deadwood (10)
    scores 16; 5C 5D 5H as a group leaves 7 but takes Ben's 5S as a layoff: 21 − 7 =
    14, the answer of a learner who laid out the least deadwood. The solution said only
    "Ona scores 26 − 10 = 16" and the hint was the general one."""
    from lessons.presenters import explanation, hint

    check = parse_check(
        "score gin 0 | 3C 4C 5C 5D 5H 7S 8S 9S TS JS | 5S KC KD KH 8C 8D 8H 2D 9C QH"
    )
    outcome = check.judge({"player": "0", "points": "14"}, 1)
    assert not outcome.correct
    steps = explanation(check, outcome)["steps"]
    score = steps.index("Ben has 26 deadwood, more than 10: Ona scores 26 − 10 = 16.")
    assert steps[score + 1] == (
        "Laid out as 5♣ 5♦ 5♥ · 7♠ 8♠ 9♠ 10♠ J♠, Ona would keep only 7 deadwood, but Ben "
        "would lay off 5♠ and keep 21: Ona would score only 21 − 7 = 14. So Ona shows "
        "the layout that scores more."
    )
    text = hint(check, outcome)
    assert "more than one way" in text and "even with more deadwood" in text
    # The general hint stays for a knock whose least deadwood is its best layout.
    plain = parse_check(
        "score gin 0 | 5D 6D 7D QC QH QS 3C 3H 3S 4H | 8D 9D QD 2S 2C 2H KC KD JS AS"
    )
    plain_outcome = plain.judge({"player": "0", "points": "1"}, 1)
    assert not any("Laid out as" in s for s in explanation(plain, plain_outcome)["steps"])
    assert hint(plain, plain_outcome).startswith("Count each side's deadwood")


def test_a_score_question_names_gin_and_rummy_as_the_table_does() -> None:
    """The rules audit: Gin's scoring lesson, check 3 (a gin hand) read "Ona (knocked)".
    A Gin knocker with no deadwood went gin; a Knock Rummy one knocked with rummy."""
    from lessons.presenters import question

    def role(args: str) -> str:
        players = question(parse_check(args), 1)["players"]
        return next(p["role"] for p in players if p["role"])

    gin = "score gin 0 | 4H 5H 6H 7H 8C 8D 8H JS QS KS | 8S 3H 2C 3C 4C TD JD QD 5S 9D"
    assert role(gin) == "went gin"
    knock = "score gin 0 | 5D 6D 7D QC QH QS 3C 3H 3S 4H | 8D 9D QD 2S 2C 2H KC KD JS AS"
    assert role(knock) == "knocked"
    rummy = "score knock 0 | AS 2S 3S 4S 8D 8C 8H QH QD QC | 5S 6S 7S KC KD 2H 4H 6H 9D TD"
    assert role(rummy) == "knocked with rummy"
    lowest = "score knock 0 | 6S 7S 8S JD JS JH 2C | 3H 3D 3S TC JC QC KD | 4D 5D 6D 9C 9H 8C 7H"
    assert role(lowest) == "knocked"
    assert role("score basic 0 | | KS 7D AH | 2C 3C") == "went out"


@pytest.mark.parametrize(
    ("args", "ace"),
    [
        ("layoff AH | JH QH KH | 7D 7C 7S", True),  # Gin's lesson 4, check 6
        ("layoff AH | 2H 3H 4H | AC AD AS", True),  # Basic's lesson 3, check 4
        ("layoff KH | AH 2H 3H | 5C 5D 5S", True),  # a king beside an ace-low run
        ("layoff KD | JH QH KH | 5S 5D 5C", False),
        ("layoff 5C | 2C 3C 4C | 9D 9H 9S", False),
    ],
)
def test_the_layoff_hint_says_where_the_ace_goes(args: str, ace: bool) -> None:
    """The rules audit: the layoff hint said "a run never goes round the corner from
    king to ace" to a learner who put the A♥ on J♥ Q♥ K♥; in the lessons "round the
    corner" is K-A-2, and the ace is refused there because it is low."""
    from lessons.presenters import hint

    check = parse_check(args)
    text = hint(check, check.judge({"answer": "none"}, 1))
    assert text.startswith("A card fits a group of its rank, or a run of its suit at either end.")
    assert "round the corner" not in text
    said = "The ace is low: it goes below the 2, as in A-2-3, never above the king (Q-K-A is not"
    assert (said in text) is ace


def test_a_deadwood_answer_names_a_single_card_outside_the_melds() -> None:
    """The rules audit: Basic's "going out" check 2 said "The best arrangement leaves 2
    points of deadwood." without saying which card is left over."""
    from lessons.presenters import explanation

    check = parse_check("deadwood 4S 5S 6S 7S JH JD JC 2D")
    lines = explanation(check, check.judge({"answer": "5"}, 1))["lines"]
    assert "The card outside the melds: 2♦, worth 2 points." in lines
    ace = parse_check("deadwood ace-high 4S 5S 6S 7S JH JD JC AD")
    lines = explanation(ace, ace.judge({"answer": "1"}, 1))["lines"]
    assert "The card outside the melds: A♦, worth 15 points." in lines


def test_a_deadwood_answer_with_no_meld_does_not_speak_of_an_arrangement() -> None:
    """Basic lesson 1 counts cards that make no meld; its worked answer said "The best
    arrangement leaves 22 points" (ru «При лучшей раскладке»), a lesson before the best
    arrangement is taught. With no meld, the answer adds up the cards."""
    from lessons.presenters import explanation

    check = parse_check("deadwood KS 7D AH 4C")
    lines = explanation(check, check.judge({"answer": "22"}, 1))["lines"]
    assert lines == [
        "None of these cards make a meld, so all of them are deadwood: 4♣ 7♦ A♥ K♠, "
        "that is 4 + 7 + 1 + 10 = 22."
    ]
    melded = parse_check("deadwood AS 2S 3S 4H 4D 4C KS QH")
    lines = explanation(melded, melded.judge({"answer": "20"}, 1))["lines"]
    assert lines[0] == "The best arrangement leaves 20 points of deadwood."


def _shown_of(html: str, index: int) -> str:
    box = html.split(f'id="check-{index}"', 1)[1].split("</section>", 1)[0]
    found = re.search(r'name="shown" value="([^"]*)"', box)
    return found[1] if found else ""


@pytest.mark.parametrize("htmx", [True, False])
def test_a_malformed_answer_keeps_the_hint_and_another_one(
    client: Client, check_lesson: Lesson, htmx: bool
) -> None:
    """The Italian walk: two wrong answers (a hint and "Another one"), then "2O": only
    "Type a number" showed, the hint and "Another one" gone until a well-formed answer.
    A refused answer counts for nothing: the check stays as it was, plus the refusal
    (again after a second refusal); nothing is stored."""
    question = question_token("gin", "checks", 1, 2)
    html = ""
    for wrong in ("13", "12"):
        data = {"question": question, "answer": wrong, "shown": _shown_of(html, 1) if html else ""}
        html = answer(client, 1, data, htmx=htmx).content.decode()
    assert "A hint:" in shown(html) and "Another one" in html
    for _ in range(2):
        refused = answer(
            client,
            1,
            {"question": question, "answer": "2O", "shown": _shown_of(html, 1)},
            htmx=htmx,
        )
        assert_refused(refused, htmx, 1)
        html = refused.content.decode()
        box = shown(html.split('id="check-1"', 1)[1].split("</section>", 1)[0])
        assert "Type a number" in box and 'aria-describedby="check-1-error"' in box
        assert "Not quite." in box and "A hint:" in box and "Try every way to make melds" in box
        assert "Another one" in box and 'value="2O"' in box
    assert FirstAnswer.objects.get(index=1).tries == 2
    assert CheckAnswer.objects.get(index=1).attempts == 2


def test_a_feedback_token_is_only_the_learners_own(client: Client, check_lesson: Lesson) -> None:
    """The feedback drawn again beside a refused answer comes from a token signed for
    the learner and the question: another learner's (a worked answer they were not
    given) or another check's draws the question alone."""
    question = question_token("gin", "checks", 1, 2)
    html = ""
    for wrong in ("13", "12", "11"):
        data = {"question": question, "answer": wrong, "shown": _shown_of(html, 1) if html else ""}
        html = answer(client, 1, data).content.decode()
    token = _shown_of(html, 1)
    assert "worked out" in html and token
    other = Client()
    refused = answer(other, 1, {"question": question, "answer": "2O", "shown": token})
    assert refused.status_code == 400
    assert "Type a number" in refused.content.decode()
    assert (
        "worked out" not in refused.content.decode()
        and "Not quite." not in refused.content.decode()
    )
    # The same learner's token for check 1 sent with check 5's question.
    refused = answer(client, 5, {"answer": "2O", "shown": token})
    assert "Not quite." not in refused.content.decode()


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("-5", "negative"),
        ("− 4,5", "negative"),
        ("–3", "negative"),
        ("-", "not_a_number"),
        ("--5", "not_a_number"),
        ("-x", "not_a_number"),
        ("5-", "not_a_number"),
        ("", "empty"),
    ],
)
def test_a_number_below_zero_is_refused_as_such(text: str, code: str) -> None:
    """rummy_site.parsing.points: a number with a minus sign is refused with its own
    code, which a lesson, a review, a drill and "Score it yourself" word the same way."""
    from rummy_site import parsing

    with pytest.raises(ValueError, match=f"^{code}$"):
        parsing.points(text)
    with pytest.raises(BadAnswer) as refused:
        parse_points(text)
    assert refused.value.code == code and refused.value.field == "points"


def _answered_address(client: Client, index: int, data: dict[str, object]) -> str:
    response = client.post(URL.format(index), data)
    assert response.status_code == 303
    return str(response["Location"]).split("#", 1)[0]


def test_an_answered_address_is_this_lessons_only(client: Client, check_lesson: Lesson) -> None:
    """The review of the change: the token in ``?answered=`` named the check by its
    number only, so a learner could open it on another lesson with as many checks and
    be shown that lesson's worked answer (three wrong answers here), then answer the
    question they had just seen solved, right "at the first answer"."""
    other = Lesson.objects.create(
        language="en",
        game="gin",
        slug="other",
        order=100,
        title="Other",
        summary="Another test lesson.",
        body="<p>Other</p><!--check:0--><!--check:1-->",
        checks=["meld 7H 8H 9S 7S 7D", "deadwood 2S 3S 4S 5H 5D 5C KS QH"],
    )
    question = question_token("gin", "checks", 1, 2)
    for wrong in ("13", "12", "11"):
        address = _answered_address(client, 1, {"question": question, "answer": wrong})
    token = address.split("answered=", 1)[1]
    here = client.get(address).content.decode()
    assert "worked out" in here  # its own lesson shows the third answer's solution
    there = client.get(f"/en/lessons/gin/{other.slug}/?answered={token}").content.decode()
    assert "worked out" not in there and "Not quite." not in there


def test_an_answered_address_for_another_kind_of_check_is_the_plain_page(
    client: Client, check_lesson: Lesson
) -> None:
    """The review of the change: a token whose answer the check can no longer read (the
    check changed kind in a new release of the lessons) answered 500; now the lesson as
    it stands."""
    address = _answered_address(
        client, 1, {"question": question_token("gin", "checks", 1, 2), "answer": "13"}
    )
    Lesson.objects.filter(pk=check_lesson.pk).update(
        checks=[check_lesson.checks[0], "meld 7H 8H 9S 7S 7D", *check_lesson.checks[2:]]
    )
    response = client.get(address)
    assert response.status_code == 200
    assert "Not quite." not in response.content.decode()


def test_an_answered_address_is_shown_for_a_day(
    client: Client, check_lesson: Lesson, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rummy_site import questions

    address = _answered_address(client, 2, {"answer": "no"})
    assert "Not quite." in client.get(address).content.decode()
    monkeypatch.setattr(questions, "ANSWERED_MAX_AGE", -1)  # as if a day had passed
    assert "Not quite." not in client.get(address).content.decode()


def test_a_number_not_read_is_told_in_the_same_words_at_a_lesson_and_at_a_table() -> None:
    """One source for the words (rummy_site.parsing), so a lesson's check and "Score it
    yourself" at a table (game.board) cannot drift apart."""
    from rummy_site import parsing

    for code in ("not_a_number", "negative"):
        assert BAD_ANSWER_MESSAGES[code] is parsing.POINTS_MESSAGES[code]
    for typed, words in (
        ("-5", "Type a number from 0 up, like 14."),
        ("lots", "Type a number, like 14."),
        ("", "Type a number, like 14."),  # at a table an empty field is no number either
    ):
        with pytest.raises(ValueError) as refused:
            parsing.points(typed)
        assert parsing.points_message(refused.value) == words


@pytest.mark.parametrize("htmx", [True, False])
@pytest.mark.parametrize(
    ("index", "data", "kept"),
    [
        (1, {"answer": "30"}, r'<input[^>]*name="answer"[^>]*value="30"'),
        (3, {"player": "1", "points": "9"}, r'id="check-3-p1"[^>]*checked'),
        (3, {"player": "1", "points": "9"}, r'<input[^>]*name="points"[^>]*value="9"'),
        (4, {"melds": ["1"]}, r'name="melds" value="1"[^>]*checked'),
    ],
)
def test_a_wrong_answer_stays_in_its_fields_beside_try_again(
    client: Client,
    check_lesson: Lesson,
    index: int,
    data: dict[str, object],
    kept: str,
    htmx: bool,
) -> None:
    """The Lithuanian walk without JavaScript: a wrong deadwood count came back "Not
    quite. Try again" over an emptied field (the cards of a meld check stayed picked).
    The number typed, the player chosen and the melds ticked stay as the learner left
    them, with or without JavaScript. The question's first field is marked to take the
    focus, described by the feedback (with JavaScript site.js gives it; without, the
    browser: the page has no fragment)."""
    response = answer(client, index, data, htmx=htmx)
    assert response.status_code == 200
    html = response.content.decode()
    box = html.split(f'id="check-{index}"', 1)[1].split("</section>", 1)[0]
    assert "Not quite." in box
    assert re.search(kept, box), box[:3000]
    focused = re.findall(r"<(?:input|button)[^>]* autofocus[^>]*>", box)
    assert len(focused) == 1 and f'aria-describedby="check-{index}-feedback"' in focused[0]
    assert f'id="check-{index}-feedback"' in box


def test_a_refused_answer_without_javascript_redirects_and_a_reload_sends_nothing(
    client: Client, check_lesson: Lesson
) -> None:
    """Post/Redirect/Get for a refused answer too (the walk: "2O" for 20 was drawn at
    …/check/1/, 400, and a reload asked to send the form again). It redirects to the
    lesson's page (``?refused=``, signed for that browser), opened on the field refused,
    which shows the same question, "2O" as typed and the reason; a reload shows the same
    and stores nothing. Another browser, a forged or another lesson's token: the page as
    it is. With htmx the check is drawn in place, as before."""
    from classroom.models import Mistake
    from review.models import ReviewCard

    client.get("/en/lessons/gin/checks/")  # a browser shown the form has its cookie
    response = client.post(URL.format(1), {"answer": "2O"})
    assert response.status_code == 303
    location = response["Location"]
    assert location.startswith("/en/lessons/gin/checks/?refused=")
    assert "#" not in location

    def counts() -> tuple[int, int, int, int]:
        return (
            CheckAnswer.objects.count(),
            FirstAnswer.objects.count(),
            ReviewCard.objects.count(),
            Mistake.objects.count(),
        )

    before = counts()
    for _ in range(2):  # the page, and a reload of it
        page = client.get(location)
        assert page.status_code == 200
        html = page.content.decode()
        box = html.split('id="check-1"', 1)[1].split("</section>", 1)[0]
        assert 'id="check-1-error">Type a number, like 14.<' in box
        field = re.search(r'<input[^>]*name="answer"[^>]*>', box)
        assert field is not None and 'value="2O"' in field[0]
        assert "autofocus" in field[0]
        assert counts() == before
    assert before == (0, 0, 0, 0)
    # In Russian, the reason in the page's language.
    Lesson.objects.filter(pk=check_lesson.pk).update(language="ru")
    russian = client.get(location.replace("/en/", "/ru/", 1)).content.decode()
    assert "Type a number" not in russian and 'id="check-1-error"' in russian
    Lesson.objects.filter(pk=check_lesson.pk).update(language="en")
    # Another browser, a forged token, or another lesson's address: the page as it is.
    query = location.split("?", 1)[1].split("#", 1)[0]
    for other, url in (
        (Client(), location),
        (client, "/en/lessons/gin/checks/?refused=forged"),
        (client, f"/en/lessons/gin/other/?{query}"),
    ):
        got = other.get(url)
        assert got.status_code in (200, 404)
        assert "Type a number" not in got.content.decode()
    # With htmx, the check in place (400), no redirect.
    partial = client.post(URL.format(1), {"answer": "2O"}, **HTMX)
    assert partial.status_code == 400 and "<html" not in partial.content.decode()


def test_a_refused_answer_token_is_only_for_its_own_lesson_and_check(
    client: Client, check_lesson: Lesson
) -> None:
    """A refusal token names its lesson and check: one the site did not sign, another
    salt's (an answered token), or one of another lesson shows nothing."""
    from lessons.forms import refusal_of, refusal_token

    token = refusal_token("gin", "checks", 1, 5, who=7, answer={"answer": "2O"})
    assert refusal_of(token, "gin", "checks", who=7, checks=6) is not None
    assert refusal_of(token, "gin", "checks", who=8, checks=6) is None
    assert refusal_of(token, "gin", "melds", who=7, checks=6) is None
    assert refusal_of(token, "gin", "checks", who=7, checks=1) is None
    assert refusal_of(token + "x", "gin", "checks", who=7, checks=6) is None
