"""What a URL's ids and codes may look like: anything else is a 404 before any query.

PostgreSQL refuses a NUL byte in a text column with an error (a 500, the tamper probe
found, on every path of the tables for people and the classroom): no route passes raw
text from the path to a query.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import LocalePrefixPattern

#: Converters whose values cannot carry a NUL, a slash or a space into a query.
SAFE = {"int", "slug", "id", "code"}


def routes(patterns: list[Any] | None = None, prefix: str = "") -> Iterator[tuple[str, URLPattern]]:
    """Every route of the site, with its whole pattern (without the language prefix)."""
    for entry in patterns if patterns is not None else get_resolver().url_patterns:
        route = "" if isinstance(entry.pattern, LocalePrefixPattern) else str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from routes(entry.url_patterns, prefix + route)
        else:
            yield prefix + route, entry


def test_every_value_in_a_path_has_a_converter_that_keeps_odd_text_out() -> None:
    found = {
        route: kind
        for route, _ in routes()
        for kind in re.findall(r"<(?:(\w+):)?\w+>", route)
        if kind not in SAFE
    }
    assert found == {}, "a <str:...> (or bare <...>) path value reaches a view"


def bad_paths() -> Iterator[str]:
    """Each route with an id or a code, that value a NUL byte, the rest filled in."""
    for route, _ in routes():
        if "<id:" not in route and "<code:" not in route:
            continue
        path = re.sub(r"<(?:id|code):\w+>", "ab%00cd", route)
        path = re.sub(r"<int:\w+>", "1", path)
        path = re.sub(r"<slug:\w+>", "gin", path)
        yield "/en/" + path if not path.startswith("events/") else "/" + path


BAD_PATHS = sorted(set(bad_paths()))


def test_the_tables_and_classes_routes_are_all_covered() -> None:
    assert any(p.startswith("/en/play/") for p in BAD_PATHS)
    assert any(p.startswith("/en/classroom/") for p in BAD_PATHS)
    assert any(p.startswith("/en/practice/") for p in BAD_PATHS)
    assert any(p.startswith("/en/join/") for p in BAD_PATHS)
    assert "/events/tables/ab%00cd/" in BAD_PATHS


@pytest.mark.django_db
@pytest.mark.parametrize("path", BAD_PATHS)
def test_a_nul_in_an_id_or_a_code_is_a_404_before_any_query(
    client: Client, path: str, django_assert_max_num_queries: Any
) -> None:
    for method in (client.get, client.post):
        with django_assert_max_num_queries(0):
            response = method(path)
        assert response.status_code == 404, (method.__name__, path)


def post_only_paths() -> Iterator[str]:
    """Each route, its values filled in, that a plain visit may reach."""
    for route, _ in routes():
        path = re.sub(r"<(?:id|code):\w+>", "KX7M4P", route)
        path = re.sub(r"<int:\w+>", "1", path)
        path = re.sub(r"<slug:\w+>", "gin", path)
        if not path.startswith(("events/", "i18n/")) and "(?P" not in path:
            yield "/{language}/" + path


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "lt", "ru", "it"])
def test_opening_an_address_only_a_button_posts_to_shows_a_page_in_its_language(
    client: Client, language: str
) -> None:
    """The browser review: a typed /en/practice/new/ got a 405 with an empty body, and
    the browser showed an error screen of its own."""
    refused = 0
    for path in sorted(set(post_only_paths())):
        response = client.get(path.format(language=language))
        if response.status_code != 405:
            continue
        refused += 1
        page = response.content.decode()
        assert f'<html lang="{language}"' in page, path
        assert "POST" in response["Allow"], path
        if language != "en":
            assert "This address is for a button" not in page, path
        # The way back to the page the button was on answers a visit (the newcomer's
        # walk: a lesson answered without JavaScript, reopened, led only home).
        back = re.search(r'<main.*?<a href="([^"]+)"', page, re.S)
        assert back is not None, path
        assert client.get(back.group(1)).status_code != 405, (path, back.group(1))
    assert refused >= 10
    answered = client.get(f"/{language}/lessons/basic/melds-groups-and-runs/check/0/")
    assert answered.status_code == 405
    assert f'href="/{language}/lessons/basic/melds-groups-and-runs/"' in answered.content.decode()
