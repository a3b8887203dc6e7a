"""What a pupil's phone on a slow network downloads: pages and boards gzipped by the
site, static files compressed (gzip and Brotli) and kept by the browser for a year
under their hashed names, the page itself never kept (docs/deploy.md, "Static files
and compression"; ``bench/page_weight.py`` measures the walk)."""

from __future__ import annotations

import gzip
import importlib
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.management import call_command
from django.templatetags.static import static
from django.test import Client, override_settings

from tests.site.test_deploy import PRODUCTION_ENV

#: What Chromium sends over HTTPS.
BROWSER = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br, zstd"}


@pytest.mark.django_db
def test_a_page_is_sent_gzipped_and_never_kept(client: Client) -> None:
    plain = client.get("/it/")
    response = client.get("/it/", **BROWSER)
    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"]
    html = gzip.decompress(response.content).decode()
    assert '<html lang="it">' in html
    # A page is mostly markup drawn the same way again and again: a third of it or less.
    assert len(response.content) * 3 < len(plain.content)
    assert "Content-Encoding" not in plain  # a client that does not ask gets it plain
    # The page is the learner's own: no cache keeps it (a repeat visit asks again).
    assert "max-age" not in response.get("Cache-Control", "")
    assert "public" not in response.get("Cache-Control", "")


@pytest.mark.django_db
def test_an_htmx_partial_is_sent_gzipped(client: Client) -> None:
    response = client.get("/it/?hand=42", HTTP_HX_REQUEST="true", **BROWSER)
    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    html = gzip.decompress(response.content).decode()
    assert "<html" not in html and "data-card=" in html


@pytest.mark.django_db
def test_a_page_asks_for_one_stylesheet_and_the_print_rules_are_in_it(client: Client) -> None:
    """A ``media="print"`` stylesheet of its own was downloaded on every first visit (a
    request more on a slow network, for a page nobody printed): the print rules are in
    the site's stylesheet, under ``@media print``."""
    html = client.get("/it/lessons/").content.decode()
    sheets = re.findall(r'<link rel="stylesheet"[^>]*>', html)
    assert len(sheets) == 1 and "css/site" in sheets[0], sheets
    css = (settings.BASE_DIR / "static" / "css" / "site.css").read_text()
    print_rules = css[css.index("@media print {") :]
    assert ".site-header, .site-footer" in print_rules and "@page" in print_rules


def test_a_streamed_response_is_not_held_in_a_compressor() -> None:
    """A table's server-sent events are streamed: gzipped, each event would wait in the
    compressor for the next ones (tests/shared/test_events.py hears one over HTTP)."""
    from django.http import HttpResponse, StreamingHttpResponse
    from django.test import RequestFactory

    from rummy_site.middleware import CompressedPagesMiddleware

    stream = StreamingHttpResponse(iter([b"event: changed\ndata: 3\n\n"] * 50))
    middleware = CompressedPagesMiddleware(lambda request: stream)
    response = middleware(RequestFactory().get("/events/tables/x/", **BROWSER))
    assert not response.has_header("Content-Encoding")
    assert next(iter(response)) == b"event: changed\ndata: 3\n\n"  # type: ignore[call-overload]
    page = HttpResponse(b"<p>" + b"card " * 200)
    response = CompressedPagesMiddleware(lambda request: page)(
        RequestFactory().get("/it/", **BROWSER)
    )
    assert response["Content-Encoding"] == "gzip"


@pytest.mark.django_db
def test_a_gzipped_page_keeps_djangos_answers_to_breach(client: Client) -> None:
    """What docs/deploy.md and ``CompressedPagesMiddleware`` say of BREACH (a secret
    guessed from the length of compressed answers that also carry text an attacker
    chose): each gzipped answer carries a random number of bytes (0-99, Django's) in its
    header's FNAME field, so the same page differs in length from one answer to the next,
    and
    the CSRF token every page carries (``hx-headers`` on the body) is masked anew for
    each answer, never the same bytes twice. A subclass that compressed without them, or
    a token cached with the page, would pass the tests above."""
    client.get("/it/")  # the CSRF cookie set: every answer below carries the same secret
    answers = [client.get("/it/", **BROWSER) for _ in range(6)]
    for response in answers:
        assert response["Content-Encoding"] == "gzip"
        assert response.content[3] & 0x08, "no FNAME field in the gzip header: no random length"
    pages = [gzip.decompress(r.content).decode() for r in answers]
    tokens = {re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1) for page in pages}  # type: ignore[union-attr]
    assert len(tokens) == len(pages)  # masked anew each time
    # Six lengths, each padded by 0-99 bytes at random: all alike once in ~10^10 runs.
    assert len({len(r.content) for r in answers}) > 1


def _production_storages(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """``STORAGES`` as ``rummy_site.settings.production`` sets it."""
    for name, value in PRODUCTION_ENV.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delitem(sys.modules, "rummy_site.settings.production", raising=False)
    module = importlib.import_module("rummy_site.settings.production")
    monkeypatch.delitem(sys.modules, "rummy_site.settings.production")
    storages: dict[str, Any] = module.STORAGES
    return storages


@pytest.mark.django_db
def test_static_files_in_production_are_compressed_and_kept_a_year(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``collectstatic`` with the production settings, then WhiteNoise serving its
    files as in production (not from the source folders): a hashed name is kept by the
    browser for a year, unasked, and sent Brotli-compressed to a browser that takes it
    (Chromium over HTTPS), gzipped to one that takes only gzip."""
    with override_settings(
        STORAGES=_production_storages(monkeypatch),
        STATIC_ROOT=tmp_path,
        DEBUG=False,
        WHITENOISE_USE_FINDERS=False,
        WHITENOISE_AUTOREFRESH=False,
    ):
        call_command("collectstatic", interactive=False, verbosity=0)
        for name in ("css/site.css", "js/site.js", "django_htmx/htmx-2.min.js"):
            url = static(name)
            assert url != f"/static/{name}", "a hashed name"
            plain = Client().get(url)
            brotli = Client().get(url, **BROWSER)
            gzipped = Client().get(url, HTTP_ACCEPT_ENCODING="gzip, deflate")
            assert brotli.status_code == gzipped.status_code == plain.status_code == 200
            assert brotli["Content-Encoding"] == "br", name
            assert gzipped["Content-Encoding"] == "gzip", name
            size = int(plain["Content-Length"])
            assert int(brotli["Content-Length"]) < int(gzipped["Content-Length"]) < size / 3
            for response in (plain, brotli, gzipped):
                cache = response["Cache-Control"]
                assert "immutable" in cache and "max-age=315360000" in cache, cache
                assert "Accept-Encoding" in response["Vary"]
