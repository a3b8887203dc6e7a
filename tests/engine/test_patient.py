"""The patient computer player: in Knock Rummy it never knocks before every player has had
PATIENT_ROUNDS turns, and otherwise plays exactly as the strong computer player (Basic and
Gin Rummy always)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import BotPlayer, Hand, Knock, PatientPlayer, bot_move, make_player, new_hand
from game.engine.bots import PATIENT_ROUNDS, POLICIES
from game.engine.view import HandEnd

SEEDS = st.integers(0, 2**32)
KNOCK_PLAYERS = st.integers(2, 6)


def _early(hand: Hand) -> bool:
    """Not every player has had PATIENT_ROUNDS turns yet."""
    return hand.turns < PATIENT_ROUNDS * hand.players


def _play(hand: Hand, players: list[BotPlayer], cap: int = 400) -> Hand:
    while not hand.is_over and hand.turns < cap:
        move = players[hand.turn].choose(hand.view(hand.turn))
        hand = hand.play(move)  # checked: an illegal move raises
    return hand


def test_policy_names() -> None:
    assert "patient" in POLICIES
    assert isinstance(make_player("patient", 3), PatientPlayer)
    assert PATIENT_ROUNDS == 2  # the rule the practice table tells the learner
    hand = new_hand("knock", players=3, seed=5)
    assert hand.is_legal(bot_move(hand, policy="patient", seed=1))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, players=KNOCK_PLAYERS, dealer=st.integers(0, 5), mixed=st.booleans())
def test_never_knocks_before_everyone_had_their_turns(
    seed: int, players: int, dealer: int, mixed: bool
) -> None:
    """Every move is legal, and no knock comes before every player has had two turns:
    among patient players, or one patient player among strong ones."""
    seats: list[BotPlayer] = [
        BotPlayer(seed * 10 + s) if mixed and s else PatientPlayer(seed * 10 + s)
        for s in range(players)
    ]
    hand = new_hand("knock", players=players, dealer=dealer % players, seed=seed)
    while not hand.is_over:
        seat = seats[hand.turn]
        move = seat.choose(hand.view(hand.turn))
        assert hand.is_legal(move)
        if isinstance(seat, PatientPlayer) and isinstance(move, Knock):
            assert not _early(hand), (hand.turns, move)
        hand = hand.play(move)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, players=KNOCK_PLAYERS)
def test_plays_as_the_strong_player_but_for_early_knocks(seed: int, players: int) -> None:
    """At every position of a hand played by the strong player, the patient player (with
    the same seed) makes the same move, unless that move is a knock the rule forbids:
    then it discards instead."""
    bots = [BotPlayer(seed * 10 + s) for s in range(players)]
    hand = new_hand("knock", players=players, seed=seed)
    while not hand.is_over:
        view = hand.view(hand.turn)
        strong = bots[hand.turn].choose(view)
        patient = PatientPlayer(seed * 10 + hand.turn).choose(view)
        if isinstance(strong, Knock) and _early(hand):
            assert not isinstance(patient, Knock) and hand.is_legal(patient)
        else:
            assert patient == strong
        hand = hand.play(strong)


def test_a_strong_early_knock_is_not_made() -> None:
    """A seeded deal where the strong player knocks before every player has had two turns:
    the patient player holds on and the hand goes on."""
    for seed in range(200):
        hand = new_hand("knock", players=2, seed=seed)
        strong = _play(hand, [BotPlayer(seed * 10), BotPlayer(seed * 10 + 1)])
        assert strong.result is not None
        if strong.result.end is HandEnd.KNOCK and strong.turns <= 2:
            break
    else:  # pragma: no cover - the strong player knocks early in a fifth of the deals
        pytest.fail("no early knock found")
    patient = _play(hand, [PatientPlayer(seed * 10), PatientPlayer(seed * 10 + 1)])
    assert patient.turns > strong.turns
    assert patient.turns >= PATIENT_ROUNDS * 2


def test_still_knocks_when_allowed() -> None:
    """Patient players end their hands by knocking, not by running the stock out, and the
    knocks pay: the knocker wins most of them."""
    ends = {"knock": 0, "void": 0, "knocker_won": 0}
    for seed in range(40):
        hand = _play(
            new_hand("knock", players=3, seed=seed),
            [PatientPlayer(seed * 10 + s) for s in range(3)],
        )
        result = hand.result
        assert result is not None
        if result.end is HandEnd.VOID:
            ends["void"] += 1
            continue
        ends["knock"] += 1
        ends["knocker_won"] += result.player in result.winners
    assert ends["knock"] >= 38, ends
    assert ends["knocker_won"] >= 0.7 * ends["knock"], ends


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=SEEDS,
    table=st.sampled_from([("basic", 2), ("basic", 4), ("gin", 2)]),
)
def test_basic_and_gin_play_is_the_strong_players(seed: int, table: tuple[str, int]) -> None:
    game, players = table
    hand = new_hand(game, players=players, seed=seed)
    strong = _play(hand, [BotPlayer(seed * 10 + s) for s in range(players)], cap=150)
    patient = _play(hand, [PatientPlayer(seed * 10 + s) for s in range(players)], cap=150)
    assert patient.to_json() == strong.to_json()
