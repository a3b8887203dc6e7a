"""The coach's reasons: every :class:`Why` as a sentence."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
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


def _to_class(why: Why, template: Callable[[Params], str]) -> Sentence:
    """:data:`REASONS`' sentence for ``why`` said to a whole class: its own template,
    the same values."""
    return replace(REASONS[why], template=template)


#: The coach's reasons as said to the whole class on the projector (a pupil's hand
#: projected: the class is shown the seat's hand and told what it should do, Italian
#: «Prendete il 7♦: …», «Le vostre carte spaiate…», not a single learner's «Prendi…»,
#: «Le tue carte spaiate…»; Lithuanian and Russian say "you" to one learner as to many).
#: :data:`REASONS`' sentences, with their context (a literal: makemessages reads it),
#: as :data:`game.explain.CLASS_SUGGESTIONS` are :data:`game.explain.SUGGESTIONS`'.
CLASS_REASONS: dict[Why, Sentence] = {
    Why.DEADWOOD: _to_class(
        Why.DEADWOOD,
        lambda p: pgettext(
            "said to the whole class on the projector",
            "Your deadwood goes from %(before)s to %(after)s.",
        ),
    ),
    Why.MELD_MADE: _to_class(
        Why.MELD_MADE,
        lambda p: pgettext(
            "said to the whole class on the projector", "It makes the meld %(cards)s."
        ),
    ),
    Why.MELD_BROKEN: _to_class(
        Why.MELD_BROKEN,
        lambda p: pgettext(
            "said to the whole class on the projector",
            "Discarding %(card)s breaks your meld %(cards)s.",
        ),
    ),
    Why.KEEPS_FOR: _to_class(
        Why.KEEPS_FOR,
        lambda p: pgettext(
            "said to the whole class on the projector",
            "Keep %(cards)s: %(needs)s would make a meld.",
        ),
    ),
    Why.DISCARD_HIGH: _to_class(
        Why.DISCARD_HIGH,
        lambda p: pgettext(
            "said to the whole class on the projector",
            "%(card)s is unmatched and worth %(points)s: get rid of it.",
        ),
    ),
    Why.FEEDS_NEXT: _to_class(
        Why.FEEDS_NEXT,
        lambda p: pgettext(
            "said to the whole class on the projector",
            "Careful: %(name)s took %(took)s and may want %(card)s.",
        ),
    ),
    Why.FITS_TABLE: _to_class(
        Why.FITS_TABLE,
        lambda p: (
            pgettext(
                "said to the whole class on the projector",
                "Careful: %(card)s fits the meld %(cards)s on the table, so the next player "
                "can lay it off.",
            )
            if p.get("cards")
            else pgettext(
                "said to the whole class on the projector",
                "Careful: %(card)s fits a meld on the table, so the next player can lay it off.",
            )
        ),
    ),
    Why.TAKE_FOR_MELD: _to_class(
        Why.TAKE_FOR_MELD,
        lambda p: pgettext(
            "said to the whole class on the projector",
            "Take %(card)s: it makes the meld %(cards)s.",
        ),
    ),
    Why.TAKE_FOR_LAYOFF: _to_class(
        Why.TAKE_FOR_LAYOFF,
        lambda p: _onto_sentence(
            p,
            pgettext(
                "said to the whole class on the projector",
                "Take %(card)s: you can lay it off onto your meld %(cards)s.",
            ),
            pgettext(
                "said to the whole class on the projector",
                "Take %(card)s: you can lay it off onto %(name)s's meld %(cards)s.",
            ),
            pgettext(
                "said to the whole class on the projector",
                "Take %(card)s: you can lay it off on the table.",
            ),
        ),
    ),
    Why.TAKE_LOWERS: _to_class(
        Why.TAKE_LOWERS,
        lambda p: pgettext(
            "said to the whole class on the projector",
            "Take %(card)s: your deadwood goes from %(before)s to %(after)s.",
        ),
    ),
    Why.TOP_NOT_USEFUL: _to_class(
        Why.TOP_NOT_USEFUL,
        lambda p: pgettext(
            "said to the whole class on the projector", "%(card)s does not help your hand enough."
        ),
    ),
    Why.TAKE_TO_KNOCK: _to_class(
        Why.TAKE_TO_KNOCK,
        lambda p: pgettext(
            "said to the whole class on the projector",
            "Take %(card)s: then you can knock at once, with %(deadwood)s deadwood.",
        ),
    ),
    Why.DRAW_STOCK: _to_class(
        Why.DRAW_STOCK,
        lambda p: pgettext(
            "said to the whole class on the projector",
            "Draw from the stock: nobody learns what you are collecting.",
        ),
    ),
    Why.KNOCK_NOW: _to_class(
        Why.KNOCK_NOW,
        lambda p: pgettext(
            "said to the whole class on the projector", "Knock now, with %(deadwood)s deadwood."
        ),
    ),
    Why.GIN: _to_class(
        Why.GIN,
        lambda p: pgettext(
            "said to the whole class on the projector",
            "Gin: every card is in a meld, worth a bonus of %(bonus)s.",
        ),
    ),
    Why.KNOCK_RUMMY: _to_class(
        Why.KNOCK_RUMMY,
        lambda p: pgettext(
            "said to the whole class on the projector",
            "Rummy: every card is in a meld, so each player pays you a bonus of %(bonus)s.",
        ),
    ),
    Why.KNOCK_WAIT: _to_class(
        Why.KNOCK_WAIT,
        lambda p: pgettext(
            "said to the whole class on the projector",
            "Wait: %(deadwood)s deadwood is a lot, and the others probably hold about "
            "%(expected)s.",
        ),
    ),
    Why.KNOCK_PAYS: _to_class(
        Why.KNOCK_PAYS,
        lambda p: pgettext(
            "said to the whole class on the projector",
            "That is low: the other hands probably hold about %(expected)s.",
        ),
    ),
    Why.CANNOT_KNOCK_YET: _to_class(
        Why.CANNOT_KNOCK_YET,
        lambda p: pgettext(
            "said to the whole class on the projector",
            "Your deadwood of %(deadwood)s is over the knock limit of %(limit)s.",
        ),
    ),
    Why.GOES_OUT: _to_class(
        Why.GOES_OUT,
        lambda p: pgettext(
            "said to the whole class on the projector", "You go out and end the hand."
        ),
    ),
    Why.GOES_RUMMY: _to_class(
        Why.GOES_RUMMY,
        lambda p: pgettext(
            "said to the whole class on the projector",
            "You go rummy: all your cards in one turn, so your score is doubled.",
        ),
    ),
    Why.LAY_DOWN: _to_class(
        Why.LAY_DOWN,
        lambda p: pgettext(
            "said to the whole class on the projector",
            "Put %(cards)s on the table: they no longer count against you.",
        ),
    ),
    Why.LAY_OFF: _to_class(
        Why.LAY_OFF,
        lambda p: _onto_sentence(
            p,
            pgettext(
                "said to the whole class on the projector",
                "Lay %(card)s off onto your meld %(cards)s: it no longer counts against you.",
            ),
            pgettext(
                "said to the whole class on the projector",
                "Lay %(card)s off onto %(name)s's meld %(cards)s: it no longer counts against you.",
            ),
            pgettext(
                "said to the whole class on the projector", "Lay %(card)s off onto %(cards)s."
            ),
        ),
    ),
    Why.SHOW_MELD: _to_class(
        Why.SHOW_MELD,
        lambda p: pgettext(
            "said to the whole class on the projector",
            "Lay out %(cards)s: it is a meld of your best arrangement.",
        ),
    ),
    Why.SHOW_COSTS: _to_class(
        Why.SHOW_COSTS,
        lambda p: pgettext(
            "said to the whole class on the projector",
            "Laying out %(cards)s leaves you at least %(deadwood)s deadwood, but your best "
            "arrangement has %(best)s.",
        ),
    ),
    Why.SHOWN_ALL: _to_class(
        Why.SHOWN_ALL,
        lambda p: pgettext(
            "said to the whole class on the projector",
            "Every meld is laid out: what is left is your deadwood, %(points)s.",
        ),
    ),
    Why.MELDS_LEFT: _to_class(
        Why.MELDS_LEFT,
        lambda p: pgettext(
            "said to the whole class on the projector",
            "You still hold a meld: finishing now leaves %(deadwood)s deadwood instead of "
            "%(best)s.",
        ),
    ),
    Why.LAYOFF_ONTO: _to_class(
        Why.LAYOFF_ONTO,
        lambda p: pgettext(
            "said to the whole class on the projector",
            "Lay %(card)s off onto %(cards)s: your deadwood can come down to %(after)s.",
        ),
    ),
    Why.NO_MORE_LAYOFFS: _to_class(
        Why.NO_MORE_LAYOFFS,
        lambda p: pgettext(
            "said to the whole class on the projector",
            "Nothing more fits the knocker's melds: you keep %(deadwood)s deadwood.",
        ),
    ),
    Why.LAYOFFS_LEFT: _to_class(
        Why.LAYOFFS_LEFT,
        lambda p: pgettext(
            "said to the whole class on the projector",
            "Some of your cards still fit the knocker's melds: your deadwood of %(deadwood)s "
            "could come down to %(best)s.",
        ),
    ),
}


def coach_reason(reason: CoachReason, names: Names, *, to_class: bool = False) -> str:
    """One of the coach's reasons, in the page's language (``to_class``: said to the
    whole class on the projector, :data:`CLASS_REASONS`)."""
    catalogue = CLASS_REASONS if to_class else REASONS
    return catalogue[reason.code].render(reason.params, names)


__all__ = ["CLASS_REASONS", "REASONS", "coach_reason"]
