"""The guided-hand services, called directly: verdicts, mistakes, hints, stars, and one
replay of the scenario per move."""

from __future__ import annotations

import pytest

from game.engine import Discard, Hand, MeldFailure, Move, MoveError, MoveKind
from game.guided import scenarios, services
from game.guided.models import GuidedAttempt, GuidedResult
from game.guided.services import Mistake, MistakeTopic, VerdictKind
from game.guided.signals import mistake_recorded
from tests import factories

pytestmark = pytest.mark.django_db

GIN = "gin-01-first-knock"  # draw discard, knock KC; wrong: draw stock, knock AD


def test_the_right_move_is_made_and_the_computer_plays_on() -> None:
    learner = factories.learner()
    scenario = factories.scenario(GIN)
    state, verdict = services.attempt_move(
        learner=learner, scenario=scenario, version=0, move=Move.parse("draw discard")
    )
    assert verdict.kind is VerdictKind.RIGHT and verdict.text == scenario.steps[0].right["en"]
    assert state.progress.step_index == 1 and state.step is scenario.steps[1]
    assert GuidedAttempt.objects.get().moves == ["draw discard"]


def test_another_legal_move_is_not_made_but_counted_and_can_be_continued() -> None:
    learner = factories.learner()
    scenario = factories.scenario(GIN)
    state, verdict = services.attempt_move(
        learner=learner, scenario=scenario, version=0, move=Move.parse("draw stock")
    )
    assert verdict.kind is VerdictKind.OTHER and verdict.text  # the scenario's own words
    assert state.progress.step_index == 0
    attempt = GuidedAttempt.objects.get()
    assert attempt.moves == [] and attempt.mistakes == [
        {"step": 1, "kind": "other", "code": "draw_stock:draw_discard", "move": "draw stock"}
    ]
    # "Continue anyway" only for that move at that step.
    with pytest.raises(services.StaleAttempt):
        services.attempt_move(
            learner=learner,
            scenario=scenario,
            version=0,
            move=Move.parse("draw stock"),
            continue_anyway=True,
        )
    state, verdict = services.attempt_move(
        learner=learner,
        scenario=scenario,
        version=attempt.version,
        move=Move.parse("draw stock"),
        continue_anyway=True,
    )
    assert verdict.kind is VerdictKind.OTHER and state.progress.step_index == 1
    assert verdict.continued
    assert GuidedAttempt.objects.get().moves == ["draw stock"]
    # The hand left the scenario's line: its words (written for that line) are not shown
    # any more. The pedagogy review saw "Right! ... the group 4♣ 4♦ 4♠" after 4♣ was thrown.
    assert state.off_path and state.progress.strayed
    again = services.guided_page(learner=learner, scenario=scenario)
    assert again.off_path


@pytest.mark.parametrize("slug", [s.slug for s in scenarios.library()])
def test_after_continuing_anyway_no_scenario_words_are_shown(slug: str) -> None:
    """For every guided hand: leave its line at the first step that has another legal
    move, then play on with the coach: no verdict carries the scenario's words."""
    from game.engine import advise

    scenario = scenarios.get(slug)
    assert scenario is not None
    learner = factories.learner()
    state = services.guided_page(learner=learner, scenario=scenario)
    version, strayed = 0, False
    for _ in range(60):
        if state.hand.is_over:
            break
        step = state.step
        moves = [r.move for r in advise(state.hand, 0).moves]
        other = next((m for m in moves if step and not step.accepts(state.hand, m)), None)
        if not strayed and other is not None:
            state, verdict = services.attempt_move(
                learner=learner, scenario=scenario, version=version, move=other
            )
            version = state.version
            state, verdict = services.attempt_move(
                learner=learner,
                scenario=scenario,
                version=version,
                move=other,
                continue_anyway=True,
            )
            strayed = True
        else:
            state, verdict = services.attempt_move(
                learner=learner, scenario=scenario, version=version, move=moves[0]
            )
            if strayed:
                assert verdict.text == "", (slug, verdict)
        version = state.version


def test_an_illegal_move_is_told_by_the_engine_and_recorded_by_its_reason() -> None:
    learner = factories.learner()
    scenario = factories.scenario(GIN)
    state = services.guided_page(learner=learner, scenario=scenario)
    card = state.hand.cards(0)[0]
    _state, verdict = services.attempt_move(
        learner=learner, scenario=scenario, version=0, move=Discard(card)
    )
    assert verdict.kind is VerdictKind.ILLEGAL
    assert verdict.error is not None and verdict.error.reason is MoveError.MUST_DRAW_FIRST
    (mistake,) = services.guided_page(learner=learner, scenario=scenario).mistakes
    assert mistake == Mistake(1, VerdictKind.ILLEGAL, MoveError.MUST_DRAW_FIRST, str(Discard(card)))
    assert mistake.to_dict() == {
        "step": 1,
        "kind": "illegal",
        "code": "must_draw_first",
        "move": str(Discard(card)),
    }
    assert Mistake.topic_of(mistake.key) is MistakeTopic.FORGOT_TO_DRAW is mistake.topic


def test_a_mistake_round_trips_through_its_stored_form() -> None:
    meld = Mistake(
        2, VerdictKind.ILLEGAL, MoveError.ILLEGAL_MELD, "meld 7C 9C KC", MeldFailure.RUN_GAP
    )
    assert meld.key == "illegal:illegal_meld:run_gap" and meld.topic is MistakeTopic.BAD_RUN
    assert Mistake.from_dict(meld.to_dict()) == meld
    other = Mistake(1, VerdictKind.OTHER, MoveKind.DRAW_STOCK, "draw stock")
    assert other.to_dict()["code"] == "draw_stock" and Mistake.from_dict(other.to_dict()) == other
    with pytest.raises(ValueError):
        Mistake.parse(1, "sideways:draw_stock")


def test_a_guided_move_replays_the_scenario_at_most_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    learner = factories.learner()
    scenario = factories.scenario("gin-07-void-hand")  # 30 steps: a long replay
    state, line = factories.attempt_with(learner, "gin-07-void-hand", 20)
    dealt: list[int] = []
    original = Hand.new.__func__  # type: ignore[attr-defined]

    def counting(cls, *args, **kwargs):  # type: ignore[no-untyped-def]
        dealt.append(1)
        return original(cls, *args, **kwargs)

    monkeypatch.setattr(Hand, "new", classmethod(counting))
    right = scenarios.right_line(scenario)[20]
    dealt.clear()
    after, verdict = services.attempt_move(
        learner=learner, scenario=scenario, version=state.version, move=right
    )
    assert verdict.kind is VerdictKind.RIGHT and after.progress.step_index == 21
    assert len(dealt) <= 2
    assert [str(m) for m in line] == [str(m) for m in scenarios.right_line(scenario)[:20]]


def test_hints_come_one_rung_at_a_time_and_run_out() -> None:
    learner = factories.learner()
    scenario = factories.scenario(GIN)
    version = 0
    for rung in range(1, len(scenario.steps[0].hints) + 1):
        state = services.attempt_hint(learner=learner, scenario=scenario, version=version)
        assert state.hints_shown == rung
        version = state.version
    with pytest.raises(services.NoMoreHints) as info:
        services.attempt_hint(learner=learner, scenario=scenario, version=version)
    assert info.value.status == 422


def test_a_finished_hand_earns_stars_and_a_best_result() -> None:
    learner = factories.learner()
    state, _line = factories.attempt_with(learner, GIN, 2)
    assert state.hand.is_over and state.attempt is not None and state.attempt.stars == 3
    result = GuidedResult.objects.get()
    assert (result.stars, result.hints, result.completions) == (3, 0, 1)
    with pytest.raises(services.StaleAttempt):  # a hint from an older page of the hand
        services.attempt_hint(
            learner=learner, scenario=factories.scenario(GIN), version=state.version - 1
        )
    # Again, with a hint: fewer stars, and the best result stays.
    scenario = factories.scenario(GIN)
    fresh = services.attempt_restart(learner=learner, scenario=scenario)
    assert fresh.progress.step_index == 0 and fresh.version == 0
    hinted = services.attempt_hint(learner=learner, scenario=scenario, version=0)
    for move in scenarios.right_line(scenario):
        hinted, _verdict = services.attempt_move(
            learner=learner, scenario=scenario, version=hinted.version, move=move
        )
    assert hinted.attempt is not None and hinted.attempt.stars == 2
    result.refresh_from_db()
    assert (result.stars, result.completions) == (3, 2)


def test_an_attempt_that_no_longer_replays_is_set_aside() -> None:
    learner = factories.learner()
    scenario = factories.scenario(GIN)
    factories.attempt_with(learner, GIN, 1)
    GuidedAttempt.objects.update(moves=["draw stock", "knock 7H"])  # the file changed since
    state = services.guided_page(learner=learner, scenario=scenario)
    assert state.attempt is None and state.progress.step_index == 0
    _after, verdict = services.attempt_move(
        learner=learner, scenario=scenario, version=5, move=Move.parse("draw discard")
    )
    assert verdict.kind is VerdictKind.RIGHT and GuidedAttempt.objects.count() == 2


@pytest.mark.parametrize(
    ("key", "topic"),
    [
        (f"illegal:illegal_meld:{MeldFailure.RUN_GAP.value}", MistakeTopic.BAD_RUN),
        (f"illegal:illegal_meld:{MeldFailure.ACE_ABOVE_KING.value}", MistakeTopic.BAD_RUN),
        (f"illegal:illegal_meld:{MeldFailure.GROUP_TOO_LARGE.value}", MistakeTopic.BAD_GROUP),
        (f"illegal:illegal_meld:{MeldFailure.MIXED.value}", MistakeTopic.BAD_MELD),
        ("illegal:knock_over_limit", MistakeTopic.KNOCK_OVER_LIMIT),
        ("illegal:discard_taken_card", MistakeTopic.THREW_BACK_TAKEN_CARD),
        ("illegal:must_draw_first", MistakeTopic.FORGOT_TO_DRAW),
        ("illegal:cannot_lay_off", MistakeTopic.LAYOFF_DOES_NOT_FIT),
        ("illegal:layout_over_limit", MistakeTopic.LAYOUT_OVER_LIMIT),
        ("illegal:layout_strands", MistakeTopic.LAYOUT_OVER_LIMIT),
        ("illegal:already_drew", MistakeTopic.AGAINST_THE_RULES),
        ("illegal:something_new", MistakeTopic.AGAINST_THE_RULES),
        (f"other:{MoveKind.DRAW_STOCK.value}", MistakeTopic.OTHER_PILE),
        (f"other:{MoveKind.DRAW_DISCARD.value}", MistakeTopic.OTHER_PILE),
        (f"other:{MoveKind.DISCARD.value}", MistakeTopic.OTHER_DISCARD),
        (f"other:{MoveKind.KNOCK.value}", MistakeTopic.OTHER_KNOCK),
        (f"other:{MoveKind.MELD.value}", MistakeTopic.OTHER_MOVE),
        # The move the step wanted, after the learner's (kept since 3 December).
        (f"other:{MoveKind.DISCARD.value}:{MoveKind.KNOCK.value}", MistakeTopic.MISSED_KNOCK),
        (f"other:{MoveKind.DISCARD.value}:{MoveKind.DISCARD.value}", MistakeTopic.OTHER_DISCARD),
        (f"other:{MoveKind.KNOCK.value}:{MoveKind.DISCARD.value}", MistakeTopic.OTHER_KNOCK),
        # A knock where a knock was right, with another discard (the keyboard walk).
        (
            f"other:{MoveKind.KNOCK.value}:{MoveKind.KNOCK.value}",
            MistakeTopic.KNOCK_OTHER_DISCARD,
        ),
    ],
)
def test_each_kind_of_mistake_has_its_topic(key: str, topic: MistakeTopic) -> None:
    assert Mistake.topic_of(key) is topic


def test_every_topic_is_labelled_in_every_language() -> None:
    from django.utils import translation

    from game.guided.presenters import MISTAKE_LABELS

    assert set(MISTAKE_LABELS) == set(MistakeTopic)
    for language in ("lt", "ru", "it"):
        with translation.override(language):
            english = {str(label) for label in MISTAKE_LABELS.values()}
        with translation.override("en"):
            assert not english & {str(label) for label in MISTAKE_LABELS.values()}, language


def test_stars() -> None:
    stars_for = services.stars_for
    assert [stars_for(h, m) for h, m in ((0, 0), (1, 0), (1, 1), (0, 3), (2, 2))] == [3, 2, 2, 1, 1]


@pytest.mark.parametrize("slug", [GIN, "basic-01-groups-and-runs"])
def test_a_move_resent_from_a_finished_hands_page_starts_nothing_and_is_no_mistake(
    slug: str,
) -> None:
    """The teacher's walk with a class of 31: the last move re-sent with the finished
    page's version started a new attempt, was judged as its step 1 ("a move before
    drawing") and reached the dashboard and mistakes.csv as a mistake. It is refused
    as the hand being over: nothing is recorded, no attempt begins; "Try again" still
    starts the hand again."""
    learner = factories.learner()
    scenario = factories.scenario(slug)
    line = scenarios.right_line(scenario)
    state, _line = factories.attempt_with(learner, slug, len(line))
    assert state.hand.is_over and state.attempt is not None
    told: list[object] = []

    def listen(**kwargs: object) -> None:
        told.append(kwargs)

    mistake_recorded.connect(listen)
    try:
        with pytest.raises(services.AttemptOver):
            services.attempt_move(
                learner=learner, scenario=scenario, version=state.version, move=line[-1]
            )
        with pytest.raises(services.AttemptOver):
            services.attempt_hint(learner=learner, scenario=scenario, version=state.version)
    finally:
        mistake_recorded.disconnect(listen)
    assert told == []
    assert GuidedAttempt.objects.count() == 1 and GuidedAttempt.objects.get().mistakes == []
    fresh = services.attempt_restart(learner=learner, scenario=scenario)
    assert fresh.version == 0 and GuidedAttempt.objects.count() == 2


@pytest.mark.django_db
def test_a_verdict_is_judged_again_only_where_it_was_given() -> None:
    """The page a move without JavaScript redirects to judges its verdict again: the
    right move only as the attempt's last move, a questioned one only while it is still
    not the step's, and nothing for a kind or a move it does not know; a token is read
    only at the attempt's version it was signed at, and only for its learner."""
    owner = factories.learner()
    hand = factories.scenario("gin-01-first-knock")
    state, line = factories.attempt_with(owner, hand.slug, 1)
    right = services.verdict_again(state, kind="right", move=str(line[0]))
    assert right is not None and right.kind is VerdictKind.RIGHT and right.text
    assert services.verdict_again(state, kind="right", move="draw stock") is None
    assert services.verdict_again(state, kind="other", move=str(line[0])) is None
    assert services.verdict_again(state, kind="played", move=str(line[0])) is None
    assert services.verdict_again(state, kind="green", move=str(line[0])) is None
    assert services.verdict_again(state, kind="right", move="not a move") is None
    token = services.verdict_token(state, right, learner=owner)
    assert services.answered_verdict(state, token, learner=owner) == right
    assert services.answered_verdict(state, token, learner=factories.learner("Ona")) is None
    services.attempt_hint(learner=owner, scenario=hand, version=state.version)
    later = services.guided_page(learner=owner, scenario=hand)
    assert services.answered_verdict(later, token, learner=owner) is None
