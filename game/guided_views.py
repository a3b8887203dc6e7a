"""Guided hands: the index, the learner's page, moves, hints and a fresh start.

Thin views over :mod:`game.guided_services`; every action is a plain form
that htmx upgrades to a swap of the ``table`` partial.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from learners.services import learner_for
from rummy_site.htmx import render_page, wants_partial

from . import guided, guided_presenters
from . import guided_services as services
from .forms import BadInput, parse_move, parse_version

TEMPLATE = "game/guided.html"


def _scenario(slug: str) -> guided.Scenario:
    scenario = guided.get(slug)
    if scenario is None:
        raise Http404(_("There is no such guided hand."))
    return scenario


@require_GET
def guided_index(request: HttpRequest) -> HttpResponse:
    learner = learner_for(request, create=False)
    context = guided_presenters.index_context(services.results_of(learner=learner))
    return render(request, "game/guided_index.html", context)


def _render(
    request: HttpRequest,
    scenario: guided.Scenario,
    *,
    status: int = 200,
    verdict: services.Verdict | None = None,
    error: str = "",
    extra: dict[str, Any] | None = None,
) -> HttpResponse:
    learner = learner_for(request, create=False)
    attempt = services.attempt_current(learner=learner, scenario=scenario)
    state = services.guided_state(scenario=scenario, attempt=attempt, learner=learner)
    context = guided_presenters.guided_context(request, state, verdict=verdict, error=error)
    context.update(extra or {})
    return render_page(request, TEMPLATE, context, partial="table", status=status)


@require_GET
@vary_on_headers("HX-Request")
def guided_page(request: HttpRequest, slug: str) -> HttpResponse:
    return _render(request, _scenario(slug))


def _stale(request: HttpRequest, scenario: guided.Scenario) -> HttpResponse:
    """Another tab moved on: say so, and show the hand as it is now."""
    return _render(
        request,
        scenario,
        status=409,
        error=_("This guided hand changed in another tab or window. Here it is as it is now."),
    )


@require_POST
@vary_on_headers("HX-Request")
def guided_move(request: HttpRequest, slug: str) -> HttpResponse:
    scenario = _scenario(slug)
    try:
        version = parse_version(request.POST)
        wanted = parse_move(request.POST)
    except BadInput as exc:
        return _render(request, scenario, status=400, error=exc.message)
    learner = learner_for(request)
    assert learner is not None
    attempt = services.attempt_current(learner=learner, scenario=scenario)
    try:
        _state, verdict = services.attempt_move(
            learner=learner,
            scenario=scenario,
            attempt=attempt,
            version=version,
            move=wanted.move,
            continue_anyway=request.POST.get("continue") == "1",
        )
    except services.StaleAttempt:
        return _stale(request, scenario)
    except services.AttemptOver:
        return _render(
            request,
            scenario,
            status=422,
            error=_("This hand is over. Try it again, or go on to the next one."),
        )
    status = 422 if verdict.kind == "illegal" else 200
    # htmx gets the partial; without JavaScript the whole page, so the feedback shows.
    return _render(request, scenario, status=status, verdict=verdict)


@require_POST
@vary_on_headers("HX-Request")
def guided_hint(request: HttpRequest, slug: str) -> HttpResponse:
    scenario = _scenario(slug)
    try:
        version = parse_version(request.POST)
    except BadInput as exc:
        return _render(request, scenario, status=400, error=exc.message)
    learner = learner_for(request)
    assert learner is not None
    attempt = services.attempt_current(learner=learner, scenario=scenario)
    try:
        services.attempt_hint(learner=learner, scenario=scenario, attempt=attempt, version=version)
    except services.StaleAttempt:
        return _stale(request, scenario)
    except services.NoMoreHints:
        return _render(
            request, scenario, status=422, error=_("That was the last hint for this step.")
        )
    except services.AttemptOver:
        return _render(request, scenario, status=422, error=_("This hand is over."))
    return _render(request, scenario)


@require_POST
def guided_restart(request: HttpRequest, slug: str) -> HttpResponse:
    scenario = _scenario(slug)
    learner = learner_for(request)
    assert learner is not None
    services.attempt_start(learner=learner, scenario=scenario)
    url = reverse("game:guided", kwargs={"slug": scenario.slug})
    if wants_partial(request):
        return _render(request, scenario)
    return redirect(url)
