"""Cards for people: translated names and the data a card template needs.

The engine knows cards as codes (``"7H"``); this module gives each card its
accessible name in the page's language ("seven of hearts", "семёрка червей",
"širdžių septynakė", "sette di cuori") and the short index printed in its
corner (J/Q/K/A in English, В/Д/К/Т in Russian...).

A card's name is built from a template (``"{rank} of {suit}"``, reordered
freely by each language) plus the rank's name and the suit's name in the form
that template needs (genitive in Lithuanian and Russian).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, pgettext, pgettext_lazy

from game.engine import Card, Rank, Suit

RANK_NAMES = {
    Rank.ACE: pgettext_lazy("rank name in a card's name", "ace"),
    Rank.TWO: pgettext_lazy("rank name in a card's name", "two"),
    Rank.THREE: pgettext_lazy("rank name in a card's name", "three"),
    Rank.FOUR: pgettext_lazy("rank name in a card's name", "four"),
    Rank.FIVE: pgettext_lazy("rank name in a card's name", "five"),
    Rank.SIX: pgettext_lazy("rank name in a card's name", "six"),
    Rank.SEVEN: pgettext_lazy("rank name in a card's name", "seven"),
    Rank.EIGHT: pgettext_lazy("rank name in a card's name", "eight"),
    Rank.NINE: pgettext_lazy("rank name in a card's name", "nine"),
    Rank.TEN: pgettext_lazy("rank name in a card's name", "ten"),
    Rank.JACK: pgettext_lazy("rank name in a card's name", "jack"),
    Rank.QUEEN: pgettext_lazy("rank name in a card's name", "queen"),
    Rank.KING: pgettext_lazy("rank name in a card's name", "king"),
}

# The suit as it appears inside a card's name ("of hearts"): genitive plural in
# Lithuanian and Russian ("širdžių", "червей").
SUIT_NAMES_IN_CARD = {
    Suit.CLUBS: pgettext_lazy("suit inside a card's name: seven of <clubs>", "clubs"),
    Suit.DIAMONDS: pgettext_lazy("suit inside a card's name: seven of <diamonds>", "diamonds"),
    Suit.HEARTS: pgettext_lazy("suit inside a card's name: seven of <hearts>", "hearts"),
    Suit.SPADES: pgettext_lazy("suit inside a card's name: seven of <spades>", "spades"),
}

# The suit on its own, as a heading or a label ("Hearts").
SUIT_NAMES = {
    Suit.CLUBS: pgettext_lazy("suit on its own", "Clubs"),
    Suit.DIAMONDS: pgettext_lazy("suit on its own", "Diamonds"),
    Suit.HEARTS: pgettext_lazy("suit on its own", "Hearts"),
    Suit.SPADES: pgettext_lazy("suit on its own", "Spades"),
}

# The index in a card's corner.
RANK_INDEX = {
    Rank.ACE: pgettext_lazy("card corner index for the ace", "A"),
    Rank.JACK: pgettext_lazy("card corner index for the jack", "J"),
    Rank.QUEEN: pgettext_lazy("card corner index for the queen", "Q"),
    Rank.KING: pgettext_lazy("card corner index for the king", "K"),
}

SUIT_SLUGS = {
    Suit.CLUBS: "clubs",
    Suit.DIAMONDS: "diamonds",
    Suit.HEARTS: "hearts",
    Suit.SPADES: "spades",
}


def card_name(card: Card) -> str:
    """The card's full name in the active language: "seven of hearts"."""
    return pgettext("a card's name: rank, then suit", "{rank} of {suit}").format(
        rank=RANK_NAMES[card.rank], suit=SUIT_NAMES_IN_CARD[card.suit]
    )


def rank_index(rank: Rank) -> str:
    """The short index printed in a card's corner."""
    label = RANK_INDEX.get(rank)
    return str(label) if label is not None else str(rank.value)


@dataclass(frozen=True)
class CardFace:
    """What the card template draws. ``card`` is None for a face-down card."""

    card: Card | None
    name: str
    index: str
    suit: str
    code: str
    selected: bool = False

    @property
    def red(self) -> bool:
        return self.suit in ("hearts", "diamonds")


def card_face(card: Card | str | None, *, selected: bool = False) -> CardFace:
    if card is None:
        return CardFace(None, gettext("face-down card"), "", "", "", selected)
    if isinstance(card, str):
        card = Card.parse(card)
    return CardFace(
        card=card,
        name=card_name(card),
        index=rank_index(card.rank),
        suit=SUIT_SLUGS[card.suit],
        code=str(card),
        selected=selected,
    )
