"""Arrangements: worked examples 1 and 2, tie-breaks, and exactness against a slow search."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import (
    DECK,
    Card,
    IllegalMove,
    MeldFailure,
    all_arrangements,
    best_arrangement,
    best_discard,
    card_points,
    check_meld,
    format_cards,
    parse_cards,
)
from game.engine.arrange import clear_cache

from .slow import least_deadwood


def melds_of(a) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(m) for m in a.melds]


def test_example_1_deadwood() -> None:
    a = best_arrangement(parse_cards("AS 2S 3S 4H 4D 4C KS QH"))
    assert sorted(melds_of(a)) == ["4C 4D 4H", "AS 2S 3S"]
    assert set(a.deadwood_cards) == set(parse_cards("KS QH"))
    assert a.deadwood == 20


def test_example_2_card_in_two_melds() -> None:
    a = best_arrangement(parse_cards("7H 7S 7D 8H 9H"))
    assert melds_of(a) == ["7H 8H 9H"]
    assert set(a.deadwood_cards) == set(parse_cards("7S 7D"))
    assert a.deadwood == 14
    # The other way, the group 7H 7S 7D, leaves 8H 9H = 17: 14 wins.
    group = {tuple(melds_of(x)): x.deadwood for x in all_arrangements(a.cards)}
    assert group[("7D 7H 7S",)] == 17


def test_four_group_split_to_free_a_card_for_a_run() -> None:
    a = best_arrangement(parse_cards("7C 7D 7H 7S 8H 9H"))
    assert sorted(melds_of(a)) == ["7C 7D 7S", "7H 8H 9H"]
    assert a.deadwood == 0


def test_run_split_to_free_a_card_for_a_group() -> None:
    a = best_arrangement(parse_cards("5H 6H 7H 8H 9H 8S 8D"))
    assert sorted(melds_of(a)) == ["5H 6H 7H", "8D 8H 8S"]
    assert format_cards(a.deadwood_cards) == "9H"


def test_ace_high_option() -> None:
    cards = parse_cards("QH KH AH 5C")
    assert best_arrangement(cards).deadwood == 26
    high = best_arrangement(cards, ace_high_or_low=True)
    assert melds_of(high) == ["QH KH AH"]
    assert high.deadwood == 5
    # With the option every ace counts 15 in the deadwood.
    assert best_arrangement(parse_cards("AS 9D"), ace_high_or_low=True).deadwood == 24


def test_ace_fitting_both_ends_goes_low() -> None:
    a = best_arrangement(parse_cards("AH 2H 3H 4H JH QH KH"), ace_high_or_low=True)
    assert melds_of(a) == ["AH 2H 3H 4H", "JH QH KH"]


def test_tie_break_prefers_runs_and_is_deterministic() -> None:
    cards = parse_cards("7C 7D 7H 8C 8D 8H 9C 9D 9H")
    a = best_arrangement(cards)
    assert melds_of(a) == ["7C 8C 9C", "7D 8D 9D", "7H 8H 9H"]
    assert best_arrangement(list(reversed(cards))) == a


def test_empty_and_duplicate() -> None:
    assert best_arrangement([]).deadwood == 0
    try:
        best_arrangement(parse_cards("7H 7H"))
    except IllegalMove as exc:
        assert exc.reason is MeldFailure.DUPLICATE_CARD
    else:  # pragma: no cover
        raise AssertionError("duplicate accepted")


def test_best_discard_basics() -> None:
    card, a = best_discard(parse_cards("2H 3H 4H 4S 4D 8C 9C TC JC AS KD"))
    assert str(card) == "KD" and a.deadwood == 6
    card, a = best_discard(
        parse_cards("2H 3H 4H 4S 4D 8C 9C TC JC AS KD"), forbidden=parse_cards("KD")
    )
    assert str(card) == "3H" and a.deadwood == 13
    # Gin with a spare card: discard the highest-valued card that keeps gin.
    card, a = best_discard(parse_cards("2H 3H 4H 5H 4D 4S 4C 9C TC JC QC"))
    assert str(card) == "QC" and a.deadwood == 0


def test_best_discard_tie_break_highest_card() -> None:
    # KS, KH and QD all leave the same deadwood: the king of the highest suit goes.
    card, _ = best_discard(parse_cards("KS KH QD 2C 3C 4C"))
    assert str(card) == "KS"


def test_all_arrangements() -> None:
    cards = parse_cards("2H 3H 4H 4S 4D 8C 9C TC JC AS")
    every = list(all_arrangements(cards))
    assert min(a.deadwood for a in every) == 6
    shown = {tuple(melds_of(a)) for a in every}
    assert ("2H 3H 4H", "8C 9C TC JC") in shown
    assert all(a.deadwood <= 10 for a in all_arrangements(cards, max_deadwood=10))
    assert len(list(all_arrangements(cards, max_deadwood=10))) < len(every)


# -- Properties against the slow search ----------------------------------------------


def dense_hand(size: int) -> st.SearchStrategy[list[Card]]:
    @st.composite
    def build(draw: st.DrawFn) -> list[Card]:
        width = draw(st.sampled_from([5, 6]))
        low = draw(st.integers(1, 14 - width))
        pool = [c for c in DECK if low <= c.rank.value < low + width]
        return draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))

    return build()


small_hand = st.lists(st.sampled_from(DECK), min_size=0, max_size=9, unique=True)


def check_legal(cards: list[Card], a, ace_high: bool) -> None:  # type: ignore[no-untyped-def]
    shown = [c for m in a.melds for c in m.cards] + list(a.deadwood_cards)
    assert sorted(shown) == sorted(cards)
    for m in a.melds:
        assert check_meld(m.cards, ace_high_or_low=ace_high) is None
    assert a.deadwood == sum(card_points(c, ace_high_or_low=ace_high) for c in a.deadwood_cards)


@settings(max_examples=150, deadline=None)
@given(small_hand, st.booleans())
def test_small_hands_exact(cards: list[Card], ace_high: bool) -> None:
    clear_cache()
    a = best_arrangement(cards, ace_high_or_low=ace_high)
    check_legal(cards, a, ace_high)
    assert a.deadwood == least_deadwood(cards, ace_high)


@settings(max_examples=120, deadline=None)
@given(dense_hand(10), st.booleans())
def test_dense_ten_card_hands_exact(cards: list[Card], ace_high: bool) -> None:
    clear_cache()
    a = best_arrangement(cards, ace_high_or_low=ace_high)
    check_legal(cards, a, ace_high)
    assert a.deadwood == least_deadwood(cards, ace_high)


@settings(max_examples=40, deadline=None)
@given(dense_hand(11), st.booleans(), st.data())
def test_best_discard_is_min_over_discards(cards: list[Card], ace_high: bool, data) -> None:  # type: ignore[no-untyped-def]
    clear_cache()
    forbidden = data.draw(st.sets(st.sampled_from(cards), max_size=1))
    card, a = best_discard(cards, ace_high_or_low=ace_high, forbidden=forbidden)
    assert card in cards and card not in forbidden
    rest = [c for c in cards if c != card]
    check_legal(rest, a, ace_high)
    values = {
        c: least_deadwood([x for x in cards if x != c], ace_high)
        for c in cards
        if c not in forbidden
    }
    assert a.deadwood == min(values.values())
    # Tie-break: most points, then rank, then suit.
    best = [c for c, v in values.items() if v == a.deadwood]
    key = lambda c: (card_points(c, ace_high_or_low=ace_high), c.rank.value, c.suit.index)  # noqa: E731
    assert card == max(best, key=key)
    assert a == best_arrangement(rest, ace_high_or_low=ace_high)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=11, max_size=11, unique=True))
def test_uniform_discard_consistent(cards: list[Card]) -> None:
    clear_cache()
    card, a = best_discard(cards)
    rest = [c for c in cards if c != card]
    assert a.deadwood == min(best_arrangement([x for x in cards if x != c]).deadwood for c in cards)
    assert a == best_arrangement(rest)


@settings(max_examples=40, deadline=None)
@given(dense_hand(8))
def test_all_arrangements_are_legal_and_complete(cards: list[Card]) -> None:
    every = list(all_arrangements(cards))
    for a in every:
        check_legal(cards, a, False)
    assert min(a.deadwood for a in every) == best_arrangement(cards).deadwood
    keys = [(tuple(str(m) for m in a.melds), a.deadwood_cards) for a in every]
    assert len(keys) == len(set(keys))
