"""``{% jinja "game/_board.jinja" %}``: a Jinja2 template drawn inside a Django one.

The game boards are Jinja2 templates (:mod:`rummy_site.jinja` says why); the pages
around them are Django's. The tag draws the named Jinja2 template with the Django
template's whole context (the view's, the context processors', ``request``) and
``csrf_input``, the hidden field ``{% csrf_token %}`` would draw, from the same token.
"""

from __future__ import annotations

from django import template
from django.template import engines
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.simple_tag(takes_context=True)
def jinja(context: template.Context, template_name: str) -> SafeString:
    values = context.flatten()
    token = values.get("csrf_token")
    if token and str(token) != "NOTPROVIDED":
        values["csrf_input"] = format_html(
            '<input type="hidden" name="csrfmiddlewaretoken" value="{}">', token
        )
    board = engines["jinja2"].env.get_template(template_name)  # type: ignore[attr-defined]
    return mark_safe(str(board.render(values)))
