"""Practice tables: thin views over :mod:`game.services`.

Every action is a ``<form method="post">`` that works without JavaScript (the
view answers with a redirect to the table, or the whole page with a message);
with htmx the same form swaps the ``table`` partial in place. A refused move
answers 422 with the same partial and a translated reason; a stale page 409
with the current state; someone else's table 404.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from game.engine.errors import IllegalMove
from learners.services import learner_for
from rummy_site.htmx import render_page, wants_partial
from rummy_site.parsing import small_int

from . import presenters, services
from .forms import BadInput, NewTableForm, parse_move, parse_version
from .models import Table

TABLE_TEMPLATE = "game/table.html"


@require_GET
def practice_index(request: HttpRequest) -> HttpResponse:
    learner = learner_for(request, create=False)
    game = request.GET.get("game")
    initial = {"game": game} if game in Table.Game.values else {}
    return render(
        request,
        "game/practice_index.html",
        {
            "form": NewTableForm(initial=initial),
            "tables": presenters.table_summaries(services.tables_of(learner=learner)),
        },
    )


@require_POST
def practice_new(request: HttpRequest) -> HttpResponse:
    form = NewTableForm(request.POST)
    if not form.is_valid():
        learner = learner_for(request, create=False)
        return render(
            request,
            "game/practice_index.html",
            {
                "form": form,
                "tables": presenters.table_summaries(services.tables_of(learner=learner)),
            },
            status=400,
        )
    learner = learner_for(request)
    assert learner is not None
    table = services.table_start(
        learner=learner,
        game=form.cleaned_data["game"],
        players=form.cleaned_data["players"],
        options=form.options(),
        name=form.cleaned_data["name"],
    )
    return redirect("game:table", public_id=table.public_id)


def _table_or_404(request: HttpRequest, public_id: str) -> Table:
    try:
        return services.table_get(learner=learner_for(request, create=False), public_id=public_id)
    except services.TableNotFound:
        raise Http404(_("There is no such table, or it is not yours.")) from None


def _render_table(
    request: HttpRequest,
    table: Table,
    *,
    status: int = 200,
    error: str = "",
    notice: str = "",
    extra: dict[str, Any] | None = None,
) -> HttpResponse:
    try:
        state = services.table_state(table=table)
    except services.CorruptTable:
        return render(request, "game/table_corrupt.html", {"table": table}, status=500)
    context = presenters.table_context(request, state, error=error, notice=notice, **(extra or {}))
    return render_page(request, TABLE_TEMPLATE, context, partial="table", status=status)


def _after_post(request: HttpRequest, table: Table) -> HttpResponse:
    """htmx: the new table partial. Without JavaScript: back to the table (POST/redirect/GET)."""
    if wants_partial(request):
        return _render_table(request, table)
    url = reverse("game:table", kwargs={"public_id": table.public_id})
    arrange = request.POST.get("arrange") == "1"
    return redirect(url + ("?arrange=1" if arrange else ""), permanent=False)


@require_GET
@vary_on_headers("HX-Request")
def table_page(request: HttpRequest, public_id: str) -> HttpResponse:
    table = _table_or_404(request, public_id)
    return _render_table(request, table)


@require_POST
@vary_on_headers("HX-Request")
def table_move(request: HttpRequest, public_id: str) -> HttpResponse:
    table = _table_or_404(request, public_id)
    try:
        version = parse_version(request.POST)
        wanted = parse_move(request.POST)
    except BadInput as exc:
        return _render_table(request, table, status=400, error=exc.message)
    try:
        state = services.table_state(table=table)
    except services.CorruptTable:
        return _render_table(request, table)
    if version != table.version:
        return _stale(request, table)
    if state.me is None:
        return _render_table(
            request,
            table,
            status=422,
            error=_("You sit out this hand: watch it, or skip to the end."),
        )
    try:
        ends_hand = state.hand.apply(wanted.move, state.me).is_over
    except IllegalMove as exc:
        return _render_table(request, table, status=422, error=presenters.illegal_move(exc, state))
    if ends_hand and not wanted.confirmed:
        return _render_table(request, table, extra={"confirm": wanted.move})
    try:
        services.table_move(table=table, version=version, move=wanted.move)
    except services.StaleTable:
        return _stale(request, table)
    return _after_post(request, table)


def _stale(request: HttpRequest, table: Table) -> HttpResponse:
    table.refresh_from_db()
    return _render_table(
        request,
        table,
        status=409,
        error=_("The table changed in another tab or window. Here it is as it is now."),
    )


@require_POST
@vary_on_headers("HX-Request")
def table_bots(request: HttpRequest, public_id: str) -> HttpResponse:
    table = _table_or_404(request, public_id)
    try:
        version = parse_version(request.POST)
        services.table_bot_step(
            table=table, version=version, all_steps=request.POST.get("all") == "1"
        )
    except BadInput as exc:
        return _render_table(request, table, status=400, error=exc.message)
    except services.StaleTable:
        if request.POST.get("auto") == "1":  # a timed step lost a race: just show the table
            table.refresh_from_db()
            return _render_table(request, table)
        return _stale(request, table)
    except services.NothingToDo:
        return _render_table(request, table, status=422, error=_("It is your turn."))
    except services.CorruptTable:
        return _render_table(request, table)
    return _after_post(request, table)


@require_POST
@vary_on_headers("HX-Request")
def table_hint(request: HttpRequest, public_id: str) -> HttpResponse:
    table = _table_or_404(request, public_id)
    try:
        version = parse_version(request.POST)
        _state, advice = services.table_hint(table=table, version=version)
    except BadInput as exc:
        return _render_table(request, table, status=400, error=exc.message)
    except services.StaleTable:
        return _stale(request, table)
    except services.NotYourTurn:
        return _render_table(
            request, table, status=422, error=_("Hints are for your own turn. Wait for it.")
        )
    except services.CorruptTable:
        return _render_table(request, table)
    return _render_table(request, table, extra={"advice": advice})


@require_POST
@vary_on_headers("HX-Request")
def table_next(request: HttpRequest, public_id: str) -> HttpResponse:
    table = _table_or_404(request, public_id)
    try:
        version = parse_version(request.POST)
        services.table_next_hand(table=table, version=version)
    except BadInput as exc:
        return _render_table(request, table, status=400, error=exc.message)
    except services.StaleTable:
        return _stale(request, table)
    except services.HandNotOver:
        return _render_table(
            request, table, status=422, error=_("Finish this hand before dealing the next one.")
        )
    except services.MatchOver:
        return _render_table(
            request,
            table,
            status=422,
            error=_("The match is over. Start a new table to play again."),
        )
    except services.CorruptTable:
        return _render_table(request, table)
    return _after_post(request, table)


@require_GET
@vary_on_headers("HX-Request")
def table_review(request: HttpRequest, public_id: str, deal: int) -> HttpResponse:
    """Step through a finished hand: every hand face up, the coach on each of your moves."""
    table = _table_or_404(request, public_id)
    step = small_int(request.GET.get("move", "0")) or 0
    try:
        review = services.table_review(table=table, deal=deal, step=step)
    except services.TableNotFound:
        raise Http404(_("There is no such hand at this table.")) from None
    except services.HandNotOver:
        return _render_table(
            request, table, status=422, error=_("A hand can be reviewed once it is over.")
        )
    except services.CorruptTable:
        return render(request, "game/table_corrupt.html", {"table": table}, status=500)
    return render_page(
        request,
        "game/review.html",
        presenters.review_context(review, table, deal),
        partial="review",
    )
