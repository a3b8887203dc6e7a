"""Match scoring: example 5 (Gin game), rotation, partnerships, Basic and Knock targets."""

from __future__ import annotations

from fractions import Fraction

from game.engine import (
    BasicMatch,
    BasicOptions,
    GinGame,
    GinPartnershipGame,
    GinThreeGame,
    HandScore,
    KnockMatch,
    LineCode,
    english,
    parse_cards,
    partnership_tables,
    settle_basic,
    settle_gin,
    settle_knock,
    void_settlement,
)


def box(winner: int | None, points: int = 0) -> HandScore:
    return HandScore(winner, Fraction(points))


def test_example_5_gin_game() -> None:
    game = GinGame()
    for w, p in [(0, 40), (1, 20), (0, 35), (0, 30)]:
        assert not game.is_over
        game = game.add(box(w, p))
    assert game.is_over and game.winner == 0
    summary = game.summary()
    assert summary is not None
    lines = {(line.code, line.params["player"]): line.points for line in summary.lines}
    assert lines[(LineCode.DIFFERENCE, 0)] == 85
    assert lines[(LineCode.BOX_BONUS, 0)] == 60
    assert lines[(LineCode.BOX_BONUS, 1)] == 20
    assert (LineCode.SHUTOUT, 0) not in lines
    assert summary.totals == {0: 145, 1: 20}
    assert summary.margin == 125
    assert english(summary.lines[-1]) == "Player 0 wins the game against player 1 by 125"


def test_example_5_shutout() -> None:
    game = GinGame()
    for p in (40, 35, 30):
        game = game.add(box(0, p))
    summary = game.summary()
    assert summary is not None
    lines = {line.code: line.points for line in summary.lines if line.params["player"] == 0}
    assert lines[LineCode.DIFFERENCE] == 105
    assert lines[LineCode.BOX_BONUS] == 60
    assert lines[LineCode.SHUTOUT] == 100
    assert summary.totals == {0: 265, 1: 0}


def test_gin_game_from_settlements_and_void() -> None:
    s = settle_gin(
        knocker=0,
        hands=[
            parse_cards("2C 3C 4C 5H 5D 5S 9S 9H 9D AD"),
            parse_cards("KH KS KD 5C 6C 9C 7D 8D QH AH"),
        ],
    )
    game = GinGame().add(s).add(void_settlement("gin", 2))
    assert game.boxes == {0: [Fraction(25)], 1: []}
    assert game.summary() is None


def test_three_player_rotation() -> None:
    game = GinThreeGame(first_out=2)
    seat = game.seating()
    assert seat.players == (0, 1) and seat.sitting_out == 2
    game = game.add(box(0, 30))  # 0 stays, 1 sits out, 2 comes in and deals
    seat = game.seating()
    assert seat.players == (0, 2) and seat.dealer == 2 and seat.sitting_out == 1
    game = game.add(box(None))  # void: the same two again, same dealer
    assert game.seating() == seat
    game = game.add(box(2, 50))  # 2 stays, 0 sits out, 1 comes in and deals
    seat = game.seating()
    assert seat.players == (2, 1) and seat.dealer == 1 and seat.sitting_out == 0
    game = game.add(box(2, 60))
    assert game.is_over and game.winner == 2
    summaries = game.summaries()
    assert [(s.winner, s.loser) for s in summaries] == [(2, 0), (2, 1)]
    assert summaries[0].totals == {2: 110 - 30 + 40, 0: 20}
    assert summaries[1].totals == {2: 110 + 40 + 100, 1: 0}


def test_partnerships_net_into_one_box() -> None:
    assert partnership_tables(0) == ((0, 1), (2, 3))
    assert partnership_tables(1) == ((0, 3), (2, 1))
    game = GinPartnershipGame().add(box(0, 30), box(3, 12))
    assert game.boxes == {0: [Fraction(18)], 1: []}
    game = game.add(box(1, 10), box(2, 10))  # equal: no box
    assert game.boxes == {0: [Fraction(18)], 1: []}
    game = game.add(box(2, 90), box(1, 5))
    assert game.is_over and game.winner == 0
    summary = game.summary()
    assert summary is not None and summary.totals[0] == 103 + 40 + 100


def test_a_deal_says_how_its_two_tables_were_netted() -> None:
    # rules.md, Gin, 4 players: each side adds its points from both tables, and the
    # side with more enters the difference as one box; equal sides enter none.
    game = GinPartnershipGame().add(box(1, 10), box(3, 48))
    netted = game.netted()
    assert netted.code is LineCode.NETTED
    assert netted.params == {
        "player": 1,
        "opponent": 0,
        "points": 58,
        "player_parts": [10, 48],
        "opponent_parts": [],
        "opponent_points": 0,
        "box": 58,
    }
    game = game.add(box(0, 10), box(3, 48))
    assert game.netted().params | {"player_parts": None} == {
        "player": 1,
        "opponent": 0,
        "points": 48,
        "player_parts": None,
        "opponent_parts": [10],
        "opponent_points": 10,
        "box": 38,
    }
    assert game.boxes[1][-1] == game.netted().params["box"] == 38
    even = game.add(box(1, 12), box(2, 12))
    assert even.netted().code is LineCode.NETTED_EVEN and even.netted().params["points"] == 12
    assert even.boxes == game.boxes
    assert even.netted(1) == game.netted()
    void = game.add(box(None), box(None)).netted()
    assert void.code is LineCode.NETTED_EVEN and void.params["points"] == 0
    assert "one box of 38" in english(game.netted())


def basic_win(winner: int, points_hand: str, players: int = 2) -> object:
    h = [[] if p == winner else parse_cards(points_hand) for p in range(players)]
    return settle_basic(winner=winner, went_rummy=False, hands=h)


def test_basic_match_target_and_tie_another_hand() -> None:
    m = BasicMatch(2, BasicOptions(target_score=30))
    m = m.add(basic_win(0, "KS QS KD"))  # 30
    assert m.is_over and m.winner == 0
    limited = BasicMatch(2, BasicOptions(hands_limit=2))
    limited = limited.add(basic_win(0, "KS")).add(void_settlement("basic", 2))
    assert not limited.is_over
    limited = limited.add(basic_win(1, "KD"))
    assert not limited.is_over  # 10 - 10 after 2 hands: another hand
    assert limited.summary()[-1].code is LineCode.ANOTHER_HAND
    limited = limited.add(basic_win(1, "2D"))
    assert limited.is_over and limited.winner == 1


def test_knock_match_scores_net_and_target() -> None:
    h = [
        parse_cards("2C 3C 4C 6D 2H 3S AD"),
        parse_cards("6C 7C 8C QC QD QH 5H"),
        parse_cards("KH KS KD TS TH TD 5C"),
        parse_cards("9C 9D 9H 4D 4H 5S 7S"),
    ]
    s = settle_knock(knocker=0, hands=h)  # example 10: A and B receive 21 each
    m = KnockMatch(4)
    for _ in range(4):
        m = m.add(s)
    assert m.scores == [0, 84, 84, 0]
    assert m.net == [-108, 84, 84, -60]
    assert not m.is_over
    m = m.add(s)
    assert m.scores[1] == 105 == m.scores[2]
    assert not m.is_over  # both reach 100 with equal totals: another hand
    assert m.summary()[-1].code is LineCode.ANOTHER_HAND
    s2 = settle_knock(knocker=0, hands=[h[0], h[1], h[3], h[2]])
    m = m.add(s2)
    assert m.is_over and m.winner in (1, 2)
