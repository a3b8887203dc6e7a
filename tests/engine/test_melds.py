"""Melds: every failure reason, display order, layoffs onto a meld, enumeration."""

from __future__ import annotations

import pytest

from game.engine import (
    IllegalMove,
    Meld,
    MeldFailure,
    MeldKind,
    check_meld,
    extend_meld,
    find_melds,
    fitting_cards,
    make_meld,
    parse_cards,
)

F = MeldFailure


@pytest.mark.parametrize(
    ("cards", "ace_high", "failure"),
    [
        ("7H 8H 9H", False, None),
        ("7H 7S 7D", False, None),
        ("7H 7S 7D 7C", False, None),
        ("AH 2H 3H", False, None),
        ("9S 7S 8S TS JS", False, None),
        ("QH KH AH", True, None),
        ("JH QH KH AH", True, None),
        ("7H 8H", False, F.TOO_FEW_CARDS),
        ("", False, F.TOO_FEW_CARDS),
        ("7H 7S 7D 7C 7H", False, F.GROUP_TOO_LARGE),
        ("7H 8H 7H", False, F.DUPLICATE_CARD),
        ("7H 7S 8D", False, F.GROUP_RANKS_DIFFER),
        ("7H 7S 7D 9C", False, F.GROUP_RANKS_DIFFER),
        ("7H 8S 9H", False, F.RUN_MIXED_SUITS),
        ("7H 8H 7S", False, F.MIXED),
        ("7H 9H TH", False, F.RUN_GAP),
        ("AH 3H 4H", False, F.RUN_GAP),
        ("QH KH AH", False, F.ACE_ABOVE_KING),
        ("JH QH KH AH", False, F.ACE_ABOVE_KING),
        ("KH AH 2H", False, F.WRAP_AROUND),
        ("KH AH 2H", True, F.WRAP_AROUND),
        ("QH KH AH 2H", True, F.WRAP_AROUND),
    ],
)
def test_check_meld(cards: str, ace_high: bool, failure: MeldFailure | None) -> None:
    assert check_meld(parse_cards(cards), ace_high_or_low=ace_high) is failure


def test_not_held() -> None:
    hand = parse_cards("7H 8H 7S 7D")
    assert check_meld(parse_cards("7H 7S 7D"), hand=hand) is None
    with pytest.raises(IllegalMove) as info:
        make_meld(parse_cards("7H 8H 9H"), hand=hand)
    assert info.value.reason is F.NOT_HELD
    assert info.value.params["missing"] == ["9H"]


@pytest.mark.parametrize(
    ("cards", "reason", "params"),
    [
        ("7H 8H", F.TOO_FEW_CARDS, {"count": 2, "minimum": 3}),
        ("7H 7S 7D 7C 7H", F.GROUP_TOO_LARGE, {"count": 5, "maximum": 4, "rank": "7"}),
        ("7H 8H 7H", F.DUPLICATE_CARD, {"card": "7H"}),
        ("7H 7S 8D", F.GROUP_RANKS_DIFFER, {"rank": "7", "offending": ["8D"]}),
        ("7H 8S 9H", F.RUN_MIXED_SUITS, {"suit": "H", "offending": ["8S"]}),
        ("QH KS AH", F.RUN_MIXED_SUITS, {"suit": "H", "offending": ["KS"]}),  # ace high
        # Every rank differs, not in a row, suits mixed (the newcomer's walk, 7♠ K♣ 8♦:
        # "not a run: a run needs one suit", as if the suit were all that was wrong).
        ("7S KC 8D", F.MIXED, {}),
        ("7H 9H TH", F.RUN_GAP, {"missing": ["8H"]}),
        ("QH KH AH", F.ACE_ABOVE_KING, {"card": "AH"}),
        ("KH AH 2H", F.WRAP_AROUND, {"ace_high": False}),
        ("7H 8H 7S", F.MIXED, {}),
    ],
)
def test_make_meld_raises_with_params(cards: str, reason: MeldFailure, params: dict) -> None:
    with pytest.raises(IllegalMove) as info:
        make_meld(parse_cards(cards))
    assert info.value.reason is reason
    assert info.value.params["cards"] == cards.split()
    for key, value in params.items():
        assert info.value.params[key] == value


@pytest.mark.parametrize("ace_high", [False, True])
def test_a_wrap_around_says_which_ace_rule_was_in_force(ace_high: bool) -> None:
    """The refusal's words depend on the option (with it, Q-K-A is a run), so the
    reason carries it."""
    with pytest.raises(IllegalMove) as info:
        make_meld(parse_cards("KH AH 2H"), ace_high_or_low=ace_high)
    assert info.value.reason is F.WRAP_AROUND
    assert info.value.params["ace_high"] is ace_high


def test_meld_display_order() -> None:
    assert str(make_meld(parse_cards("9H 7H 8H"))) == "7H 8H 9H"
    assert str(make_meld(parse_cards("7S 7C 7H"))) == "7C 7H 7S"
    assert str(make_meld(parse_cards("AH KH QH"), ace_high_or_low=True)) == "QH KH AH"
    assert str(make_meld(parse_cards("3H AH 2H"), ace_high_or_low=True)) == "AH 2H 3H"
    run = Meld.parse("QH KH AH", ace_high_or_low=True)
    assert run.kind is MeldKind.RUN and run.ace_high
    assert Meld.parse("7C 7H 7S").kind is MeldKind.GROUP


@pytest.mark.parametrize(
    ("meld", "card", "ace_high", "result"),
    [
        ("2C 3C 4C", "5C", False, "2C 3C 4C 5C"),
        ("2C 3C 4C", "AC", False, "AC 2C 3C 4C"),
        ("2C 3C 4C", "6C", False, None),
        ("2C 3C 4C", "5D", False, None),
        ("7C 7D 7H", "7S", False, "7C 7D 7H 7S"),
        ("7C 7D 7H 7S", "7S", False, None),
        ("7C 7D 7H", "8C", False, None),
        ("JH QH KH", "AH", False, None),
        ("JH QH KH", "AH", True, "JH QH KH AH"),
        ("QH KH AH", "2H", True, None),
        ("AH 2H 3H", "KH", True, None),
    ],
)
def test_extend_meld(meld: str, card: str, ace_high: bool, result: str | None) -> None:
    base = Meld.parse(meld, ace_high_or_low=ace_high)
    extended = extend_meld(base, parse_cards(card)[0], ace_high_or_low=ace_high)
    assert (None if extended is None else str(extended)) == result


@pytest.mark.parametrize(
    ("meld", "ace_high", "fits"),
    [
        ("2C 3C 4C", False, "AC 5C"),
        ("AC 2C 3C", False, "4C"),
        ("JH QH KH", False, "TH"),  # the ace is low: not above the king
        ("JH QH KH", True, "AH TH"),
        ("7C 7D 7H", False, "7S"),
        ("7C 7D 7H 7S", False, ""),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", False, ""),
    ],
)
def test_the_cards_that_fit_a_meld(meld: str, ace_high: bool, fits: str) -> None:
    """What a refused layoff names as fitting instead (the engine's ``fits``)."""
    found = fitting_cards(Meld.parse(meld, ace_high_or_low=ace_high), ace_high_or_low=ace_high)
    assert sorted(map(str, found)) == sorted(fits.split())


def test_find_melds() -> None:
    melds = [str(m) for m in find_melds(parse_cards("7H 7S 7D 8H 9H"))]
    assert melds == ["7D 7H 7S", "7H 8H 9H"]
    four = [str(m) for m in find_melds(parse_cards("7C 7D 7H 7S"))]
    assert len(four) == 5
    assert [str(m) for m in find_melds(parse_cards("QH KH AH"), ace_high_or_low=True)] == [
        "QH KH AH"
    ]
    assert find_melds(parse_cards("QH KH AH")) == []
