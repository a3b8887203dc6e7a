"""Accounts and the learner: a teacher's session ends after a school day
(:data:`ACCOUNT_SESSION_SECONDS`), so that a shared computer does not stay logged in.
Linking a learner to a new account happens at sign-up
(:func:`learners.services.link_account`)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

#: How long a log-in lasts (seconds): a school day; ``ACCOUNT_SESSION_SECONDS`` sets it.
ACCOUNT_SESSION_SECONDS = 12 * 3600


@receiver(user_logged_in, dispatch_uid="learners-account-session")
def _logged_in(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    session = getattr(request, "session", None)
    if session is not None:
        session.set_expiry(
            int(getattr(settings, "ACCOUNT_SESSION_SECONDS", ACCOUNT_SESSION_SECONDS))
        )
