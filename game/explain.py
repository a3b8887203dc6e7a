"""The one place where the engine's codes become sentences in the page's language.

The engine explains everything as data: a reason code and its parameters for
an illegal move (``MoveError``, ``MeldFailure``), a step code for each line of
a settlement (``StepCode``), a ``Why`` for each of the coach's reasons, and
``Event``s for the log. This module turns each into a translated sentence.
Cards are written short, as on their corners ("7♥", "Д♠" in Russian);
points as people write them ("7½").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from game.engine.cards import Card, Rank
from game.engine.coach import Step as CoachStep
from game.engine.coach import Why
from game.engine.errors import IllegalMove
from game.engine.hand import Event, MoveError
from game.engine.match import LineCode, SummaryLine
from game.engine.melds import MeldFailure
from game.engine.moves import Discard, DrawDiscard, DrawStock, Knock, LayDown, LayOff
from game.engine.settle import Step, StepCode
from rummy_site.cards import card_name, rank_index

FRACTIONS = {
    Fraction(1, 2): "½",
    Fraction(1, 3): "⅓",
    Fraction(2, 3): "⅔",
    Fraction(1, 4): "¼",
    Fraction(3, 4): "¾",
    Fraction(1, 5): "⅕",
    Fraction(2, 5): "⅖",
    Fraction(3, 5): "⅗",
    Fraction(4, 5): "⅘",
}


def points(value: Fraction | int | str) -> str:
    """Points as people write them: 7, 7½, 4⅓; -27 for a loss."""
    f = Fraction(value)
    sign = "-" if f < 0 else ""
    f = abs(f)
    whole, part = divmod(f, 1)
    if part == 0:
        return f"{sign}{whole}"
    glyph = FRACTIONS.get(part)
    if glyph is None:
        return f"{sign}{f.numerator}/{f.denominator}"
    return f"{sign}{whole or ''}{glyph}"


def signed(value: Fraction | int) -> str:
    """A balance: "+21", "-27", "0"."""
    return ("+" if Fraction(value) > 0 else "") + points(value)


def card_short(card: Card | str) -> str:
    """The card as on its corner: "7♥", "10♣", "Д♠" (ru)."""
    c = Card.parse(card) if isinstance(card, str) else card
    index = "10" if c.rank is Rank.TEN else rank_index(c.rank)
    return index + c.suit.symbol


def cards_short(cards: Iterable[Card | str]) -> str:
    return " ".join(card_short(c) for c in cards)


def deadwood_points(value: int) -> str:
    return ngettext("%(count)s point", "%(count)s points", value) % {"count": value}


# --------------------------------------------------------------- illegal melds
def meld_failure(code: MeldFailure, params: Mapping[str, Any]) -> str:
    cards = cards_short(params.get("cards", ()))
    values = {"cards": cards}
    if code is MeldFailure.TOO_FEW_CARDS:
        return _("%(cards)s is not a meld: a meld needs at least 3 cards.") % values
    if code is MeldFailure.GROUP_TOO_LARGE:
        return _("%(cards)s is not a meld: a group has 3 or 4 cards of one rank, never 5.") % values
    if code is MeldFailure.DUPLICATE_CARD:
        return _("%(card)s is there twice: each card can be used once.") % {
            "card": card_short(params["card"])
        }
    if code is MeldFailure.NOT_HELD:
        return _("You do not hold %(missing)s.") % {"missing": cards_short(params["missing"])}
    if code is MeldFailure.RUN_MIXED_SUITS:
        return _("%(cards)s is not a run: a run needs one suit.") % values
    if code is MeldFailure.GROUP_RANKS_DIFFER:
        return _("%(cards)s is not a group: a group needs cards of one rank.") % values
    if code is MeldFailure.MIXED:
        return (
            _(
                "%(cards)s is not a meld: a group is one rank in different suits, "
                "a run is one suit in consecutive ranks."
            )
            % values
        )
    if code is MeldFailure.WRAP_AROUND:
        return _("%(cards)s is not a run: a run cannot go round the corner from king to ace.") % (
            values
        )
    if code is MeldFailure.ACE_ABOVE_KING:
        return _("%(cards)s is not a run: the ace is low, so Q-K-A is not a run.") % values
    if code is MeldFailure.RUN_GAP:
        return _("%(cards)s is not a run: missing %(missing)s.") % {
            "cards": cards,
            "missing": cards_short(params.get("missing", ())),
        }
    return _("That is not a meld.")


# --------------------------------------------------------------- illegal moves
MOVE_NAMES = {
    "draw_stock": pgettext_lazy("move", "drawing from the stock"),
    "draw_discard": pgettext_lazy("move", "taking the discard"),
    "discard": pgettext_lazy("move", "discarding"),
    "meld": pgettext_lazy("move", "melding"),
    "layoff": pgettext_lazy("move", "laying off"),
    "knock": pgettext_lazy("move", "knocking"),
}


def illegal_move(error: IllegalMove, names: Sequence[str] = ()) -> str:
    """A sentence for an :class:`IllegalMove` of a hand."""
    code, p = error.reason, error.params
    if isinstance(code, MeldFailure):
        return meld_failure(code, p)
    if code is MoveError.HAND_OVER:
        return _("This hand is over. Deal the next hand to play on.")
    if code is MoveError.NOT_YOUR_TURN:
        turn = p.get("turn", 0)
        name = names[turn] if 0 <= turn < len(names) else str(turn)
        return _("It is not your turn: %(name)s is playing.") % {"name": name}
    if code is MoveError.NOT_IN_THIS_GAME:
        return _("There is no %(move)s in this game.") % {
            "move": str(MOVE_NAMES.get(p.get("move", ""), p.get("move", "")))
        }
    if code is MoveError.MUST_DRAW_FIRST:
        return _("First draw a card, from the stock or the discard pile.")
    if code is MoveError.ALREADY_DREW:
        return _("You have already drawn this turn. Now discard a card.")
    if code is MoveError.CARD_NOT_HELD:
        return _("You do not hold %(card)s.") % {"card": card_short(p["card"])}
    if code is MoveError.DISCARD_TAKEN_CARD:
        return _(
            "You just took %(card)s from the discard pile, so you may not throw it back this turn."
        ) % {"card": card_short(p["card"])}
    if code is MoveError.ILLEGAL_MELD:
        return meld_failure(MeldFailure(p["failure"]), p)
    if code is MoveError.MELD_NOT_FOUND:
        return _("That meld is not on the table.")
    if code is MoveError.CANNOT_LAY_OFF:
        return _("%(card)s does not fit %(meld)s.") % {
            "card": card_short(p["card"]),
            "meld": cards_short(p.get("meld", ())),
        }
    if code is MoveError.KNOCK_OVER_LIMIT:
        return ngettext(
            "You cannot knock: your deadwood would be %(deadwood)s, and the limit is %(limit)s "
            "point.",
            "You cannot knock: your deadwood would be %(deadwood)s, and the limit is %(limit)s "
            "points.",
            p["limit"],
        ) % {"deadwood": p["deadwood"], "limit": p["limit"]}
    if code is MoveError.MUST_DISCARD_LAST_CARD:
        return _("At this table your last card must be discarded: keep one card to discard.")
    if code is MoveError.NO_WAY_TO_FINISH:
        return _(
            "Then you could not finish your turn: you would have only %(card)s left, which "
            "you just took from the discard pile and may not throw back."
        ) % {"card": card_short(p["card"])}
    return _("That move is not allowed.")


# ------------------------------------------------------------------------- log
def event_sentence(event: Event, names: Sequence[str], *, human: int = 0) -> str:
    """What happened, in plain words: "Ona drew from the stock."."""
    you = event.player == human
    name = names[event.player]
    move = event.move
    if isinstance(move, DrawStock):
        if you:
            return _("You drew from the stock.")
        return _("%(name)s drew from the stock.") % {"name": name}
    if isinstance(move, DrawDiscard):
        card = card_short(event.taken) if event.taken else ""
        if you:
            return _("You took %(card)s from the discard pile.") % {"card": card}
        return _("%(name)s took %(card)s from the discard pile.") % {"name": name, "card": card}
    if isinstance(move, Discard):
        if you:
            return _("You discarded %(card)s.") % {"card": card_short(move.card)}
        return _("%(name)s discarded %(card)s.") % {"name": name, "card": card_short(move.card)}
    if isinstance(move, LayDown):
        cards = cards_short(move.cards)
        if you:
            return _("You put %(cards)s on the table.") % {"cards": cards}
        return _("%(name)s put %(cards)s on the table.") % {"name": name, "cards": cards}
    if isinstance(move, LayOff):
        if you:
            return _("You laid off %(card)s.") % {"card": card_short(move.card)}
        return _("%(name)s laid off %(card)s.") % {"name": name, "card": card_short(move.card)}
    if isinstance(move, Knock):
        if you:
            return _("You knocked.")
        return _("%(name)s knocked.") % {"name": name}
    return str(move)


# ------------------------------------------------------------------ settlement
def _who(seat: int, names: Sequence[str]) -> str:
    return names[seat] if 0 <= seat < len(names) else str(seat)


def people(seats: Sequence[int], names: Sequence[str]) -> str:
    """ "A, B and C": the players of ``seats``, by name."""
    return _list(seats, names)


def _list(seats: Sequence[int], names: Sequence[str]) -> str:
    people = [_who(s, names) for s in seats]
    if len(people) == 1:
        return people[0]
    return _("%(first)s and %(last)s") % {"first": ", ".join(people[:-1]), "last": people[-1]}


def settlement_step(step: Step, names: Sequence[str]) -> str:
    """One line of a hand's scoring, in the page's language."""
    p = step.params
    code = step.code
    who = _who(p["player"], names) if "player" in p else ""
    if code in (StepCode.SHOW, StepCode.KEEPS):
        melds = " · ".join(cards_short(m) for m in p["melds"]) or _("no melds")
        if p["deadwood_cards"]:
            dead = _("deadwood %(cards)s = %(points)s") % {
                "cards": cards_short(p["deadwood_cards"]),
                "points": p["deadwood"],
            }
        else:
            dead = _("no deadwood")
        if code is StepCode.SHOW:
            return _("%(name)s shows %(melds)s; %(deadwood)s.") % {
                "name": who,
                "melds": melds,
                "deadwood": dead,
            }
        return _("%(name)s keeps %(melds)s; %(deadwood)s.") % {
            "name": who,
            "melds": melds,
            "deadwood": dead,
        }
    if code is StepCode.KNOCK:
        return _("%(name)s knocks with %(deadwood)s deadwood (the limit is %(limit)s).") % {
            "name": who,
            "deadwood": p["deadwood"],
            "limit": p["limit"],
        }
    if code is StepCode.GIN:
        return _("%(name)s goes gin: every card is in a meld.") % {"name": who}
    if code is StepCode.NO_LAYOFFS:
        return _("After gin there are no layoffs: %(name)s keeps every card.") % {"name": who}
    if code is StepCode.LAYOFF:
        return _("%(name)s lays off %(card)s onto %(meld)s.") % {
            "name": who,
            "card": card_short(p["card"]),
            "meld": cards_short(p["onto"]),
        }
    if code is StepCode.GIN_SCORE:
        return _(
            "%(name)s scores the gin bonus %(bonus)s + %(opponent)s's deadwood %(deadwood)s "
            "= %(points)s."
        ) % {
            "name": who,
            "bonus": p["bonus"],
            "opponent": _who(p["opponent"], names),
            "deadwood": p["deadwood"],
            "points": points(p["points"]),
        }
    if code is StepCode.KNOCK_SCORE:
        return _(
            "%(opponent)s has %(theirs)s deadwood, more than %(mine)s: %(name)s scores "
            "%(theirs)s - %(mine)s = %(points)s."
        ) % {
            "name": who,
            "opponent": _who(p["opponent"], names),
            "theirs": p["opponent_deadwood"],
            "mine": p["deadwood"],
            "points": points(p["points"]),
        }
    if code is StepCode.UNDERCUT_SCORE:
        return _(
            "Undercut! %(name)s has %(mine)s deadwood, no more than the knocker's "
            "%(theirs)s: %(name)s scores %(difference)s + %(bonus)s = %(points)s, "
            "and %(opponent)s scores nothing."
        ) % {
            "name": who,
            "opponent": _who(p["opponent"], names),
            "mine": p["deadwood"],
            "theirs": p["opponent_deadwood"],
            "difference": p["difference"],
            "bonus": p["bonus"],
            "points": points(p["points"]),
        }
    if code is StepCode.KNOCKER_LOWEST:
        return _(
            "%(name)s knocked with the lowest deadwood (%(deadwood)s): every other player "
            "pays the difference."
        ) % {"name": who, "deadwood": p["deadwood"]}
    if code is StepCode.KNOCKER_TIED:
        tied = p["tied"]
        return ngettext(
            "%(tied)s ties the knocker %(name)s for the lowest deadwood (%(deadwood)s) and "
            "collects the difference from every other player.",
            "%(tied)s tie the knocker %(name)s for the lowest deadwood (%(deadwood)s) and "
            "share the difference from every other player.",
            len(tied),
        ) % {"tied": _list(tied, names), "name": who, "deadwood": p["deadwood"]}
    if code is StepCode.NO_RUMMY_BONUS:
        return _("%(name)s has no deadwood but is tied, so there is no rummy bonus.") % {
            "name": who
        }
    if code is StepCode.KNOCKER_UNDERCUT:
        lowest = p["lowest"]
        return ngettext(
            "%(lowest)s has less deadwood (%(low)s) than the knocker %(name)s (%(deadwood)s) "
            "and collects the difference from every other player.",
            "%(lowest)s have less deadwood (%(low)s) than the knocker %(name)s (%(deadwood)s) "
            "and share the difference from every other player.",
            len(lowest),
        ) % {
            "lowest": _list(lowest, names),
            "low": p["lowest_deadwood"],
            "name": who,
            "deadwood": p["deadwood"],
        }
    if code is StepCode.PAYS_DIFFERENCE:
        payees = p["payees"]
        if len(payees) == 1:
            return _("%(name)s pays %(payee)s %(deadwood)s - %(low)s = %(points)s.") % {
                "name": who,
                "payee": _who(payees[0], names),
                "deadwood": p["deadwood"],
                "low": p["lowest_deadwood"],
                "points": points(p["points"]),
            }
        return _(
            "%(name)s pays %(deadwood)s - %(low)s = %(points)s, shared by %(payees)s: "
            "%(share)s each."
        ) % {
            "name": who,
            "payees": _list(payees, names),
            "deadwood": p["deadwood"],
            "low": p["lowest_deadwood"],
            "points": points(p["points"]),
            "share": points(p["share"]),
        }
    if code is StepCode.PAYS_NOTHING:
        return _("%(name)s pays nothing: the difference is 0.") % {"name": who}
    if code is StepCode.RUMMY_BONUS:
        return _("%(name)s also pays %(payee)s the rummy bonus of %(bonus)s.") % {
            "name": who,
            "payee": _who(p["payee"], names),
            "bonus": p["bonus"],
        }
    if code is StepCode.PENALTY:
        return _(
            "%(payee)s has less deadwood (%(theirs)s) than the knocker (%(mine)s): "
            "%(name)s pays %(payee)s a penalty of %(points)s."
        ) % {
            "name": who,
            "payee": _who(p["payee"], names),
            "theirs": p["opponent_deadwood"],
            "mine": p["deadwood"],
            "points": points(p["points"]),
        }
    if code is StepCode.HAND_VALUE:
        if not p["cards"]:
            return _("%(name)s has no cards left.") % {"name": who}
        text = _("%(name)s still holds %(cards)s: %(points)s.") % {
            "name": who,
            "cards": cards_short(p["cards"]),
            "points": deadwood_points(int(p["points"])),
        }
        if p.get("ace_points", 1) != 1 and any(str(c).startswith("A") for c in p["cards"]):
            text += " " + _("Each ace counts %(points)s.") % {"points": p["ace_points"]}
        return text
    if code is StepCode.WENT_OUT:
        return _("%(name)s went out and scores %(points)s.") % {
            "name": who,
            "points": points(p["points"]),
        }
    if code is StepCode.WENT_RUMMY:
        return _("%(name)s went rummy: %(points)s doubled is %(doubled)s.") % {
            "name": who,
            "points": points(p["points"]),
            "doubled": points(p["doubled"]),
        }
    if code is StepCode.VOID:
        return _("The hand is void: nobody scores.")
    if code is StepCode.TOTAL:
        return _("%(name)s receives %(received)s and pays %(paid)s: %(net)s in all.") % {
            "name": who,
            "received": points(p["received"]),
            "paid": points(p["paid"]),
            "net": signed(p["net"]),
        }
    return step.text


# ------------------------------------------------------------------- the coach
def coach_step(step: CoachStep, names: Sequence[str]) -> str:
    p = step.params
    code = step.code
    if code is Why.DEADWOOD:
        return _("Your deadwood goes from %(before)s to %(after)s.") % p
    if code is Why.MELD_MADE:
        return _("It makes the meld %(cards)s.") % {"cards": cards_short(p["cards"])}
    if code is Why.MELD_BROKEN:
        return _("Discarding %(card)s breaks your meld %(cards)s.") % {
            "card": card_short(p["card"]),
            "cards": cards_short(p["cards"]),
        }
    if code is Why.KEEPS_FOR:
        return _("Keep %(cards)s: %(needs)s would make a meld.") % {
            "cards": cards_short(p["cards"]),
            "needs": _(" or ").join(card_short(c) for c in p["needs"]),
        }
    if code is Why.DISCARD_HIGH:
        return _("%(card)s is unmatched and worth %(points)s: get rid of it.") % {
            "card": card_short(p["card"]),
            "points": deadwood_points(int(p["points"])),
        }
    if code is Why.FEEDS_NEXT:
        return _("Careful: %(name)s took %(took)s and may want %(card)s.") % {
            "name": _who(p["player"], names),
            "took": card_short(p["took"]),
            "card": card_short(p["card"]),
        }
    if code is Why.FITS_TABLE:
        return _(
            "Careful: %(card)s fits a meld on the table, so the next player can lay it off."
        ) % {"card": card_short(p["card"])}
    if code is Why.TAKE_FOR_MELD:
        return _("Take %(card)s: it makes the meld %(cards)s.") % {
            "card": card_short(p["card"]),
            "cards": cards_short(p["cards"]),
        }
    if code is Why.TAKE_FOR_LAYOFF:
        return _("Take %(card)s: you can lay it off on the table.") % {
            "card": card_short(p["card"])
        }
    if code is Why.TAKE_LOWERS:
        return _("Take %(card)s: your deadwood goes from %(before)s to %(after)s.") % {
            "card": card_short(p["card"]),
            "before": p["before"],
            "after": p["after"],
        }
    if code is Why.TOP_NOT_USEFUL:
        return _("%(card)s does not help your hand enough.") % {"card": card_short(p["card"])}
    if code is Why.DRAW_STOCK:
        return _("Draw from the stock: nobody learns what you are collecting.")
    if code is Why.KNOCK_NOW:
        return _("Knock now, with %(deadwood)s deadwood.") % {"deadwood": p["deadwood"]}
    if code is Why.GIN:
        return _("Gin: every card is in a meld, worth a bonus of %(bonus)s.") % p
    if code is Why.KNOCK_RUMMY:
        return (
            _("Rummy: every card is in a meld, so each player pays you a bonus of %(bonus)s.") % p
        )
    if code is Why.KNOCK_WAIT:
        return _(
            "Wait: %(deadwood)s deadwood is a lot, and the others probably hold about %(expected)s."
        ) % {"deadwood": p["deadwood"], "expected": points(round(Fraction(p["expected"])))}
    if code is Why.KNOCK_PAYS:
        return _("%(deadwood)s deadwood is low: the others probably hold about %(expected)s.") % {
            "deadwood": p["deadwood"],
            "expected": points(round(Fraction(p["expected"]))),
        }
    if code is Why.CANNOT_KNOCK_YET:
        return _("Your deadwood of %(deadwood)s is over the knock limit of %(limit)s.") % p
    if code is Why.GOES_OUT:
        return _("You go out and end the hand.")
    if code is Why.GOES_RUMMY:
        return _("You go rummy: all your cards in one turn, so your score is doubled.")
    if code is Why.LAY_DOWN:
        return _("Put %(cards)s on the table: they no longer count against you.") % {
            "cards": cards_short(p["cards"])
        }
    if code is Why.LAY_OFF:
        return _("Lay %(card)s off onto %(cards)s.") % {
            "card": card_short(p["card"]),
            "cards": cards_short(p["cards"]),
        }
    return step.sentence


def move_phrase(move: Any) -> str:
    """The coach's suggested move, as an instruction: "Discard 9♣"."""
    if isinstance(move, DrawStock):
        return _("Draw from the stock")
    if isinstance(move, DrawDiscard):
        return _("Take the discard")
    if isinstance(move, Discard):
        return _("Discard %(card)s") % {"card": card_short(move.card)}
    if isinstance(move, LayDown):
        return _("Meld %(cards)s") % {"cards": cards_short(move.cards)}
    if isinstance(move, LayOff):
        return _("Lay off %(card)s") % {"card": card_short(move.card)}
    if isinstance(move, Knock):
        return _("Knock, discarding %(card)s") % {"card": card_short(move.discard)}
    return str(move)


def full_card_names(cards: Iterable[Card | str]) -> str:
    """Full names, for screen readers: "seven of hearts, eight of hearts"."""
    return ", ".join(card_name(Card.parse(c) if isinstance(c, str) else c) for c in cards)


# ----------------------------------------------------------------- the match
def summary_line(line: SummaryLine, names: Sequence[str]) -> str:
    """One line of a match summary (Gin's game end, the winner of a match)."""
    p = line.params
    code = line.code
    who = _who(p["player"], names) if "player" in p else ""
    if code is LineCode.BOXES:
        count = len(p["boxes"])
        return ngettext(
            "%(name)s: %(count)s box, total %(points)s",
            "%(name)s: %(count)s boxes, total %(points)s",
            count,
        ) % {"name": who, "count": count, "points": points(p["points"])}
    if code is LineCode.DIFFERENCE:
        return _("%(name)s scores the difference between the totals: %(points)s.") % {
            "name": who,
            "points": points(p["points"]),
        }
    if code is LineCode.BOX_BONUS:
        count = len(p["boxes"])
        return ngettext(
            "Box bonus for %(name)s: %(count)s box × %(per_box)s = %(points)s.",
            "Box bonus for %(name)s: %(count)s boxes × %(per_box)s = %(points)s.",
            count,
        ) % {"name": who, "count": count, "per_box": p["per_box"], "points": points(p["points"])}
    if code is LineCode.SHUTOUT:
        return _("Shutout bonus for %(name)s (%(opponent)s won no hand): %(points)s.") % {
            "name": who,
            "opponent": _who(p["opponent"], names),
            "points": points(p["points"]),
        }
    if code is LineCode.GAME_TOTAL:
        return _("Game total for %(name)s: %(points)s.") % {
            "name": who,
            "points": points(p["points"]),
        }
    if code is LineCode.MARGIN:
        return _("%(name)s wins the game by %(points)s.") % {
            "name": who,
            "points": points(p["points"]),
        }
    if code is LineCode.SCORE:
        return _("%(name)s: %(points)s.") % {"name": who, "points": points(p["points"])}
    if code is LineCode.BALANCE:
        return _("%(name)s received %(received)s and paid %(paid)s: %(net)s.") % {
            "name": who,
            "received": points(p["received"]),
            "paid": points(p["paid"]),
            "net": signed(p["net"]),
        }
    if code is LineCode.WINNER:
        return _("%(name)s wins the match!") % {"name": who}
    if code is LineCode.ANOTHER_HAND:
        return _("%(names)s are level at the top: another hand is played.") % {
            "names": _list(p["players"], names)
        }
    if code is LineCode.IN_PROGRESS:
        return _("The match goes on.")
    return line.text
