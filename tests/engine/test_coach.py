"""The coach: ranked legal moves with reasons; the bot plays its first choice."""

from __future__ import annotations

import pytest

from game.engine import (
    BotPlayer,
    Card,
    Deal,
    Discard,
    DrawDiscard,
    DrawStock,
    Hand,
    Knock,
    LayDown,
    LayOff,
    Move,
    Why,
    advise,
    english,
    new_hand,
    replay_hand,
)
from game.engine.coach import rank_moves
from game.engine.english import COACH_TEXTS


def test_every_code_has_a_sentence() -> None:
    assert set(COACH_TEXTS) == set(Why)


def test_ranks_every_legal_move_with_steps() -> None:
    hand = new_hand("basic", players=3, seed=4).play(DrawStock())
    advice = advise(hand)
    assert advice.player == hand.turn
    assert sorted(map(str, (m.move for m in advice.moves))) == sorted(map(str, hand.legal_moves()))
    assert [m.rank for m in advice.moves] == list(range(1, len(advice.moves) + 1))
    assert all(m.reasons for m in advice.moves)
    for m in advice.moves:
        for step in m.reasons:
            assert english(step) and "{" not in english(step)
    data = advice.to_dict()
    assert data["moves"][0]["reasons"][0]["code"]
    assert advise(hand, player=(hand.turn + 1) % 3).moves == ()


def test_takes_a_card_that_makes_a_meld() -> None:
    deal = Deal.build(
        ["7H 8H KS KD 2C 4D 6S JC QD 9S", "AC AD 3H 5C 5S TC TD 2H 3S 4S"], discard="9H"
    )
    hand = new_hand("gin", deal=deal, dealer=1)
    best = advise(hand).best
    assert best is not None and best.move == DrawDiscard()
    assert any(s.code is Why.TAKE_FOR_MELD for s in best.reasons)
    # A useless top card: draw from the stock.
    deal = Deal.build(
        ["AC 2D 3H 4S 6C 7D 9H JS AD 2H", "KH KS KD 5C 6D 9C TD QH 3S 4H"], discard="KC"
    )
    best = advise(new_hand("gin", deal=deal, dealer=1)).best
    assert best is not None and best.move == DrawStock()
    assert any(s.code is Why.DRAW_STOCK for s in best.reasons)


def test_gin_knocks_when_allowed_and_goes_gin() -> None:
    deal = Deal.build(
        ["2C 3C 4C 5H 5D 5S 9S 9H 9D AD", "KH KS KD 5C 6C 9C 7D 8D QH AH"], discard="TC", stock="7S"
    )
    hand = replay_hand("gin", ["draw stock"], dealer=1, deal=deal)
    best = advise(hand).best
    assert best is not None and best.move == Move.parse("knock 7S")
    assert best.reasons[0].code is Why.KNOCK_NOW
    deal = Deal.build(
        ["2C 3C 4C 5H 5D 5S 9S 9H 9D KD", "KH KS 8C 5C 6C 7C 7D 8D QH AH"], discard="TC", stock="9C"
    )
    hand = replay_hand("gin", ["draw stock"], dealer=1, deal=deal)
    best = advise(hand).best
    assert best is not None and best.move == Move.parse("knock KD")
    assert best.reasons[0].code is Why.GIN


def test_knock_rummy_waits_with_high_deadwood_early() -> None:
    hand = new_hand("knock", players=4, seed=8).play(DrawStock())
    ranked = rank_moves(hand.view(hand.turn))
    best = ranked[0]
    knocks = [r for r in ranked if isinstance(r.move, Knock)]
    assert knocks
    if not isinstance(best.move, Knock):
        assert any(s.code is Why.KNOCK_WAIT for r in knocks for s in r.reasons)


def test_avoids_feeding_the_next_player() -> None:
    # Seat 1 took 8D from the pile: seat 0 should not throw 8H now.
    deal = Deal.build(
        ["2C 3C 4C 5D 5H 5S QS KD AS 8D", "8S 8C 2D 3D 4D 6S 7S JC JD 3H"],
        discard="KC",
        stock="TD 8H",
    )
    moves = ["draw stock", "discard 8D", "draw discard", "discard 3H", "draw stock"]
    hand = replay_hand("gin", moves, dealer=1, deal=deal)
    ranked = rank_moves(hand.view(0))
    assert ranked[0].move != Move.parse("discard 8H")
    risky = next(r for r in ranked if r.move == Move.parse("discard 8H"))
    assert any(s.code is Why.FEEDS_NEXT for s in risky.reasons)


def test_basic_lays_down_before_discarding() -> None:
    deal = Deal.build(["7H 8H 9H 2C KD", "KS 7D AH 4C 4D 4S"], discard="5C", stock="QC")
    hand = replay_hand("basic", ["draw stock"], dealer=1, deal=deal)
    move = BotPlayer(1).choose(hand.view(0))
    assert move == Move.parse("meld 7H 8H 9H")


def test_the_coach_knows_which_cards_make_each_pair_a_meld() -> None:
    """The coach's table of pairs: for every two cards, the cards that would make them a
    three-card meld (aces low, as the coach counts a pair's chances), in either order."""
    from game.engine import DECK, IllegalMove
    from game.engine.coach import _PAIR_NEEDS
    from game.engine.melds import make_meld

    def melds(cards: list[Card]) -> bool:
        try:
            make_meld(cards)
        except IllegalMove:
            return False
        return True

    for a in DECK:
        for b in DECK:
            if a == b:
                continue
            needs = _PAIR_NEEDS[a.index * 52 + b.index]
            expected = {c.index for c in DECK if c not in (a, b) and melds([a, b, c])}
            assert set(needs) == expected, (a, b)
            assert len(needs) == len(expected) and needs == _PAIR_NEEDS[b.index * 52 + a.index]


def _a_meld_to_lay_off_onto() -> Hand:
    """Basic: Ona (seat 0) melds 2♥ 3♥ 4♥ and discards 5♥, which Ben (seat 1) may take
    and lay off onto her meld."""
    deal = Deal.build(
        ["2H 3H 4H 5H KS KD 9C JC QD 7D", "AC 3S 6D TC TD 2S 4C 8C 9D JS"], stock="QS 8S"
    )
    hand = new_hand("basic", deal=deal, dealer=1)
    hand = hand.play(DrawStock()).play(
        LayDown((Card.parse("2H"), Card.parse("3H"), Card.parse("4H")))
    )
    return hand.play(Discard(Card.parse("5H")))


def test_a_layoff_reason_names_the_meld_and_whose_it_is() -> None:
    """The Russian newcomer's walk: the coach said «Добавить 6♥ к комбинации» with no
    word of which meld (nor whose) or why. Taking a card to lay off, laying it off and a
    discard that fits the table all carry the meld's cards and owner."""
    hand = _a_meld_to_lay_off_onto()
    take = next(m for m in advise(hand).moves if m.move == DrawDiscard())
    (why,) = [r for r in take.reasons if r.code is Why.TAKE_FOR_LAYOFF]
    assert why.params == {
        "card": "5H",
        "meld_id": 0,
        "cards": ["2H", "3H", "4H"],
        "owner": 0,
        "own": False,
    }
    hand = hand.play(DrawDiscard())
    moves = advise(hand).moves
    lay = next(m for m in moves if m.move == LayOff(Card.parse("5H"), 0))
    (why,) = [r for r in lay.reasons if r.code is Why.LAY_OFF]
    assert why.params["cards"] == ["2H", "3H", "4H"] and why.params["owner"] == 0
    assert why.params["own"] is False
    assert english(why) == "Lay 5H off onto 2H 3H 4H: it no longer counts against you."


def test_the_knock_bar_s_share_can_be_changed_for_a_measurement() -> None:
    """``bench/knock_bar.py`` plays the coach with other knock bars (``bar_ratio``); the
    default is :func:`knock_ratio`, the same share whatever the number of opponents."""
    from game.engine.coach import _Context, knock_ratio

    view = new_hand("knock", players=5, seed=3).view(0)
    assert _Context(view).knock_bar(30.0, 4) == pytest.approx(30.0 * knock_ratio(4))
    assert knock_ratio(1) == knock_ratio(4)
    assert _Context(view, lambda n: 0.6 - 0.1 * n).knock_bar(30.0, 4) == pytest.approx(6.0)
    hand = new_hand("knock", players=4, seed=8).play(DrawStock())
    view = hand.view(hand.turn)
    assert rank_moves(view) == rank_moves(view, bar_ratio=knock_ratio)
    assert rank_moves(view)[0].move == Move.parse("knock 7C")
    # At a bar of 0 (3 points, the least bar) the same hand waits.
    assert rank_moves(view, bar_ratio=lambda n: 0.0)[0].move == Move.parse("discard 7C")
