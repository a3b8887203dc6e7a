"""How a hand is scored and how a match stands: every :class:`StepCode` and
:class:`LineCode` as a sentence."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, npgettext, pgettext

from game.engine import Game, LineCode, Settlement, SettleStep, StepCode, SummaryLine
from learners.names import euphonic_d, one_stop

from .catalogue import Names, Params, Sentence
from .numbers import (
    card_short,
    cards_short,
    deadwood_points,
    people,
    points,
    points_noun,
    points_object,
    signed,
    who,
    you_and,
)


def _name(p: Params, n: Names) -> dict[str, object]:
    return {"name": who(p["player"], n)}


def _name_points(p: Params, n: Names) -> dict[str, object]:
    """A player and their points, said with the noun ("Ona: 68 points.")."""
    return {"name": who(p["player"], n), "points": points_noun(p["points"])}


def _whole(value: object) -> int:
    """The number that picks a plural form for a whole number of points."""
    return abs(int(Fraction(str(value))))


def _shown(p: Params, n: Names) -> dict[str, object]:
    melds = " · ".join(cards_short(m) for m in p["melds"]) or _("no melds")
    if p["deadwood_cards"]:
        # In the number of cards (the Russian pupil's walk: «лишние карты 2♣ = 2»).
        dead = npgettext(
            "the number of deadwood cards",
            "deadwood %(cards)s = %(points)s",
            "deadwood %(cards)s = %(points)s",
            len(p["deadwood_cards"]),
        ) % {
            "cards": cards_short(p["deadwood_cards"]),
            "points": p["deadwood"],
        }
    else:
        dead = _("no deadwood")
    return {"name": who(p["player"], n), "melds": melds, "deadwood": dead}


def _hand_value(p: Params) -> str:
    if not p["cards"]:
        return _("%(name)s has no cards left.")
    text = _("%(name)s still holds %(cards)s: %(points)s.")
    if p.get("ace_points", 1) != 1 and any(str(c).startswith("A") for c in p["cards"]):
        text += " " + _("Each ace counts %(points)s.") % {
            "points": deadwood_points(int(p["ace_points"]))
        }
    return text


def _pays_difference(p: Params) -> str:
    if len(p["payees"]) == 1:
        return _("%(name)s pays %(payee)s %(deadwood)s − %(low)s = %(points)s.")
    # The share said with its noun (ru «каждому достаётся 5 очков»).
    return _(
        "%(name)s pays %(deadwood)s − %(low)s = %(points)s, shared by %(payees)s: %(share)s each."
    )


def _least_deadwood(p: Params) -> str:
    """The knocker's layout with the least deadwood, and why it is not the one shown. Its
    form follows the number of cards laid off (the Russian pupil's walk read «добавит
    карты 5♠», cards for one card); an undercut's points are a clause of their own
    (``then``, :func:`_undercut_clause`), with their own plural."""
    if p["points"] > 0:
        text = (
            npgettext(
                "the number of cards the defender lays off, all onto one meld",
                "Laid out as %(melds)s, %(name)s would keep only %(deadwood)s deadwood, but "
                "%(opponent)s would lay off %(cards)s and keep %(theirs)s: %(name)s would score "
                "only %(theirs)s − %(deadwood)s = %(points)s.",
                "Laid out as %(melds)s, %(name)s would keep only %(deadwood)s deadwood, but "
                "%(opponent)s would lay off %(cards)s and keep %(theirs)s: %(name)s would score "
                "only %(theirs)s − %(deadwood)s = %(points)s.",
                len(p["layoffs"]),
            )
            if p.get("onto_melds") == 1
            else npgettext(
                "the number of cards the defender lays off",
                "Laid out as %(melds)s, %(name)s would keep only %(deadwood)s deadwood, but "
                "%(opponent)s would lay off %(cards)s and keep %(theirs)s: %(name)s would score "
                "only %(theirs)s − %(deadwood)s = %(points)s.",
                "Laid out as %(melds)s, %(name)s would keep only %(deadwood)s deadwood, but "
                "%(opponent)s would lay off %(cards)s and keep %(theirs)s: %(name)s would score "
                "only %(theirs)s − %(deadwood)s = %(points)s.",
                len(p["layoffs"]),
            )
        )
    else:
        text = (
            npgettext(
                "the cards the defender lays off, all onto one meld; then: who would undercut",
                "Laid out as %(melds)s, %(name)s would keep only %(deadwood)s deadwood, but "
                "%(opponent)s would lay off %(cards)s and keep %(theirs)s: %(then)s",
                "Laid out as %(melds)s, %(name)s would keep only %(deadwood)s deadwood, but "
                "%(opponent)s would lay off %(cards)s and keep %(theirs)s: %(then)s",
                len(p["layoffs"]),
            )
            if p.get("onto_melds") == 1
            else npgettext(
                "the number of cards the defender lays off; then: who would undercut",
                "Laid out as %(melds)s, %(name)s would keep only %(deadwood)s deadwood, but "
                "%(opponent)s would lay off %(cards)s and keep %(theirs)s: %(then)s",
                "Laid out as %(melds)s, %(name)s would keep only %(deadwood)s deadwood, but "
                "%(opponent)s would lay off %(cards)s and keep %(theirs)s: %(then)s",
                len(p["layoffs"]),
            )
        )
    if p["shown_points"] > 0:
        return text + " " + _("So %(name)s shows the layout that scores more.")
    return text + " " + _("So %(name)s shows the layout that gives %(opponent)s fewer points.")


def _undercut_clause(p: Params, n: Names) -> str:
    """The end of :func:`_least_deadwood`'s sentence when that layout would be undercut
    (empty otherwise): the points a verb takes, with their noun (lt «gautų 25 taškus»)."""
    if p["points"] > 0:
        return ""
    template = ngettext(
        "%(opponent)s would undercut %(name)s and score %(undercut)s point.",
        "%(opponent)s would undercut %(name)s and score %(undercut)s points.",
        _whole(p["points"]),
    )
    values = {
        "opponent": who(p["opponent"], n),
        "name": who(p["player"], n),
        "undercut": points(-p["points"]),
    }
    # Italian's «a» before a name that starts with an a (Sentence.render does it for
    # the sentence around it, not inside a value).
    return euphonic_d(template, values) % values


STEPS: dict[StepCode, Sentence] = {
    # The melds of the player who went gin (:func:`told_steps`): the step before said
    # there is no deadwood.
    StepCode.SHOW: Sentence(
        lambda p: (
            _("%(name)s shows %(melds)s.")
            if p.get("gin")
            else _("%(name)s shows %(melds)s; %(deadwood)s.")
        ),
        _shown,
    ),
    # The defender who laid nothing off is not "left after the layoffs" (the rules
    # audit: the Russian said so): a sentence of its own. A step stored before
    # ``laid_off`` was a parameter has the one sentence for both.
    StepCode.KEEPS: Sentence(
        lambda p: (
            _("%(name)s lays off nothing and keeps %(melds)s; %(deadwood)s.")
            if p.get("laid_off") == []
            else _("%(name)s keeps %(melds)s; %(deadwood)s.")
        ),
        _shown,
    ),
    StepCode.KNOCK: Sentence(
        lambda p: _("%(name)s knocks with %(deadwood)s deadwood (the limit is %(limit)s)."),
        lambda p, n: {"name": who(p["player"], n), "deadwood": p["deadwood"], "limit": p["limit"]},
    ),
    StepCode.GIN: Sentence(lambda p: _("%(name)s goes gin: every card is in a meld."), _name),
    StepCode.NO_LAYOFFS: Sentence(
        lambda p: _("After gin there are no layoffs: %(name)s keeps every card."), _name
    ),
    StepCode.LAYOFF: Sentence(
        lambda p: _("%(name)s lays off %(card)s onto %(meld)s."),
        lambda p, n: {
            "name": who(p["player"], n),
            "card": card_short(p["card"]),
            "meld": cards_short(p["onto"]),
        },
    ),
    StepCode.GIN_SCORE: Sentence(
        lambda p: _(
            "%(name)s scores the gin bonus %(bonus)s + %(opponent)s's deadwood %(deadwood)s "
            "= %(points)s."
        ),
        lambda p, n: {
            "name": who(p["player"], n),
            "bonus": p["bonus"],
            "opponent": who(p["opponent"], n),
            "deadwood": p["deadwood"],
            "points": points(p["points"]),
        },
    ),
    StepCode.KNOCK_SCORE: Sentence(
        lambda p: _(
            "%(opponent)s has %(theirs)s deadwood, more than %(mine)s: %(name)s scores "
            "%(theirs)s − %(mine)s = %(points)s."
        ),
        lambda p, n: {
            "name": who(p["player"], n),
            "opponent": who(p["opponent"], n),
            "theirs": p["opponent_deadwood"],
            "mine": p["deadwood"],
            "points": points(p["points"]),
        },
    ),
    StepCode.UNDERCUT_SCORE: Sentence(
        lambda p: _(
            "Undercut! %(name)s has %(mine)s deadwood, no more than the knocker's "
            "%(theirs)s: %(name)s scores %(difference)s + %(bonus)s = %(points)s, "
            "and %(opponent)s scores nothing."
        ),
        lambda p, n: {
            "name": who(p["player"], n),
            "opponent": who(p["opponent"], n),
            "mine": p["deadwood"],
            "theirs": p["opponent_deadwood"],
            "difference": p["difference"],
            "bonus": p["bonus"],
            "points": points(p["points"]),
        },
    ),
    StepCode.KNOCKER_LOWEST: Sentence(
        lambda p: _(
            "%(name)s knocked with the lowest deadwood (%(deadwood)s): every other player "
            "pays the difference."
        ),
        lambda p, n: {"name": who(p["player"], n), "deadwood": p["deadwood"]},
    ),
    StepCode.KNOCKER_TIED: Sentence(
        lambda p: ngettext(
            "%(tied)s ties the knocker %(name)s for the lowest deadwood (%(deadwood)s) and "
            "collects the difference from every other player.",
            "%(tied)s tie the knocker %(name)s for the lowest deadwood (%(deadwood)s) and "
            "share the difference from every other player.",
            len(p["tied"]),
        ),
        lambda p, n: {
            "tied": people(p["tied"], n),
            "name": who(p["player"], n),
            "deadwood": p["deadwood"],
        },
    ),
    StepCode.NO_RUMMY_BONUS: Sentence(
        lambda p: _("%(name)s has no deadwood but is tied, so there is no rummy bonus."), _name
    ),
    StepCode.KNOCKER_UNDERCUT: Sentence(
        lambda p: ngettext(
            "%(lowest)s has less deadwood (%(low)s) than the knocker %(name)s (%(deadwood)s) "
            "and collects the difference from every other player.",
            "%(lowest)s have less deadwood (%(low)s) than the knocker %(name)s (%(deadwood)s) "
            "and share the difference from every other player.",
            len(p["lowest"]),
        ),
        lambda p, n: {
            "lowest": people(p["lowest"], n),
            "low": p["lowest_deadwood"],
            "name": who(p["player"], n),
            "deadwood": p["deadwood"],
        },
    ),
    StepCode.PAYS_DIFFERENCE: Sentence(
        _pays_difference,
        lambda p, n: {
            "name": who(p["player"], n),
            "payee": who(p["payees"][0], n),
            "payees": people(p["payees"], n),
            "deadwood": p["deadwood"],
            "low": p["lowest_deadwood"],
            "points": points(p["points"]),
            "share": points_noun(p["share"]),
        },
    ),
    StepCode.PAYS_NOTHING: Sentence(
        lambda p: _("%(name)s pays nothing: the difference is 0."), _name
    ),
    StepCode.RUMMY_BONUS: Sentence(
        lambda p: _("%(name)s also pays %(payee)s the rummy bonus of %(bonus)s."),
        lambda p, n: {
            "name": who(p["player"], n),
            "payee": who(p["payee"], n),
            "bonus": points_noun(p["bonus"]),
        },
    ),
    StepCode.PENALTY: Sentence(
        lambda p: _(
            "%(payee)s has less deadwood (%(theirs)s) than the knocker (%(mine)s): "
            "%(name)s pays %(payee)s a penalty of %(points)s."
        ),
        lambda p, n: {
            "name": who(p["player"], n),
            "payee": who(p["payee"], n),
            "theirs": p["opponent_deadwood"],
            "mine": p["deadwood"],
            "points": points_noun(p["points"]),
        },
    ),
    StepCode.HAND_VALUE: Sentence(
        _hand_value,
        lambda p, n: {
            "name": who(p["player"], n),
            "cards": cards_short(p["cards"]),
            "points": deadwood_points(int(p["points"])),
        },
    ),
    # The points a verb takes, with their noun in the form the language declines them to
    # (the Russian newcomer's walk: «получает 70»; lt «gauna 21 tašką»).
    StepCode.WENT_OUT: Sentence(
        lambda p: ngettext(
            "%(name)s went out and scores %(points)s point.",
            "%(name)s went out and scores %(points)s points.",
            _whole(p["points"]),
        ),
        lambda p, n: {"name": who(p["player"], n), "points": points(p["points"])},
    ),
    StepCode.WENT_RUMMY: Sentence(
        lambda p: _("%(name)s went rummy: %(points)s doubled is %(doubled)s."),
        lambda p, n: {
            "name": who(p["player"], n),
            "points": points(p["points"]),
            "doubled": points(p["doubled"]),
        },
    ),
    StepCode.VOID: Sentence(lambda p: _("The hand is void: nobody scores.")),
    StepCode.TOTAL: Sentence(
        lambda p: _("%(name)s receives %(received)s and pays %(paid)s: %(net)s in all."),
        lambda p, n: {
            "name": who(p["player"], n),
            "received": points_noun(p["received"]),
            "paid": points_noun(p["paid"]),
            "net": signed(p["net"]),
        },
    ),
    # In the number of cards missed (one card was «добавить карты 5♠»).
    StepCode.MISSED_LAYOFFS: Sentence(
        lambda p: (
            npgettext(
                "the number of cards the defender could have laid off, all onto one meld",
                "%(name)s could have laid off %(cards)s and kept %(best)s deadwood instead of "
                "%(deadwood)s.",
                "%(name)s could have laid off %(cards)s and kept %(best)s deadwood instead of "
                "%(deadwood)s.",
                len(p["cards"]),
            )
            if p.get("onto_melds") == 1
            else npgettext(
                "the number of cards the defender could have laid off",
                "%(name)s could have laid off %(cards)s and kept %(best)s deadwood instead of "
                "%(deadwood)s.",
                "%(name)s could have laid off %(cards)s and kept %(best)s deadwood instead of "
                "%(deadwood)s.",
                len(p["cards"]),
            )
        ),
        lambda p, n: {
            "name": who(p["player"], n),
            "cards": cards_short(p["cards"]),
            "best": p["best_deadwood"],
            "deadwood": p["deadwood"],
        },
    ),
    StepCode.LEAST_DEADWOOD_LAYOUT: Sentence(
        _least_deadwood,
        lambda p, n: {
            "name": who(p["player"], n),
            "opponent": who(p["opponent"], n),
            "melds": " · ".join(cards_short(m) for m in p["melds"]),
            "deadwood": p["deadwood"],
            "cards": cards_short(p["layoffs"]),
            "theirs": p["opponent_deadwood"],
            "points": points(p["points"]),
            "then": _undercut_clause(p, n),
        },
    ),
    StepCode.BETTER_LAYOUT: Sentence(
        lambda p: _(
            "A better layout for %(name)s: %(melds)s. With the defender's best layoffs, "
            "%(name)s's result would have been %(best)s instead of %(points)s. It shows "
            "only now that the defender's cards are face up."
        ),
        lambda p, n: {
            "name": who(p["player"], n),
            "melds": " · ".join(cards_short(m) for m in p["melds"]),
            "best": signed(p["best_points"]),
            "points": signed(p["points"]),
        },
    ),
}


def _sum(parts: Sequence[Fraction | int]) -> str:
    """A side's points at the two tables: "48", or "10 + 20 = 30" when both partners
    scored (nothing: "0")."""
    total = sum(parts, Fraction(0))
    if len(parts) < 2:
        return points(total)
    return " + ".join(points(part) for part in parts) + " = " + points(total)


# A sentence with the context "partnership" has two players as its subject, the
# partnership of four-player Gin ("Ona and Marta win the game"): it agrees in the plural.

LINES: dict[LineCode, Sentence] = {
    LineCode.BOXES: Sentence(
        lambda p: ngettext(
            "%(name)s: %(count)s box, total %(points)s",
            "%(name)s: %(count)s boxes, total %(points)s",
            len(p["boxes"]),
        ),
        lambda p, n: {
            "name": who(p["player"], n),
            "count": len(p["boxes"]),
            "points": points_noun(p["points"]),
        },
    ),
    LineCode.DIFFERENCE: Sentence(
        lambda p: (
            pgettext("partnership", "%(name)s score the difference between the totals: %(points)s.")
            if p.get("pair")
            else _("%(name)s scores the difference between the totals: %(points)s.")
        ),
        _name_points,
    ),
    LineCode.BOX_BONUS: Sentence(
        lambda p: (
            npgettext(
                "partnership",
                "Box bonus for %(name)s: %(count)s box × %(per_box)s = %(points)s.",
                "Box bonus for %(name)s: %(count)s boxes × %(per_box)s = %(points)s.",
                len(p["boxes"]),
            )
            if p.get("pair")
            else ngettext(
                "Box bonus for %(name)s: %(count)s box × %(per_box)s = %(points)s.",
                "Box bonus for %(name)s: %(count)s boxes × %(per_box)s = %(points)s.",
                len(p["boxes"]),
            )
        ),
        lambda p, n: {
            "name": who(p["player"], n),
            "count": len(p["boxes"]),
            "per_box": p["per_box"],
            "points": points(p["points"]),
        },
    ),
    LineCode.SHUTOUT: Sentence(
        lambda p: (
            pgettext(
                "partnership", "Shutout bonus for %(name)s (%(opponent)s won no hand): %(points)s."
            )
            if p.get("pair")
            else _("Shutout bonus for %(name)s (%(opponent)s won no hand): %(points)s.")
        ),
        lambda p, n: {
            "name": who(p["player"], n),
            "opponent": who(p["opponent"], n),
            "points": points_noun(p["points"]),
        },
    ),
    LineCode.GAME_TOTAL: Sentence(
        lambda p: (
            pgettext("partnership", "Game total for %(name)s: %(points)s.")
            if p.get("pair")
            else _("Game total for %(name)s: %(points)s.")
        ),
        _name_points,
    ),
    LineCode.MARGIN: Sentence(
        lambda p: (
            pgettext("partnership", "%(name)s win the game by %(points)s.")
            if p.get("pair")
            else _("%(name)s wins the game by %(points)s.")
        ),
        _name_points,
    ),
    LineCode.SCORE: Sentence(lambda p: _("%(name)s: %(points)s."), _name_points),
    LineCode.BALANCE: Sentence(
        lambda p: _("%(name)s received %(received)s and paid %(paid)s: %(net)s."),
        lambda p, n: {
            "name": who(p["player"], n),
            "received": points_noun(p["received"]),
            "paid": points_noun(p["paid"]),
            "net": signed(p["net"]),
        },
    ),
    LineCode.WINNER: Sentence(
        lambda p: (
            pgettext("partnership", "%(name)s win the match!")
            if p.get("pair")
            else _("%(name)s wins the match!")
        ),
        _name,
    ),
    LineCode.ANOTHER_HAND: Sentence(
        lambda p: _("%(names)s are level at the top: another hand is played."),
        lambda p, n: {"names": people(p["players"], n)},
    ),
    LineCode.IN_PROGRESS: Sentence(lambda p: _("The match goes on.")),
    LineCode.NETTED: Sentence(
        lambda p: pgettext(
            "partnership",
            "The two tables count together: %(name)s scored %(sum)s, %(opponent)s "
            "%(opponent_sum)s. Only the difference goes on the score sheet: %(name)s enter "
            "one box of %(points)s − %(opponent_points)s = %(difference)s.",
        ),
        lambda p, n: {
            "name": who(p["player"], n),
            "opponent": who(p["opponent"], n),
            "sum": _sum(p["player_parts"]),
            "opponent_sum": _sum(p["opponent_parts"]),
            "points": points(p["points"]),
            "opponent_points": points(p["opponent_points"]),
            "difference": points(p["box"]),
        },
    ),
    LineCode.NETTED_EVEN: Sentence(
        lambda p: (
            pgettext(
                "partnership",
                "The two tables count together: %(name)s scored %(sum)s, %(opponent)s "
                "%(opponent_sum)s too. Both sides scored the same, so nobody enters a box "
                "for this hand.",
            )
            if p["points"]
            else _("Nobody scored at either table, so nobody enters a box for this hand.")
        ),
        lambda p, n: {
            "name": who(p["player"], n),
            "opponent": who(p["opponent"], n),
            "sum": _sum(p["player_parts"]),
            "opponent_sum": _sum(p["opponent_parts"]),
        },
    ),
}


#: A player's total in Basic Rummy and Gin, where points are scored, not paid: the
#: losers score nothing and lose nothing (as the lessons say), so "pays 36: -36 in all"
#: would contradict them. Knock Rummy players do pay each other: its total is a balance.
SCORED_TOTAL = {
    "scores": Sentence(
        lambda p: ngettext(
            "%(name)s scores %(points)s point in this hand.",
            "%(name)s scores %(points)s points in this hand.",
            _whole(p["received"]),
        ),
        lambda p, n: {"name": who(p["player"], n), "points": points(p["received"])},
    ),
    "nothing": Sentence(lambda p: _("%(name)s scores nothing in this hand."), _name),
}


# The walkthrough speaks to the learner: their own lines in the second person ("You
# knock with 2 deadwood", "Ona pays you 7"), never their name marked "(you)" (the
# Russian pupil's walk read «Саша (вы) стучит» under a seat that said «Вы»). A step
# about the learner (its ``player``) is told from YOUR_STEPS; one that names them in
# another part (the opponent, a payee, among those tied) from TOLD_TO_YOU. The learner's
# seat is in the parameters as ``you``; ``others`` are the players named beside them.


def _you_and_others(p: Params, n: Names, key: str) -> str:
    """The learner and the other players of ``p[key]``, one list in the language's form
    that starts its sentence: "You and Ben", "You, Ben and Marta" (:func:`you_and`: the
    Russian read «Вы и Оля и Борис»); "" when the learner is alone (the sentence then
    names them alone)."""
    others = [who(s, n) for s in p[key] if s != p["you"]]
    return you_and(others) if others else ""


def _your_hand_value(p: Params) -> str:
    if not p["cards"]:
        return _("You have no cards left.")
    text = _("You still hold %(cards)s: %(points)s.")
    if p.get("ace_points", 1) != 1 and any(str(c).startswith("A") for c in p["cards"]):
        text += " " + _("Each ace counts %(points)s.") % {
            "points": deadwood_points(int(p["ace_points"]))
        }
    return text


def _your_least_deadwood(p: Params) -> str:
    """:func:`_least_deadwood` for the learner as the knocker."""
    if p["points"] > 0:
        text = (
            npgettext(
                "the number of cards the defender lays off, all onto one meld",
                "Laid out as %(melds)s, your deadwood would be only %(deadwood)s, but "
                "%(opponent)s would lay off %(cards)s and keep %(theirs)s: you would score "
                "only %(theirs)s − %(deadwood)s = %(points)s.",
                "Laid out as %(melds)s, your deadwood would be only %(deadwood)s, but "
                "%(opponent)s would lay off %(cards)s and keep %(theirs)s: you would score "
                "only %(theirs)s − %(deadwood)s = %(points)s.",
                len(p["layoffs"]),
            )
            if p.get("onto_melds") == 1
            else npgettext(
                "the number of cards the defender lays off",
                "Laid out as %(melds)s, your deadwood would be only %(deadwood)s, but "
                "%(opponent)s would lay off %(cards)s and keep %(theirs)s: you would score "
                "only %(theirs)s − %(deadwood)s = %(points)s.",
                "Laid out as %(melds)s, your deadwood would be only %(deadwood)s, but "
                "%(opponent)s would lay off %(cards)s and keep %(theirs)s: you would score "
                "only %(theirs)s − %(deadwood)s = %(points)s.",
                len(p["layoffs"]),
            )
        )
    else:
        text = (
            npgettext(
                "the cards the defender lays off, all onto one meld; then: who would undercut",
                "Laid out as %(melds)s, your deadwood would be only %(deadwood)s, but "
                "%(opponent)s would lay off %(cards)s and keep %(theirs)s: %(then)s",
                "Laid out as %(melds)s, your deadwood would be only %(deadwood)s, but "
                "%(opponent)s would lay off %(cards)s and keep %(theirs)s: %(then)s",
                len(p["layoffs"]),
            )
            if p.get("onto_melds") == 1
            else npgettext(
                "the number of cards the defender lays off; then: who would undercut",
                "Laid out as %(melds)s, your deadwood would be only %(deadwood)s, but "
                "%(opponent)s would lay off %(cards)s and keep %(theirs)s: %(then)s",
                "Laid out as %(melds)s, your deadwood would be only %(deadwood)s, but "
                "%(opponent)s would lay off %(cards)s and keep %(theirs)s: %(then)s",
                len(p["layoffs"]),
            )
        )
    if p["shown_points"] > 0:
        return text + " " + _("So you show the layout that scores more.")
    return text + " " + _("So you show the layout that gives %(opponent)s fewer points.")


def _least_deadwood_told_to_you(p: Params) -> str:
    """:func:`_least_deadwood` for the learner as the defender."""
    if p["points"] > 0:
        text = (
            npgettext(
                "the number of cards the defender lays off, all onto one meld",
                "Laid out as %(melds)s, %(name)s would keep only %(deadwood)s deadwood, but "
                "you would lay off %(cards)s and keep %(theirs)s: %(name)s would score only "
                "%(theirs)s − %(deadwood)s = %(points)s.",
                "Laid out as %(melds)s, %(name)s would keep only %(deadwood)s deadwood, but "
                "you would lay off %(cards)s and keep %(theirs)s: %(name)s would score only "
                "%(theirs)s − %(deadwood)s = %(points)s.",
                len(p["layoffs"]),
            )
            if p.get("onto_melds") == 1
            else npgettext(
                "the number of cards the defender lays off",
                "Laid out as %(melds)s, %(name)s would keep only %(deadwood)s deadwood, but "
                "you would lay off %(cards)s and keep %(theirs)s: %(name)s would score only "
                "%(theirs)s − %(deadwood)s = %(points)s.",
                "Laid out as %(melds)s, %(name)s would keep only %(deadwood)s deadwood, but "
                "you would lay off %(cards)s and keep %(theirs)s: %(name)s would score only "
                "%(theirs)s − %(deadwood)s = %(points)s.",
                len(p["layoffs"]),
            )
        )
    else:
        text = (
            npgettext(
                "the cards the defender lays off, all onto one meld; then: who would undercut",
                "Laid out as %(melds)s, %(name)s would keep only %(deadwood)s deadwood, but "
                "you would lay off %(cards)s and keep %(theirs)s: %(then)s",
                "Laid out as %(melds)s, %(name)s would keep only %(deadwood)s deadwood, but "
                "you would lay off %(cards)s and keep %(theirs)s: %(then)s",
                len(p["layoffs"]),
            )
            if p.get("onto_melds") == 1
            else npgettext(
                "the number of cards the defender lays off; then: who would undercut",
                "Laid out as %(melds)s, %(name)s would keep only %(deadwood)s deadwood, but "
                "you would lay off %(cards)s and keep %(theirs)s: %(then)s",
                "Laid out as %(melds)s, %(name)s would keep only %(deadwood)s deadwood, but "
                "you would lay off %(cards)s and keep %(theirs)s: %(then)s",
                len(p["layoffs"]),
            )
        )
    if p["shown_points"] > 0:
        return text + " " + _("So %(name)s shows the layout that scores more.")
    return text + " " + _("So %(name)s shows the layout that gives you fewer points.")


def _undercut_clause_for_you(p: Params, n: Names) -> str:
    """:func:`_undercut_clause` with the learner as the knocker or the defender."""
    if p["points"] > 0:
        return ""
    if p["player"] == p["you"]:
        template = ngettext(
            "%(opponent)s would undercut you and score %(undercut)s point.",
            "%(opponent)s would undercut you and score %(undercut)s points.",
            _whole(p["points"]),
        )
    else:
        template = ngettext(
            "You would undercut %(name)s and score %(undercut)s point.",
            "You would undercut %(name)s and score %(undercut)s points.",
            _whole(p["points"]),
        )
    values = {
        "opponent": who(p["opponent"], n),
        "name": who(p["player"], n),
        "undercut": points(-p["points"]),
    }
    return euphonic_d(template, values) % values


def _least_deadwood_values(p: Params, n: Names) -> dict[str, object]:
    return {
        "name": who(p["player"], n),
        "opponent": who(p["opponent"], n),
        "melds": " · ".join(cards_short(m) for m in p["melds"]),
        "deadwood": p["deadwood"],
        "cards": cards_short(p["layoffs"]),
        "theirs": p["opponent_deadwood"],
        "points": points(p["points"]),
        "then": _undercut_clause_for_you(p, n),
    }


#: A step whose ``player`` is the learner, told to them.
YOUR_STEPS: dict[StepCode, Sentence] = {
    StepCode.SHOW: Sentence(
        lambda p: (
            _("You show %(melds)s.") if p.get("gin") else _("You show %(melds)s; %(deadwood)s.")
        ),
        _shown,
    ),
    StepCode.KEEPS: Sentence(
        lambda p: (
            _("You lay off nothing and keep %(melds)s; %(deadwood)s.")
            if p.get("laid_off") == []
            else _("You keep %(melds)s; %(deadwood)s.")
        ),
        _shown,
    ),
    StepCode.KNOCK: Sentence(
        lambda p: _("You knock with %(deadwood)s deadwood (the limit is %(limit)s)."),
        lambda p, n: {"deadwood": p["deadwood"], "limit": p["limit"]},
    ),
    StepCode.GIN: Sentence(lambda p: _("You go gin: every card is in a meld.")),
    StepCode.NO_LAYOFFS: Sentence(
        lambda p: _("After gin there are no layoffs: you keep every card.")
    ),
    StepCode.LAYOFF: Sentence(
        lambda p: _("You lay off %(card)s onto %(meld)s."),
        lambda p, n: {"card": card_short(p["card"]), "meld": cards_short(p["onto"])},
    ),
    StepCode.GIN_SCORE: Sentence(
        lambda p: _(
            "You score the gin bonus %(bonus)s + %(opponent)s's deadwood %(deadwood)s = %(points)s."
        ),
        lambda p, n: {
            "bonus": p["bonus"],
            "opponent": who(p["opponent"], n),
            "deadwood": p["deadwood"],
            "points": points(p["points"]),
        },
    ),
    StepCode.KNOCK_SCORE: Sentence(
        lambda p: _(
            "%(opponent)s has %(theirs)s deadwood, more than your %(mine)s: you score "
            "%(theirs)s − %(mine)s = %(points)s."
        ),
        lambda p, n: {
            "opponent": who(p["opponent"], n),
            "theirs": p["opponent_deadwood"],
            "mine": p["deadwood"],
            "points": points(p["points"]),
        },
    ),
    StepCode.UNDERCUT_SCORE: Sentence(
        lambda p: _(
            "Undercut! You have %(mine)s deadwood, no more than the knocker's %(theirs)s: "
            "you score %(difference)s + %(bonus)s = %(points)s, and %(opponent)s scores "
            "nothing."
        ),
        lambda p, n: {
            "opponent": who(p["opponent"], n),
            "mine": p["deadwood"],
            "theirs": p["opponent_deadwood"],
            "difference": p["difference"],
            "bonus": p["bonus"],
            "points": points(p["points"]),
        },
    ),
    StepCode.KNOCKER_LOWEST: Sentence(
        lambda p: _(
            "You knocked with the lowest deadwood (%(deadwood)s): every other player pays "
            "you the difference."
        ),
        lambda p, n: {"deadwood": p["deadwood"]},
    ),
    # The learner is the knocker, tied by another player or more.
    StepCode.KNOCKER_TIED: Sentence(
        lambda p: ngettext(
            "%(tied)s ties you, the knocker, for the lowest deadwood (%(deadwood)s) and "
            "collects the difference from every other player.",
            "%(tied)s tie you, the knocker, for the lowest deadwood (%(deadwood)s) and "
            "share the difference from every other player.",
            len(p["tied"]),
        ),
        lambda p, n: {"tied": people(p["tied"], n), "deadwood": p["deadwood"]},
    ),
    StepCode.NO_RUMMY_BONUS: Sentence(
        lambda p: _("You have no deadwood but are tied, so there is no rummy bonus.")
    ),
    StepCode.KNOCKER_UNDERCUT: Sentence(
        lambda p: ngettext(
            "%(lowest)s has less deadwood (%(low)s) than you, the knocker (%(deadwood)s), "
            "and collects the difference from every other player.",
            "%(lowest)s have less deadwood (%(low)s) than you, the knocker (%(deadwood)s), "
            "and share the difference from every other player.",
            len(p["lowest"]),
        ),
        lambda p, n: {
            "lowest": people(p["lowest"], n),
            "low": p["lowest_deadwood"],
            "deadwood": p["deadwood"],
        },
    ),
    StepCode.PAYS_DIFFERENCE: Sentence(
        lambda p: (
            _("You pay %(payee)s %(deadwood)s − %(low)s = %(points)s.")
            if len(p["payees"]) == 1
            else _(
                "You pay %(deadwood)s − %(low)s = %(points)s, shared by %(payees)s: %(share)s each."
            )
        ),
        lambda p, n: {
            "payee": who(p["payees"][0], n),
            "payees": people(p["payees"], n),
            "deadwood": p["deadwood"],
            "low": p["lowest_deadwood"],
            "points": points(p["points"]),
            "share": points_noun(p["share"]),
        },
    ),
    StepCode.PAYS_NOTHING: Sentence(lambda p: _("You pay nothing: the difference is 0.")),
    StepCode.RUMMY_BONUS: Sentence(
        lambda p: _("You also pay %(payee)s the rummy bonus of %(bonus)s."),
        lambda p, n: {"payee": who(p["payee"], n), "bonus": points_noun(p["bonus"])},
    ),
    StepCode.PENALTY: Sentence(
        lambda p: _(
            "%(payee)s has less deadwood (%(theirs)s) than you, the knocker (%(mine)s): "
            "you pay %(payee)s a penalty of %(points)s."
        ),
        lambda p, n: {
            "payee": who(p["payee"], n),
            "theirs": p["opponent_deadwood"],
            "mine": p["deadwood"],
            "points": points_noun(p["points"]),
        },
    ),
    StepCode.HAND_VALUE: Sentence(
        _your_hand_value,
        lambda p, n: {
            "cards": cards_short(p["cards"]),
            "points": deadwood_points(int(p["points"])),
        },
    ),
    StepCode.WENT_OUT: Sentence(
        lambda p: ngettext(
            "You went out and score %(points)s point.",
            "You went out and score %(points)s points.",
            _whole(p["points"]),
        ),
        lambda p, n: {"points": points(p["points"])},
    ),
    StepCode.WENT_RUMMY: Sentence(
        lambda p: _("You went rummy: %(points)s doubled is %(doubled)s."),
        lambda p, n: {"points": points(p["points"]), "doubled": points(p["doubled"])},
    ),
    # The points the verbs take in their form (lt «Gaunate 21 tašką», not «21 taškas»).
    StepCode.TOTAL: Sentence(
        lambda p: _("You receive %(received)s and pay %(paid)s: %(net)s in all."),
        lambda p, n: {
            "received": points_object(p["received"]),
            "paid": points_object(p["paid"]),
            "net": signed(p["net"]),
        },
    ),
    StepCode.MISSED_LAYOFFS: Sentence(
        lambda p: (
            npgettext(
                "the number of cards the defender could have laid off, all onto one meld",
                "You could have laid off %(cards)s and kept %(best)s deadwood instead of "
                "%(deadwood)s.",
                "You could have laid off %(cards)s and kept %(best)s deadwood instead of "
                "%(deadwood)s.",
                len(p["cards"]),
            )
            if p.get("onto_melds") == 1
            else npgettext(
                "the number of cards the defender could have laid off",
                "You could have laid off %(cards)s and kept %(best)s deadwood instead of "
                "%(deadwood)s.",
                "You could have laid off %(cards)s and kept %(best)s deadwood instead of "
                "%(deadwood)s.",
                len(p["cards"]),
            )
        ),
        lambda p, n: {
            "cards": cards_short(p["cards"]),
            "best": p["best_deadwood"],
            "deadwood": p["deadwood"],
        },
    ),
    StepCode.LEAST_DEADWOOD_LAYOUT: Sentence(_your_least_deadwood, _least_deadwood_values),
    StepCode.BETTER_LAYOUT: Sentence(
        lambda p: _(
            "A better layout for you: %(melds)s. With the defender's best layoffs, your "
            "result would have been %(best)s instead of %(points)s. It shows only now that "
            "the defender's cards are face up."
        ),
        lambda p, n: {
            "melds": " · ".join(cards_short(m) for m in p["melds"]),
            "best": signed(p["best_points"]),
            "points": signed(p["points"]),
        },
    ),
}

#: :data:`SCORED_TOTAL` told to the learner.
YOUR_SCORED_TOTAL = {
    "scores": Sentence(
        lambda p: ngettext(
            "You score %(points)s point in this hand.",
            "You score %(points)s points in this hand.",
            _whole(p["received"]),
        ),
        lambda p, n: {"points": points(p["received"])},
    ),
    "nothing": Sentence(lambda p: _("You score nothing in this hand.")),
}

#: A step about another player that names the learner too, told to them: as the
#: opponent, a payee, or one of those tied with or below the knocker ("you and Ben").
TOLD_TO_YOU: dict[StepCode, Sentence] = {
    StepCode.GIN_SCORE: Sentence(
        lambda p: _(
            "%(name)s scores the gin bonus %(bonus)s + your deadwood %(deadwood)s = %(points)s."
        ),
        lambda p, n: {
            "name": who(p["player"], n),
            "bonus": p["bonus"],
            "deadwood": p["deadwood"],
            "points": points(p["points"]),
        },
    ),
    StepCode.KNOCK_SCORE: Sentence(
        lambda p: _(
            "You have %(theirs)s deadwood, more than %(mine)s: %(name)s scores "
            "%(theirs)s − %(mine)s = %(points)s."
        ),
        lambda p, n: {
            "name": who(p["player"], n),
            "theirs": p["opponent_deadwood"],
            "mine": p["deadwood"],
            "points": points(p["points"]),
        },
    ),
    StepCode.UNDERCUT_SCORE: Sentence(
        lambda p: _(
            "Undercut! %(name)s has %(mine)s deadwood, no more than your %(theirs)s: "
            "%(name)s scores %(difference)s + %(bonus)s = %(points)s, and you score nothing."
        ),
        lambda p, n: {
            "name": who(p["player"], n),
            "mine": p["deadwood"],
            "theirs": p["opponent_deadwood"],
            "difference": p["difference"],
            "bonus": p["bonus"],
            "points": points(p["points"]),
        },
    ),
    StepCode.KNOCKER_TIED: Sentence(
        lambda p: (
            _(
                "You tie the knocker %(name)s for the lowest deadwood (%(deadwood)s) and "
                "collect the difference from every other player."
            )
            if len(p["tied"]) == 1
            # Translators: %(you)s is the learner and the other players tied, one list
            # in your language's form that starts the sentence ("You and Ben", "You,
            # Ben and Marta"): the verb agrees with "you" (plural).
            else _(
                "%(you)s tie the knocker %(name)s for the lowest deadwood (%(deadwood)s) "
                "and share the difference from every other player."
            )
        ),
        lambda p, n: {
            "name": who(p["player"], n),
            "you": _you_and_others(p, n, "tied"),
            "deadwood": p["deadwood"],
        },
    ),
    StepCode.KNOCKER_UNDERCUT: Sentence(
        lambda p: (
            _(
                "You have less deadwood (%(low)s) than the knocker %(name)s (%(deadwood)s) "
                "and collect the difference from every other player."
            )
            if len(p["lowest"]) == 1
            # Translators: %(you)s is the learner and the others with the least deadwood,
            # one list that starts the sentence ("You and Ben", "You, Ben and Marta").
            else _(
                "%(you)s have less deadwood (%(low)s) than the knocker %(name)s "
                "(%(deadwood)s) and share the difference from every other player."
            )
        ),
        lambda p, n: {
            "name": who(p["player"], n),
            "you": _you_and_others(p, n, "lowest"),
            "low": p["lowest_deadwood"],
            "deadwood": p["deadwood"],
        },
    ),
    StepCode.PAYS_DIFFERENCE: Sentence(
        lambda p: (
            _("%(name)s pays you %(deadwood)s − %(low)s = %(points)s.")
            if len(p["payees"]) == 1
            # Translators: %(you)s is the learner and the other payees, one list that
            # starts the second sentence ("You and Ben", "You, Ben and Marta").
            else _(
                "%(name)s pays %(deadwood)s − %(low)s = %(points)s. %(you)s share it: "
                "%(share)s each."
            )
        ),
        lambda p, n: {
            "name": who(p["player"], n),
            "you": _you_and_others(p, n, "payees"),
            "deadwood": p["deadwood"],
            "low": p["lowest_deadwood"],
            "points": points(p["points"]),
            "share": points_noun(p["share"]),
        },
    ),
    StepCode.RUMMY_BONUS: Sentence(
        lambda p: _("%(name)s also pays you the rummy bonus of %(bonus)s."),
        lambda p, n: {"name": who(p["player"], n), "bonus": points_noun(p["bonus"])},
    ),
    StepCode.PENALTY: Sentence(
        lambda p: _(
            "You have less deadwood (%(theirs)s) than the knocker (%(mine)s): %(name)s pays "
            "you a penalty of %(points)s."
        ),
        lambda p, n: {
            "name": who(p["player"], n),
            "theirs": p["opponent_deadwood"],
            "mine": p["deadwood"],
            "points": points_noun(p["points"]),
        },
    ),
    StepCode.LEAST_DEADWOOD_LAYOUT: Sentence(_least_deadwood_told_to_you, _least_deadwood_values),
}

#: A step told under the hand's headline (the board's walkthrough: "You knocked.", "Ona
#: went gin.", "You went out!"), in words that do not say again how the hand ended: the
#: walkthrough opened "You knocked. You knock with 2 deadwood..." (the knock twice), Knock
#: Rummy's "You knocked. ... You knocked with the lowest deadwood", Basic Rummy's "You
#: went rummy! You went out and score 26 points. You went rummy: 26 doubled is 52.". A
#: list without the headline (a lesson, the other table of four-player Gin) keeps
#: :data:`STEPS`.
HEADED_STEPS: dict[StepCode, Sentence] = {
    StepCode.KNOCK: Sentence(
        lambda p: _("%(name)s has %(deadwood)s deadwood, no more than the limit of %(limit)s."),
        lambda p, n: {"name": who(p["player"], n), "deadwood": p["deadwood"], "limit": p["limit"]},
    ),
    StepCode.GIN: Sentence(
        lambda p: _("%(name)s has no deadwood: every card is in a meld."), _name
    ),
    StepCode.KNOCKER_LOWEST: Sentence(
        lambda p: _(
            "%(name)s has the lowest deadwood (%(deadwood)s): every other player pays the "
            "difference."
        ),
        lambda p, n: {"name": who(p["player"], n), "deadwood": p["deadwood"]},
    ),
    StepCode.WENT_OUT: Sentence(
        lambda p: ngettext(
            "%(name)s scores %(points)s point.",
            "%(name)s scores %(points)s points.",
            _whole(p["points"]),
        ),
        lambda p, n: {"name": who(p["player"], n), "points": points(p["points"])},
    ),
    StepCode.WENT_RUMMY: Sentence(
        lambda p: _("Rummy doubles the score: %(points)s × 2 = %(doubled)s."),
        lambda p, n: {"points": points(p["points"]), "doubled": points(p["doubled"])},
    ),
}

#: :data:`HEADED_STEPS` whose ``player`` is the learner, told to them.
YOUR_HEADED_STEPS: dict[StepCode, Sentence] = {
    StepCode.KNOCK: Sentence(
        lambda p: _("You have %(deadwood)s deadwood, no more than the limit of %(limit)s."),
        lambda p, n: {"deadwood": p["deadwood"], "limit": p["limit"]},
    ),
    StepCode.GIN: Sentence(lambda p: _("You have no deadwood: every card is in a meld.")),
    StepCode.KNOCKER_LOWEST: Sentence(
        lambda p: _(
            "You have the lowest deadwood (%(deadwood)s): every other player pays you the "
            "difference."
        ),
        lambda p, n: {"deadwood": p["deadwood"]},
    ),
    StepCode.WENT_OUT: Sentence(
        lambda p: ngettext(
            "You score %(points)s point.", "You score %(points)s points.", _whole(p["points"])
        ),
        lambda p, n: {"points": points(p["points"])},
    ),
    StepCode.WENT_RUMMY: HEADED_STEPS[StepCode.WENT_RUMMY],
}


#: A line of the match's summary whose ``player`` is the learner (a practice table's
#: score sheet), told to them: "You win the match!", "You have 25 points." (the summary
#: said "Alex wins the match!" under a walkthrough that says "You knock...").
YOUR_LINES: dict[LineCode, Sentence] = {
    LineCode.BOXES: Sentence(
        lambda p: ngettext(
            "You have %(count)s box, total %(points)s",
            "You have %(count)s boxes, total %(points)s",
            len(p["boxes"]),
        ),
        lambda p, n: {"count": len(p["boxes"]), "points": points_noun(p["points"])},
    ),
    LineCode.DIFFERENCE: Sentence(
        lambda p: _("You score the difference between the totals: %(points)s."),
        lambda p, n: {"points": points_noun(p["points"])},
    ),
    LineCode.BOX_BONUS: Sentence(
        lambda p: ngettext(
            "Your box bonus: %(count)s box × %(per_box)s = %(points)s.",
            "Your box bonus: %(count)s boxes × %(per_box)s = %(points)s.",
            len(p["boxes"]),
        ),
        lambda p, n: {
            "count": len(p["boxes"]),
            "per_box": p["per_box"],
            "points": points(p["points"]),
        },
    ),
    LineCode.SHUTOUT: Sentence(
        lambda p: _("Your shutout bonus (%(opponent)s won no hand): %(points)s."),
        lambda p, n: {"opponent": who(p["opponent"], n), "points": points_noun(p["points"])},
    ),
    LineCode.GAME_TOTAL: Sentence(
        lambda p: _("Your game total: %(points)s."),
        lambda p, n: {"points": points_noun(p["points"])},
    ),
    LineCode.MARGIN: Sentence(
        lambda p: _("You win the game by %(points)s."),
        lambda p, n: {"points": points_noun(p["points"])},
    ),
    # "You: 25 points." reads as a label, not a sentence told to someone.
    LineCode.SCORE: Sentence(
        lambda p: _("You have %(points)s."), lambda p, n: {"points": points_noun(p["points"])}
    ),
    LineCode.BALANCE: Sentence(
        lambda p: _("You received %(received)s and paid %(paid)s: %(net)s."),
        lambda p, n: {
            "received": points_noun(p["received"]),
            "paid": points_noun(p["paid"]),
            "net": signed(p["net"]),
        },
    ),
    LineCode.WINNER: Sentence(lambda p: _("You win the match!")),
}

#: A line that names the learner besides as its ``player``: the shutout's loser, or among
#: those level at the top.
LINES_TOLD_TO_YOU: dict[LineCode, Sentence] = {
    LineCode.SHUTOUT: Sentence(
        lambda p: _("Shutout bonus for %(name)s (you won no hand): %(points)s."),
        lambda p, n: {"name": who(p["player"], n), "points": points_noun(p["points"])},
    ),
    LineCode.ANOTHER_HAND: Sentence(
        # Translators: %(you)s is the learner and the others level with them, one list
        # that starts the sentence ("You and Ona", "You, Ona and Ben").
        lambda p: _("%(you)s are level at the top: another hand is played."),
        lambda p, n: {"you": _you_and_others(p, n, "players")},
    ),
}


#: A line of four-player Gin's summary whose ``player`` is the learner's partnership,
#: told to them with their partner's name (``partner``): "You and Marta win the match!"
#: (it said "Alex and Marta win the match!"; ru «Вы и Марта выигрываете», never «Вы и
#: Марта выигрывают»).
YOUR_PAIR_LINES: dict[LineCode, Sentence] = {
    LineCode.BOXES: Sentence(
        lambda p: npgettext(
            "partnership",
            "You and %(partner)s have %(count)s box, total %(points)s",
            "You and %(partner)s have %(count)s boxes, total %(points)s",
            len(p["boxes"]),
        ),
        lambda p, n: {
            "partner": p["partner"],
            "count": len(p["boxes"]),
            "points": points_noun(p["points"]),
        },
    ),
    LineCode.DIFFERENCE: Sentence(
        lambda p: pgettext(
            "partnership",
            "You and %(partner)s score the difference between the totals: %(points)s.",
        ),
        lambda p, n: {"partner": p["partner"], "points": points_noun(p["points"])},
    ),
    LineCode.BOX_BONUS: Sentence(
        lambda p: npgettext(
            "partnership",
            "Box bonus for you and %(partner)s: %(count)s box × %(per_box)s = %(points)s.",
            "Box bonus for you and %(partner)s: %(count)s boxes × %(per_box)s = %(points)s.",
            len(p["boxes"]),
        ),
        lambda p, n: {
            "partner": p["partner"],
            "count": len(p["boxes"]),
            "per_box": p["per_box"],
            "points": points(p["points"]),
        },
    ),
    LineCode.SHUTOUT: Sentence(
        lambda p: pgettext(
            "partnership",
            "Shutout bonus for you and %(partner)s (%(opponent)s won no hand): %(points)s.",
        ),
        lambda p, n: {
            "partner": p["partner"],
            "opponent": who(p["opponent"], n),
            "points": points_noun(p["points"]),
        },
    ),
    LineCode.GAME_TOTAL: Sentence(
        lambda p: pgettext("partnership", "Game total for you and %(partner)s: %(points)s."),
        lambda p, n: {"partner": p["partner"], "points": points_noun(p["points"])},
    ),
    LineCode.MARGIN: Sentence(
        lambda p: pgettext("partnership", "You and %(partner)s win the game by %(points)s."),
        lambda p, n: {"partner": p["partner"], "points": points_noun(p["points"])},
    ),
    LineCode.WINNER: Sentence(
        lambda p: pgettext("partnership", "You and %(partner)s win the match!"),
        lambda p, n: {"partner": p["partner"]},
    ),
    LineCode.NETTED: Sentence(
        lambda p: pgettext(
            "partnership",
            "The two tables count together: you and %(partner)s scored %(sum)s, %(opponent)s "
            "%(opponent_sum)s. Only the difference goes on the score sheet: you and "
            "%(partner)s enter one box of %(points)s − %(opponent_points)s = %(difference)s.",
        ),
        lambda p, n: {
            "partner": p["partner"],
            "opponent": who(p["opponent"], n),
            "sum": _sum(p["player_parts"]),
            "opponent_sum": _sum(p["opponent_parts"]),
            "points": points(p["points"]),
            "opponent_points": points(p["opponent_points"]),
            "difference": points(p["box"]),
        },
    ),
    LineCode.NETTED_EVEN: Sentence(
        lambda p: (
            pgettext(
                "partnership",
                "The two tables count together: you and %(partner)s scored %(sum)s, "
                "%(opponent)s %(opponent_sum)s too. Both sides scored the same, so nobody "
                "enters a box for this hand.",
            )
            if p["points"]
            else _("Nobody scored at either table, so nobody enters a box for this hand.")
        ),
        lambda p, n: {
            "partner": p["partner"],
            "opponent": who(p["opponent"], n),
            "sum": _sum(p["player_parts"]),
            "opponent_sum": _sum(p["opponent_parts"]),
        },
    ),
}

#: A line of four-player Gin's summary that names the learner's partnership as the
#: ``opponent``, told to them ("you and Marta won no hand").
PAIR_LINES_TOLD_TO_YOU: dict[LineCode, Sentence] = {
    LineCode.SHUTOUT: Sentence(
        lambda p: pgettext(
            "partnership",
            "Shutout bonus for %(name)s (you and %(partner)s won no hand): %(points)s.",
        ),
        lambda p, n: {
            "name": who(p["player"], n),
            "partner": p["partner"],
            "points": points_noun(p["points"]),
        },
    ),
    LineCode.NETTED: Sentence(
        lambda p: pgettext(
            "partnership",
            "The two tables count together: %(name)s scored %(sum)s, you and %(partner)s "
            "%(opponent_sum)s. Only the difference goes on the score sheet: %(name)s enter "
            "one box of %(points)s − %(opponent_points)s = %(difference)s.",
        ),
        lambda p, n: {
            "name": who(p["player"], n),
            "partner": p["partner"],
            "sum": _sum(p["player_parts"]),
            "opponent_sum": _sum(p["opponent_parts"]),
            "points": points(p["points"]),
            "opponent_points": points(p["opponent_points"]),
            "difference": points(p["box"]),
        },
    ),
    LineCode.NETTED_EVEN: Sentence(
        lambda p: (
            pgettext(
                "partnership",
                "The two tables count together: %(name)s scored %(sum)s, you and "
                "%(partner)s %(opponent_sum)s too. Both sides scored the same, so nobody "
                "enters a box for this hand.",
            )
            if p["points"]
            else _("Nobody scored at either table, so nobody enters a box for this hand.")
        ),
        lambda p, n: {
            "name": who(p["player"], n),
            "partner": p["partner"],
            "sum": _sum(p["player_parts"]),
            "opponent_sum": _sum(p["opponent_parts"]),
        },
    ),
}


#: Where a step may name the learner besides as its ``player``.
_OTHER_PARTS = ("opponent", "payee", "payees", "tied", "lowest")


def _names_you(params: Params, you: int) -> bool:
    """Whether a step names the learner in a part other than its ``player``."""
    for part in _OTHER_PARTS:
        value = params.get(part)
        if value == you or (isinstance(value, list | tuple) and you in value):
            return True
    return False


#: The steps that say what a player scores in Basic Rummy and Gin, and the parameter
#: that holds it: the player's total repeats it (the walk: "Ona went out and scores 70"
#: then "Ona scores 70 in this hand").
_SCORING_STEPS = {
    StepCode.WENT_OUT: "points",
    StepCode.WENT_RUMMY: "doubled",
    StepCode.GIN_SCORE: "points",
    StepCode.KNOCK_SCORE: "points",
    StepCode.UNDERCUT_SCORE: "points",
}


def _gin_shown(steps: Sequence[SettleStep]) -> Sequence[SettleStep]:
    """``steps`` with the ``SHOW`` of the player who went gin marked ``gin``."""
    gin = {step.params["player"] for step in steps if step.code is StepCode.GIN}
    if not gin:
        return steps
    return [
        SettleStep(step.code, {**step.params, "gin": True})
        if step.code is StepCode.SHOW and step.params["player"] in gin
        else step
        for step in steps
    ]


def told_steps(settlement: Settlement) -> list[SettleStep]:
    """The steps of a hand's scoring worth saying, in order: the engine's, less a Basic
    Rummy or Gin total that only repeats what a step before it said of the same player
    (their points, or an undercut knocker's nothing). The others' totals stay ("Ben
    scores nothing in this hand"), as do Knock Rummy's balances, which add up what was
    paid and received. The melds of a player who went gin are shown marked ``gin``:
    their sentence names the melds only, the step before it having said there is no
    deadwood ("You have no deadwood: every card is in a meld. You show 2♣ 3♣ 4♣ · ...",
    not "...; no deadwood." again)."""
    steps: Sequence[SettleStep] = _gin_shown(settlement.steps)
    if settlement.game not in (Game.BASIC, Game.GIN):
        return list(steps)
    said = {
        (step.params["player"], step.params[_SCORING_STEPS[step.code]])
        for step in steps
        if step.code in _SCORING_STEPS
    }
    # An undercut's step says the knocker scores nothing ("..., and Ona scores nothing").
    said |= {(step.params["opponent"], 0) for step in steps if step.code is StepCode.UNDERCUT_SCORE}
    return [
        step
        for step in steps
        if not (
            step.code is StepCode.TOTAL and (step.params["player"], step.params["received"]) in said
        )
    ]


def settlement_step(
    step: SettleStep,
    names: Names,
    *,
    game: Game | None = None,
    you: int | None = None,
    headed: bool = False,
) -> str:
    """One line of a hand's scoring, in the page's language. ``game``: the hand's game
    (its totals are said as points scored in Basic Rummy and Gin, as a balance in Knock
    Rummy). ``you``: the seat of the learner it is told to, whose own lines are in the
    second person ("You knock with 2 deadwood", "Ona pays you 7": :data:`YOUR_STEPS`,
    :data:`TOLD_TO_YOU`); without it, every player is named. ``headed``: told under the
    hand's headline, which said how it ended ("You knocked."): the steps that would say
    it again say the rest only ("You have 2 deadwood, no more than the limit of 10.":
    :data:`HEADED_STEPS`, :data:`YOUR_HEADED_STEPS`)."""
    params = step.params
    mine = you is not None and params.get("player") == you
    if headed and step.code in HEADED_STEPS:
        headed_steps = YOUR_HEADED_STEPS if mine else HEADED_STEPS
        return headed_steps[step.code].render(params, names)
    if step.code is StepCode.TOTAL and game in (Game.BASIC, Game.GIN):
        totals = YOUR_SCORED_TOTAL if mine else SCORED_TOTAL
        sentence = totals["scores" if params["received"] else "nothing"]
    elif mine and step.code in YOUR_STEPS:
        sentence = YOUR_STEPS[step.code]
    elif you is not None and step.code in TOLD_TO_YOU and _names_you(params, you):
        sentence = TOLD_TO_YOU[step.code]
    else:
        return STEPS[step.code].render(params, names)
    return sentence.render({**params, "you": you}, names)


def summary_line(
    line: SummaryLine,
    names: Names,
    *,
    pairs: bool = False,
    you: int | None = None,
    partner: str = "",
) -> str:
    """One line of a match summary (Gin's game end, the winner of a match). With
    ``pairs`` the players are partnerships ("Ona and Marta"), and the sentence agrees
    with a plural subject in every language. ``you``: the learner's seat, whose lines
    are told to them ("You win the match!": :data:`YOUR_LINES`,
    :data:`LINES_TOLD_TO_YOU`); with ``pairs``, the learner's partnership, told to them
    with their ``partner``'s name ("You and Marta win the match!": :data:`YOUR_PAIR_LINES`,
    :data:`PAIR_LINES_TOLD_TO_YOU`); the others keep their names."""
    params = {**line.params, "pair": True} if pairs else line.params
    if you is not None and pairs and partner:
        told = {**params, "partner": partner}
        if params.get("player") == you and line.code in YOUR_PAIR_LINES:
            return YOUR_PAIR_LINES[line.code].render(told, names)
        if params.get("opponent") == you and line.code in PAIR_LINES_TOLD_TO_YOU:
            return PAIR_LINES_TOLD_TO_YOU[line.code].render(told, names)
    if you is not None and not pairs:
        if params.get("player") == you and line.code in YOUR_LINES:
            return YOUR_LINES[line.code].render(params, names)
        others = params.get("opponent"), *params.get("players", ())
        if you in others and line.code in LINES_TOLD_TO_YOU:
            return LINES_TOLD_TO_YOU[line.code].render({**params, "you": you}, names)
    return LINES[line.code].render(params, names)


def match_over(name: str, *, pair: bool = False, yours: bool = False, partner: str = "") -> str:
    """The end of a match, its winner (a player, or a partnership) named; ``yours``: the
    learner won it ("The match is over: you win."), with their ``partner`` when it is a
    partnership's ("The match is over: you and Marta win.")."""
    if pair and yours and partner:
        template = pgettext("partnership", "The match is over: you and %(partner)s win.")
        return one_stop(euphonic_d(template, {"partner": partner}) % {"partner": partner})
    if pair:
        return one_stop(
            pgettext("partnership", "The match is over: %(name)s win.") % {"name": name}
        )
    if yours:
        return _("The match is over: you win.")
    return one_stop(_("The match is over: %(name)s wins.") % {"name": name})


__all__ = [
    "HEADED_STEPS",
    "LINES",
    "LINES_TOLD_TO_YOU",
    "PAIR_LINES_TOLD_TO_YOU",
    "SCORED_TOTAL",
    "STEPS",
    "TOLD_TO_YOU",
    "YOUR_HEADED_STEPS",
    "YOUR_LINES",
    "YOUR_PAIR_LINES",
    "YOUR_SCORED_TOTAL",
    "YOUR_STEPS",
    "match_over",
    "settlement_step",
    "summary_line",
    "told_steps",
]
