"""Practice tables: thin views over :mod:`game.practice.services`.

Every action is a ``<form method="post">`` that works without JavaScript (the
view answers with a redirect to the table, or the whole page with a message);
with htmx the same form swaps the ``table`` partial in place. Every refusal
goes through :func:`refuse`: a refused move answers 422 with the same partial
and a translated reason (without JavaScript, a redirect to the table that shows
it: ``?refused=``), a stale page 409 with the current state (without JavaScript, a
redirect to the table that says so: ``?state=stale``), a malformed post
400, someone else's table 404.
"""

from __future__ import annotations

from dataclasses import replace

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from game import explain
from game.board import BoardDisplay, scoring_pending
from game.engine import Game
from game.moveforms import (
    STATE_FLAG,
    STATUS_ID,
    SeeOther,
    parse_display,
    parse_move,
    parse_version,
    table_address,
)
from learners.middleware import LearnerRequest
from learners.services import known_learner, read_as_visitor
from rummy_site import ratelimit
from rummy_site.errors import ServiceError
from rummy_site.htmx import render_page, wants_partial
from rummy_site.parsing import small_int

from . import presenters, services
from .forms import NewTableForm
from .models import Table

TABLE_TEMPLATE = "practice/table.html"


def _index(request: HttpRequest, form: NewTableForm, *, status: int = 200) -> HttpResponse:
    learner = known_learner(request)
    if not form.is_bound and learner is not None and learner.display_name:
        # The learner's own name (a pupil's name in their class), not the language's
        # default: the teacher's walk met a pupil called "Aleksas" at his table.
        form.initial.setdefault("name", learner.display_name)
    tables = services.tables_of(learner=learner)
    context = {
        "form": form,
        "tables": presenters.table_summaries(tables),
        # Drawn for a form sent too (a POST): the language buttons go to this page.
        "page_url": reverse("practice:index"),
    }
    return render(request, "practice/index.html", context, status=status)


@require_safe
def practice_index(request: HttpRequest) -> HttpResponse:
    game = Game.named(request.GET.get("game"))
    return _index(request, NewTableForm(initial={"game": game.value} if game else {}))


@require_POST
def practice_new(request: LearnerRequest) -> HttpResponse:
    form = NewTableForm(request.POST)
    if not form.is_valid():
        return _index(request, form, status=400)
    try:
        table = services.table_start(
            learner=request.learner,
            game=form.cleaned_data["game"],
            players=form.cleaned_data["players"],
            options=form.options(),
            name=form.cleaned_data["name"],
            computers=form.computers(),
        )
    except services.TooManyTables as exc:
        form.add_error(None, str(exc.message))
        return _index(request, form, status=exc.status)
    # The new table's first page opens at its status line over the hand, as every page
    # after a move does (it opened at the header and the menu: the walk without JavaScript).
    url = reverse("practice:table", kwargs={"public_id": table.public_id})
    return redirect(f"{url}#{STATUS_ID}")


def _table_or_404(request: HttpRequest, public_id: str) -> Table:
    """The request's learner's table: one query for a visitor (the table with its
    learner, found by the visitor cookie, and a POST's rate-limit count sent with it),
    else the learner first, then the table."""
    table = read_as_visitor(
        request,
        lambda key, count: services.table_of_visitor(
            visitor_key=key, public_id=public_id, count=count
        ),
    )
    if table is not None:
        return table
    try:
        return services.table_get(learner=known_learner(request), public_id=public_id)
    except services.TableNotFound as exc:
        raise Http404(exc.message) from None


def _render(
    request: HttpRequest,
    state: services.TableState,
    *,
    status: int = 200,
    display: BoardDisplay | None = None,
    **extra: object,
) -> HttpResponse:
    """The table's page (or its ``table`` partial, for htmx); ``display``: the board as
    shown, when not as the request asks it (a refused move's cards ticked again)."""
    if display is None:
        display = parse_display(request.GET, request.POST)
    display = services.scoring_seen(state=state, display=display)
    context = presenters.table_context(state, display, **extra)  # type: ignore[arg-type]
    return render_page(
        request,
        TABLE_TEMPLATE,
        context,
        partial="table",
        status=status,
        board="practice/_board.jinja",
    )


def _corrupt(request: HttpRequest, table: Table) -> HttpResponse:
    return render(request, "practice/corrupt.html", {"table": table}, status=500)


def refuse(request: HttpRequest, table: Table, exc: ServiceError) -> HttpResponse:
    """The one answer to every refusal of a practice view: the table as it is now, with
    the reason and the refusal's status (nothing was changed)."""
    if isinstance(exc, services.TableNotFound | services.NoSuchHand):
        raise Http404(exc.message)
    if isinstance(exc, services.CorruptTable):
        return _corrupt(request, table)
    if isinstance(exc, services.NeedsConfirmation):
        return _render(request, exc.state, confirm=exc.move)
    if isinstance(exc, services.MoveRefused):
        if not wants_partial(request):
            moved = _to_refusal(request, exc)
            if moved is not None:
                return moved
        message = explain.refusal(exc.error, exc.state.names)
        return _render(request, exc.state, status=exc.status, error=message)
    if isinstance(exc, services.StaleTable):
        if request.method == "POST" and not wants_partial(request):
            return _to_stale(request, table)
        table.refresh_from_db()
    try:
        state = services.table_state(table=table)
    except services.CorruptTable:
        return _corrupt(request, table)
    return _render(request, state, status=exc.status, error=str(exc.message), refused=exc.field)


def _to_refusal(request: HttpRequest, exc: services.MoveRefused) -> HttpResponse | None:
    """Without JavaScript, a refused move: back to the table (Post/Redirect/Get, 303),
    the refusal signed into its address (``?refused=``, :func:`services.refusal_token`:
    its reason and the cards that were ticked), which shows it while the table is where
    it was refused. A reload there shows the same page and sends nothing (the move's own
    422 page, reloaded, asked to send the form again). No fragment: the page puts the
    focus on the reason itself (autofocus, so that it is read out, and in view beside
    the buttons), which a page opened at a fragment skips. ``None`` for a reason no
    token names: the move's own page says it, as before."""
    ticked = parse_display(request.GET, request.POST).selected
    token = services.refusal_token(exc, cards=ticked)
    if token is None:
        return None
    url = reverse("practice:table", kwargs={"public_id": exc.state.table.public_id})
    return SeeOther(table_address(url, request.POST, at_status=False, refused=token))


#: :data:`~game.moveforms.STATE_FLAG`'s value after a form sent without JavaScript from a
#: page the table had moved on from (:func:`_to_stale`), as at a table for people.
STALE = "stale"


def _to_stale(request: HttpRequest, table: Table) -> HttpResponse:
    """Without JavaScript, a form sent from a page the table has moved on from (another
    tab, the same form sent twice): back to the table as it is now (Post/Redirect/Get,
    303), which says so (``?state=stale``); a reload there shows the same page and sends
    nothing (the 409 page, reloaded, asked to send the form again). Not signed: anyone
    who writes the flag in by hand is told only that the table may have changed. No
    fragment: the page puts the focus on the reason (autofocus), which a page opened at
    a fragment skips."""
    url = reverse("practice:table", kwargs={"public_id": table.public_id})
    return SeeOther(table_address(url, request.POST, at_status=False, **{STATE_FLAG: STALE}))


def _after_post(
    request: HttpRequest, state: services.TableState, *, skipped: bool = False
) -> HttpResponse:
    """htmx: the new table partial. Without JavaScript: back to the table (POST/redirect/GET,
    ``moveforms.table_address``), with the board's Arrange kept off if the form switched
    it off (the Lithuanian walk: it came back on after every move), and opened at the
    table's status over the hand (it came back at the top of the page); but a finished
    hand the learner is to score opens as before, on its "Score it yourself" (autofocus,
    which a page opened at a fragment skips). A finished hand with nothing to score (no
    points change hands, or the learner sat it out) opens at the status too."""
    if wants_partial(request):
        return _render(request, state, skipped=skipped)
    display = services.scoring_seen(state=state, display=parse_display(request.GET, request.POST))
    at_status = not scoring_pending(state, display)
    url = reverse("practice:table", kwargs={"public_id": state.table.public_id})
    return redirect(table_address(url, request.POST, at_status=at_status))


def _show(request: HttpRequest, table: Table) -> HttpResponse:
    """The table as it is now."""
    try:
        return _render(request, services.table_state(table=table))
    except services.CorruptTable:
        return _corrupt(request, table)


@require_safe
@never_cache
@vary_on_headers("HX-Request")
def table_page(request: HttpRequest, public_id: str) -> HttpResponse:
    """The table as it is now, never kept by the browser: its Back button showed the page
    as first drawn, a turn already played offered again (the Russian pupil's walk). After
    a move refused without JavaScript (``?refused=``, :func:`_to_refusal`), with the
    reason, in the page's language, and the cards it was sent with ticked (a layoff's
    meld chosen), while the table is still where it was refused; answered 200 (the 422
    was the move's), nothing changed. After a hint without JavaScript (``?hinted=``, the
    version it left: :func:`table_hint`), with the coach's advice while the table is
    there, counted once. After a form sent without JavaScript from a page the table had
    moved on from (``?state=stale``, :func:`_to_stale`), with that said."""
    table = _table_or_404(request, public_id)
    token = request.GET.get("refused", "")
    hinted = request.GET.get("hinted", "")
    if request.GET.get(STATE_FLAG) == STALE and not token and not hinted:
        try:
            state = services.table_state(table=table)
        except services.CorruptTable:
            return _corrupt(request, table)
        return _render(request, state, error=str(services.StaleTable.default_message))
    if not token and not hinted:
        return _show(request, table)
    try:
        state = services.table_state(table=table)
    except services.CorruptTable:
        return _corrupt(request, table)
    if not token:
        return _render(request, state, advice=services.hint_given(state, hinted))
    refused = services.refused_move(state, token)
    if refused is None:
        return _render(request, state)
    display = replace(
        parse_display(request.GET, request.POST), selected=refused.cards, meld=refused.meld
    )
    message = explain.refusal(refused.error, state.names)
    return _render(request, state, error=message, display=display)


@ratelimit.counted_with_first_read
@require_POST
@vary_on_headers("HX-Request")
def table_move(request: HttpRequest, public_id: str) -> HttpResponse:
    table = _table_or_404(request, public_id)
    try:
        version = parse_version(request.POST)
        wanted = parse_move(request.POST)
        state = services.table_move(
            table=table, version=version, move=wanted.move, confirmed=wanted.confirmed
        )
    except ServiceError as exc:
        return refuse(request, table, exc)
    return _after_post(request, state)


@ratelimit.counted_with_first_read
@require_POST
@vary_on_headers("HX-Request")
def table_bots(request: HttpRequest, public_id: str) -> HttpResponse:
    table = _table_or_404(request, public_id)
    try:
        version = parse_version(request.POST)
        skipped = request.POST.get("all") == "1"
        state = services.table_bot_step(table=table, version=version, all_steps=skipped)
    except services.StaleTable as exc:
        if request.POST.get("auto") == "1":  # a timed step lost a race: just show the table
            table.refresh_from_db()
            return _show(request, table)
        return refuse(request, table, exc)
    except ServiceError as exc:
        return refuse(request, table, exc)
    return _after_post(request, state, skipped=skipped)


@ratelimit.counted_with_first_read
@require_POST
@vary_on_headers("HX-Request")
def table_hint(request: HttpRequest, public_id: str) -> HttpResponse:
    table = _table_or_404(request, public_id)
    try:
        version = parse_version(request.POST)
        state, advice = services.table_hint(table=table, version=version)
    except ServiceError as exc:
        return refuse(request, table, exc)
    if wants_partial(request):
        return _render(request, state, advice=advice)
    # Without JavaScript: back to the table (Post/Redirect/Get: a reload of the page drawn
    # in the POST's answer asked to send the form again), which shows the hint while the
    # table is at the version it left (``?hinted=``; the hint is recorded, and a reload
    # counts nothing). The hint takes the focus (autofocus): the address has no fragment.
    url = reverse("practice:table", kwargs={"public_id": state.table.public_id})
    hinted = str(state.table.version)
    return redirect(table_address(url, request.POST, at_status=False, hinted=hinted))


@ratelimit.counted_with_first_read
@require_POST
@vary_on_headers("HX-Request")
def table_next(request: HttpRequest, public_id: str) -> HttpResponse:
    table = _table_or_404(request, public_id)
    try:
        version = parse_version(request.POST)
        state = services.table_next_hand(table=table, version=version)
    except ServiceError as exc:
        return refuse(request, table, exc)
    return _after_post(request, state)


@require_safe
@vary_on_headers("HX-Request")
def table_review(request: HttpRequest, public_id: str, deal: int) -> HttpResponse:
    """Step through a finished hand: every hand face up, the coach on each of your moves."""
    table = _table_or_404(request, public_id)
    step = small_int(request.GET.get("move", "0")) or 0
    try:
        review = services.table_review(table=table, round_number=deal, step=step)
    except ServiceError as exc:
        return refuse(request, table, exc)
    return render_page(
        request,
        "practice/review.html",
        presenters.review_context(review, table, deal),
        partial="review",
    )
