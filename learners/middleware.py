"""``request.learner``: the request's learner, looked up (or created) on first use.

Like ``AuthenticationMiddleware``'s ``request.user``, the value is lazy: a
request that never reads ``request.learner`` costs no query and creates no
learner. Reading it creates the learner when the browser has none yet (see
:func:`learners.services.request_learner`); pages that only show progress use
:func:`learners.services.known_learner` instead. Must come after
``SessionMiddleware`` and ``AuthenticationMiddleware``, and before
``CsrfViewMiddleware`` has seen the response (it gives the visitor cookie to a page
with a form). A response that depends on who asks (their learner or their session
was read) is marked ``Cache-Control: private``.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control
from django.utils.functional import SimpleLazyObject

from .models import Learner
from .services import (
    LOOKED_UP,
    cookie_name,
    looked_up_learner,
    note_activity,
    remember_account,
    remember_visitor,
    request_learner,
)


class LearnerRequest(HttpRequest):
    """The type of a request that went through :class:`LearnerMiddleware` (for views that
    read ``request.learner``), as django-htmx types ``request.htmx``."""

    learner: Learner


class LearnerMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request.learner = SimpleLazyObject(lambda: request_learner(request))  # type: ignore[attr-defined]
        response = self.get_response(request)
        remember_visitor(request, response)
        remember_account(request, response)
        learner = looked_up_learner(request)
        if request.method == "POST" and learner is not None and response.status_code < 400:
            note_activity(learner)  # something done today: the day streak
        session = getattr(request, "session", None)
        has_session = settings.SESSION_COOKIE_NAME in request.COOKIES or (
            session is not None and session.modified
        )
        read_session = session is not None and session.accessed and has_session
        read_learner = getattr(request, LOOKED_UP, False) and cookie_name() in request.COOKIES
        # A response that gives a cookie is never for a shared cache either.
        if read_session or read_learner or cookie_name() in response.cookies:
            # The page depends on who is asking (their tables, progress, settings):
            # no shared cache may keep it.
            patch_cache_control(response, private=True)
        return response
