"""Accounts and the learner: a teacher's session ends after a school day
(:data:`ACCOUNT_SESSION_SECONDS`), so that a shared computer does not stay logged in.
Linking a learner to a new account happens at sign-up
(:func:`learners.services.link_account`).

A browser that logs in (or signs up) is marked as one that had an account
(:func:`learners.services.note_account`), and unmarked by an explicit log-out: when its
log-in ends by itself, its pages can say so (:func:`learners.services.had_account`)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_logged_in, user_logged_out
from django.dispatch import receiver

from .services import note_account

#: How long a log-in lasts (seconds): a school day; ``ACCOUNT_SESSION_SECONDS`` sets it.
ACCOUNT_SESSION_SECONDS = 12 * 3600


def account_session_seconds() -> int:
    """How long a log-in lasts here (the setting, else :data:`ACCOUNT_SESSION_SECONDS`)."""
    return int(getattr(settings, "ACCOUNT_SESSION_SECONDS", ACCOUNT_SESSION_SECONDS))


@receiver(user_logged_in, dispatch_uid="learners-account-session")
def _logged_in(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    session = getattr(request, "session", None)
    if session is not None:
        session.set_expiry(account_session_seconds())
    if request is not None:
        note_account(request, logged_in=True)


@receiver(user_logged_out, dispatch_uid="learners-account-logged-out")
def _logged_out(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    if request is not None:
        note_account(request, logged_in=False)
