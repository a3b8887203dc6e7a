"""Every page, in every language: status, <html lang>, the switcher, errors."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import translation

from rummy_site.templatetags.site import LANGUAGE_OWN_NAMES

# Every page of the site without parameters. Later parts add theirs here.
PAGE_NAMES = [
    "home",
    "display_settings",
    "practice:index",
    "guided:index",
    "lessons:index",
    "classroom:index",
    "join",
    "return",
    "live",
    "shared:index",
    "signup",
    "login",
    "password_reset",
]
# Lesson pages need the lessons loaded: tests/lessons renders every one in every language.


def url_in(name: str, language: str) -> str:
    with translation.override(language):
        return reverse(name)


@pytest.mark.django_db
@pytest.mark.parametrize("name", PAGE_NAMES)
def test_every_page_in_every_language(client: Client, name: str, language: str) -> None:
    url = url_in(name, language)
    assert url.startswith(f"/{language}/")
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{language}">' in html
    # The switcher offers every language, each in its own name, and marks this one.
    for code, _name in settings.LANGUAGES:
        own_name = LANGUAGE_OWN_NAMES.get(code)
        assert own_name, f"{code} has no own name in LANGUAGE_OWN_NAMES"
        assert f'lang="{code}"' in html and own_name in html
    assert re.search(rf'value="{language}" lang="{language}" aria-current="true"', html)
    # hreflang alternates for search engines.
    for code, _name in settings.LANGUAGES:
        assert f'hreflang="{code}"' in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("accept", "expected"),
    [("lt-LT,lt;q=0.9", "/lt/"), ("ru", "/ru/"), ("it-IT", "/it/"), ("de", "/en/"), ("", "/en/")],
)
def test_root_redirects_by_accept_language(client: Client, accept: str, expected: str) -> None:
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=accept)
    assert response.status_code == 302
    assert response["Location"] == expected


@pytest.mark.django_db
@pytest.mark.parametrize("name", PAGE_NAMES)
def test_switcher_keeps_you_on_the_same_page(client: Client, name: str) -> None:
    here = url_in(name, "en")
    response = client.post(reverse("set_language"), {"language": "ru", "next": here})
    assert response.status_code == 303
    assert response["Location"] == url_in(name, "ru")
    # The choice is remembered: "/" now goes to Russian whatever the browser says.
    assert client.get("/", HTTP_ACCEPT_LANGUAGE="it").headers["Location"] == "/ru/"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("cookie", "browser", "page", "chosen", "expected"),
    [
        # A Russian phone opens the class's Lithuanian join link and picks Russian.
        (None, "ru", "/lt/join/ABCDEF/", "ru", "/ru/join/ABCDEF/"),
        (None, "ru", "/lt/lessons/", "en", "/en/lessons/"),
        # An English browser on the Italian practice page picks Lithuanian.
        (None, "en", "/it/practice/", "lt", "/lt/practice/"),
        # The cookie says Lithuanian; the page is Russian; English is picked.
        ("lt", "en", "/ru/lessons/", "en", "/en/lessons/"),
    ],
)
def test_switcher_works_whatever_language_the_browser_or_cookie_says(
    client: Client, cookie: str | None, browser: str, page: str, chosen: str, expected: str
) -> None:
    """The browser walk: a language button did nothing when the page's language was not
    the browser's or the cookie's (Django resolved the page in their language, found
    nothing, and sent it back unchanged): a pupil could not leave a Lithuanian join link."""
    if cookie:
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = cookie
    response = client.post(
        reverse("set_language"),
        {"language": chosen, "next": page},
        HTTP_ACCEPT_LANGUAGE=browser,
    )
    assert response.status_code == 303 and response["Location"] == expected
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == chosen


@pytest.mark.django_db
def test_switcher_keeps_the_fragment_a_table_s_page_opens_at(client: Client) -> None:
    """A table's page names where it opens in the buttons' next (``#table-status``, its
    ``page_anchor``): the page in the other language opens there too."""
    response = client.post(
        reverse("set_language"),
        {"language": "ru", "next": "/en/guided/gin-01-first-knock/?arrange=0#table-status"},
    )
    assert response["Location"] == "/ru/guided/gin-01-first-knock/?arrange=0#table-status"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "next_url",
    [
        "https://evil.example/en/guided/gin-01-first-knock/#table-status",
        "//evil.example/en/guided/gin-01-first-knock/#table-status",
        "/\\evil.example/en/guided/gin-01-first-knock/#table-status",
        "javascript:alert(1)#table-status",
    ],
)
def test_switcher_refuses_another_site_with_a_fragment_too(client: Client, next_url: str) -> None:
    """The buttons' next now carries a fragment: another site's address is refused all
    the same (Django's set_language: the page it came from on this site, else the home
    page), never followed."""
    response = client.post(reverse("set_language"), {"language": "lt", "next": next_url})
    assert response.status_code == 303
    assert "evil" not in response["Location"] and "javascript" not in response["Location"]
    assert response["Location"].startswith("/")


@pytest.mark.django_db
def test_switcher_keeps_the_query_string(client: Client) -> None:
    response = client.post(reverse("set_language"), {"language": "lt", "next": "/en/?hand=7"})
    assert response["Location"] == "/lt/?hand=7"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "title"),
    [
        ("en", "Page not found"),
        ("lt", "Puslapis nerastas"),
        ("ru", "Страница не найдена"),
        ("it", "Pagina non trovata"),
    ],
)
def test_404_is_translated(client: Client, language: str, title: str) -> None:
    response = client.get(f"/{language}/no-such-page/")
    assert response.status_code == 404
    html = response.content.decode()
    assert f'<html lang="{language}">' in html
    assert title in html


@pytest.mark.django_db
def test_security_headers(client: Client) -> None:
    response = client.get("/en/")
    csp = response["Content-Security-Policy"]
    assert "script-src 'self'" in csp
    assert "unsafe-inline" not in csp
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert "camera=()" in response["Permissions-Policy"]


@pytest.mark.django_db
def test_pages_have_no_inline_script(client: Client) -> None:
    for name in PAGE_NAMES:
        html = client.get(url_in(name, "en")).content.decode()
        for tag in re.findall(r"<script[^>]*>", html):
            assert "src=" in tag, f"inline script on {name}: {tag}"
        assert " style=" not in html
        assert re.search(r"\son[a-z]+=", html) is None  # no inline event handlers


@pytest.mark.django_db
def test_csrf_header_for_htmx_on_body(client: Client) -> None:
    html = client.get("/en/").content.decode()
    assert re.search(r"<body[^>]*hx-headers='\{\"X-CSRFToken\": \"[A-Za-z0-9]+\"\}'", html)


def test_500_page_renders_without_context() -> None:
    from django.test import RequestFactory

    from rummy_site.views import server_error

    with translation.override("it"):
        response = server_error(RequestFactory().get("/it/"))
    assert response.status_code == 500
    assert "Qualcosa" in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path", ["/en/", "/en/practice/", "/en/guided/", "/en/guided/gin-01-first-knock/"]
)
def test_head_works_where_get_does(client: Client, path: str) -> None:
    response = client.head(path)
    assert response.status_code == 200
    assert response.content == b""


@pytest.mark.parametrize("language", ["en", "lt", "ru", "it"])
def test_remembered_urls_are_each_languages_own(language: str) -> None:
    from rummy_site.reversing import cached_reverse, cached_reverses

    names = ("practice:move", "practice:table", "practice:next")
    with translation.override(language):
        expected = [reverse(name, args=["abc"]) for name in names]
        assert cached_reverses(names, "abc") == expected
        assert [cached_reverse(name, "abc") for name in names] == expected
    assert all(url.startswith(f"/{language}/") for url in expected)


@pytest.mark.django_db
def test_a_page_drawn_for_a_post_switches_language_to_the_page_itself(client: Client) -> None:
    """The browser walk: without JavaScript a move, a hint or an answer is drawn at the
    action's address (.../move/), and the language buttons sent that back: 405."""
    from tests.practice.helpers import start_table

    def next_of(html: str) -> str:
        found = re.search(r'name="next" value="([^"]*)"', html)
        assert found is not None
        return found.group(1)

    guided = "/en/guided/basic-02-stock-or-discard/"
    # A guided move now redirects to the hand's page (Post/Redirect/Get), whose address,
    # the coach's verdict in it, the language buttons send back.
    moved = client.post(guided + "move/", {"version": "0", "action": "draw_stock"}, follow=True)
    assert next_of(moved.content.decode()).startswith(guided + "?answered=")
    hinted = client.post(guided + "hint/", {"version": "1"}, follow=True)
    assert next_of(hinted.content.decode()).startswith(guided + "?hinted=2")
    table = start_table(client, "gin")
    page = f"/en/practice/{table.public_id}/"
    assert next_of(client.post(page + "move/", {"version": "0"}).content.decode()) == page
    # A refused answer redirects too, to its page with the refusal (``?refused=``).
    drill = "/en/drills/gin/deadwood/"
    data = {"question": "forged", "answer": "1"}
    answered = client.post(drill + "answer/", data, follow=True)
    assert next_of(answered.content.decode()).startswith(drill + "?refused=")
    reviewed = client.post("/en/review/answer/", data, follow=True)
    assert next_of(reviewed.content.decode()).startswith("/en/review/?refused=")
    # A page that answers its own form's POST is its own address, as a GET is (a
    # table's page opened where it opens: at its status, page_anchor).
    shown = client.get(page + "?steps=2").content.decode()
    assert next_of(shown) == page + "?steps=2#table-status"


def _switcher_next(html: str) -> str:
    return html.split('name="next" value="', 1)[1].split('"', 1)[0]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("action", "data", "page"),
    [
        ("/en/join/send/", {"code": "QQQQQQ", "name": "Ona"}, "/en/join/"),
        ("/en/join/send/", {"code": "", "name": ""}, "/en/join/"),
        ("/en/return/send/", {"code": "QQQQQQ"}, "/en/return/"),
        ("/en/play/sit/", {"code": "QQQQQQ", "name": "Ona"}, "/en/play/"),
        ("/en/play/new/", {"game": "none"}, "/en/play/"),
        ("/en/practice/new/", {"game": "none"}, "/en/practice/"),
    ],
)
def test_a_page_drawn_for_a_form_sends_its_own_address_to_the_switcher(
    client: Client, action: str, data: dict[str, str], page: str
) -> None:
    """The tamper probe: after a refused form (no JavaScript), the language buttons led
    to the form's action, ``/lt/join/send/``, a 405. They now lead to the page the form
    is on, in the chosen language. (The placement check's refusal redirects to its page:
    tests/site/test_placement.py.)"""
    response = client.post(action, data)
    assert response.status_code in (400, 404, 409, 422)
    assert _switcher_next(response.content.decode()) == page
    moved = client.post(reverse("set_language"), {"language": "lt", "next": page})
    assert client.get(moved["Location"]).status_code == 200


@pytest.mark.django_db
def test_a_page_drawn_for_a_post_without_its_address_falls_back_to_where_it_came_from(
    client: Client, rf: RequestFactory
) -> None:
    """A view that does not name its page: the switcher gets the page the form was sent
    from (the Referer, on this site only), else the home page: never the action."""
    from django.template import Context

    from rummy_site.templatetags.site import page_path

    def drawn_for(referer: str) -> str:
        request = rf.post("/lt/some/action/", HTTP_REFERER=referer)
        return page_path(Context({"request": request}))

    assert drawn_for("http://testserver/lt/lessons/?x=1") == "/lt/lessons/?x=1"
    assert drawn_for("http://evil.example/lt/lessons/") == "/lt/"
    assert drawn_for("http://testserver/lt/some/action/") == "/lt/"
    assert drawn_for("") == "/lt/"


@pytest.mark.django_db
def test_a_path_of_two_slashes_is_not_another_site_in_the_language_links(client: Client) -> None:
    """The tamper probe: ``//evil.example/`` (a 404) had ``https://evil.example/`` as its
    alternate languages' address and its switcher's ``next``."""
    # The test client reads "//evil.example/" as a host: the path is set as a server would.
    response = client.get("/", PATH_INFO="//evil.example/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "evil.example/" in html  # the path is kept, on this site
    assert "//evil.example" not in html


@pytest.mark.django_db
def test_the_menu_offers_anyone_to_log_in_and_come_back(client: Client) -> None:
    """Anyone may have an account (to continue on another device): the menu says "Log in"
    on every page, and brings them back to it; logged in, it says "Log out"."""
    from django.contrib.auth.models import User

    html = client.get("/ru/learn/basic/?x=1").content.decode()
    # Twice: the menu is drawn in the header's row and in the phone's "Menu".
    assert html.count('href="/ru/accounts/login/?next=/ru/learn/basic/%3Fx%3D1">') == 2
    login = client.get("/en/accounts/login/").content.decode()
    assert "/accounts/login/?next=" not in login  # not on the log-in page itself
    client.force_login(User.objects.create_user("rasa"))
    html = client.get("/en/learn/basic/").content.decode()
    assert "/accounts/login/?next=" not in html and 'action="/en/accounts/logout/"' in html
