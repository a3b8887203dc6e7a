"""Edges of the rules that a second reading of rules.md found right but untested
(the rules check of 3 December): Gin's knock limit at exactly 10, gin against a hand
with no deadwood either, the stock's last cards, and Knock Rummy's settlement when an
opponent ties the knocker without being lowest, with two players, and with all at 0."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.engine import (
    Deal,
    Discard,
    DrawDiscard,
    DrawStock,
    HandEnd,
    IllegalMove,
    Move,
    MoveError,
    new_hand,
    parse_cards,
    replay_hand,
    settle_gin,
    settle_knock,
)


def transfers(settlement) -> list[tuple[int, int, Fraction, str]]:  # type: ignore[no-untyped-def]
    return [(t.payer, t.payee, t.points, t.reason.value) for t in settlement.transfers]


# -- Gin ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("loose", "deadwood"), [("6D 4H", 10), ("6D 5H", 11)])
def test_gin_knocks_with_ten_and_not_with_eleven(loose: str, deadwood: int) -> None:
    """rules.md: "knock ... with 10 or less" (seed 003: it "may not exceed ten")."""
    deal = Deal.build(
        ["2C 3C 4C 5C 9S 9H 9D 9C " + loose, "KH KS KD 7C 8C 2S 7D 8D QH AH"],
        discard="AD",
        stock="KC",
    )
    hand = replay_hand("gin", ["draw stock"], dealer=1, deal=deal)
    if deadwood <= 10:
        knocked = hand.play(Move.parse("knock KC"))
        assert knocked.result is not None and knocked.result.end is HandEnd.KNOCK
        assert knocked.settlement is not None and knocked.settlement.deadwood[0] == 10
    else:
        with pytest.raises(IllegalMove) as refused:
            hand.play(Move.parse("knock KC"))
        assert refused.value.reason is MoveError.KNOCK_OVER_LIMIT
        assert refused.value.params == {"deadwood": 11, "limit": 10}


def test_gin_against_a_hand_with_no_deadwood_is_still_gin() -> None:
    """Gin is never undercut: the knocker scores the 25 even when the other hand is
    all melds too."""
    settlement = settle_gin(
        knocker=0,
        hands=[
            parse_cards("2C 3C 4C 5D 5S 5H 9S 9H 9D 9C"),
            parse_cards("AH 2H 3H 6S 7S 8S JD QD KD TD"),
        ],
    )
    assert settlement.kind.value == "gin"
    assert settlement.received == {0: Fraction(25), 1: Fraction(0)}


def test_gin_with_three_cards_left_the_hand_plays_on_until_the_third_last_is_drawn() -> None:
    """Taking the discard with three stock cards left changes nothing; the player who
    draws the third-last card and does not knock makes the hand void."""
    hand = new_hand("gin", seed=21)
    while len(hand.stock) > 3:
        before = set(hand.cards(hand.turn))
        hand = hand.play(DrawStock())
        (drawn,) = set(hand.cards(hand.turn)) - before
        hand = hand.play(Discard(drawn))
    taken = hand.play(DrawDiscard())
    kept = next(c for c in taken.cards(taken.turn) if c != taken.taken)
    hand = taken.play(Discard(kept))
    assert not hand.is_over and len(hand.stock) == 3
    before = set(hand.cards(hand.turn))
    hand = hand.play(DrawStock())
    (drawn,) = set(hand.cards(hand.turn)) - before
    hand = hand.play(Discard(drawn))
    assert hand.result is not None and hand.result.end is HandEnd.VOID


# -- Knock Rummy -------------------------------------------------------------------------


def test_knock_an_opponent_who_ties_the_knocker_but_is_not_lowest_pays_and_gets_no_penalty() -> (
    None
):
    """Knocker 12, A 5 (lowest), B 12, C 20: A collects every difference; the knocker's
    10-point penalty goes to A alone (B is not lower than the knocker)."""
    settlement = settle_knock(
        knocker=0,
        hands=[
            parse_cards("2C 3C 4C 6D 2H 3S AD"),
            parse_cards("6C 7C 8C QC QD QH 5H"),
            parse_cards("9C 9D 9H 5S 4D 2D AS"),
            parse_cards("JC JD JH TS 4S 3H 3D"),
        ],
    )
    assert settlement.deadwood == (12, 5, 12, 20)
    assert transfers(settlement) == [
        (0, 1, Fraction(7), "difference"),
        (2, 1, Fraction(7), "difference"),
        (3, 1, Fraction(15), "difference"),
        (0, 1, Fraction(10), "penalty"),
    ]


def test_knock_with_two_players_undercut_and_rummy() -> None:
    undercut = settle_knock(
        knocker=0,
        hands=[
            parse_cards("2C 3C 4C 5H 5D 5S 9S 9H 9D 7D"),
            parse_cards("6C 7C 8C QC QD QH JS JD JH 3H"),
        ],
    )
    assert undercut.deadwood == (7, 3)
    assert transfers(undercut) == [
        (0, 1, Fraction(4), "difference"),
        (0, 1, Fraction(10), "penalty"),
    ]
    rummy = settle_knock(
        knocker=1,
        hands=[
            parse_cards("6C 7C 8C QC QD QH JS JD JH 3H"),
            parse_cards("2C 3C 4C 5H 5D 5S 9S 9H 9D 9C"),
        ],
    )
    assert rummy.kind.value == "rummy"
    assert transfers(rummy) == [
        (0, 1, Fraction(3), "difference"),
        (0, 1, Fraction(25), "rummy_bonus"),
    ]


def test_knock_when_everyone_is_at_zero_nobody_pays() -> None:
    settlement = settle_knock(
        knocker=0,
        hands=[
            parse_cards("2C 3C 4C JH JD JS JC"),
            parse_cards("6C 7C 8C QC QD QH QS"),
            parse_cards("KH KS KD 2D 3D 4D 5D"),
        ],
    )
    assert settlement.deadwood == (0, 0, 0)
    assert settlement.transfers == ()
    assert all(v == 0 for v in settlement.received.values())
