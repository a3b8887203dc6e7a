"""Why a move is refused: every :class:`MeldFailure` and :class:`MoveError` as a sentence."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from game.cards import text_plain
from game.engine import Game, IllegalMove, MeldFailure, MoveError, MoveKind

from .catalogue import Names, Params, Sentence
from .numbers import card_short, cards_short, who


def _cards(p: Params, names: Names) -> dict[str, object]:
    return {"cards": cards_short(p["cards"])}


MELD_FAILURES: dict[MeldFailure, Sentence] = {
    MeldFailure.TOO_FEW_CARDS: Sentence(
        lambda p: _("%(cards)s is not a meld: a meld needs at least 3 cards."), _cards
    ),
    MeldFailure.GROUP_TOO_LARGE: Sentence(
        lambda p: _("%(cards)s is not a meld: a group has 3 or 4 cards of one rank, never 5."),
        _cards,
    ),
    MeldFailure.DUPLICATE_CARD: Sentence(
        lambda p: _("%(card)s is there twice: each card can be used once."),
        lambda p, n: {"card": card_short(p["card"])},
    ),
    MeldFailure.NOT_HELD: Sentence(
        lambda p: _("You do not hold %(missing)s."),
        lambda p, n: {"missing": cards_short(p["missing"])},
    ),
    MeldFailure.RUN_MIXED_SUITS: Sentence(
        lambda p: _("%(cards)s is not a run: a run needs one suit."), _cards
    ),
    MeldFailure.GROUP_RANKS_DIFFER: Sentence(
        lambda p: _("%(cards)s is not a group: a group needs cards of one rank."), _cards
    ),
    MeldFailure.MIXED: Sentence(
        lambda p: _(
            "%(cards)s is not a meld: a group is one rank in different suits, "
            "a run is one suit in consecutive ranks."
        ),
        _cards,
    ),
    # With the ace-high option the ace may sit above the king, so the sentence says so.
    MeldFailure.WRAP_AROUND: Sentence(
        lambda p: (
            _(
                "%(cards)s is not a run: the ace goes below the 2 (%(low)s) or above the king "
                "(%(high)s), but a run never goes round the corner from the king to the 2."
            )
            if p.get("ace_high")
            else _(
                "%(cards)s is not a run: the ace is low (%(low)s), and a run never goes round "
                "the corner from the king through the ace to the 2."
            )
        ),
        lambda p, n: {
            "cards": cards_short(p["cards"]),
            "low": text_plain("{A-2-3}"),
            "high": text_plain("{Q-K-A}"),
        },
    ),
    MeldFailure.ACE_ABOVE_KING: Sentence(
        lambda p: _("%(cards)s is not a run: the ace is low, so %(run)s is not a run."),
        lambda p, n: {"cards": cards_short(p["cards"]), "run": text_plain("{Q-K-A}")},
    ),
    MeldFailure.RUN_GAP: Sentence(
        lambda p: _("%(cards)s is not a run: missing %(missing)s."),
        lambda p, n: {"cards": cards_short(p["cards"]), "missing": cards_short(p["missing"])},
    ),
}

#: A kind of move, named inside a sentence ("There is no knocking in this game.").
MOVE_NAMES: dict[MoveKind, Promise] = {
    MoveKind.DRAW_STOCK: pgettext_lazy("move", "drawing from the stock"),
    MoveKind.DRAW_DISCARD: pgettext_lazy("move", "taking the discard"),
    MoveKind.DISCARD: pgettext_lazy("move", "discarding"),
    MoveKind.MELD: pgettext_lazy("move", "melding"),
    MoveKind.LAYOFF: pgettext_lazy("move", "laying off"),
    MoveKind.KNOCK: pgettext_lazy("move", "knocking"),
    MoveKind.DONE: pgettext_lazy("move", "finishing a layout"),
}


def _card(p: Params, names: Names) -> dict[str, object]:
    return {"card": card_short(p["card"])}


def _not_in_this_game(p: Params) -> str:
    """A move the game does not have during play. Gin and Knock Rummy do have melds,
    kept in the hand until a knock (and Gin the defender's layoffs after it): "There is
    no melding in this game." was not true of them (the rules audit)."""
    move, game = p["move"], p.get("game")
    if move == MoveKind.MELD and game == Game.GIN:
        return _("In Gin Rummy your melds stay in your hand until someone knocks.")
    if move == MoveKind.MELD and game == Game.KNOCK:
        return _("In Knock Rummy your melds stay in your hand until someone knocks.")
    if move == MoveKind.LAYOFF and game == Game.GIN:
        return _(
            "In Gin Rummy only the defender lays off, after a knock, onto the knocker's melds."
        )
    return _("There is no %(move)s in this game.")


MOVE_ERRORS: dict[MoveError, Sentence] = {
    MoveError.HAND_OVER: Sentence(lambda p: _("This hand is over. Deal the next hand to play on.")),
    MoveError.NOT_YOUR_TURN: Sentence(
        lambda p: _("It is not your turn: %(name)s is playing."),
        lambda p, n: {"name": who(p["turn"], n)},
    ),
    MoveError.NOT_IN_THIS_GAME: Sentence(
        _not_in_this_game,
        lambda p, n: {"move": str(MOVE_NAMES[MoveKind(p["move"])])},
    ),
    MoveError.MUST_DRAW_FIRST: Sentence(
        lambda p: _("First draw a card, from the stock or the discard pile.")
    ),
    MoveError.ALREADY_DREW: Sentence(
        lambda p: _("You have already drawn this turn. Now discard a card.")
    ),
    MoveError.CARD_NOT_HELD: Sentence(lambda p: _("You do not hold %(card)s."), _card),
    MoveError.DISCARD_TAKEN_CARD: Sentence(
        lambda p: _(
            "You just took %(card)s from the discard pile, so you may not throw it back this turn."
        ),
        _card,
    ),
    # ILLEGAL_MELD is told by its MeldFailure (see refusal()).
    MoveError.MELD_NOT_FOUND: Sentence(lambda p: _("That meld is not on the table.")),
    # Which cards would fit, so a learner who tried the ace above a king (where the ace
    # is low) or a card two steps away sees what the meld takes (the newcomer's walk).
    MoveError.CANNOT_LAY_OFF: Sentence(
        lambda p: (
            _("%(card)s does not fit %(meld)s.")
            if "fits" not in p
            else _("%(card)s does not fit %(meld)s: no card can be laid off onto it any more.")
            if not p["fits"]
            else _("%(card)s does not fit %(meld)s: only %(first)s does.")
            if len(p["fits"]) == 1
            else _("%(card)s does not fit %(meld)s: only %(first)s or %(second)s does.")
        ),
        lambda p, n: {
            "card": card_short(p["card"]),
            "meld": cards_short(p["meld"]),
            "first": card_short(p["fits"][0]) if p.get("fits") else "",
            "second": card_short(p["fits"][-1]) if p.get("fits") else "",
        },
    ),
    MoveError.KNOCK_OVER_LIMIT: Sentence(
        lambda p: ngettext(
            "You cannot knock: your deadwood would be %(deadwood)s, and the limit is %(limit)s "
            "point.",
            "You cannot knock: your deadwood would be %(deadwood)s, and the limit is %(limit)s "
            "points.",
            p["limit"],
        ),
        lambda p, n: {"deadwood": p["deadwood"], "limit": p["limit"]},
    ),
    MoveError.MUST_DISCARD_LAST_CARD: Sentence(
        lambda p: _("At this table your last card must be discarded: keep one card to discard.")
    ),
    MoveError.LAYING_OUT: Sentence(
        lambda p: (
            _(
                "The knock has ended the play: now the knocker lays out their melds, one at a "
                "time, and then presses Done."
            )
            if p["phase"] == "lay_out"
            else _(
                "The knock has ended the play: now the defender lays off cards onto the "
                "knocker's melds, one at a time, and then presses Done."
            )
        )
    ),
    MoveError.NOTHING_TO_FINISH: Sentence(
        lambda p: _("Done finishes laying out after a knock, and nobody has knocked yet.")
    ),
    MoveError.LAYOUT_OVER_LIMIT: Sentence(
        lambda p: ngettext(
            "The cards you have not laid out come to %(deadwood)s of deadwood, over the "
            "limit of %(limit)s point: lay out your melds first.",
            "The cards you have not laid out come to %(deadwood)s of deadwood, over the "
            "limit of %(limit)s points: lay out your melds first.",
            p["limit"],
        ),
        lambda p, n: {"deadwood": p["deadwood"], "limit": p["limit"]},
    ),
    MoveError.LAYOUT_STRANDS: Sentence(
        lambda p: ngettext(
            "Not %(cards)s: your other cards would then keep at least %(deadwood)s of "
            "deadwood, over the limit of %(limit)s point. Lay out the melds you knocked with.",
            "Not %(cards)s: your other cards would then keep at least %(deadwood)s of "
            "deadwood, over the limit of %(limit)s points. Lay out the melds you knocked with.",
            p["limit"],
        ),
        lambda p, n: {
            "cards": cards_short(p["cards"]),
            "deadwood": p["deadwood"],
            "limit": p["limit"],
        },
    ),
    MoveError.NO_WAY_TO_FINISH: Sentence(
        lambda p: _(
            "Then you could not finish your turn: you would have only %(card)s left, which "
            "you just took from the discard pile and may not throw back."
        ),
        _card,
    ),
}


def meld_failure(code: MeldFailure, params: Mapping[str, object]) -> str:
    """Why these cards are not a meld."""
    return MELD_FAILURES[code].render(params)


def refusal(error: IllegalMove, names: Names = ()) -> str:
    """The sentence for an :class:`IllegalMove` of a hand (a ``MoveError`` or a
    ``MeldFailure``; an illegal meld is told by its failure)."""
    code, params = error.reason, error.params
    if isinstance(code, MeldFailure):
        return meld_failure(code, params)
    if code is MoveError.ILLEGAL_MELD:
        return meld_failure(MeldFailure(params["failure"]), params)
    if isinstance(code, MoveError):
        return MOVE_ERRORS[code].render(params, names)
    raise KeyError(code)


__all__ = ["MELD_FAILURES", "MOVE_ERRORS", "MOVE_NAMES", "meld_failure", "refusal"]
