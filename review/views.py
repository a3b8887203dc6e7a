"""The review page: the first due question, and its answer.

An answer is Post/Redirect/Get, as a drill's: it redirects to the review page, which
shows it (``?answered=``, :func:`review.services.answered_token`), so that a reload
neither asks to send the form again nor is refused as a second answer. A refused answer
redirects too (``?refused=``, :func:`review.services.refusal_token`), to the page that
shows it beside its question with the fields as they were sent."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe

from classroom.accounts import log_in_ended
from learners.services import counted_with_learner, known_learner
from lessons.forms import parse_answer
from rummy_site.errors import ServiceError
from rummy_site.languages import current as language
from rummy_site.questions import (
    ForgedQuestion,
    answered_address,
    refusal_signer,
    refused_address,
)
from rummy_site.reversing import cached_reverse

from . import presenters, services


def _page(
    request: HttpRequest,
    *,
    status: int = 200,
    item: services.Question | None = None,
    reviewed: services.Reviewed | None = None,
    error: str = "",
    picked: Sequence[str] = (),
    answer: Mapping[str, Any] | None = None,
    refused: str = "",
    judged: Mapping[str, Any] | None = None,
) -> HttpResponse:
    """The review page: the question given (just answered: the answer ``judged`` kept in
    its fields; or refused: ``answer`` and the field ``refused`` drawn again in it), else
    the first due one."""
    learner = known_learner(request)
    item = item or services.next_question(learner=learner, language=language())
    context = presenters.page_context(
        item,
        due=services.due(learner=learner).count(),
        next_due=services.next_due(learner=learner),
        reviewed=reviewed,
        error=error,
        picked=picked,
        answer=answer,
        refused=refused,
        judged=judged,
    )
    context["log_in_ended"] = log_in_ended(request, learner)
    # A refused answer drawn in the POST's answer (an account with no learner to sign it
    # for) is at its action's address: the language buttons go to the page's own.
    context["page_url"] = cached_reverse("review:page")
    return render(request, "review/page.html", context, status=status)


@require_safe
def review_page(request: HttpRequest) -> HttpResponse:
    """The first due question; after an answer (``?answered=``), that question answered;
    after a refused one (``?refused=``), the question it was for, the answer as it was
    sent and the reason, judged again (nothing stored: a reload shows the same)."""
    refusal = services.refused_again(
        who=refusal_signer(request),
        learner=known_learner(request),
        token=request.GET.get("refused", ""),
        language=language(),
    )
    if refusal is not None:
        question, answer = refusal.question, refusal.answer
        return _page(
            request,
            item=question,
            error=_said(request, refusal.error, question),
            answer=answer if question else None,
            refused=refusal.error.field,
        )
    found = services.answered_again(
        learner=known_learner(request),
        token=request.GET.get("answered", ""),
        language=language(),
    )
    if found is None:
        return _page(request)
    reviewed, judged = found
    return _page(
        request, item=reviewed.question, reviewed=reviewed, picked=judged["cards"], judged=judged
    )


@require_POST
@counted_with_learner
def review_answer(request: HttpRequest) -> HttpResponse:
    learner = known_learner(request)
    answer = parse_answer(request.POST)
    if learner is None:
        # Nobody has cards to review: nothing is made for a stranger, and there is no
        # question to show beside the refusal.
        return _refused(request, ForgedQuestion(), asked=None, answer=answer)
    try:
        reviewed = services.review_answer(
            learner=learner,
            token=request.POST.get("question", ""),
            answer=answer,
            language=language(),
        )
    except ServiceError as exc:
        # A malformed answer is refused beside the question it was for, with every field
        # as the learner left it (the cards picked, a number typed, a player chosen): not
        # beside a freshly dealt one (the accessibility walk), nor emptied ("2O" for 20).
        asked = services.question_asked(
            learner=learner, token=request.POST.get("question", ""), language=language()
        )
        return _refused(request, exc, asked=asked, answer=answer)
    token = services.answered_token(learner=learner, reviewed=reviewed, answer=answer)
    return redirect(answered_address(cached_reverse("review:page"), token))


def _said(request: HttpRequest, exc: ServiceError, asked: services.Question | None) -> str:
    """The reason a refused answer is given: its own, except that a question answered
    already, with no question due after it, does not promise "the next one" (the
    Lithuanian Knock walk: it stood over "Nothing to review now")."""
    learner = known_learner(request)
    if (
        isinstance(exc, services.StaleReview)
        and asked is None
        and services.next_question(learner=learner, language=language()) is None
    ):
        return str(services.StaleReview.nothing_next)
    return str(exc.message)


def _refused(
    request: HttpRequest,
    exc: ServiceError,
    *,
    asked: services.Question | None,
    answer: dict[str, Any],
) -> HttpResponse:
    """An answer refused: to the review page, which shows it (``?refused=``, Post/
    Redirect/Get: a page drawn in the POST's answer, reloaded, asked to send the form
    again): the reason, beside the question it was for (if any) with the fields as the
    learner left them. Drawn here only for an account with no learner to sign it for."""
    who = refusal_signer(request, give=True)
    if who is not None:
        token = services.refusal_token(
            who=who,
            learner=known_learner(request),
            token=request.POST.get("question", ""),
            asked=asked,
            answer=answer,
            error=exc,
        )
        return redirect(refused_address(cached_reverse("review:page"), token))
    return _page(
        request,
        status=exc.status,
        item=asked,
        error=_said(request, exc, asked),
        answer=answer if asked else None,
        refused=exc.field,
    )
