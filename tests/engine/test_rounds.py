"""A table's hands one after another: boards, dealers, who sits out, seeds and the match."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import (
    Board,
    EngineError,
    Game,
    GinOptions,
    GinPartnershipGame,
    GinThreeGame,
    Hand,
    HandEnd,
    InvalidNotation,
    KnockMatch,
    KnockOptions,
    Move,
    ResultKind,
    SetupError,
    TableFormat,
    TableRules,
    Transfer,
    TransferReason,
    options_for,
)
from game.engine.rounds import (
    clear_read_caches,
    results_from_data,
    results_of,
    results_to_data,
    rounds_from_data,
    rounds_to_data,
    rounds_to_json,
)
from game.engine.scoring import Settlement, settlement_of


def table(game: str, seats: int, seed: int = 1, **options: object) -> TableRules:
    return TableRules(
        Game(game),
        TableFormat.of(game, seats),
        seats=seats,
        seed=seed,
        options=options_for(game, options),
    )


def finished(rules: TableRules, board: Board, winner: int | None) -> Hand:
    """The board's hand ended: won by engine seat ``winner`` (10 points), or void."""
    hand = rules.deal(board)
    if winner is None:
        return hand.rules.end(hand, HandEnd.VOID, None, None)
    players = len(board.seats)
    transfers = [
        Transfer(p, winner, Fraction(10), TransferReason.DIFFERENCE)
        for p in range(players)
        if p != winner
    ]
    settlement = settlement_of(
        rules.game, ResultKind.KNOCK, [0] * players, [None] * players, [], transfers, [], [winner]
    )
    return hand.rules.end(hand, HandEnd.KNOCK, winner, settlement)


def history(rules: TableRules, winners: list[int | None]) -> tuple[list, list]:  # type: ignore[type-arg]
    """Rounds played with these winners (table seats; None: void), and the hands."""
    rounds: list = []  # type: ignore[type-arg]
    hands: list = []  # type: ignore[type-arg]
    for winner in winners:
        round_ = rules.next_round(rounds, results_of(hands))
        rounds.append(round_)
        hands.append(
            tuple(
                finished(rules, b, b.seat_of(winner) if winner is not None and i == 0 else None)
                for i, b in enumerate(round_)
            )
        )
    return rounds, hands


@pytest.mark.parametrize(
    ("game", "seats"),
    [("basic", 2), ("basic", 4), ("basic", 6), ("knock", 3), ("knock", 5), ("gin", 2), ("gin", 4)],
)
def test_the_first_dealer_is_drawn_at_random_at_every_table_size(game: str, seats: int) -> None:
    dealers = set()
    for seed in range(1, 80):
        board = table(game, seats, seed).first_round()[0]
        dealers.add(board.seats[board.dealer])
    expected = set(range(seats)) if seats != 4 or game != "gin" else {0, 1}
    assert dealers == expected


def test_three_player_gin_first_dealer_is_either_seated_player_never_the_one_sitting_out() -> None:
    # Played from outside, a fresh three-player table always gave the first deal to the
    # first-listed seated player.
    firsts: dict[tuple[int, int], int] = {}
    for seed in range(1, 120):
        rules = table("gin", 3, seed)
        board = rules.first_round()[0]
        out = rules.first_out()
        assert out not in board.seats
        dealer = board.seats[board.dealer]
        firsts[(out, dealer)] = firsts.get((out, dealer), 0) + 1
    # Each of the 3 sitting out, each with both of the others dealing: 6 combinations.
    assert set(firsts) == {(o, d) for o in range(3) for d in range(3) if d != o}


@pytest.mark.parametrize("game", ["basic", "knock"])
def test_basic_and_knock_pass_the_deal_to_the_left_after_every_hand_void_too(game: str) -> None:
    rules = table(game, 4, seed=3)
    rounds, _hands = history(rules, [2, None, 0, None, 1])
    dealers = [r[0].dealer for r in rounds]
    assert dealers == [(dealers[0] + i) % 4 for i in range(5)]
    assert [r[0].seats for r in rounds] == [(0, 1, 2, 3)] * 5


def test_two_player_gin_deals_alternately_and_a_void_hand_is_dealt_again_by_its_dealer() -> None:
    rules = table("gin", 2, seed=5)
    rounds, _hands = history(rules, [0, None, None, 1, 0])
    first = rounds[0][0].dealer
    other = 1 - first
    assert [r[0].dealer for r in rounds] == [first, other, other, other, first]


def test_three_player_gin_winner_meets_the_one_who_sat_out_who_deals() -> None:
    rules = table("gin", 3, seed=9)
    out = rules.first_out()
    first = rules.first_round()[0]
    a, b = first.seats
    rounds, hands = history(rules, [a, None, out])
    # Hand 2: the winner a against the one who sat out, who deals; the loser b sits out.
    second = rounds[1][0]
    assert set(second.seats) == {a, out} and second.seats[second.dealer] == out
    # Hand 3 (after the void hand 2): the same two, the same dealer.
    third = rounds[2][0]
    assert third.seats == second.seats and third.dealer == second.dealer
    # Hand 4: out won hand 3, so out meets b, who sat out and deals; a sits out.
    fourth = rules.next_round(rounds, results_of(hands))[0]
    assert set(fourth.seats) == {out, b} and fourth.seats[fourth.dealer] == b
    match = rules.match(rounds, results_of(hands))
    assert isinstance(match, GinThreeGame)
    assert match.boxes[a] == [Fraction(10)] and match.boxes[out] == [Fraction(10)]
    assert match.seating().sitting_out == a


def test_three_player_gin_keeps_the_first_dealer_a_stored_table_was_dealt() -> None:
    # Tables made before the first dealer was drawn at random keep their first board as
    # it was dealt: after a void first hand, its dealer deals again.
    rules = table("gin", 3, seed=9)
    board = rules.first_round()[0]
    other = Board(board.seats, board.seed, 1 - board.dealer)
    hands = [(finished(rules, other, None),)]
    again = rules.next_round([(other,)], results_of(hands))[0]
    assert again.seats == other.seats and again.dealer == other.dealer


def test_four_player_gin_plays_two_boards_switching_opponents_and_nets_them() -> None:
    rules = table("gin", 4, seed=2)
    rounds: list = []  # type: ignore[type-arg]
    hands: list = []  # type: ignore[type-arg]
    # Deal 1: seat 0 wins 10 at its table, seat 3 wins 10 at the other: level, no box.
    # Deal 2: seats 0 and 2 (side 0) win both tables: a box of 20.
    for winners in ((0, 3), (0, 2)):
        round_ = rules.next_round(rounds, results_of(hands))
        rounds.append(round_)
        hands.append(
            tuple(finished(rules, b, b.seat_of(w)) for b, w in zip(round_, winners, strict=True))
        )
    assert [tuple(b.seats for b in r) for r in rounds] == [((0, 1), (2, 3)), ((0, 3), (2, 1))]
    assert rounds[0][0].seed != rounds[0][1].seed
    assert rounds[0][0].dealer != rounds[1][0].dealer
    assert all(r[0].dealer == r[1].dealer for r in rounds)
    match = rules.match(rounds, results_of(hands))
    assert isinstance(match, GinPartnershipGame)
    assert match.boxes == {0: [Fraction(20)], 1: []}
    assert rules.seat_scores(match) == [Fraction(20), 0, Fraction(20), 0]


def test_the_match_leaves_out_a_hand_still_being_played() -> None:
    rules = table("knock", 3, seed=4)
    rounds, hands = history(rules, [1])
    rounds.append(rules.next_round(rounds, results_of(hands)))
    hands.append((rules.deal(rounds[-1][0]),))
    match = rules.match(rounds, results_of(hands))
    assert isinstance(match, KnockMatch)
    assert match.scores == [0, Fraction(20), 0]
    assert rules.seat_scores(match) == match.scores


def test_the_next_hand_waits_for_every_board_to_end() -> None:
    rules = table("gin", 2)
    first = rules.first_round()
    with pytest.raises(SetupError):
        rules.next_round([first], results_of([(rules.deal(first[0]),)]))


def test_a_board_has_a_json_form() -> None:
    board = Board(
        (2, 0), seed=77, dealer=1, moves=(Move.parse("draw stock"), Move.parse("discard 7H"))
    )
    data = board.to_dict()
    assert data == {"seats": [2, 0], "seed": 77, "dealer": 1, "moves": ["draw stock", "discard 7H"]}
    assert Board.from_dict(data) == board
    rounds = ((board,), (Board((0, 2), 3, 0), Board((1, 3), 4, 0)))
    assert rounds_from_data(rounds_to_data(rounds)) == rounds
    assert board.seat_of(0) == 1 and board.seat_of(1) is None
    assert board.upto(1).moves == board.moves[:1]


def test_a_board_keeps_the_text_of_its_moves_as_it_grows_and_shrinks() -> None:
    board = Board((0, 1), seed=5, dealer=0)
    assert board.notation == ()
    grown = board.with_moves(Move.parse("draw stock"), Move.parse("discard 7h"))
    assert grown.notation == ("draw stock", "discard 7H")
    assert grown.upto(1).notation == ("draw stock",)
    assert grown.upto(9).notation == grown.notation
    again = Board.from_dict(grown.to_dict())
    assert again.notation == grown.notation and again == grown
    # Made from moves alone, the text is written out; it takes no part in equality.
    assert Board((0, 1), 5, 0, grown.moves).notation == grown.notation


@pytest.mark.parametrize(
    "data",
    [
        [[{"seats": "01", "seed": 1, "dealer": 0, "moves": []}]],
        [[{"seats": [0, 1], "seed": True, "dealer": 0, "moves": []}]],
        [[{"seats": [0, 1], "seed": 1, "dealer": 2, "moves": []}]],
        [[{"seats": [0, 0], "seed": 1, "dealer": 0, "moves": []}]],
        [[{"seats": [0, 1], "seed": 1, "dealer": 0, "moves": ["fly away"]}]],
        [[]],
        [["board"]],
        "rounds",
    ],
)
def test_what_is_not_a_board_is_refused_with_an_engine_error(data: object) -> None:
    with pytest.raises(EngineError):
        rounds_from_data(data)
    assert issubclass(InvalidNotation, EngineError)


def test_table_rules_refuse_a_format_or_options_that_do_not_fit() -> None:
    with pytest.raises(SetupError):
        TableRules(Game.GIN, TableFormat.STANDARD, seats=3, seed=1, options=GinOptions())
    with pytest.raises(SetupError):
        TableRules(Game.GIN, TableFormat.STANDARD, seats=2, seed=1, options=KnockOptions())
    with pytest.raises(SetupError):
        TableRules(Game.KNOCK, TableFormat.STANDARD, seats=7, seed=1, options=KnockOptions())
    assert table("basic", 3).target_score == 150
    assert table("knock", 3, target_score=60).target_score == 60


def test_boards_are_seeded_from_the_table_seed_and_the_hand_number() -> None:
    first = table("basic", 3, seed=12)
    again = table("basic", 3, seed=12)
    other = table("basic", 3, seed=13)
    assert first.first_round() == again.first_round()
    assert first.first_round()[0].seed != other.first_round()[0].seed
    rounds, _hands = history(first, [0, 1, 2])
    assert len({r[0].seed for r in rounds}) == 3


@pytest.mark.parametrize(
    ("game", "seats", "winners"),
    [
        ("basic", 4, [2, None, 0, 1]),
        ("knock", 3, [1, 1, None, 0]),
        ("gin", 2, [0, None, 1, 1]),
        ("gin", 3, [None, 0, 1, 2, 0]),
        ("gin", 4, [0, 1, None, 3]),
    ],
)
def test_finished_rounds_results_as_data_give_the_same_match(
    game: str, seats: int, winners: list[int | None]
) -> None:
    """A table keeps its finished rounds' results and replays only the current round:
    the match and the next deal from the stored results are those from the hands."""
    rules = table(game, seats, seed=11)
    rounds, hands = history(rules, winners)
    results = results_of(hands)
    assert len(results) == len(rounds)
    data = results_to_data(results)
    import json

    stored = results_from_data(rules.game, rounds, json.loads(json.dumps(data)))
    assert results_to_data(stored) == data
    original, again = rules.match(rounds, results), rules.match(rounds, stored)
    assert rules.seat_scores(again) == rules.seat_scores(original)
    assert again.winner == original.winner
    assert rules.next_round(rounds, stored) == rules.next_round(rounds, results)


@pytest.mark.parametrize(
    "data",
    [
        "x",
        [[{"kind": "knock", "winners": [0], "transfers": [[1, 0, "10", "difference"]]}]] * 9,
        [[{"kind": "nope", "winners": [], "transfers": []}]],
        [[{"kind": "knock", "winners": [7], "transfers": []}]],
        [[{"kind": "knock", "winners": [0], "transfers": [[0, 0, "10", "difference"]]}]],
        [[{"kind": "knock", "winners": [0], "transfers": [[1, 0, "-3", "difference"]]}]],
        [[{"kind": "knock", "winners": [0], "transfers": [[1, 0, "1/0", "difference"]]}]],
        # json.loads reads ``Infinity`` (a row edited by hand on SQLite).
        [[{"kind": "knock", "winners": [0], "transfers": [[1, 0, float("inf"), "difference"]]}]],
        [[{"kind": "knock", "winners": [0]}]],
        [[]],
    ],
)
def test_results_that_are_not_a_table_s_are_refused(data: object) -> None:
    rules = table("knock", 2, seed=3)
    rounds, _hands = history(rules, [0, 1])
    with pytest.raises(SetupError):
        results_from_data(rules.game, rounds, data)


# -- Reading a table again: finished boards and results are kept by their data ----------

_TEXTS = ["draw stock", "discard 7h", "discard 7H", "meld 5D 5H 5S", "layoff 9D 0", "fly away"]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from([*_TEXTS, "draw stock\x1fdiscard 7H", "", "\x1f"]), max_size=4),
        min_size=1,
        max_size=6,
    )
)
def test_a_finished_board_reads_the_same_from_the_cache_as_anew(
    move_lists: list[list[str]],
) -> None:
    """Each list is read as a finished board (twice, the second time from the read cache)
    and as a board being played (never cached): the same board, or the same refusal. A
    text holding the cache key's separator is never taken for two moves."""
    clear_read_caches()
    for moves in move_lists:
        data = {"seats": [0, 1], "seed": 5, "dealer": 0, "moves": moves}
        outcomes: list[Board | type[EngineError]] = []
        for finished in (True, True, False):
            try:
                outcomes.append(Board.from_dict(data, finished=finished))
            except EngineError as exc:
                outcomes.append(type(exc))
        assert outcomes[0] == outcomes[1] == outcomes[2]
        first, anew = outcomes[0], outcomes[2]
        if isinstance(first, Board) and isinstance(anew, Board):
            assert first.notation == anew.notation


_VALID = ["draw stock", "draw discard", "discard 7H", "meld 5D 5H 5S", "layoff 9D 0", "knock 2C"]
_boards = st.builds(
    lambda seats, seed, moves: Board.from_dict(
        {"seats": seats, "seed": seed, "dealer": 0, "moves": moves}
    ),
    st.sampled_from([[0, 1], [1, 0], [0, 1, 2], [2, 0, 1, 3]]),
    st.integers(1, 2**62),
    st.lists(st.sampled_from(_VALID), max_size=8),
)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(_boards, min_size=1, max_size=2).map(tuple), min_size=1, max_size=5))
def test_rounds_as_json_text_are_the_json_of_their_data(rounds: list[tuple[Board, ...]]) -> None:
    """The text written on every move (the finished rounds' kept by the round): the
    same as ``json.dumps`` of the data, first, again from what was kept, and for equal
    rounds that are other objects."""
    expected = json.dumps(rounds_to_data(rounds))
    assert rounds_to_json(rounds) == expected
    assert rounds_to_json(rounds) == expected
    copies = [tuple(Board.from_dict(b.to_dict()) for b in r) for r in rounds]
    assert rounds_to_json(copies) == expected
    # A round changed (a new object, as every change is) is written as it now is.
    grown = [*rounds[:-1], (rounds[-1][0].with_moves(Move.parse("draw stock")),)]
    assert rounds_to_json(grown) == json.dumps(rounds_to_data(grown))
    clear_read_caches()
    assert rounds_to_json(rounds) == expected


def test_a_kept_round_text_is_used_only_for_the_round_it_was_written_for() -> None:
    # Kept by the round object's id: an entry for another object (an id used again
    # once its round was gone) is never taken for this one.
    from game.engine import rounds as module

    one = (Board.from_dict({"seats": [0, 1], "seed": 3, "dealer": 0, "moves": ["draw stock"]}),)
    other = (Board.from_dict({"seats": [1, 0], "seed": 4, "dealer": 1, "moves": []}),)
    last = (Board.from_dict({"seats": [0, 1], "seed": 5, "dealer": 0, "moves": []}),)
    clear_read_caches()
    rounds_to_json([one, last])
    module._ROUND_TEXTS[id(other)] = module._ROUND_TEXTS[id(one)]
    assert rounds_to_json([other, last]) == json.dumps(rounds_to_data([other, last]))
    clear_read_caches()


def test_a_board_s_seats_seed_and_dealer_are_checked_before_its_moves() -> None:
    for finished in (False, True):
        data = {"seats": [0, True], "seed": 1, "dealer": 0, "moves": ["bogus"]}
        with pytest.raises(SetupError):
            Board.from_dict(data, finished=finished)


def test_a_finished_board_is_still_checked_when_its_moves_are_known() -> None:
    moves = ["draw stock", "discard 7H"]
    good = [
        [{"seats": [0, 1], "seed": 5, "dealer": 0, "moves": moves}],
        [{"seats": [1, 0], "seed": 6, "dealer": 1, "moves": []}],
    ]
    assert rounds_from_data(good) == rounds_from_data(good)
    # One text holding the separator of the key the two above are kept by: no move.
    joined = [[{**good[0][0], "moves": ["\x1f".join(moves)]}], good[1]]
    with pytest.raises(InvalidNotation):
        rounds_from_data(joined)
    for wrong in ({"dealer": 2}, {"seats": [0, 0]}, {"seed": True}):
        bad = [[{**good[0][0], **wrong}], good[1]]
        with pytest.raises(SetupError):
            rounds_from_data(bad)


def test_a_finished_round_s_result_reads_the_same_from_the_cache_and_is_still_checked() -> None:
    rules = table("knock", 2, seed=3)
    rounds, hands = history(rules, [0, 1])
    data = results_to_data(results_of(hands))
    clear_read_caches()
    cold = results_from_data(rules.game, rounds, data)
    warm = results_from_data(rules.game, rounds, data)
    assert warm == cold and results_to_data(warm) == data

    # Each reading is a value of its own: changing one in place changes no other.
    def sums(results: list[tuple[Settlement, ...]]) -> list[object]:
        return [(dict(s.received), [dict(t.params) for t in s.steps]) for r in results for s in r]

    expected = sums(cold)
    warm[0][0].received[0] += 100
    warm[0][0].steps[-1].params["net"] = "changed"
    assert sums(results_from_data(rules.game, rounds, data)) == expected
    winner = data[0][0]["winners"][0]
    payer, payee, points, reason = data[0][0]["transfers"][0]
    # The same values in a form the cache's key would not tell apart are still refused.
    for bad in (
        {**data[0][0], "winners": [bool(winner) if winner in (0, 1) else str(winner)]},
        {**data[0][0], "transfers": [[bool(payer), payee, points, reason]]},
        {**data[0][0], "transfers": [[float(payer), payee, points, reason]]},
    ):
        with pytest.raises(SetupError):
            results_from_data(rules.game, rounds, [[bad], *data[1:]])
