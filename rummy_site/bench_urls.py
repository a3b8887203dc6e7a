"""The load benchmark's URLs (``rummy_site.settings.bench`` only): the site's own, and a
bare view, so that ``bench/load.py`` can measure what a request costs at the least on
the same servers, through the same middleware, in the same run."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern, URLResolver, path

from .urls import handler400, handler403, handler404, handler500  # noqa: F401
from .urls import urlpatterns as site_patterns


def bare(request: HttpRequest) -> HttpResponse:
    """The least a request can cost here: no database, no template."""
    return HttpResponse("ok", content_type="text/plain")


urlpatterns: list[URLPattern | URLResolver] = [path("bench/bare/", bare), *site_patterns]
