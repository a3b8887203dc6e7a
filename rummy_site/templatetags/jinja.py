"""``{% jinja "game/_board.jinja" %}``: a Jinja2 template drawn inside a Django one.

The game boards are Jinja2 templates (:mod:`rummy_site.jinja` says why); the pages
around them are Django's. The tag draws the named Jinja2 template with the Django
template's whole context (the view's, the context processors', ``request``) and
``csrf_input``, the hidden field ``{% csrf_token %}`` would draw, from the same token.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString

from rummy_site.jinja import draw

register = template.Library()


@register.simple_tag(takes_context=True)
def jinja(context: template.Context, template_name: str) -> SafeString:
    values: dict[str, Any] = {str(name): value for name, value in context.flatten().items()}
    return draw(template_name, values, values.get("csrf_token"))
