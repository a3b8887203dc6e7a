"""Site-wide pages: home (with its sample-hand example), display settings, errors."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language, get_language_from_path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django.views.decorators.vary import vary_on_headers
from django.views.i18n import set_language as django_set_language
from django_htmx.http import replace_url

from classroom.accounts import log_in_ended
from classroom.mistakes import a_pupil
from game import explain
from game.cards import text_html
from game.engine import Game, best_arrangement, shuffled_deck, sort_cards
from learners.middleware import LearnerRequest
from learners.models import Learner
from learners.services import (
    active_today,
    counted_with_learner,
    day_streak,
    digest,
    give_token,
    known_learner,
)
from lessons.forms import parse_answer
from lessons.presenters import explanation, question_box
from review import services as review

from . import path, placement
from .errors import ServiceError
from .htmx import render_page, wants_partial
from .parsing import MAX_SEED, small_int
from .preferences import DisplayPreferences, save_display_preferences
from .questions import answered_address, refusal_signer, refused_address
from .turns import TURNS

SAMPLE_HAND_SIZE = 10


def _new_seed() -> int:
    return random.SystemRandom().randrange(1, MAX_SEED)


def _sample_hand(seed: int) -> dict[str, object]:
    """Sample hand number ``seed``: the first deal from ``seed``, ``seed + 1``... that has
    a meld and some deadwood, so that it shows both (61% of random ten-card hands have
    no meld at all). The same number always deals the same hand."""
    for step in range(200):
        hand = sort_cards(shuffled_deck((seed + step) % MAX_SEED or 1)[:SAMPLE_HAND_SIZE])
        arrangement = best_arrangement(hand)
        if arrangement.melds and arrangement.deadwood_cards:
            break
    return {"seed": seed, "cards": hand, "arrangement": arrangement}


def _home_path(request: HttpRequest) -> dict[str, object]:
    """Where the home page sends this visitor: a returning learner on to the next step
    of the game they worked on last; a newcomer to the first step of Basic Rummy."""
    learner = known_learner(request)
    game = path.current_game(learner)
    chosen = game or path.FIRST_GAME
    found = path.game_path(game=chosen, learner=learner, language=_language())
    return {**found, "returning": game is not None, "label": explain.game_name(chosen)}


def _language() -> str:
    return (get_language() or "en").split("-")[0]


@require_safe
def learn(request: HttpRequest, game: str) -> HttpResponse:
    """A game's path: its lessons, guided hands and a practice hand in order, each done
    or not, and the step to continue with."""
    chosen = Game.named(game)
    if chosen is None:
        raise Http404(_("There is no such game."))
    learner = known_learner(request)
    found = path.game_path(game=chosen, learner=learner, language=_language())
    turn = [{"step": step, "text": text_html(str(text))} for step, text in TURNS[chosen]]
    context = {**found, "path": found, "label": explain.game_name(chosen), "turn": turn}
    # "Start: …" to a learner new to the game; "Continue: …" once they have worked on it
    # (the home page's word for the same step: a lesson read, not yet mastered).
    context["begun"] = found["done"] != 0 or path.worked_on(learner, chosen)
    context["offer_account"] = _offer_account(request, learner, started=found["done"] != 0)
    context["log_in_ended"] = log_in_ended(request, learner)
    return render(request, "path.html", context)


def _offer_account(request: HttpRequest, learner: Learner | None, *, started: bool) -> bool:
    """Whether a path offers "Save your progress" (an account, to continue on another
    device): to a learner without an account once they have done a step of it; not to a
    pupil of a class, whose return code carries their work (an account made on their
    browser would not take it: ``link_account(..., unless=a_pupil)``, a pupil of an
    archived class too)."""
    if request.user.is_authenticated or learner is None or not started:
        return False
    return not a_pupil(learner)


@vary_on_headers("HX-Request")
def home(request: HttpRequest) -> HttpResponse:
    """The home page. ``?hand=N`` deals sample hand number N, ``?hand=new`` a random one.

    The "Deal me a sample hand" button is the site's smallest htmx example: with
    htmx it swaps in the hand only, and the answer's ``HX-Replace-Url`` puts the hand's
    address in the address bar (site.js then moves the links that carry the page's
    address, ``data-here``, to it: the language buttons, "Log in", the display
    settings); without JavaScript it is a plain link, and ``?hand=new`` redirects to the
    number it dealt. Either way the page's address, for a reload, a bookmark, a change
    of language or of the display settings, is the hand shown, not another deal (the
    walks: ``/lt/?hand=new`` switched to Russian dealt a different hand; after an htmx
    deal, a reload did).
    """
    learner = known_learner(request)
    context: dict[str, object] = {
        "path": _home_path(request),
        "review_due": review.due(learner=learner).count(),
        "day_streak": day_streak(learner),
        "log_in_ended": log_in_ended(request, learner),
        # Today already counts: no "keep it going today" (the Lithuanian walk).
        "learnt_today": active_today(learner),
    }
    status = 200
    raw = request.GET.get("hand")
    if raw is not None:
        if raw == "new" and not wants_partial(request):
            return redirect(f"{reverse('home')}?hand={_new_seed()}#sample")
        seed = _new_seed() if raw == "new" else small_int(raw)
        if seed is None or not 0 < seed <= MAX_SEED:
            context["sample_error"] = _(
                "“%(value)s” is not a sample hand number. Try the button again."
            ) % {"value": raw[:20]}
            status = 400
        else:
            context["sample"] = _sample_hand(seed)
    response = render_page(request, "home.html", context, partial="sample-hand", status=status)
    if "sample" in context and wants_partial(request):
        # The address the page has without JavaScript: the hand's, at the hand.
        replace_url(response, f"{reverse('home')}?hand={seed}#sample")
    return response


@require_http_methods(["GET", "POST"])
def display_settings(request: HttpRequest) -> HttpResponse:
    """Four-colour deck and large type, kept in the session."""
    if request.method == "POST":
        prefs = DisplayPreferences(
            four_colour=request.POST.get("four_colour") == "on",
            large_type=request.POST.get("large_type") == "on",
        )
        save_display_preferences(request, prefs)
        # Said on the page it goes back to, as the site's other saved forms say it (the
        # Italian teacher's walk: "Save" went back with no word that it had).
        messages.success(request, _("The display settings are saved."))
        return HttpResponseRedirect(_same_site_path(request, request.POST.get("next", "")))
    return render(request, "display_settings.html", {"next": request.GET.get("next", "")})


def _same_site_path(request: HttpRequest, target: str) -> str:
    """``target`` if it is a path on this site ("/lt/practice/"), else this page's path.
    Never a URL name (``redirect("x")`` would try to reverse it) nor another host."""
    if target.startswith("/") and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return request.path


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(request, "400.html", status=400)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(request, "403.html", status=403)


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(request, "404.html", status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    # No context processors: whatever broke may be among them.
    from django.template import loader

    return HttpResponse(loader.get_template("500.html").render(), status=500)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    return render(request, "403_csrf.html", status=403)


def _placement_page(
    request: HttpRequest,
    game: Game,
    question: placement.PlacementQuestion | None,
    *,
    answered: placement.PlacementAnswered | None = None,
    error: str = "",
    answer: Mapping[str, Any] | None = None,
    refused: str = "",
    status: int = 200,
) -> HttpResponse:
    context: dict[str, object] = {
        "game": game,
        "label": explain.game_name(game),
        "answered": answered,
        "explanation": explanation(answered.question.check, answered.outcome) if answered else None,
        "total": len(placement.QUESTIONS),
        # Drawn for an answer too (a POST): the language buttons go to the check's page.
        "page_url": reverse("placement", kwargs={"game": game.value}),
    }
    if question is not None:
        url = reverse("placement_answer", kwargs={"game": game.value})
        context["number"] = question.number + 1
        check = question_box(
            question.check,
            question.seed,
            token=question.token,
            url=url,
            error=error,
            answer=answer,
            refused=refused,
        )
        # "Question 2 of 3" numbers it: not a lesson's "Try it 1" too. The focus opens in
        # the next question, described by the last answer's verdict (as a drill's is).
        check["no_badge"] = True
        if answered is not None:
            check["described_by"] = "placement-feedback"
            # The first wrong answer: no pass now, said at once, with the way into the
            # lessons (the Gin walk: it went on to questions 2 and 3 and said nothing).
            if placement.pass_lost(answered):
                context["next"] = _path_next(request, game)
                context["no_pass"] = True
        context["check"] = check
    else:
        context["next"] = _path_next(request, game)
    return render(request, "placement.html", context, status=status)


def _path_next(request: HttpRequest, game: Game) -> object:
    """The game's path's next step for this browser's learner."""
    return path.game_path(game=game, learner=known_learner(request), language=_language())["next"]


def _chosen(game: str) -> Game:
    chosen = Game.named(game)
    if chosen is None:
        raise Http404(_("There is no such game."))
    return chosen


def _current_question(request: HttpRequest, game: Game) -> placement.PlacementQuestion:
    """The placement check's question for this browser now: where its learner left the
    check, else the first; before it has a learner, its visitor token's first, the token
    given now if need be; the same on every reload."""
    learner = known_learner(request)
    user = getattr(request, "user", None)
    visitor = None
    if learner is None and not (user is not None and user.is_authenticated):
        visitor = digest(give_token(request))
    return placement.current_question(game, learner=learner, visitor=visitor)


@require_safe
def placement_page(request: HttpRequest, game: str) -> HttpResponse:
    """The placement check's first question; after an answer (``?answered=``), its
    verdict and the question after it (or the outcome); after a refused answer
    (``?refused=``), the same question with the answer as it was sent and the reason
    (judged again in the page's language: nothing is stored, and a reload shows the
    same)."""
    chosen = _chosen(game)
    refused = placement.refused_again(
        who=refusal_signer(request), game=chosen, token=request.GET.get("refused", "")
    )
    if refused is not None:
        return _placement_page(
            request,
            chosen,
            refused.question or _current_question(request, chosen),
            error=str(refused.error.message),
            answer=refused.answer,
            refused=refused.error.field,
        )
    answered = placement.answered_again(
        learner=known_learner(request),
        game=chosen,
        token=request.GET.get("answered", ""),
        language=_language(),
    )
    if answered is not None:
        return _placement_page(request, chosen, answered.next, answered=answered)
    return _placement_page(request, chosen, _current_question(request, chosen))


@require_POST
@counted_with_learner
def placement_answer(request: LearnerRequest, game: str) -> HttpResponse:
    """One answer to the placement check, then (on the check's page it redirects to) the
    next question or the outcome; a refused one, the same question and the reason."""
    chosen = _chosen(game)
    try:
        answered = placement.answer(
            learner=request.learner,
            game=chosen,
            token=request.POST.get("question", ""),
            answer=parse_answer(request.POST),
            language=_language(),
        )
    except ServiceError as exc:
        # A malformed answer is refused beside the question it was for, its fields as the
        # learner left them, and counts for nothing: not beside a freshly dealt first
        # question (the learner lost their place, and the reason spoke of cards they
        # never saw). A forged token, or one of another game, starts the check again.
        # Shown by the check's page the refusal redirects to (Post/Redirect/Get: a reload
        # of a page drawn in a POST's answer asked to send the form again, the walk);
        # drawn here only for a browser with nothing to sign it for.
        url = reverse("placement", kwargs={"game": chosen.value})
        who = refusal_signer(request, give=True)
        if who is not None:
            token = placement.refusal_token(
                who=who,
                game=chosen,
                token=request.POST.get("question", ""),
                answer=parse_answer(request.POST),
            )
            return redirect(refused_address(url, token))
        asked = placement.question_asked(game=chosen, token=request.POST.get("question", ""))
        return _placement_page(
            request,
            chosen,
            asked or _current_question(request, chosen),
            error=str(exc.message),
            answer=parse_answer(request.POST) if asked else None,
            refused=exc.field,
            status=exc.status,
        )
    # To the check's page, which shows the answer (Post/Redirect/Get, as a drill's).
    token = placement.answered_token(
        learner=request.learner, answered=answered, answer=parse_answer(request.POST)
    )
    url = reverse("placement", kwargs={"game": chosen.value})
    return redirect(answered_address(url, token))


def set_language(request: HttpRequest) -> HttpResponse:
    """Django's ``set_language``, with the page's own language active while it finds the
    page in the chosen one. Django resolves ``next`` in the request's language (the
    cookie's, else the browser's): a Russian phone on a class's Lithuanian join link,
    ``/lt/join/...``, found no such page in Russian and was sent back to it unchanged,
    so no language button did anything (the browser walk)."""
    next_url = request.POST.get("next", request.GET.get("next", ""))
    own = get_language_from_path(urlsplit(next_url).path) or get_language()
    with translation.override(own):
        return django_set_language(request)
