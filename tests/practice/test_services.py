"""The practice services, called directly on tables built by the factories: each returns
the state the view renders, or refuses with its status and changes nothing."""

from __future__ import annotations

import contextlib
import json
import re
from collections import OrderedDict
from collections.abc import Iterator

import pytest
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from game.engine import Discard, DrawStock, HandEnd, IllegalMove, Knock, MoveError
from game.engine.rounds import results_to_data
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


@pytest.mark.parametrize(
    ("language", "learner", "expected"),
    [
        ("en", "Ona", ["Ben", "Marta", "Luca", "Ivan", "Sofia"]),
        ("lt", "ONA", ["Benas", "Marta", "Lukas", "Jonas", "Rūta"]),
        ("ru", "Оля", ["Борис", "Марта", "Лука", "Иван", "Соня"]),
        ("it", "Luca", ["Giulia", "Paolo", "Marta", "Dario", "Sofia"]),
        ("en", "Aistė", ["Ona", "Ben", "Marta", "Luca", "Ivan"]),
    ],
)
def test_no_computer_player_has_the_learners_name(
    language: str, learner: str, expected: list[str]
) -> None:
    """The tamper probe: a computer player got a person's name at the same table, and
    the log no longer said which of the two moved."""
    table = factories.table("basic", 6, seed=5)
    table.seats[0]["name"] = learner
    with translation.override(language):
        assert services.seat_names(table) == [learner, *expected]


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


@contextlib.contextmanager
def another_worker(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Run the block as another worker (or app instance) would: with caches of its own,
    this process's left as they were."""
    with monkeypatch.context() as m:
        m.setattr(services, "_HANDS", OrderedDict())
        m.setattr(services, "_TABLES", OrderedDict())
        yield


def _reading_counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each full reading of a table's rounds or results, from now on."""
    read: list[str] = []
    for name in ("rounds_from_data", "results_from_data"):
        original = getattr(services, name)

        def counting(*args, _name=name, _original=original, **kwargs):  # type: ignore[no-untyped-def]
            read.append(_name)
            return _original(*args, **kwargs)

        monkeypatch.setattr(services, name, counting)
    return read


def _read_in_full(table: Table) -> services.TableState:
    with_caches = (OrderedDict(services._HANDS), OrderedDict(services._TABLES))
    services.clear_caches()
    try:
        return services.table_state(table=Table.objects.get(pk=table.pk))
    finally:
        services._HANDS.update(with_caches[0])
        services._TABLES.update(with_caches[1])


def _same_state(a: services.TableState, b: services.TableState) -> None:
    assert a.rounds == b.rounds and a.current == b.current and a.version == b.version
    # What a match reads of the finished hands' results (the worker that saw a hand end
    # keeps its whole settlement; a reading has what the row stores).
    assert results_to_data(a.results) == results_to_data(b.results) and a.scores == b.scores


def _at_hand(table: Table, number: int) -> services.TableState:
    """Play the table until hand ``number`` is dealt and the learner is to move."""
    _play_hands(table, number - 1)
    table.refresh_from_db()
    services.table_next_hand(table=table, version=table.version)
    return at_learners_turn(table)


@pytest.mark.parametrize(("game", "players"), [("basic", 3), ("gin", 4), ("knock", 2)])
def test_moves_another_worker_made_are_read_alone_and_give_the_table_a_full_reading_gives(
    monkeypatch: pytest.MonkeyPatch, game: str, players: int
) -> None:
    # Two app instances behind a load balancer: each sees every other request on a table.
    # This worker knows the table from a few moves back, with finished hands: it reads
    # neither those hands nor their results again, only the moves made since.
    table = factories.table(game, players, seed=29, target_score=500)
    state = _at_hand(table, 3)
    assert len(state.results) == 2
    with another_worker(monkeypatch):
        other = Table.objects.get(pk=table.pk)
        services.table_move(table=other, version=other.version, move=DrawStock(), confirmed=True)
        after = services.table_state(table=other)
        move = Discard(after.hand.cards(after.me)[0])
        services.table_move(table=other, version=other.version, move=move, confirmed=True)
    read = _reading_counted(monkeypatch)
    fresh = Table.objects.get(pk=table.pk)
    state = services.table_state(table=fresh)
    assert read == []
    assert state.table is fresh and state.board.moves[-2:] == (DrawStock(), move)
    _same_state(state, _read_in_full(fresh))
    # The computer players' moves and a hint (a new version, the same moves) made there.
    with another_worker(monkeypatch):
        other = Table.objects.get(pk=table.pk)
        services.table_bot_step(table=other, version=other.version, all_steps=True)
        if services.table_state(table=other).my_turn:
            services.table_hint(table=other, version=other.version)
    read.clear()
    state = services.table_state(table=Table.objects.get(pk=table.pk))
    assert read == []
    _same_state(state, _read_in_full(table))


def test_a_row_that_differs_from_the_known_table_otherwise_is_read_in_full(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = factories.table("gin", seed=31, target_score=500)
    _at_hand(table, 2)
    table.refresh_from_db()
    read = _reading_counted(monkeypatch)
    finished, current = table.rounds[0][0], table.rounds[-1][0]
    first = services.table_state(table=Table.objects.get(pk=table.pk))
    assert read == []

    def with_row(**fields: object) -> services.TableState:
        Table.objects.filter(pk=table.pk).update(**fields)
        try:
            return services.table_state(table=Table.objects.get(pk=table.pk))
        finally:
            Table.objects.filter(pk=table.pk).update(rounds=table.rounds, results=table.results)

    # Data that only compares equal to what was read (a float for an integer, true for
    # 1) is read again, and refused as a full reading refuses it.
    for rounds in (
        [[{**finished, "dealer": float(finished["dealer"])}], *table.rounds[1:]],
        [*table.rounds[:-1], [{**current, "seed": float(current["seed"])}]],
        [*table.rounds[:-1], [{**current, "seats": [bool(s) for s in current["seats"]]}]],
    ):
        read.clear()
        with pytest.raises(services.CorruptTable):
            with_row(rounds=rounds)
        assert read == ["rounds_from_data"]
    winners = table.results[0][0]["winners"]
    twin = [[{**table.results[0][0], "winners": [float(w) for w in winners]}]]
    read.clear()
    state = with_row(results=twin)  # not a result: the hands are replayed instead
    assert read == ["rounds_from_data", "results_from_data"]
    _same_state(state, first)
    # A move that is not one, added by hand: refused as by a full reading.
    read.clear()
    bad = [*table.rounds[:-1], [{**current, "moves": [*current["moves"], "fly away"]}]]
    with pytest.raises(services.CorruptTable):
        with_row(rounds=bad)
    assert read == ["rounds_from_data"]
    # A finished hand's moves changed by hand: read in full.
    read.clear()
    moves = finished["moves"]
    changed = [[{**finished, "moves": moves[:-1]}], *table.rounds[1:]]
    state = with_row(rounds=changed)
    assert read == ["rounds_from_data", "results_from_data"]
    assert [str(m) for m in state.rounds[0][0].moves] == moves[:-1]
    # The hand being played with a move taken back (shorter): read in full, as stored.
    read.clear()
    shorter = [*table.rounds[:-1], [{**current, "moves": current["moves"][:-1]}]]
    state = with_row(rounds=shorter)
    assert read == ["rounds_from_data", "results_from_data"]
    assert len(state.board.moves) == len(current["moves"]) - 1


def _as_read(table: Table) -> services.TableState | type[Exception]:
    try:
        return services.table_state(table=Table.objects.get(pk=table.pk))
    except services.CorruptTable as exc:
        return type(exc)


def _as_read_in_full(table: Table) -> services.TableState | type[Exception]:
    try:
        return _read_in_full(table)
    except services.CorruptTable as exc:
        return type(exc)


def _same_outcome(a: object, b: object) -> None:
    if isinstance(a, services.TableState) and isinstance(b, services.TableState):
        _same_state(a, b)
        assert a.board.notation == b.board.notation and a.rules == b.rules
    else:
        assert a == b


def test_rows_edited_while_the_table_is_known_read_as_a_full_reading_reads_them() -> None:
    # Each row below differs from the known table in a way a worker could miss: it must
    # give what reading the row from scratch gives (the same table, or the same refusal).
    table = factories.table("basic", 3, seed=41)
    state = at_learners_turn(table)
    services.table_move(table=table, version=table.version, move=DrawStock(), confirmed=True)
    state = services.table_state(table=table)
    move = Discard(state.hand.cards(state.me)[0])
    services.table_move(table=table, version=table.version, move=move, confirmed=True)
    state = at_learners_turn(table)
    table.refresh_from_db()
    current = table.rounds[-1][0]
    moves = current["moves"]
    assert len(moves) >= 4
    legal = [str(m) for m in state.hand.legal_moves()]
    other_draw = "draw stock" if moves[0] != "draw stock" else "draw discard"
    rows: list[dict[str, object]] = [
        # A move of the hand rewritten, and moves added after it.
        {"rounds": [[{**current, "moves": [other_draw, *moves[1:], legal[0]]}]]},
        # Added moves written as a person might (another case, spaces).
        {"rounds": [[{**current, "moves": [*moves, "DRAW   stock"]}]]},
        {"rounds": [[{**current, "moves": [*moves, "draw"]}]]},
        # A board without its moves (read as no moves yet).
        {"rounds": [[{k: v for k, v in current.items() if k != "moves"}]]},
        # The rules changed under the known table.
        {"seed": table.seed + 1},
        {"options": {**table.options, "target_score": 100}},
        {"options": {**table.options, "ace": "high"}},
    ]
    for fields in rows:
        services.table_state(table=Table.objects.get(pk=table.pk))  # known, as it is
        Table.objects.filter(pk=table.pk).update(**fields)
        try:
            first, again = _as_read(table), _as_read(table)
            full = _as_read_in_full(table)
            _same_outcome(first, full)
            _same_outcome(again, full)
        finally:
            Table.objects.filter(pk=table.pk).update(
                rounds=table.rounds, seed=table.seed, options=table.options
            )


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.floats(-3, 3, allow_nan=False)
    | st.text(max_size=2),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=2), inner, max_size=3)
    ),
    max_leaves=8,
)


def _twin(value: object, data: st.DataObject) -> object:
    """``value`` with some of its numbers written as another type that compares equal
    (1 as 1.0 or true, 0 as false...), or left as they are."""
    if isinstance(value, list):
        return [_twin(v, data) for v in value]
    if isinstance(value, dict):
        return {k: _twin(v, data) for k, v in value.items()}
    if type(value) in (int, float, bool) and value in (0, 1) and data.draw(st.booleans()):
        return data.draw(st.sampled_from([int(value), float(value), bool(value)]))
    if type(value) is int and data.draw(st.booleans()):
        return float(value)
    return value


def _text(value: object) -> str:
    return json.dumps(value, sort_keys=True).replace("-0.0", "0.0")


@given(json_values, json_values)
def test_same_is_equality_of_the_json_texts(a: object, b: object) -> None:
    assert services._same(a, b) == (_text(a) == _text(b))
    assert services._same(a, json.loads(json.dumps(a)))


@given(json_values, st.data())
def test_same_tells_a_value_from_its_twins(a: object, data: st.DataObject) -> None:
    twin = _twin(a, data)
    assert twin == a
    assert services._same(a, twin) == (_text(a) == _text(twin))


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
