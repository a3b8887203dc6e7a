"""The players' poll of a table for people, answered before Django's request handling.

Every page of a table asks once a second whether the table changed
(``GET /<lang>/play/<public_id>/?v=<version>`` with htmx's ``HX-Request`` header). A
class of thirty at their tables sends hundreds of these a second, and almost every
answer is the same: an empty 204, nothing changed. Through Django's whole stack (its
middleware, the URL resolver, the view) that answer costs several times the one query
it needs; :class:`TablePolls` wraps the WSGI application and gives it straight from
that query (:func:`game.shared.services.poll_row`). Anything else, and any poll whose
table changed, has someone waiting too long (the computer then takes the seat, which
the view does) or cannot be read, goes on to Django as before, so the answer is always
the view's own: this only skips the work for "nothing changed".

The database connection is Django's, opened and closed as Django does around a
request (``request_started`` and ``request_finished``: old or broken connections are
closed, ``CONN_MAX_AGE`` is kept).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings
from django.core import signals

from .services import poll_row

_PUBLIC_ID = r"[A-Za-z0-9_-]{1,16}"

StartResponse = Callable[..., Any]
WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


class TablePolls:
    """WSGI middleware: a table poll whose table is unchanged is answered 204 at once."""

    def __init__(self, app: WSGIApp) -> None:
        self.app = app
        languages = "|".join(re.escape(code) for code, _name in settings.LANGUAGES)
        self.path = re.compile(rf"^/(?:{languages})/play/({_PUBLIC_ID})/$")
        self.report = bool(getattr(settings, "REPORT_SERVER_TIMES", False))

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        if (
            environ.get("REQUEST_METHOD") == "GET"
            and environ.get("HTTP_HX_REQUEST") == "true"
            and (query := environ.get("QUERY_STRING", "")).startswith("v=")
            and query[2:].isdigit()
            and len(query) <= 12
            and (found := self.path.match(environ.get("PATH_INFO", "")))
        ):
            started = time.perf_counter()
            if self._unchanged(found.group(1), int(query[2:])):
                headers = [
                    ("Vary", "HX-Request"),
                    ("Cache-Control", "no-store"),
                    ("Content-Length", "0"),
                ]
                if self.report:  # the load benchmark's figures (settings.bench)
                    spent = (time.perf_counter() - started) * 1000
                    headers += [("X-Server-Ms", f"{spent:.2f}"), ("X-Query-Count", "1")]
                start_response("204 No Content", headers)
                return []
        return self.app(environ, start_response)

    def _unchanged(self, public_id: str, version: int) -> bool:
        signals.request_started.send(sender=type(self), environ={})
        try:
            row = poll_row(public_id=public_id)
        except Exception:  # the view will say what is wrong, in the page's language
            return False
        finally:
            signals.request_finished.send(sender=type(self))
        return row is not None and row.version == version and not row.someone_absent


__all__ = ["TablePolls"]
