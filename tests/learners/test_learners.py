"""The learner behind a request: looked up lazily, created only by a view that acts, and
never by a page that only shows."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore
from django.http import HttpResponse
from django.test import Client, RequestFactory

from learners.middleware import LearnerMiddleware
from learners.models import Learner
from learners.names import clean_display_name
from learners.services import (
    SESSION_KEY,
    cookie_name,
    digest,
    known_learner,
    remember_visitor,
    request_learner,
    visitor_token,
)

pytestmark = pytest.mark.django_db


def a_request(session: SessionStore | None = None):  # type: ignore[no-untyped-def]
    request = RequestFactory().get("/en/")
    request.session = session if session is not None else SessionStore()
    return request


def test_known_learner_creates_nothing() -> None:
    request = a_request()
    assert known_learner(request) is None
    assert Learner.objects.count() == 0 and SESSION_KEY not in request.session


def test_request_learner_creates_one_known_by_its_visitor_cookie() -> None:
    request = a_request()
    first = request_learner(request)
    token = visitor_token(request)
    assert token is not None and Learner.objects.count() == 1
    assert first.visitor_key == digest(token) and token not in first.visitor_key
    response = HttpResponse()
    remember_visitor(request, response)
    cookie = response.cookies[cookie_name()]
    assert cookie.value == token and cookie["httponly"] and cookie["samesite"] == "Lax"
    again = a_request()
    again.COOKIES[cookie_name()] = token
    assert known_learner(again) == first and request_learner(again) == first
    assert Learner.objects.count() == 1


def test_a_learner_made_by_a_parallel_request_is_the_one_returned(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """request_learner creates at once after known_learner found nobody; when a parallel
    request created the same visitor's learner in between, that one is read."""
    from learners import services

    request = a_request()
    token = services.give_token(request)
    made_meanwhile = Learner.objects.create(visitor_key=digest(token))
    monkeypatch.setattr(services, "known_learner", lambda request: None)  # looked too early
    assert request_learner(request) == made_meanwhile
    assert Learner.objects.count() == 1


def test_a_learner_of_the_session_gets_a_visitor_cookie() -> None:
    session = SessionStore()
    older = Learner.objects.create()
    session[SESSION_KEY] = older.pk
    request = a_request(session)
    assert known_learner(request) == older
    token = visitor_token(request)
    assert token is not None
    older.refresh_from_db()
    assert older.visitor_key == digest(token)
    later = a_request()
    later.COOKIES[cookie_name()] = token
    assert known_learner(later) == older


def test_a_made_up_visitor_cookie_finds_nobody() -> None:
    Learner.objects.create(visitor_key=digest("a" * 43))
    for value in ("b" * 43, "a" * 42, "<script>", ""):
        request = a_request()
        request.COOKIES[cookie_name()] = value
        assert known_learner(request) is None


def test_a_signed_in_user_has_the_learner_of_their_account() -> None:
    user = User.objects.create_user("teacher", password="x")
    request = a_request()
    request.user = user
    assert known_learner(request) is None
    learner = request_learner(request)
    assert learner.user == user and known_learner(request) == learner


def test_the_middleware_sets_a_lazy_request_learner() -> None:
    seen = {}

    def view(request):  # type: ignore[no-untyped-def]
        seen["before"] = Learner.objects.count()
        seen["learner"] = request.learner.pk  # first use: created now
        seen["again"] = request.learner.pk
        return HttpResponse("response")

    request = a_request()
    LearnerMiddleware(view)(request)  # type: ignore[arg-type]
    assert seen["before"] == 0 and seen["learner"] == seen["again"]
    assert Learner.objects.count() == 1
    untouched = a_request()
    LearnerMiddleware(lambda r: HttpResponse("response"))(untouched)
    assert Learner.objects.count() == 1


@pytest.mark.parametrize(
    "path",
    ["/en/", "/en/practice/", "/en/guided/", "/en/guided/gin-01-first-knock/", "/en/lessons/"],
)
def test_reading_a_page_creates_no_learner_and_no_session(client: Client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert Learner.objects.count() == 0
    assert "sessionid" not in response.cookies


def test_a_page_with_a_form_gives_a_visitor_cookie_and_stores_nothing(client: Client) -> None:
    response = client.get("/en/practice/")
    token = response.cookies[cookie_name()].value
    assert Learner.objects.count() == 0 and "sessionid" not in response.cookies
    assert "Cookie" in response["Vary"]
    again = client.get("/en/practice/")
    assert cookie_name() not in again.cookies  # given once
    client.post("/en/practice/new/", {"game": "gin", "players": "2", "name": "Ona"})
    assert Learner.objects.get().visitor_key == digest(token)


def test_acting_creates_the_learner_once(client: Client) -> None:
    client.post("/en/guided/gin-01-first-knock/hint/", {"version": "0"})
    client.post("/en/guided/gin-01-first-knock/hint/", {"version": "1"})
    assert Learner.objects.count() == 1


@pytest.mark.django_db
def test_a_learner_s_page_is_private_and_a_public_one_is_not(client: Client) -> None:
    client.post("/en/display/", {"four_colour": "on", "next": "/en/"})
    mine = client.get("/en/practice/")
    assert "private" in mine.get("Cache-Control", "")
    # A page that gives a visitor its cookie must never be kept by a shared cache.
    first = Client().get("/en/lessons/")
    assert cookie_name() in first.cookies and "private" in first.get("Cache-Control", "")
    # A page that depends on nobody (no session, no learner read) is not private.
    assert "private" not in Client().get("/en/no-such-page/").get("Cache-Control", "")


@pytest.mark.django_db
def test_purge_learners_deletes_only_old_learners_that_never_did_anything() -> None:
    from datetime import timedelta

    from django.core.management import call_command
    from django.utils import timezone

    from game.guided.models import GuidedResult
    from tests import factories

    old = timezone.now() - timedelta(days=40)
    idle = Learner.objects.create()
    player = factories.learner("Ona")
    factories.table("gin", 2, owner=player)
    scorer = Learner.objects.create()
    GuidedResult.objects.create(learner=scorer, scenario="gin-01-first-knock", stars=3, hints=0)
    account = Learner.objects.create(user=User.objects.create_user("teacher"))
    recent = Learner.objects.create()
    Learner.objects.exclude(pk=recent.pk).update(created=old)
    call_command("purge_learners", verbosity=0)
    assert set(Learner.objects.values_list("pk", flat=True)) == {
        player.pk,
        scorer.pk,
        account.pk,
        recent.pk,
    }
    assert not Learner.objects.filter(pk=idle.pk).exists()


def test_a_day_streak_counts_days_in_a_row_with_something_done(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    from datetime import date, timedelta

    from learners import services

    day = {"today": date(2026, 12, 7)}
    monkeypatch.setattr(services, "today", lambda: day["today"])

    def act() -> None:
        client.post("/en/guided/gin-01-first-knock/restart/")

    def home() -> str:
        return client.get("/en/").content.decode()

    act()
    act()  # twice the same day: still one day
    learner = Learner.objects.get()
    assert (learner.streak_days, learner.last_active_day) == (1, day["today"])
    # The first day is no row yet: it says so (test_a_first_day_is_not_a_row).
    assert "You learnt something today. Come back tomorrow" in home()
    for expected in (2, 3):
        day["today"] += timedelta(days=1)
        act()
        learner.refresh_from_db()
        assert learner.streak_days == expected
    assert "You have learnt 3 days in a row" in home()
    # A day without anything breaks it: the home page stops counting, the next day is 1.
    day["today"] += timedelta(days=2)
    assert "days in a row" not in home() and "day in a row" not in home()
    act()
    learner.refresh_from_db()
    assert learner.streak_days == 1
    # Reading pages is not learning: GETs leave the streak alone.
    day["today"] += timedelta(days=1)
    home()
    learner.refresh_from_db()
    assert learner.last_active_day == day["today"] - timedelta(days=1)


def test_the_streak_does_not_ask_for_today_once_today_is_done(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Lithuanian walk: "You have learnt 2 days in a row. Keep it going today!" stayed
    on the home page after the learner had practised that day. Until they do something
    today it asks for today; after, it says today counts."""
    from datetime import date, timedelta

    from learners import services

    day = {"today": date(2026, 12, 7)}
    monkeypatch.setattr(services, "today", lambda: day["today"])

    def home() -> str:
        return " ".join(client.get("/en/").content.decode().split())

    client.post("/en/guided/gin-01-first-knock/restart/")
    # (A first day is no row: test_a_first_day_is_not_a_row.)
    assert "You learnt something today." in home()
    assert "Learn today too" not in home()
    day["today"] += timedelta(days=1)
    assert "You learnt something yesterday. Learn today too" in home()
    client.post("/en/guided/gin-01-first-knock/restart/")
    assert "You have learnt 2 days in a row, today too. Well done!" in home()
    assert "Keep it going today" not in home()


def test_a_first_day_is_not_a_row(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Gin walk: on the first day the home page said "You have learnt 1 day in a
    row, today too. Well done!" (the tests asserted that wording). One day is no row: it
    says the learner learnt today and that tomorrow makes two days in a row; the next day
    that yesterday counts and today makes two; from two days on the row is counted."""
    from datetime import date, timedelta

    from learners import services

    day = {"today": date(2026, 12, 7)}
    monkeypatch.setattr(services, "today", lambda: day["today"])

    def home() -> str:
        return " ".join(client.get("/en/").content.decode().split())

    client.post("/en/guided/gin-01-first-knock/restart/")
    first = home()
    assert "You have learnt 1 day" not in first
    assert "You learnt something today. Come back tomorrow to make it two days in a row!" in first
    day["today"] += timedelta(days=1)
    assert "You learnt something yesterday. Learn today too to make it two days in a row!" in home()
    client.post("/en/guided/gin-01-first-knock/restart/")
    assert "You have learnt 2 days in a row, today too. Well done!" in home()


@pytest.mark.parametrize(
    ("one", "other", "same"),
    [
        ("Ona", "ona", True),
        ("Ona", "Оna", True),  # a Cyrillic О
        ("Ona", "ＯＮＡ", True),  # full width
        ("Ona", " Ona ", True),
        ("Нина", "нина", True),  # the same Russian name, whatever its case
        ("Нина", "Hина", True),  # a Latin H for the Cyrillic Н
        ("Вова", "BOBA", True),
        ("Нина", "Нона", False),
        ("Aistė", "Aiste", False),  # ė is a letter of its own
        ("Jonas", "Jonas P.", False),
        ("Ανna", "Anna", True),  # a Greek A and ν
    ],
)
def test_names_that_read_alike_have_one_key(one: str, other: str, same: bool) -> None:
    from learners.names import name_key

    assert (name_key(one) == name_key(other)) is same


@pytest.mark.parametrize("typed", ["Ona (computer)", "Ona (Computer)", "Ona （computer）"])
def test_a_name_cannot_carry_the_sites_computer_mark(typed: str) -> None:
    """The teacher's lists mark a computer player "Paolo (computer)": a pupil who types
    the mark into their name is not listed as one."""
    assert clean_display_name(typed, 24) == "Ona"


def test_euphonic_d_before_a_name_that_starts_with_a_and_only_in_italian() -> None:
    """docs/terms/it.md: «paga ad Anna», «paga a Bruno»; never a word that only ends in
    an a («la %(card)s»), nor another language's «a»."""
    from django.utils import translation

    from learners.names import euphonic_d

    def said(template: str, name: str) -> str:
        return euphonic_d(template, {"name": name}) % {"name": name}

    with translation.override("it"):
        assert said("paga a %(name)s.", "Anna") == "paga ad Anna."
        assert said("paga a %(name)s.", "alice") == "paga ad alice."
        assert said("paga a %(name)s.", "Àngela") == "paga ad Àngela."
        assert said("A %(name)s tocca il bonus.", "Aldo") == "Ad Aldo tocca il bonus."
        assert said("paga a %(name)s.", "Bruno") == "paga a Bruno."
        assert said("paga a %(name)s.", "Enzo") == "paga a Enzo."  # only before the same vowel
        assert said("la %(name)s", "Anna") == "la Anna"
        assert euphonic_d("paga a %(name)s.", {}) == "paga a %(name)s."
        # And «e» ("and") before an e: «Marta ed Elena», not before another vowel.
        assert said("Marta e %(name)s", "Elena") == "Marta ed Elena"
        assert said("vincete tu e %(name)s.", "Èlia") == "vincete tu ed Èlia."
        assert said("E %(name)s vince.", "Enzo") == "Ed Enzo vince."
        assert said("Marta e %(name)s", "Anna") == "Marta e Anna"
        # And «o» ("or") before an o: «Marta od Ottavia», not before another vowel.
        assert said("Marta o %(name)s", "Ottavia") == "Marta od Ottavia"
        assert said("Marta o %(name)s", "òscar") == "Marta od òscar"
        assert said("O %(name)s o Marta", "Olga") == "Od Olga o Marta"
        assert said("Marta o %(name)s", "Anna") == "Marta o Anna"
        assert said("Marta o %(name)s", "Elena") == "Marta o Elena"
        assert said("a %(name)s", "Elena") == "a Elena"
        assert said("che %(name)s", "Elena") == "che Elena"
    with translation.override("en"):
        assert said("a %(name)s", "Anna") == "a Anna"
        assert said("Marta e %(name)s", "Elena") == "Marta e Elena"
