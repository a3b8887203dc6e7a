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


def knock_deadwood_label(view: PlayerView, move: Knock) -> str:
    """The hand's heading under a knock's question: the deadwood after its discard, which
    it names (the Gin walk: "Your cards (deadwood 15 points)", the eleven cards, stood
    under "You knock with 7 points of deadwood.")."""
    left = deadwood_after(view, move)
    if left is None:
        return ""
    return with_articles(
        ngettext(
            "deadwood after discarding %(card)s: %(points)s point",
            "deadwood after discarding %(card)s: %(points)s points",
            left,
        )
        % {"card": explain.card_short(move.discard), "points": left}
    )


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
        # Under the question the move's cards stay ticked, as they were when it was
        # asked (the Gin walk: the knock's discard no longer showed chosen), and a
        # knock's hand is headed by its deadwood after the discard.
        "selected": [value for name, value in fields if name == "cards"],
        "deadwood_label": knock_deadwood_label(view, move)
        if isinstance(move, Knock) and view
        else "",
        # "No, go back" keeps the move's cards ticked, a layoff's meld chosen, and the
        # page's flags.
        "keep": urlencode(
            [("keep", value) for name, value in fields if name == "cards"]
            + [("keep_meld", value) for name, value in fields if name == "meld"]
            + list(flags)
        ),
    }


def under_question(confirm: dict[str, Any] | None) -> dict[str, Any]:
    """What a board's context takes from ``confirm`` (:func:`confirm_context`) while its
    question is asked: the move's cards ticked, a knock's deadwood after its discard."""
    if not confirm:
        return {}
    changes: dict[str, Any] = {"selected": confirm["selected"]}
    if confirm["deadwood_label"]:
        changes["deadwood_label"] = confirm["deadwood_label"]
    return changes


__all__ = ["confirm_context", "knock_count", "knock_deadwood_label", "under_question"]
