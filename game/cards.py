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

**Cases.** A name is spoken in the nominative («širdžių septynakė»). Where a
Lithuanian or Russian sentence needs another case, the markup says which after a
colon: ``su {6S:ins}`` («su vynų šešake»), ``prie {8C 8D:gen}``, ``к {QH:dat}``;
the rank's name is declined (:data:`CASES`), the suit's stays the genitive it is.
Languages without cases (en, it) give the nominative for each.

**Cards in generated text.** The site's own sentences (the log, refusals, the coach,
the scoring steps, worked answers) write cards as on their corners, "9♣ V♦"
(:func:`card_short`), and stay plain text wherever they go (a CSV, a title, the
database). Where one is printed as HTML, the ``|spoken`` filter (:func:`spoken_html`)
draws each of its cards as :func:`text_html` draws a card of authored text: what the
eye reads, hidden from screen readers, and the full name for them alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from html import escape

from django.utils import translation
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

#: The grammatical cases a card's name can be asked in (``{6S:ins}``), as the context
#: of each rank's declined name in the catalogues.
CASES = {
    "gen": "genitive",
    "dat": "dative",
    "acc": "accusative",
    "ins": "instrumental",
    "loc": "locative (Russian prepositional)",
}

# Each rank's name in each case: the same English word, which each language's catalogue
# declines (a language without cases repeats the nominative). Written out for makemessages.
RANK_NAMES_IN_CASE = {
    "gen": {
        Rank.ACE: pgettext_lazy("rank name in a card's name, genitive", "ace"),
        Rank.TWO: pgettext_lazy("rank name in a card's name, genitive", "two"),
        Rank.THREE: pgettext_lazy("rank name in a card's name, genitive", "three"),
        Rank.FOUR: pgettext_lazy("rank name in a card's name, genitive", "four"),
        Rank.FIVE: pgettext_lazy("rank name in a card's name, genitive", "five"),
        Rank.SIX: pgettext_lazy("rank name in a card's name, genitive", "six"),
        Rank.SEVEN: pgettext_lazy("rank name in a card's name, genitive", "seven"),
        Rank.EIGHT: pgettext_lazy("rank name in a card's name, genitive", "eight"),
        Rank.NINE: pgettext_lazy("rank name in a card's name, genitive", "nine"),
        Rank.TEN: pgettext_lazy("rank name in a card's name, genitive", "ten"),
        Rank.JACK: pgettext_lazy("rank name in a card's name, genitive", "jack"),
        Rank.QUEEN: pgettext_lazy("rank name in a card's name, genitive", "queen"),
        Rank.KING: pgettext_lazy("rank name in a card's name, genitive", "king"),
    },
    "dat": {
        Rank.ACE: pgettext_lazy("rank name in a card's name, dative", "ace"),
        Rank.TWO: pgettext_lazy("rank name in a card's name, dative", "two"),
        Rank.THREE: pgettext_lazy("rank name in a card's name, dative", "three"),
        Rank.FOUR: pgettext_lazy("rank name in a card's name, dative", "four"),
        Rank.FIVE: pgettext_lazy("rank name in a card's name, dative", "five"),
        Rank.SIX: pgettext_lazy("rank name in a card's name, dative", "six"),
        Rank.SEVEN: pgettext_lazy("rank name in a card's name, dative", "seven"),
        Rank.EIGHT: pgettext_lazy("rank name in a card's name, dative", "eight"),
        Rank.NINE: pgettext_lazy("rank name in a card's name, dative", "nine"),
        Rank.TEN: pgettext_lazy("rank name in a card's name, dative", "ten"),
        Rank.JACK: pgettext_lazy("rank name in a card's name, dative", "jack"),
        Rank.QUEEN: pgettext_lazy("rank name in a card's name, dative", "queen"),
        Rank.KING: pgettext_lazy("rank name in a card's name, dative", "king"),
    },
    "acc": {
        Rank.ACE: pgettext_lazy("rank name in a card's name, accusative", "ace"),
        Rank.TWO: pgettext_lazy("rank name in a card's name, accusative", "two"),
        Rank.THREE: pgettext_lazy("rank name in a card's name, accusative", "three"),
        Rank.FOUR: pgettext_lazy("rank name in a card's name, accusative", "four"),
        Rank.FIVE: pgettext_lazy("rank name in a card's name, accusative", "five"),
        Rank.SIX: pgettext_lazy("rank name in a card's name, accusative", "six"),
        Rank.SEVEN: pgettext_lazy("rank name in a card's name, accusative", "seven"),
        Rank.EIGHT: pgettext_lazy("rank name in a card's name, accusative", "eight"),
        Rank.NINE: pgettext_lazy("rank name in a card's name, accusative", "nine"),
        Rank.TEN: pgettext_lazy("rank name in a card's name, accusative", "ten"),
        Rank.JACK: pgettext_lazy("rank name in a card's name, accusative", "jack"),
        Rank.QUEEN: pgettext_lazy("rank name in a card's name, accusative", "queen"),
        Rank.KING: pgettext_lazy("rank name in a card's name, accusative", "king"),
    },
    "ins": {
        Rank.ACE: pgettext_lazy("rank name in a card's name, instrumental", "ace"),
        Rank.TWO: pgettext_lazy("rank name in a card's name, instrumental", "two"),
        Rank.THREE: pgettext_lazy("rank name in a card's name, instrumental", "three"),
        Rank.FOUR: pgettext_lazy("rank name in a card's name, instrumental", "four"),
        Rank.FIVE: pgettext_lazy("rank name in a card's name, instrumental", "five"),
        Rank.SIX: pgettext_lazy("rank name in a card's name, instrumental", "six"),
        Rank.SEVEN: pgettext_lazy("rank name in a card's name, instrumental", "seven"),
        Rank.EIGHT: pgettext_lazy("rank name in a card's name, instrumental", "eight"),
        Rank.NINE: pgettext_lazy("rank name in a card's name, instrumental", "nine"),
        Rank.TEN: pgettext_lazy("rank name in a card's name, instrumental", "ten"),
        Rank.JACK: pgettext_lazy("rank name in a card's name, instrumental", "jack"),
        Rank.QUEEN: pgettext_lazy("rank name in a card's name, instrumental", "queen"),
        Rank.KING: pgettext_lazy("rank name in a card's name, instrumental", "king"),
    },
    "loc": {
        Rank.ACE: pgettext_lazy(
            "rank name in a card's name, locative (Russian prepositional)", "ace"
        ),
        Rank.TWO: pgettext_lazy(
            "rank name in a card's name, locative (Russian prepositional)", "two"
        ),
        Rank.THREE: pgettext_lazy(
            "rank name in a card's name, locative (Russian prepositional)", "three"
        ),
        Rank.FOUR: pgettext_lazy(
            "rank name in a card's name, locative (Russian prepositional)", "four"
        ),
        Rank.FIVE: pgettext_lazy(
            "rank name in a card's name, locative (Russian prepositional)", "five"
        ),
        Rank.SIX: pgettext_lazy(
            "rank name in a card's name, locative (Russian prepositional)", "six"
        ),
        Rank.SEVEN: pgettext_lazy(
            "rank name in a card's name, locative (Russian prepositional)", "seven"
        ),
        Rank.EIGHT: pgettext_lazy(
            "rank name in a card's name, locative (Russian prepositional)", "eight"
        ),
        Rank.NINE: pgettext_lazy(
            "rank name in a card's name, locative (Russian prepositional)", "nine"
        ),
        Rank.TEN: pgettext_lazy(
            "rank name in a card's name, locative (Russian prepositional)", "ten"
        ),
        Rank.JACK: pgettext_lazy(
            "rank name in a card's name, locative (Russian prepositional)", "jack"
        ),
        Rank.QUEEN: pgettext_lazy(
            "rank name in a card's name, locative (Russian prepositional)", "queen"
        ),
        Rank.KING: pgettext_lazy(
            "rank name in a card's name, locative (Russian prepositional)", "king"
        ),
    },
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


def card_names(cards: Iterable[Card], case: str | None = None) -> list[str]:
    """:func:`card_name` of each card (in ``case``, one of :data:`CASES`, else the
    nominative), the active language looked up once (a lookup costs about as much as
    naming a card: a table page names dozens)."""
    language = get_language()
    return [_card_name(card, language, case) for card in cards]


@lru_cache(maxsize=2048)
def _card_name(card: Card, language: str | None, case: str | None = None) -> str:
    # Named once per card, language and case: a table page names dozens of cards.
    rank = RANK_NAMES_IN_CASE[case][card.rank] if case else RANK_NAMES[card.rank]
    return pgettext("a card's name: rank, then suit", "{rank} of {suit}").format(
        rank=rank, suit=SUIT_NAMES_IN_CARD[card.suit]
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


# -- A card after its article (Italian) ------------------------------------------------

#: Italian: a single card in a sentence takes the article of its spoken name (docs/terms/
#: it.md): the translator writes the masculine one, «il %(card)s», «dal %(card)s», and
#: :func:`with_articles` gives the queen (la donna) «la», and the ace and the eight
#: (l'asso, l'otto) «l'». ``un`` stays before a masculine vowel («un asso») and becomes
#: «una» before the queen.
_IT_FEMININE = {"il": "la", "al": "alla", "dal": "dalla", "del": "della", "nel": "nella"}
_IT_FEMININE |= {"sul": "sulla", "un": "una"}
_IT_ELIDED = {"il": "l'", "al": "all'", "dal": "dall'", "del": "dell'", "nel": "nell'"}
_IT_ELIDED |= {"sul": "sull'"}


@lru_cache(maxsize=4)
def _article_pattern(language: str) -> re.Pattern[str]:
    """An article (any of :data:`_IT_FEMININE`'s, capitalised too) and the space after it,
    before a card whose rank is the queen, the ace or the eight in ``language``'s
    corner letters."""
    with translation.override(language):
        ranks = "|".join(re.escape(rank_short(r)) for r in (Rank.QUEEN, Rank.ACE, Rank.EIGHT))
    words = "|".join(w for a in _IT_FEMININE for w in (a, a.capitalize()))
    suits = "".join(s.symbol for s in Suit)
    return re.compile(rf"\b({words}) (?=({ranks})[{suits}])")


def with_articles(text: str) -> str:
    """``text`` (a sentence with cards as on their corners) with each card's article
    agreeing with the card, in a language that needs it (Italian: «il K♣», «la Q♥»,
    «l'8♦», «dall'A♠»); other languages' text unchanged."""
    language = get_language()
    if language != "it":
        return text
    queen = rank_short(Rank.QUEEN)

    def agree(match: re.Match[str]) -> str:
        word = match.group(1)
        article = word.lower()
        if match.group(2) == queen:
            agreed = _IT_FEMININE[article]
        elif article in _IT_ELIDED:
            return _capitalised(_IT_ELIDED[article], word)  # "l'8♦": no space
        else:
            return match.group(0)  # «un asso», «un otto»
        return _capitalised(agreed, word) + " "

    return _article_pattern(language).sub(agree, text)


def _capitalised(article: str, like: str) -> str:
    return article.capitalize() if like[:1].isupper() else article


# -- Cards in authored text ----------------------------------------------------------

#: ``{KC}``, ``{9S 9H 9D}``, ``{Q-K-A}``, ``{6S:ins}``.
MARKUP = re.compile(r"\{([^{}]*)\}")
_RANK_CODES = {rank.letter: rank for rank in Rank}


def markup_case(inner: str) -> tuple[str, str | None]:
    """One markup's cards and the case its names are spoken in (``"6S:ins"``: ``("6S",
    "ins")``), or :class:`~game.engine.InvalidNotation` for a case that is not one."""
    cards, colon, case = inner.partition(":")
    if not colon:
        return inner, None
    if case not in CASES:
        raise InvalidNotation(inner, f"not a case: {case!r} (write one of {', '.join(CASES)})")
    if "-" in cards:
        raise InvalidNotation(inner, "a sequence of ranks takes no case")
    return cards, case


def parse_markup(inner: str) -> tuple[Card, ...] | tuple[Rank, ...]:
    """The cards (``"9S 9H"``, ``"6S:ins"``) or the ranks (``"Q-K-A"``) of one markup,
    or :class:`~game.engine.InvalidNotation`."""
    inner, _case = markup_case(inner)
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


def _short(items: Sequence[Card] | Sequence[Rank], case: str | None = None) -> tuple[str, str]:
    """(what the eye reads, what a screen reader says) for cards or ranks."""
    if items and isinstance(items[0], Rank):
        ranks = [r for r in items if isinstance(r, Rank)]
        return "-".join(rank_short(r) for r in ranks), ", ".join(str(RANK_NAMES[r]) for r in ranks)
    cards = [c for c in items if isinstance(c, Card)]
    return cards_short(cards), ", ".join(card_names(cards, case))


def _named(inner: str) -> tuple[str, str]:
    return _short(parse_markup(inner), markup_case(inner)[1])


def text_html(text: str) -> SafeString:
    """Authored text as HTML: escaped, its card markup drawn in the page's language.
    Cards written one after another (``{5D} {6D} {7D}``) are read with a pause between
    them, as a list, not run together into one long name."""
    pieces: list[str] = []
    position = 0
    for match in MARKUP.finditer(text):
        between = text[position : match.start()]
        if position and between.isspace():
            pieces.append('<span class="visually-hidden">,</span>')
        pieces.append(conditional_escape(between))
        shown, spoken = _named(match.group(1))
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
    return MARKUP.sub(lambda m: _named(m.group(1))[0], text)


# -- Cards in generated text ---------------------------------------------------------

#: The suit symbols, and the rank sequences' dash: text with none of them names no card.
_CORNER_MARKS = (*(suit.symbol for suit in Suit), "-")


@lru_cache(maxsize=8)
def _corner_reading(
    language: str | None,
) -> tuple[re.Pattern[str], dict[str, Card], dict[str, Rank]]:
    """For ``language``: the pattern that finds, in escaped HTML, the cards written as on
    their corners (``language``'s rank indexes, :func:`rank_short`, and a suit symbol)
    and the rank sequences (``Д-К-Т``); and the card and the rank each corner says."""
    with translation.override(language):
        ranks = {rank_short(rank): rank for rank in Rank}
    cards = {
        index + suit.symbol: Card(rank, suit) for index, rank in ranks.items() for suit in Suit
    }
    rank = "|".join(re.escape(index) for index in sorted(ranks, key=len, reverse=True))
    card = rf"(?:{rank})[{''.join(suit.symbol for suit in Suit)}]"
    pattern = re.compile(
        # Markup is kept as it is: a tag (its attributes too), and the text an element
        # hides from screen readers (what text_html() shows of a card it names).
        r'(<[^>]*\baria-hidden="true"[^>]*>[^<]*|<[^>]*>)'
        # Cards one after another, "9♣ V♦" (a run written "5♦-6♦-7♦" too).
        rf"|(?<![\w-])({card}(?:[ -]{card})*)(?!\w)"
        # A sequence of ranks, "Q-K-A" (digits alone, "3-4", are a range: kept).
        rf"|(?<![\w-])((?:{rank})(?:-(?:{rank}))+)(?![\w-])"
    )
    return pattern, cards, ranks


def spoken_html(text: object) -> SafeString:
    """Generated text (the log, the scoring steps, refusals, the coach's advice, a
    question's worked answer...) as HTML: escaped, and each card in it written as on its
    corner ("9♣ V♦", :func:`card_short`) drawn as :func:`text_html` draws a card of
    authored text: the same letters, hidden from screen readers, and the card's full
    name in the page's language for them alone ("kryžių devynakė, būgnų valetas"). What
    the eye reads is unchanged, and the text still wraps as before. Cards one after
    another are named as one list, a rank sequence (``Д-К-Т``) rank by rank.

    The names are in the nominative: a generated sentence says its cards as corners, so
    there is no case markup to follow (a Lithuanian or Russian sentence that puts a card
    after a preposition hears it in the nominative; the eye reads it as a corner anyway).

    Text already marked safe keeps its markup: its tags are not searched, nor what they
    hide from screen readers, so a card :func:`text_html` drew is not named twice, and
    the filter can be applied to text that is partly authored. For HTML only: a page's
    title, an attribute, a CSV or an e-mail take the plain sentence."""
    if not isinstance(text, str):
        text = str(text)  # a lazy translation, a number, Jinja's Undefined ("")
    return _spoken_html(text, get_language())


@lru_cache(maxsize=4096, typed=True)  # typed: a safe string is not escaped, a str is
def _spoken_html(text: str, language: str | None) -> SafeString:
    # A table page says dozens of sentences, most of them again on the next move: each is
    # read once per process and language.
    # (The standard library's escape(), as Django's is, without its check for lazy text.)
    html = text if hasattr(text, "__html__") else escape(text)
    if not any(mark in html for mark in _CORNER_MARKS):
        return mark_safe(html)
    pattern, cards, ranks = _corner_reading(language)

    def name(match: re.Match[str]) -> str:
        kept, shown, sequence = match.groups()
        if kept is not None:
            return kept
        if shown is not None:
            spoken = ", ".join(
                _card_name(cards[corner], language) for corner in re.split("[ -]", shown)
            )
        else:
            if sequence.replace("-", "").isdigit():
                return sequence
            shown = sequence
            spoken = ", ".join(str(RANK_NAMES[ranks[index]]) for index in sequence.split("-"))
        return (
            '<span class="card-name card-name--wraps"><span aria-hidden="true">'
            f'{shown}</span><span class="visually-hidden">{escape(spoken)}'
            "</span></span>"
        )

    return mark_safe(pattern.sub(name, html))


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
