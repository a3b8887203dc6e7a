"""The load benchmark's own middleware and bare view (rummy_site.settings.bench)."""

from __future__ import annotations

import pytest
from django.http import HttpResponse
from django.test import RequestFactory

from game.practice.models import Table
from rummy_site.bench_urls import bare
from rummy_site.middleware import QueryCountMiddleware


@pytest.mark.django_db
def test_the_bench_middleware_reports_queries_time_and_cpu() -> None:
    def view(request):  # type: ignore[no-untyped-def]
        list(Table.objects.all())
        list(Table.objects.all())
        sum(range(200_000))  # some CPU
        return HttpResponse("ok")

    response = QueryCountMiddleware(view)(RequestFactory().get("/"))
    assert response["X-Query-Count"] == "2"
    wall, cpu = float(response["X-Server-Ms"]), float(response["X-Server-Cpu-Ms"])
    assert cpu > 0 and wall > 0
    assert cpu <= wall * 1.5 + 1  # CPU time of the request cannot be far above its wall time


def test_the_bare_view_does_nothing() -> None:
    response = bare(RequestFactory().get("/bench/bare/"))
    assert response.status_code == 200 and response.content == b"ok"
