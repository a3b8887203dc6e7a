"""What a table for people shows each player: the shared board (game/board.py) from
their own seat, who is at the table, whose turn it is, and the table's code to share."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext, ngettext, pgettext

from game import explain
from game import scores as match_scores
from game.board import BoardDisplay, ScoreStep, advice_context, board_context, table_melds
from game.confirm import confirm_context, under_question
from game.engine import Advice, AnyMove, Board, Game, Hand, HandEnd, PlayerView, TableFormat
from game.moveforms import STATUS_ID, again_address, page_anchor, with_arrange
from game.practice.presenters import computers_line, move_verdict
from game.practice.services import computers_policy
from rummy_site import codes

from . import services
from .models import SharedTable
from .services import SeatReview, SharedState


@dataclass(frozen=True)
class SeatState:
    """A table for people as one player sees it (what the shared board needs): their
    board of the round and their seat at it; a player sitting out (three-player Gin)
    watches the board being played, seeing no one's cards."""

    shared: SharedState
    seat: int | None

    @property
    def board(self) -> Board:
        mine = self.shared.board_of(self.seat) if self.seat is not None else None
        return mine if mine is not None else self.shared.current[0]

    @property
    def hand(self) -> Hand:
        return self.shared.hand_of(self.board)

    @property
    def me(self) -> int | None:
        return self.board.seat_of(self.seat) if self.seat is not None else None

    @property
    def names(self) -> list[str]:
        names = self.shared.names
        return [names[s] for s in self.board.seats]

    @property
    def view(self) -> PlayerView:
        return self.hand.view(self.me)

    @property
    def my_turn(self) -> bool:
        return self.shared.my_turn(self.seat)

    @property
    def sitting_out(self) -> bool:
        return self.me is None

    @property
    def bots_to_move(self) -> bool:
        return False  # the computer players move at once, on the server


def poll_seconds() -> int:
    """How often a player's page asks whether the table changed: now and then
    (``SHARED_EVENTS_POLL_SECONDS``, 10) when its events say so at once, else every
    ``SHARED_POLL_SECONDS`` (1: the others' moves show within about a second)."""
    if events_on():
        return int(getattr(settings, "SHARED_EVENTS_POLL_SECONDS", 10))
    return int(getattr(settings, "SHARED_POLL_SECONDS", 1))


def noscript_refresh_seconds(*, paused: bool = False) -> int:
    """How often a page without JavaScript reloads itself while its player waits for
    someone else, once they asked it to (``SHARED_NOSCRIPT_REFRESH_SECONDS``; 0: never);
    while the teacher has the table paused, less often
    (``SHARED_NOSCRIPT_PAUSED_REFRESH_SECONDS``): nobody moves until they go on."""
    if paused:
        return int(getattr(settings, "SHARED_NOSCRIPT_PAUSED_REFRESH_SECONDS", 60))
    return int(getattr(settings, "SHARED_NOSCRIPT_REFRESH_SECONDS", 10))


#: The query flag of a page without JavaScript that reloads itself while its player
#: waits (``?reload=1``): kept by the reload itself, and by the forms' answers.
RELOAD_FLAG = "reload"


def with_reload(url: str, reload: bool) -> str:
    """``url`` with the reload flag, when it is on."""
    return f"{url}?{RELOAD_FLAG}=1" if reload else url


def reload_asked(query: Any) -> bool:
    """Whether a page's address asks it to reload itself while its player waits
    (``?reload=1``, kept by the reload and by the forms' answers); ``query``: the
    request's GET."""
    return bool(query.get(RELOAD_FLAG) == "1")


def waiting_reload(
    context: dict[str, Any],
    *,
    waiting: bool,
    paused: bool,
    reload: bool,
    hint: str = "",
    arrange: bool = True,
    at_status: bool = False,
    again: bool = False,
) -> None:
    """What a page without JavaScript says, and does, while its player waits for someone
    else: it hears nothing of the others' moves. It reloads itself only when the player
    asked it to (``reload``: "Reload the page by itself while I wait"), and says how
    often, with the link to stop (a reload sends a keyboard's or a screen reader's place
    back to the top of the page: the accessibility walk, WCAG 2.2.1); else it says that
    it does not change by itself, beside Refresh (the teacher's walk: a pupil without
    JavaScript read "Giulia is to play" until the computer took her seat): ``hint``,
    what Refresh shows (the others' moves at a table); ``arrange``: the board's Arrange,
    which its links keep switched off; ``at_status``: Refresh, the reload and its links
    open the page again at the table's status (``#table-status``; not where the page puts
    the focus somewhere itself, which a page opened at a fragment skips), their address
    made to differ from the page's own (``again``: whether it has the flag,
    :func:`game.moveforms.again_address`). Drawn by
    shared/_reload_meta.html and shared/_reload_note.jinja, at a table for people and on
    a pupil's page of a live class exercise."""
    every = noscript_refresh_seconds(paused=paused) if waiting else 0
    page_url = context["page_url"]

    def again_at_status(url: str) -> str:
        return again_address(url, again=again) if at_status else url

    context.update(
        {
            "reload": reload,
            "reload_offer": bool(every),
            "reload_every": every,
            "reload_url": again_at_status(with_arrange(with_reload(page_url, True), arrange)),
            "refresh_url": again_at_status(with_arrange(with_reload(page_url, reload), arrange)),
            "stop_reload_url": with_arrange(page_url, arrange)
            + (f"#{STATUS_ID}" if at_status else ""),
            "refresh_seconds": every if reload else 0,
            "reload_hint": hint
            or gettext(
                "Without JavaScript this page does not change by itself: press Refresh to "
                "see the others' moves."
            ),
        }
    )


def events_on() -> bool:
    """Whether a table's page listens to its server-sent events (``SHARED_EVENTS``)."""
    return bool(getattr(settings, "SHARED_EVENTS", True))


def events_url(table: SharedTable) -> str:
    """Where a page of the table listens to its events (``game.shared.events``), from
    the version it shows; empty when the events are off, or the table has ended."""
    if not events_on() or table.ended:
        return ""
    url = reverse("table_events", kwargs={"public_id": table.public_id})
    return f"{url}?v={table.version}"


def away_sentence(names: Sequence[str]) -> str:
    """Who the computer plays for until they come back, by name: "The computer plays in
    Giulia's seat until they come back." (empty when nobody is away)."""
    if not names:
        return ""
    return ngettext(
        "The computer plays in %(names)s's seat until they come back.",
        "The computer plays in the seats of %(names)s until they come back.",
        len(names),
    ) % {"names": explain.people(range(len(names)), names)}


def partner_line(state: SharedState, seat: int | None) -> str:
    """Four-player Gin: who plays in partnership with ``seat``, at the other board, said
    under the status line (the Italian class-table walk: a pupil's page showed their own
    board alone, and nothing on it said who their partner was, nor that the two boards'
    results make one score; the site calls the other board "the other table", as "Your
    hand is over; the other table is still playing." does). Empty at every other table,
    and for a seat not at it."""
    if seat is None or state.rules.format is not TableFormat.GIN_FOUR:
        return ""
    # A partnership is the table seats ``side`` and ``side + 2`` (game.scores.partners).
    partner = (seat + 2) % 4
    return gettext(
        "You play in partnership with %(name)s, at the other table: "
        "your two hands' results make one score."
    ) % {"name": state.names[partner]}


def knock_computers_line(table: SharedTable, game: Game) -> str:
    """Knock Rummy: how the computer plays at this table, the opener's choice (the
    table's ``computers``), said under its status line. With computer players, how they
    knock, as a practice table says it (the new-features walk: a practice table said it,
    a table for people did not). At a table of people only, how the computer will play
    the seat of a player who leaves it, or stops answering if the table hands their seat
    on (``away_seconds``): the choice applies then, and nobody could see it (the walk
    after the choice was made); not once the table has ended, when nobody plays."""
    if game is not Game.KNOCK:
        return ""
    policy = computers_policy(table)
    if any(s.get("bot") for s in table.seats):
        return computers_line(game, policy)
    if table.ended is not None:
        return ""
    patient = policy == "patient"
    if table.away_seconds and patient:
        return gettext(
            "If a player leaves the table or stops answering, the computer plays their seat "
            "and gives you time to play: it does not knock before everyone has had two turns."
        )
    if table.away_seconds:
        return gettext(
            "If a player leaves the table or stops answering, the computer plays their seat "
            "to win: it knocks as soon as a knock pays."
        )
    if patient:
        return gettext(
            "If a player leaves the table, the computer plays their seat and gives you time "
            "to play: it does not knock before everyone has had two turns."
        )
    return gettext(
        "If a player leaves the table, the computer plays their seat to win: it knocks as "
        "soon as a knock pays."
    )


def match_over_line(state: SharedState) -> str:
    """Once the match is over, its winner named, as its players read it: "The match is
    over: Ona wins." (empty while it goes on)."""
    if not state.round_over:
        return ""
    return match_scores.match_over(services.match_so_far(state), state.names) or ""


def turn_deadline(table: SharedTable, seat: int | None, now: int | None = None) -> dict[str, Any]:
    """How long the player has to move before the computer plays their turn, for their
    page (empty when nobody waits for them: not their turn, a table that never replaces
    anyone, paused or ended): the time left in words (``line``, for a page that does not
    change by itself: without JavaScript), the seconds left as the page is drawn
    (``left``) and the warning shown (and said) the last ``warn`` seconds, already shown
    when drawn in them (``warned``), and whether they may ask for more time.

    The line says how long, not until when: a clock time would be the server's
    (``TIME_ZONE``), an hour or two off for a class in Italy or Russia, and the server
    cannot know the learner's clock."""
    deadline = services.deadline_of(table, seat)
    if deadline is None:
        return {}
    now = int(time.time()) if now is None else now
    left = max(0, deadline - now)
    warn = min(services.WARNING_SECONDS, table.away_seconds)
    seconds = min(left, warn)
    return {
        "deadline": deadline,
        "left": left,
        "warn": warn,
        "warned": left <= warn,
        "line": _time_to_move(left),
        # The line again for each whole minute still to come, for the page's script to
        # keep it true while the page stands (the page is not redrawn during one's own
        # turn): {"2": "You have about 2 minutes…", "1": …}.
        "lines": {str(m): _time_to_move(m * 60) for m in range(1, _minutes(left) + 1)},
        "warning": ngettext(
            "The computer will play your turn in %(seconds)s second.",
            "The computer will play your turn in %(seconds)s seconds.",
            seconds,
        )
        % {"seconds": seconds},
        "more_left": services.more_time_left(table, seat),
    }


def _minutes(left: int) -> int:
    """``left`` seconds in whole minutes, to the nearest (119 s is "about 2 minutes")."""
    return (left + 30) // 60


def _time_to_move(left: int) -> str:
    """The time left to move in words: "You have about 2 minutes to move, or the computer
    will play your turn.", in whole minutes (to the nearest: a 2-minute turn drawn a
    second in is still about 2 minutes), under a minute in seconds. The page's script
    keeps it true while the page stands (``lines``); without JavaScript it is the time
    left when the page was drawn."""
    if left < 60:
        return ngettext(
            "You have %(seconds)s second to move, or the computer will play your turn.",
            "You have %(seconds)s seconds to move, or the computer will play your turn.",
            left,
        ) % {"seconds": left}
    minutes = _minutes(left)
    return ngettext(
        "You have about %(minutes)s minute to move, or the computer will play your turn.",
        "You have about %(minutes)s minutes to move, or the computer will play your turn.",
        minutes,
    ) % {"minutes": minutes}


def table_context(
    state: SharedState,
    seat: int | None,
    display: BoardDisplay,
    *,
    error: str = "",
    refused: str = "",
    advice: Advice | None = None,
    more_time: bool = False,
    reload: bool = False,
    again: bool = False,
    confirm: AnyMove | None = None,
    seat_back: bool = False,
) -> dict[str, Any]:
    """A player's page of the table: the waiting room until every seat is taken, then
    the board from their seat; the poll's address carries the version it was drawn at.
    Who is away (the computer playing for them) and who has left for good, whether the
    teacher paused or ended the table, the coach's hint when it was asked for, and on
    the player's turn by when they must move (``more_time``: they just asked for more,
    the cards they had ticked stay ticked and the new time is said); ``confirm``: a move
    that would end the hand, asked about first (as at a practice table); ``again``: the
    page's address has the flag its Refresh and its reload take off or put on
    (:func:`game.moveforms.again_address`); ``seat_back``: the player just took their
    seat back from the computer, which is said (while it is theirs, the table going
    on)."""
    table = state.table
    page_url = reverse("shared:table", kwargs={"public_id": table.public_id})

    def url(name: str) -> str:
        # The forms' answers keep a page's reload flag.
        return with_reload(reverse(f"shared:{name}", kwargs={"public_id": table.public_id}), reload)

    seats = [
        {
            "name": s.get("name", ""),
            "open": bool(s.get("open")),
            "bot": bool(s.get("bot")),
            "away": bool(s.get("away")),
            "left": bool(s.get("left")),
            "you": i == seat,
        }
        for i, s in enumerate(table.seats)
    ]
    context: dict[str, Any] = {
        "table": table,
        "seat": seat,
        "game_label": explain.game_name(table.game),
        "code": codes.grouped(table.code),
        "share_url": reverse("shared:sit", kwargs={"code": table.code}),
        "page_url": page_url,
        "move_url": url("move"),
        "next_url": url("next"),
        "hint_url": url("hint"),
        "leave_url": url("leave"),
        "back_url": url("back"),
        "more_time_url": url("more_time"),
        "hints_on": table.hints,
        "paused": table.paused,
        "ended": table.ended is not None,
        "away_names": [p["name"] for p in seats if p["away"] and not p["you"]],
        # The player pressed "Leave the table" (else they were away too long).
        "me_left_on_purpose": seat is not None and bool(table.seats[seat].get("left_on_purpose")),
        # Removed from the table for good (a pupil removed from their class).
        "left_names": [p["name"] for p in seats if p["left"]],
        "me_away": seat is not None and bool(table.seats[seat].get("away")),
        "poll_url": with_arrange(f"{page_url}?v={table.version}", display.arrange),
        "poll_seconds": poll_seconds(),
        "events_url": events_url(table),
        "version": table.version,
        "people": seats,
        "open_seats": sum(1 for s in seats if s["open"]),
        "dealt": state.dealt,
        "error": error,
        # A class's table (the teacher seated the class): its pupils' way back to their
        # class page under the board. Asked (one query) only by the whole page: a move's
        # answer and a poll draw the board alone, and have no use for it.
        "class_table": lambda: services.names_private(table),
        # Its number, "Table 3", as the teacher's class page and projector call it.
        "table_label": lambda: table_label(services.class_table_number(table)),
    }
    if not state.dealt:
        # Waiting for the others to sit down: without JavaScript the page may reload
        # itself, opened at the waiting room (its status).
        waiting_reload(
            context,
            waiting=not table.ended,
            paused=table.paused,
            reload=reload,
            at_status=True,
            again=again,
        )
        context["page_anchor"] = page_anchor(takes_focus=bool(error))
        return context
    mine = SeatState(state, seat)
    # The computer's moves in an away person's seat are told as the computer's (the
    # teacher's walk: "You drew from the stock. You discarded 9♥." while away).
    by_computer = state.computer_moves(mine.board)
    # The match with the hand just played, once every board of it is over.
    result = state.result() if state.round_over else None
    match = (
        state.rules.match(state.rounds, (*state.results, result)) if result is not None else None
    )
    # Four-player Gin: the walkthrough ends with how both tables make one box.
    netted = match_scores.netting(match, state.names, you=seat) if match is not None else ""
    context.update(
        board_context(
            mine,
            display,
            error=error,
            refused=refused,
            by_computer=by_computer,
            last_steps=[ScoreStep(netted)] if netted else [],
            hand_number=len(state.rounds),
        )
    )
    if table.ended:
        # The hand stands as it was left: nobody is to move, nothing is offered, nobody
        # is away (the tamper probe: "Ben to play" and the away line stayed).
        context.update(
            {
                "actions": [],
                "my_turn": False,
                "lay_out_help": "",
                "away_names": [],
                "left_names": [],
            }
        )
        context["seats"] = [replace(s, is_turn=False) for s in context["seats"]]
        finished = len(state.results) + (1 if state.round_over else 0)
        context["finished_deals"] = list(range(1, finished + 1))
    elif table.paused:
        # Nothing is offered while the teacher has the table paused (the teacher's walk:
        # "Your turn." and the move buttons stayed, and a press was refused).
        context.update({"actions": [], "my_turn": False, "lay_out_help": ""})
    context["away_line"] = away_sentence(context["away_names"])
    context["computers_line"] = knock_computers_line(table, state.rules.game)
    context["partner_line"] = partner_line(state, seat)
    # On their turn, by when they must move; a warning before the computer plays it, and
    # "I need more time" (the class tables' walk: the seat went to the computer after
    # two minutes, with no warning and no way to ask for more).
    mine_to_move = context["my_turn"] and not context["me_away"]
    context["turn_deadline"] = turn_deadline(table, seat) if mine_to_move else {}
    context["more_time_given"] = more_time and bool(context["turn_deadline"])
    # The Italian walk: after "Take my seat back" the away notice went, and nothing said
    # the pupil was back.
    context["seat_back"] = seat_back and not context["me_away"] and not table.ended
    if more_time:
        context["selected"] = list(display.selected)
    context["advice"] = advice_context(advice, mine.names)
    context["confirm"] = (
        confirm_context(
            confirm,
            lay_out=mine.hand.rules.lays_out_by_hand(state.rules.options),
            view=mine.view,
            # "No, go back" keeps the page reloading itself, as the forms' answers do.
            flags=[(RELOAD_FLAG, "1")] if reload else [],
        )
        if context["my_turn"]
        else None
    )
    context.update(under_question(context["confirm"]))
    # The turn came to this player by someone else's move (or a new hand): #announce adds
    # "Your turn." to that move, which the status line says only for the eye (the
    # accessibility walk: "Bianca discarded 6♣." and then nothing).
    log = context["view"].log
    context["turn_came"] = bool(
        context["my_turn"]
        and not error
        and advice is None
        and (not log or log[-1].player != mine.me)
    )
    to_move = state.to_move(mine.board)
    context.update(
        {
            "turn_name": state.names[to_move] if to_move is not None else "",
            "round_over": state.round_over,
            "others_playing": mine.hand.is_over and not state.round_over,
            "deal_number": len(state.rounds),
            "version": table.version,
        }
    )
    if not table.ended:
        # The hands before this one, each reviewable move by move, and (during a hand)
        # the match's sheet so far: a player whose classmate pressed "Next hand" still
        # reads the last walkthrough and the scores (the Italian walk: hand 2 left no way
        # back). Every player's own review; scores are public.
        context["finished_deals"] = list(range(1, len(state.results) + 1))
    if state.results and not state.round_over:
        sheet = match_scores.score_sheet(services.match_so_far(state), state.names, you=seat)
        if table.ended:
            # The teacher ended the table during a hand: the finished hands' scores stay
            # (the Russian teacher's walk: "See how it ended" showed no score at all),
            # without a line such as "another hand is played", no longer true.
            sheet = replace(sheet, lines=[])
        context["running_sheet"] = sheet
        context["target"] = state.rules.target_score
    if match is not None:
        # The winner named ("The match is over: Ona wins."), or told to them ("The match
        # is over: you win."); the seats' names, a seat the computer plays for someone
        # away or gone being still theirs.
        context["match_over"] = match_scores.match_over(match, state.names, you=seat) or ""
        # The score sheet, once the walkthrough's steps are all shown (every player's,
        # and that of a pupil who sat the hand out): scores are public, each player's
        # own summary lines told to them ("You win the match!"), drawn for each request.
        if not context["more_steps"]:
            context["sheet"] = match_scores.score_sheet(match, state.names, you=seat)
        context["target"] = state.rules.target_score
    # Someone else is to move (or the teacher has paused the table): a page without
    # JavaScript, which hears nothing of the others' moves, reloads itself if its player
    # asked it to, so that they see their turn come. Never on their own turn (it would
    # drop the cards they ticked) nor while they read a finished hand. A reload does not
    # keep a seat: a page left open would hold it for ever; the wait runs from when
    # their turn came, and they see it come within these seconds.
    waiting = not (table.ended or mine.hand.is_over or context["my_turn"])
    # The page puts the focus somewhere itself ("Take my seat back", "Score it
    # yourself", the walkthrough's next step): its links back to it open it at its top,
    # as a browser skips autofocus on a page opened at a fragment.
    context["takes_focus"] = bool(
        (context["me_away"] and not context["ended"])
        or context["scoring_pending"]
        or context["walkthrough"]
    )
    waiting_reload(
        context,
        waiting=waiting,
        paused=table.paused,
        reload=reload,
        arrange=display.arrange,
        at_status=not context["takes_focus"],
        again=again,
    )
    # Where the page's address opens it without JavaScript (the language buttons' next):
    # at the status line, as a form's redirect opened it, unless the page puts the focus
    # somewhere itself; besides takes_focus (this page reloaded), what it says just now:
    # a reason (a refused move, a form the table's state refused), the coach's hint, a
    # move's question, the score just answered.
    said = context["error"] or context["advice"] or context["confirm"] or context["score_yourself"]
    context["page_anchor"] = page_anchor(takes_focus=bool(context["takes_focus"] or said))
    return context


def review_context(review: SeatReview, table: Any, round_number: int) -> dict[str, Any]:
    """A finished hand move by move as one player saw it: their own cards, the others'
    card counts, the face-up pile and the melds at each step (the engine's player view),
    the public sentence of each move, the coach on their own moves; and the hands as
    they were shown at the end of the hand."""
    names = list(review.names)
    me = review.me
    view = review.before.view(me)
    sentence = ""
    if review.after is not None:
        after = review.after.view(me)
        log = after.log
        sentence = explain.event_sentence(
            log[-1],
            names,
            human=me,
            knocker=explain.knocker_of(log),
            end=after.result.end if after.result else None,
            by_computer=review.by_computer,
            onto=explain.melds_before(log[-1:], after.table)[0],
        )
    verdict = move_verdict(review.advice, review.move, names)
    final = review.final
    return {
        "table": table,
        "deal": round_number,
        "game_label": explain.game_name(table.game),
        "step": review.number,
        "total": review.total,
        "previous_step": review.number - 1 if review.number > 0 else None,
        "next_step": review.number + 1 if review.number < review.total else None,
        "sitting_out": me is None,
        "my_cards": list(view.cards),
        "others": [
            {
                "name": names[p],
                "count": view.hand_sizes[p],
                "to_play": p == view.turn and review.move is not None,
            }
            for p in range(view.players)
            if p != me
        ],
        "my_turn": me is not None and view.turn == me and review.move is not None,
        "discard_top": view.discard_pile[0] if view.discard_pile else None,
        "discard_face_down": view.face_down_discard,
        "stock_size": view.stock_size,
        "table_melds": table_melds(view.table, names, me),
        "sentence": sentence,
        "verdict": verdict.text,
        "played_steps": verdict.played,
        "against_steps": verdict.against,
        "mine": verdict.mine,
        "preferred": verdict.preferred,
        "final": review.move is None,
        "revealed": shown_at_the_end(final, me, names),
    }


def shown_at_the_end(final: Hand, me: int | None, names: Sequence[str]) -> list[dict[str, Any]]:
    """The others' hands as the players showed them when the hand ended (to count or lay
    off against them): none when nobody did, a void hand (the stock ran out) or a
    blocked one, whose cards are thrown in unseen (the tamper probe found a review
    showing them)."""
    result = final.result
    if result is None or result.end in (HandEnd.VOID, HandEnd.BLOCKED):
        return []
    return [
        {"name": names[p], "cards": list(final.cards(p))} for p in range(final.players) if p != me
    ]


def table_label(number: int) -> str:
    """A class's table by its number, as its teacher and its pupils call it ("Table 3");
    empty for 0 (not numbered: a table for people, or an old class table)."""
    if not number:
        return ""
    return pgettext("a class's table, by its number", "Table %(number)s") % {"number": number}


__all__ = [
    "RELOAD_FLAG",
    "SeatState",
    "away_sentence",
    "events_on",
    "events_url",
    "knock_computers_line",
    "match_over_line",
    "noscript_refresh_seconds",
    "poll_seconds",
    "reload_asked",
    "review_context",
    "shown_at_the_end",
    "table_context",
    "table_label",
    "turn_deadline",
    "waiting_reload",
    "with_arrange",
    "with_reload",
]
