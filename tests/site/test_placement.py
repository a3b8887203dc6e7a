"""The placement check: three questions right at the first answer skip a game's first
two lessons; one wrong skips nothing; a forged or another game's question is refused."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.core import signing
from django.core.management import call_command
from django.test import Client

from game.engine import find_melds
from learners.models import Learner
from lessons.checks import parse_check
from lessons.models import FirstAnswer, Lesson, LessonPlacement
from rummy_site import placement

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def loaded(db: None) -> None:
    call_command("load_lessons", verbosity=0)


def asked(html: str) -> tuple[str, str, int]:
    found = re.search(r'name="question" value="([^"]+)"', html)
    assert found is not None
    data = signing.loads(found.group(1), salt="placement.question")
    return found.group(1), placement.QUESTIONS[int(data["n"])], int(data["seed"])


def right_answer(args: str, seed: int) -> dict[str, object]:
    check = parse_check(args)
    if check.kind == "deadwood":
        return {"answer": str(check.arrangement(seed).deadwood)}  # type: ignore[attr-defined]
    melds = find_melds(check.question(seed))
    return {"cards": [str(c) for c in melds[0].cards]} if melds else {"answer": "none"}


def wrong_answer(args: str, seed: int) -> dict[str, object]:
    check = parse_check(args)
    if check.kind == "deadwood":
        return {"answer": str(check.arrangement(seed).deadwood + 1)}  # type: ignore[attr-defined]
    return (
        {"answer": "none"}
        if find_melds(check.question(seed))
        else {"cards": [str(c) for c in check.question(seed)[:3]]}
    )


def take(client: Client, game: str, answers: list[bool]) -> str:
    html = client.get(f"/en/learn/{game}/placement/").content.decode()
    for right in answers:
        token, args, seed = asked(html)
        data = right_answer(args, seed) if right else wrong_answer(args, seed)
        response = client.post(
            f"/en/learn/{game}/placement/answer/", {"question": token, **data}, follow=True
        )
        assert response.status_code == 200
        html = response.content.decode()
    return html


def test_all_right_skips_the_first_two_lessons(client: Client) -> None:
    html = take(client, "gin", [True, True, True])
    assert "2 lessons are marked done" in html
    lessons = Lesson.objects.filter(language="en", game="gin", kind="lesson").order_by("order")
    first, second = lessons[0], lessons[1]
    assert set(LessonPlacement.objects.values_list("slug", flat=True)) == {first.slug, second.slug}
    # Continue past the lessons skipped (with the guided hands that practise them).
    following = re.search(r'class="button" href="([^"]+)" autofocus>Continue', html)
    assert following is not None
    skipped = (f"/en/lessons/gin/{first.slug}/", f"/en/lessons/gin/{second.slug}/")
    assert following.group(1) not in skipped
    path_page = client.get("/en/learn/gin/").content.decode()
    assert "2 of" in path_page and "placement check" not in path_page


def test_a_check_left_and_opened_again_goes_on_where_it_was(client: Client) -> None:
    """The walk: the placement check, left after an answer (the path, another page) and
    opened again, started over with new questions, the answers given lost. It goes on
    at the question after the last answered, the answers right so far counted: two
    right, left, and a third right is a pass; a wrong one, left, is still a check that
    skips nothing. Nothing is changed by opening it, and a check finished starts again."""
    url = "/en/learn/gin/placement/"
    html = take(client, "gin", [True, True])
    left = asked(html)
    assert "Question 3 of 3" in html
    for _ in range(2):  # opened again (and reloaded): the same third question
        again = client.get(url).content.decode()
        assert same_question(asked(again)[0], left[0]) and "Question 3 of 3" in again
        token = signing.loads(asked(again)[0], salt="placement.question")
        assert (token["n"], token["ok"]) == (2, 2)
    assert FirstAnswer.objects.count() == 2 and LessonPlacement.objects.count() == 0
    html = take(client, "gin", [True])
    assert "2 lessons are marked done" in html
    # Done: opened again, the check starts again with its first question.
    assert "Question 1 of 3" in client.get(url).content.decode()
    other = Client()
    take(other, "basic", [False])
    assert "Question 2 of 3" in other.get("/en/learn/basic/placement/").content.decode()
    html = take(other, "basic", [True, True])
    assert "2 of 3 right" in html and LessonPlacement.objects.count() == 2
    # Another game's check is its own.
    assert "Question 1 of 3" in other.get(url).content.decode()


def test_an_answer_in_a_tab_left_open_keeps_the_check_under_way(client: Client) -> None:
    """A check left open in one tab at its second question, while the learner finishes
    that check in another, starts a new one and answers its first question: the tab
    left open goes on with its own check (its question answered again counts as it did,
    and the third it then asks is a new one). The new check, left and opened again,
    still goes on at its second question: the old tab's third answer is no answer of
    the new check (counted per question, it made the new check look finished, and the
    learner started again at the first question)."""
    url = "/en/learn/gin/placement/"
    left_open = take(client, "gin", [True])
    assert "Question 2 of 3" in left_open
    take(client, "gin", [True, True])  # the first check finished in another tab
    under_way = take(client, "gin", [True])
    assert "Question 2 of 3" in under_way
    # The tab left open: its second question answered again, then its third.
    html = left_open
    for _ in range(2):
        token, args, seed = asked(html)
        sent = {"question": token, **right_answer(args, seed)}
        html = client.post(f"{url}answer/", sent, follow=True).content.decode()
    assert FirstAnswer.objects.filter(slug=placement.SLUG).count() == 5
    again = client.get(url).content.decode()
    assert "Question 2 of 3" in again and same_question(asked(again)[0], asked(under_way)[0])
    token = signing.loads(asked(again)[0], salt="placement.question")
    assert (token["n"], token["ok"]) == (1, 1)


def test_one_wrong_answer_skips_nothing(client: Client) -> None:
    html = take(client, "basic", [True, False, True])
    assert "2 of 3 right" in html and LessonPlacement.objects.count() == 0
    assert Learner.objects.count() <= 1


def test_the_first_wrong_answer_says_the_basics_will_not_be_skipped(client: Client) -> None:
    """The Gin walk: after a wrong answer the check went on to questions 2 and 3, a pass
    no longer possible, and said nothing until the end ("1 of 3 right"). The first
    answer not right says it at once, in the verdict the next question's field is
    described by, with a link to the path's next step (the first lesson); it is said
    once, and never while a pass is still possible."""
    said = "You will not skip the basics this time."
    first = Lesson.objects.filter(language="en", game="gin", kind="lesson").order_by("order")[0]
    html = take(client, "gin", [False])
    verdict = re.search(r'<div id="placement-feedback".*?</div>', html, flags=re.S)
    assert verdict is not None and said in verdict[0], html
    link = re.search(r'id="placement-no-pass">[^<]*<a href="([^"]+)">Start now: ', html)
    assert link is not None and link[1] == f"/en/lessons/gin/{first.slug}/", html
    assert "Question 2 of 3" in html
    assert said not in take(Client(), "gin", [False, True])
    assert said not in take(Client(), "gin", [True])
    right_then_wrong = take(Client(), "gin", [True, False])
    assert said in right_then_wrong and "Question 3 of 3" in right_then_wrong
    assert said not in take(Client(), "gin", [True, True, False])  # the end says it


def test_forged_and_foreign_questions_are_refused(client: Client) -> None:
    html = client.get("/en/learn/gin/placement/").content.decode()
    token, args, seed = asked(html)
    for bad, game in (("x", "gin"), (token, "knock")):
        response = client.post(
            f"/en/learn/{game}/placement/answer/",
            {"question": bad, **right_answer(args, seed)},
            follow=True,
        )
        # On the check's page (Post/Redirect/Get), the first question and the reason.
        assert response.redirect_chain[0][1] == 303 and response.status_code == 200
        html = response.content.decode()
        assert "That answer came back for a question this page did not ask." in html
        assert "Question 1 of 3" in html
    assert client.get("/en/learn/poker/placement/").status_code == 404
    assert LessonPlacement.objects.count() == 0 and Learner.objects.count() == 0


def test_an_answer_sent_again_counts_as_the_first_did(client: Client) -> None:
    """A wrong answer is shown the solution: sent again with the same question and that
    solution, it counted as right, and three such replays skipped the lessons (and made
    a teacher's lesson assignment show "done")."""
    html = client.get("/en/learn/gin/placement/").content.decode()
    for _ in placement.QUESTIONS:
        token, args, seed = asked(html)
        url = "/en/learn/gin/placement/answer/"
        client.post(url, {"question": token, **wrong_answer(args, seed)}, follow=True)
        html = client.post(
            url, {"question": token, **right_answer(args, seed)}, follow=True
        ).content.decode()
    assert "0 of 3 right" in html and LessonPlacement.objects.count() == 0


def test_a_dropped_session_does_not_make_a_wrong_first_answer_right(client: Client) -> None:
    """The tamper probe: the first verdicts were kept in the session, so dropping the
    session cookie (keeping the visitor's) and sending the same question again with
    another answer counted as a first answer. They are kept with the learner now."""
    html = client.get("/en/learn/gin/placement/").content.decode()
    url = "/en/learn/gin/placement/answer/"
    for _ in placement.QUESTIONS:
        token, args, seed = asked(html)
        client.post(url, {"question": token, **wrong_answer(args, seed)}, follow=True)
        client.cookies.pop(settings.SESSION_COOKIE_NAME, None)
        html = client.post(
            url, {"question": token, **right_answer(args, seed)}, follow=True
        ).content.decode()
    assert "0 of 3 right" in html and LessonPlacement.objects.count() == 0
    assert not FirstAnswer.objects.filter(slug=placement.SLUG, correct=True).exists()


def test_the_next_question_s_focus_is_described_by_the_verdict(client: Client) -> None:
    """As a drill's: the page after an answer opens in the next question, and a screen
    reader hears the verdict with it; the question is numbered "Question 2 of 3" only."""
    html = client.get("/en/learn/gin/placement/").content.decode()
    assert "Try it" not in html and 'aria-describedby="placement-feedback"' not in html
    html = take(client, "gin", [False])
    assert 'id="placement-feedback"' in html and "Question 2 of 3" in html
    focused = re.findall(r"<(?:input|button)[^>]* autofocus[^>]*>", html)
    assert len(focused) == 1 and 'aria-describedby="placement-feedback"' in focused[0]
    assert "Try it" not in html


def same_question(shown: str, token: str) -> bool:
    """The same question (its number, seed and right answers so far), signed again."""
    loads = signing.loads
    return bool(loads(shown, salt="placement.question") == loads(token, salt="placement.question"))


def test_a_malformed_answer_is_refused_beside_its_own_question(client: Client) -> None:
    """A malformed answer (no card picked, "2O" for a number) is refused beside the
    question it was for, its fields as the learner left them, and counts for nothing:
    it dealt a fresh first question, so the learner lost their place and the reason
    stood beside cards they never saw."""
    url = "/en/learn/gin/placement/answer/"
    html = client.get("/en/learn/gin/placement/").content.decode()
    token, args, seed = asked(html)
    assert args.startswith("meld")
    card = str(parse_check(args).question(seed)[0])
    refused = client.post(url, {"question": token, "cards": [card, "ZZ"]}, follow=True)
    assert refused.redirect_chain[0][1] == 303 and refused.status_code == 200
    html = refused.content.decode()
    assert same_question(asked(html)[0], token) and "Question 1 of 3" in html
    assert re.search(rf'value="{card}" id="check-0-{card}"[^>]*\schecked>', html)
    assert FirstAnswer.objects.count() == 0 and Learner.objects.count() == 0
    # The second question, a number: "2O" (a letter O) stays in its field, which has
    # the focus and the reason as its description.
    html = client.post(
        url, {"question": token, **right_answer(args, seed)}, follow=True
    ).content.decode()
    token, args, seed = asked(html)
    assert args.startswith("deadwood") and "Question 2 of 3" in html
    refused = client.post(url, {"question": token, "answer": "2O"}, follow=True)
    assert refused.redirect_chain[0][1] == 303 and refused.status_code == 200
    html = refused.content.decode()
    assert same_question(asked(html)[0], token) and "Question 2 of 3" in html
    focused = re.findall(r"<(?:input|button)[^>]* autofocus[^>]*>", html)
    assert len(focused) == 1 and 'name="answer"' in focused[0] and 'value="2O"' in focused[0]
    assert 'aria-describedby="check-0-error"' in focused[0]
    assert 'id="check-0-error">Type a number, like 14.<' in html
    assert FirstAnswer.objects.count() == 1  # the first question's answer only
    # Escaped: what was typed is the learner's text, never markup.
    html = client.post(
        url, {"question": token, "answer": "<script>x</script>"}, follow=True
    ).content.decode()
    assert "<script>x" not in html and 'value="&lt;script&gt;x&lt;/script&gt;"' in html
    # Answered then, the check goes on where it was: all three right skip the lessons.
    html = client.post(
        url, {"question": token, **right_answer(args, seed)}, follow=True
    ).content.decode()
    token, args, seed = asked(html)
    assert "Question 3 of 3" in html
    html = client.post(
        url, {"question": token, **right_answer(args, seed)}, follow=True
    ).content.decode()
    assert "2 lessons are marked done" in html


def test_a_question_stays_the_same_on_a_reload_until_it_is_answered(client: Client) -> None:
    """The finding: every visit of the placement page dealt a fresh first question, so a
    learner could reload until question 1 looked easy. Each question is the same until
    it is answered (a newcomer's browser is known by its visitor cookie from the first
    visit), then another; a browser of its own gets its own."""
    url = "/en/learn/gin/placement/"
    first = asked(client.get(url).content.decode())[2]
    assert all(asked(client.get(url).content.decode())[2] == first for _ in range(3))
    assert asked(Client().get(url).content.decode())[2] != first
    token, args, seed = asked(client.get(url).content.decode())
    sent = {"question": token, **wrong_answer(args, seed)}
    following = asked(client.post(f"{url}answer/", sent, follow=True).content.decode())
    # The second question is the same when the answer is sent again (a reload of the
    # answer's page), and on the check's page opened again (the check goes on where it
    # was left); once the check is done, it starts again with a new first question,
    # kept in its turn.
    assert asked(client.post(f"{url}answer/", sent, follow=True).content.decode()) == following
    assert same_question(asked(client.get(url).content.decode())[0], following[0])
    take(client, "gin", [False, False])
    fresh = asked(client.get(url).content.decode())
    assert fresh[1] == placement.QUESTIONS[0] and fresh[2] != first
    assert same_question(asked(client.get(url).content.decode())[0], fresh[0])


def test_an_answer_redirects_to_a_page_that_shows_it_and_a_reload_counts_nothing(
    client: Client,
) -> None:
    """Post/Redirect/Get, as a drill's answer (the Russian teacher's walk: a page drawn in
    a POST's answer asked, on a reload, to send the form again). The answer redirects to
    the check's page, which shows its verdict and the next question (after the last, the
    outcome); a reload shows the same and records nothing; someone else with the address
    is asked the first question."""
    url = "/en/learn/gin/placement/"
    html = client.get(url).content.decode()
    for number in range(len(placement.QUESTIONS)):
        token, args, seed = asked(html)
        response = client.post(url + "answer/", {"question": token, **right_answer(args, seed)})
        assert response.status_code == 303
        location = response["Location"]
        assert location.startswith(url + "?answered=")
        answers = FirstAnswer.objects.filter(slug=placement.SLUG).count()
        for _ in range(2):  # the page, and a reload of it
            html = client.get(location).content.decode()
            assert 'id="placement-feedback"' in html and "Right!" in html
            if number + 1 < len(placement.QUESTIONS):
                assert f"Question {number + 2} of 3" in html
            else:
                assert "You know the basics: 2 lessons are marked done." in html
            assert FirstAnswer.objects.filter(slug=placement.SLUG).count() == answers == number + 1
    assert LessonPlacement.objects.count() == 2
    other = Client().get(location).content.decode()
    assert "Right!" not in other and "Question 1 of 3" in other


def test_a_refused_answer_redirects_to_a_page_that_shows_it_and_a_reload_changes_nothing(
    client: Client,
) -> None:
    """The walk: a malformed answer ("2O" for a number) was answered at the POST's
    address, so a reload sent it again (the browser asking to resend the form first). It
    redirects to the check's page (``?refused=``), which shows the same question, the
    answer as it was sent and the reason, the field refused focused and described by it;
    a reload shows the same and stores nothing; the reason is said in the page's language
    (judged again there, not kept as a sentence); another browser with the address, and a
    forged token, are asked the check as it is."""
    url = "/en/learn/gin/placement/"
    html = client.get(url).content.decode()
    token, args, seed = asked(html)
    # The first question's answer made a learner: the refusal is signed for them.
    page = client.post(url + "answer/", {"question": token, **right_answer(args, seed)})
    token, args, seed = asked(client.get(page["Location"]).content.decode())
    assert args.startswith("deadwood")
    stored = (FirstAnswer.objects.count(), Learner.objects.count())
    response = client.post(url + "answer/", {"question": token, "answer": "2O"})
    assert response.status_code == 303
    location = response["Location"]
    assert location.startswith(url + "?refused=")
    for _ in range(2):  # the page, and a reload of it
        shown = client.get(location)
        assert shown.status_code == 200
        html = shown.content.decode()
        assert same_question(asked(html)[0], token) and "Question 2 of 3" in html
        assert 'id="check-0-error">Type a number, like 14.<' in html
        focused = re.findall(r"<(?:input|button)[^>]* autofocus[^>]*>", html)
        assert len(focused) == 1 and 'value="2O"' in focused[0]
        assert 'aria-describedby="check-0-error"' in focused[0]
        assert (FirstAnswer.objects.count(), Learner.objects.count()) == stored
    # In another language, the reason in it.
    html = client.get(location.replace("/en/", "/lt/", 1)).content.decode()
    assert 'id="check-0-error"' in html and "Type a number" not in html
    assert same_question(asked(html)[0], token)
    # Someone else with the address, or a token the site did not sign: the check as is.
    other = Client().get(location).content.decode()
    assert 'id="check-0-error"' not in other and "Question 1 of 3" in other
    forged = client.get(url + "?refused=x").content.decode()
    assert 'id="check-0-error"' not in forged
    # This learner's check as it is: where they left it, the second question.
    assert "Question 2 of 3" in forged and same_question(asked(forged)[0], token)


def test_a_newcomer_s_refused_answer_is_signed_for_their_browser_and_creates_nobody(
    client: Client,
) -> None:
    """Before a first answer the browser has no learner: the refusal is signed for the
    browser (its visitor cookie), the page shows it, and still nobody is created."""
    url = "/en/learn/gin/placement/"
    token = asked(client.get(url).content.decode())[0]
    response = client.post(url + "answer/", {"question": token, "cards": ["ZZ"]})
    assert response.status_code == 303 and "?refused=" in response["Location"]
    html = client.get(response["Location"]).content.decode()
    assert 'id="check-0-error"' in html and same_question(asked(html)[0], token)
    assert Learner.objects.count() == 0 and FirstAnswer.objects.count() == 0


def test_a_long_refused_answer_makes_a_short_address(client: Client) -> None:
    """A hand-made post's long text (the body may hold 64 KB) is refused like any other,
    and its page's address keeps only what the field gives back: short enough for any
    server to take."""
    url = "/en/learn/gin/placement/"
    token = asked(client.get(url).content.decode())[0]
    import secrets

    cards = [secrets.token_hex(100) for _ in range(100)]  # 20 KB that do not compress
    long = {"question": token, "cards": cards, "answer": secrets.token_hex(2000)}
    response = client.post(url + "answer/", long)
    assert response.status_code == 303 and len(response["Location"]) < 2000
    html = client.get(response["Location"]).content.decode()
    assert 'id="check-0-error"' in html and cards[0][:41] not in html


def switched(client: Client, html: str, language: str) -> tuple[str, str]:
    """The language button ``language`` pressed on the page ``html``: where it leads
    (the redirect's address), and that page."""
    import html as markup

    here = markup.unescape(html.split('name="next" value="', 1)[1].split('"', 1)[0])
    moved = client.post("/i18n/setlang/", {"language": language, "next": here})
    assert moved.status_code == 303
    return moved["Location"], client.get(moved["Location"]).content.decode()


def test_the_language_buttons_keep_the_answer_and_the_refusal_the_page_shows(
    client: Client,
) -> None:
    """The brief of the no-JS walk: the placement page's language buttons were feared to
    lead to the bare page (``?answered=`` and ``?refused=`` dropped, the learner back at
    the first question). They carry the page's whole address: the page in the new
    language shows the same verdict and next question, or the same refusal (its reason
    in that language) beside the same question, the tokens still valid (signed for the
    learner or the browser, not the language)."""
    url = "/en/learn/gin/placement/"
    html = client.get(url).content.decode()
    token, args, seed = asked(html)
    answered = client.post(url + "answer/", {"question": token, **wrong_answer(args, seed)})
    html = client.get(answered["Location"]).content.decode()
    assert "Not quite." in html and "Question 2 of 3" in html
    next_token = asked(html)[0]
    location, lithuanian = switched(client, html, "lt")
    assert location == answered["Location"].replace("/en/", "/lt/", 1)
    assert 'id="placement-feedback"' in lithuanian and "Klausimas 2 iš 3" in lithuanian
    assert same_question(asked(lithuanian)[0], next_token)
    # A refused answer: the same question, the answer kept, the reason in Russian.
    refused = client.post(url + "answer/", {"question": next_token, "answer": "2O"})
    html = client.get(refused["Location"]).content.decode()
    assert 'id="check-0-error">Type a number, like 14.<' in html
    location, russian = switched(client, html, "ru")
    assert location == refused["Location"].replace("/en/", "/ru/", 1)
    assert 'id="check-0-error"' in russian and "Type a number" not in russian
    assert 'value="2O"' in russian and same_question(asked(russian)[0], next_token)
