"""Lesson pages: the index, each game's lessons, a lesson with its checks, print, glossary."""

from __future__ import annotations

import random
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from game.engine import Game
from game.explain import game_name
from game.guided import scenarios
from learners.services import known_learner
from rummy_site.htmx import wants_partial
from rummy_site.languages import current as _language
from rummy_site.languages import pick
from rummy_site.parsing import small_int

from . import presenters, services
from .checks import BadAnswer
from .models import Lesson
from .render import assemble, draw_cards

MAX_SEED = 2**31 - 1


def _game_or_404(game: str) -> str:
    if Game.named(game) is None:
        raise Http404(_("There is no such game."))
    return game


@require_GET
def lessons_index(request: HttpRequest) -> HttpResponse:
    progress = services.progress_of(learner=known_learner(request))
    games = []
    for game in Game:
        lessons = services.lessons_of(language=_language(), game=game)
        read = sum(1 for lesson in lessons if progress.lesson_read(lesson))
        games.append(
            {
                "game": game,
                "label": game_name(game),
                "lessons": [{"lesson": x, "read": progress.lesson_read(x)} for x in lessons],
                "read": read,
                "total": len(lessons),
                "percent": round(100 * read / len(lessons)) if lessons else 0,
            }
        )
    return render(request, "lessons/index.html", {"games": games})


@require_GET
def game_index(request: HttpRequest, game: str) -> HttpResponse:
    _game_or_404(game)
    progress = services.progress_of(learner=known_learner(request))
    lessons = services.lessons_of(language=_language(), game=game)
    items = [
        {
            "lesson": lesson,
            "read": progress.lesson_read(lesson),
            "checks": len(lesson.checks),
            "right": progress.checks_right(lesson),
        }
        for lesson in lessons
    ]
    read = sum(1 for item in items if item["read"])
    return render(
        request,
        "lessons/game.html",
        {
            "game": game,
            "label": game_name(game),
            "items": items,
            "read": read,
            "total": len(items),
            "percent": round(100 * read / len(items)) if items else 0,
        },
    )


def _seed(request: HttpRequest, index: int, *, answered: int | None = None) -> int:
    """A random check's seed: from the answer's form (that check only), or from a link
    (``?check=N&seed=...``, "new" for another question), else a fixed one."""
    if answered == index:
        raw = request.POST.get("seed")
    elif small_int(request.GET.get("check")) == index:
        raw = request.GET.get("seed")
    else:
        raw = None
    if raw == "new":
        return random.SystemRandom().randrange(1, MAX_SEED)
    seed = small_int(raw)
    if seed is not None and 0 < seed <= MAX_SEED:
        return seed
    return index + 1


def _check_html(
    request: HttpRequest,
    lesson: Lesson,
    index: int,
    *,
    seed: int,
    outcome: Any = None,
    error: str = "",
) -> SafeString:
    check = services.check_of(lesson, index)
    context = {
        "lesson": lesson,
        "index": index,
        "seed": seed,
        "question": presenters.question(check, seed),
        "outcome": outcome,
        "explanation": presenters.explanation(check, outcome) if outcome else None,
        "error": error,
        "picked": [str(c) for c in request.POST.getlist("cards")] if outcome or error else [],
        "check_url": reverse(
            "lessons:check", kwargs={"game": lesson.game, "slug": lesson.slug, "index": index}
        ),
        "lesson_url": reverse("lessons:lesson", kwargs={"game": lesson.game, "slug": lesson.slug}),
    }
    return mark_safe(render_to_string("lessons/_check.html", context, request=request))


def _lesson_page(
    request: HttpRequest,
    lesson: Lesson,
    *,
    answered: dict[int, dict[str, Any]] | None = None,
    status: int = 200,
) -> HttpResponse:
    answered = answered or {}
    lessons = services.lessons_of(language=lesson.language, game=lesson.game)
    position = next((i for i, x in enumerate(lessons) if x.slug == lesson.slug), 0)
    body = assemble(
        lesson.body,
        lambda i: _check_html(
            request,
            lesson,
            i,
            seed=_seed(request, i, answered=i if i in answered else None),
            **answered.get(i, {}),
        ),
    )
    guided_hands = [
        {"slug": s.slug, "title": pick(s.title, lesson.language)}
        for slug in lesson.guided
        if (s := scenarios.get(slug)) is not None
    ]
    learner = known_learner(request)
    progress = services.progress_of(learner=learner)
    return render(
        request,
        "lessons/lesson.html",
        {
            "lesson": lesson,
            "body": mark_safe(body),
            "label": game_name(lesson.game),
            "previous": lessons[position - 1] if position > 0 else None,
            "next": lessons[position + 1] if position + 1 < len(lessons) else None,
            "position": position + 1,
            "total": len(lessons),
            "percent": round(100 * (position + 1) / len(lessons)) if lessons else 0,
            "read": progress.lesson_read(lesson),
            "guided_hands": guided_hands,
        },
        status=status,
    )


def _lesson_or_404(game: str, slug: str) -> Lesson:
    try:
        return services.lesson_get(language=_language(), game=_game_or_404(game), slug=slug)
    except services.LessonNotFound:
        raise Http404(_("There is no such lesson.")) from None


@require_GET
@vary_on_headers("HX-Request")
def lesson_page(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    lesson = _lesson_or_404(game, slug)
    if lesson.kind != Lesson.Kind.LESSON:
        raise Http404(_("There is no such lesson."))
    check = small_int(request.GET.get("check", ""))
    if wants_partial(request) and check is not None and check < len(lesson.checks):
        # "Another one": only the check, with a new question.
        index = check
        return HttpResponse(_check_html(request, lesson, index, seed=_seed(request, index)))
    return _lesson_page(request, lesson)


@require_POST
@vary_on_headers("HX-Request")
def check_answer(request: HttpRequest, game: str, slug: str, index: int) -> HttpResponse:
    lesson = _lesson_or_404(game, slug)
    if not 0 <= index < len(lesson.checks):
        raise Http404(_("There is no such check."))
    seed = _seed(request, index, answered=index)
    answer: dict[str, Any] = {
        "answer": request.POST.get("answer", ""),
        "cards": request.POST.getlist("cards"),
        "points": request.POST.get("points", ""),
        "player": request.POST.get("player", ""),
        "melds": request.POST.getlist("melds"),
    }
    try:
        services.check_of(lesson, index).judge(answer, seed)  # validate before storing
    except BadAnswer as exc:
        message = presenters.bad_answer_message(exc)
        if wants_partial(request):
            return HttpResponse(
                _check_html(request, lesson, index, seed=seed, error=message), status=400
            )
        return _lesson_page(request, lesson, answered={index: {"error": message}}, status=400)
    learner = request.learner  # type: ignore[attr-defined]
    outcome = services.check_answer(
        learner=learner, lesson=lesson, index=index, answer=answer, seed=seed
    )
    if wants_partial(request):
        return HttpResponse(_check_html(request, lesson, index, seed=seed, outcome=outcome))
    return _lesson_page(request, lesson, answered={index: {"outcome": outcome}})


@require_POST
def lesson_read(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    """ "Next lesson": the lesson counts as read; on to the next one (or the index)."""
    lesson = _lesson_or_404(game, slug)
    learner = request.learner  # type: ignore[attr-defined]
    services.lesson_mark_read(learner=learner, lesson=lesson)
    lessons = services.lessons_of(language=lesson.language, game=lesson.game)
    slugs = [x.slug for x in lessons]
    position = slugs.index(lesson.slug) if lesson.slug in slugs else len(slugs)
    if position + 1 < len(slugs):
        return redirect("lessons:lesson", game=game, slug=slugs[position + 1])
    return redirect("lessons:game", game=game)


@require_GET
def summary_page(request: HttpRequest, game: str) -> HttpResponse:
    try:
        lesson = services.special_get(
            language=_language(), kind=Lesson.Kind.SUMMARY, game=_game_or_404(game)
        )
    except services.LessonNotFound:
        raise Http404(_("There is no rule summary for this game yet.")) from None
    return render(
        request,
        "lessons/summary.html",
        {
            "lesson": lesson,
            "body": mark_safe(draw_cards(lesson.body)),
            "label": game_name(game),
        },
    )


@require_GET
def glossary_page(request: HttpRequest) -> HttpResponse:
    try:
        lesson = services.special_get(language=_language(), kind=Lesson.Kind.GLOSSARY)
    except services.LessonNotFound:
        raise Http404(_("There is no glossary yet.")) from None
    return render(
        request,
        "lessons/glossary.html",
        {"lesson": lesson, "body": mark_safe(draw_cards(lesson.body))},
    )
