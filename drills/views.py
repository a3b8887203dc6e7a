"""Drills: the index, a drill's question, and an answer (then the next question).

An answer is Post/Redirect/Get: it redirects to the drill's page, which shows its result
(``?answered=``, :func:`drills.services.answered_token`) above the next question, so that
a reload neither asks to send the form again nor counts anything. A refused answer is
drawn in the POST's answer, beside its question with the fields as they were sent."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from game.engine import Game
from learners.middleware import LearnerRequest
from learners.services import counted_with_learner, known_learner
from lessons.forms import parse_answer
from rummy_site.errors import ServiceError
from rummy_site.questions import answered_address
from rummy_site.reversing import cached_reverse

from . import presenters, services


def _game(game: str, kind: str) -> Game:
    found = Game.named(game)
    if found is None or kind not in services.DRILLS.get(found, {}):
        raise Http404(_("There is no such drill."))
    return found


@require_safe
def drills_index(request: HttpRequest) -> HttpResponse:
    records = services.records_of(learner=known_learner(request))
    return render(request, "drills/index.html", presenters.index_context(records))


def _drill_page(
    request: HttpRequest,
    game: Game,
    kind: str,
    *,
    last: services.DrillAnswered | None = None,
    error: str = "",
    refused: str = "",
    status: int = 200,
) -> HttpResponse:
    learner = known_learner(request)
    # A malformed answer is refused beside the question it was for, its fields as the
    # learner left them (cards picked, a number typed, a player chosen): not beside a
    # freshly dealt one (as review does; the accessibility walk).
    item = (
        services.question_asked(
            learner=learner, game=game, kind=kind, token=request.POST.get("question", "")
        )
        if error
        else None
    )
    answer = parse_answer(request.POST) if item is not None else None
    if item is None:
        item = services.new_question(learner=learner, game=game, kind=kind)
    record = last.record if last else services.record_of(learner=learner, game=game, kind=kind)
    context = presenters.drill_context(
        item, record, last=last, error=error, answer=answer, refused=refused
    )
    # A refused answer is drawn at its action's address: the language buttons go to the
    # page's own.
    context["page_url"] = cached_reverse("drills:drill", game.value, kind)
    return render(request, "drills/drill.html", context, status=status)


@require_safe
def drill_page(request: HttpRequest, game: str, kind: str) -> HttpResponse:
    """The drill's question; after an answer (``?answered=``), its result above the next."""
    chosen = _game(game, kind)
    last = services.answered_again(
        learner=known_learner(request),
        game=chosen,
        kind=kind,
        token=request.GET.get("answered", ""),
    )
    return _drill_page(request, chosen, kind, last=last)


@require_POST
@counted_with_learner
def drill_answer(request: LearnerRequest, game: str, kind: str) -> HttpResponse:
    chosen = _game(game, kind)
    try:
        services.drill_check(chosen, kind)
        answer = parse_answer(request.POST)
        last = services.answer(
            learner=request.learner,
            game=chosen,
            kind=kind,
            token=request.POST.get("question", ""),
            answer=answer,
        )
    except ServiceError as exc:
        return _drill_page(
            request, chosen, kind, error=str(exc.message), refused=exc.field, status=exc.status
        )
    token = services.answered_token(learner=request.learner, answered=last, answer=answer)
    url = cached_reverse("drills:drill", chosen.value, kind)
    return redirect(answered_address(url, token))
