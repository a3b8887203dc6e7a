"""Accounts, with Django's auth: sign up, log in and out, change and reset the password.
Anyone may make one: a learner to keep their progress and continue on another device, a
teacher to make classes too (any account can; pupils of a class need none, they have
their return code). Django's own views do the work; this module adds the sign-up view
and the forms that count log-in and reset attempts (see :mod:`classroom.forms`)."""

from __future__ import annotations

import secrets
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import PasswordResetForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render, resolve_url
from django.urls import Resolver404, resolve
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods

from learners.models import Learner
from learners.receivers import account_session_seconds
from learners.services import device_learner, had_account, has_progress, link_account
from rummy_site.middleware import client_address
from rummy_site.ratelimit import Limit, hit

from .forms import (
    DEVICE_COOKIE,
    DEVICE_DAYS,
    DEVICE_SALT,
    LogInForm,
    SignUpForm,
    device_account,
    known_device,
    login_name,
)
from .mistakes import a_pupil
from .models import Classroom

#: Django's own sentences on these pages that its Lithuanian catalogue lacks (it has them
#: with a straight apostrophe, Django now writes a curly one): named here so that
#: ``make messages`` keeps them in the site's catalogues, which Django reads first.
DJANGO_SENTENCES = (
    gettext_noop("The two password fields didn’t match."),
    gettext_noop("Your password can’t be too similar to your other personal information."),
    gettext_noop("Your password can’t be a commonly used password."),
    gettext_noop("Your password can’t be entirely numeric."),
)

#: Reset e-mails asked for one address (the e-mail's), and from one network address.
RESETS_PER_EMAIL = "3/h"
RESETS_PER_ADDRESS = "20/h"
#: Teachers' accounts made from one network address (a school's teachers signing up on
#: a training day; not a script making accounts by the minute).
SIGNUPS_PER_ADDRESS = "20/h"


def next_page(request: HttpRequest) -> str:
    """The page sign-up returns to (``next``, sent by "Save your progress" and the log-in
    page): a path on this site only, never another site's address; "" if none."""
    target = str(request.POST.get("next") or request.GET.get("next") or "")
    if target.startswith("/") and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return ""


def _is_classroom(target: str) -> bool:
    try:
        return resolve(target.split("?")[0]).view_name == "classroom:index"
    except Resolver404:
        return False


@sensitive_post_parameters("password1", "password2")
@require_http_methods(["GET", "HEAD", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    target = next_page(request)
    if request.user.is_authenticated:
        return redirect(target or "classroom:index")
    form = SignUpForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        # Counted once the account would be made (a form sent back with a mistake is not).
        if getattr(settings, "RATE_LIMIT_ENABLED", True) and hit(
            [Limit.of("signup-address", client_address(request), SIGNUPS_PER_ADDRESS)]
        ):
            form.add_error(
                None, _("Many accounts have been made from here in the last hour. Try again later.")
            )
            context = {"form": form, "next": target}
            return render(request, "registration/signup.html", context, status=429)
        user = form.save()
        # The account keeps what this browser did before, unless the browser is a pupil's.
        link_account(request, user, unless=a_pupil)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        if not target or _is_classroom(target):
            # The classroom's "Make a teacher's account" (no ``next``): on to a first class.
            messages.success(request, _("Your account is ready. Make your first class."))
            return redirect(target or "classroom:index")
        # A learner saving their progress: back to the page they came from.
        messages.success(
            request,
            _("Your account is ready. On another device, log in to continue where you left off."),
        )
        return redirect(target)
    status = 400 if form.is_bound else 200
    context = {"form": form, "next": target}
    return render(request, "registration/signup.html", context, status=status)


def log_in_ended(request: HttpRequest, learner: Learner | None) -> dict[str, int | None] | None:
    """What the home page, a game's path and Review say when this browser's log-in ended
    by itself (:data:`learners.receivers.ACCOUNT_SESSION_SECONDS`): it logged in, or
    signed up, and did not log out (:func:`learners.services.had_account`), and nobody is
    logged in now. Sign-up took the browser's work into the account, so these pages
    would otherwise look as if it were all gone, with no word about logging in (the
    Lithuanian walk). ``{"hours": 12}`` (``None``: not a whole number of hours), or
    ``None``: nothing to say, to a logged-in user, after an explicit log-out, or to a
    pupil of a class (``learner``, the browser's: their return code carries their work,
    and a teacher's log-in on their computer is not theirs). The line names no account:
    the computer may be a school's."""
    if not had_account(request) or request.user.is_authenticated:
        return None
    if learner is not None and a_pupil(learner):
        return None
    seconds = account_session_seconds()
    return {"hours": seconds // 3600 if seconds > 0 and seconds % 3600 == 0 else None}


class ResetForm(PasswordResetForm):
    """Django's reset form, its field named as the site names an e-mail address (the
    Italian teacher's walk: Django's "Email" where the site says "Indirizzo e-mail");
    over the limit it sends nothing and says the same (no one learns whether an address
    has an account)."""

    email = forms.EmailField(
        label=gettext_lazy("E-mail address"),
        max_length=254,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    request: HttpRequest | None = None

    def save(self, *args: Any, **kwargs: Any) -> None:
        request = kwargs.get("request")
        email = str(self.cleaned_data.get("email", "")).strip().lower()
        if request is not None and getattr(settings, "RATE_LIMIT_ENABLED", True):
            over = hit(
                [
                    Limit.of("reset-email", email, RESETS_PER_EMAIL),
                    Limit.of("reset-address", client_address(request), RESETS_PER_ADDRESS),
                ]
            )
            if over is not None:
                return
        super().save(*args, **kwargs)


class LogInView(auth_views.LoginView):
    """Django's log-in; the browser keeps a cookie saying it logged in to this account
    (:data:`classroom.forms.DEVICE_COOKIE`), so that someone guessing cannot lock the
    teacher out of it here.

    Logging in moves nobody's progress: the account's learner is shown, and what this
    browser did without an account stays the browser's (its visitor cookie is kept), back
    when it logs out. A device is often shared (a family's tablet, a pupil's computer):
    logging in must not take someone else's work into the account. The learner is told
    when the browser has work of its own."""

    authentication_form = LogInForm
    redirect_authenticated_user = True

    def get_default_redirect_url(self) -> str:
        """Where logging in leads without ``next`` (the log-in page opened directly): a
        teacher (an account with a class, archived or not) to their classes; anyone else
        (a learner who made an account to save their progress) to their own home page,
        which continues their path, not to "Classes you teach" (the class-of-thirty
        walk). ``next``, when given, still wins, on this site only (Django's check)."""
        user = self.request.user
        if user.is_authenticated and Classroom.objects.filter(teacher=user).exists():
            return resolve_url(settings.LOGIN_REDIRECT_URL)
        return resolve_url("home")

    def form_valid(self, form: Any) -> HttpResponse:
        browsers_own = device_learner(self.request)
        response = super().form_valid(form)
        if (
            browsers_own is not None
            and browsers_own.user_id is None
            and not a_pupil(browsers_own)  # a pupil's computer: the work is the pupil's
            and has_progress(browsers_own)
        ):
            messages.info(
                self.request,
                _(
                    "What you did on this device without logging in stays on this device: "
                    "you will find it again when you log out."
                ),
            )
        name = login_name(form.data)
        device = known_device(self.request, name) or secrets.token_urlsafe(12)
        response.set_signed_cookie(
            DEVICE_COOKIE,
            f"{device}|{device_account(name)}",
            salt=DEVICE_SALT,
            max_age=DEVICE_DAYS * 86400,
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
            samesite="Lax",
        )
        return response


login_view = LogInView.as_view()
logout_view = auth_views.LogoutView.as_view()
password_change = auth_views.PasswordChangeView.as_view()
password_change_done = auth_views.PasswordChangeDoneView.as_view()
password_reset = auth_views.PasswordResetView.as_view(
    form_class=ResetForm,
    email_template_name="registration/password_reset_email.txt",
    subject_template_name="registration/password_reset_subject.txt",
)
password_reset_done = auth_views.PasswordResetDoneView.as_view()
password_reset_confirm = auth_views.PasswordResetConfirmView.as_view()
password_reset_complete = auth_views.PasswordResetCompleteView.as_view()
