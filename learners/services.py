"""Finding the learner behind a request.

``learner_for(request)`` returns the request's learner, creating one (and
remembering it in the session) when ``create`` is true. Signed-in users get
the learner linked to their account.
"""

from __future__ import annotations

from django.http import HttpRequest

from .models import Learner

SESSION_KEY = "learner_id"


def learner_for(request: HttpRequest, *, create: bool = True) -> Learner | None:
    cached: Learner | None = getattr(request, "_learner", None)
    if cached is not None:
        return cached
    learner: Learner | None = None
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        learner, _created = Learner.objects.get_or_create(user=user)
    else:
        pk = request.session.get(SESSION_KEY)
        if isinstance(pk, int):
            learner = Learner.objects.filter(pk=pk).first()
        if learner is None and create:
            learner = Learner.objects.create()
            request.session[SESSION_KEY] = learner.pk
    if learner is not None:
        request._learner = learner  # type: ignore[attr-defined]
    return learner
