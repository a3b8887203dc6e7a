"""Settlements: worked examples 3, 4, 6-12, errors, and invariants."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import (
    BasicOptions,
    GinOptions,
    IllegalMove,
    ResultKind,
    SettleError,
    Settlement,
    best_arrangement,
    english,
    parse_cards,
    settle_basic,
    settle_gin,
    settle_knock,
    shuffled_deck,
    void_settlement,
)


def hands(*texts: str) -> list[list]:  # type: ignore[type-arg]
    return [parse_cards(t) for t in texts]


def check_invariants(s: Settlement) -> None:
    for t in s.transfers:
        assert t.payer != t.payee
        assert t.points > 0
    for p in range(s.players):
        assert s.received[p] == sum((t.points for t in s.transfers if t.payee == p), Fraction(0))
        assert s.paid[p] == sum((t.points for t in s.transfers if t.payer == p), Fraction(0))
    assert sum(s.received.values()) == sum(s.paid.values())
    for step in s.steps:
        assert english(step)


# -- Gin -----------------------------------------------------------------------------


def test_example_3_gin_knock_with_chained_layoffs() -> None:
    s = settle_gin(
        knocker=0,
        hands=hands("2C 3C 4C 5H 5D 5S 9S 9H 9D AD", "KH KS KD 5C 6C 9C 7D 8D QH AH"),
    )
    assert s.kind is ResultKind.KNOCK
    assert s.deadwood == (1, 26)
    assert [(lo.player, str(lo.card), str(lo.onto)) for lo in s.layoffs] == [
        (1, "5C", "2C 3C 4C"),
        (1, "6C", "2C 3C 4C 5C"),
        (1, "9C", "9D 9H 9S"),
    ]
    assert s.received == {0: 25, 1: 0} and s.paid == {0: 0, 1: 25}
    assert [(t.payer, t.payee, t.points, t.reason.value) for t in s.transfers] == [
        (1, 0, 25, "difference")
    ]
    check_invariants(s)


UNDERCUT_KNOCKER = "2C 3C 4C 5H 5D 5S 9S 9H 9D 8D"  # deadwood 8D = 8


def test_example_4_undercut() -> None:
    s = settle_gin(knocker=0, hands=hands(UNDERCUT_KNOCKER, "KH KS KD QC QD QH TS JS QS 6D"))
    assert s.deadwood == (8, 6)
    assert s.kind is ResultKind.UNDERCUT
    assert s.winners == (1,)
    assert s.received == {0: 0, 1: 27}  # 8 - 6 + 25
    assert {t.reason.value: t.points for t in s.transfers} == {
        "difference": 2,
        "undercut_bonus": 25,
    }
    check_invariants(s)


def test_example_4_undercut_on_equal_deadwood() -> None:
    s = settle_gin(knocker=0, hands=hands(UNDERCUT_KNOCKER, "KH KS KD QC QD QH TS JS QS 8H"))
    assert s.deadwood == (8, 8)
    assert s.kind is ResultKind.UNDERCUT
    assert s.received == {0: 0, 1: 25}
    check_invariants(s)


def test_gin_scores_bonus_and_no_layoffs() -> None:
    defender = "KH KS KD 5C 6C 9C 7D 8D QH AH"
    s = settle_gin(knocker=1, hands=hands(defender, "2C 3C 4C 5H 5D 5S 6S 7S 8S 9S"))
    assert s.kind is ResultKind.GIN
    assert s.layoffs == ()  # 5C and 9C would fit the knocker's melds: not after gin
    d = best_arrangement(parse_cards(defender)).deadwood
    assert s.deadwood == (d, 0)
    assert s.received[1] == 25 + d
    assert {t.reason.value for t in s.transfers} == {"gin_bonus", "deadwood"}
    check_invariants(s)


def test_example_11_default_is_best_result() -> None:
    h = hands("2H 3H 4H 4S 4D 8C 9C TC JC AS", "KH KD KS 6D 6S 6C 4C 9S 9D 5S")
    s = settle_gin(knocker=0, hands=h)
    assert s.received[0] == 18
    assert s.deadwood == (9, 27)
    least = settle_gin(knocker=0, hands=h, knocker_arrangement=best_arrangement(h[0]))
    assert least.received[0] == 17
    assert [str(lo.card) for lo in least.layoffs] == ["4C"]


def test_gin_knocker_over_limit() -> None:
    with pytest.raises(IllegalMove) as info:
        settle_gin(
            knocker=0, hands=hands("2C 3C 4C 5H 5D 5S 9S 9H KD QD", "AH 2H 3H 4H 5C 6C 7C 8C 9C TC")
        )
    assert info.value.reason is SettleError.KNOCKER_OVER_LIMIT
    assert info.value.params["deadwood"] == 38
    loose = settle_gin(
        knocker=0,
        hands=hands("2C 3C 4C 5H 5D 5S 9S 9H KD QD", "AH 2H 3H 4H 5C 6C 7C 8C 9C TC"),
        options=GinOptions(knock_limit=38),
    )
    assert loose.kind is ResultKind.UNDERCUT


@pytest.mark.parametrize(
    ("kwargs", "reason"),
    [
        ({"knocker": 2}, SettleError.PLAYER_OUT_OF_RANGE),
        ({"hands_": ("2C 3C 4C", "AH 2H 3H")}, SettleError.WRONG_HAND_SIZE),
        ({"hands_": ("2C 3C 4C 5H 5D 5S 9S 9H 9D AD",)}, SettleError.WRONG_PLAYER_COUNT),
        (
            {"hands_": ("2C 3C 4C 5H 5D 5S 9S 9H 9D AD", "2C 2H 3H 4H 5C 6C 7C 8C 9C TC")},
            SettleError.DUPLICATE_CARD,
        ),
    ],
)
def test_gin_errors(kwargs: dict, reason: SettleError) -> None:  # type: ignore[type-arg]
    h = kwargs.pop("hands_", ("2C 3C 4C 5H 5D 5S 9S 9H 9D AD", "AH 2H 3H 4H 5C 6C 7C 8C 9C TC"))
    with pytest.raises(IllegalMove) as info:
        settle_gin(hands=hands(*h), **{"knocker": 0, **kwargs})
    assert info.value.reason is reason


# -- Knock Rummy ---------------------------------------------------------------------

K6 = "2C 3C 4C 5H 5D 5S 3D"  # 3
A6 = "KH KS KD 9C 9D 9H TC"  # 10
B6 = "6C 7C 8C QC QD QH 7D"  # 7


def knock(knocker: int, *texts: str, deadwood: tuple[int, ...]) -> Settlement:
    s = settle_knock(knocker=knocker, hands=hands(*texts))
    assert s.deadwood == deadwood
    check_invariants(s)
    return s


def test_example_6_knocker_lowest() -> None:
    s = knock(0, K6, A6, B6, deadwood=(3, 10, 7))
    assert s.kind is ResultKind.KNOCK
    assert s.paid == {0: 0, 1: 7, 2: 4}
    assert s.received[0] == 11


def test_example_7_rummy() -> None:
    s = knock(
        0,
        "2C 3C 4C JH JD JS JC",
        "KH KS KD 2D 3S 6H AS",
        "6C 7C 8C QC QD QH 5D",
        deadwood=(0, 12, 5),
    )
    assert s.kind is ResultKind.RUMMY
    assert s.paid == {0: 0, 1: 37, 2: 30}
    assert s.received[0] == 67
    assert sorted(t.reason.value for t in s.transfers).count("rummy_bonus") == 2


K8, A8 = "2C 3C 4C JH JD JS 5D", "6C 7C 8C QC QD QH 5H"  # 5, 5
B8, C8 = "KH KS KD 2D 3S AH 3H", "9C 9D 9H 4D 4H 5S AD"  # 9, 14
B9 = "KH KS KD TS TH TD 5C"  # 5


def test_example_8_tie() -> None:
    s = knock(0, K8, A8, B8, C8, deadwood=(5, 5, 9, 14))
    assert s.kind is ResultKind.TIE
    assert s.winners == (1,)
    assert [(t.payer, t.payee, t.points) for t in s.transfers] == [(2, 1, 4), (3, 1, 9)]
    assert s.received[1] == 13
    assert s.paid[0] == 0


def test_example_9_shared_tie() -> None:
    s = knock(0, K8, A8, B9, C8, deadwood=(5, 5, 5, 14))
    assert s.winners == (1, 2)
    assert s.paid == {0: 0, 1: 0, 2: 0, 3: 9}
    assert s.received[1] == Fraction(9, 2) == s.received[2]


def test_example_10_undercut_by_two() -> None:
    s = knock(
        0,
        "2C 3C 4C 6D 2H 3S AD",
        A8,
        B9,
        "9C 9D 9H 4D 4H 5S 7S",
        deadwood=(12, 5, 5, 20),
    )
    assert s.kind is ResultKind.UNDERCUT
    assert s.received == {0: 0, 1: 21, 2: 21, 3: 0}
    assert s.paid == {0: 27, 1: 0, 2: 0, 3: 15}
    assert s.net == {0: -27, 1: 21, 2: 21, 3: -15}
    penalties = [(t.payer, t.payee, t.points) for t in s.transfers if t.reason.value == "penalty"]
    assert penalties == [(0, 1, 10), (0, 2, 10)]


def test_penalty_to_every_lower_opponent_not_only_lowest() -> None:
    # K 12, A 5 (lowest), B 10 (lower than K, not lowest), C 20.
    s = knock(
        0,
        "2C 3C 4C 6D 2H 3S AD",
        A8,
        "KH KS KD TS TH TD JC",
        "9C 9D 9H 4D 4H 5S 7S",
        deadwood=(12, 5, 10, 20),
    )
    penalties = [(t.payer, t.payee) for t in s.transfers if t.reason.value == "penalty"]
    assert penalties == [(0, 1), (0, 2)]
    assert s.received[1] == 7 + 5 + 15 + 10


def test_rummy_knocker_tied_gets_no_bonus() -> None:
    s = knock(
        0,
        "2C 3C 4C JH JD JS JC",
        "6C 7C 8C QC QD QH QS",
        "KH KS KD 2D 3S 6H AS",
        deadwood=(0, 0, 12),
    )
    assert s.kind is ResultKind.TIE
    assert all(t.reason.value == "difference" for t in s.transfers)
    assert s.received == {0: 0, 1: 12, 2: 0}


def test_knock_wrong_hand_size() -> None:
    with pytest.raises(IllegalMove) as info:
        settle_knock(knocker=0, hands=hands(K6, A6, "6C 7C"))
    assert info.value.reason is SettleError.WRONG_HAND_SIZE


# -- Basic Rummy ---------------------------------------------------------------------


def test_example_12_basic() -> None:
    h = [[], parse_cards("KS 7D AH"), parse_cards("2C 3C")]
    s = settle_basic(winner=0, went_rummy=False, hands=h)
    assert s.deadwood == (0, 18, 5)
    assert s.received[0] == 23 and s.kind is ResultKind.OUT
    check_invariants(s)
    r = settle_basic(winner=0, went_rummy=True, hands=h)
    assert r.received[0] == 46 and r.kind is ResultKind.RUMMY
    check_invariants(r)
    a = settle_basic(
        winner=0, went_rummy=False, hands=h, options=BasicOptions(ace_high_or_low=True)
    )
    assert a.deadwood[1] == 32 and a.received[0] == 37


def test_basic_errors() -> None:
    with pytest.raises(IllegalMove) as info:
        settle_basic(winner=0, went_rummy=False, hands=[parse_cards("2C"), parse_cards("3C")])
    assert info.value.reason is SettleError.WINNER_HAS_CARDS
    with pytest.raises(IllegalMove) as info:
        settle_basic(winner=3, went_rummy=False, hands=[[], parse_cards("3C")])
    assert info.value.reason is SettleError.PLAYER_OUT_OF_RANGE


def test_void() -> None:
    s = void_settlement("gin", 2)
    assert s.kind is ResultKind.VOID and s.transfers == () and s.received == {0: 0, 1: 0}


# -- Invariants on random deals ------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 6), st.integers(0, 5))
def test_knock_invariants(seed: int, players: int, knocker: int) -> None:
    size = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}[players]
    deck = shuffled_deck(seed)
    h = [deck[i * size : (i + 1) * size] for i in range(players)]
    s = settle_knock(knocker=knocker % players, hands=h)
    check_invariants(s)
    k = knocker % players
    d = s.deadwood
    low = min(d[o] for o in range(players) if o != k)
    diffs = sum(t.points for t in s.transfers if t.reason.value == "difference")
    if d[k] < low:
        assert diffs == sum(d[o] - d[k] for o in range(players) if o != k)
    else:
        lowest = min(d)
        payers = [p for p in range(players) if d[p] != lowest and not (d[k] == low and p == k)]
        assert diffs == sum(d[p] - lowest for p in payers)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 1))
def test_gin_invariants(seed: int, knocker: int) -> None:
    deck = shuffled_deck(seed)
    h = [deck[:10], deck[10:20]]
    s = settle_gin(knocker=knocker, hands=h, options=GinOptions(knock_limit=200))
    check_invariants(s)
    assert len(s.winners) == 1
    assert sum(s.received.values()) > 0 or s.kind is ResultKind.UNDERCUT
