"""Finding the learner behind a request.

Every view reads the learner in one of two ways:

* ``request.learner`` (set lazily by :class:`learners.middleware.LearnerMiddleware`,
  as ``AuthenticationMiddleware`` sets ``request.user``): the request's learner,
  created on first use and remembered in the session. For views that act (a
  move, an answer), which need somebody to record it for.
* :func:`known_learner`: the learner if the browser already has one, else
  ``None``. For pages that only show progress, so that reading a page never
  creates a learner or a session.

Signed-in users get the learner linked to their account.
"""

from __future__ import annotations

from django.http import HttpRequest

from .models import Learner

SESSION_KEY = "learner_id"
_CACHE = "_learner_cache"


def known_learner(request: HttpRequest) -> Learner | None:
    """The request's learner, if there is one already (nothing is created)."""
    cached: Learner | None = getattr(request, _CACHE, None)
    if cached is not None:
        return cached
    learner: Learner | None = None
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        learner = Learner.objects.filter(user=user).first()
    else:
        pk = request.session.get(SESSION_KEY)
        if isinstance(pk, int):
            learner = Learner.objects.filter(pk=pk).first()
    if learner is not None:
        setattr(request, _CACHE, learner)
    return learner


def request_learner(request: HttpRequest) -> Learner:
    """The request's learner, created (and remembered in the session) if need be."""
    learner = known_learner(request)
    if learner is not None:
        return learner
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        learner, _created = Learner.objects.get_or_create(user=user)
    else:
        learner = Learner.objects.create()
        request.session[SESSION_KEY] = learner.pk
    setattr(request, _CACHE, learner)
    return learner


__all__ = ["SESSION_KEY", "known_learner", "request_learner"]
