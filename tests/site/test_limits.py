"""Limits a real visitor never meets and a script always does; each refusal says the limit."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client, override_settings
from django.utils import timezone

from game.guided import services as guided
from game.guided.models import GuidedAttempt
from game.practice import services as practice
from game.practice.models import Table
from learners.models import Learner
from rummy_site import ratelimit
from rummy_site.models import RateCount
from tests import factories
from tests.factories import a_wrong_move, move_data

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def stopped_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rate limit's clock stands still a second into a minute: no window ends."""
    monkeypatch.setattr(ratelimit, "clock", lambda: 1_800_000_001.0)


@override_settings(RATE_LIMIT_ENABLED=True, POST_RATE_PER_VISITOR="3/m")
@pytest.mark.parametrize("language", ["en", "lt", "ru", "it"])
def test_posts_over_the_visitor_rate_get_a_translated_429(client: Client, language: str) -> None:
    client.get(f"/{language}/practice/")
    form = {"game": "gin", "players": "2", "name": "Ona"}
    statuses = [client.post(f"/{language}/practice/new/", form).status_code for _ in range(5)]
    assert statuses == [303, 303, 303, 429, 429]
    assert Table.objects.count() == 3
    refused = client.post(f"/{language}/practice/new/", form)
    html = refused.content.decode()
    assert f'<html lang="{language}">' in html and " 3 " in html
    assert int(refused["Retry-After"]) <= 60
    if language != "en":
        assert "clicks a minute" not in html
    # Another browser on the same address is not held back by this one.
    other = Client()
    other.get(f"/{language}/practice/")
    assert other.post(f"/{language}/practice/new/", form).status_code == 303


@override_settings(RATE_LIMIT_ENABLED=True, POST_RATE_PER_ADDRESS="4/m")
def test_posts_over_the_address_rate_are_refused_whatever_the_cookies() -> None:
    form = {"game": "gin", "players": "2", "name": "Ona"}
    statuses = []
    for _ in range(6):  # a script that takes a fresh cookie for every post
        client = Client()
        client.get("/en/practice/")
        statuses.append(client.post("/en/practice/new/", form).status_code)
    assert statuses == [303, 303, 303, 303, 429, 429]


@override_settings(
    RATE_LIMIT_ENABLED=True, POST_RATE_PER_ADDRESS="2/m", CLIENT_ADDRESS_HEADER="HTTP_X_REAL_IP"
)
def test_behind_the_proxy_the_client_s_address_counts() -> None:
    form = {"game": "gin", "players": "2", "name": "Ona"}
    for address in ("10.0.0.1", "10.0.0.2", "10.0.0.3"):
        for expected in (303, 303, 429):
            client = Client(HTTP_X_REAL_IP=address)
            client.get("/en/practice/")
            assert client.post("/en/practice/new/", form).status_code == expected


def test_a_learner_starts_at_most_a_hundred_tables_a_day(client: Client) -> None:
    client.get("/en/practice/")
    form = {"game": "knock", "players": "2", "name": "Ona"}
    assert client.post("/en/practice/new/", form).status_code == 303
    learner = Learner.objects.get()
    for _ in range(practice.MAX_TABLES_PER_DAY - 1):
        factories.table("knock", 2, owner=learner)
    refused = client.post("/lt/practice/new/", form)
    assert refused.status_code == 429
    assert "100" in refused.content.decode() and "tables today" not in refused.content.decode()
    assert Table.objects.count() == practice.MAX_TABLES_PER_DAY
    Table.objects.update(created=timezone.now() - timedelta(days=2))
    assert client.post("/en/practice/new/", form).status_code == 303


def test_the_same_turn_s_hint_again_is_not_counted_twice(client: Client) -> None:
    table = factories.table("gin", 2, owner=factories.learner("Ona"))
    state = practice.table_state(table=table)
    while not state.my_turn:
        state = practice.table_bot_step(table=table, version=table.version)
    practice.table_hint(table=table, version=table.version)
    version, hints = table.version, list(table.hints[-1])
    for _ in range(20):
        _state, advice = practice.table_hint(table=table, version=table.version)
        assert advice is not None
    table.refresh_from_db()
    assert table.version == version and table.hints[-1] == hints and len(hints) == 1


def test_attempts_at_one_hand_are_capped(client: Client) -> None:
    scenario = guided.scenarios.get("gin-01-first-knock")
    assert scenario is not None
    learner = factories.learner("Ona")
    GuidedAttempt.objects.bulk_create(
        GuidedAttempt(learner=learner, scenario=scenario.slug, finished=True, stars=1)
        for _ in range(guided.MAX_ATTEMPTS)
    )
    with pytest.raises(guided.TooManyAttempts) as refused:
        guided.attempt_restart(learner=learner, scenario=scenario)
    assert str(guided.MAX_ATTEMPTS) in str(refused.value.message)
    assert GuidedAttempt.objects.count() == guided.MAX_ATTEMPTS


def test_mistakes_in_one_attempt_are_capped(client: Client) -> None:
    slug = "gin-01-first-knock"
    scenario = guided.scenarios.get(slug)
    assert scenario is not None
    wrong = {"version": "0", **move_data(a_wrong_move(scenario)[1])}
    client.post(f"/en/guided/{slug}/move/", wrong)
    attempt = GuidedAttempt.objects.get()
    attempt.mistakes = attempt.mistakes * guided.MAX_MISTAKES
    attempt.save()
    refused = client.post(f"/en/guided/{slug}/move/", {**wrong, "version": str(attempt.version)})
    assert refused.status_code == 429 and str(guided.MAX_MISTAKES) in refused.content.decode()
    attempt.refresh_from_db()
    assert len(attempt.mistakes) == guided.MAX_MISTAKES


def test_a_window_s_count_starts_again_when_the_next_begins() -> None:
    limit = ratelimit.Limit.of("visitor", "someone", "2/m")
    start = 1_800_000_040.0
    assert [ratelimit.hit([limit], now=start + i) for i in range(2)] == [None, None]
    over = ratelimit.hit([limit], now=start + 5)
    assert over is not None and over.limit == limit and over.retry_after == 15
    assert ratelimit.hit([limit], now=start + 21) is None  # a new minute
    assert ratelimit.forget_old(now=start + 200) == 1


def test_one_statement_counts_both_limits(django_assert_num_queries) -> None:  # type: ignore[no-untyped-def]
    limits = [
        ratelimit.Limit.of("visitor", "someone", "120/m"),
        ratelimit.Limit.of("address", "10.0.0.1", "1800/m"),
    ]
    with django_assert_num_queries(1):
        assert ratelimit.hit(limits) is None


HTMX = {"HTTP_HX_REQUEST": "true"}


def _hits() -> list[int]:
    return sorted(RateCount.objects.values_list("hits", flat=True))


@override_settings(RATE_LIMIT_ENABLED=True, POST_RATE_PER_VISITOR="3/m")
@pytest.mark.parametrize("language", ["en", "lt", "ru", "it"])
def test_a_table_s_posts_are_counted_with_its_read_and_refused_before_anything_changes(
    client: Client, language: str
) -> None:
    """A practice table's POSTs send their count with the table's read (one statement
    on PostgreSQL): each is counted once, and one over the limit changes nothing."""
    client.get(f"/{language}/practice/")
    created = client.post(
        f"/{language}/practice/new/", {"game": "knock", "players": "2", "name": "Ona"}
    )
    table = Table.objects.get()
    assert created.status_code == 303 and _hits() == [1, 1]
    page = f"/{language}/practice/{table.public_id}/"
    statuses = []
    for _ in range(4):  # a computer step (or a refusal: not the computer's turn), then over
        version = Table.objects.get().version
        response = client.post(page + "computer/", {"version": str(version)}, **HTMX)
        statuses.append(response.status_code)
    assert 429 not in statuses[:2] and statuses[2:] == [429, 429]
    assert _hits() == [5, 5]
    html = response.content.decode()
    assert f'<html lang="{language}">' in html and " 3 " in html
    assert int(response["Retry-After"]) <= 60
    after = Table.objects.get()
    for verb in ("move", "hint", "next"):
        refused = client.post(page + f"{verb}/", {"version": str(after.version)})
        assert refused.status_code == 429
    assert (
        Table.objects.get().version == after.version and Table.objects.get().rounds == after.rounds
    )
    assert _hits() == [8, 8]


@override_settings(RATE_LIMIT_ENABLED=True, POST_RATE_PER_VISITOR="2/m")
def test_a_post_is_counted_once_wherever_it_goes(client: Client) -> None:
    """A POST to no page, and one to somebody else's table (the read finds nothing),
    are counted too, once each."""
    client.get("/en/practice/")
    someone = factories.table("gin", 2, owner=factories.learner("Ona"))
    assert client.post("/en/no/such/page/", {}).status_code == 404
    assert _hits() == [1, 1]
    other = f"/en/practice/{someone.public_id}/move/"
    assert client.post(other, {"version": "0", "action": "draw_stock"}).status_code == 404
    assert _hits() == [2, 2]
    assert client.post(other, {"version": "0", "action": "draw_stock"}).status_code == 429
    assert _hits() == [3, 3]
    assert client.get(f"/en/practice/{someone.public_id}/").status_code == 404  # GETs are not
    assert _hits() == [3, 3]
    # A lesson's answer in no game: refused before its read, counted all the same.
    assert client.post("/en/lessons/chess/openings/check/0/", {"answer": "1"}).status_code in (
        404,
        429,
    )
    assert _hits() == [4, 4]


@override_settings(RATE_LIMIT_ENABLED=True, POST_RATE_PER_VISITOR="2/m")
def test_a_guided_hand_s_posts_are_counted_with_its_read_and_refused_before_anything_changes(
    client: Client,
) -> None:
    """A guided move or hint sends its count with the attempt's read: the first move
    (no attempt yet) is counted before it, the next with the read, once each; one over
    the limit changes nothing."""
    slug = "gin-01-first-knock"
    client.get(f"/lt/guided/{slug}/")
    first = client.post(f"/lt/guided/{slug}/move/", {"version": "0", "action": "draw_stock"})
    assert first.status_code == 303 and _hits() == [1, 1]  # to the hand's page
    attempt = GuidedAttempt.objects.get()
    hint = client.post(f"/lt/guided/{slug}/hint/", {"version": str(attempt.version)}, **HTMX)
    assert hint.status_code == 200 and _hits() == [2, 2]
    attempt.refresh_from_db()
    for what, data in (("move", {"action": "draw_discard"}), ("hint", {})):
        refused = client.post(
            f"/lt/guided/{slug}/{what}/", {"version": str(attempt.version), **data}, **HTMX
        )
        assert refused.status_code == 429 and '<html lang="lt">' in refused.content.decode()
    after = GuidedAttempt.objects.get()
    assert (after.version, after.moves, after.hints) == (
        attempt.version,
        attempt.moves,
        attempt.hints,
    )
    assert _hits() == [4, 4]


@pytest.mark.parametrize("language", ["en", "lt", "ru", "it"])
def test_a_table_for_people_counts_each_post_with_the_player_s_read_and_refuses_over_the_limit(
    language: str,
) -> None:
    """At a table for people a POST sends its count with the player's learner (one
    statement on PostgreSQL): each is counted once, wherever it goes, and one over the
    limit changes nothing."""
    from game.shared import services as shared
    from game.shared.models import SharedTable
    from tests.shared.test_views import open_and_fill

    table, ona, (sasha,) = open_and_fill("knock", 2)  # not counted: the limit is off
    state = shared.shared_state(table=table)
    mover, waiter = (ona, sasha) if state.my_turn(0) else (sasha, ona)
    url = f"/{language}/play/{table.public_id}/"
    with override_settings(RATE_LIMIT_ENABLED=True, POST_RATE_PER_VISITOR="2/m"):
        hint = mover.post(url + "hint/", {"version": table.version}, **HTMX)
        moved = mover.post(
            url + "move/", {"version": table.version, "action": "draw_stock"}, **HTMX
        )
        assert (hint.status_code, moved.status_code) == (200, 200)
        assert _hits() == [2, 2]
        before = SharedTable.objects.get()
        for verb in ("move", "hint", "next", "leave", "back"):
            data = {"version": before.version, "action": "draw_stock"}
            refused = mover.post(url + f"{verb}/", data, **HTMX)
            assert refused.status_code == 429, verb
            assert f'<html lang="{language}">' in refused.content.decode()
        after = SharedTable.objects.get()
        assert (after.version, after.rounds, after.seats) == (
            before.version,
            before.rounds,
            before.seats,
        )
        assert _hits() == [7, 7]
        # The other player, out of turn, and a table that does not exist: counted once each.
        assert (
            waiter.post(
                url + "move/", {"version": after.version, "action": "draw_stock"}, **HTMX
            ).status_code
            == 409
        )
        assert waiter.post(f"/{language}/play/nothing/move/", {"version": "1"}).status_code == 404
        assert _hits() == [2, 7, 9]


def _learner_state() -> list[object]:
    """Everything a learner's answer or restart could change."""
    from drills.models import DrillRecord
    from review.models import ReviewCard

    return [
        list(model.objects.order_by("pk").values())
        for model in (Learner, DrillRecord, ReviewCard, GuidedAttempt)
    ]


@override_settings(RATE_LIMIT_ENABLED=True, POST_RATE_PER_VISITOR="2/m")
@pytest.mark.parametrize("language", ["en", "lt", "ru", "it"])
@pytest.mark.parametrize(
    ("page", "post"),
    [
        ("drills/gin/deadwood/", "drills/gin/deadwood/answer/"),
        ("guided/gin-01-first-knock/", "guided/gin-01-first-knock/restart/"),
        ("learn/gin/placement/", "learn/gin/placement/answer/"),
        ("review/", "review/answer/"),
    ],
)
def test_an_answer_or_a_restart_is_counted_with_the_learner_s_read_and_refused_over_the_limit(
    client: Client, language: str, page: str, post: str
) -> None:
    """A drill's, the placement check's or a review's answer, and a guided hand's restart,
    send their count with the learner's read (one statement on PostgreSQL): each POST is
    counted once, and one over the limit is refused in the page's language with nothing
    changed."""
    html = client.get(f"/{language}/{page}").content.decode()
    client.post(f"/{language}/guided/gin-01-first-knock/restart/")  # a learner, counted
    question = re.search(r'name="question" value="([^"]+)"', html)
    data = {"question": question.group(1) if question else "", "answer": "1"}
    first = client.post(f"/{language}/{post}", data)
    assert first.status_code != 429 and _hits() == [2, 2]
    before = _learner_state()
    refused = client.post(f"/{language}/{post}", data)
    assert refused.status_code == 429
    assert f'<html lang="{language}">' in refused.content.decode()
    assert _learner_state() == before and _hits() == [3, 3]


def test_every_post_read_with_the_learner_is_marked_and_counted_first() -> None:
    """Each view that sends its count with the learner's read is marked so (else the
    middleware counts it on its own), and its first statement counts the POST: with the
    learner's read on PostgreSQL, just before it elsewhere."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.urls import resolve

    from game.shared.models import SharedTable
    from tests.shared.test_views import open_and_fill

    table, ona, _others = open_and_fill("knock", 2)
    client = Client()
    client.get("/en/guided/")
    client.post("/en/guided/gin-01-first-knock/restart/")  # the learner is made
    play = f"/en/play/{table.public_id}/"
    posts = [
        (ona, play + "hint/"),
        (ona, play + "move/"),
        (ona, play + "next/"),
        (ona, play + "leave/"),
        (ona, play + "back/"),
        (client, "/en/drills/gin/deadwood/answer/"),
        (client, "/en/guided/gin-01-first-knock/restart/"),
        (client, "/en/learn/gin/placement/answer/"),
        (client, "/en/review/answer/"),
    ]
    together = connection.vendor == "postgresql"
    with override_settings(RATE_LIMIT_ENABLED=True):
        for who, path in posts:
            assert getattr(resolve(path).func, "counts_with_first_read", False), path
            version = SharedTable.objects.get().version
            with CaptureQueriesContext(connection) as queries:
                who.post(path, {"version": version, "action": "draw_stock", "answer": "1"})
            first = [q["sql"] for q in queries][: 1 if together else 2]
            assert '"rummy_site_ratecount"' in first[0], (path, first)
            assert 'FROM "learners_learner"' in first[-1], (path, first)
