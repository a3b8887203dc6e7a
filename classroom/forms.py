"""The classroom's forms: a class, joining it, a return code, a pupil's name, and the
teacher's sign-up and log-in."""

from __future__ import annotations

import hashlib
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.models import User
from django.core import signing
from django.http import HttpRequest
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from rummy_site.middleware import client_address
from rummy_site.ratelimit import Limit, hit

from .assignments import MOST_HANDS, choices
from .services import CLASS_NAME_MAX, NAME_MAX


def _code_input() -> forms.TextInput:
    """A field for a code typed off a board or a card: capitals, no suggestions."""
    return forms.TextInput(
        attrs={"autocapitalize": "characters", "autocomplete": "off", "spellcheck": "false"}
    )


class ClassForm(forms.Form):
    name = forms.CharField(
        label=_("Name of the class"),
        max_length=CLASS_NAME_MAX,
        help_text=_("As your pupils know it, like “5B” or “Rummy club”."),
    )
    language = forms.ChoiceField(
        label=_("Language of the class"),
        choices=settings.LANGUAGES,
        help_text=_("The join link opens the site in this language; each pupil can change it."),
        error_messages={"invalid_choice": _("Choose one of the site's languages.")},
    )


class _RefusableForm(forms.Form):
    def refuse(self, field: str | None, message: str) -> None:
        """A refusal of the class (a wrong code, a name taken) said as the form's own
        errors are: at ``field``, whose description it becomes, or for the whole form
        (``None``); the join link's unbound form too."""
        if not self.is_bound:
            self.cleaned_data = {}
        self.add_error(field, message)


class JoinForm(_RefusableForm):
    code = forms.CharField(
        label=_("Class code"),
        max_length=20,
        help_text=_("The code your teacher shows, like “KX7M4P”."),
        widget=_code_input(),
    )
    name = forms.CharField(
        label=_("Your name"),
        max_length=NAME_MAX,
        help_text=_("Your first name, as your teacher knows you. No e-mail, no password."),
        # Not filled in by the browser: on a school's shared computer its suggestions are
        # the names the pupils before typed (the page, too, offers only this browser's
        # own learner's name, and not to a pupil of another class).
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )


class ReturnForm(_RefusableForm):
    """A pupil's return code; a refused one is said at the code (:meth:`refuse`)."""

    code = forms.CharField(
        label=_("Your return code"),
        max_length=20,
        help_text=_("The code on your card, like “KX7M-4PRT”."),
        widget=_code_input(),
    )


class AssignmentForm(forms.Form):
    """Set the class a lesson, a guided hand, a drill or practice hands, with an optional
    due date. The choices are the catalogue of :mod:`classroom.assignments`."""

    what = forms.ChoiceField(
        label=_("What to do"),
        error_messages={"invalid_choice": _("Choose something to assign from the list.")},
    )
    count = forms.IntegerField(
        label=_("Hands (for practice)"),
        min_value=1,
        max_value=MOST_HANDS,
        initial=3,
        help_text=_("How many hands to finish, or to win, at practice tables."),
    )
    due = forms.DateField(
        label=_("Due date (optional)"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )

    def __init__(self, *args: Any, language: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        what = self.fields["what"]
        assert isinstance(what, forms.ChoiceField)
        what.choices = [("", "—"), *choices(language)]
        # The site's own words, in the page's language, for a number out of range (the
        # teacher's walk: Django's "Ensure this value is greater than or equal to 1.").
        hands = ngettext(
            "Ask for 1 to %(count)d hand.", "Ask for 1 to %(count)d hands.", MOST_HANDS
        ) % {"count": MOST_HANDS}
        for code in ("min_value", "max_value", "invalid"):
            self.fields["count"].error_messages[code] = hands
        # The date picker starts at today (the form is sent as it is: novalidate).
        self.fields["due"].widget.attrs["min"] = timezone.localdate().isoformat()

    def clean_due(self) -> Any:
        """A due date already past is refused (the Italian teacher's walk: it was set,
        and every pupil was "late" from the first second). Today is the site's, the
        day the grid marks an assignment late by, written out as the page writes
        dates."""
        due = self.cleaned_data.get("due")
        today = timezone.localdate()
        if due is not None and due < today:
            raise forms.ValidationError(
                gettext("The due date has passed: today is %(today)s. Choose today or a later day.")
                % {"today": date_format(today, "SHORT_DATE_FORMAT")}
            )
        return due


class PupilNameForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=NAME_MAX)


class SignUpForm(UserCreationForm):  # type: ignore[type-arg]
    """A teacher's account: a user name and a password; an e-mail address only if they
    want to be able to reset a forgotten password."""

    email = forms.EmailField(
        label=_("E-mail address (optional)"),
        required=False,
        help_text=_("Only to reset a forgotten password. Leave it empty if you like."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    class Meta(UserCreationForm.Meta):  # type: ignore[name-defined,misc]
        model = User
        fields = ("username", "email")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Django's own help, in its Italian catalog, runs two sentences together.
        self.fields["username"].help_text = _(
            "Up to 150 characters: letters, digits and @ . + - _ only."
        )

    # A refused password comes back with both fields empty. Django says what is wrong
    # beside the confirmation, where the refused form opens (_form_fields.html: its first
    # field in error): a keyboard user typed the confirmation alone and was then told
    # the password was missing (the Lithuanian walk). It is said beside the password
    # instead, which takes the focus, described by it: both are typed again, in order.
    def validate_passwords(
        self, password1_field_name: str = "password1", password2_field_name: str = "password2"
    ) -> None:
        password1 = self.cleaned_data.get(password1_field_name)
        password2 = self.cleaned_data.get(password2_field_name)
        if password1 and password2 and password1 != password2:
            self.add_error(
                password1_field_name,
                forms.ValidationError(
                    self.error_messages["password_mismatch"], code="password_mismatch"
                ),
            )
        # (Django 5.1 methods the type stubs do not know yet.)
        super().validate_passwords(password1_field_name, password2_field_name)  # type: ignore[misc]

    def validate_password_for_user(self, user: Any, password_field_name: str = "password1") -> None:
        # A password too short, too common or too like the user name: said beside the
        # password too (Django checks the confirmation, the same text once they match).
        super().validate_password_for_user(user, password_field_name)  # type: ignore[misc]


#: Log-in attempts for one user name from one address, and from one address.
LOGIN_TRIES_PER_NAME = "10/h"
LOGIN_TRIES_PER_ADDRESS = "100/h"
#: One account from any number of addresses (guessing spread over many machines): far
#: above what its owner types, low enough to make guessing hopeless.
LOGIN_TRIES_PER_ACCOUNT = "50/h"


#: A browser a teacher has logged in from keeps a signed cookie naming the account (and
#: a random id of its own). While someone guessing has the account, or the school's
#: address, over its limit, that browser may still log in to that account: its tries are
#: counted on their own. A pupil could otherwise lock their teacher out before a lesson.
DEVICE_COOKIE = "rummy_teacher_device"
DEVICE_SALT = "classroom.device"
DEVICE_DAYS = 365
LOGIN_TRIES_PER_DEVICE = "10/h"


def login_name(data: Any) -> str:
    """The user name of a log-in as the limits count it."""
    return str(data.get("username", "")).strip().lower()[:150]


def device_account(name: str) -> str:
    """What :data:`DEVICE_COOKIE` holds of the account ``name`` (a :func:`login_name`):
    a digest, never the name. A cookie is ASCII (a header): "rūta.k" in it made every
    log-in of a Lithuanian or Russian user name a 500 (the Lithuanian walk); and a signed
    cookie is readable, so a shared computer's cookie does not name its teacher."""
    return hashlib.sha256(name.encode()).hexdigest()[:32]


def known_device(request: HttpRequest, name: str) -> str | None:
    """This browser's id, if it has logged in to the account ``name`` before."""
    try:
        value = request.get_signed_cookie(
            DEVICE_COOKIE, salt=DEVICE_SALT, max_age=DEVICE_DAYS * 86400
        )
    except (KeyError, signing.BadSignature):
        return None
    device, _bar, account = str(value or "").partition("|")
    return device if device and account == device_account(name) else None


class LogInForm(AuthenticationForm):
    """Django's log-in form, with password guessing slowed down: attempts are counted per
    user name and address, per address, and per user name from anywhere, in the database
    (across app instances); from a browser that logged in to the account before, per
    that browser only (:data:`DEVICE_COOKIE`)."""

    def clean(self) -> dict[str, Any]:
        if self.request is not None and getattr(settings, "RATE_LIMIT_ENABLED", True):
            address = client_address(self.request)
            name = login_name(self.data)
            device = known_device(self.request, name)
            limits = (
                [Limit.of("login-device", f"{device}|{name}", LOGIN_TRIES_PER_DEVICE)]
                if device
                else [
                    Limit.of("login-name", f"{address}|{name}", LOGIN_TRIES_PER_NAME),
                    Limit.of("login-address", address, LOGIN_TRIES_PER_ADDRESS),
                    Limit.of("login-account", name, LOGIN_TRIES_PER_ACCOUNT),
                ]
            )
            over = hit(limits)
            if over is not None:
                raise forms.ValidationError(
                    _("Too many attempts to log in. Wait a while and try again."),
                    code="too_many",
                )
        return super().clean()
