"""Guided hands: the index, the learner's page, moves, hints and a fresh start.

Thin views over :mod:`game.guided.services`; every action is a plain form that
htmx upgrades to a swap of the ``table`` partial, and every refusal goes through
:func:`refuse`. Without JavaScript a move (allowed or forbidden by the rules), a hint and
a start again answer with a redirect to the hand's page (Post/Redirect/Get,
:func:`_after_move`).
"""

from __future__ import annotations

from dataclasses import replace

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from game.board import BoardDisplay, scoring_pending
from game.moveforms import parse_display, parse_move, parse_version, table_address, with_arrange
from learners.middleware import LearnerRequest
from learners.models import Learner
from learners.services import counted_with_learner, known_learner, read_as_visitor
from rummy_site import ratelimit
from rummy_site.errors import ServiceError
from rummy_site.htmx import render_page, wants_partial

from . import presenters, scenarios, services
from .models import GuidedAttempt

TEMPLATE = "guided/hand.html"


def _scenario(slug: str) -> scenarios.Scenario:
    scenario = scenarios.get(slug)
    if scenario is None:
        raise Http404(_("There is no such guided hand."))
    return scenario


@require_safe
def guided_index(request: HttpRequest) -> HttpResponse:
    learner = known_learner(request)
    results = services.results_of(learner=learner)
    name = services.learner_name(learner) if learner is not None else ""
    return render(request, "guided/index.html", presenters.index_context(results, name))


def _render(
    request: HttpRequest,
    state: services.GuidedState,
    *,
    status: int = 200,
    verdict: services.Verdict | None = None,
    error: str = "",
    refused: str = "",
    asking_restart: bool = False,
    hinted: bool = False,
    display: BoardDisplay | None = None,
) -> HttpResponse:
    """The hand's page (or its ``table`` partial, for htmx); ``asking_restart``: with
    "Start this hand again?" in the coach's panel (:func:`guided_restart`); ``hinted``:
    the answer to "Hint" (the hint just given takes the focus); ``display``: the board as
    shown, when not as the request asks it (a refused move's cards ticked again)."""
    if display is None:
        display = parse_display(request.GET, request.POST)
    display = services.scoring_seen(state=state, display=display)
    context = presenters.guided_context(
        state, display, verdict=verdict, error=error, refused=refused
    )
    context["asking_restart"] = asking_restart
    context["hinted"] = hinted
    context["announce"] = presenters.announcement(context)
    presenters.opened_at(context)
    if context["finished"]:
        # Go on along the learner's path (the path is composed above the apps: read here).
        from rummy_site import path

        following = path.step_after(
            game=state.scenario.game,
            url=context["page_url"],
            learner=known_learner(request),
            language=get_language(),
        )
        if following is not None:
            context["next_url"], context["next_title"] = following.link, following.title
        if following is None or following.kind == "guided":
            # The next guided hand opens with Arrange as this one had it (switched off,
            # it came back on there: the walk without JavaScript).
            context["next_url"] = with_arrange(context["next_url"], display.arrange)
    return render_page(
        request, TEMPLATE, context, partial="table", status=status, board="guided/_board.jinja"
    )


def refuse(request: HttpRequest, scenario: scenarios.Scenario, exc: ServiceError) -> HttpResponse:
    """The one answer to every refusal of a guided-hand view: the hand as it is now, with
    the reason and the refusal's status (nothing was changed)."""
    state = services.guided_page(learner=known_learner(request), scenario=scenario)
    return _render(request, state, status=exc.status, error=str(exc.message), refused=exc.field)


@require_safe
@never_cache
@vary_on_headers("HX-Request")
def guided_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The hand as the learner left it; after a move made without JavaScript
    (``?answered=``, :func:`_after_move`), with the coach's verdict on it while the hand
    is still where it was given (a reload shows the same page); after a move the rules
    forbid (``?refused=``), with the refusal and the cards it was sent with ticked (a
    layoff's meld chosen) while the hand is still there, answered 200 (the 422 was the
    move's); after a hint (``?hinted=`` the version it left), opened on that hint while
    the hand is there. Never kept by the browser, as a practice table's page: Back shows
    the hand as it is now, not a step already played."""
    scenario = _scenario(slug)
    learner = known_learner(request)
    state = services.guided_page(learner=learner, scenario=scenario)
    token = request.GET.get("answered", "")
    verdict = services.answered_verdict(state, token, learner=learner) if token else None
    refused_token = request.GET.get("refused", "")
    refused = (
        services.refused_move(state, refused_token, learner=learner) if refused_token else None
    )
    if refused is not None:
        display = replace(
            parse_display(request.GET, request.POST), selected=refused.cards, meld=refused.meld
        )
        return _render(request, state, verdict=refused.verdict, display=display)
    hinted = state.attempt is not None and request.GET.get("hinted") == str(state.version)
    return _render(request, state, verdict=verdict, hinted=hinted)


def _learner_and_attempt(
    request: LearnerRequest, scenario: scenarios.Scenario
) -> tuple[Learner, GuidedAttempt | services.Unread]:
    """The learner of a move or hint, and their latest attempt at the hand: for a
    visitor one query (the attempt with its learner, found by the visitor cookie, and
    the POST's rate-limit count sent with it); else the learner, the attempt read later."""
    attempt = read_as_visitor(
        request,
        lambda key, count: services.attempt_of_visitor(
            visitor_key=key, scenario=scenario, count=count
        ),
    )
    if attempt is not None:
        return attempt.learner, attempt
    return request.learner, services.UNREAD


@ratelimit.counted_with_first_read
@require_POST
@vary_on_headers("HX-Request")
def guided_move(request: LearnerRequest, slug: str) -> HttpResponse:
    scenario = _scenario(slug)
    learner, current = _learner_and_attempt(request, scenario)
    try:
        version = parse_version(request.POST)
        wanted = parse_move(request.POST)
        state, verdict = services.attempt_move(
            learner=learner,
            scenario=scenario,
            version=version,
            move=wanted.move,
            continue_anyway=request.POST.get("continue") == "1",
            current=current,
        )
    except ServiceError as exc:
        return refuse(request, scenario, exc)
    return _after_move(request, learner, state, verdict)


def _after_move(
    request: HttpRequest, learner: Learner, state: services.GuidedState, verdict: services.Verdict
) -> HttpResponse:
    """htmx: the new table partial, with the coach's verdict (422 for a move the rules
    forbid: nothing was made, its cards stay ticked). Without JavaScript: back to the
    hand's page (Post/Redirect/Get, :func:`_to_hand`), the verdict signed into its
    address: ``?answered=`` (:func:`services.verdict_token`), or for a move the rules
    forbid ``?refused=`` (:func:`services.refusal_token`: its reason and the cards that
    were ticked). A reload there shows the same page and sends nothing (the Lithuanian
    walk: the move's page reloaded sent its form again, and the "Try again / Continue
    anyway" question, or the refusal, came back as "the hand has moved on")."""
    illegal = verdict.kind is services.VerdictKind.ILLEGAL
    if wants_partial(request):
        return _render(request, state, status=422 if illegal else 200, verdict=verdict)
    if illegal:
        # Its page puts the focus on the coach's reason itself (autofocus): no fragment.
        ticked = parse_display(request.GET, request.POST).selected
        token = services.refusal_token(state, verdict, learner=learner, cards=ticked)
        return _to_hand(request, state, at_status=False, refused=token)
    # The coach's question on a move that is not the step's has "Try again" focused
    # (autofocus, which a page opened at the coach would skip); a finished hand to score,
    # its "Score it yourself". A finished hand with nothing to score (nobody collects: a
    # void hand) opens at the coach, as its page's language buttons send it
    # (presenters.opened_at): it was sent to its top, its buttons to the coach.
    asks = verdict.kind is services.VerdictKind.OTHER and not verdict.continued
    to_score = state.hand.is_over and scoring_pending(
        state, services.scoring_seen(state=state, display=BoardDisplay())
    )
    return _to_hand(
        request,
        state,
        at_status=not (asks or to_score),
        answered=services.verdict_token(state, verdict, learner=learner),
    )


@ratelimit.counted_with_first_read
@require_POST
@vary_on_headers("HX-Request")
def guided_hint(request: LearnerRequest, slug: str) -> HttpResponse:
    scenario = _scenario(slug)
    learner, current = _learner_and_attempt(request, scenario)
    try:
        version = parse_version(request.POST)
        state = services.attempt_hint(
            learner=learner, scenario=scenario, version=version, current=current
        )
    except ServiceError as exc:
        return refuse(request, scenario, exc)
    if wants_partial(request):
        return _render(request, state, hinted=True)
    # Without JavaScript: back to the hand's page (Post/Redirect/Get), which opens on the
    # hint just given while the hand is at the version it left (``?hinted=``): the hint
    # takes the focus (autofocus), so the address has no fragment.
    return _to_hand(request, state, at_status=False, hinted=str(state.version))


@require_http_methods(["GET", "HEAD", "POST"])
@counted_with_learner
@vary_on_headers("HX-Request")
def guided_restart(request: LearnerRequest, slug: str) -> HttpResponse:
    """ "Start the hand again". When it would take moves off the board (an unfinished
    hand with moves made: a tap meant for the hand can land on it), the button (a POST
    without ``confirm``), or its address opened, asks first: the hand's page with the
    question in the coach's panel; its "Start again" (``confirm=1``, with the version it
    was asked at) starts again, and sent again or after the hand moved on is refused as
    stale (:func:`refuse`), nothing changed. A hand finished (its result is kept) or not
    begun starts again at once; its address opened shows the hand."""
    scenario = _scenario(slug)
    confirmed = request.method == "POST" and request.POST.get("confirm") == "1"
    if not confirmed:
        state = services.guided_page(learner=known_learner(request), scenario=scenario)
        if state.restart_asks:
            return _render(request, state, asking_restart=True)
        if request.method != "POST":
            return redirect("guided:hand", slug=scenario.slug)
    try:
        version = parse_version(request.POST) if confirmed else None
        state = services.attempt_restart(
            learner=request.learner, scenario=scenario, version=version
        )
    except ServiceError as exc:
        return refuse(request, scenario, exc)
    if wants_partial(request):
        return _render(request, state)
    return _to_hand(request, state, at_status=True)


def _to_hand(
    request: HttpRequest, state: services.GuidedState, *, at_status: bool, **query: str
) -> HttpResponse:
    """Without JavaScript, after a move, a hint or "Start the hand again": the hand's
    page (Post/Redirect/Get, ``moveforms.table_address``), showing ``query``
    (``answered``, ``refused``, ``hinted``), with the board's Arrange switched off if the
    form said so (it came back on), and with ``at_status`` opened at the coach
    (``#table-status``), who says what the move did and what is next, above the hand (it
    came back at the top of the page)."""
    url = reverse("guided:hand", kwargs={"slug": state.scenario.slug})
    return redirect(table_address(url, request.POST, at_status=at_status, **query))
