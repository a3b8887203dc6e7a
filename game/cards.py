"""Cards for people: the one place where a card's code becomes words in the page's language.

The engine knows cards as codes (``"7H"``); this module gives each card its
accessible name ("seven of hearts", "семёрка червей", "širdžių septynakė",
"sette di cuori"), the short form printed in its corner (J/Q/K/A in English,
В/Д/К/Т in Russian, V/D/K/T in Lithuanian...), and draws the cards that authored
text names by code.

**Cards in authored text.** Lessons and guided hands never write a card's letters
themselves: they write its code in braces, ``{KC}``, several codes for a row of
cards, ``{9S 9H 9D}``, and a sequence of ranks with dashes, ``{Q-K-A}``. The page
shows them in its own language (``К♣``, ``Д-К-Т``) with the full names for screen
readers (:func:`text_html`), or as plain text where no markup may go, such as a
page title (:func:`text_plain`).

A card's name is built from a template (``"{rank} of {suit}"``, reordered
freely by each language) plus the rank's name and the suit's name in the form
that template needs (genitive in Lithuanian and Russian).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, pgettext, pgettext_lazy

from game.engine import Card, InvalidNotation, Rank, Suit, parse_cards

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
    return _card_name(card, get_language())


def card_names(cards: Iterable[Card]) -> list[str]:
    """:func:`card_name` of each card, the active language looked up once (a lookup
    costs about as much as naming a card: a table page names dozens)."""
    language = get_language()
    return [_card_name(card, language) for card in cards]


@lru_cache(maxsize=512)
def _card_name(card: Card, language: str | None) -> str:
    # Named once per card and language: a table page names dozens of cards.
    return pgettext("a card's name: rank, then suit", "{rank} of {suit}").format(
        rank=RANK_NAMES[card.rank], suit=SUIT_NAMES_IN_CARD[card.suit]
    )


def rank_index(rank: Rank) -> str:
    """The short index printed in a card's corner."""
    label = RANK_INDEX.get(rank)
    return str(label) if label is not None else str(rank.value)


def card_short(card: Card | str) -> str:
    """The card as on its corner: "7♥", "10♣", "Д♠" (ru)."""
    c = Card.parse(card) if isinstance(card, str) else card
    return _card_short(c, get_language())


@lru_cache(maxsize=512)
def _card_short(card: Card, language: str | None) -> str:
    index = "10" if card.rank is Rank.TEN else rank_index(card.rank)
    return index + card.suit.symbol


def cards_short(cards: Iterable[Card | str]) -> str:
    language = get_language()
    return " ".join(
        _card_short(Card.parse(c) if isinstance(c, str) else c, language) for c in cards
    )


def rank_short(rank: Rank) -> str:
    return "10" if rank is Rank.TEN else rank_index(rank)


# -- Cards in authored text ----------------------------------------------------------

#: ``{KC}``, ``{9S 9H 9D}``, ``{Q-K-A}``.
MARKUP = re.compile(r"\{([^{}]*)\}")
_RANK_CODES = {rank.letter: rank for rank in Rank}


def parse_markup(inner: str) -> tuple[Card, ...] | tuple[Rank, ...]:
    """The cards (``"9S 9H"``) or the ranks (``"Q-K-A"``) of one markup, or
    :class:`~game.engine.InvalidNotation`."""
    if "-" in inner:
        letters = inner.split("-")
        if len(letters) < 2 or any(letter not in _RANK_CODES for letter in letters):
            raise InvalidNotation(inner, f"not a sequence of ranks: {inner!r} (write Q-K-A)")
        return tuple(_RANK_CODES[letter] for letter in letters)
    cards = tuple(parse_cards(inner))
    if not cards:
        raise InvalidNotation(inner, "empty card markup {}")
    return cards


def markup_problems(text: str) -> list[str]:
    """Every markup in ``text`` that is not cards or ranks (for the content checks)."""
    found = []
    for match in MARKUP.finditer(text):
        try:
            parse_markup(match.group(1))
        except InvalidNotation as exc:
            found.append(str(exc))
    if text.count("{") != text.count("}"):
        found.append("unbalanced braces")
    return found


def _short(items: Sequence[Card] | Sequence[Rank]) -> tuple[str, str]:
    """(what the eye reads, what a screen reader says) for cards or ranks."""
    if items and isinstance(items[0], Rank):
        ranks = [r for r in items if isinstance(r, Rank)]
        return "-".join(rank_short(r) for r in ranks), ", ".join(str(RANK_NAMES[r]) for r in ranks)
    cards = [c for c in items if isinstance(c, Card)]
    return cards_short(cards), ", ".join(card_names(cards))


def text_html(text: str) -> SafeString:
    """Authored text as HTML: escaped, its card markup drawn in the page's language."""
    pieces: list[str] = []
    position = 0
    for match in MARKUP.finditer(text):
        pieces.append(conditional_escape(text[position : match.start()]))
        shown, spoken = _short(parse_markup(match.group(1)))
        pieces.append(
            format_html(
                '<span class="card-name"><span aria-hidden="true">{}</span>'
                '<span class="visually-hidden">{}</span></span>',
                shown,
                spoken,
            )
        )
        position = match.end()
    pieces.append(conditional_escape(text[position:]))
    return mark_safe("".join(pieces))


def text_plain(text: str) -> str:
    """Authored text as plain text, its card markup as the page's language writes it."""
    return MARKUP.sub(lambda m: _short(parse_markup(m.group(1)))[0], text)


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
