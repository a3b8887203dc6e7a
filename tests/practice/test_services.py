"""The practice services, called directly on tables built by the factories: each returns
the state the view renders, or refuses with its status and changes nothing."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from game.engine import Discard, DrawStock, HandEnd, IllegalMove, Knock, MoveError
from game.practice import services
from game.practice.models import Table
from tests import factories

pytestmark = pytest.mark.django_db


def stored(table: Table) -> tuple[object, object, int]:
    row = Table.objects.get(pk=table.pk)
    return row.rounds, row.hints, row.version


def at_learners_turn(table: Table) -> services.TableState:
    state = services.table_state(table=table)
    if state.bots_to_move:
        state = services.table_bot_step(table=table, version=table.version, all_steps=True)
    assert state.my_turn
    return state


def test_computer_players_are_named_in_the_page_language() -> None:
    table = factories.table("knock", 3, seed=5)
    with translation.override("ru"):
        names = services.seat_names(table)
    assert names[0] == table.seats[0]["name"]
    assert all(n and not re.search("[A-Za-z]", n) for n in names[1:]), names
    assert services.seat_names(table)[1:] == ["Ona", "Ben"]


def test_a_new_table_seats_the_learner_and_the_computer_players() -> None:
    table = factories.table("knock", 4, seed=5)
    assert [s["kind"] for s in table.seats] == ["human", "bot", "bot", "bot"]
    assert [s["name"] for s in table.seats[1:]] == ["Ona", "Ben", "Marta"]
    state = services.table_state(table=table)
    assert state.round_number == 1 and state.me == services.HUMAN
    assert len(state.hand.cards(0)) == 7
    assert state.rules.format == "standard" and state.scores == [0, 0, 0, 0]
    with pytest.raises(ValueError):
        factories.table("gin", 5)


def test_a_move_returns_the_state_after_it_and_is_saved() -> None:
    table = factories.table("gin")
    state = at_learners_turn(table)
    version = table.version
    after = services.table_move(table=table, version=version, move=DrawStock(), confirmed=False)
    assert after.hand.log[-1].move == DrawStock() and after.version == version + 1
    assert stored(table)[2] == version + 1
    assert services.table_state(table=table).hand == after.hand
    assert len(after.hand.log) == len(state.hand.log) + 1


def test_an_illegal_move_is_refused_with_its_reason_and_changes_nothing() -> None:
    table = factories.table("gin")
    state = at_learners_turn(table)
    before = stored(table)
    card = state.hand.cards(0)[0]
    with pytest.raises(services.MoveRefused) as info:
        services.table_move(table=table, version=table.version, move=Discard(card), confirmed=True)
    assert info.value.status == 422
    assert isinstance(info.value.error, IllegalMove)
    assert info.value.error.reason is MoveError.MUST_DRAW_FIRST
    assert info.value.state.hand == state.hand
    assert stored(table) == before


def _learner_may_knock(seed: int) -> tuple[Table, Knock] | None:
    """Play a Gin table from ``seed`` until the learner may knock (None: the hand ended)."""
    table = factories.table("gin", seed=seed)
    state = services.table_state(table=table)
    while not state.hand.is_over:
        if not state.my_turn:
            state = services.table_bot_step(table=table, version=table.version)
            continue
        knocks = [m for m in state.hand.legal_moves() if isinstance(m, Knock)]
        if knocks:
            return table, knocks[0]
        move = factories.learner_move(state.hand)
        state = services.table_move(table=table, version=table.version, move=move, confirmed=True)
    return None


def test_a_move_that_ends_the_hand_needs_confirmation_first() -> None:
    found = next(filter(None, (_learner_may_knock(seed) for seed in range(1, 60))), None)
    assert found is not None, "no seed let the learner knock"
    table, knock = found
    before = stored(table)
    with pytest.raises(services.NeedsConfirmation) as info:
        services.table_move(table=table, version=table.version, move=knock, confirmed=False)
    assert info.value.move == knock and info.value.status == 200
    assert stored(table) == before
    state = services.table_move(table=table, version=table.version, move=knock, confirmed=True)
    assert state.hand.is_over
    assert state.hand.result.end in (HandEnd.KNOCK, HandEnd.GIN)  # type: ignore[union-attr]


def test_a_stale_version_is_refused() -> None:
    table = factories.table("gin")
    at_learners_turn(table)
    before = stored(table)
    with pytest.raises(services.StaleTable) as info:
        services.table_move(
            table=table, version=table.version - 1, move=DrawStock(), confirmed=True
        )
    assert info.value.status == 409 and stored(table) == before


def test_a_double_click_applies_once() -> None:
    table = factories.table("gin")
    at_learners_turn(table)
    version = table.version
    twin = Table.objects.get(pk=table.pk)  # the second request read the same row
    services.table_move(table=table, version=version, move=DrawStock(), confirmed=True)
    with pytest.raises(services.StaleTable):
        services.table_move(table=twin, version=version, move=DrawStock(), confirmed=True)
    assert len(services.table_state(table=table).hand.log) == len(twin.rounds[0][0]["moves"]) + 1


def test_the_computer_moves_one_step_or_to_the_learners_turn() -> None:
    table = factories.table("knock", 4, seed=8)
    state = services.table_state(table=table)
    if state.my_turn:
        state = factories.play(table, 2)
    assert state.bots_to_move
    moves = len(state.hand.log)
    one = services.table_bot_step(table=table, version=table.version)
    assert len(one.hand.log) == moves + 1
    rest = services.table_bot_step(table=table, version=table.version, all_steps=True)
    assert rest.my_turn or rest.hand.is_over
    with pytest.raises(services.NothingToDo) as info:
        services.table_bot_step(table=table, version=table.version)
    assert info.value.status == 422


def test_a_hint_is_the_coachs_advice_and_is_counted_for_the_hand() -> None:
    table = factories.table("gin")
    state = at_learners_turn(table)
    after, advice = services.table_hint(table=table, version=table.version)
    assert advice.best is not None and advice.player == state.me
    assert after.hints_used == 1 and stored(table)[1] == [[{"move": len(state.board.moves)}]]
    factories.play(table, 1)
    state = services.table_state(table=table)
    if not state.my_turn:
        with pytest.raises(services.NotYourTurn):
            services.table_hint(table=table, version=table.version)


def test_the_next_hand_is_dealt_only_once_the_hand_is_over() -> None:
    table = factories.table("basic", 3, seed=11)
    with pytest.raises(services.HandNotOver):
        services.table_next_hand(table=table, version=table.version)
    factories.play_hand_out(table)
    state = services.table_next_hand(table=table, version=table.version)
    assert state.round_number == 2 and not state.hand.is_over
    assert state.board.dealer == (state.rounds[0][0].dealer + 1) % 3
    assert state.hints_used == 0


def test_a_finished_match_deals_no_more() -> None:
    table = factories.table("gin", seed=3, target_score=10)
    while True:
        state = factories.play_hand_out(table)
        if state.match.is_over:
            break
        services.table_next_hand(table=table, version=table.version)
    with pytest.raises(services.MatchOver):
        services.table_next_hand(table=table, version=table.version)


def test_three_player_gin_seats_two_and_the_learner_may_sit_out() -> None:
    table = factories.table("gin", 3, seed=2)
    for _ in range(8):
        state = factories.play_hand_out(table)
        if state.match.is_over:
            break
        state = services.table_next_hand(table=table, version=table.version)
        if state.sitting_out:
            assert state.view.cards == () and state.me is None
            with pytest.raises(services.SittingOut):
                services.table_move(
                    table=table, version=table.version, move=DrawStock(), confirmed=True
                )
            break
    else:
        pytest.fail("the learner never sat out in 8 hands")


def test_four_player_gin_plays_the_other_board_out_when_the_learners_ends() -> None:
    table = factories.table("gin", 4, seed=6)
    state = factories.play_hand_out(table)
    assert state.other is not None and state.other.is_over
    assert state.board.seats == (0, 1) and state.other_board.seats == (2, 3)  # type: ignore[union-attr]
    assert len(state.scores) == 4 and state.scores[0] == state.scores[2]


def test_a_review_shows_a_finished_hand_move_by_move() -> None:
    table = factories.table("gin", seed=9)
    with pytest.raises(services.NotReviewable):
        services.table_review(table=table, round_number=1, step=0)
    state = factories.play_hand_out(table)
    total = len(state.board.moves)
    start = services.table_review(table=table, round_number=1, step=0)
    assert start.number == 0 and start.total == total and start.move == state.board.moves[0]
    assert start.after is not None and len(start.after.log) == 1
    end = services.table_review(table=table, round_number=1, step=total + 50)
    assert end.number == total and end.move is None and end.advice is None
    mine = next(
        services.table_review(table=table, round_number=1, step=i)
        for i in range(total)
        if state.hand.log[i].player == services.HUMAN
    )
    assert mine.advice is not None and mine.player == services.HUMAN
    with pytest.raises(services.NoSuchHand):
        services.table_review(table=table, round_number=2, step=0)


def test_someone_elses_table_is_not_found() -> None:
    table = factories.table("gin")
    with pytest.raises(services.TableNotFound) as info:
        services.table_get(learner=factories.learner("Ona"), public_id=table.public_id)
    assert info.value.status == 404
    with pytest.raises(services.TableNotFound):
        services.table_get(learner=None, public_id=table.public_id)
    assert services.table_get(learner=table.learner, public_id=table.public_id) == table


def test_a_broken_row_is_a_corrupt_table() -> None:
    table = factories.table("gin")
    for rounds in ([], [[{"seats": [0, 1], "moves": ["fly away"]}]], "x"):
        Table.objects.filter(pk=table.pk).update(rounds=rounds)
        table.refresh_from_db()
        with pytest.raises(services.CorruptTable):
            services.table_state(table=table)
    Table.objects.filter(pk=table.pk).update(game="poker")
    table.refresh_from_db()
    with pytest.raises(services.CorruptTable):
        services.table_state(table=table)


def test_moves_that_read_well_but_are_not_a_legal_hand_are_a_corrupt_table() -> None:
    # An edited row, or one written under an older rule: never an impossible hand.
    table = factories.table("gin")
    state = at_learners_turn(table)
    card = state.hand.cards(0)[0]
    board = table.rounds[0][0]
    for moves in (
        [*board["moves"], f"discard {card}"],  # a discard before drawing
        [*board["moves"], "draw stock", "discard AS", "draw stock", "discard AS"],
    ):
        Table.objects.filter(pk=table.pk).update(rounds=[[{**board, "moves": moves}]])
        table.refresh_from_db()
        services.clear_caches()
        with pytest.raises(services.CorruptTable):
            services.table_state(table=table)


def test_a_hand_is_replayed_from_the_cache_one_move_at_a_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = factories.table("gin")
    state = at_learners_turn(table)
    dealt = []
    original = type(state.rules).replay

    def counting(self, board, **kw):  # type: ignore[no-untyped-def]
        dealt.append(board)
        return original(self, board, **kw)

    monkeypatch.setattr(type(state.rules), "replay", counting)
    services.table_move(table=table, version=table.version, move=DrawStock(), confirmed=True)
    services.table_state(table=table)
    assert dealt == []  # the move was applied to the cached hand; nothing replayed
    services.clear_caches()
    services.table_state(table=table)
    assert len(dealt) == 1


def test_a_worker_continues_a_hand_it_knows_from_a_few_moves_earlier(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Another worker played the last moves: this one has the hand a few moves back,
    # applies (and checks) only the moves after it, and gets the hand a replay gives.
    table = factories.table("basic", 3, seed=11)
    state = at_learners_turn(table)
    board = state.rounds[-1][0]
    hand, moves = state.current[0], []
    for _ in range(5):
        moves.append(hand.legal_moves()[0])
        hand = hand.play(moves[-1])
    dealt = []
    original = type(state.rules).replay

    def counting(self, board, **kw):  # type: ignore[no-untyped-def]
        dealt.append(board)
        return original(self, board, **kw)

    monkeypatch.setattr(type(state.rules), "replay", counting)
    ahead = board.with_moves(*moves)
    assert services.replay(state.rules, ahead) == original(state.rules, ahead) == hand
    assert dealt == []
    # A move the hand does not allow is a corrupt table, as in a replay from the deal.
    with pytest.raises(services.CorruptTable):
        services.replay(state.rules, board.with_moves(moves[0], moves[0]))
    assert dealt == []
    # Further back than LOOK_BACK: replayed from the deal.
    monkeypatch.setattr(services, "LOOK_BACK", 2)
    services.clear_caches()
    services.replay(state.rules, board)
    services.replay(state.rules, ahead)
    assert len(dealt) == 2


def test_a_table_read_again_at_the_same_version_is_not_parsed_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = factories.table("basic")
    at_learners_turn(table)
    services.table_move(table=table, version=table.version, move=DrawStock(), confirmed=True)
    parsed = []
    original = services.rounds_from_data

    def counting(data):  # type: ignore[no-untyped-def]
        parsed.append(data)
        return original(data)

    monkeypatch.setattr(services, "rounds_from_data", counting)
    fresh = Table.objects.get(pk=table.pk)  # as the next request reads it
    state = services.table_state(table=fresh)
    assert parsed == []  # the state made when the move was saved
    assert state.table is fresh and state.version == table.version
    assert [str(m) for m in state.board.moves] == fresh.rounds[-1][0]["moves"]

    # The same version with other stored moves (a row changed by hand): read again.
    board = fresh.rounds[-1][0]
    Table.objects.filter(pk=table.pk).update(rounds=[[{**board, "moves": board["moves"][:-1]}]])
    changed = Table.objects.get(pk=table.pk)
    assert changed.version == fresh.version
    state = services.table_state(table=changed)
    assert len(parsed) == 1
    assert len(state.board.moves) == len(board["moves"]) - 1


def _play_hands(table: Table, hands: int) -> services.TableState:
    """Play the table (the computer choosing for the learner too) until hand ``hands`` is
    dealt, or the match ends."""
    from game.engine import BotPlayer

    chooser = BotPlayer(seed=3)
    while True:
        state = services.table_state(table=table)
        if state.current_result is not None:
            if state.match.is_over or state.round_number >= hands:
                return state
            services.table_next_hand(table=table, version=table.version)
        elif state.my_turn:
            move = chooser.choose(state.view)
            services.table_move(table=table, version=table.version, move=move, confirmed=True)
        else:
            services.table_bot_step(table=table, version=table.version, all_steps=True)


@pytest.mark.parametrize(("game", "players"), [("basic", 4), ("knock", 3), ("gin", 3), ("gin", 4)])
def test_finished_hands_results_are_kept_and_only_the_current_hand_is_replayed(
    monkeypatch: pytest.MonkeyPatch, game: str, players: int
) -> None:
    from game.engine import results_to_data, rounds_from_data
    from game.engine.state import Hand

    table = factories.table(game, players, seed=17, target_score=500)
    _play_hands(table, 5)
    table.refresh_from_db()
    rules = services.table_rules(table)
    rounds = rounds_from_data(table.rounds)
    assert len(rounds) >= 4 and len(table.results) == len(rounds) - 1
    assert table.results == results_to_data(services.replayed_results(rules, rounds))

    dealt = []
    original = Hand.new.__func__  # type: ignore[attr-defined]

    def counting(cls, *args, **kwargs):  # type: ignore[no-untyped-def]
        dealt.append(1)
        return original(cls, *args, **kwargs)

    monkeypatch.setattr(Hand, "new", classmethod(counting))
    services.clear_caches()
    state = services.table_state(table=table)
    assert len(dealt) == len(rounds[-1])  # the current round's boards, nothing before
    # The same match as replaying every hand (a row without its results is replayed).
    Table.objects.filter(pk=table.pk).update(results=[])
    replayed = services.table_state(table=Table.objects.get(pk=table.pk))
    assert replayed.scores == state.scores and replayed.match.winner == state.match.winner
    assert len(dealt) == sum(len(r) for r in rounds)  # now every hand was replayed
