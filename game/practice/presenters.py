"""What the practice pages show, computed once so that templates only display.

The board itself (seats, piles, cards, log, scoring walkthrough) is the shared
:func:`game.board.board_context`; this module adds what a practice table has
beyond it: scores toward the target, the score sheet, the other table of a
four-player Gin round, the coach's hint, the confirmation of a move that ends
the hand, and the move-by-move review of a finished hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from game import explain
from game import scores as match_scores
from game.board import (
    BoardDisplay,
    ScoreStep,
    advice_context,
    board_context,
    scoring_pending,
    table_melds,
    told_apart,
    yours,
)
from game.cards import card_short, with_articles
from game.confirm import confirm_context, under_question
from game.engine import (
    CAUTIONS,
    Advice,
    AnyMove,
    CoachReason,
    Game,
    GinPartnershipGame,
    Knock,
    MoveKind,
    deadwood_after,
)
from game.moveforms import page_anchor
from game.names import learner_you
from game.scores import ScoreSheet
from learners.names import euphonic_d, one_stop
from rummy_site.reversing import cached_reverses

from .models import Table
from .services import (
    HUMAN,
    CorruptTable,
    ReviewStep,
    TableState,
    board_names,
    computers_policy,
    seat_names,
    table_state,
)

#: The views of a table's forms and links, in the order table_context() names them.
_TABLE_VIEWS = (
    "practice:move",
    "practice:table",
    "practice:hint",
    "practice:computer",
    "practice:next",
)


@dataclass(frozen=True)
class TableSummary:
    """A line of the learner's list of tables."""

    table: Table
    game: str
    players: int
    hands: int
    opponents: str
    #: The end of the match, its winner named ("The match is over: Ona wins."), or "".
    over: str = ""


def table_summaries(tables: Sequence[Table]) -> list[TableSummary]:
    return [
        TableSummary(
            table=t,
            game=explain.game_name(t.game),
            players=len(t.seats),
            hands=len(t.rounds),
            opponents=", ".join(seat_names(t)[1:]),
            over=_table_over(t),
        )
        for t in tables
    ]


def _table_over(table: Table) -> str:
    """A finished match said so in the list of tables, with its winner (the Russian
    newcomer's walk: a table whose match was over read "hand 17", as if it went on)."""
    try:
        state = table_state(table=table)
    except CorruptTable:
        return ""
    return _match_over(state) or ""


def score_sheet(state: TableState) -> ScoreSheet:
    """The practice table's score sheet (:func:`game.scores.score_sheet`), the learner's
    own summary lines told to them ("You win the match!")."""
    return match_scores.score_sheet(state.match, seat_names(state.table), you=HUMAN)


def _other_table(state: TableState) -> dict[str, Any] | None:
    """Four-player Gin: the partnership's other table, shown once both hands are over."""
    other, board = state.other, state.other_board
    if other is None or board is None:
        return None
    names = board_names(state.table, board)
    result = other.result
    if result is None or not state.hand.is_over:
        return {"names": names, "over": False, "steps": []}
    return {
        "names": names,
        "over": True,
        "steps": [
            explain.settlement_step(step, names, game=result.settlement.game)
            for step in explain.told_steps(result.settlement)
        ],
    }


def _netting(state: TableState) -> list[ScoreStep]:
    """Four-player Gin, once both tables' hands are over: the walkthrough's last step,
    how their results make one box (:func:`game.scores.netting`)."""
    match = state.match
    if (
        not isinstance(match, GinPartnershipGame)
        or not state.hand.is_over
        or len(match.deals) != state.round_number
    ):
        return []
    return [ScoreStep(match_scores.netting(match, seat_names(state.table), you=HUMAN))]


def _confirm(
    move: AnyMove | None, *, lay_out: bool = False, state: TableState | None = None
) -> dict[str, Any] | None:
    """The question before a move that ends the hand (:func:`game.confirm.confirm_context`),
    what a knock is made with at ``state``."""
    return confirm_context(move, lay_out=lay_out, view=state.view if state else None)


def _match_over(state: TableState) -> str | None:
    """The end of the match, its winner named (a player or a partnership)."""
    if not state.hand.is_over:
        return None
    return match_scores.match_over(state.match, seat_names(state.table), you=HUMAN)


def table_context(
    state: TableState,
    display: BoardDisplay,
    *,
    error: str = "",
    refused: str = "",
    notice: str = "",
    advice: Advice | None = None,
    confirm: AnyMove | None = None,
    skipped: bool = False,
) -> dict[str, Any]:
    """A practice table: the shared board plus scores, the match, hints and the coach.
    ``skipped``: drawn after "Skip to my turn" (every computer player's move until the
    learner's turn at once), whose turns the live region says together."""
    table = state.table
    # While the learner scores a finished hand themselves, the scores stand as they
    # were before it (the new ones would give the answer away), and the sheet waits.
    pending = scoring_pending(state, display)
    seat_scores = state.scores_before_hand if pending else state.scores
    scores = [explain.points(seat_scores[seat]) for seat in state.board.seats]
    context = board_context(
        state,
        display,
        scores=scores,
        error=error,
        refused=refused,
        last_steps=_netting(state),
        nameless=state.nameless,
        hand_number=state.round_number,
    )
    if isinstance(state.match, GinPartnershipGame):
        # Both partners' seats show their side's score: say whose it is, the learner's
        # own as the score sheet says it ("You and Ben: score 4").
        sides = match_scores.labels(seat_names(table), you=HUMAN, pairs=True)
        context["seats"] = [
            replace(seat, side=sides[state.board.seats[i] % 2])
            for i, seat in enumerate(context["seats"])
        ]
    # The table's forms and links, reversed once per table and language.
    move_url, page_url, hint_url, bots_url, next_url = cached_reverses(
        _TABLE_VIEWS, table.public_id
    )
    context.update(
        {
            "move_url": move_url,
            "page_url": page_url,
            "hint_url": hint_url,
            "bots_url": bots_url,
            "next_url": next_url,
            "table": table,
            "version": state.version,
            "game_label": explain.game_name(table.game),
            "deal_number": state.round_number,
            "other_table": _other_table(state),
            "target": state.rules.target_score,
            "match_over": _match_over(state),
            # Shown under a finished hand only.
            "sheet": score_sheet(state) if state.hand.is_over and not pending else None,
            "hints_used": state.hints_used,
            "advice": advice_context(advice, state.names),
            "confirm": _confirm(
                confirm,
                lay_out=state.hand.rules.lays_out_by_hand(state.rules.options),
                state=state,
            ),
            "notice": notice,
            "nudge": _knock_nudge(state) if not confirm else "",
            # Made here rather than by {% blocktranslate %}: drawn on every move.
            "status_line": _status_line(state),
            "computers_line": _computers_line(state),
            "since_said": _since_said(state, short=True),
            "since_told": _since_said(state),
            "playing_line": _("%(name)s is playing…") % {"name": context["turn_name"]},
        }
    )
    context.update(under_question(context["confirm"]))
    # Three-player Gin, the learner sitting out: the two who play, named in a sentence
    # that joins them (Italian «Guarda giocare Marta ed Elena»: euphonic_d).
    context["sit_out_line"] = _sit_out_line(context["watching"]) if state.sitting_out else ""
    # The status line's last part, and what #announce says after an htmx swap.
    context["latest"] = latest_line(
        context["log"], context["you_first"], context["turn_name"], context["since_said"]
    )
    # Without JavaScript the page opens at the status line (#table-status), read first:
    # the card just drawn is said there too (the Russian screen-reader walk).
    if drawn := _drawn_line(context):
        context["latest"] = f"{context['latest']} {drawn}"
    context["announce"] = announcement(context, skipped=skipped)
    # Where the page's address opens it without JavaScript (the language buttons' next):
    # at the status line, as a move's redirect opened it, or at its top.
    context["page_anchor"] = page_anchor(takes_focus=takes_focus(context))
    return context


def takes_focus(context: Mapping[str, Any]) -> bool:
    """Whether a practice table's page puts the focus somewhere itself (autofocus, which
    a page opened at a fragment skips), and so opens at its top, not at its status
    (:func:`game.moveforms.page_anchor`), as its forms' redirects open it: a reason said
    (a refused move, a page the table had moved on from), the coach's hint, a move's
    question ("Are you sure?"), a finished hand to score ("Score it yourself") or its
    score just answered, the walkthrough's next step. ``context``:
    :func:`table_context`'s."""
    return bool(
        context["error"]
        or context["advice"]
        or context["confirm"]
        or context["scoring_pending"]
        or context["score_yourself"]
        or context["walkthrough"]
    )


def _sit_out_line(watching: Sequence[str]) -> str:
    """ "You sit out this hand. Watch Ona and Ben play: ...", the two players by name."""
    template = _(
        "You sit out this hand. Watch %(first)s and %(second)s play: the winner plays the "
        "next hand against you."
    )
    values = {"first": watching[0], "second": watching[1]}
    return euphonic_d(template, values) % values


def latest_line(log: Sequence[str], you_first: bool, turn_name: str, said: str = "") -> str:
    """What happened last at a table (as game/_latest.jinja's macro of the same name, which
    the log ends with): ``said`` if given (the status line's turns since the learner's
    last move, :func:`_since_said`), else the log's latest line; before the first move,
    who plays first ("The cards are dealt. You play first.")."""
    if said:
        return said
    if log:
        return log[-1]
    if you_first:
        return one_stop(_("The cards are dealt. You play first."))
    return one_stop(_("The cards are dealt. %(name)s plays first.") % {"name": turn_name})


def announcement(context: Mapping[str, Any], *, skipped: bool = False) -> str:
    """What a practice table's #announce says after an htmx swap (the board prints it
    through |spoken; a page drawn whole says nothing there, read from the top). Nothing
    under a move's question ("Are you sure?": not the last move again over it); else a
    refusal; a step of the scoring walkthrough (the step just shown, or after "Show all"
    the hand's headline, how it ended); the coach's hint (its suggestion and reasons,
    the focus staying on Hint); else what the
    swap added to the status line: after "Skip to my turn" (``skipped``) every turn it
    played, as the status line tells them (a layoff with its meld, which the status
    line leaves to the log: :func:`_since_said`), otherwise the learner's own move or a
    computer player's one move (the log's latest line), and after "Next hand" who plays
    first. ``context``: :func:`table_context`'s, less this."""
    if context["confirm"]:
        return ""
    if context["error"]:
        return str(context["error"])
    steps = context["shown_steps"]
    if context["walkthrough"] and steps:
        step: str = context["result"].headline if context["all_steps"] else steps[-1].text
        return step
    if context["advice"]:
        return str(context["advice"]["said"])
    said = context["since_told"] if skipped else ""
    line = latest_line(context["log"], context["you_first"], context["turn_name"], said)
    return " ".join(part for part in (line, *_what_the_eye_sees(context)) if part)


def _what_the_eye_sees(context: Mapping[str, Any]) -> list[str]:
    """What the table shows after a move and the log's line does not say, for
    #announce (the Russian screen-reader walk): the card the learner just drew from the
    stock (the log says "You drew from the stock.", for everyone; the eye sees the card
    marked "just drawn" in the hand), "Your turn." when a computer player's move gave
    the turn back, and how the hand ended when it did (the focus goes to "Score it
    yourself": "Ona went out." was only the heading over it)."""
    view = context.get("view")
    if view is None:
        return []
    events = view.log
    parts = [drawn] if (drawn := _drawn_line(context)) else []
    result = context["result"]
    if result is not None:
        parts.append(result.headline)
    elif context.get("my_turn") and events and events[-1].player != view.turn:
        parts.append(_("Your turn."))
    return parts


def _drawn_line(context: Mapping[str, Any]) -> str:
    """ "The card you drew: 7♥." while the learner's latest move is their draw from the
    stock (only they see the card; the log says "You drew from the stock.")."""
    view = context.get("view")
    if view is None or view.drawn is None or not view.log:
        return ""
    if view.log[-1].kind is not MoveKind.DRAW_STOCK:
        return ""
    # Italian gives the card its article («La carta pescata è il 7♥.», «…la Q♥.»).
    return with_articles(_("The card you drew: %(card)s.") % {"card": card_short(view.drawn)})


def _status_line(state: TableState) -> str:
    """ "Hand 3 · first to 100 points wins · 2 hints used"."""
    parts = [
        _("Hand %(number)s") % {"number": state.round_number},
        # The target with its noun (the Russian newcomer's walk: «…наберёт 60»).
        ngettext(
            "first to %(target)s point wins",
            "first to %(target)s points wins",
            state.rules.target_score,
        )
        % {"target": state.rules.target_score},
    ]
    if state.hints_used:
        parts.append(
            ngettext("%(hints)s hint used", "%(hints)s hints used", state.hints_used)
            % {"hints": state.hints_used}
        )
    return " · ".join(parts)


def _since_said(state: TableState, *, short: bool = False) -> str:
    """What happened since the learner's last move, for the status line over the hand
    (:func:`game.explain.since_your_move`): the computer players' turns since, one
    sentence each ("Ona drew from the stock and discarded 7♥. Ben took..."), or the
    learner's own move when it is the latest; empty before the first move. A layoff
    names the meld it went onto ("Ben laid off 10♠ onto J♠ Q♠ K♠"), as #announce says it
    after "Skip to my turn", except on the status line (``short``: on a phone the
    longer sentences put the hand's first row below the first screen; the log names
    it)."""
    view = state.view
    return " ".join(
        explain.since_your_move(
            view.log,
            told_apart(state.names, state.me),
            human=state.me,
            players=view.players,
            end=view.result.end if view.result else None,
            table=view.table,
            short=short,
        )
    )


def _computers_line(state: TableState) -> str:
    return computers_line(state.rules.game, computers_policy(state.table))


def computers_line(game: Game, policy: str) -> str:
    """Knock Rummy: how the computer players knock (``policy``), as the learner chose when
    starting the table (so that they know why the computers wait, or why they do not);
    a table for people with computer players says it too."""
    if game is not Game.KNOCK:
        return ""
    if policy == "patient":
        return _(
            "The computer players give you time to play: they do not knock before everyone "
            "has had two turns."
        )
    return _("The computer players play to win: they knock as soon as a knock pays.")


def _knock_nudge(state: TableState) -> str:
    """Gin: the coach's word when the learner may knock (or go gin) with a discard now,
    without being asked (the pedagogy review: a beginner does not see it)."""
    if not state.my_turn or state.view.knock_limit is None or state.rules.game is not Game.GIN:
        return ""
    view = state.view
    knocks = [m for m in view.legal_moves if isinstance(m, Knock)]
    if not knocks:
        return ""
    least = min((deadwood_after(view, m) for m in knocks), key=lambda d: 99 if d is None else d)
    if least == 0:
        return _("You can go gin now: discard the right card and knock with no deadwood.")
    return _(
        "You can knock now: with the right discard your deadwood is %(points)s, "
        "%(limit)s or less. Or play on for a better hand."
    ) % {"points": least, "limit": view.knock_limit}


@dataclass
class Verdict:
    """The coach on a move of a reviewed hand: a sentence, the reasons for the move
    played (``played``) and those that speak against it (``against``:
    :data:`game.engine.CAUTIONS`), the move played (``mine``), and the coach's own
    choice with its reasons when it preferred another (``preferred``: its ``move`` and
    ``steps``, and the move played, ``mine``)."""

    text: str = ""
    played: list[str] = field(default_factory=list)
    against: list[str] = field(default_factory=list)
    mine: str = ""
    preferred: dict[str, Any] | None = None


def _verdict(
    review: ReviewStep, names: Sequence[str], *, player: str = "", to_class: bool = False
) -> Verdict:
    """The coach's view of the learner's move at this step of the review."""
    return move_verdict(review.advice, review.move, names, player=player, to_class=to_class)


def move_verdict(
    advice: Advice | None,
    move: AnyMove | None,
    names: Sequence[str],
    *,
    player: str = "",
    to_class: bool = False,
) -> Verdict:
    """The coach's view of ``move``, ranked in ``advice`` (none: not the learner's).
    ``player``: the learner's name, when the move is told to others (a pupil's hand on
    the projector: "Ona played: …", not "You played: …"); ``to_class``: its reasons said
    to the whole class watching (the projector: Italian «Prendete il 7♦: …», not a single
    learner's «Prendi il 7♦: …», :data:`game.explain.CLASS_REASONS`), and the moves it
    quotes named as a move is on the projector (Italian «Pescare dal tallone», not the
    learner's button «Pesca dal tallone» above «Pescate dal tallone: …»,
    :data:`game.explain.CLASS_SUGGESTIONS`)."""
    verdict = Verdict()
    if advice is None or move is None:
        return verdict

    def reason(r: CoachReason) -> str:
        return explain.coach_reason(r, names, to_class=to_class)

    def named(m: AnyMove) -> str:
        return explain.move_phrase(m, to_class=to_class)

    ranked = {str(m.move): m for m in advice.moves}
    mine = ranked.get(str(move))
    best = advice.best
    if mine is not None:
        # A reason that speaks against the move ("Wait: 43 deadwood is a lot…" under a
        # knock) is not part of the case for it (the Lithuanian Knock walk: it stood
        # under "The case for your move “Knock…”"): it has a heading of its own.
        verdict.played = [reason(r) for r in mine.reasons if r.code not in CAUTIONS]
        verdict.against = [reason(r) for r in mine.reasons if r.code in CAUTIONS]
        verdict.mine = named(move)
    # A move that scores as well as the coach's first choice is one of its first
    # choices (equal moves are ranked by their text only).
    if best is not None and mine is not None and mine.score - best.score < 1e-9:
        verdict.text = _("The coach agrees: this was its first choice.")
    elif best is not None:
        if player:
            verdict.text = _("%(name)s played: %(mine)s. The coach preferred: %(best)s.") % {
                "name": player,
                "mine": named(move),
                "best": named(best.move),
            }
        else:
            verdict.text = _("You played: %(mine)s. The coach preferred: %(best)s.") % {
                "mine": named(move),
                "best": named(best.move),
            }
        verdict.preferred = {
            "move": named(best.move),
            "steps": [reason(r) for r in best.reasons],
            # The reasons for the move played come under their own heading when the
            # coach preferred another: under "The coach preferred: …" alone they read as
            # its advice (the Russian pupil's walk).
            "mine": named(move),
        }
    return verdict


def review_context(
    review: ReviewStep, table: Table, round_number: int, *, by_name: bool = False
) -> dict[str, Any]:
    """A finished hand, one move at a time, every hand face up (the learner's marked as
    theirs, as at the table), with the coach's view. ``by_name``: the hand told to
    others (a pupil's hand on the projector, before the class): the learner's seat, its
    melds, its moves and the coach's verdict call them by their name ("Ona", "Ona drew
    from the stock.", "Ona played: …"), not "you", and the coach's reasons speak to the
    class watching, as to the players of the seat (Italian «Prendete il 7♦: …»)."""
    names = told_apart(review.names, review.me)
    before = review.before
    sentence = ""
    if review.after is not None:
        after = review.after
        log = after.log
        sentence = explain.event_sentence(
            log[-1],
            names,
            human=None if by_name else review.me,
            knocker=explain.knocker_of(log),
            end=after.result.end if after.result else None,
            onto=explain.melds_before(log[-1:], after.table)[0],
        )
    me = review.me
    # Told to the class, the coach's reasons are said to it («Prendete…», not «Prendi…»).
    verdict = _verdict(
        review, names, player=names[me] if by_name and me is not None else "", to_class=by_name
    )
    final = review.move is None
    # The learner's hand and melds: their name marked as theirs, "Alex (you)", or "You"
    # when they gave none (as at the table).
    nameless = not str(table.seats[HUMAN]["name"])
    owners = [
        (learner_you() if nameless else yours(review.names[p]))
        if p == review.me and not by_name
        else names[p]
        for p in range(len(names))
    ]
    # A review shows a finished hand face up, Gin's face-down knock discard too; the
    # pile says it was face down, so that the learner knows nobody saw it at the table.
    face_down = before.knock_discard_hidden_from(None)
    return {
        "table": table,
        "deal": round_number,
        "game_label": explain.game_name(table.game),
        "step": review.number,
        "total": review.total,
        "previous_step": review.number - 1 if review.number > 0 else None,
        "next_step": review.number + 1 if review.number < review.total else None,
        "hands": [
            {
                "name": owners[p],
                "cards": list(before.hands[p]),
                "to_play": p == before.turn and not final,
                # The learner's own turn is "your turn", not the third person's "to play"
                # (the Russian pupil's walk: «Саша (вы) · ходит»).
                "yours": p == review.me,
            }
            for p in range(before.players)
        ],
        "discard_top": before.discard_pile[0] if before.discard_pile else None,
        "discard_face_down": face_down,
        "stock_size": len(before.stock),
        # The learner's melds named as their hand is, "Alex (you)" (as at the table).
        "table_melds": table_melds(before.table, owners, review.me),
        "sentence": sentence,
        "verdict": verdict.text,
        "played_steps": verdict.played,
        "against_steps": verdict.against,
        "mine": verdict.mine,
        "preferred": verdict.preferred,
        "final": final,
    }


__all__ = [
    "ScoreSheet",
    "TableSummary",
    "Verdict",
    "announcement",
    "latest_line",
    "move_verdict",
    "review_context",
    "score_sheet",
    "table_context",
    "table_summaries",
]
