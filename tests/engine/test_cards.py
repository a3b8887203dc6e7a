"""Card notation and reproducible deals."""

from __future__ import annotations

import pytest

from game.engine import DECK, Card, InvalidNotation, Rank, Suit, parse_cards, shuffled_deck


@pytest.mark.parametrize("text", ["TH", "10H", "10♥", "th", "Th", "10h", "T♡"])
def test_ten_of_hearts_spellings(text: str) -> None:
    assert Card.parse(text) == Card(Rank.TEN, Suit.HEARTS)
    assert str(Card.parse(text)) == "TH"


@pytest.mark.parametrize("token", ["", "H", "1H", "11H", "ZH", "7X", "7", "TT", "AHH"])
def test_bad_tokens_raise_naming_the_token(token: str) -> None:
    with pytest.raises(InvalidNotation) as info:
        Card.parse(token)
    assert info.value.token == token


def test_parse_cards_names_the_first_bad_token() -> None:
    with pytest.raises(InvalidNotation) as info:
        parse_cards("7H 8H XX 9H")
    assert info.value.token == "XX"
    assert "XX" in str(info.value)


def test_parse_cards_commas_and_iterables() -> None:
    assert [str(c) for c in parse_cards("7h, 8h,9H")] == ["7H", "8H", "9H"]
    assert parse_cards(["AS", "10C"]) == [Card(Rank.ACE, Suit.SPADES), Card(Rank.TEN, Suit.CLUBS)]


def test_round_trip_and_index() -> None:
    assert [Card.parse(str(c)) for c in DECK] == list(DECK)
    assert [c.index for c in DECK] == list(range(52))
    assert len({hash(c) for c in DECK}) == 52
    assert Card(Rank.ACE, Suit.CLUBS) < Card(Rank.KING, Suit.CLUBS) < Card(Rank.ACE, Suit.DIAMONDS)


def test_every_card_s_code_is_its_rank_letter_then_its_suit_letter() -> None:
    codes = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK"]
    assert [str(c) for c in DECK] == codes
    # A card made anew (not one of DECK's) writes the same code.
    assert str(Card(Rank.TEN, Suit.HEARTS)) == "TH" and str(Card(Rank.ACE, Suit.SPADES)) == "AS"


def test_deal_reproducible_and_pinned() -> None:
    deck = shuffled_deck(1)
    assert deck == shuffled_deck(1)
    assert sorted(deck) == list(DECK)
    assert [str(c) for c in deck[:5]] == ["JS", "TC", "QH", "TD", "3C"]
    assert shuffled_deck(2) != deck
