"""Drills: the index, a drill's question, and an answer (then the next question).

An answer is Post/Redirect/Get: it redirects to the drill's page, which shows its result
(``?answered=``, :func:`drills.services.answered_token`) above the next question, so that
a reload neither asks to send the form again nor counts anything. A refused answer
redirects too (``?refused=``, :func:`drills.services.refusal_token`), to the page that
shows it beside its question with the fields as they were sent."""

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
from rummy_site.questions import answered_address, refusal_signer, refused_address
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
    refusal: services.DrillRefused | None = None,
    status: int = 200,
) -> HttpResponse:
    """The drill's page: the learner's question (after an answer, its result above it);
    after a refused answer (``refusal``), the question it was for with its fields as the
    learner left them (cards picked, a number typed, a player chosen), the focus on the
    field refused and the reason beside it: not a freshly dealt one (as review does; the
    accessibility walk), unless it was for no question the page asks."""
    learner = known_learner(request)
    item = refusal.question if refusal is not None else None
    if item is None:
        item = services.new_question(learner=learner, game=game, kind=kind)
    record = last.record if last else services.record_of(learner=learner, game=game, kind=kind)
    context = presenters.drill_context(
        item,
        record,
        last=last,
        error=str(refusal.error.message) if refusal else "",
        answer=refusal.answer if refusal else None,
        refused=refusal.error.field if refusal else "",
    )
    # A refused answer drawn in the POST's answer is at its action's address: the
    # language buttons go to the page's own.
    context["page_url"] = cached_reverse("drills:drill", game.value, kind)
    # An answer's page is opened at its verdict (drill_answer): so is the same page in
    # another language, and after "Log in" or the display settings.
    context["page_anchor"] = "drill-feedback" if last else ""
    return render(request, "drills/drill.html", context, status=status)


@require_safe
def drill_page(request: HttpRequest, game: str, kind: str) -> HttpResponse:
    """The drill's question; after an answer (``?answered=``), its result above the next;
    after a refused one (``?refused=``), the question it was for, the answer as it was
    sent and the reason, judged again (nothing stored: a reload shows the same)."""
    chosen = _game(game, kind)
    refusal = services.refused_again(
        who=refusal_signer(request),
        learner=known_learner(request),
        game=chosen,
        kind=kind,
        token=request.GET.get("refused", ""),
    )
    if refusal is not None:
        return _drill_page(request, chosen, kind, refusal=refusal)
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
        return _refused(request, chosen, kind, exc)
    token = services.answered_token(learner=request.learner, answered=last, answer=answer)
    url = cached_reverse("drills:drill", chosen.value, kind)
    # Opened at the verdict (#drill-feedback), the next question under it: at the next
    # question's field (autofocus), a long verdict was above the screen (the Lithuanian
    # Knock walk, without JavaScript). The browser skips autofocus at a fragment and
    # starts Tab there: one Tab to the field. An answer sent with JavaScript says so
    # (site.js: ``scripted``): its page opens with no fragment, where the script focuses
    # the field as the page is parsed, the verdict in view; at the fragment the browser
    # took the focus away again at the load's end, so a key pressed before it was lost.
    scripted = request.POST.get("scripted") == "1"
    return redirect(answered_address(url, token, anchor="" if scripted else "drill-feedback"))


def _refused(request: HttpRequest, game: Game, kind: str, exc: ServiceError) -> HttpResponse:
    """A refused answer: to the drill's page, which shows it (``?refused=``, Post/Redirect/
    Get: a page drawn in the POST's answer, reloaded, asked to send the form again);
    drawn here only for an account with no learner to sign it for. Nothing is stored."""
    learner = known_learner(request)
    token = request.POST.get("question", "")
    answer = parse_answer(request.POST)
    who = refusal_signer(request, give=True)
    if who is not None:
        signed = services.refusal_token(
            who=who, learner=learner, game=game, kind=kind, token=token, answer=answer, error=exc
        )
        return redirect(refused_address(cached_reverse("drills:drill", game.value, kind), signed))
    asked = services.question_asked(learner=learner, game=game, kind=kind, token=token)
    refusal = services.DrillRefused(asked, answer if asked else None, exc)
    return _drill_page(request, game, kind, refusal=refusal, status=exc.status)
