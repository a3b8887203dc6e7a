"""The language buttons of a page drawn without JavaScript, as a browser sends them."""

from __future__ import annotations

import html as markup

from django.test import Client


def switcher_next(html: str) -> str:
    """The ``next`` the page's language buttons send (the first of the menu's two copies)."""
    field = html.split('class="language-switcher"', 1)[1]
    return markup.unescape(field.split('name="next" value="', 1)[1].split('"', 1)[0])


def switched(client: Client, html: str, language: str) -> str:
    """Where a language button of the page ``html`` sends the browser (its 303's address)."""
    moved = client.post("/i18n/setlang/", {"language": language, "next": switcher_next(html)})
    assert moved.status_code == 303
    return str(moved["Location"])


def opened_where_sent(client: Client, response: object, language: str) -> str:
    """Follow a form's redirect (``response``, a 302 or 303) as a browser without
    JavaScript does: the page it leads to names its own address, fragment and all, as
    its language buttons' ``next``, and a button for ``language`` sends the browser to
    the same address in that language. The address followed."""
    assert getattr(response, "status_code", None) in (302, 303)
    address = str(response["Location"])  # type: ignore[index]
    html = client.get(address).content.decode()
    assert switcher_next(html) == address
    assert switched(client, html, language) == address.replace("/en/", f"/{language}/", 1)
    return address
