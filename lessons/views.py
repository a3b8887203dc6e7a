"""Lesson pages: the index, each game's lessons, a lesson with its checks, print, glossary.

Thin views: parse (lessons/forms.py), call a service, render what the presenters build;
a malformed answer goes through :func:`refuse`. An answer without JavaScript redirects
to the lesson's page, which shows it (``?answered=``, :func:`lessons.forms.answer_token`;
a refused one ``?refused=``, :func:`lessons.forms.refusal_token`: Post/Redirect/Get);
with htmx it is the check, drawn in place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from game.cards import text_html
from game.engine import Game
from game.guided import scenarios
from learners.middleware import LearnerRequest
from learners.services import known_learner
from rummy_site import ratelimit
from rummy_site.errors import ServiceError
from rummy_site.htmx import wants_partial
from rummy_site.languages import current as language
from rummy_site.languages import pick
from rummy_site.parsing import small_int
from rummy_site.questions import answered_address, refusal_signer, refused_address
from rummy_site.reversing import cached_reverse

from . import presenters, services
from .forms import (
    ForgedQuestion,
    answer_token,
    answered_seed,
    check_seed,
    parse_answer,
    refusal_token,
)
from .models import Lesson

if TYPE_CHECKING:
    from learners.models import Learner
    from rummy_site.path import PathStep


def _game_or_404(game: str) -> Game:
    found = Game.named(game)
    if found is None:
        raise Http404(_("There is no such game."))
    return found


@require_safe
def lessons_index(request: HttpRequest) -> HttpResponse:
    progress = services.progress_of(learner=known_learner(request))
    lessons = {game: services.lessons_of(language=language(), game=game) for game in Game}
    return render(request, "lessons/index.html", presenters.index_context(progress, lessons))


@require_safe
def game_index(request: HttpRequest, game: str) -> HttpResponse:
    found = _game_or_404(game)
    progress = services.progress_of(learner=known_learner(request))
    lessons = services.lessons_of(language=language(), game=found)
    return render(request, "lessons/game.html", presenters.game_context(progress, found, lessons))


def _check(
    request: HttpRequest,
    lesson: Lesson,
    index: int,
    progress: services.Progress,
    *,
    answered: bool = False,
    **found: Any,
) -> dict[str, Any]:
    """One check's context, its question dealt from the seed the request asks for (or
    ``found``'s ``seed``: an answer shown again); ``found``'s ``picked``: the cards its
    answer picked (else the form's). An answer posted is for the question its form's
    token names; on a page shown again without one (a refusal for a question the check
    did not ask, ``?refused=``) the check asks the page's own."""

    def shown(fresh: bool) -> int:
        return services.question_seed(
            learner=known_learner(request),
            lesson=lesson,
            index=index,
            progress=progress,
            fresh=fresh,
        )

    posted = answered and request.method == "POST"
    seed = found.pop("seed", None) or check_seed(
        request.GET, request.POST, index, answered=posted, shown=shown
    )
    picked = found.pop("picked", None) or request.POST.getlist("cards")
    learner = known_learner(request)
    return presenters.check_context(
        lesson,
        index,
        services.check_for(lesson, index, seed),
        seed=seed,
        picked=picked,
        progress=progress,
        learner=learner.pk if learner is not None else None,
        **found,
    )


def _practice_after(lesson: Lesson, learner: Learner | None) -> PathStep | None:
    """The guided hand (or the practice table) the game's path puts after ``lesson`` and
    the learner has not done yet, which its "Done" leads to (:func:`rummy_site.path.
    practice_after`; the path is composed above the apps: read here, as a guided hand's
    "Next" reads it)."""
    from rummy_site import path

    game = Game.named(lesson.game)
    if game is None:
        return None
    url = cached_reverse("lessons:lesson", lesson.game, lesson.slug)
    return path.practice_after(game=game, url=url, learner=learner, language=lesson.language)


def _lesson_page(
    request: HttpRequest,
    lesson: Lesson,
    *,
    answered: dict[int, dict[str, Any]] | None = None,
    status: int = 200,
) -> HttpResponse:
    answered = answered or {}
    progress = services.progress_of(learner=known_learner(request))
    checks = {
        i: _check(request, lesson, i, progress, answered=i in answered, **answered.get(i, {}))
        for i in range(len(lesson.checks))
    }
    guided_hands = [
        {"slug": s.slug, "title": text_html(pick(s.title, lesson.language))}
        for slug in lesson.guided
        if (s := scenarios.get(slug)) is not None
    ]
    context = presenters.lesson_context(
        lesson,
        services.lessons_of(language=lesson.language, game=lesson.game),
        progress,
        checks,
        guided_hands,
    )
    # A refusal drawn in the POST's answer (an account with no learner to sign it for) is
    # at its action's address: the language buttons go to the page's own.
    context["page_url"] = cached_reverse("lessons:lesson", lesson.game, lesson.slug)
    context["practice_after"] = _practice_after(lesson, known_learner(request))
    return render(request, "lessons/lesson.html", context, status=status)


def _lesson_or_404(game: str, slug: str, request: HttpRequest | None = None) -> Lesson:
    """The lesson of the page's language; for a POST (``request``), its rate-limit
    count is sent with the read."""
    known_game = _game_or_404(game)  # a 404 before the count is taken: counted after it
    count = ratelimit.take(request) if request is not None else None
    try:
        return services.lesson_get(language=language(), game=known_game, slug=slug, count=count)
    except services.LessonNotFound:
        raise Http404(_("There is no such lesson.")) from None


def _one_check(
    request: HttpRequest, lesson: Lesson, index: int, *, status: int = 200, **found: Any
) -> HttpResponse:
    """Only the check (htmx): after an answer, or "another one"."""
    progress = services.check_progress_of(
        learner=known_learner(request), lesson=lesson, index=index
    )
    context = {"check": _check(request, lesson, index, progress, answered=bool(found), **found)}
    return render(request, "lessons/_check.html", context, status=status)


def refuse(
    request: HttpRequest, lesson: Lesson, index: int, exc: ServiceError, seed: int | None = None
) -> HttpResponse:
    """The one answer to a refused answer: the check again with the reason and every
    field as the learner left it ("2O" for 20 is corrected, not retyped), the focus on
    the field refused; nothing stored. It counts for nothing, so the feedback the check
    showed stays (the hint, "Another one": the Italian walk), from its signed token
    (``seed``: the question answered, when its token was read). With htmx the check is
    drawn in place; without JavaScript the answer redirects to the lesson's page
    (``?refused=``: Post/Redirect/Get, as a judged answer's; a page drawn in the POST's
    answer, reloaded, asked to send the form again), which shows the same, the field
    refused focused (autofocus) and scrolled into view by the browser: the address has no
    fragment, at which Chromium skips autofocus (the page, reloaded, kept its scroll and
    lost the focus); drawn in the POST's answer only for a browser with nothing to sign
    it for."""
    who = None if wants_partial(request) else refusal_signer(request, give=True)
    kept = None
    if seed is not None:
        kept = services.shown_again(
            lesson=lesson,
            learner=known_learner(request),
            token=request.POST.get("shown", ""),
            index=index,
            seed=seed,
        )
    if who is not None:
        token = refusal_token(
            lesson.game,
            lesson.slug,
            index,
            None if isinstance(exc, ForgedQuestion) else seed,
            who=who,
            answer=parse_answer(request.POST),
            shown=request.POST.get("shown", "") if kept else "",
        )
        url = cached_reverse("lessons:lesson", lesson.game, lesson.slug)
        return redirect(refused_address(url, token))
    refused: dict[str, Any] = {
        "error": str(exc.message),
        # Kept only beside the question it was for: a token this check did not sign
        # redraws the page's own question, not the one answered (as review does).
        "answer": None if isinstance(exc, ForgedQuestion) else parse_answer(request.POST),
        "refused": exc.field,
        **(kept or {}),
    }
    if wants_partial(request):
        return _one_check(request, lesson, index, status=exc.status, **refused)
    return _lesson_page(request, lesson, answered={index: refused}, status=exc.status)


@require_safe
@vary_on_headers("HX-Request")
def lesson_page(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    lesson = _lesson_or_404(game, slug)
    if lesson.kind != Lesson.Kind.LESSON:
        raise Http404(_("There is no such lesson."))
    check = small_int(request.GET.get("check", ""))
    if wants_partial(request) and check is not None and check < len(lesson.checks):
        return _one_check(request, lesson, check)  # "Another one": a new question
    refused = services.refused_again(
        lesson=lesson,
        learner=known_learner(request),
        who=refusal_signer(request),
        token=request.GET.get("refused", ""),
    )
    if refused is not None:
        # After an answer refused without JavaScript: the check with the answer as it
        # was sent and the reason, judged again (nothing stored; a reload shows the same).
        index, found = refused
        return _lesson_page(request, lesson, answered={index: found})
    shown = services.answered_again(
        lesson=lesson, learner=known_learner(request), token=request.GET.get("answered", "")
    )
    if shown is None:
        return _lesson_page(request, lesson)
    # After an answer without JavaScript: the check answered, shown again (nothing
    # counted: its verdict judged again from the answer the address holds).
    index, found = shown
    return _lesson_page(request, lesson, answered={index: found})


@ratelimit.counted_with_first_read
@require_POST
@vary_on_headers("HX-Request")
def check_answer(request: LearnerRequest, game: str, slug: str, index: int) -> HttpResponse:
    lesson = _lesson_or_404(game, slug, request)
    if not 0 <= index < len(lesson.checks):
        raise Http404(_("There is no such check."))
    seed: int | None = None
    try:
        seed = answered_seed(request.POST, lesson.game, lesson.slug, index)
        # The answer is judged before the learner is looked up: a malformed one
        # creates nobody and stores nothing.
        answered = services.check_answer(
            learner=request.learner,
            lesson=lesson,
            index=index,
            answer=parse_answer(request.POST),
            seed=seed,
        )
    except ServiceError as exc:
        return refuse(request, lesson, index, exc, seed)
    found: dict[str, Any] = {
        "outcome": answered.outcome,
        "tries": answered.tries,
        "judged": parse_answer(request.POST),
    }
    if wants_partial(request):
        return _one_check(request, lesson, index, **found)
    # Without JavaScript: to the lesson's page, which shows the answer (Post/Redirect/
    # Get), the check's field focused (autofocus, described by the feedback) and scrolled
    # into view by the browser, the feedback under it: no fragment, at which Chromium
    # skips autofocus.
    token = answer_token(
        lesson.game,
        lesson.slug,
        index,
        seed,
        learner=request.learner.pk,
        answer=parse_answer(request.POST),
        tries=answered.tries,
    )
    url = cached_reverse("lessons:lesson", lesson.game, lesson.slug)
    return redirect(answered_address(url, token))


@ratelimit.counted_with_first_read
@require_POST
def lesson_read(request: LearnerRequest, game: str, slug: str) -> HttpResponse:
    """ "Done": the lesson counts as read; on to the guided hand the game's path puts
    after it, if the learner has not played it yet, else to the next lesson (or the
    index)."""
    lesson = _lesson_or_404(game, slug, request)
    services.lesson_mark_read(learner=request.learner, lesson=lesson)
    following = _practice_after(lesson, request.learner)
    if following is not None:
        return redirect(following.link)
    lessons = services.lessons_of(language=lesson.language, game=lesson.game)
    slugs = [x.slug for x in lessons]
    position = slugs.index(lesson.slug) if lesson.slug in slugs else len(slugs)
    if position + 1 < len(slugs):
        return redirect("lessons:lesson", game=game, slug=slugs[position + 1])
    return redirect("lessons:game", game=game)


@require_safe
def summary_page(request: HttpRequest, game: str) -> HttpResponse:
    try:
        lesson = services.special_get(
            language=language(), kind=Lesson.Kind.SUMMARY, game=_game_or_404(game)
        )
    except services.LessonNotFound:
        raise Http404(_("There is no rule summary for this game yet.")) from None
    return render(request, "lessons/summary.html", presenters.printable_context(lesson))


@require_safe
def glossary_page(request: HttpRequest) -> HttpResponse:
    try:
        lesson = services.special_get(language=language(), kind=Lesson.Kind.GLOSSARY)
    except services.LessonNotFound:
        raise Http404(_("There is no glossary yet.")) from None
    return render(request, "lessons/glossary.html", presenters.printable_context(lesson))
