"""Practice tables: thin views over :mod:`game.practice.services`.

Every action is a ``<form method="post">`` that works without JavaScript (the
view answers with a redirect to the table, or the whole page with a message);
with htmx the same form swaps the ``table`` partial in place. Every refusal
goes through :func:`refuse`: a refused move answers 422 with the same partial
and a translated reason, a stale page 409 with the current state, a malformed
post 400, someone else's table 404.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from game import explain
from game.engine import Game
from game.moveforms import parse_display, parse_move, parse_version, table_address
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
    return redirect("practice:table", public_id=table.public_id)


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
    **extra: object,
) -> HttpResponse:
    display = services.scoring_seen(state=state, display=parse_display(request.GET, request.POST))
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
        message = explain.refusal(exc.error, exc.state.names)
        return _render(request, exc.state, status=exc.status, error=message)
    if isinstance(exc, services.StaleTable):
        table.refresh_from_db()
    try:
        state = services.table_state(table=table)
    except services.CorruptTable:
        return _corrupt(request, table)
    return _render(request, state, status=exc.status, error=str(exc.message), refused=exc.field)


def _after_post(request: HttpRequest, state: services.TableState) -> HttpResponse:
    """htmx: the new table partial. Without JavaScript: back to the table (POST/redirect/GET,
    ``moveforms.table_address``), with the board's Arrange kept off if the form switched
    it off (the Lithuanian walk: it came back on after every move), and, while the hand is
    being played, opened at the table's status over the hand (it came back at the top of
    the page); a finished hand's page opens as before, on its "Score it yourself"."""
    if wants_partial(request):
        return _render(request, state)
    url = reverse("practice:table", kwargs={"public_id": state.table.public_id})
    return redirect(table_address(url, request.POST, at_status=not state.hand.is_over))


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
    as first drawn, a turn already played offered again (the Russian pupil's walk)."""
    return _show(request, _table_or_404(request, public_id))


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
        state = services.table_bot_step(
            table=table, version=version, all_steps=request.POST.get("all") == "1"
        )
    except services.StaleTable as exc:
        if request.POST.get("auto") == "1":  # a timed step lost a race: just show the table
            table.refresh_from_db()
            return _show(request, table)
        return refuse(request, table, exc)
    except ServiceError as exc:
        return refuse(request, table, exc)
    return _after_post(request, state)


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
    return _render(request, state, advice=advice)


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
