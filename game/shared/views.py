"""Tables for people: open one, sit down with its code, the table from one's seat, a
move, the next hand. Thin views over :mod:`game.shared.services`; every form works
without JavaScript, and with htmx the table swaps its own part and polls for the other
players' moves (204 while the table's version is the one the page shows)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.conf import settings
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from game import explain
from game.board import BoardDisplay, scoring_pending
from game.engine import Advice, AnyMove
from game.moveforms import (
    STATE_FLAG,
    STATUS_ID,
    SeeOther,
    loaded_again,
    parse_display,
    parse_move,
    parse_version,
    table_address,
)
from learners.middleware import LearnerRequest
from learners.services import (
    counted_with_learner,
    known_learner,
    request_learner,
    visitor_token,
)
from rummy_site import codes
from rummy_site.errors import ServiceError
from rummy_site.htmx import render_page, wants_partial
from rummy_site.middleware import client_address
from rummy_site.parsing import small_int

from . import events, presenters, services
from .forms import OpenTableForm, SitDownForm
from .models import SharedTable

TEMPLATE = "shared/table.html"


def _index(
    request: HttpRequest,
    *,
    open_form: OpenTableForm | None = None,
    sit_form: SitDownForm | None = None,
    error: str = "",
    status: int = 200,
) -> HttpResponse:
    learner = known_learner(request)
    name = learner.display_name if learner is not None else ""
    context = {
        "open_form": open_form or OpenTableForm(initial={"name": name}, auto_id="open_%s"),
        "sit_form": sit_form or SitDownForm(initial={"name": name}, auto_id="sit_%s"),
        "error": error,
        # Drawn for a form sent too (a POST): the language buttons go to this page.
        "page_url": reverse("shared:index"),
    }
    return render(request, "shared/index.html", context, status=status)


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    return _index(request)


@require_POST
def table_open(request: LearnerRequest) -> HttpResponse:
    form = OpenTableForm(request.POST, auto_id="open_%s")
    if not form.is_valid():
        return _index(request, open_form=form, status=400)
    data = form.cleaned_data
    try:
        table = services.open_table(
            learner=request_learner(request),
            name=data["name"],
            game=data["game"],
            players=data["players"],
            computers=data["computers"],
            away_seconds=data["away"],
            policy=form.policy(),
        )
    except ServiceError as exc:
        form.add_error("players", str(exc.message))
        return _index(request, open_form=form, status=exc.status)
    return _first_page(table)


def _first_page(table: SharedTable) -> HttpResponse:
    """A table's first page, once opened or sat down at: at its status (``#table-status``:
    the waiting room's "Waiting for 2 more players" and the code to give, or the hand
    just dealt's status line over the hand), as every page after a move opens (it opened
    at the header and the menu: the walk without JavaScript)."""
    url = reverse("shared:table", kwargs={"public_id": table.public_id})
    return redirect(f"{url}#{STATUS_ID}")


def _sit_page(
    request: HttpRequest,
    form: SitDownForm,
    *,
    table: SharedTable | None,
    error: str = "",
    status: int = 200,
) -> HttpResponse:
    # Drawn for a code sent too (a POST): the language buttons go to the tables' page.
    context: dict[str, Any] = {
        "form": form,
        "table": table,
        "error": error,
        "page_url": reverse("shared:index"),
    }
    if table is not None:
        context["game_label"] = explain.game_name(table.game)
        # A class's table names its players to them only (the page redirects them to it).
        context["private"] = services.names_private(table)
        if not context["private"]:
            context["taken"] = [s for s in table.seats if not s.get("open")]
        context["full"] = not any(s.get("open") for s in table.seats)
    return render(request, "shared/sit.html", context, status=status)


def _count_try(request: HttpRequest, *, looking: bool = False) -> bool:
    """Count a code tried (:func:`rummy_site.codes.count_try`); over the limit, a form sent
    raises :class:`~game.shared.services.TooManyTries`, a link's page (``looking``) is told
    (``True``)."""
    minutes = codes.count_try(
        visitor=visitor_token(request) or "", address=client_address(request), looking=looking
    )
    if minutes is not None and not looking:
        raise services.TooManyTries(minutes)
    return minutes is not None


@require_safe
def sit_page(request: HttpRequest, code: str) -> HttpResponse:
    """The table's link: who sits there, and the form to sit down (or the table, for a
    player already at it, opened at its status as a table's first page is: at its top,
    a phone showed the header, the seats and the piles, the hand below the first
    screen)."""
    learner = known_learner(request)
    form = SitDownForm(initial={"code": code, "name": learner.display_name if learner else ""})
    if _count_try(request, looking=True):
        # Over the limit: the form with the code as given, nothing looked up (the code is
        # counted and checked when the form is sent).
        return _sit_page(request, form, table=None)
    try:
        table = services.table_by_code(code=code)
    except ServiceError as exc:  # the form is not bound: the reason above it
        return _sit_page(request, form, table=None, error=str(exc.message), status=exc.status)
    if services.seat_of(table, learner) is not None:
        return _first_page(table)
    return _sit_page(request, form, table=table)


@require_POST
def sit_down(request: LearnerRequest) -> HttpResponse:
    form = SitDownForm(request.POST)
    if not form.is_valid():
        return _sit_page(request, form, table=None, status=400)
    table = None
    try:
        _count_try(request)
        table = services.table_by_code(code=form.cleaned_data["code"])
        table, _seat = services.sit_down(
            table=table, learner=request_learner(request), name=form.cleaned_data["name"]
        )
    except ServiceError as exc:
        field = "name" if isinstance(exc, services.NameTaken) else "code"
        form.add_error(field, str(exc.message))
        return _sit_page(request, form, table=table, status=exc.status)
    return _first_page(table)


def _reloads(request: HttpRequest) -> bool:
    """Whether the page without JavaScript reloads itself while its player waits (they
    asked it to: ``?reload=1``, kept by the reload and by the forms' answers)."""
    return presenters.reload_asked(request.GET)


def _to_table(request: HttpRequest, table: SharedTable, *, at_status: bool) -> HttpResponse:
    """After a form without JavaScript: back to the table (``moveforms.table_address``),
    keeping its reload flag and the board's Arrange as the form sent it (switched off, it
    came back on after every move, the hint, the next hand: the walk without
    JavaScript), and with ``at_status`` opened at the status line ("Your turn.", "Ona is
    to play.") over the hand, not at the top of the page."""
    url = reverse("shared:table", kwargs={"public_id": table.public_id})
    reload = {presenters.RELOAD_FLAG: "1"} if _reloads(request) else {}
    return redirect(table_address(url, request.POST, at_status=at_status, **reload))


def _at_status(request: HttpRequest, table: SharedTable, state: services.SharedState) -> bool:
    """Whether the page after a form without JavaScript opens at the status line: while
    the hand is played, and at a finished hand with nothing for this player to score (no
    points change hands, or they sat it out), as at a practice table; not at one they
    are to score, whose page puts the focus on "Score it yourself" itself (autofocus,
    which a page opened at a fragment skips)."""
    if not state.dealt or not state.round_over:
        return True
    seat = services.seat_of(table, known_learner(request))
    if seat is None:
        return True
    display = parse_display(request.GET, request.POST)
    return not scoring_pending(presenters.SeatState(state, seat), display)


def _to_refusal(request: HttpRequest, table: SharedTable, token: str) -> HttpResponse:
    """Without JavaScript, a refused move: back to the table (Post/Redirect/Get, 303), the
    refusal signed into its address (``?refused=``, :func:`services.refusal_token`), as at
    a practice table: a reload shows the same page and sends nothing (the move's own 422
    page, reloaded, asked to send the form again). No fragment: the page puts the focus on
    the reason itself (autofocus), which a page opened at a fragment skips."""
    url = reverse("shared:table", kwargs={"public_id": table.public_id})
    reload = {presenters.RELOAD_FLAG: "1"} if _reloads(request) else {}
    address = table_address(url, request.POST, at_status=False, refused=token, **reload)
    return SeeOther(address)


#: The refusals a table's page names after a form sent without JavaScript that the
#: table's state refused (:func:`_to_state`, ``?state=``: :data:`~game.moveforms.STATE_FLAG`).
STATE_REFUSALS: dict[str, type[services.SharedError]] = {
    "turn": services.NotYourTurn,
    "stale": services.StaleTable,
    "paused": services.TablePaused,
    "ended": services.TableEnded,
    "away": services.SeatAway,
}


def _to_state(request: HttpRequest, table: SharedTable, exc: ServiceError) -> HttpResponse | None:
    """Without JavaScript, a form the table's state refused (not the player's turn, a
    page the table has moved on from, a paused or ended table, a seat the computer is
    playing): back to the table as it is now (Post/Redirect/Get, 303), whose address
    names the reason (``?state=``, :data:`STATE_REFUSALS`); a reload there shows the same
    page and sends nothing (the 409 page, reloaded, asked to send the form again).
    No fragment where the page says the reason (autofocus beside the buttons, which a
    page opened at a fragment skips); a paused or ended table, which the status line
    says, opens at it. ``None`` with htmx, or for another refusal: its own answer."""
    code = next((key for key, kind in STATE_REFUSALS.items() if type(exc) is kind), None)
    if code is None or wants_partial(request):
        return None
    url = reverse("shared:table", kwargs={"public_id": table.public_id})
    reload = {presenters.RELOAD_FLAG: "1"} if _reloads(request) else {}
    at_status = not _said(exc)
    return SeeOther(
        table_address(url, request.POST, at_status=at_status, **{STATE_FLAG: code}, **reload)
    )


def _table(public_id: str) -> SharedTable:
    try:
        return services.table_get(public_id=public_id)
    except services.TableNotFound as exc:
        raise Http404(exc.message) from None


def _render(
    request: HttpRequest,
    table: SharedTable,
    *,
    error: str = "",
    refused: str = "",
    status: int = 200,
    advice: Advice | None = None,
    more_time: bool = False,
    confirm: AnyMove | None = None,
    display: BoardDisplay | None = None,
    state: services.SharedState | None = None,
    seat_back: bool = False,
) -> HttpResponse:
    """The player's page of the table (or its ``table`` partial, for htmx); ``display``:
    the board as shown, when not as the request asks it (a refused move's cards ticked
    again); ``state``: the table replayed, when the caller has it already."""
    seat = services.seat_of(table, known_learner(request))
    if seat is None:
        # Not at the table: its link, to sit down if a seat is open (nothing of the
        # hand is shown to anyone but its players).
        return redirect("shared:sit", code=table.code)
    if display is None:
        display = parse_display(request.GET, request.POST)
    if state is None:
        state = services.shared_state(table=table)
    context = presenters.table_context(
        state,
        seat,
        display,
        error=error,
        refused=refused,
        advice=advice,
        more_time=more_time,
        reload=_reloads(request),
        again=loaded_again(request.GET),
        confirm=confirm,
        seat_back=seat_back,
    )
    board = "shared/_board.jinja" if context["dealt"] else None
    return render_page(request, TEMPLATE, context, partial="table", status=status, board=board)


@require_safe
@vary_on_headers("HX-Request")
def table_page(request: HttpRequest, public_id: str) -> HttpResponse:
    """A player's table; its poll (``?v=<version>``) answers 204 while the table is at
    that version and nobody to move has let the table's away time pass, in one query.
    Otherwise (and on any page load) the computer first takes the absent seats. After a
    move refused without JavaScript (``?refused=``), with its reason; after a hint
    without JavaScript (``?hinted=``, the version it was given at), with the advice while
    the table is there and it is still the player's turn. After a form the table's state
    refused without JavaScript (``?state=``, :func:`_to_state`), with that reason."""
    if wants_partial(request) and "v" in request.GET:
        row = services.poll_row(public_id=public_id)
        if row is None:
            raise Http404(services.TableNotFound.default_message)
        if small_int(request.GET["v"]) == row.version and not row.someone_absent:
            return HttpResponse(status=204)
    table = _table(public_id)
    services.replace_absent(table=table)
    token = request.GET.get("refused", "")
    if token:
        return _refusal_page(request, table, token)
    refusal = STATE_REFUSALS.get(request.GET.get(STATE_FLAG, ""))
    if refusal is not None:
        return _render(request, table, error=_said(refusal()))
    hinted = request.GET.get("hinted", "")
    if hinted:
        advice = services.hint_given(table=table, learner=known_learner(request), hinted=hinted)
        return _render(request, table, advice=advice)
    return _render(request, table, seat_back=request.GET.get(BACK_FLAG) == "1")


def _refusal_page(request: HttpRequest, table: SharedTable, token: str) -> HttpResponse:
    """The table after a move refused without JavaScript (``?refused=``, :func:`table_move`):
    the reason in the page's language, its names as the player's seat says them, and the
    cards the move was sent with ticked (a layoff's meld chosen), while the table is
    still where it was refused (nobody has moved since); else the table as it is.
    Answered 200 (the 422 was the move's), nothing changed."""
    learner = known_learner(request)
    refused = services.refused_move(table, token, learner=learner)
    seat = services.seat_of(table, learner)
    if refused is None or seat is None:
        return _render(request, table)
    state = services.shared_state(table=table)
    display = replace(
        parse_display(request.GET, request.POST), selected=refused.cards, meld=refused.meld
    )
    message = explain.refusal(refused.error, _names(state, seat))
    return _render(request, table, error=message, display=display, state=state)


def _names(state: services.SharedState, seat: int | None) -> list[str]:
    """The players' names as a refusal at ``seat``'s board says them."""
    return presenters.SeatState(state, seat).names if state.dealt else state.names


@require_safe
def table_events(request: HttpRequest, public_id: str) -> StreamingHttpResponse:
    """The table's server-sent events (:mod:`game.shared.events`): ``changed`` with the
    version, whenever it moves on past the one the page knows (``Last-Event-ID`` when the
    browser reconnects, else ``?v=``). A threaded server streams them; one that serves a
    request at a time per process answers the change since that version, if any, and
    asks the browser to come back in a second; so does a process that already holds
    ``SHARED_EVENTS_MAX_STREAMS`` streams."""
    row = services.poll_row(public_id=public_id)
    if row is None:
        raise Http404(services.TableNotFound.default_message)
    known = small_int(request.headers.get("Last-Event-ID") or request.GET.get("v", ""))
    current = events.TableMark(row.version, row.someone_absent)
    most = int(getattr(settings, "SHARED_EVENTS_MAX_STREAMS", 400))
    if request.META.get("wsgi.multithread") and events.watcher().streams() < most:
        # The stream holds its thread, not a database connection: the process's
        # watcher reads the tables for every stream at once.
        connection.close()
        body = events.stream(
            public_id,
            -1 if known is None else known,
            current,
            heartbeat=float(getattr(settings, "SHARED_EVENTS_HEARTBEAT", 15)),
            lifetime=float(getattr(settings, "SHARED_EVENTS_LIFETIME", 300)),
        )
    else:
        body = events.one_look(-1 if known is None else known, current)
    response = StreamingHttpResponse(body, content_type="text/event-stream")
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


@require_POST
@counted_with_learner
@vary_on_headers("HX-Request")
def table_move(request: LearnerRequest, public_id: str) -> HttpResponse:
    table = _table(public_id)
    try:
        version = parse_version(request.POST)
        wanted = parse_move(request.POST)
        state = services.shared_move(
            table=table,
            learner=request.learner,
            version=version,
            move=wanted.move,
            confirmed=wanted.confirmed,
        )
    except services.NeedsConfirmation as exc:
        return _render(request, table, confirm=exc.move)
    except services.MoveRefused as exc:
        if not wants_partial(request):
            # Signed at the version it was refused at (the table as it was checked).
            token = services.refusal_token(
                table,
                exc,
                learner=request.learner,
                cards=parse_display(request.GET, request.POST).selected,
            )
            if token is not None:
                return _to_refusal(request, table, token)
        table.refresh_from_db()
        state = services.shared_state(table=table)
        message = explain.refusal(
            exc.error, _names(state, services.seat_of(table, request.learner))
        )
        return _render(request, table, error=message, status=exc.status, state=state)
    except ServiceError as exc:
        moved = _to_state(request, table, exc)
        if moved is not None:
            return moved
        table.refresh_from_db()
        return _render(request, table, error=_said(exc), refused=exc.field, status=exc.status)
    if wants_partial(request):
        return _render(request, table)
    # A hand just ended that the player is to score opens as before, on its "Score it
    # yourself" (autofocus, which a page opened at a fragment skips).
    return _to_table(request, table, at_status=_at_status(request, table, state))


def _said(exc: ServiceError) -> str:
    """A refusal's message on the table's page; none for a paused table, whose page says
    "Your teacher has paused this table" already (once, not twice)."""
    return "" if isinstance(exc, services.TablePaused) else str(exc.message)


def _refused(request: HttpRequest, table: SharedTable, exc: ServiceError) -> HttpResponse:
    moved = _to_state(request, table, exc)
    if moved is not None:
        return moved
    table.refresh_from_db()
    return _render(request, table, error=_said(exc), status=exc.status)


@require_POST
@counted_with_learner
@vary_on_headers("HX-Request")
def table_hint(request: LearnerRequest, public_id: str) -> HttpResponse:
    """The coach's hint for the player's move (where the teacher has not switched the
    hints off)."""
    table = _table(public_id)
    try:
        version = parse_version(request.POST)
        _state, advice = services.shared_hint(table=table, learner=request.learner, version=version)
    except ServiceError as exc:
        return _refused(request, table, exc)
    if wants_partial(request):
        return _render(request, table, advice=advice)
    # Without JavaScript: back to the table (Post/Redirect/Get, as a practice table's
    # Hint: the page drawn in the POST's answer, reloaded, asked to send the form again),
    # which shows the advice while the table is at that version (``?hinted=``,
    # :func:`services.hint_given`). The advice takes the focus (autofocus): no fragment.
    url = reverse("shared:table", kwargs={"public_id": table.public_id})
    reload = {presenters.RELOAD_FLAG: "1"} if _reloads(request) else {}
    hinted = str(table.version)
    return redirect(table_address(url, request.POST, at_status=False, hinted=hinted, **reload))


@require_POST
@counted_with_learner
@vary_on_headers("HX-Request")
def table_more_time(request: LearnerRequest, public_id: str) -> HttpResponse:
    """ "I need more time": the computer plays the player's turn later. Sent with the
    hand's form, so the cards they had ticked stay ticked: the table is drawn in the
    answer (also without JavaScript) rather than after a redirect."""
    table = _table(public_id)
    try:
        version = parse_version(request.POST)
        services.more_time(table=table, learner=request.learner, version=version)
    except ServiceError as exc:
        return _refused(request, table, exc)
    return _render(request, table, more_time=True)


def _after(request: HttpRequest, table: SharedTable, *, at_status: bool) -> HttpResponse:
    if wants_partial(request):
        return _render(request, table)
    return _to_table(request, table, at_status=at_status)


@require_POST
@counted_with_learner
@vary_on_headers("HX-Request")
def table_leave(request: LearnerRequest, public_id: str) -> HttpResponse:
    """Leave the table: the computer plays the seat until its player takes it back."""
    table = _table(public_id)
    try:
        table = services.leave_seat(table=table, learner=request.learner)
    except ServiceError as exc:
        return _refused(request, table, exc)
    # Its page has "Take my seat back" focused (autofocus): no fragment.
    return _after(request, table, at_status=False)


@require_POST
@counted_with_learner
@vary_on_headers("HX-Request")
def table_back(request: LearnerRequest, public_id: str) -> HttpResponse:
    """Take one's seat back from the computer."""
    table = _table(public_id)
    try:
        table = services.take_seat_back(table=table, learner=request.learner)
    except ServiceError as exc:
        return _refused(request, table, exc)
    state = services.shared_state(table=table)
    # Said on the page it comes back to: "You are back at your seat." (#announce with
    # JavaScript; without, a line the page opens with, by ``?back=1``).
    if wants_partial(request):
        return _render(request, table, state=state, seat_back=True)
    url = reverse("shared:table", kwargs={"public_id": table.public_id})
    query = {BACK_FLAG: "1", **({presenters.RELOAD_FLAG: "1"} if _reloads(request) else {})}
    return redirect(
        table_address(url, request.POST, at_status=_at_status(request, table, state), **query)
    )


#: The query flag of a table's page just after its player took their seat back without
#: JavaScript (:func:`table_back`): the page says they are back.
BACK_FLAG = "back"


@require_safe
@vary_on_headers("HX-Request")
def table_review(request: HttpRequest, public_id: str, deal: int) -> HttpResponse:
    """A finished hand move by move, as the player saw it (and the revealed hands)."""
    table = _table(public_id)
    learner = known_learner(request)
    if learner is None or services.seat_of(table, learner) is None:
        return redirect("shared:sit", code=table.code)
    step = small_int(request.GET.get("move", "0")) or 0
    try:
        review = services.seat_review(table=table, learner=learner, round_number=deal, step=step)
    except services.NoSuchHand as exc:
        raise Http404(exc.message) from None
    except ServiceError as exc:
        return _render(request, table, error=str(exc.message), status=exc.status)
    context = presenters.review_context(review, table, deal)
    return render_page(request, "shared/review.html", context, partial="review")


@require_POST
@counted_with_learner
@vary_on_headers("HX-Request")
def table_next(request: LearnerRequest, public_id: str) -> HttpResponse:
    table = _table(public_id)
    try:
        version = parse_version(request.POST)
        state = services.next_hand(table=table, learner=request.learner, version=version)
    except ServiceError as exc:
        return _refused(request, table, exc)
    return _after(request, table, at_status=_at_status(request, table, state))


__all__ = [
    "index",
    "sit_down",
    "sit_page",
    "table_back",
    "table_hint",
    "table_leave",
    "table_more_time",
    "table_move",
    "table_next",
    "table_open",
    "table_page",
    "table_review",
]
