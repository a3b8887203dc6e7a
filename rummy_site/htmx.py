"""One place where a view decides between a whole page and an htmx partial.

htmx asks for a fragment with the ``HX-Request`` header; a history restore
(the user went back and htmx's cache missed) must get the whole page. Views
that use this must be decorated with ``@vary_on_headers("HX-Request")`` so
caches keep the two apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from .jinja import draw


def wants_partial(request: HttpRequest) -> bool:
    """True for an htmx request that is not a history restore."""
    htmx = getattr(request, "htmx", None)
    if not htmx:
        return False
    return not htmx.history_restore_request


def render_page(
    request: HttpRequest,
    template_name: str,
    context: Mapping[str, Any] | None = None,
    *,
    partial: str,
    status: int = 200,
    board: str | None = None,
) -> HttpResponse:
    """Render ``template_name``, or only its ``partial`` for an htmx request.

    The context gets ``is_partial``: templates that add out-of-band swaps to a partial
    ask it, rather than deciding from the request themselves. ``board``: the partial is
    that Jinja2 game board and nothing else (``{% jinja board %}``, see
    :mod:`rummy_site.jinja`); htmx's request then gets the board drawn straight from the
    view's context, without the Django template around it.
    """
    is_partial = wants_partial(request)
    if is_partial and board is not None:
        # Without the CSRF field in its forms: htmx sends the page's token with each
        # request (``hx-headers`` on base.html's <body>), and a board's every POST form
        # posts through htmx. A field would cost a freshly masked token (32 random
        # draws) and the cookie Django then sends again, on every move: 2-3% of it.
        html = draw(board, {**(context or {}), "is_partial": True})
        return HttpResponse(html, status=status)
    name = f"{template_name}#{partial}" if is_partial else template_name
    return render(request, name, {**(context or {}), "is_partial": is_partial}, status=status)
