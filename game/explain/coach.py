"""The coach's reasons: every :class:`Why` as a sentence."""

from __future__ import annotations

from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from game.engine import CoachReason, Why

from .catalogue import Names, Params, Sentence
from .numbers import card_short, cards_short, deadwood_points, points, points_noun, who


def _card(p: Params, n: Names) -> dict[str, object]:
    return {"card": card_short(p["card"])}


def _card_cards(p: Params, n: Names) -> dict[str, object]:
    return {"card": card_short(p["card"]), "cards": cards_short(p["cards"])}


def _onto(p: Params, n: Names) -> dict[str, object]:
    """A card and the table meld it goes onto: its cards, and whose it is."""
    owner = p.get("owner")
    return {
        "card": card_short(p["card"]),
        "cards": cards_short(p.get("cards", [])),
        "name": who(owner, n) if owner is not None else "",
    }


def _onto_sentence(p: Params, own: str, theirs: str, unnamed: str) -> str:
    """The sentence for a layoff onto the learner's own meld, someone else's, or (a
    reason kept from before the meld's owner was said) one not named."""
    if "owner" not in p:
        return unnamed
    return own if p.get("own") else theirs


def _deadwood_expected(p: Params, n: Names) -> dict[str, object]:
    return {"deadwood": p["deadwood"], "expected": points(round(Fraction(p["expected"])))}


REASONS: dict[Why, Sentence] = {
    Why.DEADWOOD: Sentence(
        lambda p: _("Your deadwood goes from %(before)s to %(after)s."),
        lambda p, n: {"before": p["before"], "after": p["after"]},
    ),
    Why.MELD_MADE: Sentence(
        lambda p: _("It makes the meld %(cards)s."),
        lambda p, n: {"cards": cards_short(p["cards"])},
    ),
    Why.MELD_BROKEN: Sentence(
        lambda p: _("Discarding %(card)s breaks your meld %(cards)s."), _card_cards
    ),
    Why.KEEPS_FOR: Sentence(
        lambda p: _("Keep %(cards)s: %(needs)s would make a meld."),
        lambda p, n: {
            "cards": cards_short(p["cards"]),
            "needs": pgettext(
                "between the cards a meld needs, each after its article where the "
                "language writes one (it: «con il J♣ o il 10♣»)",
                " or ",
            ).join(card_short(c) for c in p["needs"]),
        },
    ),
    Why.DISCARD_HIGH: Sentence(
        lambda p: _("%(card)s is unmatched and worth %(points)s: get rid of it."),
        lambda p, n: {"card": card_short(p["card"]), "points": deadwood_points(int(p["points"]))},
    ),
    Why.FEEDS_NEXT: Sentence(
        lambda p: _("Careful: %(name)s took %(took)s and may want %(card)s."),
        lambda p, n: {
            "name": who(p["player"], n),
            "took": card_short(p["took"]),
            "card": card_short(p["card"]),
        },
    ),
    # The meld a card goes onto is named, and whose it is when not the learner's (the
    # Russian newcomer's walk: «Добавить 6♥ к комбинации», which of the three?).
    Why.FITS_TABLE: Sentence(
        lambda p: (
            _(
                "Careful: %(card)s fits the meld %(cards)s on the table, so the next player "
                "can lay it off."
            )
            if p.get("cards")
            else _("Careful: %(card)s fits a meld on the table, so the next player can lay it off.")
        ),
        _onto,
    ),
    Why.TAKE_FOR_MELD: Sentence(
        lambda p: _("Take %(card)s: it makes the meld %(cards)s."), _card_cards
    ),
    Why.TAKE_FOR_LAYOFF: Sentence(
        lambda p: _onto_sentence(
            p,
            _("Take %(card)s: you can lay it off onto your meld %(cards)s."),
            _("Take %(card)s: you can lay it off onto %(name)s's meld %(cards)s."),
            _("Take %(card)s: you can lay it off on the table."),
        ),
        _onto,
    ),
    Why.TAKE_LOWERS: Sentence(
        lambda p: _("Take %(card)s: your deadwood goes from %(before)s to %(after)s."),
        lambda p, n: {"card": card_short(p["card"]), "before": p["before"], "after": p["after"]},
    ),
    Why.TOP_NOT_USEFUL: Sentence(lambda p: _("%(card)s does not help your hand enough."), _card),
    Why.TAKE_TO_KNOCK: Sentence(
        lambda p: _("Take %(card)s: then you can knock at once, with %(deadwood)s deadwood."),
        lambda p, n: {"card": card_short(p["card"]), "deadwood": p["deadwood"]},
    ),
    Why.DRAW_STOCK: Sentence(
        lambda p: _("Draw from the stock: nobody learns what you are collecting.")
    ),
    Why.KNOCK_NOW: Sentence(
        lambda p: _("Knock now, with %(deadwood)s deadwood."),
        lambda p, n: {"deadwood": p["deadwood"]},
    ),
    Why.GIN: Sentence(
        lambda p: _("Gin: every card is in a meld, worth a bonus of %(bonus)s."),
        lambda p, n: {"bonus": points_noun(p["bonus"])},
    ),
    Why.KNOCK_RUMMY: Sentence(
        lambda p: _(
            "Rummy: every card is in a meld, so each player pays you a bonus of %(bonus)s."
        ),
        lambda p, n: {"bonus": points_noun(p["bonus"])},
    ),
    Why.KNOCK_WAIT: Sentence(
        lambda p: _(
            "Wait: %(deadwood)s deadwood is a lot, and the others probably hold about %(expected)s."
        ),
        _deadwood_expected,
    ),
    # Said after KNOCK_NOW's "Knock now, with 43 deadwood.": the count is not said twice
    # (the Italian walk: «…valgono 43. / Le tue carte spaiate valgono solo 43: …»).
    Why.KNOCK_PAYS: Sentence(
        lambda p: _("That is low: the other hands probably hold about %(expected)s."),
        _deadwood_expected,
    ),
    Why.CANNOT_KNOCK_YET: Sentence(
        lambda p: _("Your deadwood of %(deadwood)s is over the knock limit of %(limit)s."),
        lambda p, n: {"deadwood": p["deadwood"], "limit": p["limit"]},
    ),
    Why.GOES_OUT: Sentence(lambda p: _("You go out and end the hand.")),
    Why.GOES_RUMMY: Sentence(
        lambda p: _("You go rummy: all your cards in one turn, so your score is doubled.")
    ),
    Why.LAY_DOWN: Sentence(
        lambda p: _("Put %(cards)s on the table: they no longer count against you."),
        lambda p, n: {"cards": cards_short(p["cards"])},
    ),
    Why.LAY_OFF: Sentence(
        lambda p: _onto_sentence(
            p,
            _("Lay %(card)s off onto your meld %(cards)s: it no longer counts against you."),
            _("Lay %(card)s off onto %(name)s's meld %(cards)s: it no longer counts against you."),
            _("Lay %(card)s off onto %(cards)s."),
        ),
        _onto,
    ),
    Why.SHOW_MELD: Sentence(
        lambda p: _("Lay out %(cards)s: it is a meld of your best arrangement."),
        lambda p, n: {"cards": cards_short(p["cards"])},
    ),
    Why.SHOW_COSTS: Sentence(
        lambda p: _(
            "Laying out %(cards)s leaves you at least %(deadwood)s deadwood, but your best "
            "arrangement has %(best)s."
        ),
        lambda p, n: {
            "cards": cards_short(p["cards"]),
            "deadwood": p["deadwood"],
            "best": p["best"],
        },
    ),
    Why.SHOWN_ALL: Sentence(
        lambda p: _("Every meld is laid out: what is left is your deadwood, %(points)s."),
        lambda p, n: {"points": deadwood_points(int(p["deadwood"]))},
    ),
    Why.MELDS_LEFT: Sentence(
        lambda p: _(
            "You still hold a meld: finishing now leaves %(deadwood)s deadwood instead of %(best)s."
        ),
        lambda p, n: {"deadwood": p["deadwood"], "best": p["best"]},
    ),
    Why.LAYOFF_ONTO: Sentence(
        lambda p: _("Lay %(card)s off onto %(cards)s: your deadwood can come down to %(after)s."),
        lambda p, n: {
            "card": card_short(p["card"]),
            "cards": cards_short(p["cards"]),
            "after": p["after"],
        },
    ),
    Why.NO_MORE_LAYOFFS: Sentence(
        lambda p: _("Nothing more fits the knocker's melds: you keep %(deadwood)s deadwood."),
        lambda p, n: {"deadwood": p["deadwood"]},
    ),
    Why.LAYOFFS_LEFT: Sentence(
        lambda p: _(
            "Some of your cards still fit the knocker's melds: your deadwood of %(deadwood)s "
            "could come down to %(best)s."
        ),
        lambda p, n: {"deadwood": p["deadwood"], "best": p["best"]},
    ),
}


def coach_reason(reason: CoachReason, names: Names) -> str:
    """One of the coach's reasons, in the page's language."""
    return REASONS[reason.code].render(reason.params, names)


__all__ = ["REASONS", "coach_reason"]
