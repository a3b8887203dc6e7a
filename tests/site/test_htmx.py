"""The home page's sample hand: the same view with and without htmx."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from rummy_site.views import _sample_hand


def cards_in(html: str) -> list[str]:
    return re.findall(r'data-card="([2-9TJQKA][CDHS])"', html)


@pytest.mark.django_db
def test_sample_hand_without_htmx_is_the_whole_page(client: Client) -> None:
    response = client.get("/en/?hand=42")
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html and "Hand number 42" in html
    assert sorted(cards_in(html)[:10]) == sorted(str(c) for c in _sample_hand(42)["cards"])
    assert "HX-Request" in response["Vary"]


@pytest.mark.django_db
def test_sample_hand_with_htmx_is_only_the_partial(client: Client) -> None:
    response = client.get("/en/?hand=42", HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html and "<header" not in html
    assert "Hand number 42" in html
    assert sorted(cards_in(html)[:10]) == sorted(str(c) for c in _sample_hand(42)["cards"])
    assert "HX-Request" in response["Vary"]


@pytest.mark.django_db
def test_history_restore_gets_the_whole_page(client: Client) -> None:
    response = client.get(
        "/en/?hand=42", HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true"
    )
    assert "<html" in response.content.decode()


@pytest.mark.django_db
def test_a_new_sample_hand_is_random(client: Client) -> None:
    first = client.get("/en/?hand=new", HTTP_HX_REQUEST="true").content.decode()
    numbers = {re.search(r"Hand number (\d+)", first).group(1)}  # type: ignore[union-attr]
    for _ in range(3):
        html = client.get("/en/?hand=new", HTTP_HX_REQUEST="true").content.decode()
        numbers.add(re.search(r"Hand number (\d+)", html).group(1))  # type: ignore[union-attr]
    assert len(numbers) > 1


@pytest.mark.django_db
@pytest.mark.parametrize("bad", ["abc", "0", "-5", "99999999999", "1e3"])
@pytest.mark.parametrize("htmx", [True, False])
def test_a_bad_hand_number_is_explained(client: Client, bad: str, htmx: bool) -> None:
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = client.get("/ru/", {"hand": bad}, **headers)
    assert response.status_code == 400
    html = response.content.decode()
    assert 'role="alert"' in html
    assert "не номер" in html  # the Russian message
    assert cards_in(html) == []


@pytest.mark.django_db
def test_a_body_over_the_limit_is_refused_before_it_is_read(client: Client) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    big = SimpleUploadedFile("big.bin", b"x" * (70 * 1024))
    response = client.post("/lt/display/", {"next": "/lt/", "f": big})
    assert response.status_code == 413
    html = response.content.decode()
    assert '<html lang="lt">' in html and "64" in html
    small = client.post("/lt/display/", {"next": "/lt/"})
    assert small.status_code == 303


def test_every_sample_hand_shows_a_meld_and_some_deadwood() -> None:
    """The pedagogy review: 61% of the home page's sample hands had no meld at all."""
    for seed in range(1, 400):
        sample = _sample_hand(seed)
        arrangement = sample["arrangement"]
        assert arrangement.melds and arrangement.deadwood_cards, seed  # type: ignore[attr-defined]
        assert sample == _sample_hand(seed)  # the same number, the same hand


@pytest.mark.django_db
def test_the_development_server_has_no_script_that_draws_an_error_over_the_page(
    client: Client, settings: Any
) -> None:
    """With DEBUG (``make run``) django-htmx's tag adds a script that writes a 400's body
    over the whole document, before htmx's responseHandling (which swaps a 400 into the
    table, as a refused move's explanation) applies: the browser review found a refused
    meld wiping the page. The page loads htmx itself, the same with DEBUG or without."""
    for debug in (True, False):
        settings.DEBUG = debug
        page = client.get("/en/").content.decode()
        assert "django_htmx/htmx-2.min.js" in page
        assert "django-htmx.js" not in page and "htmx_script" not in page


def switcher_next(html: str) -> set[str]:
    """The ``next`` of the page's language buttons (both copies of the menu)."""
    return set(re.findall(r'<input type="hidden" name="next" value="([^"]*)"', html))


@pytest.mark.django_db
def test_a_new_hand_without_htmx_is_sent_to_its_number(client: Client) -> None:
    """The walk: at ``/lt/?hand=new`` the language buttons sent ``next=/lt/?hand=new``,
    so Russian dealt another hand. Now "new" redirects to the hand it dealt, whose
    address the buttons carry, and a reload shows the same hand again."""
    response = client.get("/lt/?hand=new")
    assert response.status_code == 302
    match = re.fullmatch(r"/lt/\?hand=(\d+)#sample", response["Location"])
    assert match is not None, response["Location"]
    number = int(match.group(1))
    shown = client.get(f"/lt/?hand={number}")
    assert switcher_next(shown.content.decode()) == {f"/lt/?hand={number}"}
    assert shown.context["sample"]["cards"] == _sample_hand(number)["cards"]


@pytest.mark.django_db
def test_a_change_of_language_shows_the_same_hand(client: Client) -> None:
    """A language button on a dealt hand's page shows that hand, in Russian."""
    lithuanian = client.get("/lt/?hand=new", follow=True)
    (here,) = switcher_next(lithuanian.content.decode())
    switched = client.post("/i18n/setlang/", {"language": "ru", "next": here}, follow=True)
    html = switched.content.decode()
    assert '<html lang="ru"' in html
    assert switched.context["sample"]["seed"] == lithuanian.context["sample"]["seed"]
    assert cards_in(html)[:10] == cards_in(lithuanian.content.decode())[:10]


@pytest.mark.django_db
def test_a_new_hand_with_htmx_puts_its_address_in_the_address_bar(client: Client) -> None:
    """The walk: after an htmx deal the address bar kept ``/it/``, so a reload (or the
    footer's display settings, which came back to it) dealt another hand. The partial
    now says ``HX-Replace-Url``, the hand's address as it is without JavaScript, and
    swaps nothing out of band: site.js moves every link that carries the page's address
    (``data-here``) to the address bar's. A whole page, and a refused number, say none."""
    response = client.get("/it/?hand=new", HTTP_HX_REQUEST="true")
    html = response.content.decode()
    number = re.search(r"(\d+)</h3>", html).group(1)  # type: ignore[union-attr]
    assert response["HX-Replace-Url"] == f"/it/?hand={number}#sample"
    assert "hx-swap-oob" not in html
    again = client.get(f"/it/?hand={number}", HTTP_HX_REQUEST="true")
    assert again["HX-Replace-Url"] == f"/it/?hand={number}#sample"
    whole = client.get(f"/it/?hand={number}")
    assert "HX-Replace-Url" not in whole and "hx-swap-oob" not in whole.content.decode()
    refused = client.get("/it/?hand=abc", HTTP_HX_REQUEST="true")
    assert refused.status_code == 400 and "HX-Replace-Url" not in refused


@pytest.mark.django_db
def test_every_link_that_carries_the_page_address_is_marked_for_site_js(client: Client) -> None:
    """The language buttons (both copies of the menu), "Log in" and the footer's display
    settings carry the page's address; each is marked ``data-here``, which site.js keeps
    equal to the address bar's after htmx changes it."""
    html = client.get("/lt/?hand=7").content.decode()
    marked = re.findall(r"<(?:a|input)\b[^>]*\bdata-here\b[^>]*>", html)
    assert len(marked) == 5, marked  # 2 language forms, 2 "Log in", 1 footer link
    for tag in marked:
        assert "/lt/?hand=7" in tag or "/lt/%3Fhand%3D7" in tag, tag
    carrying = re.findall(r"<(?:a|input)\b[^>]*(?:next=|name=\"next\")[^>]*>", html)
    assert all("data-here" in tag for tag in carrying), carrying
