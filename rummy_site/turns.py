"""A turn of each game in a few steps, for a newcomer's first minute (the top of each
game's path page): what to do, in order, with example cards written as ``{KC}`` markup
(drawn in the page's language, :mod:`game.cards`)."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from game.engine import Game

_DRAW = (
    pgettext_lazy("turn step", "Draw"),
    _("Take one card: the top card of the stock, or the top card of the discard pile."),
)

#: Each game's turn: (step, what to do), in order.
TURNS: dict[Game, tuple[tuple[Promise, Promise], ...]] = {
    Game.BASIC: (
        _DRAW,
        (
            pgettext_lazy("turn step", "Meld"),
            _(
                "If you can, put melds on the table: a group such as {7H 7S 7D}, a run such "
                "as {4C 5C 6C}. You may also add cards to the melds already there, yours or "
                "anyone's."
            ),
        ),
        (
            pgettext_lazy("turn step", "Discard"),
            _("End your turn by putting one card face up on the discard pile."),
        ),
        (
            pgettext_lazy("turn step", "Go out"),
            _(
                "The first player to get rid of every card ends the hand and scores the "
                "value of the cards left in everyone else's hands."
            ),
        ),
    ),
    Game.GIN: (
        _DRAW,
        (
            pgettext_lazy("turn step", "Discard"),
            _(
                "Put one card on the discard pile. Your melds stay in your hand: in Gin "
                "Rummy nothing goes on the table during play."
            ),
        ),
        (
            pgettext_lazy("turn step", "Knock"),
            _(
                "When the cards in no meld (your deadwood) add up to 10 or less, you may "
                "knock as you discard: {2C 3C 4C}, {5H 5D 5S}, {9S 9H 9D} and {AD} leave 1 "
                "point."
            ),
        ),
        (
            pgettext_lazy("turn step", "Score"),
            _(
                "Both hands are shown and the other player may lay off cards on your "
                "melds; then whoever has less deadwood scores the difference, with bonuses "
                "for gin and for an undercut."
            ),
        ),
    ),
    Game.KNOCK: (
        _DRAW,
        (
            pgettext_lazy("turn step", "Knock"),
            _(
                "After drawing you may knock, whatever your deadwood adds up to: you then "
                "discard, and everyone shows their hand. Nobody lays off."
            ),
        ),
        (
            pgettext_lazy("turn step", "Discard"),
            _(
                "If you do not knock, end your turn by putting one card face up on the "
                "discard pile. Unlike Basic Rummy, your melds stay in your hand: nothing "
                "goes on the table during play."
            ),
        ),
        (
            pgettext_lazy("turn step", "Score"),
            _(
                "The player with the least deadwood collects the difference from each other "
                "player; a knocker who is beaten pays 10 more to each player with less."
            ),
        ),
    ),
}

__all__ = ["TURNS"]
