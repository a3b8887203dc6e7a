"""What a guided-hand page shows, from states built by the services (no HTTP)."""

from __future__ import annotations

import pytest
from django.http import QueryDict

from game.board import BoardDisplay
from game.cards import text_html
from game.engine import Discard, Move
from game.guided import presenters, scenarios, services
from game.moveforms import parse_move
from tests import factories

pytestmark = pytest.mark.django_db

GIN = "gin-01-first-knock"


def test_the_coach_panel_prompts_the_step_and_shows_the_hints_asked_for() -> None:
    learner = factories.learner()
    scenario = factories.scenario(GIN)
    state = services.guided_page(learner=learner, scenario=scenario)
    context = presenters.guided_context(state, BoardDisplay())
    assert context["prompt"] == scenario.steps[0].prompt["en"]
    assert (context["step_number"], context["step_count"]) == (1, len(scenario.steps))
    assert context["hints"] == [] and context["more_hints"] and not context["finished"]
    hinted = services.attempt_hint(learner=learner, scenario=scenario, version=0)
    context = presenters.guided_context(hinted, BoardDisplay())
    assert context["hints"] == [scenario.steps[0].hints[0]["en"]]


def test_feedback_right_other_and_illegal() -> None:
    learner = factories.learner()
    scenario = factories.scenario(GIN)
    state, verdict = services.attempt_move(
        learner=learner, scenario=scenario, version=0, move=Move.parse("draw stock")
    )
    other = presenters.guided_context(state, BoardDisplay(), verdict=verdict)["feedback"]
    assert other["kind"] == "other" and other["continue"] and not other.get("alert")
    data = QueryDict(mutable=True)
    for name, value in other["fields"]:
        data.appendlist(name, value)
    assert parse_move(data).move == Move.parse("draw stock")  # "continue anyway" posts it
    card = state.hand.cards(0)[0]
    state, verdict = services.attempt_move(
        learner=learner, scenario=scenario, version=state.version, move=Discard(card)
    )
    illegal = presenters.guided_context(state, BoardDisplay(), verdict=verdict)["feedback"]
    assert illegal["kind"] == "illegal" and illegal["alert"] and illegal["lead"] == "Not allowed."
    assert "draw" in illegal["text"].lower()
    state, verdict = services.attempt_move(
        learner=learner, scenario=scenario, version=state.version, move=Move.parse("draw discard")
    )
    right = presenters.guided_context(state, BoardDisplay(), verdict=verdict)["feedback"]
    assert right["kind"] == "right" and right["text"] == text_html(scenario.steps[0].right["en"])


def test_a_discard_that_is_not_the_steps_says_what_it_would_cost() -> None:
    learner = factories.learner()
    scenario = factories.scenario("gin-02-groups-runs-discard")
    state, _line = factories.attempt_with(learner, scenario.slug, 1)  # now: discard KS
    right = scenarios.right_line(scenario)[1]
    other = next(m for m in state.hand.legal_moves() if isinstance(m, Discard) and m != right)
    state, verdict = services.attempt_move(
        learner=learner, scenario=scenario, version=state.version, move=other
    )
    assert verdict.cost is not None and verdict.cost[0] > verdict.cost[1]
    text = presenters.guided_context(state, BoardDisplay(), verdict=verdict)["feedback"]["text"]
    assert f"Your deadwood would be {verdict.cost[0]} instead of {verdict.cost[1]}." in text


def test_the_cost_is_not_said_again_when_the_hands_words_give_it() -> None:
    """gin-01, knocking with the ace: the hand's words say "10 points of deadwood instead
    of 1", and the coach's own line said the same again (the Russian walk)."""
    learner = factories.learner()
    scenario = factories.scenario(GIN)
    state, _line = factories.attempt_with(learner, GIN, 1)  # now: knock, discarding KC
    state, verdict = services.attempt_move(
        learner=learner, scenario=scenario, version=state.version, move=Move.parse("knock AD")
    )
    assert verdict.cost == (10, 1) and "instead of 1" in verdict.text
    text = presenters.guided_context(state, BoardDisplay(), verdict=verdict)["feedback"]["text"]
    assert text == text_html(verdict.text)
    assert "Your deadwood would be" not in text


def test_says_cost_reads_figures_not_cards() -> None:
    assert presenters.says_cost("10 points instead of 1.", (10, 1))
    assert presenters.says_cost("Otherwise you hold 16 points, not 11", (11, 16))
    assert not presenters.says_cost("The {KC} costs 10 and the {AD} one.", (10, 1))
    assert not presenters.says_cost("Throw the {TC}, keep {A-2-3}: 19.", (10, 19))
    assert not presenters.says_cost("", (10, 1))


def test_a_finished_hand_shows_stars_mistakes_and_the_next_hand() -> None:
    learner = factories.learner()
    scenario = factories.scenario(GIN)
    services.attempt_move(
        learner=learner, scenario=scenario, version=0, move=Move.parse("draw stock")
    )
    state = services.guided_page(learner=learner, scenario=scenario)
    for move in scenarios.right_line(scenario):
        state, _verdict = services.attempt_move(
            learner=learner, scenario=scenario, version=state.version, move=move
        )
    context = presenters.guided_context(state, BoardDisplay())
    assert context["finished"] and context["stars"] == 2 and context["mistake_count"] == 1
    assert context["mistake_kinds"] == [("drew from the other pile", 1)]
    library = [s for s in scenarios.library() if s.game == scenario.game]
    following = library[library.index(scenario) + 1]
    assert context["next_url"] == f"/en/guided/{following.slug}/#table-status"  # at the coach
    assert context["next_title"] == following.title["en"]


def test_the_index_lists_each_games_hands_with_the_learners_best() -> None:
    learner = factories.learner()
    factories.attempt_with(learner, GIN, 2)
    context = presenters.index_context(services.results_of(learner=learner))
    games = {g["game"]: g for g in context["games"]}
    assert set(games) == {"basic", "gin", "knock"}
    played = next(h for h in games["gin"]["hands"] if h["scenario"].slug == GIN)
    assert played["result"].stars == 3
    assert all(h["result"] is None for h in games["gin"]["hands"] if h is not played)
    assert all(h["result"] is None for h in games["knock"]["hands"])


def test_the_live_region_says_what_each_swap_brings() -> None:
    """#announce after an htmx swap (``presenters.announcement``, decided here and not by
    the template): the step's prompt; the hint just given; the verdict on a move and the
    next step; nothing after a move the rules forbid (its reason takes the focus and is
    read there); the restart's question; a refusal; the cards of a sentence named."""
    learner = factories.learner()
    scenario = factories.scenario(GIN)
    state = services.guided_page(learner=learner, scenario=scenario)

    def said(state, **kwargs) -> str:  # type: ignore[no-untyped-def]
        restart = kwargs.pop("asking_restart", False)
        context = presenters.guided_context(state, BoardDisplay(), **kwargs)
        context["asking_restart"] = restart
        return str(presenters.announcement(context))

    prompt = str(text_html(scenario.steps[0].prompt["en"]))
    assert said(state) == prompt
    hinted = services.attempt_hint(learner=learner, scenario=scenario, version=0)
    assert said(hinted) == str(text_html(scenario.steps[0].hints[0]["en"]))
    assert said(state, asking_restart=True) == (
        "Start this hand again? Your moves so far will be lost."
    )
    refusal = said(state, error="That form was for an older page: 9♣ is yours.")
    assert refusal.startswith("That form was for an older page: ") and "nine of clubs" in refusal
    card = state.hand.cards(0)[0]
    forbidden, verdict = services.attempt_move(
        learner=learner, scenario=scenario, version=hinted.version, move=Discard(card)
    )
    assert said(forbidden, verdict=verdict) == ""
    right, verdict = services.attempt_move(
        learner=learner,
        scenario=scenario,
        version=forbidden.version,
        move=Move.parse("draw discard"),
    )
    next_prompt = str(text_html(scenario.steps[1].prompt["en"]))
    assert said(right, verdict=verdict) == (
        f"Right! {text_html(scenario.steps[0].right['en'])} {next_prompt}"
    )
