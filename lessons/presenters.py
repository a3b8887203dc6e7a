"""What the lesson pages show: each check's question and, once answered, its explanation."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from game import explain
from game.engine import Arrangement, Game, Meld, MeldKind

from .checks import (
    BadAnswer,
    Check,
    DeadwoodCheck,
    KnockCheck,
    LayoffCheck,
    MeldCheck,
    Outcome,
    ScoreCheck,
)


def bad_answer_message(error: BadAnswer) -> str:
    return {
        "empty": _("Type your answer first."),
        "not_a_number": _("Type a number, like 14."),
        "unknown_card": _("Pick cards from the ones shown."),
        "pick_cards": _("Pick the cards of a meld, or answer that there is none."),
        "yes_or_no": _("Answer yes or no."),
        "pick_player": _("Pick a player."),
        "pick_meld": _("Tick a meld, or answer that the card fits nowhere."),
    }.get(error.code, _("That answer could not be read. Try again."))


def player_names(count: int) -> list[str]:
    """Players of a score question are letters, as in the rule books' examples: the
    explanations then read "B pays A 7" in every language, with no name to decline."""
    return [chr(ord("A") + n) for n in range(count)]


def _meld_label(meld: Meld) -> str:
    return _("group") if meld.kind is MeldKind.GROUP else _("run")


def _arrangement(arrangement: Arrangement) -> dict[str, Any]:
    return {
        "melds": [list(m.cards) for m in arrangement.melds],
        "deadwood_cards": list(arrangement.deadwood_cards),
        "deadwood": arrangement.deadwood,
    }


def question(check: Check, seed: int) -> dict[str, Any]:
    """The question of a check (cards dealt from ``seed`` for a random one)."""
    data: dict[str, Any] = {"kind": check.kind, "random": check.random}
    if isinstance(check, MeldCheck):
        data["text"] = _("Is there a meld among these cards? Pick its cards, or say there is none.")
        data["cards"] = check.question(seed)
    elif isinstance(check, DeadwoodCheck):
        data["text"] = _(
            "Count the deadwood: what are the cards left outside the best melds worth?"
        )
        data["cards"] = check.question(seed)
        if check.ace_high:
            data["note"] = _("With the ace-high option: every ace is worth 15.")
    elif isinstance(check, KnockCheck):
        data["text"] = _(
            "Gin Rummy: can this hand knock? These are the 10 cards after the discard."
        )
        data["cards"] = check.question(seed)
    elif isinstance(check, ScoreCheck):
        names = player_names(len(check.hands))
        data["text"] = _("Who scores, and how much?")
        role = _("went out") if check.game is Game.BASIC else _("knocked")
        data["players"] = [
            {
                "index": i,
                "name": _("Player %(letter)s") % {"letter": names[i]},
                "cards": list(hand),
                "role": role if i == check.player else "",
            }
            for i, hand in enumerate(check.hands)
        ]
        data["game"] = check.game
    elif isinstance(check, LayoffCheck):
        data["text"] = _("Where can this card be laid off?")
        data["card"] = check.card
        data["melds"] = [{"index": i, "cards": list(m.cards)} for i, m in enumerate(check.melds)]
    return data


def explanation(check: Check, outcome: Outcome) -> dict[str, Any]:
    """Why the right answer is right, as sentences and cards."""
    d = outcome.details
    lines: list[str] = []
    shown: dict[str, Any] = {}
    if isinstance(check, MeldCheck):
        melds = d["melds"]
        if d.get("none"):
            if melds:
                lines.append(
                    _("There is one: %(cards)s is a %(kind)s.")
                    % {"cards": explain.cards_short(melds[0].cards), "kind": _meld_label(melds[0])}
                )
            else:
                lines.append(_("Right: no three or four of these cards make a group or a run."))
        elif outcome.correct:
            meld = d["meld"]
            lines.append(
                _("Yes: %(cards)s is a %(kind)s.")
                % {"cards": explain.cards_short(meld.cards), "kind": _meld_label(meld)}
            )
        else:
            lines.append(explain.meld_failure(d["failure"], d.get("params", {})))
            if melds:
                lines.append(
                    _("There is one: %(cards)s is a %(kind)s.")
                    % {"cards": explain.cards_short(melds[0].cards), "kind": _meld_label(melds[0])}
                )
            else:
                lines.append(_("In fact there is no meld among these cards."))
    elif isinstance(check, DeadwoodCheck):
        arrangement = d["arrangement"]
        shown = _arrangement(arrangement)
        lines.append(
            ngettext(
                "The best arrangement leaves %(count)s point of deadwood.",
                "The best arrangement leaves %(count)s points of deadwood.",
                arrangement.deadwood,
            )
            % {"count": arrangement.deadwood}
        )
        if not outcome.correct:
            lines.append(_("You said %(given)s.") % {"given": d["given"]})
    elif isinstance(check, KnockCheck):
        arrangement = d["arrangement"]
        shown = _arrangement(arrangement)
        if d["can"]:
            lines.append(
                _("Yes: the deadwood is %(deadwood)s, which is %(limit)s or less.")
                % {"deadwood": arrangement.deadwood, "limit": d["limit"]}
            )
        else:
            lines.append(
                _("No: the deadwood is %(deadwood)s, more than %(limit)s.")
                % {"deadwood": arrangement.deadwood, "limit": d["limit"]}
            )
    elif isinstance(check, ScoreCheck):
        names = player_names(len(check.hands))
        collectors = d["collectors"]
        if collectors:
            lines.append(
                _("%(names)s: %(points)s.")
                % {
                    "names": explain.people(collectors, names),
                    "points": explain.points(d["points"]),
                }
            )
        shown = {"steps": [explain.settlement_step(s, names) for s in d["settlement"].steps]}
    elif isinstance(check, LayoffCheck):
        for i, meld in enumerate(check.melds):
            extended = d["extended"].get(i)
            if extended is not None:
                lines.append(
                    _("It fits %(meld)s: %(extended)s.")
                    % {
                        "meld": explain.cards_short(meld.cards),
                        "extended": explain.cards_short(extended.cards),
                    }
                )
            else:
                lines.append(
                    _("It does not fit %(meld)s.") % {"meld": explain.cards_short(meld.cards)}
                )
    return {"lines": lines, **shown}
