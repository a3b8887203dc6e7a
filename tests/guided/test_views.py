"""Guided hands in the learner's page: the moves, hints, stars, refusals and odd input."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from game import explain
from game.cards import text_html
from game.engine import Discard, DrawStock, Knock, Move
from game.guided import scenarios as guided
from game.guided.models import GuidedAttempt, GuidedResult
from game.guided.services import stars_for
from tests.factories import a_wrong_move, learner_move, move_data, shown
from tests.switcher import opened_where_sent, switched, switcher_next

HTMX = {"HTTP_HX_REQUEST": "true"}

SLUGS = [s.slug for s in guided.library()]


def page(slug: str, language: str = "en", what: str = "") -> str:
    base = f"/{language}/guided/{slug}/"
    return base + (f"{what}/" if what else "")


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [True, False])
@pytest.mark.parametrize("slug", SLUGS)
def test_every_scenario_explains_a_wrong_move(client: Client, slug: str, htmx: bool) -> None:
    """Each hand's wrong move is told, with the hand's own words for it: in the partial
    with htmx, on the page the move redirects to without JavaScript (a move the rules
    forbid as well as one they allow)."""
    scenario = guided.get(slug)
    assert scenario is not None
    number, wrong, text = a_wrong_move(scenario)
    line = guided.right_line(scenario)
    version = 0
    for move in line[: number - 1]:
        response = client.post(
            page(slug, what="move"), {"version": str(version), **move_data(move)}, **HTMX
        )
        assert response.status_code == 200, response.content.decode()[:500]
        version += 1
    response = client.post(
        page(slug, what="move"),
        {"version": str(version), **move_data(wrong)},
        **(HTMX if htmx else {}),
    )
    if not htmx:
        assert response.status_code == 303
        assert re.search(r"\?(answered|refused)=", response["Location"])
        response = client.get(response["Location"])
    html = response.content.decode()
    assert response.status_code in ((200, 422) if htmx else (200,))
    assert re.search(r"feedback--(other|illegal)", html)
    if text:
        assert str(text_html(text)) in html
    attempt = GuidedAttempt.objects.get(scenario=slug)
    assert len(attempt.mistakes) == 1
    assert attempt.moves == [str(m) for m in line[: number - 1]]


# ------------------------------------------------------------------ the page
@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "lt", "ru", "it"])
def test_index_and_page_in_every_language(client: Client, language: str) -> None:
    index = client.get(f"/{language}/guided/")
    assert index.status_code == 200
    scenario = guided.get("gin-01-first-knock")
    assert scenario is not None
    assert scenario.title[language] in index.content.decode()
    response = client.get(page(scenario.slug, language))
    html = response.content.decode()
    assert response.status_code == 200 and f'<html lang="{language}">' in html
    assert scenario.steps[0].prompt[language].replace("'", "&#x27;") in html
    with translation.override(language):
        assert 'class="coach coach--guided' in html


@pytest.mark.django_db
def test_a_whole_guided_hand_with_a_hint_and_mistakes(client: Client) -> None:
    slug = "gin-01-first-knock"
    # A legal move that is not the point: amber, nothing applied.
    response = client.post(
        page(slug, what="move"), {"version": "0", **move_data(DrawStock())}, **HTMX
    )
    html = response.content.decode()
    assert response.status_code == 200 and "feedback--other" in html
    assert "Continue anyway" in html and "Try again" in html
    # The hint ladder, one rung at a time, then no more.
    for rung in range(1, 4):
        response = client.post(page(slug, what="hint"), {"version": str(rung)}, **HTMX)
        assert (
            response.content.decode().count("<li>", response.content.decode().index("coach__hints"))
            >= rung
        )
    response = client.post(page(slug, what="hint"), {"version": "4"}, **HTMX)
    assert response.status_code == 422
    # The right move: green.
    response = client.post(
        page(slug, what="move"), {"version": "4", "action": "draw_discard"}, **HTMX
    )
    assert "feedback--right" in response.content.decode()
    # An illegal move: red, with the engine's reason.
    response = client.post(
        page(slug, what="move"),
        {"version": "5", "action": "meld", "cards": ["2C", "3C", "4C"]},
        **HTMX,
    )
    assert response.status_code == 422
    assert "feedback--illegal" in response.content.decode()
    # The last step ends the hand: stars, the scoring walkthrough, the next hand.
    response = client.post(
        page(slug, what="move"),
        {"version": "6", **move_data(Knock(guided.get(slug).steps[1].expect[0].discard))},
        **HTMX,
    )  # type: ignore[union-attr]
    html = response.content.decode()
    # The learner may score it first: no step of the walkthrough yet, then each step.
    assert "Hand complete" in html and "score-yourself__form" in html
    assert "score-step" not in html
    walkthrough = client.get(page(slug) + "?step=1", **HTMX).content.decode()
    assert walkthrough.count('class="score-step"') == 1
    attempt = GuidedAttempt.objects.get()
    assert attempt.finished and attempt.stars == stars_for(3, 2) == 1
    result = GuidedResult.objects.get()
    assert result.stars == 1 and result.hints == 3
    assert "tried a move the rules forbid" in html or "tried a meld" in html
    index = client.get("/en/guided/").content.decode()
    assert "Best result: 1 star of 3" in index


@pytest.mark.django_db
def test_three_stars_and_the_best_result_is_kept(client: Client) -> None:
    slug = "gin-01-first-knock"
    scenario = guided.get(slug)
    assert scenario is not None
    for move, version in zip(guided.right_line(scenario), (0, 1), strict=True):
        client.post(page(slug, what="move"), {"version": str(version), **move_data(move)})
    assert GuidedResult.objects.get().stars == 3
    # A worse second try does not lower the best result.
    client.post(page(slug, what="restart"))
    client.post(page(slug, what="move"), {"version": "0", "action": "draw_stock"})
    client.post(page(slug, what="move"), {"version": "1", "action": "draw_discard"})
    client.post(page(slug, what="move"), {"version": "2", "action": "knock", "cards": ["KC"]})
    result = GuidedResult.objects.get()
    assert result.stars == 3 and result.completions == 2


@pytest.mark.django_db
def test_continue_anyway_applies_the_legal_move(client: Client) -> None:
    slug = "gin-01-first-knock"
    client.post(page(slug, what="move"), {"version": "0", "action": "draw_stock"})
    response = client.post(
        page(slug, what="move"), {"version": "1", "action": "draw_stock", "continue": "1"}, **HTMX
    )
    assert response.status_code == 200
    attempt = GuidedAttempt.objects.get()
    assert attempt.moves == ["draw stock"] and len(attempt.mistakes) == 1
    # The pedagogy review: the amber box and its buttons stayed on the next step, and
    # pressing them again was judged (and counted) as a move there.
    html = response.content.decode()
    assert "Continue anyway" not in html and "feedback--other" not in html
    assert "feedback--played" in html
    # Said once (the Italian walk: "Move played. You made your move: the hand goes on").
    assert "Played.</strong> The hand goes on from here." in html and "own move" not in html


@pytest.mark.django_db
def test_guided_refusals_change_nothing(client: Client) -> None:
    slug = "gin-01-first-knock"
    client.post(page(slug, what="move"), {"version": "0", "action": "draw_discard"})
    attempt = GuidedAttempt.objects.get()
    before = (attempt.moves, attempt.mistakes, attempt.version)
    for data, status in (
        ({"version": "0", "action": "discard", "cards": ["KC"]}, 409),  # stale
        ({"version": "1", "action": "discard", "cards": ["XX"]}, 400),  # not a card
        ({"action": "discard", "cards": ["KC"]}, 400),  # no version
    ):
        response = client.post(page(slug, what="move"), data, **HTMX)
        assert response.status_code == status
    attempt.refresh_from_db()
    assert (attempt.moves, attempt.mistakes, attempt.version) == before
    assert client.get("/en/guided/no-such-hand/").status_code == 404


@pytest.mark.django_db
def test_a_guided_hand_is_never_kept_by_the_browser(client: Client) -> None:
    """As a practice table's page: Back shows the hand as it is now (no-store), not a
    step already played (the Russian pupil's walk)."""
    response = client.get(page(SLUGS[0]))
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]


@pytest.mark.django_db
def test_guided_hand_without_javascript_shows_the_feedback(client: Client) -> None:
    response = client.post(
        page("gin-01-first-knock", "ru", "move"),
        {"version": "0", "action": "draw_stock"},
        follow=True,
    )
    html = response.content.decode()
    assert response.status_code == 200 and "<html" in html and "feedback--other" in html
    scenario = guided.get("gin-01-first-knock")
    assert scenario is not None
    with translation.override("ru"):
        said = str(text_html(scenario.steps[0].wrong_for(DrawStock()).say["ru"]))  # type: ignore[union-attr]
    assert said in html


@pytest.mark.django_db
def test_off_the_lesson_path_the_hand_is_finished_as_free_play(client: Client) -> None:
    from game.guided.services import guided_state

    slug = "gin-01-first-knock"
    scenario = guided.get(slug)
    assert scenario is not None
    client.post(page(slug, what="move"), {"version": "0", "action": "draw_stock"})
    client.post(page(slug, what="move"), {"version": "1", "action": "draw_stock", "continue": "1"})
    html = client.get(page(slug)).content.decode()
    assert "left the lesson&#39;s path" in html  # (the coach's prompt, said once)
    # The browser walk: the steps went on counting ("Step 2 of 2") though none applied.
    assert "Off the lesson&#39;s path" in html and "Step 2 of 2" not in html
    for _ in range(200):
        attempt = GuidedAttempt.objects.get()
        state = guided_state(scenario=scenario, attempt=attempt, learner=attempt.learner)
        if state.hand.is_over:
            break
        assert state.off_path
        response = client.post(
            page(slug, what="move"),
            {"version": str(attempt.version), **move_data(learner_move(state.hand))},
            **HTMX,
        )
        assert response.status_code == 200
    attempt = GuidedAttempt.objects.get()
    assert attempt.finished and attempt.stars == 2
    html = client.get(page(slug), {"step": "99"}).content.decode()
    assert "Hand complete" in html
    # The path's closing words (its score) are not said of a hand played another way.
    with translation.override("en"):
        closing = str(text_html(scenario.steps[-1].right["en"]))
    assert closing and closing not in html


def leave_the_path(client: Client, slug: str, language: str) -> None:
    """The first step's other move (the stock, where the hand wants the discard), then
    "Continue anyway": the learner is off the lesson's path."""
    client.post(page(slug, language, "move"), {"version": "0", "action": "draw_stock"})
    client.post(
        page(slug, language, "move"), {"version": "1", "action": "draw_stock", "continue": "1"}
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "ask", "suggests"),
    [
        ("en", "ask for a hint", "The coach suggests"),
        ("lt", "paprašykite užuominos", "Treneris siūlo"),
        ("ru", "попросите подсказку", "Тренер советует"),
        ("it", "chiedi un suggerimento", "Il tutor consiglia"),
    ],
)
def test_off_the_lesson_path_a_hint_is_the_coachs_advice(
    client: Client, language: str, ask: str, suggests: str
) -> None:
    """The newcomer's walk: once a learner went their own way ("Continue anyway"), the
    coach fell silent for the rest of the hand. A hint is now the engine coach's advice
    for the hand as it stands, counted once per position, gone with the next move."""
    from game.engine import advise
    from game.guided.scenarios import LEARNER
    from game.guided.services import guided_state

    slug = "gin-01-first-knock"
    scenario = guided.get(slug)
    assert scenario is not None
    leave_the_path(client, slug, language)
    html = client.get(page(slug, language)).content.decode()
    assert ask in html and 'id="hint"' in html and suggests not in html
    attempt = GuidedAttempt.objects.get()
    state = guided_state(scenario=scenario, attempt=attempt, learner=attempt.learner)
    with translation.override(language):
        best = explain.move_phrase(advise(state.hand, LEARNER).best.move)  # type: ignore[union-attr]
    # The move is quoted where the language quotes a move after a colon.
    said = {"en": f"{suggests}: {best}", "lt": f"{suggests}: „{best}“"}.get(
        language, f"{suggests}: «{best}»"
    )
    answer = client.post(page(slug, language, "hint"), {"version": str(attempt.version)}, **HTMX)
    html = shown(answer.content.decode())
    assert answer.status_code == 200
    assert said in html and 'id="hint"' not in html and ask not in html
    assert len(GuidedAttempt.objects.get().hints) == 1
    # Shown again on a reload; asked again, it is not counted twice.
    assert said in shown(client.get(page(slug, language)).content.decode())
    again = client.post(page(slug, language, "hint"), {"version": str(attempt.version + 1)})
    assert again.status_code == 422 and len(GuidedAttempt.objects.get().hints) == 1
    # The next move leaves it behind: the hint is there to ask again.
    attempt = GuidedAttempt.objects.get()
    state = guided_state(scenario=scenario, attempt=attempt, learner=attempt.learner)
    client.post(
        page(slug, language, "move"),
        {"version": str(attempt.version), **move_data(learner_move(state.hand))},
    )
    html = client.get(page(slug, language)).content.decode()
    assert suggests not in html and 'id="hint"' in html


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "ru"])
def test_off_the_lesson_path_announce_says_the_hint_s_reasons(
    client: Client, language: str
) -> None:
    """After htmx's swap of "Hint" off the lesson's path (the focus staying on the
    coach's panel's place), #announce says the coach's suggestion and its reasons, as at
    a practice table (board.advice_context's "said"): it said the heading alone, the
    reasons a screen below, out of reach of the keyboard's place."""
    from game.board import advice_context, told_apart
    from game.cards import spoken_html
    from game.engine import advise
    from game.guided.scenarios import LEARNER
    from game.guided.services import guided_state

    slug = "gin-01-first-knock"
    scenario = guided.get(slug)
    assert scenario is not None
    leave_the_path(client, slug, language)
    attempt = GuidedAttempt.objects.get()
    state = guided_state(scenario=scenario, attempt=attempt, learner=attempt.learner)
    with translation.override(language):
        advice = advice_context(advise(state.hand, LEARNER), told_apart(state.names, state.me))
        assert advice is not None and advice["steps"]
        said = str(spoken_html(advice["said"]))
    answer = client.post(page(slug, language, "hint"), {"version": str(attempt.version)}, **HTMX)
    announce = re.search(r'<div id="announce"[^>]*>(.*?)</div>', answer.content.decode(), re.S)
    assert answer.status_code == 200 and announce is not None
    assert announce.group(1) == said


# ------------------------------------------------------------------ odd input (review findings)
@pytest.mark.django_db
def test_an_attempt_that_no_longer_replays_starts_afresh(client: Client) -> None:
    slug = "gin-01-first-knock"
    client.post(page(slug, what="move"), {"version": "0", "action": "draw_discard"})
    GuidedAttempt.objects.update(moves=["draw discard", "knock 7H"])  # the file changed since
    response = client.get(page(slug))
    assert response.status_code == 200 and "Step 1 of 2" in response.content.decode()
    response = client.post(
        page(slug, what="move"), {"version": "0", "action": "draw_discard"}, **HTMX
    )
    assert response.status_code == 200 and "feedback--right" in response.content.decode()
    assert GuidedAttempt.objects.count() == 2


@pytest.mark.django_db
def test_a_stale_hint_after_the_end_starts_nothing(client: Client) -> None:
    slug = "gin-01-first-knock"
    client.post(page(slug, what="move"), {"version": "0", "action": "draw_discard"})
    client.post(page(slug, what="move"), {"version": "1", "action": "knock", "cards": ["KC"]})
    assert GuidedAttempt.objects.get().finished
    assert client.post(page(slug, what="hint"), {"version": "0"}, **HTMX).status_code == 409
    assert (
        client.post(
            page(slug, what="move"), {"version": "12345", "action": "draw_stock"}, **HTMX
        ).status_code
        == 409
    )
    assert GuidedAttempt.objects.count() == 1


@pytest.mark.django_db
def test_continue_anyway_cannot_skip_the_mistake(client: Client) -> None:
    slug = "gin-01-first-knock"
    response = client.post(
        page(slug, what="move"), {"version": "0", "action": "draw_stock", "continue": "1"}, **HTMX
    )
    assert "feedback--other" in response.content.decode()
    attempt = GuidedAttempt.objects.get()
    assert attempt.moves == [] and len(attempt.mistakes) == 1


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["²", "9" * 5000])
def test_guided_odd_versions_are_refused(client: Client, value: str) -> None:
    response = client.post(
        page("gin-01-first-knock", what="move"), {"version": value, "action": "draw_stock"}
    )
    assert response.status_code == 400


@pytest.mark.django_db
def test_a_hand_can_be_started_again_in_the_middle(client: Client) -> None:
    """The pedagogy review: there was no way to restart in the middle of a hand. (It asks
    first: the walk's pupil who tapped it by mistake lost her hand.)"""
    slug = "gin-02-groups-runs-discard"
    fresh = client.get(page(slug)).content.decode()
    assert "Start the hand again" not in fresh  # nothing to undo yet
    response = client.post(page(slug, what="move"), {"version": "0", "action": "draw_stock"})
    html = client.get(page(slug)).content.decode()
    assert "Start the hand again" in html and page(slug, what="restart") in html
    asked = client.post(page(slug, what="restart"), {"version": "1"}, **HTMX)
    assert asked.status_code == 200 and "Start this hand again?" in asked.content.decode()
    response = client.post(page(slug, what="restart"), {"version": "1", "confirm": "1"}, **HTMX)
    assert response.status_code == 200
    assert "Step 1 of" in response.content.decode()
    first, second = GuidedAttempt.objects.order_by("created")
    assert first.abandoned and first.mistakes + first.moves
    assert not second.abandoned and second.moves == [] and second.mistakes == []


def _two_moves_made(client: Client, slug: str = "gin-02-groups-runs-discard") -> GuidedAttempt:
    """A hand half played: its first step's right move and one more, version 2."""
    scenario = guided.get(slug)
    assert scenario is not None
    for version, move in enumerate(guided.right_line(scenario)[:2]):
        response = client.post(
            page(slug, what="move"), {"version": str(version), **move_data(move)}, follow=True
        )
        assert response.status_code == 200, response.content.decode()[:300]
    attempt = GuidedAttempt.objects.get()
    assert len(attempt.moves) == 2 and attempt.version == 2
    return attempt


def _attempts() -> list[tuple[object, ...]]:
    return list(
        GuidedAttempt.objects.order_by("pk").values_list("pk", "moves", "version", "abandoned")
    )


@pytest.mark.django_db
def test_start_again_asks_first_and_starts_again_only_when_confirmed(client: Client) -> None:
    """The phone walk: a pupil halfway through a hand tapped "Start the hand again" by
    mistake and lost her moves at once. The button asks first (in the coach's panel,
    swapped in by htmx with the focus on "Keep playing"); nothing changes until its
    "Start again"."""
    slug = "gin-02-groups-runs-discard"
    _two_moves_made(client, slug)
    before = _attempts()
    asked = client.post(page(slug, what="restart"), {"version": "2"}, **HTMX)
    html = asked.content.decode()
    assert asked.status_code == 200 and "<html" not in html  # the table, swapped in
    assert 'id="announce" hx-swap-oob="innerHTML">Start this hand again?' in html
    question = re.search(r'<div class="confirm" id="restart-question".*?</div>', html, re.S)
    assert question is not None, html
    assert "Your moves so far will be lost." in question[0]
    assert 'name="confirm" value="1"' in question[0] and 'name="version" value="2"' in question[0]
    assert re.search(r'<button type="submit"[^>]*>Start again</button>', question[0])
    keep = re.search(r"<a [^>]*>Keep playing</a>", question[0])
    # Without JavaScript the hand opens at the coach, over the hand.
    assert keep is not None and "autofocus" in keep[0]
    assert f'href="{page(slug)}#table-status" hx-get="{page(slug)}"' in keep[0]
    assert 'id="restart"' not in html  # the question takes the button's place
    assert _attempts() == before
    # "Keep playing": the hand as it was, the button back.
    kept = client.get(page(slug), **HTMX).content.decode()
    assert "Start this hand again?" not in kept and 'id="restart"' in kept
    assert _attempts() == before
    # "Start again": a fresh attempt, the old one set aside.
    started = client.post(page(slug, what="restart"), {"version": "2", "confirm": "1"})
    assert started.status_code == 303 and started["Location"] == page(slug) + "#table-status"
    old, new = GuidedAttempt.objects.order_by("pk")
    assert old.abandoned and len(old.moves) == 2
    assert not new.abandoned and (new.moves, new.version) == ([], 0)


@pytest.mark.django_db
def test_start_again_asks_without_javascript_too(client: Client) -> None:
    """Without htmx, the button's POST and its address opened (a GET: a link shared, a
    page reloaded) show the whole page with the question; a GET never starts again."""
    slug = "gin-02-groups-runs-discard"
    _two_moves_made(client, slug)
    before = _attempts()
    for response in (
        client.post(page(slug, what="restart"), {"version": "2"}),
        client.get(page(slug, what="restart")),
    ):
        html = response.content.decode()
        assert response.status_code == 200 and "<html" in html
        assert "Start this hand again?" in html and 'id="restart-question"' in html
        assert f'action="{page(slug, what="restart")}"' in html
    assert _attempts() == before


@pytest.mark.django_db
def test_a_stale_or_replayed_start_again_changes_nothing(client: Client) -> None:
    """A "Start again" sent twice (a double tap, the browser's back and resend), or after
    a move made in another tab, is refused as stale: nothing set aside, the hand as it
    is now, and why."""
    slug = "gin-02-groups-runs-discard"
    scenario = guided.get(slug)
    assert scenario is not None
    _two_moves_made(client, slug)
    confirm = {"version": "2", "confirm": "1"}
    assert client.post(page(slug, what="restart"), confirm).status_code == 303
    after = _attempts()
    again = client.post(page(slug, what="restart"), confirm, **HTMX)
    assert again.status_code == 409
    assert "has moved on since this page was shown" in again.content.decode()
    assert _attempts() == after
    # The question asked at version 2; a move in another tab made it 3: not restarted.
    for version, move in enumerate(guided.right_line(scenario)[:3]):
        client.post(page(slug, what="move"), {"version": str(version), **move_data(move)})
    moved_on = _attempts()
    assert moved_on[-1][2] == 3
    stale = client.post(page(slug, what="restart"), confirm)
    assert stale.status_code == 409 and "has moved on" in stale.content.decode()
    assert _attempts() == moved_on
    # A confirmation with no version, or a broken one, is a refusal too.
    assert client.post(page(slug, what="restart"), {"confirm": "1"}).status_code == 400
    assert _attempts() == moved_on


@pytest.mark.django_db
def test_a_finished_or_unbegun_hand_starts_again_without_asking(client: Client) -> None:
    """Nothing on the board to lose, nothing to ask: a finished hand's "Try again" (its
    result is kept), and a hand with hints or mistakes but no move made yet (the board
    is the fresh one), start again at once; the address opened shows the hand."""
    slug = "gin-01-first-knock"
    scenario = guided.get(slug)
    assert scenario is not None
    opened = client.get(page(slug, what="restart"))
    assert opened.status_code == 302 and opened["Location"] == page(slug)
    client.post(page(slug, what="hint"), {"version": "0"})
    client.post(page(slug, what="move"), {"version": "1", "action": "draw_stock"})  # amber
    assert client.post(page(slug, what="restart"), {"version": "2"}).status_code == 303
    first, fresh = GuidedAttempt.objects.order_by("pk")
    assert first.abandoned and not fresh.abandoned and fresh.version == 0
    for version, move in enumerate(guided.right_line(scenario)):
        client.post(page(slug, what="move"), {"version": str(version), **move_data(move)})
    finished = GuidedAttempt.objects.get(pk=fresh.pk)
    assert finished.finished
    html = client.get(page(slug)).content.decode()
    assert "Hand complete" in html
    # The whole hand again, said as during the hand (the Italian walk: "Try again" there
    # is a step's retry).
    restart = re.search(r'<button [^>]*id="restart-finished"[^>]*>([^<]*)</button>', html)
    assert restart is not None and restart[1] == "Start the hand again"
    assert "Try again" not in html
    assert client.get(page(slug, what="restart")).status_code == 302
    response = client.post(page(slug, what="restart"), **HTMX)  # "Start the hand again"
    assert response.status_code == 200 and "Start this hand again?" not in response.content.decode()
    assert "Step 1 of" in response.content.decode()
    assert GuidedAttempt.objects.filter(finished=False, abandoned=False).get().moves == []
    assert GuidedResult.objects.get().completions == 1


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [False, True])
def test_a_finished_hands_way_on_comes_after_its_scoring(client: Client, htmx: bool) -> None:
    """The Gin walk at 320 px: "Start the hand again" and "Next: Going gin" came before
    "Score it yourself first" (the coach's panel is over the result): the next hand was
    offered before the hand was scored. The way on comes after the scoring, in the page's
    order (the screen's at every width: nothing reorders it)."""
    slug = "gin-01-first-knock"
    scenario = guided.get(slug)
    assert scenario is not None
    for version, move in enumerate(guided.right_line(scenario)):
        client.post(page(slug, what="move"), {"version": str(version), **move_data(move)})
    html = client.get(page(slug), **(HTMX if htmx else {})).content.decode()
    assert "Hand complete" in html
    scoring = html.index('class="score-yourself')
    for way_on in ('id="restart-finished"', 'id="next-guided"'):
        assert scoring < html.index(way_on), way_on
    assert html.index("Hand complete") < scoring


@pytest.mark.django_db
def test_another_legal_move_is_told_why_the_step_wants_its_own() -> None:
    """The pedagogy review: "That move is allowed, but it is not what this step is
    about" gave no why. Where a step has no words of its own for another move, the
    feedback names the step's move and the coach's reasons for it."""
    from game.engine import advise

    checked = 0
    for scenario in guided.library():
        progress = guided.replay(scenario, [])
        step = progress.step
        if step is None or step.other is not None:
            continue
        other = next(
            (
                r.move
                for r in advise(progress.hand, 0).moves
                if not step.accepts(progress.hand, r.move) and step.wrong_for(r.move) is None
            ),
            None,
        )
        right = guided.right_move(step, progress.hand)
        if other is None or right is None:
            continue
        client = Client()
        response = client.post(
            page(scenario.slug, what="move"), {"version": "0", **move_data(other)}, **HTMX
        )
        html = response.content.decode()
        assert "feedback--other" in html, scenario.slug
        assert "this step is about another one" in html, scenario.slug
        checked += 1
    assert checked >= 1


@pytest.mark.django_db
def test_a_hand_finished_before_it_gained_layout_steps_starts_afresh(client: Client) -> None:
    """gin-05 gained the defender's layoffs as steps: an attempt finished under the old
    file stops short of the end, so it is no longer the learner's hand (its stars stay);
    the page shows the deal, and a move there is the first of a new attempt."""
    slug = "gin-05-layoffs-chain"
    client.post(page(slug, what="move"), {"version": "0", "action": "draw_stock"})
    GuidedAttempt.objects.update(moves=["draw stock", "discard QD"], finished=True, version=2)
    html = client.get(page(slug)).content.decode()
    assert "Lay off your deadwood" not in html and "Step 1 of" in html
    response = client.post(
        page(slug, what="move"), {"version": "0", "action": "draw_stock"}, **HTMX
    )
    assert response.status_code == 200 and "feedback--right" in response.content.decode()
    fresh = GuidedAttempt.objects.filter(abandoned=False).get()
    assert fresh.moves == ["draw stock"] and fresh.mistakes == []


@pytest.mark.django_db
@pytest.mark.parametrize("what", ["move", "hint"])
def test_a_guided_move_costs_three_queries(client: Client, settings, what: str) -> None:  # type: ignore[no-untyped-def]
    """The speed issue: a guided move (or hint) once the attempt exists reads the
    attempt with its learner (the visitor cookie), with the rate limit's count sent with
    it (one statement on PostgreSQL, two elsewhere), and makes one conditional update,
    in no transaction of its own: nothing else, not even BEGIN and COMMIT."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    settings.RATE_LIMIT_ENABLED = True
    slug = "gin-01-first-knock"
    client.post(page(slug, what="move"), {"version": "0", **move_data(DrawStock())}, **HTMX)
    data = {"version": "1", "action": "draw_discard"} if what == "move" else {"version": "1"}
    with CaptureQueriesContext(connection) as queries:
        response = client.post(page(slug, what=what), data, **HTMX)
    assert response.status_code == 200
    if what == "move":
        assert "feedback--right" in response.content.decode()
    statements = [q["sql"] for q in queries.captured_queries]
    assert len(statements) == (2 if connection.vendor == "postgresql" else 3), statements
    attempt = GuidedAttempt.objects.get()
    assert attempt.version == 2 and (attempt.moves == ["draw discard"] or what == "hint")


@pytest.mark.django_db
def test_a_guided_move_goes_on_from_the_progress_the_move_before_left(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The speed issue: the next request of an attempt takes its progress from the
    process's cache (remembered by the move before), not from a replay of the hand; a
    process without it replays once, to the same place."""
    from game.guided import services

    slug = "gin-01-first-knock"
    replays = []
    original = guided.replay

    def counting(scenario, moves):  # type: ignore[no-untyped-def]
        replays.append(list(moves))
        return original(scenario, moves)

    monkeypatch.setattr(guided, "replay", counting)
    client.post(page(slug, what="move"), {"version": "0", "action": "draw_discard"}, **HTMX)
    replays.clear()
    html = client.get(page(slug), **HTMX).content.decode()
    assert replays == []
    services.clear_caches()
    again = client.get(page(slug), **HTMX).content.decode()

    def masked(text: str) -> str:  # the CSRF token is masked afresh on every page
        return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", text)

    assert masked(again) == masked(html) and 'value="1"' in html
    assert [[str(m) for m in moves] for moves in replays] == [["draw discard"]]


@pytest.mark.django_db
@pytest.mark.parametrize("slug", SLUGS)
def test_the_coachs_last_words_wait_for_the_learners_own_score(client: Client, slug: str) -> None:
    """The browser walk: the last step's "You score 70" stood just above "Who collects?".
    While the learner is to score the hand, the coach only says it is over; once they
    answer (or step into the walkthrough), the coach's words on the score are shown."""
    scenario = guided.get(slug)
    assert scenario is not None
    line = guided.right_line(scenario)
    for version, move in enumerate(line):
        response = client.post(
            page(slug, what="move"), {"version": str(version), **move_data(move)}, follow=True
        )
    html = response.content.decode()
    with translation.override("en"):
        words = str(text_html(scenario.steps[-1].right["en"]))
    assert "feedback--right" in html and "Hand complete" in html
    if "score-yourself__form" not in html:  # nobody collects (a void hand): nothing to score
        assert words in html
        return
    assert words not in html and "Work out the score yourself below" in html
    answered = client.get(page(slug), {"guess_player": "0", "guess_points": "1"}).content.decode()
    assert words in answered and "coach__closing" in answered
    assert words in client.get(page(slug), {"step": "1"}).content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "You said you collect 45 points."),
        ("lt", "Jūs atsakėte, kad gaunate 45 taškus."),
        ("ru", "Вы ответили, что получаете 45 очков."),
        ("it", "Hai risposto che incassi 45 punti."),
    ],
)
def test_a_wrong_score_naming_oneself_says_what_the_learner_said_in_words(
    client: Client, language: str, said: str
) -> None:
    """The English Gin week's walk ("Your first knock", scored wrong on purpose): "Not
    quite. You score 25 points. You said You, 45 points." The learner's own seat is
    called "You" in a guided hand, and was put in the sentence as a name. It says "You
    said you collect 45 points." now; another player is still named ("You said Ona, 45
    points.")."""
    slug = "gin-01-first-knock"
    scenario = guided.get(slug)
    assert scenario is not None
    for version, move in enumerate(guided.right_line(scenario)):
        client.post(page(slug, language, "move"), {"version": str(version), **move_data(move)})
    mine = client.get(page(slug, language), {"guess_player": "0", "guess_points": "45"})
    html = mine.content.decode()
    assert said in html, html
    assert "You said You" not in html
    theirs = client.get(page(slug, language), {"guess_player": "1", "guess_points": "45"})
    if language == "en":
        assert "You said Ona, 45 points." in theirs.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("how", [{"guess_player": "0", "guess_points": "1"}, {"step": "1"}])
def test_a_guided_hand_scored_stays_scored_across_a_reload(
    client: Client, how: dict[str, str]
) -> None:
    """The Lithuanian Knock walk (knock-01): "Score it yourself" answered, then a reload:
    the question was asked again (a practice table keeps the answer). The attempt
    remembers that the learner scored the hand (or stepped into its walkthrough): a later
    page shows the whole walkthrough and the coach's closing words, not the question; no
    answer, mistake, hint or version is counted for it. A hand started again asks again."""
    from game.guided.models import GuidedAttempt, GuidedResult

    slug = "knock-01-knock-early"
    scenario = guided.get(slug)
    assert scenario is not None
    for version, move in enumerate(guided.right_line(scenario)):
        client.post(page(slug, what="move"), {"version": str(version), **move_data(move)})
    attempt = GuidedAttempt.objects.get()
    counted = (attempt.version, attempt.mistakes, attempt.hints, attempt.stars)
    result = list(GuidedResult.objects.values())
    first = client.get(page(slug)).content.decode()
    assert "score-yourself__form" in first and 'class="score-step"' not in first
    answered = client.get(page(slug), how).content.decode()
    assert "score-yourself__form" not in answered
    for _reload in range(2):
        html = client.get(page(slug)).content.decode()
        assert "score-yourself__form" not in html and "coach__closing" in html
        assert html.count('class="score-step"') == answered.count('class="score-step"') or (
            "step" in how and html.count('class="score-step"') > 1
        )
        assert 'id="next-step"' not in html  # the whole walkthrough
    attempt.refresh_from_db()
    assert attempt.scored
    assert (attempt.version, attempt.mistakes, attempt.hints, attempt.stars) == counted
    assert list(GuidedResult.objects.values()) == result
    # Started again: the new hand's end asks again.
    client.post(page(slug, what="restart"), {"version": str(attempt.version)})
    for version, move in enumerate(guided.right_line(scenario)):
        client.post(page(slug, what="move"), {"version": str(version), **move_data(move)})
    assert "score-yourself__form" in client.get(page(slug)).content.decode()


@pytest.mark.django_db
def test_a_learner_who_shares_a_name_with_a_player_is_told_apart(client: Client) -> None:
    """The browser walk: a pupil called Ona saw "Ona" play against "Ona", and the
    coach's "Ona throws ..." could be either."""
    from learners.models import Learner

    slug = "gin-01-first-knock"
    scenario = guided.get(slug)
    assert scenario is not None
    first = guided.right_line(scenario)[0]
    client.post(page(slug, what="move"), {"version": "0", **move_data(first)})
    assert Learner.objects.count() == 1
    Learner.objects.update(display_name="ONA")
    html = client.get(page(slug)).content.decode()
    assert "ONA (you)" in html
    # Its seat says so, as every learner's does; the coach's and the scoring's words name
    # it plainly, there being no one to tell it apart from.
    Learner.objects.update(display_name="Rasa")
    html = client.get(page(slug)).content.decode()
    assert html.count("(you)") == 1 and '<span class="seat__name">Rasa (you)</span>' in html


@pytest.mark.django_db
def test_a_discard_where_the_step_wanted_a_knock_is_a_missed_knock(client: Client) -> None:
    """The browser walk: a pupil who discarded when the step said "knock now" was listed
    under "another discard"; the mistake is not knocking."""
    slug = "gin-01-first-knock"
    scenario = guided.get(slug)
    assert scenario is not None
    first, knock = guided.right_line(scenario)[:2]
    assert isinstance(knock, Knock)
    client.post(page(slug, what="move"), {"version": "0", **move_data(first)})
    response = client.post(
        page(slug, what="move"),
        {"version": "1", "action": "discard", "cards": [str(knock.discard)]},
        follow=True,
    )
    assert response.status_code == 200
    attempt = GuidedAttempt.objects.get()
    (mistake,) = attempt.mistakes
    assert mistake["code"] == "discard:knock"
    client.post(page(slug, what="move"), {"version": "2", **move_data(knock)})
    html = client.get(page(slug)).content.decode()
    assert "did not knock when the lesson wanted a knock" in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "named"),
    [
        ("en", "Meld 2♦ 3♦ 4♦ or meld 9♥ 10♥ J♥ Q♥."),
        ("lt", "Išdėti derinį 2♦ 3♦ 4♦ arba išdėti derinį 9♥ 10♥ V♥ D♥"),
        ("ru", "«Выложить комбинацию 2♦ 3♦ 4♦ или выложить комбинацию 9♥ 10♥ В♥ Д♥»."),
        ("it", "«Cala 2♦ 3♦ 4♦ o cala 9♥ 10♥ J♥ Q♥»."),
    ],
)
def test_a_step_that_takes_either_of_two_melds_names_both(
    client: Client, language: str, named: str
) -> None:
    """The newcomer's walk: discarding where basic-02 asks for one of two runs was told
    "this step is about another one: Meld 2♦ 3♦ 4♦", as if the hearts were wrong."""
    slug = "basic-02-stock-or-discard"
    client.post(
        page(slug, language, "move"), {"version": "0", **move_data(Move.parse("draw stock"))}
    )
    answer = client.post(
        page(slug, language, "move"),
        {"version": "1", **move_data(Move.parse("discard 6S"))},
        follow=True,
    )
    text = re.sub(r"<[^>]+>", "", shown(answer.content.decode()))
    assert named in text, text[text.find("feedback") :][:600]


@pytest.mark.django_db
def test_a_learner_named_as_a_player_meets_that_player_under_another_name(
    client: Client,
) -> None:
    """The teacher's walk: the pupil Giulia met "Giulia (tu)" against "Giulia ·
    mazziere", in a hand titled «Quando bussa Giulia». The hand's player is Chiara for
    her, in the title, the seats, the coach's words and the index."""
    from learners.models import Learner

    slug = "gin-05-layoffs-chain"
    scenario = guided.get(slug)
    assert scenario is not None
    wrong = scenario.steps[0].wrong[0].move
    client.post(page(slug, "it", "move"), {"version": "0", **move_data(wrong)})
    Learner.objects.update(display_name="Giulia")
    html = client.get(page(slug, "it")).content.decode()
    assert "Quando bussa Chiara" in html and "Quando bussa Giulia" not in html
    assert "Chiara" in re.search(r'<section class="seats".*?</section>', html, re.S)[0]  # type: ignore[index]
    assert "Giulia" not in html.replace("Giulia (tu)", "")
    said = client.post(page(slug, "it", "move"), {"version": "0", **move_data(wrong)})
    assert "Chiara" in said.content.decode()
    assert "Giulia" not in said.content.decode().replace("Giulia (tu)", "")
    index = client.get("/it/guided/").content.decode()
    assert "Quando bussa Chiara" in index and "Quando bussa Giulia" not in index
    # Another learner meets Giulia.
    Learner.objects.update(display_name="Marco")
    assert "Quando bussa Giulia" in client.get(page(slug, "it")).content.decode()


@pytest.mark.django_db
def test_a_malformed_score_at_a_guided_hands_end_keeps_what_was_typed(client: Client) -> None:
    """The Lithuanian walk (gin-02): "2O" under "Score it yourself" came back emptied, the
    page at its top. The player and the text are kept, the page opens at the form, and
    the points field takes the focus, described by the reason."""
    slug = "gin-02-groups-runs-discard"
    scenario = guided.get(slug)
    assert scenario is not None
    for version, move in enumerate(guided.right_line(scenario)):
        client.post(page(slug, what="move"), {"version": str(version), **move_data(move)})
    html = client.get(page(slug), {"guess_player": "0", "guess_points": "2O"}).content.decode()
    assert "Type a number" in html
    assert re.search(r'name="guess_player" value="0"[^>]*\bchecked\b', html)
    field = re.search(r'<input[^>]*name="guess_points"[^>]*>', html)
    assert field is not None and 'value="2O"' in field[0] and " autofocus" in field[0]
    assert 'id="score-answer"' in field[0]  # the page's anchor: focused without JavaScript
    assert 'aria-describedby="score-yourself-error"' in field[0]
    assert 'id="score-yourself-error"' in html
    action = re.search(r'<form method="get" action="[^"#]*#([\w-]+)"', html)
    assert action is not None and f'id="{action[1]}"' in html


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "lt", "ru"])
def test_a_learner_who_gave_no_name_is_you_not_a_default_name(
    client: Client, language: str
) -> None:
    """The Russian teacher's walk: a pupil who never gave a name met «Саша (вы)» at a
    guided hand's table ("Alex (you)", «Aleksas (jūs)»). Their seat, and the players to
    choose from in "Score it yourself", say "You"; the log says "You took ..." already,
    and the scoring speaks to them too ("You have 1 deadwood"): the default name,
    bare or marked as theirs, is nowhere on the page."""
    from game.board import yours
    from game.names import learner_default, learner_you

    slug = "gin-01-first-knock"
    scenario = guided.get(slug)
    assert scenario is not None
    with translation.override(language):
        you, default, marked = learner_you(), learner_default(), yours(learner_default())
    seat = f'<span class="seat__name">{you}</span>'
    first = client.get(page(slug, language)).content.decode()
    assert seat in first
    # The log's first line too (the new-features walk: "Alex (you) plays first").
    with translation.override(language):
        assert translation.gettext("The cards are dealt. You play first.") in first
    assert default not in first
    for version, move in enumerate(guided.right_line(scenario)):
        client.post(page(slug, language, "move"), {"version": str(version), **move_data(move)})
    for query in ({}, {"step": "all"}, {"guess_player": "0", "guess_points": "1"}):
        html = client.get(page(slug, language), query).content.decode()
        assert seat in html and f'<span class="seat__name">{marked}</span>' not in html
        if not query:  # to score it yourself: the players' hands, and whom to choose
            assert f'<p class="score-yourself__name" aria-hidden="true">{you}</p>' in html
        if "guess_points" in query:  # the answer, told to them: "You score 25 points."
            with translation.override(language):
                told = translation.ngettext(
                    "You score %(points)s point.", "You score %(points)s points.", 2
                ).split("%")[0]
            assert told in html and f"{you}: " not in html
        assert default not in html and marked not in html
    # A learner with a name is called by it, marked as theirs, as before.
    from learners.models import Learner

    Learner.objects.update(display_name="Rasa")
    html = client.get(page(slug, language)).content.decode()
    with translation.override(language):
        assert f'<span class="seat__name">{yours("Rasa")}</span>' in html
    assert default not in html


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [False, True])
def test_a_move_the_rules_forbid_keeps_its_cards_ticked(client: Client, htmx: bool) -> None:
    """The Lithuanian walk without JavaScript (basic-01): 8♥ laid off on the sevens
    came back "Not allowed." with no card ticked, and the three eights ticked next were
    refused as "pick at least three cards" (the 8♥ was no longer among them). The cards
    a forbidden move was sent with stay ticked, as at a practice table; the others not."""
    slug = "basic-01-groups-and-runs"
    headers = HTMX if htmx else {}
    right = client.post(
        page(slug, what="move"), {"version": "0", "action": "draw_stock"}, follow=True
    )
    assert right.status_code == 200
    sent = ["7D", "7H", "8C"]
    response = client.post(
        page(slug, what="move"), {"version": "1", "action": "meld", "cards": sent}, **headers
    )
    if not htmx:  # the hand's page, the refusal in its address
        assert response.status_code == 303 and "?refused=" in response["Location"]
        response = client.get(response["Location"])
    html = response.content.decode()
    assert response.status_code == (422 if htmx else 200) and "feedback--illegal" in html
    ticked = re.findall(
        r'<input type="checkbox"[^>]*name="cards" value="(\w\w)"[^>]*\bchecked\b', html
    )
    boxes = re.findall(r'<input type="checkbox"[^>]*name="cards" value="(\w\w)"', html)
    assert set(sent) <= set(boxes) and sorted(ticked) == sorted(sent)


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [False, True])
def test_the_hint_just_given_takes_the_focus_on_a_whole_page(client: Client, htmx: bool) -> None:
    """The Lithuanian walk without JavaScript: "Hint" reloaded the hand with the focus
    at the top of the page. A whole page answering "Hint" opens on the hint just given
    (the last of the ladder shown); htmx's swap is left to #announce, and the hand's
    page opened later, its hints still shown, focuses none of them (nor does the
    address a hint without JavaScript redirected to, once the hand has moved on)."""
    slug = "basic-01-groups-and-runs"
    headers = HTMX if htmx else {}
    for rung, version in ((1, "0"), (2, "1")):
        answer = client.post(page(slug, what="hint"), {"version": version}, **headers)
        # Without JavaScript, a redirect to the hand's page: a reload sends nothing.
        assert answer.status_code == (200 if htmx else 303)
        for _reload in range(1 if htmx else 2):
            html = answer.content if htmx else client.get(answer["Location"]).content
            hints = html.decode().split('<ol class="coach__hints">', 1)[1].split("</ol>", 1)[0]
            items = re.findall(r"<li[^>]*>", hints)
            assert len(items) == rung
            assert [" autofocus" in item for item in items] == [False] * (rung - 1) + [not htmx]
    assert len(GuidedAttempt.objects.get().hints) == 2
    later = client.get(page(slug)).content.decode()
    assert later.count("<li", later.index("coach__hints")) >= 2
    hints = later.split('<ol class="coach__hints">', 1)[1].split("</ol>", 1)[0]
    assert "autofocus" not in hints
    client.post(page(slug, what="move"), {"version": "2", "action": "draw_stock"}, **HTMX)
    moved_on = client.get(page(slug) + "?hinted=2").content.decode()
    assert (
        "coach__hints" not in moved_on
        or "autofocus"
        not in moved_on.split('<ol class="coach__hints">', 1)[-1].split("</ol>", 1)[0]
    )


@pytest.mark.django_db
def test_arrange_switched_off_stays_off_without_javascript(client: Client) -> None:
    """The walk without JavaScript (as at a practice table): Arrange switched off came
    back on after "Try again", "Continue anyway", "Keep playing" and starting the hand
    again (their links and forms did not say it). They keep it off."""
    slug = "gin-01-first-knock"
    off = {"arrange": "0"}
    data = {"version": "0", "action": "draw_stock", **off}
    first = client.post(page(slug, what="move"), data, follow=True)  # to the page, with it
    html = first.content.decode()
    assert 'class="arranged"' not in html and "Continue anyway" in html
    feedback = re.search(r'<form [^>]*class="feedback__actions".*?</form>', html, re.S)
    assert feedback is not None and 'name="arrange" value="0"' in feedback[0]
    assert f'href="{page(slug)}?arrange=0#table-status"' in feedback[0]  # "Try again"
    data = {"version": "1", "action": "draw_stock", "continue": "1", **off}
    went_on = client.post(page(slug, what="move"), data, follow=True).content.decode()
    assert "feedback--played" in went_on and 'class="arranged"' not in went_on
    restart = re.search(r'<form [^>]*action="[^"]*/restart/".*?</form>', went_on, re.S)
    assert restart is not None and 'name="arrange" value="0"' in restart[0]
    asked = client.post(page(slug, what="restart"), {"version": "2", **off}).content.decode()
    question = re.search(r'<div class="confirm" id="restart-question".*?</div>', asked, re.S)
    assert question is not None and 'name="arrange" value="0"' in question[0]
    assert f'id="restart-keep" href="{page(slug)}?arrange=0#table-status"' in question[0]
    started = client.post(page(slug, what="restart"), {"version": "2", "confirm": "1", **off})
    assert (
        started.status_code == 303 and started["Location"] == f"{page(slug)}?arrange=0#table-status"
    )
    assert 'class="arranged"' not in client.get(started["Location"]).content.decode()
    # Arranged (the first view), the links say nothing.
    assert "arrange=0" not in client.get(page(slug)).content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [False, True])
def test_a_layoff_the_rules_forbid_keeps_its_meld_chosen(client: Client, htmx: bool) -> None:
    """The walk without JavaScript: a card laid off onto a meld it does not fit came
    back with the card ticked but no meld chosen (it had to be picked again). The meld
    it was sent with stays chosen too; the others not."""
    slug = "basic-01-groups-and-runs"
    client.post(page(slug, what="move"), {"version": "0", "action": "draw_stock"})
    laid = {"version": "1", "action": "meld", "cards": ["7S", "7H", "7D"]}
    html = client.post(page(slug, what="move"), laid, follow=True).content.decode()
    melds = re.findall(r'<input type="radio" name="meld" value="(\d+)"', html)
    assert len(melds) == 1
    data = {"version": "2", "action": "lay_off", "cards": ["8D"], "meld": melds[0]}
    response = client.post(page(slug, what="move"), data, **(HTMX if htmx else {}))
    if not htmx:  # the hand's page, the refusal in its address
        assert response.status_code == 303 and "?refused=" in response["Location"]
        response = client.get(response["Location"])
    html = response.content.decode()
    assert response.status_code == (422 if htmx else 200) and "feedback--illegal" in html
    chosen = re.findall(r'<input type="radio" name="meld" value="(\d+)"[^>]*\bchecked\b', html)
    assert chosen == melds
    assert re.search(r'name="cards" value="8D"[^>]*\bchecked\b', html)


def _amber_question(html: str) -> bool:
    """The coach's amber question with its two answers on the page."""
    return (
        "feedback--other" in html
        and "Allowed, but not the point." in html
        and "Try again" in html
        and "Continue anyway" in html
    )


@pytest.mark.django_db
def test_an_amber_move_without_javascript_redirects_and_a_reload_asks_again(
    client: Client,
) -> None:
    """The Lithuanian walk without JavaScript (basic-01): "take the discard", questioned
    by the coach, then the page reloaded: the browser sent the move again, and the page
    said the hand had moved on, the question and its answers gone. A move without
    JavaScript now answers with a redirect to the hand's page, which shows the coach's
    question; reloading it (a GET) shows it again and counts nothing more."""
    slug = "basic-01-groups-and-runs"
    response = client.post(page(slug, "lt", "move"), {"version": "0", "action": "draw_discard"})
    assert response.status_code == 303
    address = response["Location"]
    assert address.startswith(page(slug, "lt") + "?answered=")
    attempt = GuidedAttempt.objects.get()
    assert attempt.moves == [] and len(attempt.mistakes) == 1 and attempt.version == 1
    with translation.override("lt"):
        lead = translation.gettext("Allowed, but not the point.")
    for _reload in range(2):
        html = client.get(address).content.decode()
        assert "feedback--other" in html and lead in html
        # "Continue anyway" sends the move questioned, at the version the page shows.
        actions = html.split('class="feedback__actions"', 1)[1].split("</form>", 1)[0]
        assert '<input type="hidden" name="action" value="draw_discard">' in actions
        assert '<input type="hidden" name="version" value="1">' in actions
        assert "hand has moved on" not in html and "jau nuėjo toliau" not in html
    attempt.refresh_from_db()
    assert attempt.version == 1 and len(attempt.mistakes) == 1
    # In English, the same address (another language's page reads the same token).
    english = client.get(address.replace("/lt/", "/en/", 1)).content.decode()
    assert _amber_question(english)
    # "Try again" is the page without the question; "Continue anyway" plays the move.
    assert "feedback--other" not in client.get(page(slug)).content.decode()
    played = client.post(
        page(slug, what="move"),
        {"version": "1", "action": "draw_discard", "continue": "1"},
        follow=True,
    )
    html = played.content.decode()
    assert played.status_code == 200 and "feedback--played" in html
    assert not _amber_question(html)
    assert client.get(played.redirect_chain[-1][0]).content.decode().count("feedback--played")
    attempt.refresh_from_db()
    assert attempt.moves == ["draw discard"] and attempt.version == 2


@pytest.mark.django_db
def test_a_right_move_without_javascript_shows_the_verdict_after_the_redirect(
    client: Client,
) -> None:
    """A right move without JavaScript: the redirect's page says "Right!" with the
    step's words (in the page's language), and a reload says it again and makes nothing;
    once the hand moves on, the old address shows the hand as it is, without it."""
    slug = "gin-01-first-knock"
    scenario = guided.get(slug)
    assert scenario is not None
    response = client.post(
        page(slug, what="move"), {"version": "0", "action": "draw_discard", "arrange": "0"}
    )
    assert response.status_code == 303 and "arrange=0" in response["Location"]
    said = str(text_html(scenario.steps[0].right["en"]))
    for _reload in range(2):
        html = client.get(response["Location"]).content.decode()
        assert "feedback--right" in html and "Right!" in html and said in html
    attempt = GuidedAttempt.objects.get()
    assert attempt.moves == ["draw discard"] and attempt.version == 1
    client.post(page(slug, what="hint"), {"version": "1"}, **HTMX)
    assert "feedback--" not in client.get(response["Location"]).content.decode()


@pytest.mark.django_db
def test_a_verdict_address_is_the_learners_own(client: Client) -> None:
    """The verdict in the address is signed for the learner who moved: another visitor
    opening it, or a token altered, sees the page without it (and nothing changes)."""
    slug = "basic-01-groups-and-runs"
    response = client.post(page(slug, what="move"), {"version": "0", "action": "draw_discard"})
    address = response["Location"]
    assert _amber_question(client.get(address).content.decode())
    assert "feedback--" not in Client().get(address).content.decode()
    assert "feedback--" not in client.get(address[:-3] + "xyz").content.decode()
    assert GuidedAttempt.objects.count() == 1


@pytest.mark.django_db
def test_a_guided_move_with_htmx_still_gets_the_partial(client: Client) -> None:
    """htmx is answered as before: the ``table`` partial with the verdict, no redirect."""
    slug = "basic-01-groups-and-runs"
    response = client.post(
        page(slug, what="move"), {"version": "0", "action": "draw_discard"}, **HTMX
    )
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html and _amber_question(html)


def _ticked(html: str) -> list[str]:
    """The cards ticked on a page's hand form, sorted."""
    return sorted(
        re.findall(r'<input type="checkbox"[^>]*name="cards" value="(\w\w)"[^>]*\bchecked\b', html)
    )


def _feedback(html: str) -> str:
    """The coach's feedback on a page ("" for none)."""
    found = re.search(r'<div class="feedback feedback--.*?</div>', html, re.S)
    return found[0] if found else ""


#: basic-01 after its first move (the stock): a meld the rules forbid (7♦ 7♥ 8♣).
FORBIDDEN = {"version": "1", "action": "meld", "cards": ["7D", "7H", "8C"]}


def _forbidden_move(client: Client, language: str = "en", **extra: str) -> str:
    """basic-01's first move, then :data:`FORBIDDEN` without JavaScript: the address it
    redirects to."""
    slug = "basic-01-groups-and-runs"
    client.post(page(slug, what="move"), {"version": "0", "action": "draw_stock"})
    response = client.post(page(slug, language, "move"), {**FORBIDDEN, **extra})
    assert response.status_code == 303
    return str(response["Location"])


@pytest.mark.django_db
def test_a_forbidden_move_without_javascript_redirects_and_a_reload_shows_the_refusal(
    client: Client,
) -> None:
    """The Lithuanian walk without JavaScript: a meld the rules forbid answered with the
    page at once (422), and reloading it sent the move again: "the hand has moved on",
    the refusal and the ticked cards gone. The move now redirects to the hand's page,
    the refusal signed into its address: it shows the refusal as the move's answer with
    JavaScript does, in the page's language, the same cards ticked, and so does a
    reload; nothing more is counted."""
    slug = "basic-01-groups-and-runs"
    address = _forbidden_move(client, "lt")
    assert address.startswith(page(slug, "lt") + "?refused=")
    attempt = GuidedAttempt.objects.get()
    assert attempt.moves == ["draw stock"] and len(attempt.mistakes) == 1
    assert attempt.version == 2
    # The same move with htmx, from another learner at the same place: its refusal.
    other = Client()
    other.post(page(slug, what="move"), {"version": "0", "action": "draw_stock"})
    partial = other.post(page(slug, "lt", "move"), FORBIDDEN, **HTMX).content.decode()
    said = _feedback(partial)
    assert "feedback--illegal" in said
    with translation.override("lt"):
        lead = translation.gettext("Not allowed.")
    assert lead in said and lead != "Not allowed."
    for _reload in range(2):
        response = client.get(address)
        html = response.content.decode()
        # The same words, the focus on them (htmx's swap too: the Lithuanian walk).
        focus = ' tabindex="-1" autofocus'
        assert response.status_code == 200 and focus in _feedback(html)
        assert _feedback(html) == said
        assert _ticked(html) == sorted(FORBIDDEN["cards"])
        assert "hand has moved on" not in html and "jau nuėjo toliau" not in html
    attempt.refresh_from_db()
    assert attempt.version == 2 and len(attempt.mistakes) == 1
    # The address read in English: the same refusal, in English (the reason travels,
    # not its sentence).
    english = client.get(address.replace("/lt/", "/en/", 1)).content.decode()
    assert "feedback--illegal" in english and "Not allowed." in english
    assert _ticked(english) == sorted(FORBIDDEN["cards"])


@pytest.mark.django_db
def test_a_refusal_address_is_the_learners_own_and_at_its_version(client: Client) -> None:
    """The refusal in the address is signed for the learner who moved, at the version of
    their attempt it left: another visitor, a token altered, or the hand moved on since
    (another move) shows the page without it, nothing ticked, and changes nothing."""
    slug = "basic-01-groups-and-runs"
    address = _forbidden_move(client)
    assert "feedback--illegal" in client.get(address).content.decode()
    for html in (
        Client().get(address).content.decode(),
        client.get(address[:-3] + "xyz").content.decode(),
        client.get(address.replace("?refused=", "?refused=x")).content.decode(),
    ):
        assert "feedback--" not in html and _ticked(html) == []
    assert GuidedAttempt.objects.count() == 1
    # A second forbidden move: the first address no longer shows its refusal.
    second = client.post(
        page(slug, what="move"), {"version": "2", "action": "meld", "cards": ["2H", "3C", "4C"]}
    )
    assert second.status_code == 303 and second["Location"] != address
    stale = client.get(address).content.decode()
    assert "feedback--" not in stale and _ticked(stale) == []
    assert _ticked(client.get(second["Location"]).content.decode()) == ["2H", "3C", "4C"]
    # The step's meld made: the second's address shows the hand as it is.
    made = {"version": "3", "action": "meld", "cards": ["7S", "7H", "7D"]}
    assert client.post(page(slug, what="move"), made).status_code == 303
    assert GuidedAttempt.objects.get().moves[-1].startswith("meld")
    after = client.get(second["Location"]).content.decode()
    assert "feedback--illegal" not in after and _ticked(after) == []


@pytest.mark.django_db
def test_a_forbidden_move_keeps_arrange_off_after_its_redirect(client: Client) -> None:
    """A forbidden move sent with Arrange switched off comes back to a page with it off."""
    address = _forbidden_move(client, arrange="0")
    assert "arrange=0" in address
    html = client.get(address).content.decode()
    assert "feedback--illegal" in html and 'class="arranged"' not in html


@pytest.mark.django_db
@pytest.mark.parametrize("arrange", ["0", "1"])
def test_the_next_guided_hand_keeps_arrange_off(client: Client, arrange: str) -> None:
    """The walk without JavaScript: Arrange switched off stayed off through every post
    of a guided hand, but its "Next" link opened the next hand with it on again. The
    link keeps it off (and says nothing when it is on, the default). (No lesson is
    loaded here: the hand is on no path, its "Next" is the library's next hand; the
    path's next step: tests/site/test_path.py.)"""
    scenario = guided.get("basic-01-groups-and-runs")
    assert scenario is not None
    library = [s for s in guided.library() if s.game is scenario.game]
    following = page(library[library.index(scenario) + 1].slug)
    response = None
    for version, move in enumerate(guided.right_line(scenario)):
        data = {"version": str(version), "arrange": arrange, **move_data(move)}
        response = client.post(page(scenario.slug, what="move"), data)
        assert response.status_code == 303
    assert response is not None
    html = client.get(response["Location"]).content.decode()
    found = re.search(r'id="next-guided" href="([^"]+)"', html)
    wanted = following + ("?arrange=0" if arrange == "0" else "") + "#table-status"
    assert found is not None and found[1] == wanted
    opened = client.get(found[1]).content.decode()
    assert ('class="arranged"' in opened) is (arrange == "1")


def _forbidden_wrong_moves() -> list[tuple[str, int]]:
    """Each hand's steps that have words for a move the rules forbid there: (the hand's
    slug, the step's number)."""
    found = []
    for scenario in guided.library():
        line = guided.right_line(scenario)
        for step in scenario.steps:
            hand = guided.replay(scenario, line[: step.number - 1]).hand
            if any(not hand.is_legal(w.move, 0) for w in step.wrong):
                found.append((scenario.slug, step.number))
                break
    return found


@pytest.mark.django_db
@pytest.mark.parametrize(("slug", "number"), _forbidden_wrong_moves())
def test_a_forbidden_move_keeps_the_hands_own_words_after_its_redirect(
    client: Client, slug: str, number: int
) -> None:
    """A move the rules forbid, for which the hand has its own words: without JavaScript
    the page it redirects to says them (in the page's language), with the engine's
    reason."""
    scenario = guided.get(slug)
    assert scenario is not None
    line = guided.right_line(scenario)
    for version, move in enumerate(line[: number - 1]):
        client.post(page(slug, what="move"), {"version": str(version), **move_data(move)})
    hand = guided.replay(scenario, line[: number - 1]).hand
    wrong = next(w for w in scenario.steps[number - 1].wrong if not hand.is_legal(w.move, 0))
    data = {"version": str(number - 1), **move_data(wrong.move)}
    response = client.post(page(slug, "ru", "move"), data)
    assert response.status_code == 303 and "?refused=" in response["Location"]
    html = client.get(response["Location"]).content.decode()
    with translation.override("ru"):
        said = str(text_html(wrong.say["ru"]))
        lead = translation.gettext("Not allowed.")
    assert "feedback--illegal" in html and lead in html and said in html


@pytest.mark.django_db
def test_without_javascript_the_page_after_a_move_opens_at_the_coach(client: Client) -> None:
    """The walk on a phone without JavaScript: after a move the hand's page came back at
    its top, the coach's word on it a screen below. A move the coach calls right (or one
    played anyway) opens the page at the coach (``#table-status``: what the move did and
    the next step, over the hand). Where the page puts the focus itself, the address has
    no fragment (a browser skips autofocus on a page opened at one): the coach's question
    on another move ("Try again" focused), the hint just given, the finished hand's
    "Score it yourself"."""
    slug = "gin-01-first-knock"
    scenario = guided.get(slug)
    assert scenario is not None
    asked = client.post(page(slug, what="move"), {"version": "0", **move_data(DrawStock())})
    assert asked.status_code == 303 and "#" not in asked["Location"]
    html = client.get(asked["Location"]).content.decode()
    focused = re.findall(r"<[^>]* autofocus[^>]*>", html)
    assert len(focused) == 1 and html.split(focused[0], 1)[1].startswith("Try again</a>")
    right = client.post(page(slug, what="move"), {"version": "1", "action": "draw_discard"})
    assert right.status_code == 303 and right["Location"].endswith("#table-status")
    html = client.get(right["Location"]).content.decode()
    assert '<section class="coach coach--guided" id="table-status"' in html
    assert "feedback--right" in html.split('id="table-status"', 1)[1]
    hinted = client.post(page(slug, what="hint"), {"version": "2"})
    assert hinted.status_code == 303 and hinted["Location"].endswith("?hinted=3")
    knock = Knock(scenario.steps[1].expect[0].discard)  # type: ignore[union-attr]
    ended = client.post(page(slug, what="move"), {"version": "3", **move_data(knock)})
    assert ended.status_code == 303 and "#" not in ended["Location"]
    html = client.get(ended["Location"]).content.decode()
    focused = re.findall(r"<[^>]* autofocus[^>]*>", html)
    assert len(focused) == 1 and 'name="guess_player"' in focused[0]


@pytest.mark.django_db
def test_without_javascript_a_language_button_opens_the_hand_where_the_form_did(
    client: Client,
) -> None:
    """The walk without JavaScript: after a move the hand's page opened at the coach
    (``#table-status``), and a language button sent the learner to the same hand in
    Russian at its top (the browser never sends a fragment; the buttons' ``next`` had
    none). Every redirect's address is the buttons' next on the page it leads to,
    fragment and all (the coach's question, a right move, the hint, a forbidden move,
    the finished hand's "Score it yourself", "Start the hand again"), and the Russian
    page opens there too; the hand opened by its link (at the coach) as well."""
    slug = "gin-01-first-knock"
    scenario = guided.get(slug)
    assert scenario is not None
    plain = client.get(page(slug)).content.decode()
    assert switcher_next(plain) == page(slug) + "#table-status"
    assert switched(client, plain, "ru") == page(slug, "ru") + "#table-status"
    answers = []

    def followed(response: Any) -> None:
        answers.append(opened_where_sent(client, response, "ru"))

    followed(client.post(page(slug, what="move"), {"version": "0", **move_data(DrawStock())}))
    followed(client.post(page(slug, what="move"), {"version": "1", "action": "draw_discard"}))
    followed(client.post(page(slug, what="hint"), {"version": "2"}))

    def version() -> str:
        return str(GuidedAttempt.objects.get().version)

    again = {"version": version(), **move_data(DrawStock())}  # drawn already: forbidden
    followed(client.post(page(slug, what="move"), again))
    knock = Knock(scenario.steps[1].expect[0].discard)  # type: ignore[union-attr]
    followed(client.post(page(slug, what="move"), {"version": version(), **move_data(knock)}))
    followed(client.post(page(slug, what="restart"), {"arrange": "0"}))  # finished: at once
    assert [a.partition("?")[2].partition("=")[0] for a in answers] == [
        "answered",
        "answered",
        "hinted",
        "refused",
        "answered",
        "arrange",
    ]
    assert [a.endswith("#table-status") for a in answers] == [0, 1, 0, 0, 0, 1]


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [False, True])
def test_a_move_the_rules_forbid_opens_on_the_coachs_reason(client: Client, htmx: bool) -> None:
    """A move the rules forbid (nothing made): without JavaScript the whole page opened
    at its top, the coach's "Not allowed." a screen below (a role=alert already on the
    page when it loads is seldom read out). The page it redirects to (``?refused=``, no
    fragment) opens with the focus on it (autofocus); so does htmx's swap (422), which
    left it to #announce and the focus on the card ticked (the Lithuanian walk): the
    live region is quiet then, not to say it twice."""
    slug = "gin-01-first-knock"
    scenario = guided.get(slug)
    assert scenario is not None
    wrong = Discard(guided.replay(scenario, []).hand.cards(0)[0])  # before drawing
    response = client.post(
        page(slug, what="move"), {"version": "0", **move_data(wrong)}, **(HTMX if htmx else {})
    )
    if htmx:
        assert response.status_code == 422
    else:
        assert response.status_code == 303 and "#" not in response["Location"]
        response = client.get(response["Location"])
        assert response.status_code == 200
    html = response.content.decode()
    said = re.search(r'<div class="feedback feedback--illegal"[^>]*>', html)
    assert said is not None
    assert " autofocus" in said[0] and 'tabindex="-1"' in said[0]
    # Read where it takes the focus, once: no alert as well (the Russian screen-reader
    # walk: swapped in, the alert was said, then the focus read it again).
    assert 'role="group"' in said[0] and "aria-live" not in said[0]
    assert 'aria-labelledby="feedback-said' in said[0] and 'id="feedback-said"' in html
    assert html.count(" autofocus") == 1
    if htmx:
        assert re.search(r'<div id="announce"[^>]*></div>', html)


@pytest.mark.django_db
def test_the_learners_own_seat_has_its_own_dealer_and_turn_tags(client: Client) -> None:
    """The Russian pupil's walk: the learner's seat read «Вы · сдаёт · ходит», the shared
    third-person tags beside "you" (the projector's class seat had the same). The
    learner's own seat has its own tags (a context: «сдаёте», «ваш ход»); Ola's keep
    "dealer" and "to play"."""
    from unittest import mock

    from game.templatetags import cards

    def marked(context: str, msgid: str) -> str:
        return f"[{context}|{msgid}]"

    cards._seat_tags.cache_clear()
    cards._seat_html.cache_clear()
    try:
        with mock.patch.object(cards, "pgettext", marked):
            # gin-05: Ola deals and plays first; the learner's turn comes at once.
            html = client.get(page("gin-05-layoffs-chain")).content.decode()
    finally:
        cards._seat_tags.cache_clear()
        cards._seat_html.cache_clear()
    seats = re.findall(r'<li class="seat[^"]*".*?</li>', html, re.S)
    mine = next(s for s in seats if "seat--you" in s)
    theirs = next(s for s in seats if "seat--you" not in s)
    assert "[the learner&#x27;s own seat|dealer]" in mine
    assert "[the learner&#x27;s own seat|your turn]" in mine
    assert ">to play<" not in mine and ">dealer<" not in mine
    assert "[the learner" not in theirs


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "lt", "ru", "it"])
def test_the_walkthrough_of_a_guided_hand_speaks_to_the_learner(
    client: Client, language: str
) -> None:
    """The Russian pupil's walk: the walkthrough said «Саша (вы) стучит» (en "Alex (you)
    knocks") while the learner's seat on the same page said «Вы». Every guided hand's
    scoring, played to its end, tells the learner's own lines in the second person ("You
    have 1 deadwood, no more than the limit of 10", "Ona pays you 7 − 3 = 4"), with no
    name marked as theirs, in every language."""
    from game import explain
    from game.board import yours
    from game.engine import SettleStep, StepCode

    with translation.override(language):
        mark = yours("").strip()
        knock = explain.settlement_step(
            SettleStep(StepCode.KNOCK, {"player": 0, "deadwood": 1, "limit": 10}),
            ["Alex"],
            you=0,
            headed=True,
        )
    for scenario in guided.library():
        slug = scenario.slug
        for version, move in enumerate(guided.right_line(scenario)):
            client.post(page(slug, language, "move"), {"version": str(version), **move_data(move)})
        html = shown(client.get(page(slug, language), {"step": "all"}).content.decode())
        assert 'class="score-step"' in html or slug == "gin-07-void-hand", slug
        assert mark not in html, (slug, mark)
        if slug == "gin-01-first-knock":
            assert knock in html, knock


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "lt", "ru", "it"])
def test_the_walkthrough_says_once_how_the_hand_ended(client: Client, language: str) -> None:
    """The walk: a Gin walkthrough opened "You knocked." over "You knock with 2 deadwood
    (the limit is 10).": the knock said twice. Knock Rummy said "You knocked." then "You
    knocked with the lowest deadwood", Basic Rummy "You went rummy!" then "You went out
    and score 26 points. You went rummy: 26 doubled is 52.", going gin "You went gin!"
    then "You go gin: ...". Under the headline the steps say the rest only ("You have 2
    deadwood, no more than the limit of 10."), in every guided hand played to its end
    (Gin, Knock Rummy and Basic Rummy, the knock, gin, going out and rummy), in every
    language."""
    from html import unescape

    from game.engine import StepCode

    again = {StepCode.KNOCK, StepCode.GIN, StepCode.KNOCKER_LOWEST, StepCode.WENT_OUT}
    again |= {StepCode.WENT_RUMMY}
    ended: set[StepCode] = set()
    for scenario in guided.library():
        slug = scenario.slug
        for version, move in enumerate(guided.right_line(scenario)):
            client.post(page(slug, language, "move"), {"version": str(version), **move_data(move)})
        html = client.get(page(slug, language), {"step": "all"}).content.decode()
        state = guided.replay(scenario, guided.right_line(scenario))
        result = state.hand.result
        if result is None:
            continue
        names = scenario.names[language]
        steps = shown(html.split('class="score-steps"', 1)[-1].split("</ol>", 1)[0])
        steps = unescape(re.sub(r"<[^>]+>", "", steps))
        for step in explain.told_steps(result.settlement):
            if step.code not in again:
                continue
            ended.add(step.code)
            with translation.override(language):
                game = result.settlement.game
                twice = explain.settlement_step(step, names, game=game, you=guided.LEARNER)
                once = explain.settlement_step(
                    step, names, game=game, you=guided.LEARNER, headed=True
                )
            assert once in steps and twice not in steps, (slug, twice)
    assert ended == again  # every way of ending a hand that a step said again


@pytest.mark.django_db
def test_score_it_yourself_shows_the_learner_s_knocking_hand_arranged(client: Client) -> None:
    """The walk: "Score it yourself" after the learner's knock showed their hand as dealt,
    its melds scattered among the deadwood, while the question is about those. Their
    hand stands arranged, as the board drew it and the knock's question showed it: each
    meld labelled, then the deadwood; the other hands as they were shown. With Arrange
    off (the learner arranges their cards themselves), as dealt."""
    from game.board import arranged
    from game.guided.services import guided_state

    slug = "knock-01-knock-early"
    scenario = guided.get(slug)
    assert scenario is not None
    for version, move in enumerate(guided.right_line(scenario)):
        client.post(page(slug, what="move"), {"version": str(version), **move_data(move)})
    attempt = GuidedAttempt.objects.get()
    state = guided_state(scenario=scenario, attempt=attempt, learner=attempt.learner)
    result = state.hand.result
    assert result is not None and result.player == state.me
    html = client.get(page(slug)).content.decode()
    hands = html.split('class="score-yourself__hands"', 1)[1].split(
        'class="score-yourself__form', 1
    )[0]
    kept = arranged(result.hands[state.me], ace_high=False)
    assert kept.melds and kept.deadwood_cards
    own = re.findall(
        r'<ul class="hand[^"]* score-yourself__own" aria-label="([^"]+)">(.*?)</ul>', hands, re.S
    )
    labels = [label for label, _cards in own]
    assert labels == [f"You: {'Run' if m.kind.name == 'RUN' else 'Group'}" for m in kept.melds] + [
        "You: Deadwood cards"
    ], labels
    drawn = re.findall(r'data-card="(\w\w)"', "".join(cards for _label, cards in own))
    assert drawn == [str(c) for c in kept.cards], drawn
    off = client.get(page(slug) + "?arrange=0").content.decode()
    assert "score-yourself__hands" in off and "score-yourself__own" not in off
    assert [str(c) for c in result.hands[state.me]] != [str(c) for c in kept.cards]  # dealt


@pytest.mark.django_db
def test_a_guided_hand_s_page_says_its_prompt_once(client: Client) -> None:
    """The Russian screen-reader walk: read from the top, a guided hand's page said the
    coach's prompt twice, first from the live region under the title (#announce, filled
    with it as the page was drawn; a live region's first words are not announced
    anyway), then under "Step 1 of 7". The live region starts empty; an htmx swap still
    fills it."""
    html = client.get(page("basic-01-groups-and-runs", "ru")).content.decode()
    announce = re.search(r'<div id="announce"[^>]*>(.*?)</div>', html, re.S)
    assert announce is not None and announce.group(1) == ""
    prompt = re.search(r'<p class="coach__prompt">(.*?)</p>', html, re.S)
    assert prompt is not None and "Первый ход" in prompt.group(1)
    assert html.count("Первый ход — ваш.") == 1
    swap = client.post(
        page("basic-01-groups-and-runs", "ru", "move"),
        {"version": "0", "action": "draw_stock"},
        HTTP_HX_REQUEST="true",
    ).content.decode()
    said = re.search(r'<div id="announce"[^>]*>(.*?)</div>', swap, re.S)
    assert said is not None and "Верно!" in said.group(1)


@pytest.mark.django_db
def test_a_right_move_s_verdict_is_said_once_by_the_live_region(client: Client) -> None:
    """The Russian screen-reader walk: after a right move htmx swapped in the coach's
    "Верно! …" as a live region of its own (role=status) while #announce said it with
    the next step: twice. #announce says it; the verdict on the board is no live region."""
    html = client.post(
        page("basic-01-groups-and-runs", "ru", "move"),
        {"version": "0", "action": "draw_stock"},
        HTTP_HX_REQUEST="true",
    ).content.decode()
    verdict = re.search(r'<div class="feedback feedback--right"[^>]*>', html)
    assert verdict is not None and "role=" not in verdict[0] and "aria-live" not in verdict[0]
    said = re.search(r'<div id="announce"[^>]*>(.*?)</div>', html, re.S)
    assert said is not None and said.group(1).startswith("Верно!")


@pytest.mark.django_db
def test_a_guided_hands_cards_have_a_heading_to_jump_to(client: Client) -> None:
    """As at a practice table (the Russian screen-reader walk): the hand and its buttons
    come under a heading of their own, after the piles' (and the coach's step) and
    before the log's."""
    from tests.practice.test_views import table_headings

    html = client.get(page("basic-03-laying-off")).content.decode()
    headings = table_headings(html)
    assert headings[-2:] == ["Your cards", "What happened"], headings
    assert headings.index("Stock and discard pile") < headings.index("Your cards")


@pytest.mark.django_db
def test_a_guided_layoff_is_logged_with_the_meld_it_went_onto(client: Client) -> None:
    """As at a practice table (the Russian screen-reader walk): the log's line of a
    layoff names the meld it went onto ("You laid off 8♥ onto 7♣ 7♦ 7♥.")."""
    from game.engine import LayOff

    slug = "basic-03-laying-off"
    scenario = guided.get(slug)
    assert scenario is not None
    html = client.get(page(slug)).content.decode()
    for step in scenario.steps:
        move = step.expect[0]
        version = re.search(r'data-version="(\d+)"', html).group(1)  # type: ignore[union-attr]
        html = client.post(
            page(slug, what="move"), {"version": version, **move_data(move)}, **HTMX
        ).content.decode()
        if isinstance(move, LayOff):
            break
    else:
        pytest.fail(f"{slug} has no layoff")
    log = re.search(r'<ol class="log__lines[^>]*>(.*?)</ol>', html, re.S).group(1)  # type: ignore[union-attr]
    last = shown(re.findall(r"<li>(.*?)</li>", log)[-1])
    assert last.startswith(f"You laid off {explain.card_short(move.card)} onto "), last


@pytest.mark.django_db
@pytest.mark.parametrize("slug", SLUGS)
def test_a_finished_hand_opens_where_its_language_buttons_send_it(
    client: Client, slug: str
) -> None:
    """The last move's redirect and the finished hand's page agree on where it opens: at
    "Score it yourself" (its top: autofocus) while there is a score to work out, at the
    coach (``#table-status``) when nobody collects (a void hand: nothing to score). The
    redirect sent every finished hand to its top, while the page's buttons (its
    ``page_anchor``) sent a void one to the coach."""
    scenario = guided.get(slug)
    assert scenario is not None
    line = guided.right_line(scenario)
    for version, move in enumerate(line):
        response = client.post(
            page(slug, what="move"), {"version": str(version), **move_data(move)}
        )
    address = opened_where_sent(client, response, "ru")
    html = client.get(address).content.decode()
    to_score = "score-yourself__form" in html
    assert address.endswith("#table-status") != to_score, address


def move_buttons(html: str) -> dict[str, str]:
    """The hand form's move buttons: value -> class."""
    return dict(re.findall(r'name="action" value="(\w+)" class="([^"]+)"', html))


@pytest.mark.django_db
@pytest.mark.parametrize("slug", SLUGS)
def test_a_step_does_not_point_to_a_move_by_the_buttons_look(client: Client, slug: str) -> None:
    """The Italian Knock walk: "Bussa presto" asks "The 9♦ is on the discard pile. Do you
    need it?", and the filled button, the one that looked like the thing to do, was
    "Draw from the stock" (amber: not the point); its next step asks "Do you knock?" with
    "Discard" filled and "Knock" pale. While the coach asks, every move looks the same."""
    scenario = guided.get(slug)
    assert scenario is not None
    html = client.get(page(slug)).content.decode()
    buttons = move_buttons(html)
    assert buttons, slug
    assert len(set(buttons.values())) == 1, buttons
    # The right line played up to each of the learner's moves: the same.
    for version, move in enumerate(guided.right_line(scenario)[:-1]):
        client.post(page(slug, what="move"), {"version": version, **move_data(move)})
        buttons = move_buttons(client.get(page(slug)).content.decode())
        assert len(set(buttons.values())) <= 1, (version, buttons)
