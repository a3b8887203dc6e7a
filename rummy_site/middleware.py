"""Site-wide middleware: the Content-Security-Policy header, and the request body limit.

**Content-Security-Policy.**
Django 5.2 has no CSP support of its own (6.0 adds it); the policy is the
``CONTENT_SECURITY_POLICY`` setting. It allows no inline script: htmx is
configured through a ``<meta name="htmx-config">`` tag, and the site's own
script is a static file.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

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


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.policy: str = getattr(settings, "CONTENT_SECURITY_POLICY", "")

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if self.policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = self.policy
        return response


class QueryCountMiddleware:
    """Adds ``X-Query-Count`` (SQL queries run for this request) and ``X-Server-Ms``
    (time spent in Django) to every response.

    Only for the load benchmark (``rummy_site.settings.bench``): it is never in
    the production middleware list.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        import time

        from django.db import connections

        started = time.perf_counter()
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
        response["X-Server-Ms"] = f"{(time.perf_counter() - started) * 1000:.1f}"
        return response
