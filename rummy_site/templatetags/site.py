"""Site-wide template tags: the language switcher's and hreflang's URLs, the site menu, and
the one_stop filter."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit, urlunsplit

from django import template
from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest
from django.template.defaultfilters import stringfilter
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language_from_path

from learners.names import one_stop
from rummy_site.reversing import cached_translate_url

register = template.Library()
# A name's own stop ends a sentence once ("Ona K."): messages, blocktranslate output.
register.filter("one_stop", stringfilter(one_stop), is_safe=True)

# Each language named in its own language, as the switcher shows it.
LANGUAGE_OWN_NAMES = {"en": "English", "lt": "Lietuvių", "ru": "Русский", "it": "Italiano"}


@register.simple_tag(takes_context=True)
def site_menu(context: template.Context) -> SafeString:
    """``_site_menu.html`` drawn once per page: base.html shows it twice (the header's row
    on a wide screen, the phone's "Menu"), and drawing it twice cost every full page
    about 0.25 ms (a practice table's page: 2.0 ms with one menu, 2.25 with two, timed
    in process through Django's test client)."""
    drawn = context.render_context.get(_MENU)
    if drawn is None:
        menu = context.template.engine.get_template("_site_menu.html") if context.template else None
        drawn = menu.render(context) if menu is not None else mark_safe("")
        context.render_context[_MENU] = drawn
    return drawn


_MENU = "rummy_site.site_menu"


@register.simple_tag(takes_context=True)
def page_path(context: template.Context) -> str:
    """The address of the page being shown, for the language switcher (its ``next``),
    "Log in" and the display settings: :func:`page_address`, opened at the fragment the
    view names (``page_anchor``) where the page opens at one: a drill's answered page
    (``#drill-feedback``), a table's page at its status (``#table-status``:
    :func:`game.moveforms.page_anchor`; a practice table, a guided hand, a table for
    people, a pupil's live exercise). The browser never sends a fragment: such a page,
    switched to another language without JavaScript, opened at its top, the verdict or
    the hand below the screen."""
    anchor = context.get("page_anchor")
    path = page_address(context)
    return f"{path}#{anchor}" if anchor else path


def page_address(context: template.Context) -> str:
    """The address of the page being shown, without a fragment: the page's other
    languages' addresses (alternate links). A page drawn in answer to a POST without
    JavaScript (a move, a hint, a lesson's answer) was posted to an action's address,
    which a GET answers with 405: the view's ``page_url`` names the page itself."""
    request = context.get("request")
    if request is None:
        return "/"
    if request.method in ("GET", "HEAD"):
        return _on_this_site(str(request.get_full_path()))
    page_url = context.get("page_url")
    if page_url:
        return str(page_url)
    # A view that does not say: the page the form was sent from (browsers send it to the
    # same site: SECURE_REFERRER_POLICY), else the home page, never the action's address.
    referer = urlsplit(request.META.get("HTTP_REFERER", ""))
    if referer.netloc == _host(request) and referer.path not in ("", request.path):
        return _on_this_site(urlunsplit(("", "", referer.path, referer.query, "")))
    return "/" + (get_language_from_path(request.path) or settings.LANGUAGE_CODE) + "/"


def _host(request: HttpRequest) -> str | None:
    try:
        return str(request.get_host())
    except DisallowedHost:
        return None


def _on_this_site(path: str) -> str:
    """``path`` with one leading slash: a path that begins "//" (``//evil.example/``, a
    request for a page that does not exist) would read as another site's address in
    the page's language links."""
    return "/" + path.lstrip("/")


@register.simple_tag(takes_context=True)
def page_languages(context: template.Context) -> list[dict[str, Any]]:
    """This page in every language: code, own name, URL, and whether it is the current one."""
    request = context.get("request")
    path = page_address(context)
    current = context.get("LANGUAGE_CODE") or settings.LANGUAGE_CODE
    pages = []
    for code, _name in settings.LANGUAGES:
        url = cached_translate_url(path, code)
        pages.append(
            {
                "code": code,
                "name": LANGUAGE_OWN_NAMES.get(code, code),
                "url": url,
                "absolute": _absolute(request, url),
                "current": code == current,
            }
        )
    return pages


def _absolute(request: HttpRequest | None, url: str) -> str:
    """``url`` with this site's scheme and host, or "" when the request's Host is not
    one of ours (the 400 page for a bad Host must not ask for it again)."""
    if request is None:
        return ""
    try:
        return request.build_absolute_uri(url)
    except DisallowedHost:
        return ""
