"""Game flow: deals, turn order, draws, going out, rummy, recycling, knocks, void hands, views."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.engine import (
    DECK,
    Deal,
    Discard,
    DrawDiscard,
    DrawStock,
    Hand,
    HandEnd,
    IllegalMove,
    Knock,
    Move,
    MoveError,
    Phase,
    SetupError,
    hand_from_json,
    new_hand,
    parse_cards,
    replay_hand,
    shuffled_deck,
)

P = parse_cards


@pytest.mark.parametrize(
    ("game", "players", "size"),
    [
        ("basic", 2, 10),
        ("basic", 3, 7),
        ("basic", 4, 7),
        ("basic", 5, 6),
        ("basic", 6, 6),
        ("knock", 2, 10),
        ("knock", 3, 7),
        ("knock", 4, 7),
        ("knock", 5, 6),
        ("knock", 6, 6),
        ("gin", 2, 10),
    ],
)
def test_deal_sizes_and_first_player(game: str, players: int, size: int) -> None:
    for dealer in range(players):
        hand = new_hand(game, players=players, dealer=dealer, seed=11)
        assert [len(h) for h in hand.hands] == [size] * players
        assert len(hand.discard_pile) == 1
        assert len(hand.stock) == 52 - players * size - 1
        assert hand.turn == (dealer + 1) % players == hand.first_player
        assert hand.phase is Phase.DRAW
        assert hand.legal_moves() == [DrawStock(), DrawDiscard()]


def test_seeded_deal_is_dealt_one_at_a_time_from_the_dealers_left() -> None:
    deck = shuffled_deck(5)
    hand = new_hand("knock", players=3, dealer=1, seed=5)
    assert deck[0] in hand.hands[2] and deck[1] in hand.hands[0] and deck[2] in hand.hands[1]
    assert hand.discard_pile == (deck[21],)
    assert hand.stock == tuple(deck[22:])


@pytest.mark.parametrize(
    ("game", "players"), [("gin", 3), ("basic", 1), ("basic", 7), ("knock", 7), ("poker", 2)]
)
def test_bad_setups(game: str, players: int) -> None:
    with pytest.raises(SetupError):
        new_hand(game, players=players, seed=1)


def test_other_bad_setups() -> None:
    with pytest.raises(SetupError):
        new_hand("gin", dealer=2, seed=1)
    with pytest.raises(SetupError):
        new_hand("gin")
    with pytest.raises(SetupError):
        Deal.build(["7H 8H", "7H"])
    with pytest.raises(SetupError):
        new_hand("gin", deal=Deal.build(["7H 8H 9H", "2C 3C 4C"]))


def test_turns_go_to_the_left_and_draws_move_cards() -> None:
    hand = new_hand("knock", players=4, dealer=3, seed=2)
    order = []
    for _ in range(8):
        order.append(hand.turn)
        top = hand.discard_pile[0]
        hand = hand.play(DrawDiscard())
        assert top in hand.cards(hand.turn) and hand.taken == top
        assert not hand.is_legal(Discard(top))
        card = next(c for c in hand.cards(hand.turn) if c != top)
        hand = hand.play(Discard(card))
        assert hand.discard_pile[0] == card
    assert order == [0, 1, 2, 3, 0, 1, 2, 3]


def test_discard_pile_top_rule_applies_in_every_game() -> None:
    for game in ("basic", "gin", "knock"):
        hand = new_hand(game, seed=4).play(DrawDiscard())
        top = hand.taken
        assert top is not None
        assert Discard(top) not in hand.legal_moves()
        assert Knock(top) not in hand.legal_moves()


# ------------------------------------------------------------------ Basic Rummy

EXAMPLE_12 = Deal.build(["7H 8H 9H", "KS 7D AH", "2C 3C"], discard="5D", stock="KC")


def test_basic_going_rummy_doubles_example_12() -> None:
    hand = replay_hand(
        "basic", ["draw stock", "meld 7H 8H 9H", "discard KC"], players=3, dealer=2, deal=EXAMPLE_12
    )
    assert hand.is_over and hand.result is not None
    assert hand.result.end is HandEnd.RUMMY and hand.result.player == 0
    assert hand.settlement is not None
    assert hand.settlement.received[0] == 46
    assert hand.result.winners == (0,)
    assert hand.legal_moves() == []


def test_basic_ace_high_counts_aces_15() -> None:
    hand = replay_hand(
        "basic",
        ["draw stock", "meld 7H 8H 9H", "discard KC"],
        players=3,
        dealer=2,
        deal=EXAMPLE_12,
        options={"ace_high_or_low": True},
    )
    assert hand.settlement is not None and hand.settlement.received[0] == 2 * 37


def test_basic_going_out_after_an_earlier_meld_is_not_rummy() -> None:
    deal = Deal.build(["7H 8H 9H 2C", "KS 7D AH", "2D 3C"], discard="5D", stock="KC 4S 6S TH")
    hand = replay_hand(
        "basic",
        [
            "draw stock",
            "meld 7H 8H 9H",
            "discard KC",  # seat 0 keeps 2C
            "draw stock",
            "discard 4S",
            "draw stock",
            "discard 6S",
            "draw stock",
            "layoff TH 0",
            "discard 2C",
        ],
        players=3,
        dealer=2,
        deal=deal,
    )
    assert hand.result is not None and hand.result.end is HandEnd.OUT
    assert hand.settlement is not None and hand.settlement.received[0] == 18 + 5
    assert hand.table[0].cards_of(0) == tuple(P("7H 8H 9H TH"))


def test_basic_going_out_by_melding_the_last_cards() -> None:
    deal = Deal.build(["7H 8H", "KS 7D AH"], discard="5D", stock="9H")
    hand = replay_hand("basic", ["draw stock", "meld 7H 8H 9H"], dealer=1, deal=deal)
    assert hand.result is not None and hand.result.end is HandEnd.RUMMY
    # With the option, the last card must be discarded.
    opts = {"last_card_must_be_discarded": True}
    hand = replay_hand("basic", ["draw stock"], dealer=1, deal=deal, options=opts)
    with pytest.raises(IllegalMove) as info:
        hand.play(Move.parse("meld 7H 8H 9H"))
    assert info.value.reason is MoveError.MUST_DISCARD_LAST_CARD
    assert all(not str(m).startswith("meld") for m in hand.legal_moves())
    assert hand.play(Move.parse("discard 9H")).phase is Phase.DRAW


def test_basic_layoffs_onto_anyones_meld_belong_to_who_lays_them() -> None:
    deal = Deal.build(["7H 8H 9H 2C", "TH KS 4D"], discard="5D", stock="KC QD")
    hand = replay_hand(
        "basic",
        ["draw stock", "meld 7H 8H 9H", "discard KC", "draw stock", "layoff TH 0"],
        dealer=1,
        deal=deal,
    )
    meld = hand.table[0]
    assert meld.cards == tuple(P("7H 8H 9H TH"))
    assert meld.owner == 0 and meld.laid_off == ((1, P("TH")[0]),)
    assert meld.cards_of(1) == tuple(P("TH")) and meld.cards_of(0) == tuple(P("7H 8H 9H"))
    assert hand.melded_now and 1 not in hand.melded_before
    hand = hand.play(Move.parse("discard QD"))
    assert 1 in hand.melded_before


def test_basic_stock_recycles_reproducibly() -> None:
    def run() -> Hand:
        hand = new_hand("basic", players=2, dealer=0, seed=8)
        while hand.recycles == 0:
            top = hand.discard_pile[0]
            hand = _draw_and_throw(hand)
            assert hand.recycles or hand.discard_pile[1] == top
        return hand

    a, b = run(), run()
    assert a.recycles == 1 and a == b
    assert len(a.stock) == 52 - 20 - 1 and len(a.discard_pile) == 1
    assert sorted(a.stock + a.discard_pile + a.hands[0] + a.hands[1]) == list(DECK)
    assert a.phase is Phase.DRAW and not a.is_over


def test_basic_void_when_the_stock_is_empty_and_the_pile_holds_one_card() -> None:
    # Not reachable from a full deal (see docs/engine.md): build the state by hand.
    hand = new_hand("basic", deal=Deal.build(["7H 8H 2C", "KS 7D AH"], discard="5D"), dealer=1)
    rest = hand.stock
    hand = hand.rules.update(hand, stock=(), hands=(hand.hands[0] + rest, hand.hands[1]))
    hand = hand.play(DrawDiscard()).play(Move.parse("discard 2C"))
    assert hand.result is not None and hand.result.end is HandEnd.VOID
    assert hand.settlement is not None and hand.settlement.transfers == ()


def test_basic_blocked_hand_ends() -> None:
    # Both groups of four closed, one card each: nobody can ever go out.
    deal = Deal.build(["7C 7D 7H 7S KC", "QC QD QH QS AH"], discard="2D", stock="3S 9D")
    moves = ["draw stock", "meld 7C 7D 7H 7S", "discard 3S", "draw stock", "meld QC QD QH QS"]
    hand = replay_hand("basic", moves, dealer=1, deal=deal)
    assert not hand.is_over
    hand = hand.play(Move.parse("discard 9D"))
    assert hand.result is not None and hand.result.end is HandEnd.BLOCKED
    assert hand.settlement is not None and hand.settlement.transfers == ()
    # With a group of three on the table instead, the fourth card keeps the hand alive.
    deal = Deal.build(["7C 7D 7H KC", "QC QD QH QS AH"], discard="2D", stock="3S 9D")
    moves = [
        "draw stock",
        "meld 7C 7D 7H",
        "discard 3S",
        "draw stock",
        "meld QC QD QH QS",
        "discard 9D",
    ]
    assert not replay_hand("basic", moves, dealer=1, deal=deal).is_over


# ------------------------------------------------------------------ Gin Rummy

GIN = Deal.build(
    ["2C 3C 4C 5H 5D 5S 9S 9H 9D AD", "KH KS KD 5C 6C 9C 7D 8D QH AH"],
    discard="TC",
    stock="7S",
)


def test_gin_knock_example_3() -> None:
    hand = replay_hand("gin", ["draw stock", "knock 7S"], dealer=1, deal=GIN)
    assert hand.result is not None and hand.result.end is HandEnd.KNOCK
    assert hand.settlement is not None
    assert hand.settlement.received[0] == 25 and hand.result.winners == (0,)
    assert hand.discard_pile[0] == P("7S")[0]


def test_gin_gin() -> None:
    deal = Deal.build(
        ["2C 3C 4C 5H 5D 5S 9S 9H 9D KD", "KH KS 8C 5C 6C 7C 7D 8D QH AH"], discard="TC", stock="9C"
    )
    hand = replay_hand("gin", ["draw stock"], dealer=1, deal=deal)
    assert Knock(P("KD")[0]) in hand.legal_moves()
    hand = hand.play(Move.parse("knock KD"))
    assert hand.result is not None and hand.result.end is HandEnd.GIN


def test_gin_knock_limit_option() -> None:
    hand = replay_hand("gin", ["draw stock"], dealer=1, deal=GIN, options={"knock_limit": 5})
    assert hand.is_legal(Move.parse("knock 7S"))  # deadwood 1
    hand = replay_hand("gin", ["draw stock"], dealer=1, deal=GIN, options={"knock_limit": 1})
    assert hand.is_legal(Move.parse("knock 7S"))
    assert not hand.is_legal(Move.parse("knock AD"))  # 7S left: 7 > 1


def _draw_and_throw(hand: Hand) -> Hand:
    before = set(hand.cards(hand.turn))
    hand = hand.play(DrawStock())
    (drawn,) = set(hand.cards(hand.turn)) - before
    return hand.play(Discard(drawn))


@pytest.mark.parametrize(("game", "players"), [("gin", 2), ("knock", 2), ("knock", 5)])
def test_void_at_the_wall(game: str, players: int) -> None:
    hand = new_hand(game, players=players, seed=21)
    while len(hand.stock) > 3:
        hand = _draw_and_throw(hand)
        assert not hand.is_over
    # The player who draws the third-last card may still knock...
    drawn = hand.play(DrawStock())
    assert len(drawn.stock) == 2
    if game == "knock":
        assert any(isinstance(m, Knock) for m in drawn.legal_moves())
    # ...but a plain discard ends the hand void.
    hand = _draw_and_throw(hand)
    assert hand.result is not None and hand.result.end is HandEnd.VOID
    assert hand.result.winners == () and hand.settlement is not None
    assert hand.settlement.transfers == ()


# ------------------------------------------------------------------ Knock Rummy


def test_knock_with_any_deadwood_example_6() -> None:
    deal = Deal.build(
        ["2C 3C 4C 5D 5H 5S 3H", "7C 7D 7S 8H 9H TH KD", "JC JD JH 2S 3S 4S 7H"],
        discard="QC",
        stock="KC",
    )
    hand = replay_hand("knock", ["draw stock", "knock KC"], players=3, dealer=2, deal=deal)
    assert hand.result is not None and hand.result.end is HandEnd.KNOCK
    st = hand.settlement
    assert st is not None
    assert st.received[0] == 11 and st.paid[1] == 7 and st.paid[2] == 4
    # A knock with a big deadwood is legal too (and here undercut by everyone).
    hand = replay_hand("knock", ["draw stock", "knock 2C"], players=3, dealer=2, deal=deal)
    assert hand.result is not None and hand.result.end is HandEnd.KNOCK
    assert hand.settlement is not None and hand.settlement.paid[0] > 0
    assert isinstance(hand.settlement.received[1], Fraction)


def test_knock_rummy_end() -> None:
    deal = Deal.build(["2C 3C 4C 5D 5H 5S KH", "7C 7D 7S 8H 9H TH KD"], discard="QC", stock="6S")
    deal = Deal.build(
        ["2C 3C 4C 5D 5H 5S 6C 7C 8C KH", "7D 7S 7H 8H 9H TH KD QD JS 2D"],
        discard="QC",
        stock="9C",
    )
    hand = replay_hand("knock", ["draw stock", "knock KH"], dealer=1, deal=deal)
    assert hand.result is not None and hand.result.end is HandEnd.RUMMY


# ------------------------------------------------------------------ views and JSON


def test_view_hides_other_hands() -> None:
    hand = new_hand("knock", players=3, seed=9).play(DrawDiscard())
    for p in range(3):
        view = hand.view(p)
        assert view.cards == hand.hands[p]
        assert view.hand_sizes == tuple(len(h) for h in hand.hands)
        assert sorted(view.hand_sizes) == [7, 7, 8]
        assert bool(view.legal_moves) == (p == hand.turn)
        data = view.to_dict()
        others = {str(c) for q in range(3) if q != p for c in hand.hands[q]}
        taken = str(hand.taken)
        text = str(data)
        assert not any(f"'{c}'" in text for c in others if c != taken)
        assert data["stock_size"] == len(hand.stock)
        assert view.result is None
    with pytest.raises(SetupError):
        hand.view(3)


def test_view_after_the_end_shows_everything() -> None:
    hand = replay_hand("gin", ["draw stock", "knock 7S"], dealer=1, deal=GIN)
    view = hand.view(1)
    assert view.result is not None and view.result.hands == hand.hands
    assert view.to_dict()["result"]["end"] == "knock"


def test_json_round_trip_and_replay() -> None:
    hand = new_hand("basic", players=3, dealer=1, seed=33, options={"ace_high_or_low": True})
    for _ in range(12):
        hand = hand.play(hand.legal_moves()[-1])
    again = hand_from_json(hand.to_json())
    assert again == hand
    assert "deal" not in hand.to_dict()
    explicit = replay_hand("gin", ["draw stock"], dealer=1, deal=GIN)
    assert hand_from_json(explicit.to_json()) == explicit
    assert (
        replay_hand(
            "basic",
            list(hand.moves),
            players=3,
            dealer=1,
            seed=33,
            options={"ace_high_or_low": True},
        )
        == hand
    )


def test_basic_blocked_when_the_last_card_must_be_discarded_and_melding_cannot_go_out() -> None:
    """The rules check: with ``last_card_must_be_discarded``, 5H 6H waiting for the 4H
    can never go out (drawn, the three cards make a meld that would take the last
    card), so with nothing to lay off the hand is blocked; without the option the
    4H would let that player go out, and the hand plays on."""
    deal = Deal.build(["7C 7D 7H 7S 5H 6H", "QC QD QH QS 2S 9D"], discard="KD", stock="3S JC 4H")
    moves = ["draw stock", "meld 7C 7D 7H 7S", "discard 3S", "draw stock", "meld QC QD QH QS"]
    strict = {"last_card_must_be_discarded": True}
    hand = replay_hand("basic", moves, dealer=1, deal=deal, options=strict).play(
        Move.parse("discard JC")
    )
    assert hand.result is not None and hand.result.end is HandEnd.BLOCKED
    assert hand.settlement is not None and hand.settlement.transfers == ()
    free = replay_hand("basic", [*moves, "discard JC", "draw stock"], dealer=1, deal=deal)
    assert not free.is_over
    free = free.play(Move.parse("meld 4H 5H 6H"))
    assert free.is_over and free.result is not None and free.result.end is not HandEnd.BLOCKED
