"""What a seat may see: a player's view hides every card it should, Gin's face-down
knock discard included, and a spectator sees only what is public."""

from __future__ import annotations

import pytest

from game.engine import (
    Deal,
    Discard,
    HandEnd,
    IllegalMove,
    Knock,
    Move,
    MoveKind,
    new_hand,
    replay_hand,
)

GIN = Deal.build(
    ["2C 3C 4C 5H 5D 5S 9S 9H 9D KD", "KH KS 8C 5C 6C 7C 7D 8D QH AH"], discard="TC", stock="AD"
)


def test_gin_knock_discard_is_face_down_for_the_other_player_only() -> None:
    hand = replay_hand("gin", ["draw stock", "knock KD"], dealer=1, deal=GIN)
    assert hand.result is not None and hand.result.end is HandEnd.KNOCK
    knocker, defender = hand.view(0), hand.view(1)
    assert knocker.discard_top == Move.parse("knock KD").discard  # type: ignore[union-attr]
    assert not knocker.face_down_discard
    assert defender.face_down_discard and defender.discard_top is None
    assert "KD" not in [str(c) for c in defender.discard_pile]
    last = defender.log[-1]
    assert last.kind is MoveKind.KNOCK and last.move is None
    assert "KD" not in str(defender.to_dict())
    assert isinstance(knocker.log[-1].move, Knock)
    # The result shows the hands after the discard: the card stays hidden.
    assert all("KD" not in [str(c) for c in h] for h in defender.result.hands)  # type: ignore[union-attr]


def test_knock_rummy_discards_face_up() -> None:
    deal = Deal.build(
        ["2C 3C 4C 5H 5D 5S 9S 9H 9D KD", "KH KS 8C 5C 6C 7C 7D 8D QH AH"], discard="TC"
    )
    hand = replay_hand("knock", ["draw stock", "knock KD"], dealer=1, deal=deal)
    assert hand.is_over
    assert not hand.view(1).face_down_discard
    assert hand.view(1).discard_top is not None and str(hand.view(1).discard_top) == "KD"


def test_a_spectator_sees_no_cards_and_no_face_down_discard() -> None:
    hand = replay_hand("gin", ["draw stock", "knock KD"], dealer=1, deal=GIN)
    view = hand.view(None)
    assert view.cards == () and view.player is None and not view.legal_moves
    assert view.face_down_discard and view.discard_top is None
    running = new_hand("basic", players=3, seed=4)
    spectator = running.view(None)
    assert spectator.cards == () and not spectator.my_turn
    assert spectator.hand_sizes == tuple(len(h) for h in running.hands)


def test_no_view_shows_another_players_cards() -> None:
    hand = new_hand("knock", players=4, seed=11).play(Move.parse("draw stock"))
    for seat in range(4):
        view = hand.view(seat)
        assert view.cards == hand.cards(seat)
        others = {str(c) for p in range(4) if p != seat for c in hand.cards(p)}
        text = str(view.to_dict())
        assert not [c for c in others if f"'{c}'" in text]
        assert bool(view.legal_moves) is (seat == hand.turn)


def test_play_checks_and_apply_does_not() -> None:
    hand = new_hand("gin", seed=7)
    with pytest.raises(IllegalMove):
        hand.play(Discard(hand.cards(hand.turn)[0]))
    # apply replays a move that was checked when it was made: it does not check again.
    drawn = hand.apply(Move.parse("draw stock"))
    assert drawn == hand.play(Move.parse("draw stock"))
    with pytest.raises(IllegalMove):
        replay_hand("gin", ["discard 2C"], seed=7)


def test_the_card_drawn_from_the_stock_is_shown_to_its_player_alone() -> None:
    """The pedagogy review: the card just drawn from the stock was not marked."""
    from game.engine import Discard, DrawStock, new_hand

    hand = new_hand("gin", seed=7)
    player = hand.turn
    top = hand.stock[0]
    after = hand.play(DrawStock(), player)
    assert after.view(player).drawn == top and top in after.view(player).cards
    assert all(after.view(p).drawn is None for p in range(hand.players) if p != player)
    assert after.view(None).drawn is None
    assert after.view(player).to_dict()["drawn"] == str(top)
    discard = next(c for c in after.cards(player) if c != top)
    assert after.play(Discard(discard), player).view(player).drawn is None
