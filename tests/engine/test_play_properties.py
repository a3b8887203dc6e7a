"""Hypothesis: random legal play keeps every invariant; legal moves apply; JSON and replay."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import Hand, IllegalMove, Move, hand_from_json, new_hand, replay_hand
from game.engine.selfplay import check_invariants

TABLES = st.sampled_from(
    [("gin", 2), ("knock", 2), ("knock", 3), ("knock", 6), ("basic", 2), ("basic", 4), ("basic", 6)]
)
OPTIONS = {
    "basic": st.fixed_dictionaries(
        {"ace_high_or_low": st.booleans(), "last_card_must_be_discarded": st.booleans()}
    ),
    "gin": st.fixed_dictionaries({"knock_limit": st.integers(1, 10)}),
    "knock": st.just({}),
}


@st.composite
def played(draw: st.DrawFn) -> tuple[Hand, list[Hand]]:
    game, players = draw(TABLES)
    options = draw(OPTIONS[game])
    seed = draw(st.integers(0, 2**32))
    dealer = draw(st.integers(0, players - 1))
    hand = new_hand(game, players=players, dealer=dealer, seed=seed, options=options)
    states = [hand]
    for choice in draw(st.lists(st.integers(0, 10**6), max_size=120)):
        moves = hand.legal_moves()
        if not moves:
            break
        hand = hand.play(moves[choice % len(moves)])
        states.append(hand)
    return hand, states


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played())
def test_random_play_keeps_invariants(data: tuple[Hand, list[Hand]]) -> None:
    _, states = data
    for state in states:
        assert check_invariants(state) == []


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played())
def test_every_legal_move_applies_and_text_round_trips(data: tuple[Hand, list[Hand]]) -> None:
    _, states = data
    for state in states[-3:]:
        for move in state.legal_moves():
            assert Move.parse(str(move)) == move
            after = state.play(move)
            assert after is not state and len(after.log) == len(state.log) + 1


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played())
def test_json_round_trip_and_replay_determinism(data: tuple[Hand, list[Hand]]) -> None:
    hand, _ = data
    again = hand_from_json(hand.to_json())
    assert again == hand and again.to_json() == hand.to_json()
    replayed = replay_hand(
        hand.game,
        [str(m) for m in hand.moves],
        players=hand.players,
        dealer=hand.dealer,
        seed=hand.seed,
        options=hand.options,
    )
    assert replayed == hand


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    played(),
    st.sampled_from(
        [
            "draw stock",
            "draw discard",
            "discard 7H",
            "knock 7H",
            "meld 7H 8H 9H",
            "meld 7C 7D 7H",
            "layoff 7H 0",
            "layoff KS 1",
        ]
    ),
)
def test_check_agrees_with_legal_moves(data: tuple[Hand, list[Hand]], text: str) -> None:
    hand, _ = data
    move = Move.parse(text)
    legal = hand.legal_moves()
    try:
        hand.check(move)
    except IllegalMove:
        assert move not in legal
    else:
        # Melds are generated with their cards sorted; compare as sets of cards.
        assert move in legal or any(
            getattr(m, "cards", None) and sorted(m.cards) == sorted(getattr(move, "cards", ()))
            for m in legal
        )


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played())
def test_a_hand_updated_is_what_dataclasses_replace_makes(data: tuple[Hand, list[Hand]]) -> None:
    # Rules.update copies a hand's fields without dataclasses.replace (it runs on every
    # move of every replay); it must make the same hand, with no cache carried over.
    hand, states = data
    assert not hasattr(Hand, "__post_init__")  # else replace() would run it and update not
    for state in states[-4:]:
        state.legal_moves()  # fills the hand's cache
        changes = {"turns": state.turns + 1, "taken": None, "melded_now": not state.melded_now}
        updated = state.rules.update(state, **changes)
        assert updated == dataclasses.replace(state, **changes, _cache={})
        assert updated._cache == {} and state._cache != {}
        assert type(updated) is type(state) and updated.hands is state.hands
    with pytest.raises(TypeError):
        hand.rules.update(hand, no_such_field=1)
