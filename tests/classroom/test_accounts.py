"""Accounts for anyone: a learner at home makes one to keep their progress and continue on
another device, and is brought back to the page they were on; a teacher's sign-up from
the classroom still leads to making a class; logging in on a second device shows the
account's progress and loses nothing the device did on its own; ``next`` never leads
off the site."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings as site
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.test import Client

from classroom import services
from game.guided.models import GuidedResult
from learners.models import Learner
from learners.services import cookie_name, digest
from lessons.models import Lesson
from rummy_site import path

pytestmark = pytest.mark.django_db
PASSWORD = "Kortos-2026!x"
ACCOUNT = {"username": "rasa", "email": "", "password1": PASSWORD, "password2": PASSWORD}


@pytest.fixture(autouse=True)
def loaded(db: None) -> None:
    call_command("load_lessons", verbosity=0)


def first_lesson() -> Lesson:
    lesson = Lesson.objects.filter(language="en", game="basic", kind="lesson").order_by("order")
    found = lesson.first()
    assert found is not None
    return found


def guided_hands() -> list[str]:
    """The slugs of Basic Rummy's guided hands, in the path's order."""
    steps = path.path_of(game=path.Game.BASIC, learner=None, language="en")
    return [s.url.rstrip("/").split("/")[-1] for s in steps if s.kind == "guided"]


def visitor_with_progress(hands: int = 1) -> tuple[Client, Learner]:
    """A browser without an account that finished ``hands`` guided hands of Basic Rummy."""
    client = Client()
    client.get("/en/practice/")  # a page with a form: the visitor cookie
    learner = Learner.objects.create(visitor_key=digest(client.cookies[cookie_name()].value))
    for slug in guided_hands()[:hands]:
        GuidedResult.objects.create(learner=learner, scenario=slug, stars=3, hints=0)
    return client, learner


def steps_done(client: Client) -> str:
    page = client.get("/en/learn/basic/").content.decode()
    start = page.index('id="path-progress">') + len('id="path-progress">')
    return page[start : page.index("</p>", start)]


# ------------------------------------------------------------------ signing up
def test_sign_up_from_a_lesson_returns_there_and_the_progress_joins_the_account() -> None:
    client, learner = visitor_with_progress()
    lesson = f"/en/lessons/basic/{first_lesson().slug}/"
    page = client.get(f"/en/accounts/signup/?next={lesson}").content.decode()
    assert f'name="next" value="{lesson}"' in page
    response = client.post("/en/accounts/signup/", {**ACCOUNT, "next": lesson})
    assert response.status_code == 303 and response["Location"] == lesson
    back = client.get(lesson).content.decode()
    assert "Your account is ready. On another device, log in to continue" in back
    assert "Make your first class" not in back
    learner.refresh_from_db()
    assert learner.user == User.objects.get(username="rasa")
    assert learner.guided_results.count() == 1  # the hand came with the learner


def test_log_in_on_a_second_device_shows_the_progress() -> None:
    phone, _learner = visitor_with_progress(hands=2)
    phone.post("/en/accounts/signup/", {**ACCOUNT, "next": "/en/learn/basic/"})
    done = steps_done(phone)
    assert done.startswith("2 of ")
    tablet = Client()
    assert not steps_done(tablet).startswith("2 of ")
    response = tablet.post(
        "/en/accounts/login/",
        {"username": "rasa", "password": PASSWORD, "next": "/en/learn/basic/"},
    )
    assert response.status_code == 303 and response["Location"] == "/en/learn/basic/"
    assert steps_done(tablet) == done


@pytest.mark.parametrize("name", ["Rūta.K", "Жанна", "Aistė"])
def test_a_user_name_in_any_alphabet_logs_in_on_a_second_device_and_again(name: str) -> None:
    """The Lithuanian walk: sign-up took "Rūta.K", but logging in wrote the name into the
    device cookie, which a header cannot carry: a 500 under gunicorn, a hang under
    runserver, on every log-in. The cookie holds a digest now, ASCII, and no name."""
    client = Client()
    response = client.post(
        "/en/accounts/signup/", {"username": name, "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 303, response.content.decode()[:2000]
    laptop = Client()
    for _time in range(2):  # the second time, as a browser the account knows
        response = laptop.post("/en/accounts/login/", {"username": name, "password": PASSWORD})
        assert response.status_code == 303
        cookie = response.cookies["rummy_teacher_device"]
        cookie.value.encode("ascii")  # what a header can carry
        assert name.lower() not in cookie.value
        # As the server sends it (WSGI headers are Latin-1): it raised here before.
        for header, value in response.items():
            (header + value).encode("latin-1")
        for morsel in response.cookies.values():
            morsel.OutputString().encode("latin-1")
        laptop.post("/en/accounts/logout/")


def test_a_teachers_sign_up_from_the_classroom_still_leads_to_making_a_class() -> None:
    client = Client()
    page = client.get("/en/classroom/").content.decode()
    assert 'href="/en/accounts/signup/"' in page  # "Make a teacher's account"
    response = client.post("/en/accounts/signup/", ACCOUNT)
    assert response.status_code == 303 and response["Location"] == "/en/classroom/"
    page = client.get("/en/classroom/").content.decode()
    assert "Your account is ready. Make your first class." in page
    assert 'action="/en/classroom/new/"' in page
    # The classroom's "Log in", then "Make an account" on the log-in page: the same.
    other = Client()
    login = other.get("/en/accounts/login/?next=/en/classroom/").content.decode()
    assert 'href="/en/accounts/signup/?next=/en/classroom/"' in login
    data = {**ACCOUNT, "username": "jonas", "next": "/en/classroom/"}
    response = other.post("/en/accounts/signup/", data)
    assert response["Location"] == "/en/classroom/"
    assert "Make your first class." in other.get("/en/classroom/").content.decode()


def test_any_account_can_make_a_class() -> None:
    client, _learner = visitor_with_progress()
    client.post("/en/accounts/signup/", {**ACCOUNT, "next": "/en/learn/basic/"})
    response = client.post("/en/classroom/new/", {"name": "Rummy club", "language": "en"})
    assert response.status_code == 303
    assert services.classes_of(teacher=User.objects.get(username="rasa"), archived=False)


@pytest.mark.parametrize(
    "target",
    [
        "https://evil.example/",
        "//evil.example/",
        "/\\evil.example/",
        "http://testserver.evil.example/en/",
        "javascript:alert(1)",
        "en/learn/basic/",
    ],
)
def test_sign_up_never_sends_anyone_off_the_site(target: str) -> None:
    client = Client()
    page = client.get("/en/accounts/signup/", {"next": target}).content.decode()
    # Neither the form nor its "Log in" link carries it on.
    form = page.split('class="settings-form"')[1].split("</form>")[0]
    assert 'name="next"' not in form and 'href="/en/accounts/login/"' in page
    response = client.post("/en/accounts/signup/", {**ACCOUNT, "next": target})
    assert response.status_code == 303 and response["Location"] == "/en/classroom/"


def test_sign_up_on_the_computer_of_a_pupil_of_an_archived_class_does_not_take_her() -> None:
    """The tamper probe: a pupil of an archived class still continues with her return
    code (the class may come back), but sign-up's test of a pupil looked only at classes
    in the list. Someone signing up at her school computer took her into their account
    (the path offered "Save your progress" there), her return code was then refused
    ("This pupil logs in with an account"), and once the class came back they were her."""
    owner = User.objects.create_user("owner", password=PASSWORD)
    classroom = services.class_create(teacher=owner, name="5B", language="en")
    computer, ona = visitor_with_progress()
    computer.post("/en/join/send/", {"code": classroom.join_code, "name": "Ona"})
    pupil = services.pupils_of(classroom=classroom)[0]
    assert pupil.learner == ona
    services.class_set_archived(classroom=classroom, archived=True)
    assert "Save your progress" not in computer.get("/en/learn/basic/").content.decode()
    computer.post("/en/accounts/signup/", {**ACCOUNT, "next": "/en/learn/basic/"})
    ona.refresh_from_db()
    assert ona.user is None
    assert not GuidedResult.objects.filter(learner__user__username="rasa").exists()
    # Her return code still brings her back, on another computer.
    other = Client()
    response = other.post("/en/return/send/", {"code": pupil.return_code})
    assert response.status_code == 303
    assert Learner.objects.get(visitor_key=digest(other.cookies[cookie_name()].value)) == ona


def test_the_account_pages_are_for_anyone_and_pupils_are_told_of_their_return_code() -> None:
    client = Client()
    login = client.get("/en/accounts/login/").content.decode()
    assert "For teachers." not in login
    assert "An account keeps your progress so you can continue on another device." in login
    assert "Pupils of a class need no account: they continue with their return code." in login
    assert 'href="/en/return/"' in login
    signup = client.get("/en/accounts/signup/").content.decode()
    assert "<h1>Make an account</h1>" in signup
    assert "An account keeps your progress so you can continue on another device." in signup
    assert "Teaching a class?" in signup


# ------------------------------------------------------------------ logging in
def test_log_in_keeps_the_devices_own_progress_and_logging_out_brings_it_back() -> None:
    """Logging in moves nobody's work: the device's own (done without an account) stays
    the device's, the learner is told so, and it is back after logging out."""
    phone, mine = visitor_with_progress(hands=2)
    phone.post("/en/accounts/signup/", {**ACCOUNT, "next": "/en/learn/basic/"})
    tablet, tablets_own = visitor_with_progress(hands=1)
    assert steps_done(tablet).startswith("1 of ")
    response = tablet.post(
        "/en/accounts/login/",
        {"username": "rasa", "password": PASSWORD, "next": "/en/learn/basic/"},
        follow=True,
    )
    page = response.content.decode()
    assert "What you did on this device without logging in stays on this device" in page
    assert steps_done(tablet).startswith("2 of ")  # the account's progress
    tablet.post("/en/accounts/logout/")
    assert steps_done(tablet).startswith("1 of ")  # the tablet's own, back
    tablets_own.refresh_from_db()
    mine.refresh_from_db()
    assert tablets_own.user is None and tablets_own.guided_results.count() == 1
    assert mine.user is not None and mine.guided_results.count() == 2


def test_log_in_from_a_fresh_device_says_nothing_about_its_own_progress() -> None:
    User.objects.create_user("rasa", password=PASSWORD)
    response = Client().post(
        "/en/accounts/login/", {"username": "rasa", "password": PASSWORD}, follow=True
    )
    assert "stays on this device" not in response.content.decode()


@pytest.mark.parametrize(
    "target", ["", "https://evil.example/", "//evil.example/", "javascript:alert(1)"]
)
def test_log_in_without_next_leads_a_learner_home_and_a_teacher_to_their_classes(
    target: str,
) -> None:
    """The class-of-thirty walk: /accounts/login/ opened directly led everyone to
    "Classes you teach" (LOGIN_REDIRECT_URL), a learner who made an account to save
    their progress too. Without ``next`` (or with one off the site, never followed) a
    learner now lands on their home page, which continues their path, and a teacher on
    their classes; in the page's language; as does the log-in page once logged in."""
    User.objects.create_user("rasa", password=PASSWORD)
    teacher = User.objects.create_user("ms-jones", password=PASSWORD)
    services.class_create(teacher=teacher, name="7C", language="en")
    data = {"next": target} if target else {}
    for name, lang, home in (
        ("rasa", "en", "/en/"),
        ("rasa", "lt", "/lt/"),
        ("ms-jones", "en", "/en/classroom/"),
        ("ms-jones", "ru", "/ru/classroom/"),
    ):
        client = Client()
        response = client.post(
            f"/{lang}/accounts/login/", {"username": name, "password": PASSWORD, **data}
        )
        assert response.status_code == 303 and response["Location"] == home, (name, lang)
        again = client.get(f"/{lang}/accounts/login/")
        assert again.status_code == 302 and again["Location"] == home, (name, lang)


def test_log_in_with_next_still_goes_there_teacher_or_not() -> None:
    User.objects.create_user("rasa", password=PASSWORD)
    teacher = User.objects.create_user("ms-jones", password=PASSWORD)
    services.class_create(teacher=teacher, name="7C", language="en")
    for name, target in (("rasa", "/en/classroom/"), ("ms-jones", "/en/learn/basic/")):
        response = Client().post(
            "/en/accounts/login/", {"username": name, "password": PASSWORD, "next": target}
        )
        assert response.status_code == 303 and response["Location"] == target


def test_has_progress_counts_anything_of_the_learners_own() -> None:
    from learners.services import has_progress

    learner = Learner.objects.create()
    assert not has_progress(learner)
    GuidedResult.objects.create(learner=learner, scenario=guided_hands()[0], stars=1, hints=2)
    assert has_progress(learner)


# ------------------------------------------------------------------ a log-in that ends
ENDED = "Your log-in has ended: on this site a log-in lasts 12 hours."
#: The browser's mark that it had an account (learners.services.ACCOUNT_COOKIE).
ACCOUNT_COOKIE = "had_account"
PAGES = ("/en/", "/en/learn/gin/", "/en/review/")


def ended_note(client: Client, page: str) -> str | None:
    """The line saying the log-in ended on ``page``, or ``None``."""
    html = client.get(page).content.decode()
    found = re.search(r'<p class="message message--info log-in-ended">.*?</p>', html, re.S)
    return found.group(0) if found else None


def session_ends(client: Client) -> None:
    """What 12 hours do: the browser drops the session's cookie (its Max-Age)."""
    del client.cookies[site.SESSION_COOKIE_NAME]


def test_when_a_log_in_ends_the_pages_say_so_with_a_way_back() -> None:
    """The Lithuanian walk: the day after signing up, the learner's own laptop showed the
    newcomer's home page, an empty path and an empty review (sign-up had taken the
    browser's work into the account), with no word about logging in. The log-in still
    lasts 12 hours (shared school computers), but the pages now say it ended, and log in
    back to the same page. The browser keeps only "1": no name, no id."""
    laptop, _learner = visitor_with_progress(hands=2)
    laptop.post("/en/accounts/signup/", {**ACCOUNT, "next": "/en/learn/basic/"})
    for page in PAGES:
        assert ended_note(laptop, page) is None  # logged in: nothing to say
    session_ends(laptop)
    for page in PAGES:
        note = ended_note(laptop, page)
        assert note is not None and ENDED in note
        assert f'href="/en/accounts/login/?next={page}"' in note
        assert "rasa" not in note  # a shared computer: no account named
    assert laptop.cookies[ACCOUNT_COOKIE].value == "1"  # all the browser keeps
    # Logging in by the line brings the learner back, with the work, and the line goes.
    response = laptop.post(
        "/en/accounts/login/", {"username": "rasa", "password": PASSWORD, "next": PAGES[1]}
    )
    assert response.status_code == 303 and response["Location"] == PAGES[1]
    assert ended_note(laptop, PAGES[1]) is None
    # A log-in ended on the server (the session gone from the database) says the same.
    Session.objects.all().delete()
    assert ended_note(laptop, "/en/") is not None


def test_the_line_is_not_shown_after_logging_out_nor_to_a_browser_never_logged_in() -> None:
    tablet = Client()
    User.objects.create_user("rasa", password=PASSWORD)
    tablet.post("/en/accounts/login/", {"username": "rasa", "password": PASSWORD})
    assert tablet.cookies[ACCOUNT_COOKIE].value == "1"
    tablet.post("/en/accounts/logout/")
    assert tablet.cookies[ACCOUNT_COOKIE].value == ""  # taken away
    for page in PAGES:
        assert ended_note(tablet, page) is None
        assert ended_note(Client(), page) is None


def test_the_line_is_not_shown_to_a_pupil_on_a_return_code() -> None:
    """A teacher's log-in ended on a school computer where a pupil then continues with
    her return code: her pages are hers, and say nothing of the teacher's log-in."""
    owner = User.objects.create_user("owner", password=PASSWORD)
    classroom = services.class_create(teacher=owner, name="5B", language="en")
    home, _ona = visitor_with_progress()
    home.post("/en/join/send/", {"code": classroom.join_code, "name": "Ona"})
    pupil = services.pupils_of(classroom=classroom)[0]
    computer = Client()
    computer.post("/en/accounts/login/", {"username": "owner", "password": PASSWORD})
    session_ends(computer)
    assert ended_note(computer, "/en/") is not None
    computer.post("/en/return/send/", {"code": pupil.return_code})
    for page in PAGES:
        assert ended_note(computer, page) is None


@pytest.mark.parametrize(("seconds", "said"), [(3600, "lasts 1 hour."), (1800, "")])
def test_the_line_says_the_hours_the_setting_gives(settings: Any, seconds: int, said: str) -> None:
    settings.ACCOUNT_SESSION_SECONDS = seconds
    client = Client()
    User.objects.create_user("rasa", password=PASSWORD)
    client.post("/en/accounts/login/", {"username": "rasa", "password": PASSWORD})
    session_ends(client)
    note = ended_note(client, "/en/")
    assert note is not None
    assert (said in note) if said else ("Your log-in has ended. <a" in note)
