"""Drills: fresh questions judged by the engine, one answer each, a streak and a best."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any
from urllib.parse import unquote

import pytest
from django.core import signing
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from drills import services
from drills.models import DrillRecord
from game import explain
from game.cards import card_name
from game.engine import Game, find_melds
from learners.models import Learner
from tests.a11y import spoken_labels

pytestmark = pytest.mark.django_db


def question_of(html: str) -> tuple[str, int]:
    found = re.search(r'name="question" value="([^"]+)"', html)
    assert found is not None
    data = signing.loads(found.group(1), salt="drills.question")
    return found.group(1), int(data["seed"])


def refused(client: Client, url: str, data: dict[str, Any]) -> Any:
    """An answer refused without JavaScript: it redirects to the drill's page (``url``,
    ``?refused=``), and that page (a GET) is returned."""
    response = client.post(url + "answer/", data)
    assert response.status_code == 303, response.status_code
    assert response["Location"].startswith(url + "?refused="), response["Location"]
    page = client.get(response["Location"])
    assert page.status_code == 200
    return page


def same_question(shown: str, token: str) -> bool:
    """The same question, signed again (a token says when it was signed, to the second:
    compared as strings, a refusal drawn in the next second failed)."""
    loads = signing.loads
    return bool(loads(shown, salt="drills.question") == loads(token, salt="drills.question"))


def right_deadwood(seed: int) -> str:
    check = services.drill_check(Game.GIN, "deadwood")
    return str(check.arrangement(seed).deadwood)  # type: ignore[union-attr]


def test_a_streak_and_a_personal_best(client: Client) -> None:
    url = "/en/drills/gin/deadwood/"
    html = client.get(url).content.decode()
    assert "Count the deadwood" in html and "Streak: 0" in html and "autofocus" in html
    for expected_streak in (1, 2, 3):
        token, seed = question_of(html)
        html = client.post(
            url + "answer/", {"question": token, "answer": right_deadwood(seed)}, follow=True
        )
        html = html.content.decode()
        assert "Right!" in html and f"Streak: {expected_streak}" in html
    assert "A new personal best!" in html
    token, seed = question_of(html)
    html = client.post(
        url + "answer/",
        {"question": token, "answer": str(int(right_deadwood(seed)) + 1)},
        follow=True,
    ).content.decode()
    assert "Not quite." in html and "Streak: 0 · Your best: 3" in html
    record = DrillRecord.objects.get()
    assert (record.streak, record.best, record.answered, record.right) == (0, 3, 4, 3)
    # The same question answered again does not count twice.
    again = refused(client, url, {"question": token, "answer": right_deadwood(seed)})
    assert "That question was answered already. Here is a new one." in again.content.decode()
    record.refresh_from_db()
    assert record.answered == 4
    index = client.get("/en/drills/").content.decode()
    assert "best streak 3" in index


def test_malformed_and_forged_answers_change_nothing(client: Client) -> None:
    url = "/en/drills/gin/deadwood/"
    token, _seed = question_of(client.get(url).content.decode())
    assert "Type a number" in refused(client, url, {"question": token, "answer": "lots"}).text
    assert "did not ask" in refused(client, url, {"question": "x", "answer": "3"}).text
    other = services.DrillQuestion(Game.GIN, "meld", services.drill_check(Game.GIN, "meld"), 5, 0)
    assert "did not ask" in refused(client, url, {"question": other.token, "answer": "3"}).text
    assert DrillRecord.objects.count() == 0 and Learner.objects.count() == 0


def test_a_malformed_answer_is_refused_beside_its_own_question(client: Client) -> None:
    """A number that is no number, or a card not in the question, is refused beside the
    question it was for (its cards still picked), not beside a freshly dealt one: the
    reason would speak of cards the learner never saw (as review does now)."""
    url = "/en/drills/gin/deadwood/"
    token, seed = question_of(client.get(url).content.decode())
    page = refused(client, url, {"question": token, "answer": "lots"})
    assert same_question(question_of(page.content.decode())[0], token)
    url = "/en/drills/basic/meld/"
    token, seed = question_of(client.get(url).content.decode())
    card = str(services.drill_check(Game.BASIC, "meld").question(seed)[0])
    html = refused(client, url, {"question": token, "cards": [card, "ZZ"]}).content.decode()
    assert same_question(question_of(html)[0], token)
    assert re.search(rf'value="{card}"[^>]*\bchecked', html), html
    assert DrillRecord.objects.count() == 0
    # A question answered since is not asked again: its refusal deals a new one.
    answered = client.post(url + "answer/", {"question": token, "answer": "none"}, follow=True)
    assert answered.status_code == 200
    late = refused(client, url, {"question": token, "cards": [card, "ZZ"]})
    assert question_of(late.content.decode())[0] != token


def test_a_refused_answer_keeps_the_number_typed_and_the_player_chosen(client: Client) -> None:
    """ "2O" (a letter O) for a number, a player chosen with it: refused beside the same
    question with "2O" still typed and the player still chosen, the focus on the field
    refused and the reason its description (as review and the placement check do)."""
    url = "/en/drills/gin/deadwood/"
    token, seed = question_of(client.get(url).content.decode())
    html = refused(client, url, {"question": token, "answer": "2O"}).content.decode()
    assert question_of(html)[1] == seed
    field = re.findall(r"<(?:input|button)[^>]* autofocus[^>]*>", html)
    assert len(field) == 1 and 'name="answer"' in field[0] and 'value="2O"' in field[0]
    assert 'aria-describedby="check-0-error"' in field[0] and 'id="check-0-error"' in html
    url = "/en/drills/knock/score/"
    token, seed = question_of(client.get(url).content.decode())
    data = {"question": token, "player": "1", "points": "<b>"}
    html = refused(client, url, data).content.decode()
    assert question_of(html)[1] == seed
    assert re.search(r'name="player" value="1" id="check-0-p1"[^>]*\schecked>', html)
    field = re.findall(r"<(?:input|button)[^>]* autofocus[^>]*>", html)
    assert len(field) == 1 and 'name="points"' in field[0]
    assert 'value="&lt;b&gt;"' in field[0] and "<b>" not in html.split("<main", 1)[1]
    assert DrillRecord.objects.count() == 0


def test_every_drill_in_every_language(client: Client) -> None:
    for language in ("en", "lt", "ru", "it"):
        assert client.get(f"/{language}/drills/").status_code == 200
        for game, kinds in services.DRILLS.items():
            for kind in kinds:
                response = client.get(f"/{language}/drills/{game.value}/{kind}/")
                assert response.status_code == 200
                assert f'<html lang="{language}">' in response.content.decode()
    assert client.get("/en/drills/basic/knock/").status_code == 404
    assert client.get("/en/drills/poker/meld/").status_code == 404


def test_a_meld_drill_answered_by_its_cards(client: Client) -> None:
    url = "/en/drills/basic/meld/"
    token, seed = question_of(client.get(url).content.decode())
    check = services.drill_check(Game.BASIC, "meld")
    cards = check.question(seed)
    melds = find_melds(cards)
    data = {"cards": [str(c) for c in melds[0].cards]} if melds else {"answer": "none"}
    html = client.post(url + "answer/", {"question": token, **data}, follow=True).content.decode()
    assert "Right!" in html and "Streak: 1" in html


def test_layoff_questions_are_dealt_with_every_kind_of_answer() -> None:
    from lessons.checks import LayoffCheck

    outcomes = set()
    for seed in range(1, 300):
        check = LayoffCheck.dealt(seed)
        assert check == LayoffCheck.dealt(seed)  # the same seed, the same question
        assert all(check.card not in meld.cards for meld in check.melds)
        assert [m.kind.value for m in check.melds] == ["run", "group"]
        outcomes.add(tuple(check.fits()))
    assert outcomes >= {(), (0,), (1,)}


def test_a_layoff_drill_answered_right(client: Client) -> None:
    url = "/en/drills/gin/layoff/"
    html = client.get(url).content.decode()
    assert "Where does it lay off?" in html
    token, seed = question_of(html)
    fits = services.drill_check(Game.GIN, "layoff", seed).fits()  # type: ignore[union-attr]
    data = {"melds": [str(i) for i in fits]} if fits else {"answer": "none"}
    html = client.post(url + "answer/", {"question": token, **data}, follow=True).content.decode()
    assert "Right!" in html and "Streak: 1" in html
    assert client.get("/en/drills/knock/layoff/").status_code == 404  # no layoffs there


@pytest.mark.parametrize("game", ["basic", "gin", "knock"])
def test_a_who_scores_drill_answered_right_and_wrong(client: Client, game: str) -> None:
    url = f"/en/drills/{game}/score/"
    html = client.get(url).content.decode()
    assert "Who scores, and how much?" in html
    token, seed = question_of(html)
    settlement = services.drill_check(Game(game), "score", seed).settlement()  # type: ignore[union-attr]
    best = max(settlement.received.values())
    winner = next(p for p, v in settlement.received.items() if v == best)
    answer = {"player": str(winner), "points": str(best)}
    html = client.post(url + "answer/", {"question": token, **answer}, follow=True).content.decode()
    assert "Right!" in html and "Streak: 1" in html
    token, seed = question_of(html)
    missed = services.drill_check(Game(game), "score", seed).settlement()  # type: ignore[union-attr]
    html = client.post(
        url + "answer/", {"question": token, "player": "0", "points": "999"}, follow=True
    ).content.decode()
    assert "Not quite." in html and "Streak: 0" in html
    # The Italian Knock walk: a wrong answer was told only "Paolo: 32 points.", the
    # question's cards gone with the next one. The feedback says how it is scored, step
    # by step, as the lesson does.
    feedback = html.split('id="drill-feedback"', 1)[1].split('class="drill__next"', 1)[0]
    steps = re.findall(r"<li>(.*?)</li>", feedback.split('class="score-steps"', 1)[1])
    assert len(steps) == len(explain.told_steps(missed))


def test_score_questions_are_dealt_for_every_game() -> None:
    from lessons.checks import ScoreCheck

    for game in Game:
        kinds = set()
        for seed in range(1, 150):
            check = ScoreCheck.dealt(game, seed)
            assert check == ScoreCheck.dealt(game, seed)
            settlement = check.settlement()
            assert max(settlement.received.values()) > 0
            kinds.add(settlement.kind)
        assert len(kinds) >= (1 if game is Game.BASIC else 2), (game, kinds)


def test_discard_questions_against_brute_force() -> None:
    """The best discard: the card whose discard leaves the least deadwood, by trying
    every discard and every arrangement of the ten cards left (all_arrangements)."""
    from game.engine import all_arrangements
    from lessons.checks import DiscardCheck

    check = DiscardCheck(None)
    several = 0
    for seed in range(1, 60):
        cards = check.question(seed)
        assert len(cards) == 11 and len(set(cards)) == 11
        assert check.question(seed) == cards  # the same seed, the same question
        left = {
            c: min(a.deadwood for a in all_arrangements([x for x in cards if x != c]))
            for c in cards
        }
        least, best = check.best(cards)
        assert least == min(left.values())
        assert best == [c for c in cards if left[c] == least]
        several += len(best) > 1
        outcome = check.judge({"cards": str(best[0])}, seed)
        assert outcome.correct and outcome.details["least"] == least
        worst = max(cards, key=lambda c: left[c])
        if left[worst] > least:
            assert not check.judge({"cards": str(worst)}, seed).correct
    assert several < 60  # most questions have one or two right answers, not eleven


def test_a_best_discard_drill_answered_right_and_wrong(client: Client) -> None:
    from lessons.checks import DiscardCheck

    url = "/en/drills/gin/discard/"
    html = client.get(url).content.decode()
    assert "The best discard" in html and 'type="radio"' in html
    token, seed = question_of(html)
    check = services.drill_check(Game.GIN, "discard", seed)
    assert isinstance(check, DiscardCheck)
    cards = check.question(seed)
    _least, best = check.best(cards)
    html = client.post(
        url + "answer/", {"question": token, "cards": str(best[0])}, follow=True
    ).content.decode()
    assert "Right!" in html and "Streak: 1" in html
    # Said once (the Italian walk: "Right! / Right: without 8♣ your deadwood is 32").
    assert html.count("Right") == 1 and "your deadwood is" in html
    token, seed = question_of(html)
    cards = check.question(seed)
    _least, best = check.best(cards)
    wrong = next((c for c in cards if c not in best), None)
    assert wrong is not None
    html = client.post(
        url + "answer/", {"question": token, "cards": str(wrong)}, follow=True
    ).content.decode()
    assert ("Not quite." in html and "The best discard is" in html) or "Each of" in html
    token, _seed = question_of(html)
    two = [str(c) for c in cards[:2]]
    assert "Pick" in refused(client, url, {"question": token, "cards": two}).text
    assert client.get("/en/drills/basic/discard/").status_code == 404


def test_a_tied_best_discard_shows_the_hand_the_learner_kept() -> None:
    from lessons.checks import DiscardCheck

    check = DiscardCheck(None)
    for seed in range(1, 400):
        cards = check.question(seed)
        least, best = check.best(cards)
        if len(best) > 1:
            break
    else:
        pytest.skip("no tie in 399 questions")  # pragma: no cover
    outcome = check.judge({"cards": str(best[1])}, seed)
    assert outcome.correct
    shown = outcome.details["arrangement"]
    assert best[1] not in shown.cards and best[0] in shown.cards
    assert shown.deadwood == least


def test_an_answer_sends_its_rate_limit_count_with_the_learner_s_read(
    client: Client, settings: Any
) -> None:
    """The first statement of an answer counts it against the rate limits, and on
    PostgreSQL it also reads the learner (``learners.services.learner_as_visitor``)."""
    settings.RATE_LIMIT_ENABLED = True
    url = "/en/drills/gin/deadwood/"
    token, seed = question_of(client.get(url).content.decode())
    first = client.post(
        url + "answer/", {"question": token, "answer": right_deadwood(seed)}, follow=True
    )
    assert Learner.objects.count() == 1  # made by the first answer
    token, seed = question_of(first.content.decode())
    with CaptureQueriesContext(connection) as queries:
        answered = client.post(url + "answer/", {"question": token, "answer": right_deadwood(seed)})
    statements = [q["sql"] for q in queries]
    assert "Right!" in client.get(answered["Location"]).content.decode()
    assert '"rummy_site_ratecount"' in statements[0]
    reads_learner = [i for i, s in enumerate(statements) if 'FROM "learners_learner"' in s]
    assert reads_learner == ([0] if connection.vendor == "postgresql" else [1]), statements


class _Tags(HTMLParser):
    """Every start tag's name and attributes, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def start_tags(html: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = _Tags()
    parser.feed(html)
    return parser.tags


#: Some answer to each kind of drill (right or wrong: the verdict is what matters).
SOME_ANSWER: dict[str, dict[str, Any]] = {
    "meld": {"answer": "none"},
    "deadwood": {"answer": "999"},
    "knock": {"answer": "yes"},
    "discard": {},  # the question's first card, below
    "layoff": {"answer": "none"},
    "score": {"player": "0", "points": "999"},
}


@pytest.mark.parametrize(
    ("game", "kind"), [(g.value, k) for g, kinds in services.DRILLS.items() for k in kinds]
)
def test_the_next_question_s_focus_is_described_by_the_verdict(
    client: Client, game: str, kind: str
) -> None:
    """The page after an answer opens with the focus in the next question (its field, or
    its first card, button or player): a screen reader hears the verdict with it, as its
    description (the accessibility walk: nothing said right or wrong)."""
    url = f"/en/drills/{game}/{kind}/"
    first = client.get(url).content.decode()
    focused = [attrs for _tag, attrs in start_tags(first) if "autofocus" in attrs]
    assert len(focused) == 1 and "aria-describedby" not in focused[0]  # nothing said yet
    token, seed = question_of(first)
    answer = dict(SOME_ANSWER[kind])
    if kind == "discard":
        answer["cards"] = str(services.drill_check(Game(game), kind, seed).question(seed)[0])
    html = client.post(url + "answer/", {"question": token, **answer}, follow=True).content.decode()
    assert 'id="drill-feedback"' in html and ("Right!" in html or "Not quite." in html)
    focused = [attrs for _tag, attrs in start_tags(html) if "autofocus" in attrs]
    assert len(focused) == 1 and focused[0]["aria-describedby"] == "drill-feedback"
    # Described once: not by the group of cards around the focused one too.
    described = [a for _tag, a in start_tags(html) if a.get("aria-describedby") == "drill-feedback"]
    assert described == focused


def test_a_drill_page_is_named_as_every_page_and_its_questions_are_not_numbered(
    client: Client,
) -> None:
    html = client.get("/en/drills/gin/deadwood/").content.decode()
    assert "<title>Count the deadwood · Gin Rummy · Drills · Rummy School</title>" in html
    # A lesson's "Try it 1" reads oddly in a stream of questions.
    assert "Try it" not in html and 'class="check__badge"' not in html


def test_the_cards_to_pick_are_named_once(client: Client) -> None:
    """A card to pick is its checkbox's or radio button's name, and not an image read a
    second time; a meld to tick is named by its cards (the accessibility walk)."""
    html = client.get("/en/drills/basic/meld/").content.decode()
    _token, seed = question_of(html)
    cards = services.drill_check(Game.BASIC, "meld").question(seed)
    assert spoken_labels(html) == [card_name(c) for c in cards]
    html = client.get("/en/drills/gin/layoff/").content.decode()
    _token, seed = question_of(html)
    check = services.drill_check(Game.GIN, "layoff", seed)
    assert spoken_labels(html) == [
        ", ".join(card_name(c) for c in meld.cards)
        for meld in check.melds  # type: ignore[attr-defined]
    ]


def test_a_reload_deals_no_easier_question(client: Client) -> None:
    """The question after an answer stays the same on a reload until it is answered: a
    learner cannot reload a hard question away to keep a streak going (a reload of the
    Review page dealt new cards, the Lithuanian walk found; drills had the same). Each
    answer brings another."""
    url = "/en/drills/gin/deadwood/"
    token, seed = question_of(client.get(url).content.decode())
    html = client.post(
        url + "answer/", {"question": token, "answer": right_deadwood(seed)}, follow=True
    )
    _token, after = question_of(html.content.decode())
    for _ in range(3):
        assert question_of(client.get(url).content.decode())[1] == after
    token, _seed = question_of(client.get(url).content.decode())
    html = client.post(
        url + "answer/", {"question": token, "answer": right_deadwood(after)}, follow=True
    )
    _token, next_one = question_of(html.content.decode())
    assert "Streak: 2" in html.content.decode() and next_one != after
    assert question_of(client.get(url).content.decode())[1] == next_one
    # Another drill of the same learner deals its own question.
    assert question_of(client.get("/en/drills/gin/knock/").content.decode())[1] != next_one


def test_an_answer_opens_the_page_at_its_verdict(client: Client) -> None:
    """The Lithuanian Knock walk without JavaScript (1024×768): a wrong "who scores?"
    answer opened the page at the next question's field (autofocus), its verdict and
    steps above the screen. The redirect opens the page at the verdict
    (``#drill-feedback``), the next question under it; a refused answer opens at its
    field as before (no fragment: the field refused takes the focus)."""
    url = "/en/drills/gin/deadwood/"
    token, _seed = question_of(client.get(url).content.decode())
    response = client.post(url + "answer/", {"question": token, "answer": "999"})
    assert response.status_code == 303
    location = response["Location"]
    assert location.startswith(url + "?answered=") and location.endswith("#drill-feedback")
    html = client.get(location).content.decode()
    verdict = html.index('id="drill-feedback"')
    assert "Not quite." in html[verdict:] and verdict < html.index('name="question"')
    token, _seed = question_of(html)
    refused = client.post(url + "answer/", {"question": token, "answer": "2O"})
    assert refused.status_code == 303 and "#" not in refused["Location"]
    # Sent with JavaScript (site.js says so): no fragment, at which the browser takes the
    # focus from the field at the load's end; the script focuses it as the page is parsed.
    scripted = client.post(url + "answer/", {"question": token, "answer": "999", "scripted": "1"})
    assert scripted.status_code == 303
    assert scripted["Location"].startswith(url + "?answered=") and "#" not in scripted["Location"]
    html = client.get(scripted["Location"]).content.decode()
    assert 'id="drill-feedback"' in html and "data-scripted-answer" in html


def test_an_answer_redirects_to_a_page_that_shows_it_and_a_reload_counts_nothing(
    client: Client,
) -> None:
    """Post/Redirect/Get (the Russian teacher's walk: after an answer the address stayed
    .../answer/, and a reload asked to send the form again). The answer redirects to the
    drill's page, which shows the verdict and the explanation above the next question; a
    reload of it shows the same and counts nothing; its address holds the question
    answered, not the next one, and is this learner's only."""
    url = "/en/drills/gin/deadwood/"
    token, seed = question_of(client.get(url).content.decode())
    response = client.post(url + "answer/", {"question": token, "answer": right_deadwood(seed)})
    assert response.status_code == 303
    location = response["Location"]
    assert location.startswith(url + "?answered=") and "/answer/" not in location
    html = client.get(location).content.decode()
    assert "Right!" in html and "Streak: 1" in html and 'id="drill-feedback"' in html
    _token, after = question_of(html)
    assert after != seed
    for _ in range(2):  # a reload: the same page, nothing counted
        again = client.get(location).content.decode()
        assert "Right!" in again and "Streak: 1" in again and question_of(again)[1] == after
    record = DrillRecord.objects.get()
    assert (record.answered, record.right, record.streak) == (1, 1, 1)
    # The address names the question answered, not the next one (nor its answer).
    shown = unquote(location.split("answered=", 1)[1].split("#", 1)[0])
    data = signing.loads(shown, salt=f"drills.answered:{Learner.objects.get().pk}")
    assert data["seed"] == seed and after not in data.values()
    # Someone else with the address sees only their own question, nothing said.
    other = Client().get(location).content.decode()
    assert "Right!" not in other and 'id="drill-feedback"' not in other
    # Once the next question is answered, the old address shows no old verdict.
    token, seed = question_of(html)
    client.post(url + "answer/", {"question": token, "answer": "999"})
    stale = client.get(location).content.decode()
    assert "Right!" not in stale and "Streak: 0" in stale


def test_a_refused_answer_redirects_and_a_reload_changes_nothing(client: Client) -> None:
    """Post/Redirect/Get for a refused answer, as for a judged one (the walk: it was
    drawn at …/answer/, 400, and a reload asked to send the form again): the drill's
    page (``?refused=``, signed for that browser) shows the same question, "2O" as typed
    and the reason, its field focused; a reload shows the same and counts nothing.
    Another browser's, a forged token, or one the learner has answered past: the page as
    it is (a new question once answered)."""
    from classroom.models import Mistake

    url = "/en/drills/gin/deadwood/"
    token, seed = question_of(client.get(url).content.decode())
    response = client.post(url + "answer/", {"question": token, "answer": "2O"})
    assert response.status_code == 303 and response["Location"].startswith(url + "?refused=")
    location = response["Location"]
    for _ in range(2):  # the page, and a reload of it
        html = client.get(location).content.decode()
        assert question_of(html)[1] == seed
        field = re.findall(r"<(?:input|button)[^>]* autofocus[^>]*>", html)
        assert len(field) == 1 and 'value="2O"' in field[0]
        assert 'id="check-0-error">Type a number, like 14.<' in html
        assert DrillRecord.objects.count() == 0 and Mistake.objects.count() == 0
    assert "Type a number" not in Client().get(location).content.decode()
    assert "Type a number" not in client.get(url + "?refused=forged").content.decode()
    # Answered since: the address shows the page as it is, the next question.
    client.post(url + "answer/", {"question": token, "answer": right_deadwood(seed)})
    html = client.get(location).content.decode()
    assert "Type a number" not in html and question_of(html)[1] != seed
    # Answered twice (a double click): "answered already", again on a reload, while the
    # learner answers nothing more.
    again = client.post(url + "answer/", {"question": token, "answer": right_deadwood(seed)})
    assert again.status_code == 303
    for _ in range(2):
        html = client.get(again["Location"]).content.decode()
        assert "That question was answered already" in html
    assert DrillRecord.objects.get().answered == 1


def test_the_language_buttons_keep_the_drill_s_answer_and_refusal(client: Client) -> None:
    """The language buttons carry the page's whole address (``?answered=``,
    ``?refused=``): the drill in Italian shows the same verdict, streak and next
    question, or the same refusal (the reason in Italian) beside the same question; a
    bare page would have dealt the learner on with nothing said. The answered page is
    opened at its verdict (``#drill-feedback``), which the browser never sends: the
    buttons' ``next`` names it, so the Italian page opens there too (it opened at its
    top, without JavaScript); the refused page opens at its field, with no fragment. The
    page's other languages' addresses (alternate links) name no fragment."""
    import html as markup

    def switched(html: str) -> tuple[str, str]:
        here = markup.unescape(html.split('name="next" value="', 1)[1].split('"', 1)[0])
        moved = client.post("/i18n/setlang/", {"language": "it", "next": here})
        assert moved.status_code == 303
        return moved["Location"], client.get(moved["Location"]).content.decode()

    url = "/en/drills/gin/deadwood/"
    token, seed = question_of(client.get(url).content.decode())
    answered = client.post(url + "answer/", {"question": token, "answer": right_deadwood(seed)})
    html = client.get(answered["Location"]).content.decode()
    assert 'id="drill-feedback"' in html and "Streak: 1" in html
    location, italian = switched(html)
    assert answered["Location"].endswith("#drill-feedback")
    assert location == answered["Location"].replace("/en/", "/it/", 1)
    assert 'hreflang="it" href="http://testserver/it/drills/gin/deadwood/?answered=' in html
    assert "#drill-feedback" not in html.split('hreflang="it"', 1)[1].split(">", 1)[0]
    assert 'id="drill-feedback"' in italian and "feedback--right" in italian
    assert question_of(italian)[0] and same_question(question_of(italian)[0], question_of(html)[0])
    page = refused(client, url, {"question": question_of(html)[0], "answer": "2O"})
    location, italian = switched(page.content.decode())
    assert location.startswith("/it/drills/gin/deadwood/?refused=") and "#" not in location
    assert 'id="check-0-error"' in italian and "Type a number" not in italian
    assert 'value="2O"' in italian
