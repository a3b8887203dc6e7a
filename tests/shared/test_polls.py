"""The players' poll answered before Django (game.shared.polls): an unchanged table is
a bare 204 from one query; a changed one, someone waiting too long, an unknown table,
a malformed poll or any other request goes on to Django and gets the view's answer."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core import signals
from django.core.handlers.wsgi import WSGIHandler
from django.db import close_old_connections, connection
from django.test.utils import CaptureQueriesContext

from game.shared.models import SharedTable
from game.shared.polls import TablePolls
from tests.shared.test_views import open_and_fill

pytestmark = pytest.mark.django_db


class Spy:
    """The wrapped application: counts what reaches Django."""

    def __init__(self) -> None:
        self.django = WSGIHandler()
        self.calls = 0

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        self.calls += 1
        return self.django(environ, start_response)


def get(app: Any, path: str, query: str = "", *, htmx: bool = True) -> tuple[str, dict[str, str]]:
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "HTTP_HOST": "testserver",
        "wsgi.input": io.BytesIO(b""),
        "wsgi.url_scheme": "http",
        "wsgi.errors": io.StringIO(),
    }
    if htmx:
        environ["HTTP_HX_REQUEST"] = "true"
    seen: dict[str, Any] = {}

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> None:
        seen["status"], seen["headers"] = status, dict(headers)

    # As Django's test client does: the test's transaction must outlive the request
    # (a server closes old connections at each request's start and end).
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        b"".join(app(environ, start_response))
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)
    return seen["status"], seen["headers"]


def test_an_unchanged_table_is_answered_before_django_in_one_query() -> None:
    table, _ona, _others = open_and_fill()
    spy = Spy()
    app = TablePolls(spy)
    path = f"/lt/play/{table.public_id}/"
    with CaptureQueriesContext(connection) as queries:
        status, headers = get(app, path, f"v={table.version}")
    assert status.startswith("204") and spy.calls == 0
    assert len(queries) == 1 and headers["Vary"] == "HX-Request"
    # Changed since: Django's view answers (here a redirect: this client is no player).
    status, _headers = get(app, path, f"v={table.version - 1}")
    assert spy.calls == 1 and not status.startswith("204")
    # Someone to move has waited too long: the view, which lets the computer take over.
    seat = table.waiting[0][0]
    SharedTable.objects.filter(pk=table.pk).update(waiting=[[seat, 0]])
    get(app, path, f"v={table.version}")
    assert spy.calls == 2


@pytest.mark.parametrize(
    ("path", "query", "htmx"),
    [
        ("/lt/play/nosuchtable/", "v=0", True),  # unknown: the view's 404
        ("/lt/play/{id}/", "v=0", False),  # not htmx: the whole page
        ("/lt/play/{id}/", "v=x", True),
        ("/lt/play/{id}/", "v=0&step=2", True),
        ("/xx/play/{id}/", "v=0", True),  # not a language of the site
        ("/lt/play/{id}/move/", "v=0", True),
    ],
)
def test_anything_else_goes_on_to_django(path: str, query: str, htmx: bool) -> None:
    table, _ona, _others = open_and_fill()
    spy = Spy()
    get(TablePolls(spy), path.replace("{id}", table.public_id), query, htmx=htmx)
    assert spy.calls == 1


def test_the_served_application_is_wrapped() -> None:
    from rummy_site import wsgi

    assert isinstance(wsgi.application, TablePolls)
