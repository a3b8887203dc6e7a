"""The English sentences of the engine's codes, for the command line and for tests.

The engine's data carries codes and parameters, never prose. This module is
the one place where they become English: each settlement step
(:class:`~.scoring.StepCode`), each summary line (:class:`~.score_sheet.LineCode`)
and each coach reason (:class:`~.coach.Why`) has a sentence here, and
:func:`english` picks it. Players are "player 0", "player 1"... The site does
not use this module: it translates the codes in ``game/explain/``.

>>> from game.engine.scoring import SettleStep, StepCode
>>> english(SettleStep(StepCode.GIN, {"player": 1}))
'Player 1 goes gin: every card is in a meld.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .coach import CoachReason, Why
from .score_sheet import LineCode, SummaryLine
from .scoring import SettleStep, StepCode, format_points

__all__ = ["COACH_TEXTS", "LINE_TEXTS", "SETTLE_TEXTS", "english"]


def _players(items: Sequence[int]) -> str:
    names = [f"player {i}" for i in items]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _melds_text(melds: Sequence[Sequence[str]]) -> str:
    return " ".join("[" + " ".join(m) + "]" for m in melds) or "no melds"


def _show_text(p: Mapping[str, Any], verb: str) -> str:
    dead = p["deadwood_cards"]
    dead_text = f"deadwood {' '.join(dead)} = {p['deadwood']}" if dead else "no deadwood"
    return f"Player {p['player']} {verb} {_melds_text(p['melds'])}, {dead_text}."


SETTLE_TEXTS: dict[StepCode, Callable[[Mapping[str, Any]], str]] = {
    StepCode.SHOW: lambda p: _show_text(p, "shows"),
    StepCode.KEEPS: lambda p: _show_text(p, "keeps"),
    StepCode.KNOCK: lambda p: (
        f"Player {p['player']} knocks with {p['deadwood']} deadwood (the limit is {p['limit']})."
    ),
    StepCode.GIN: lambda p: f"Player {p['player']} goes gin: every card is in a meld.",
    StepCode.NO_LAYOFFS: lambda p: f"Player {p['player']} may not lay off after gin.",
    StepCode.LAYOFF: lambda p: (
        f"Player {p['player']} lays off {p['card']} onto {' '.join(p['onto'])}."
    ),
    StepCode.GIN_SCORE: lambda p: (
        f"Player {p['player']} scores the gin bonus {p['bonus']} + player "
        f"{p['opponent']}'s deadwood {p['deadwood']} = {format_points(p['points'])}."
    ),
    StepCode.KNOCK_SCORE: lambda p: (
        f"Player {p['opponent']}'s deadwood {p['opponent_deadwood']} is more than "
        f"{p['deadwood']}: player {p['player']} scores {p['opponent_deadwood']} - "
        f"{p['deadwood']} = {format_points(p['points'])}."
    ),
    StepCode.UNDERCUT_SCORE: lambda p: (
        f"Undercut: player {p['player']}'s deadwood {p['deadwood']} is not more than the "
        f"knocker's {p['opponent_deadwood']}: player {p['player']} scores "
        f"{p['difference']} + {p['bonus']} = {format_points(p['points'])}, "
        f"player {p['opponent']} nothing."
    ),
    StepCode.KNOCKER_LOWEST: lambda p: (
        f"Player {p['player']} knocked and has the lowest deadwood ({p['deadwood']}): "
        "every opponent pays the difference."
    ),
    StepCode.KNOCKER_TIED: lambda p: (
        f"{_players(p['tied']).capitalize()} tie{'s' if len(p['tied']) == 1 else ''} the "
        f"knocker, player {p['player']}, for the lowest deadwood ({p['deadwood']}): "
        f"{'they share' if len(p['tied']) > 1 else 'it collects'} the difference from "
        "every other player."
    ),
    StepCode.NO_RUMMY_BONUS: lambda p: (
        f"Player {p['player']} has no deadwood but is tied: no rummy bonus."
    ),
    StepCode.KNOCKER_UNDERCUT: lambda p: (
        f"{_players(p['lowest']).capitalize()} {'has' if len(p['lowest']) == 1 else 'have'} "
        f"less deadwood ({p['lowest_deadwood']}) than the knocker, player {p['player']} "
        f"({p['deadwood']}): the lowest collect the difference from every other player."
    ),
    StepCode.PAYS_DIFFERENCE: lambda p: (
        f"Player {p['player']} pays {p['deadwood']} - {p['lowest_deadwood']} = "
        f"{format_points(p['points'])} to {_players(p['payees'])}"
        + (f", {format_points(p['share'])} each." if len(p["payees"]) > 1 else ".")
    ),
    StepCode.PAYS_NOTHING: lambda p: f"Player {p['player']} pays nothing: the difference is 0.",
    StepCode.RUMMY_BONUS: lambda p: (
        f"Player {p['player']} also pays the rummy bonus {p['bonus']} to player {p['payee']}."
    ),
    StepCode.PENALTY: lambda p: (
        f"Player {p['player']} (deadwood {p['deadwood']}) pays player {p['payee']} "
        f"(deadwood {p['opponent_deadwood']}) a penalty of {format_points(p['points'])}."
    ),
    StepCode.HAND_VALUE: lambda p: (
        f"Player {p['player']} holds {' '.join(p['cards']) or 'nothing'}: "
        f"{p['points']} points."
        + (f" (aces count {p['ace_points']})" if p["ace_points"] != 1 and p["cards"] else "")
    ),
    StepCode.WENT_OUT: lambda p: (
        f"Player {p['player']} went out and scores {format_points(p['points'])}."
    ),
    StepCode.WENT_RUMMY: lambda p: (
        f"Player {p['player']} went rummy: {p['points']} doubled is {format_points(p['doubled'])}."
    ),
    StepCode.VOID: lambda p: "The hand is void: nobody scores.",
    StepCode.TOTAL: lambda p: (
        f"Player {p['player']} receives {format_points(p['received'])} and pays "
        f"{format_points(p['paid'])}: net {format_points(p['net'])}."
    ),
    StepCode.MISSED_LAYOFFS: lambda p: (
        f"Player {p['player']} could have laid off {' '.join(p['cards'])} and kept "
        f"{p['best_deadwood']} deadwood instead of {p['deadwood']}."
    ),
    StepCode.LEAST_DEADWOOD_LAYOUT: lambda p: (
        f"Laid out as {_melds_text(p['melds'])}, player {p['player']} would keep only "
        f"{p['deadwood']} deadwood, but player {p['opponent']} would lay off "
        f"{' '.join(p['layoffs'])} and keep {p['opponent_deadwood']}: a result of "
        f"{p['points']} instead of {p['shown_points']}."
    ),
    StepCode.BETTER_LAYOUT: lambda p: (
        f"Laid out as {_melds_text(p['melds'])}, player {p['player']}'s hand would have "
        f"scored {p['best_points']} instead of {p['points']} against the best layoffs."
    ),
}


LINE_TEXTS: dict[LineCode, Callable[[Mapping[str, Any]], str]] = {
    LineCode.BOXES: lambda p: (
        f"Player {p['player']}: {len(p['boxes'])} box(es) "
        f"({', '.join(format_points(b) for b in p['boxes']) or '-'}) = "
        f"{format_points(p['points'])}"
    ),
    LineCode.DIFFERENCE: lambda p: (
        f"Player {p['player']} scores the difference over player {p['opponent']}: "
        f"{format_points(p['points'])}"
    ),
    LineCode.BOX_BONUS: lambda p: (
        f"Box bonus, player {p['player']}: {len(p['boxes'])} x {p['per_box']} = "
        f"{format_points(p['points'])}"
    ),
    LineCode.SHUTOUT: lambda p: (
        f"Shutout bonus, player {p['player']} (player {p['opponent']} won no box): "
        f"{format_points(p['points'])}"
    ),
    LineCode.GAME_TOTAL: lambda p: (
        f"Game total, player {p['player']}: {format_points(p['points'])}"
    ),
    LineCode.MARGIN: lambda p: (
        f"Player {p['player']} wins the game against player {p['opponent']} by "
        f"{format_points(p['points'])}"
    ),
    LineCode.SCORE: lambda p: f"Player {p['player']}: {format_points(p['points'])}",
    LineCode.BALANCE: lambda p: (
        f"Player {p['player']}: received {format_points(p['received'])}, paid "
        f"{format_points(p['paid'])}, net {format_points(p['net'])}"
    ),
    LineCode.WINNER: lambda p: f"Player {p['player']} wins the match.",
    LineCode.ANOTHER_HAND: lambda p: (
        f"Equal highest totals ({', '.join(f'player {q}' for q in p['players'])}): "
        "another hand is played."
    ),
    LineCode.IN_PROGRESS: lambda p: f"After {p['hands']} hand(s), the match goes on.",
    LineCode.NETTED: lambda p: (
        f"Both tables: side {p['player']} scored {format_points(p['points'])}, side "
        f"{p['opponent']} {format_points(p['opponent_points'])}; side {p['player']} enters "
        f"one box of {format_points(p['box'])}."
    ),
    LineCode.NETTED_EVEN: lambda p: (
        f"Both tables: each side scored {format_points(p['points'])}; no box is entered."
    ),
}


COACH_TEXTS: dict[Why, str] = {
    Why.DEADWOOD: "Deadwood goes from {before} to {after}.",
    Why.MELD_MADE: "Makes the meld {cards}.",
    Why.MELD_BROKEN: "Discarding {card} breaks the meld {cards}.",
    Why.KEEPS_FOR: "Keeps {cards} for a meld: {needs} would complete it.",
    Why.DISCARD_HIGH: "Gets rid of {card}, an unmatched card worth {points}.",
    Why.FEEDS_NEXT: "Risky: player {player} took {took} and may want {card}.",
    Why.FITS_TABLE: "Risky: {card} fits the meld {cards}, a free layoff for the next player.",
    Why.TAKE_FOR_MELD: "Take {card}: it makes the meld {cards}.",
    Why.TAKE_FOR_LAYOFF: "Take {card}: it can be laid off on the meld {cards}.",
    Why.TAKE_LOWERS: "Take {card}: deadwood goes from {before} to {after}.",
    Why.TOP_NOT_USEFUL: "{card} does not help your hand enough.",
    Why.TAKE_TO_KNOCK: "Take {card}: then you can knock at once, with {deadwood} deadwood.",
    Why.DRAW_STOCK: "Draw from the stock: the card is unknown, and nobody learns what you need.",
    Why.KNOCK_NOW: "Knock now with {deadwood} deadwood.",
    Why.GIN: "Gin: every card is in a meld (bonus {bonus}).",
    Why.KNOCK_RUMMY: "Rummy: knock with every card in a meld (bonus {bonus} from each player).",
    Why.KNOCK_WAIT: "Wait: {deadwood} deadwood is too much; opponents hold about {expected}.",
    Why.KNOCK_PAYS: "{deadwood} deadwood is low against the {expected} opponents probably hold.",
    Why.CANNOT_KNOCK_YET: "Deadwood {deadwood} is over the knock limit {limit}.",
    Why.GOES_OUT: "You go out and end the hand.",
    Why.GOES_RUMMY: "You go rummy: all your cards in one turn, the score is doubled.",
    Why.LAY_DOWN: "Put {cards} on the table: they no longer count against you.",
    Why.LAY_OFF: "Lay {card} off onto {cards}: it no longer counts against you.",
    Why.SHOW_MELD: "Show {cards}: it is a meld of your best arrangement.",
    Why.SHOW_COSTS: "Showing {cards} leaves at least {deadwood} deadwood; the best is {best}.",
    Why.SHOWN_ALL: "Every meld is shown: your {deadwood} points left are deadwood.",
    Why.MELDS_LEFT: "Melds are still in your hand: done now leaves {deadwood}, not {best}.",
    Why.LAYOFF_ONTO: "Lay {card} off onto {cards}: deadwood comes down to {after}.",
    Why.NO_MORE_LAYOFFS: "Nothing more fits the knocker's melds: you keep {deadwood}.",
    Why.LAYOFFS_LEFT: "Cards still fit the knocker's melds: {deadwood} could be {best}.",
}


def english(item: SettleStep | SummaryLine | CoachReason) -> str:
    """The English sentence of a settlement step, a summary line or a coach reason."""
    if isinstance(item, SettleStep):
        return SETTLE_TEXTS[item.code](item.params)
    if isinstance(item, SummaryLine):
        return LINE_TEXTS[item.code](item.params)
    params = {k: (" ".join(v) if isinstance(v, list) else v) for k, v in item.params.items()}
    return COACH_TEXTS[item.code].format(**params)
