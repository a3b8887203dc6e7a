"""Finding the learner behind a request.

Every view reads the learner in one of two ways:

* ``request.learner`` (set lazily by :class:`learners.middleware.LearnerMiddleware`,
  as ``AuthenticationMiddleware`` sets ``request.user``): the request's learner,
  created on first use. For views that act (a move, an answer), which need
  somebody to record it for.
* :func:`known_learner`: the learner if the browser already has one, else
  ``None``. For pages that only show progress, so that reading a page never
  creates a learner or a session.

**Who a browser is.** A signed-in user has the learner linked to their account.
Anyone else is known by a *visitor cookie*: a random token, given with the first
page that has a form (before anything can be posted) and with the response that
creates the learner. The database keeps only the token's SHA-256 digest, in a
unique column, so that the first posts of a new visitor, however many arrive at
once ("Start" double-clicked), find or create the *same* learner
(``get_or_create`` on the digest). Giving the cookie costs no database row: a
crawler's reads still create nothing.

Learners made before the cookie existed are remembered in the session
(``SESSION_KEY``); such a browser is given a cookie for its learner the next
time it is seen.
"""

from __future__ import annotations

import functools
import hashlib
import re
import secrets
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any, Protocol, TypeVar, cast

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import ForeignObjectRel
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.cache import patch_vary_headers

from rummy_site import ratelimit
from rummy_site.prepared import PreparedQuery

from .models import Learner

SESSION_KEY = "learner_id"
_CACHE = "_learner_cache"
#: Set on a request whose response must give the browser this visitor token.
_NEW_TOKEN = "_visitor_token_to_set"
#: Set on a request once its learner was looked up (its page depends on who asks).
LOOKED_UP = "_learner_looked_up"

_TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")


def cookie_name() -> str:
    return str(getattr(settings, "VISITOR_COOKIE_NAME", "visitor"))


def new_token() -> str:
    """A fresh visitor token (256 random bits, URL-safe)."""
    return secrets.token_urlsafe(32)


def digest(token: str) -> str:
    """What the database keeps of a token."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def visitor_token(request: HttpRequest) -> str | None:
    """The request's visitor token: the cookie's, or one given earlier in this request."""
    given: str | None = getattr(request, _NEW_TOKEN, None)
    if given is not None:
        return given
    token = request.COOKIES.get(cookie_name(), "")
    return token if _TOKEN.fullmatch(token) else None


def give_token(request: HttpRequest) -> str:
    """The request's token, a new one (sent with the response) if it has none."""
    token = visitor_token(request)
    if token is None:
        token = new_token()
        setattr(request, _NEW_TOKEN, token)
    return token


#: Most requests find their learner this way: compiled once (rummy_site.prepared).
_BY_VISITOR_KEY = PreparedQuery(
    Learner, lambda visitor_key: Learner.objects.filter(visitor_key=visitor_key), "visitor_key"
)


def known_learner(request: HttpRequest) -> Learner | None:
    """The request's learner, if there is one already (nothing is created)."""
    cached: Learner | None = getattr(request, _CACHE, None)
    if cached is not None:
        return cached
    setattr(request, LOOKED_UP, True)
    learner: Learner | None = None
    user = getattr(request, "user", None)
    token = visitor_token(request)
    if user is not None and user.is_authenticated:
        learner = Learner.objects.filter(user=user).first()
    elif token is not None:
        learner = _BY_VISITOR_KEY.first(visitor_key=digest(token))
    if learner is None and (user is None or not user.is_authenticated):
        learner = _session_learner(request)
    if learner is not None:
        setattr(request, _CACHE, learner)
    return learner


def visitor_key(request: HttpRequest) -> str | None:
    """What the database keeps of the request's visitor token (``Learner.visitor_key``),
    when the learner is known by it (not by a signed-in user): for a view that reads
    the learner's row together with its own in one query (:func:`known_as`)."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return None
    token = visitor_token(request)
    return digest(token) if token is not None else None


def known_as(request: HttpRequest, learner: Learner) -> None:
    """The request's learner is ``learner``, read by the view with its own row (a table
    joined to its learner by :func:`visitor_key`): :func:`known_learner` returns it
    without a query."""
    setattr(request, LOOKED_UP, True)
    setattr(request, _CACHE, learner)


class OfLearner(Protocol):
    """A row read with its learner (``select_related("learner")``)."""

    @property
    def learner(self) -> Learner: ...


R = TypeVar("R", bound=OfLearner)


def read_as_visitor(
    request: HttpRequest, read: Callable[[str, ratelimit.Count | None], R | None]
) -> R | None:
    """A row of the request's visitor, read with its learner in one query:
    ``read(visitor_key, count)`` finds it by :func:`visitor_key`, sending ``count`` (the
    POST's rate-limit count, if not made yet: :func:`rummy_site.ratelimit.take`) with
    it, and the request's learner is then known (:func:`known_as`). ``None`` when the
    learner is not known by a visitor cookie or the read finds nothing: the count is then
    made on its own. Either way :class:`rummy_site.ratelimit.Limited` is raised, before
    anything else, when the POST is over a limit."""
    return _read_counting(request, read, lambda row: row.learner)


def learner_as_visitor(request: HttpRequest) -> Learner | None:
    """:func:`read_as_visitor` of the visitor's learner alone: read with the POST's
    rate-limit count, after which ``request.learner`` costs no query. ``None`` when it is
    not known by a visitor cookie (``request.learner`` then looks it up as always)."""
    return _read_counting(
        request,
        lambda key, count: ratelimit.first_counting(_BY_VISITOR_KEY, count, visitor_key=key),
        lambda learner: learner,
    )


T = TypeVar("T")


def _read_counting(
    request: HttpRequest,
    read: Callable[[str, ratelimit.Count | None], T | None],
    learner_of: Callable[[T], Learner],
) -> T | None:
    key = visitor_key(request)
    if key is not None:
        row = read(key, ratelimit.take(request))
        if row is not None:
            known_as(request, learner_of(row))
            return row
    over = ratelimit.settle(request)
    if over is not None:
        raise ratelimit.Limited(over)
    return None


V = TypeVar("V", bound=Callable[..., HttpResponse])


def counted_with_learner(view: V) -> V:
    """Mark a POST view whose first read is its learner (under ``@require_POST``): before
    it runs, the visitor's learner is read with the POST's rate-limit count
    (:func:`learner_as_visitor`; over the limit, the view does not run)."""

    @functools.wraps(view)
    def counted(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        learner_as_visitor(request)
        return view(request, *args, **kwargs)

    return ratelimit.counted_with_first_read(cast(V, counted))


def _session_learner(request: HttpRequest) -> Learner | None:
    """A learner remembered in the session (made before visitor cookies). One without a
    visitor key gets one, and the browser its cookie."""
    session = getattr(request, "session", None)
    pk = session.get(SESSION_KEY) if session is not None else None
    if not isinstance(pk, int):
        return None
    learner = Learner.objects.filter(pk=pk).first()
    if learner is not None and learner.visitor_key is None:
        token = visitor_token(request) or new_token()
        try:
            with transaction.atomic():
                # Conditional, so that of two parallel requests only one gives its token.
                given = Learner.objects.filter(pk=pk, visitor_key__isnull=True).update(
                    visitor_key=digest(token)
                )
        except IntegrityError:  # the token is another learner's: keep the session's
            given = 0
        if given:
            learner.visitor_key = digest(token)
            if visitor_token(request) != token:
                setattr(request, _NEW_TOKEN, token)
    return learner


def request_learner(request: HttpRequest) -> Learner:
    """The request's learner, created if need be (once per browser, however many
    requests race to create it)."""
    learner = known_learner(request)
    if learner is not None:
        return learner
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        # get_or_create on a unique field: the loser of a race reads the winner's row.
        learner, _created = Learner.objects.get_or_create(user=user)
    else:
        # known_learner() has just looked for this key: create at once, and read the
        # row only when a parallel request made it first (the key is unique).
        key = digest(give_token(request))
        try:
            with transaction.atomic():
                learner = Learner.objects.create(visitor_key=key)
        except IntegrityError:
            learner = Learner.objects.get(visitor_key=key)
    setattr(request, _CACHE, learner)
    return learner


def link_account(
    request: HttpRequest, user: Any, *, unless: Callable[[Learner], bool] | None = None
) -> None:
    """At sign-up: a new account takes the browser's learner (a teacher keeps what they
    did before signing up), unless ``unless(learner)`` says no (the classroom: a pupil's
    learner, so that a teacher signing up on a pupil's computer does not take the pupil
    over) or it has an account already. The learner is then found by the account alone:
    its visitor key is cleared, so that the browser, logged out, is a new visitor."""
    setattr(request, _CACHE, None)
    if Learner.objects.filter(user=user).exists():
        return
    token = visitor_token(request)
    learner = Learner.objects.filter(visitor_key=digest(token)).first() if token else None
    if learner is None or learner.user_id is not None or (unless and unless(learner)):
        return
    Learner.objects.filter(pk=learner.pk, user__isnull=True).update(user=user, visitor_key=None)


def device_learner(request: HttpRequest) -> Learner | None:
    """The learner this browser is known as without an account (its visitor cookie),
    whether or not someone is logged in on it."""
    token = visitor_token(request)
    if token is None:
        return None
    return _BY_VISITOR_KEY.first(visitor_key=digest(token))


def has_progress(learner: Learner) -> bool:
    """Whether ``learner`` has anything of their own (a table, an attempt, a result, a
    lesson read, an answer...: every model that refers to a learner counts, as in
    ``purge_learners``). One small query per kind of thing, until one is found."""
    for relation in Learner._meta.get_fields():
        if isinstance(relation, ForeignObjectRel) and relation.one_to_many:
            accessor = relation.get_accessor_name()
            if accessor and getattr(learner, accessor).exists():
                return True
    return False


def forget_visitor(request: HttpRequest) -> None:
    """This browser starts again as a new visitor: a new visitor token (the learner of
    the old one stays whoever they are). For "I am not Ona" on a shared computer."""
    setattr(request, _NEW_TOKEN, new_token())
    setattr(request, _CACHE, None)


def continue_as(request: HttpRequest, learner: Learner) -> None:
    """This browser becomes ``learner`` (a pupil's return code typed on another
    computer): it gets a new visitor token, which becomes the learner's. One browser at
    a time is a learner: the one that had the learner's old token no longer is."""
    token = new_token()
    Learner.objects.filter(pk=learner.pk).update(visitor_key=digest(token))
    learner.visitor_key = digest(token)
    setattr(request, _NEW_TOKEN, token)
    setattr(request, _CACHE, learner)
    session = getattr(request, "session", None)
    if session is not None and SESSION_KEY in session:
        del session[SESSION_KEY]


def remember_visitor(request: HttpRequest, response: HttpResponse) -> None:
    """Give the browser the visitor token made during this request, if any; and one to a
    browser without a token that is shown a form (what it posts next will need it)."""
    token: str | None = getattr(request, _NEW_TOKEN, None)
    if (
        token is None
        and request.method in ("GET", "HEAD")
        and request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
        and visitor_token(request) is None
        and response.status_code == 200
    ):
        token = new_token()
    if token is None:
        return
    response.set_cookie(
        cookie_name(),
        token,
        max_age=int(getattr(settings, "VISITOR_COOKIE_AGE", 365 * 24 * 3600)),
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )
    patch_vary_headers(response, ("Cookie",))


#: A browser that has logged in to an account (or signed up) keeps this cookie, "1" and
#: nothing else (no name, no id: a school computer is shared), until an explicit
#: log-out. A log-in ends by itself after a school day; the learner's work then went
#: with the account (sign-up took the browser's), and the home page, the path and the
#: review would look as if it were gone: with this cookie and no log-in, they say that
#: the log-in ended. (The signed ``classroom.forms.DEVICE_COOKIE`` does not fit: it is
#: set at log-in only, not at sign-up, and must outlive a log-out, for its browser to
#: get in while someone guessing has the account locked.)
ACCOUNT_COOKIE = "had_account"
ACCOUNT_COOKIE_DAYS = 365
_ACCOUNT_NOTE = "_account_cookie_note"


def note_account(request: HttpRequest, *, logged_in: bool) -> None:
    """This request logged in (``True``) or explicitly out (``False``): its response
    gives or takes away :data:`ACCOUNT_COOKIE` (:func:`remember_account`)."""
    setattr(request, _ACCOUNT_NOTE, logged_in)


def had_account(request: HttpRequest) -> bool:
    """Whether this browser logged in to an account and did not log out since."""
    return request.COOKIES.get(ACCOUNT_COOKIE) == "1"


def remember_account(request: HttpRequest, response: HttpResponse) -> None:
    """Give or take away :data:`ACCOUNT_COOKIE`, as :func:`note_account` said."""
    note: bool | None = getattr(request, _ACCOUNT_NOTE, None)
    if note is True:
        response.set_cookie(
            ACCOUNT_COOKIE,
            "1",
            max_age=ACCOUNT_COOKIE_DAYS * 86400,
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
            samesite="Lax",
        )
    elif note is False and ACCOUNT_COOKIE in request.COOKIES:
        response.delete_cookie(ACCOUNT_COOKIE, samesite="Lax")


def looked_up_learner(request: HttpRequest) -> Learner | None:
    """The learner this request found or made, if it looked one up (no query)."""
    return getattr(request, _CACHE, None)


def today() -> date:
    """The learner's day (the site's time zone; tests move it)."""
    return timezone.localdate()


def note_activity(learner: Learner) -> None:
    """Count today in the learner's day streak: one more day if they were active
    yesterday, a new streak of 1 after a gap. At most one write a day."""
    day = today()
    if learner.last_active_day == day:
        return
    yesterday = learner.last_active_day == day - timedelta(days=1)
    streak = learner.streak_days + 1 if yesterday else 1
    Learner.objects.filter(pk=learner.pk).update(streak_days=streak, last_active_day=day)
    learner.streak_days, learner.last_active_day = streak, day


def day_streak(learner: Learner | None) -> int:
    """The learner's current day streak (0 once a day has passed without activity)."""
    if learner is None or learner.last_active_day is None:
        return 0
    if learner.last_active_day < today() - timedelta(days=1):
        return 0
    return learner.streak_days


def active_today(learner: Learner | None) -> bool:
    """Whether the learner has already done something today (today counts in the streak)."""
    return learner is not None and learner.last_active_day == today()


__all__ = [
    "LOOKED_UP",
    "SESSION_KEY",
    "active_today",
    "continue_as",
    "cookie_name",
    "counted_with_learner",
    "day_streak",
    "device_learner",
    "digest",
    "forget_visitor",
    "has_progress",
    "known_as",
    "known_learner",
    "learner_as_visitor",
    "link_account",
    "looked_up_learner",
    "note_activity",
    "read_as_visitor",
    "remember_visitor",
    "request_learner",
    "visitor_key",
    "visitor_token",
]
