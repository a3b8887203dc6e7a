"""The learner follows the account: linked at sign-up and log-in, left behind at log-out
(see :func:`learners.services.link_account` and :func:`~learners.services.forget_visitor`)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in, user_logged_out
from django.dispatch import receiver

from .services import forget_visitor, link_account


@receiver(user_logged_in, dispatch_uid="learners-link-account")
def _logged_in(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    if request is not None:
        link_account(request, user)


@receiver(user_logged_out, dispatch_uid="learners-forget-visitor")
def _logged_out(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    if request is not None:
        forget_visitor(request)
