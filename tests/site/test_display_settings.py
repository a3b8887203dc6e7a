"""Display settings live in the session and change how every page is drawn."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.mark.django_db
def test_four_colour_and_large_type_are_kept_in_the_session(client: Client) -> None:
    assert 'class=""' in client.get("/en/").content.decode().split("<body", 1)[1][:20]
    response = client.post(
        "/en/display/", {"four_colour": "on", "large_type": "on", "next": "/en/?hand=3"}
    )
    assert response.status_code == 303
    assert response["Location"] == "/en/?hand=3"
    body = client.get("/en/").content.decode().split("<body", 1)[1][:80]
    assert "deck-four-colour" in body and "large-type" in body
    client.post("/en/display/", {"next": "/en/"})
    body = client.get("/en/").content.decode().split("<body", 1)[1][:80]
    assert "deck-four-colour" not in body and "large-type" not in body


@pytest.mark.django_db
def test_saving_the_display_settings_says_so_on_the_page_it_goes_back_to(client: Client) -> None:
    """The Italian teacher's walk: "Save" at /it/display/ went back with no word that the
    settings were saved. The page it goes back to says so, once, as the site's other
    saved forms do (a message after the redirect)."""
    response = client.post(
        "/en/display/", {"large_type": "on", "next": "/en/lessons/"}, follow=True
    )
    assert response.redirect_chain[-1][0] == "/en/lessons/"
    assert "The display settings are saved." in response.content.decode()
    assert "The display settings are saved." not in client.get("/en/lessons/").content.decode()


@pytest.mark.django_db
def test_display_settings_refuse_an_offsite_redirect(client: Client) -> None:
    response = client.post("/en/display/", {"next": "https://evil.example/"})
    assert response.status_code == 303
    assert response["Location"] == "/en/display/"


@pytest.mark.django_db
@pytest.mark.django_db
@pytest.mark.parametrize(
    "target",
    ["x", "home", "-1", "null", "€", "<b>", "//evil", "/\\evil", "javascript:alert(1)", ""],
)
def test_display_settings_redirect_only_to_a_path_of_the_site(client: Client, target: str) -> None:
    response = client.post("/en/display/", {"next": target})
    assert response.status_code == 303
    assert response["Location"] == "/en/display/"


@pytest.mark.django_db
def test_display_settings_need_csrf() -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post("/lt/display/", {"four_colour": "on"})
    assert response.status_code == 403
    assert 'lang="lt"' in response.content.decode()
    assert "deck-four-colour" not in client.get("/lt/").content.decode()
