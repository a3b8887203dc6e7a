"""No input reaches a 500: hypothesis over the paths, query strings, headers and form
fields of every endpoint, with DEBUG off as in production.

Every endpoint is called with the identity of a learner who owns a table, a guided
attempt and lesson progress, so that the fuzzed values reach the views' own parsing,
not only the 404 of a stranger. A response may be any 2xx, 3xx or 4xx; a 5xx, or an
exception escaping Django, fails with the example that caused it.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client, override_settings
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import factories

# Text a script might send: anything printable, controls, NUL, RTL marks, long runs.
NASTY = st.one_of(
    st.text(max_size=40),
    st.sampled_from(
        [
            "",
            "\x00",
            "%00",
            "-1",
            "0",
            "99999999999999999999",
            "1e3",
            "NaN",
            "²",
            "١",
            "../",
            "//evil.example",
            "\u202e",
            "<b>",
            "{{7*7}}",
            "%(name)s",
            "x" * 3000,
        ]
    ),
)
FIELDS = [
    "version",
    "action",
    "cards",
    "card",
    "meld",
    "seed",
    "question",
    "answer",
    "points",
    "player",
    "melds",
    "all",
    "next",
    "game",
    "players",
    "name",
    "target_score",
    "step",
    "move",
    "hand",
    "arrange",
    "four_colour",
    "language",
]
FORM = st.dictionaries(st.sampled_from(FIELDS), NASTY, min_size=1, max_size=10)
HEADERS = st.fixed_dictionaries(
    {},
    optional={
        "HTTP_HX_REQUEST": st.sampled_from(["true", "false", "", "\x00"]),
        "HTTP_ACCEPT_LANGUAGE": NASTY,
        "HTTP_HX_HISTORY_RESTORE_REQUEST": st.sampled_from(["true", "1"]),
        "HTTP_HOST": st.sampled_from(["testserver", "evil.example", "testserver:99999", "\x00"]),
        "HTTP_X_REAL_IP": NASTY,
    },
)

ENDPOINTS = [
    "/{lang}/",
    "/{lang}/display/",
    "/{lang}/practice/",
    "/{lang}/practice/new/",
    "/{lang}/practice/{table}/",
    "/{lang}/practice/{table}/move/",
    "/{lang}/practice/{table}/computer/",
    "/{lang}/practice/{table}/hint/",
    "/{lang}/practice/{table}/next/",
    "/{lang}/practice/{table}/review/{deal}/",
    "/{lang}/guided/",
    "/{lang}/guided/{slug}/",
    "/{lang}/guided/{slug}/move/",
    "/{lang}/guided/{slug}/hint/",
    "/{lang}/guided/{slug}/restart/",
    "/{lang}/drills/",
    "/{lang}/drills/gin/deadwood/",
    "/{lang}/drills/gin/{lesson}/answer/",
    "/{lang}/review/",
    "/{lang}/review/answer/",
    "/{lang}/learn/gin/",
    "/{lang}/learn/gin/placement/",
    "/{lang}/learn/gin/placement/answer/",
    "/{lang}/learn/{lesson}/",
    "/{lang}/lessons/",
    "/{lang}/lessons/glossary/",
    "/{lang}/lessons/gin/",
    "/{lang}/lessons/gin/summary/",
    "/{lang}/lessons/gin/{lesson}/",
    "/{lang}/lessons/gin/{lesson}/read/",
    "/{lang}/lessons/gin/{lesson}/check/{index}/",
    "/i18n/setlang/",
]


@pytest.fixture
def owner(db: None) -> dict[str, Any]:
    """A browser that owns a table, a guided attempt and lesson progress."""
    call_command("load_lessons", verbosity=0)
    client = Client(enforce_csrf_checks=False, raise_request_exception=True)
    client.post("/en/practice/new/", {"game": "gin", "players": "2", "name": "Aistė"})
    from game.practice.models import Table

    table = Table.objects.get()
    factories.play_hand_out(table)
    client.post("/en/guided/gin-01-first-knock/hint/", {"version": "0"})
    return {"client": client, "table": table.public_id}


SEGMENT = st.one_of(
    st.sampled_from(["en", "lt", "ru", "it"]),
    st.text(alphabet=st.characters(blacklist_categories=["Cs"]), max_size=12),
)


@pytest.mark.parametrize("method", ["get", "post", "head"])
@pytest.mark.parametrize("endpoint", ENDPOINTS)
# The rate limit is on (with limits no example reaches), reading the proxy's header.
@override_settings(
    DEBUG=False,
    ALLOWED_HOSTS=["testserver"],
    RATE_LIMIT_ENABLED=True,
    POST_RATE_PER_VISITOR="1000000/m",
    POST_RATE_PER_ADDRESS="1000000/m",
    CLIENT_ADDRESS_HEADER="HTTP_X_REAL_IP",
)
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    lang=st.sampled_from(["en", "lt", "ru", "it"]),
    slug=st.one_of(st.just("gin-01-first-knock"), SEGMENT),
    lesson=st.one_of(st.just("knock-gin-and-layoffs"), SEGMENT),
    deal=st.integers(min_value=0, max_value=10**12),
    index=st.integers(min_value=0, max_value=10**12),
    own_table=st.booleans(),
    bad_table=SEGMENT,
    form=FORM,
    query=FORM,
    headers=HEADERS,
)
def test_no_input_reaches_a_server_error(
    owner: dict[str, Any],
    endpoint: str,
    lang: str,
    slug: str,
    lesson: str,
    deal: int,
    index: int,
    own_table: bool,
    bad_table: str,
    method: str,
    form: dict[str, str],
    query: dict[str, str],
    headers: dict[str, str],
) -> None:
    from urllib.parse import quote, urlencode

    path = endpoint.format(
        lang=lang,
        table=owner["table"] if own_table else quote(bad_table, safe=""),
        slug=quote(slug, safe=""),
        lesson=quote(lesson, safe=""),
        deal=deal,
        index=index,
    )
    client: Client = owner["client"]
    url = path + ("?" + urlencode(query) if query else "")
    if method == "post":
        response = client.post(url, form, **headers)
    else:
        response = getattr(client, method)(url, **headers)
    assert response.status_code < 500, (method, url, form, headers, response.status_code)
