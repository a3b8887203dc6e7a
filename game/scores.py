"""The match's score sheet, as every table with a match shows it (a practice table, a
table for people): a row per player (or per partnership in four-player Gin) with Gin's
boxes, or the totals toward the target and Knock Rummy's balances, the lines of the
match's summary, and the sentence that names the match's winner.

Built from the engine's match (:data:`game.engine.Match`) and the table seats' names
only: scores are public, and nothing here reads a card."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from game import explain
from game.engine import GinGame, GinPartnershipGame, GinThreeGame, KnockMatch, LineCode, Match
from game.names import learner_you


@dataclass(frozen=True)
class ScoreSheet:
    """The match so far: a row per player (or partnership) and the summary's lines."""

    title: str
    rows: list[dict[str, Any]]
    lines: list[str]
    #: Gin: a column of boxes. Knock Rummy: a column of balances.
    boxes: bool = False
    balances: bool = False


def partners(names: Sequence[str], side: int) -> str:
    """Four-player Gin: partnership ``side`` (0 or 1) by its players' names, "Ona and
    Marta" (a side is the table seats ``side`` and ``side + 2``; Italian «Marta ed
    Elena»: :func:`game.explain.listed`)."""
    return explain.listed([names[side], names[side + 2]])


def _your_side(names: Sequence[str], you: int | None) -> tuple[int | None, str]:
    """Four-player Gin: the learner's partnership (0 or 1) and their partner's name, from
    the learner's table seat ``you`` (``None`` and "" for nobody's)."""
    if you is None or not 0 <= you < len(names):
        return None, ""
    return you % 2, names[(you + 2) % 4]


def labels(names: Sequence[str], *, you: int | None = None, pairs: bool = False) -> list[str]:
    """The players (or, with ``pairs``, four-player Gin's two partnerships) as the score
    sheet's rows and the seats' scores name them to the learner at table seat ``you``:
    their own "You" (:func:`game.names.learner_you`, as their seat and the players to
    score say it when they gave no name), their partnership "You and Marta"
    (:func:`game.explain.you_and`), as the walkthrough and the summary tell them their
    lines ("You knock...", "You and Marta win the match!"), never their own name among
    the others' (the Lithuanian walk read "Aleksas ir Marta" over "Jūs ir Marta
    laimite"). The others by name; with ``you`` ``None`` (the teacher, the projector)
    every one by name."""
    if pairs:
        side, partner = _your_side(names, you)
        return [explain.you_and([partner]) if s == side else partners(names, s) for s in (0, 1)]
    return [learner_you() if you is not None and i == you else name for i, name in enumerate(names)]


def score_sheet(match: Match, names: Sequence[str], *, you: int | None = None) -> ScoreSheet:
    """Gin's boxes (per player, or per partnership), or totals against the target (and
    Knock Rummy's balances), with the lines of the match's summary. ``names``: each
    table seat's name; ``you``: the learner's table seat, whose row is theirs ("You",
    "You and Marta": :func:`labels`) and whose summary lines are told to them ("You win
    the match!"; their partnership's with their partner's name: "You and Marta win the
    match!"). Drawn for each viewer, never kept: one player's sheet is not another's."""
    if isinstance(match, GinGame | GinThreeGame | GinPartnershipGame):
        pairs = isinstance(match, GinPartnershipGame)
        columns = [partners(names, 0), partners(names, 1)] if pairs else list(names)
        rows_named = labels(names, you=you, pairs=pairs)
        boxes, totals = match.boxes, match.totals
        rows = [
            {
                "name": rows_named[p],
                "boxes": [explain.points(b) for b in boxes[p]],
                "total": explain.points(totals[p]),
            }
            for p in sorted(boxes)
        ]
        if isinstance(match, GinThreeGame):
            summaries = match.summaries()
        else:
            summary = match.summary()
            summaries = [summary] if summary is not None else []
        side, partner = _your_side(names, you) if pairs else (you, "")
        lines = [
            explain.summary_line(line, columns, pairs=pairs, you=side, partner=partner)
            for summary in summaries
            for line in summary.lines
        ]
        return ScoreSheet(_("Score sheet"), rows, lines, boxes=True)
    named = labels(names, you=you)
    if isinstance(match, KnockMatch):
        rows = [
            {"name": named[p], "total": explain.points(score), "net": explain.signed(net)}
            for p, (score, net) in enumerate(zip(match.scores, match.net, strict=True))
        ]
    else:
        rows = [
            {"name": named[p], "total": explain.points(total)}
            for p, total in enumerate(match.totals)
        ]
    lines = [
        explain.summary_line(line, names, you=you)
        for line in match.summary()
        if line.code in (LineCode.WINNER, LineCode.ANOTHER_HAND)
    ]
    return ScoreSheet(_("Scores"), rows, lines, balances=isinstance(match, KnockMatch))


def netting(match: Match, names: Sequence[str], *, you: int | None = None) -> str:
    """Four-player Gin: how the last deal's two tables make one box (rules.md: "each side
    adds its points from both tables, and the side with more enters the difference as
    one box"); empty for any other match, or before a deal is over. ``names``: each
    table seat's name; ``you``: the learner's table seat, their partnership told to them
    ("you and Marta scored 30")."""
    if not isinstance(match, GinPartnershipGame) or not match.deals:
        return ""
    sides = [partners(names, 0), partners(names, 1)]
    side, partner = _your_side(names, you)
    return explain.summary_line(match.netted(), sides, pairs=True, you=side, partner=partner)


def match_over(match: Match, names: Sequence[str], *, you: int | None = None) -> str | None:
    """The end of the match, its winner named (a player or a partnership): "The match
    is over: Ona wins." (``None`` while it goes on); "The match is over: you win." when
    the winner is ``you``, the learner's table seat ("...: you and Marta win." when it is
    their partnership). ``names``: each table seat's name."""
    winner = match.winner
    if winner is None:
        return None
    if isinstance(match, GinPartnershipGame):
        side, partner = _your_side(names, you)
        return explain.match_over(
            partners(names, winner), pair=True, yours=winner == side, partner=partner
        )
    return explain.match_over(names[winner], yours=winner == you)


__all__ = ["ScoreSheet", "labels", "match_over", "netting", "partners", "score_sheet"]
