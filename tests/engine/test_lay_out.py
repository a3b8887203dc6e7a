"""Gin laid out by hand (``players_lay_out``): the knocker lays out, the defender lays off.

rules.md's examples 3 (chained layoffs) and 11 (the knocker's choice) are played
move by move; a settlement made by hand must equal the engine's automatic one
when the players choose as the engine does, and says what a worse choice cost.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import (
    Deal,
    Done,
    Hand,
    LayDown,
    Move,
    MoveKind,
    Phase,
    StepCode,
    bot_move,
    defender_play,
    knocker_choice,
    make_meld,
    new_hand,
    replay_hand,
)
from game.engine.bots import RandomPlayer
from game.engine.games import hand_from_json
from game.engine.games.gin import gin_points
from game.engine.selfplay import check_invariants, play_hand
from tests.engine.test_play_errors import (
    CHOICE_DEAL,
    GIN_DEAL,
    LAID_OUT,
    choice_by_hand,
    gin_by_hand,
)

EXAMPLE_3_LAYOFFS = ("layoff 5C 0", "layoff 6C 0", "layoff 9C 2", "done")


by_hand = gin_by_hand


def codes(hand: Hand) -> list[StepCode]:
    assert hand.settlement is not None
    return [s.code for s in hand.settlement.steps]


def test_a_knock_starts_the_layout_and_the_knocker_moves_again() -> None:
    hand = by_hand()
    assert hand.phase is Phase.LAY_OUT and hand.turn == 0 and not hand.is_over
    assert hand.knocker == 0
    legal = hand.legal_moves()
    assert {str(m) for m in legal} == {"meld 2C 3C 4C", "meld 5D 5H 5S", "meld 9D 9H 9S"}
    assert Done() not in legal  # 43 points not laid out: over the limit of 10
    # The play is over (a practice table asks before the knock, not before Done).
    assert (
        hand.play_over
        and not replay_hand(
            "gin", ["draw stock"], dealer=1, deal=GIN_DEAL, options={"players_lay_out": True}
        ).play_over
    )
    assert by_hand(*LAID_OUT, *EXAMPLE_3_LAYOFFS).play_over


def test_the_knock_discard_stays_hidden_from_the_defender_while_laying_out() -> None:
    for hand in (by_hand(), by_hand(*LAID_OUT), by_hand(*LAID_OUT, "layoff 5C 0")):
        defender = hand.view(1)
        assert defender.face_down_discard
        assert "7S" not in {str(c) for c in defender.discard_pile}
        knock = next(e for e in defender.log if e.kind is MoveKind.KNOCK)
        assert knock.move is None
        assert "7S" not in str([e.to_dict() for e in defender.log])
        assert hand.view(0).discard_top is not None and str(hand.view(0).discard_top) == "7S"


def test_example_3_by_hand_equals_the_automatic_settlement() -> None:
    hand = by_hand(*LAID_OUT)
    assert hand.phase is Phase.LAY_OFF and hand.turn == 1
    assert [str(m.meld) for m in hand.table] == ["2C 3C 4C", "5D 5H 5S", "9D 9H 9S"]
    assert Move.parse("layoff 5C 0") in hand.legal_moves()
    hand = replay_hand(
        "gin",
        ["draw stock", "knock 7S", *LAID_OUT, *EXAMPLE_3_LAYOFFS],
        dealer=1,
        deal=GIN_DEAL,
        options={"players_lay_out": True},
    )
    assert hand.is_over
    auto = replay_hand("gin", ["draw stock", "knock 7S"], dealer=1, deal=GIN_DEAL)
    assert hand.settlement.received == auto.settlement.received == {0: Fraction(25), 1: 0}
    assert StepCode.MISSED_LAYOFFS not in codes(hand)
    assert StepCode.BETTER_LAYOUT not in codes(hand)
    layoffs = [s.params for s in hand.settlement.steps if s.code is StepCode.LAYOFF]
    assert [(p["card"], p["onto"]) for p in layoffs] == [
        ("5C", ["2C", "3C", "4C"]),
        ("6C", ["2C", "3C", "4C", "5C"]),
        ("9C", ["9D", "9H", "9S"]),
    ]
    keeps = next(s.params for s in hand.settlement.steps if s.code is StepCode.KEEPS)
    assert keeps["deadwood"] == 26
    # The hands revealed are the whole hands, laid-out cards included.
    assert [len(h) for h in hand.result.hands] == [10, 10]
    assert sorted(hand.result.hands[0]) == sorted(auto.result.hands[0])


def test_a_worse_layoff_is_scored_as_made_and_the_miss_is_named() -> None:
    # 5C onto the fives instead of the clubs run: 6C can then follow nothing.
    hand = by_hand(*LAID_OUT, "layoff 5C 1", "layoff 9C 2", "done")
    keeps = next(s.params for s in hand.settlement.steps if s.code is StepCode.KEEPS)
    assert keeps["deadwood"] == 26 + 6
    assert hand.settlement.received[0] == 32 - 1
    missed = next(s.params for s in hand.settlement.steps if s.code is StepCode.MISSED_LAYOFFS)
    assert missed == {
        "player": 1,
        "cards": ["5C", "6C", "9C"],
        "onto_melds": 2,
        "deadwood": 32,
        "best_deadwood": 26,
    }


def test_no_layoffs_at_all_is_allowed() -> None:
    hand = by_hand(*LAID_OUT, "done")
    missed = next(s.params for s in hand.settlement.steps if s.code is StepCode.MISSED_LAYOFFS)
    assert missed["deadwood"] == 26 + 5 + 6 + 9
    assert hand.settlement.received[0] == 46 - 1


def test_example_11_least_deadwood_layout_and_the_better_one() -> None:
    least = choice_by_hand("meld 4H 4S 4D", "meld 8C 9C TC JC", "done", "layoff 4C 0", "done")
    assert least.settlement.received[0] == 17
    better = next(s.params for s in least.settlement.steps if s.code is StepCode.BETTER_LAYOUT)
    assert better["points"] == 17 and better["best_points"] == 18
    assert better["melds"] == [["2H", "3H", "4H"], ["8C", "9C", "TC", "JC"]]
    best = choice_by_hand("meld 2H 3H 4H", "meld 8C 9C TC JC", "done", "done")
    assert best.settlement.received[0] == 18
    assert StepCode.BETTER_LAYOUT not in codes(best)
    assert StepCode.MISSED_LAYOFFS not in codes(best)
    auto = replay_hand("gin", ["draw stock", "knock KC"], dealer=1, deal=CHOICE_DEAL)
    assert auto.settlement.received == best.settlement.received


def test_gin_settles_at_once_and_the_option_off_changes_nothing() -> None:
    deal = Deal.build(
        ["2C 3C 4C 5H 5D 5S 9S 9H 9D 9C", "KH KS KD 5C 6C 8C 7D AD QH AH"],
        discard="TC",
        stock="KC 2D 3H",
    )
    gin = replay_hand(
        "gin",
        ["draw stock", "knock KC"],
        dealer=1,
        deal=deal,
        options={"players_lay_out": True},
    )
    assert gin.is_over and gin.settlement.kind.value == "gin"
    off = replay_hand("gin", ["draw stock", "knock 7S"], dealer=1, deal=GIN_DEAL)
    assert off.is_over and off.phase is Phase.OVER


def test_a_laid_out_hand_round_trips_through_json() -> None:
    hand = by_hand(*LAID_OUT, "layoff 5C 0")
    again = hand_from_json(hand.to_json())
    assert again.to_dict() == hand.to_dict()
    assert again.table == hand.table and again.phase is Phase.LAY_OFF
    assert Move.parse("done") == Done() and Move.from_dict({"kind": "done"}) == Done()


def test_the_computer_players_lay_out_and_lay_off_as_the_coach_says() -> None:
    hand = by_hand()
    while not hand.is_over:
        hand = hand.play(bot_move(hand))
    # The computer sees only its own cards: it lays out its least-deadwood melds and the
    # defender makes every layoff of its best play, as example 3.
    assert hand.settlement.received[0] == 25
    assert StepCode.MISSED_LAYOFFS not in codes(hand)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), policy=st.sampled_from(["bot", "random"]))
def test_any_laid_out_hand_ends_and_is_scored_by_its_choices(seed: int, policy: str) -> None:
    """Random and computer play: every state keeps the invariants, the hand ends, and
    the score is gin_points of the layout shown and the deadwood kept; the missed
    steps appear exactly when a better choice existed."""
    record = play_hand(
        "gin", players=2, seed=seed, policies=[policy, "random"], options={"players_lay_out": True}
    )
    assert record.violations == []
    hand = record.hand
    if hand.result is None or hand.result.end.value != "knock":
        return
    knocker = hand.result.player
    assert knocker is not None
    defender = 1 - knocker
    steps = {s.code: s.params for s in hand.settlement.steps}
    shown, kept = steps[StepCode.SHOW], steps[StepCode.KEEPS]
    points = gin_points(shown["deadwood"], kept["deadwood"])
    winner = knocker if points > 0 else defender
    assert hand.settlement.received[winner] == abs(points)
    melds = [make_meld(Move.parse("meld " + " ".join(m)).cards) for m in shown["melds"]]
    full = hand.result.hands
    best = defender_play(melds, full[defender], player=defender)
    assert (StepCode.MISSED_LAYOFFS in steps) == (best.deadwood < kept["deadwood"])
    choice = knocker_choice(full[knocker], full[defender])
    assert choice is not None
    assert (StepCode.BETTER_LAYOUT in steps) == (
        choice.points > gin_points(shown["deadwood"], best.deadwood)
    )


def test_no_state_of_the_layout_is_stuck() -> None:
    """From any state reached by random legal moves some move is legal, and every legal
    move is accepted by check (no dead end: a stranding meld is refused)."""
    for seed in range(40):
        hand = new_hand("gin", seed=seed, options={"players_lay_out": True})
        players = [RandomPlayer(seed), RandomPlayer(seed + 1)]
        while not hand.is_over:
            legal = hand.legal_moves()
            assert legal, hand
            if hand.phase is Phase.LAY_OUT:
                assert all(isinstance(m, LayDown | Done) for m in legal)
            move = players[hand.turn].choose(hand.view(hand.turn))
            hand = hand.play(move)
            assert check_invariants(hand) == []


def test_the_coach_puts_a_layoff_that_lowers_nothing_below_done() -> None:
    """A defender holding 5C 6C 7C 8C could lay the 5C off onto a knocker's 2C 3C 4C, but
    it is in their own run: their deadwood stays the same, so the coach says Done."""
    deal = Deal.build(
        ["2C 3C 4C 5H 5D 5S 9S 9H 9D AD", "5C 6C 7C 8C KH KS QD JD TS 2H"],
        discard="TC",
        stock="7S 2D 3H",
    )
    hand = replay_hand(
        "gin",
        ["draw stock", "knock 7S", *LAID_OUT],
        dealer=1,
        deal=deal,
        options={"players_lay_out": True},
    )
    assert hand.phase is Phase.LAY_OFF
    assert Move.parse("layoff 5C 0") in hand.legal_moves()
    best = bot_move(hand)
    assert best == Done()
