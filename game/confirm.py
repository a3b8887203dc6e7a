"""The question before a move that ends the hand (knocking, going out), asked at a
practice table and at a table for people alike: what the move does, what a knock is
made with, and the fields that make the move again once confirmed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from urllib.parse import urlencode

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from game import explain
from game.cards import with_articles
from game.engine import AnyMove, Discard, Knock, LayDown, LayOff, PlayerView, deadwood_after
from game.moveforms import move_fields


def knock_count(view: PlayerView, move: Knock) -> str:
    """What a knock is made with: the player's deadwood after its discard (the Italian
    walk: the confirmation is the place to say it; in Gin the knock limit is about it
    too)."""
    left = deadwood_after(view, move)
    if left is None:
        return ""
    if left == 0:
        return _("You knock with no deadwood.")
    return ngettext(
        "You knock with %(count)s point of deadwood.",
        "You knock with %(count)s points of deadwood.",
        left,
    ) % {"count": left}


def confirm_context(
    move: AnyMove | None,
    *,
    lay_out: bool = False,
    view: PlayerView | None = None,
    flags: Sequence[tuple[str, str]] = (),
) -> dict[str, Any] | None:
    """The question before ``move`` when it ends the hand (or its play, when the players
    then lay out by hand: ``lay_out``), what a knock is made with from ``view``
    (``count``), and the fields that make it (``templates/game/_confirm.jinja``);
    ``flags``: the page's own query flags, which its "No, go back" keeps (a table for
    people's ``reload=1``)."""
    if move is None:
        return None
    if isinstance(move, Knock) and lay_out:
        # The hand, as the button under it says ("Yes, end the hand"): the Russian walk
        # read «Розыгрыш закончится» over «Да, закончить раздачу», two words for one.
        question = _(
            "Knock now, discarding %(card)s? The hand ends: you lay out your melds, and "
            "your opponent lays off."
        ) % {"card": explain.card_short(move.discard)}
    elif isinstance(move, Knock):
        question = _(
            "Knock now, discarding %(card)s? The hand ends and everyone shows their cards."
        ) % {"card": explain.card_short(move.discard)}
    elif isinstance(move, Discard):
        question = _("Discard %(card)s and go out? The hand ends.") % {
            "card": explain.card_short(move.card)
        }
    elif isinstance(move, LayDown):
        question = _("Meld %(cards)s and go out? The hand ends.") % {
            "cards": explain.cards_short(move.cards)
        }
    elif isinstance(move, LayOff):
        question = _("Lay off %(card)s and go out? The hand ends.") % {
            "card": explain.card_short(move.card)
        }
    else:
        return None
    fields = move_fields(move)
    return {
        "question": with_articles(question),
        "count": knock_count(view, move) if isinstance(move, Knock) and view else "",
        "fields": fields,
        # "No, go back" keeps the move's cards ticked, a layoff's meld chosen, and the
        # page's flags.
        "keep": urlencode(
            [("keep", value) for name, value in fields if name == "cards"]
            + [("keep_meld", value) for name, value in fields if name == "meld"]
            + list(flags)
        ),
    }


__all__ = ["confirm_context", "knock_count"]
