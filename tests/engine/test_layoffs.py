"""Gin layoffs (example 3) and the knocker's choice (example 11), against brute force."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import (
    DECK,
    Card,
    best_arrangement,
    defender_play,
    knocker_choice,
    parse_cards,
)
from game.engine.arrange import clear_cache

from .slow import least_deadwood_after_layoffs


def test_example_3_chained_layoffs() -> None:
    knocker = best_arrangement(parse_cards("2C 3C 4C 5H 5D 5S 9S 9H 9D AD"))
    assert knocker.deadwood == 1
    play = defender_play(knocker.melds, parse_cards("KH KS KD 5C 6C 9C 7D 8D QH AH"))
    assert [(str(lo.card), str(lo.onto)) for lo in play.layoffs] == [
        ("5C", "2C 3C 4C"),
        ("6C", "2C 3C 4C 5C"),
        ("9C", "9D 9H 9S"),
    ]
    assert [str(m) for m in play.arrangement.melds] == ["KD KH KS"]
    assert set(play.arrangement.deadwood_cards) == set(parse_cards("7D 8D QH AH"))
    assert play.deadwood == 26


def test_both_ends_of_a_run_and_fourth_of_group() -> None:
    knocker = best_arrangement(parse_cards("5H 6H 7H 9C 9D 9S"))
    play = defender_play(knocker.melds, parse_cards("4H 8H 9H 3H KS"))
    assert [str(lo.card) for lo in play.layoffs] == ["4H", "3H", "8H", "9H"]
    assert play.deadwood == 10


def test_defender_breaks_own_meld_when_better() -> None:
    # 8S 8D 8C is the defender's group, but 8S 9S TS... the knocker's run 5S 6S 7S
    # takes 8S, 9S, TS in a chain, and the 8D 8C left are worse than 9S TS? Compare.
    knocker = best_arrangement(parse_cards("5S 6S 7S KC KD KH"))
    defender = parse_cards("8S 8D 8C 9S TS JS 2D")
    play = defender_play(knocker.melds, defender)
    assert play.deadwood == least_deadwood_after_layoffs(knocker.melds, defender)


def test_example_11_knockers_choice() -> None:
    knocker = parse_cards("2H 3H 4H 4S 4D 8C 9C TC JC AS")
    defender = parse_cards("KH KD KS 6D 6S 6C 4C 9S 9D 5S")
    least = best_arrangement(knocker)
    assert least.deadwood == 6
    assert defender_play(least.melds, defender).deadwood == 23  # 4C laid on the fours: +17
    choice = knocker_choice(knocker, defender)
    assert choice is not None
    assert sorted(str(m) for m in choice.arrangement.melds) == ["2H 3H 4H", "8C 9C TC JC"]
    assert choice.arrangement.deadwood == 9
    assert choice.defender.layoffs == ()
    assert choice.defender.deadwood == 27
    assert choice.points == 18


def test_knocker_over_limit_has_no_choice() -> None:
    assert knocker_choice(parse_cards("2H 5H 8H JS QD KC 3C 6C 9D TD"), parse_cards("AS")) is None


@st.composite
def deal(draw: st.DrawFn) -> tuple[list[Card], list[Card]]:
    width = draw(st.sampled_from([5, 6, 7]))
    low = draw(st.integers(1, 14 - width))
    pool = [c for c in DECK if low <= c.rank.value < low + width]
    cards = draw(st.lists(st.sampled_from(pool), min_size=17, max_size=17, unique=True))
    return cards[:10], cards[10:] + draw(
        st.lists(
            st.sampled_from([c for c in DECK if c not in cards]),
            min_size=3,
            max_size=3,
            unique=True,
        )
    )


@settings(max_examples=50, deadline=None)
@given(deal())
def test_layoffs_match_brute_force(hands: tuple[list[Card], list[Card]]) -> None:
    clear_cache()
    knocker, defender = hands
    melds = best_arrangement(knocker).melds
    play = defender_play(melds, defender)
    assert play.deadwood == least_deadwood_after_layoffs(melds, defender)
    # The layoffs are legal in order, and the cards partition the defender's hand.
    laid = [lo.card for lo in play.layoffs]
    kept = [c for m in play.arrangement.melds for c in m.cards] + list(
        play.arrangement.deadwood_cards
    )
    assert sorted(laid + kept) == sorted(defender)
    current = list(melds)
    for lo in play.layoffs:
        assert current[lo.meld_index] == lo.onto
        current[lo.meld_index] = lo.result
        assert lo.card in lo.result.cards
