"""The coach's verdict on each move of a pupil's finished practice hand: the discards
(and knocks) that kept more deadwood than the coach's choice are the pupil's mistakes,
told in words on the teacher's dashboard."""

from __future__ import annotations

import random
from unittest import mock

import pytest
from django.contrib.auth.models import User

from classroom import dashboard, services
from classroom.mistakes import COACH_DEADWOOD
from classroom.models import Mistake
from game.engine import Discard, DrawStock, Knock, advise, deadwood_after
from game.practice import services as practice
from tests import factories

pytestmark = pytest.mark.django_db


def play_badly(table) -> practice.TableState:  # type: ignore[no-untyped-def]
    """The learner throws away the card that keeps the most deadwood; the computer plays
    the other seats. To the end of the hand."""
    state = practice.table_state(table=table)
    for _ in range(2000):
        if state.hand.is_over:
            break
        if not state.my_turn:
            state = practice.table_bot_step(table=table, version=table.version)
            continue
        view = state.view
        discards = [m for m in view.legal_moves if isinstance(m, Discard)]
        if discards:
            move = max(discards, key=lambda m: (deadwood_after(view, m) or 0, str(m)))
        else:
            move = factories.learner_move(state.hand, state.me or 0)
        state = practice.table_move(table=table, version=table.version, move=move, confirmed=True)
    assert state.hand.is_over
    return state


def test_the_coach_names_the_discards_that_kept_more_deadwood() -> None:
    table = factories.table("gin", 2, seed=21)
    state = play_badly(table)
    verdicts = practice.coach_verdicts(table=table, round_number=1)
    assert verdicts, "throwing away the worst card each turn gives the coach something to say"
    board = state.board
    for verdict in verdicts:
        before = practice.replay(state.rules, board.upto(verdict.number))
        assert before.turn == practice.HUMAN and board.moves[verdict.number] == verdict.move
        assert isinstance(verdict.move, Discard | Knock)
        best = advise(before, practice.HUMAN).best
        assert best is not None and best.move == verdict.best
        view = before.view(practice.HUMAN)
        assert verdict.deadwood == deadwood_after(view, verdict.move)
        assert verdict.best_deadwood == deadwood_after(view, verdict.best)
        assert verdict.deadwood > verdict.best_deadwood
    # The coach's own line has nothing to say about itself.
    sensible = factories.table("gin", 2, seed=21)
    factories.play_hand_out(sensible)
    own = practice.coach_verdicts(table=sensible, round_number=1)
    assert len(own) < len(verdicts)
    with pytest.raises(practice.NoSuchHand):
        practice.coach_verdicts(table=table, round_number=5)


def test_a_pupils_finished_hand_gives_the_coach_verdicts_as_mistakes() -> None:
    teacher = User.objects.create_user("ms-jones")
    classroom = services.class_create(teacher=teacher, name="5B", language="en")
    ona = factories.learner("Ona")
    services.class_join(learner=ona, code=classroom.join_code, name="Ona")
    table = factories.table("gin", 2, owner=ona, seed=21)
    play_badly(table)
    verdicts = practice.coach_verdicts(table=table, round_number=1)
    kept = Mistake.objects.filter(learner=ona, topic=COACH_DEADWOOD)
    assert kept.count() == len(verdicts) > 0
    first = kept.order_by("pk").first()
    assert first is not None and first.where == table.public_id
    assert first.params["move"] == str(verdicts[0].move)
    assert first.code == f"coach:{verdicts[0].move.kind.value}"
    # On the dashboard, in words, with an example and the lesson that teaches it.
    groups = dashboard.common_mistakes(classroom, services.pupils_of(classroom=classroom))
    coach = next(g for g in groups if "coach" in g.words)
    assert coach.times == len(verdicts) and coach.pupils == {"Ona"}
    assert "deadwood" in coach.example and "point" in coach.example


def test_a_learner_in_no_class_keeps_no_coach_verdicts() -> None:
    table = factories.table("gin", 2, seed=21)
    play_badly(table)
    assert not Mistake.objects.exists()


def pupils_at_a_gin_table(seed: int = 3):  # type: ignore[no-untyped-def]
    """A class of two pupils, Ona and Jonas, seated by their teacher at a Gin table, dealt
    from ``seed`` (a table's seed is otherwise random, and some deals end the hand before
    one of them moves)."""
    from game.shared import services as shared

    teacher = User.objects.create_user("ms-jones")
    classroom = services.class_create(teacher=teacher, name="5B", language="en")
    ona, jonas = factories.learner("Ona"), factories.learner("Jonas")
    for learner, name in ((ona, "Ona"), (jonas, "Jonas")):
        services.class_join(learner=learner, code=classroom.join_code, name=name)
    with mock.patch.object(shared.random, "SystemRandom", lambda: random.Random(seed)):
        (table,) = shared.seat_people(
            people=[(ona, "Ona"), (jonas, "Jonas")], game="gin", players=2
        )
    return table, ona, jonas


def a_bad_move(state, view):  # type: ignore[no-untyped-def]
    """Throw away the card that keeps the most deadwood, and draw from the stock (no
    endless swaps of the discard)."""
    discards = [m for m in view.legal_moves if isinstance(m, Discard)]
    if discards:
        return max(discards, key=lambda m: (deadwood_after(view, m) or 0, str(m)))
    if DrawStock() in view.legal_moves:
        return DrawStock()
    return factories.learner_move(state.hand_of(state.current[0]), view.player or 0)


def test_a_hand_at_a_table_for_people_gives_each_pupil_their_own_verdicts() -> None:
    from game.shared import services as shared

    table, ona, jonas = pupils_at_a_gin_table()
    by_seat = {shared.seat_of(table, ona): ona, shared.seat_of(table, jonas): jonas}
    for _ in range(2000):
        state = shared.shared_state(table=table)
        if state.round_over:
            break
        seat = next(s for s in by_seat if state.my_turn(s))
        view = state.view_for(seat)
        assert view is not None
        move = a_bad_move(state, view)  # both keep the most deadwood
        shared.shared_move(
            table=table, learner=by_seat[seat], version=table.version, move=move, confirmed=True
        )
    else:
        raise AssertionError("the hand did not end")
    board = shared.shared_state(table=table).current[0]
    for seat, learner in by_seat.items():
        expected = practice.board_verdicts(
            shared.shared_state(table=table).rules, board, board.seat_of(seat)
        )
        kept = Mistake.objects.filter(learner=learner, topic=COACH_DEADWOOD)
        assert kept.count() == len(expected)
        assert {m.where for m in kept} <= {table.public_id}
    assert Mistake.objects.filter(topic=COACH_DEADWOOD).count() > 0


def test_the_computers_moves_for_an_away_pupil_are_not_their_mistakes() -> None:
    from game.shared import services as shared

    table, ona, jonas = pupils_at_a_gin_table()
    shared.leave_seat(table=table, learner=ona)  # Ona leaves before her first move
    away = shared.seat_of(table, ona)
    assert away is not None
    seat = shared.seat_of(table, jonas)
    for _ in range(2000):
        state = shared.shared_state(table=table)
        if state.round_over:
            break
        view = state.view_for(seat)
        assert view is not None and state.my_turn(seat)
        move = a_bad_move(state, view)  # Jonas keeps the most deadwood
        shared.shared_move(
            table=table, learner=jonas, version=table.version, move=move, confirmed=True
        )
    else:
        raise AssertionError("the hand did not end")
    table.refresh_from_db()
    played = table.seats[away]["computer_played"]
    board = shared.shared_state(table=table).current[0]
    rules = shared.shared_state(table=table).rules
    # The table noted exactly the moves made at Ona's seat, all by the computer.
    hers = {
        n
        for n in range(len(board.moves))
        if practice.replay(rules, board.upto(n)).turn == board.seat_of(away)
    }
    assert hers and sorted(played) == sorted([1, n] for n in hers)
    # The moves noted are left out of the verdicts (Jonas's here: all of them, none).
    his = set(range(len(board.moves))) - hers
    assert his, "the deal lets Jonas move before the hand ends"
    assert practice.board_verdicts(rules, board, board.seat_of(seat))
    assert practice.board_verdicts(rules, board, board.seat_of(seat), skip=his) == []
    # Every move at Ona's seat was the computer's: none of them is her mistake.
    assert not Mistake.objects.filter(learner=ona, topic=COACH_DEADWOOD).exists()
    assert Mistake.objects.filter(learner=jonas, topic=COACH_DEADWOOD).exists()
