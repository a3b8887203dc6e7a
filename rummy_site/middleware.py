"""Site-wide middleware: security headers, the request body limit, the rate limit, a
POST's redirect sent as a 303 (:class:`SeeOtherAfterPostMiddleware`), pages and boards
sent compressed (:class:`CompressedPagesMiddleware`).

**Rate limit.** Every POST counts against two limits, kept in the database so that
the counts hold across app instances (:mod:`rummy_site.ratelimit`: one statement per
POST, or none of its own when the view sends it with its first read):
``POST_RATE_PER_VISITOR`` for one browser (its visitor cookie) and
``POST_RATE_PER_ADDRESS`` for one network address (a whole classroom behind a
school's router shares one, so it is generous). Over either, a translated 429
page says what the limit is. ``RATE_LIMIT_ENABLED = False`` turns it off.

**Content-Security-Policy and Permissions-Policy.**
Django 5.2 has no CSP support of its own (6.0 adds it); the policy is the
``CONTENT_SECURITY_POLICY`` setting. It allows no inline script: htmx is
configured through a ``<meta name="htmx-config">`` tag, and the site's own
script is a static file. ``PERMISSIONS_POLICY`` turns off the browser features
the site never uses (camera, microphone, location...).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.middleware.gzip import GZipMiddleware
from django.shortcuts import render
from django.urls import Resolver404, resolve

from learners.services import visitor_token

from . import ratelimit
from .ratelimit import Limit

#: The largest request body the site accepts (its forms send a few short fields).
MAX_BODY_BYTES = 64 * 1024


class RequestBodyLimitMiddleware:
    """Refuse, with a translated 413 page, any body larger than :data:`MAX_BODY_BYTES`,
    before anything reads it. Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE`` does not count a
    multipart body's file parts, which it would spool to disk (the site has no file
    upload). The proxy should refuse them first (``client_max_body_size``, see the
    README)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > MAX_BODY_BYTES:
            context = {"limit_kb": MAX_BODY_BYTES // 1024}
            return render(request, "413.html", context, status=413)
        return self.get_response(request)


def page_above(path: str) -> str | None:
    """The nearest address above ``path`` that names a page of the site
    (``/lt/lessons/basic/melds/check/0/`` is answered from ``/lt/lessons/basic/melds/``),
    or ``None`` when only the home page is above it."""
    parts = [p for p in path.split("/") if p]
    for end in range(len(parts) - 1, 1, -1):
        candidate = "/" + "/".join(parts[:end]) + "/"
        try:
            resolve(candidate)
        except Resolver404:
            continue
        return candidate
    return None


class MethodNotAllowedPageMiddleware:
    """A translated page for a 405: Django's ``require_POST`` answers a GET with an
    empty body, and a browser then shows an error screen of its own (an address that
    only a form's button posts to, typed or opened from the history). The ``Allow``
    header stays. After ``LocaleMiddleware``, so that the page is in its language. The
    page leads back to the page the button was on (:func:`page_above`): a lesson answered
    without JavaScript leaves the browser on the answer's address, and a restored tab
    or a bookmark opened it again (the Lithuanian newcomer's walk), with only a way home."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code != 405 or getattr(response, "streaming", False):
            return response
        if response.content:
            return response
        page = render(request, "405.html", {"back": page_above(request.path)}, status=405)
        if "Allow" in response:
            page["Allow"] = response["Allow"]
        return page


def client_address(request: HttpRequest) -> str:
    """The client's address: ``CLIENT_ADDRESS_HEADER`` (the reverse proxy's, e.g.
    ``HTTP_X_REAL_IP``) when set, else ``REMOTE_ADDR``."""
    header = getattr(settings, "CLIENT_ADDRESS_HEADER", "")
    value = request.META.get(header, "") if header else ""
    return str(value or request.META.get("REMOTE_ADDR", "")).split(",")[0].strip()


class PostRateLimitMiddleware:
    """Refuse a POST over the visitor's or the address's rate (see the module docs).

    The count is made just before the view runs (``process_view``), or by a view
    marked :func:`~rummy_site.ratelimit.counted_with_first_read` with its first read,
    in the same statement; a POST that reaches no view is counted after its answer.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "POST" and getattr(settings, "RATE_LIMIT_ENABLED", True):
            address = client_address(request)
            visitor = visitor_token(request) or f"address:{address}"
            ratelimit.defer(
                request,
                [
                    Limit.of("visitor", visitor, settings.POST_RATE_PER_VISITOR),
                    Limit.of("address", address, settings.POST_RATE_PER_ADDRESS),
                ],
            )
        try:
            return self.get_response(request)
        finally:
            ratelimit.settle(request)  # a POST that no view counted (no such page...)

    def process_view(
        self,
        request: HttpRequest,
        view: Callable[..., HttpResponse],
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
    ) -> HttpResponse | None:
        if getattr(view, "counts_with_first_read", False):
            return None
        over = ratelimit.settle(request)
        return None if over is None else self.refusal(request, over)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, ratelimit.Limited):
            return self.refusal(request, exception.over)
        return None

    @staticmethod
    def refusal(request: HttpRequest, over: ratelimit.Over) -> HttpResponse:
        """The translated 429 page: what the limit is, and when to try again."""
        response = render(request, "429.html", {"limit": over.limit.limit}, status=429)
        response["Retry-After"] = str(over.retry_after)
        return response


class SecurityHeadersMiddleware:
    """``Content-Security-Policy`` and ``Permissions-Policy`` on every response that
    does not set its own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.headers = {
            name: value
            for name, value in (
                ("Content-Security-Policy", getattr(settings, "CONTENT_SECURITY_POLICY", "")),
                ("Permissions-Policy", getattr(settings, "PERMISSIONS_POLICY", "")),
            )
            if value
        }

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        for name, value in self.headers.items():
            if name not in response:
                response[name] = value
        return response


class CompressedPagesMiddleware(GZipMiddleware):
    """Every page, board and answer gzipped for a browser that accepts it (Django's
    :class:`~django.middleware.gzip.GZipMiddleware`), except a streamed response.

    A page is a few hundred words and many cards drawn the same way, so it shrinks to
    a third or a fifth: a lesson page 23 KB -> 4.2 KB, a move's board 13 KB -> 2.2 KB
    (on a 400 kbit/s school network 0.46 s -> 0.08 s for the lesson page). It costs
    the server 0.1-0.25 ms of a core a response. Django's middleware adds up to
    100 random bytes to each gzip header, so the length of an answer tells nothing of a
    secret in it (BREACH); the CSRF token on a page is masked anew for each response.

    A streamed response (a table's server-sent events) is passed on as it is: Django
    would hold each event in the compressor until more came. Static files never reach
    here: WhiteNoise, before this in ``MIDDLEWARE``, answers them with its own gzip and
    Brotli files made by ``collectstatic``."""

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if response.streaming:
            return response
        return super().process_response(request, response)


class SeeOtherAfterPostMiddleware:
    """A form's answer at another address is a 303 See Other: every redirect answering a
    POST (a move, an answer, a refusal, a saved form, a language button, logging in or
    out) that a view made with ``redirect()`` or Django's own views made as a 302 (Found)
    is sent as a 303, which tells the browser (and anything reading the answer) to load
    that address with a GET, where a reload sends nothing again. One rule for the whole
    site, so that no view has to remember it (the walks found refused answers at 302 and
    refused moves at 303). A GET's redirect (the language prefix, ``?hand=new``, a page
    that moved) keeps its status."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if request.method == "POST" and response.status_code == 302:
            response.status_code = 303
        return response


class QueryCountMiddleware:
    """Adds ``X-Query-Count`` (SQL queries run for this request), ``X-Server-Ms`` (time
    spent in Django) and ``X-Server-Cpu-Ms`` (the CPU time of that) to every response.

    Only for the load benchmark (``rummy_site.settings.bench``): it is never in
    the production middleware list.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        import time

        from django.db import connections

        started, cpu = time.perf_counter(), time.thread_time()
        count = 0

        def counter(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
            nonlocal count
            count += 1
            return execute(sql, params, many, context)

        wrappers = [connection.execute_wrapper(counter) for connection in connections.all()]
        for wrapper in wrappers:
            wrapper.__enter__()
        try:
            response = self.get_response(request)
        finally:
            for wrapper in reversed(wrappers):
                wrapper.__exit__(None, None, None)
        response["X-Query-Count"] = str(count)
        response["X-Server-Ms"] = f"{(time.perf_counter() - started) * 1000:.2f}"
        # The request's own CPU time: the rest of X-Server-Ms was spent waiting (for the
        # database, or for a core while the other processes ran).
        response["X-Server-Cpu-Ms"] = f"{(time.thread_time() - cpu) * 1000:.2f}"
        return response
