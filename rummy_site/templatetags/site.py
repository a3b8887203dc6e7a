"""Site-wide template tags: the language switcher's and hreflang's URLs."""

from __future__ import annotations

from typing import Any

from django import template
from django.conf import settings
from django.urls import translate_url

register = template.Library()

# Each language named in its own language, as the switcher shows it.
LANGUAGE_OWN_NAMES = {"en": "English", "lt": "Lietuvių", "ru": "Русский", "it": "Italiano"}


@register.simple_tag(takes_context=True)
def page_languages(context: template.Context) -> list[dict[str, Any]]:
    """This page in every language: code, own name, URL, and whether it is the current one."""
    request = context.get("request")
    path = request.get_full_path() if request is not None else "/"
    current = context.get("LANGUAGE_CODE") or settings.LANGUAGE_CODE
    return [
        {
            "code": code,
            "name": LANGUAGE_OWN_NAMES.get(code, code),
            "url": translate_url(path, code),
            "current": code == current,
        }
        for code, _name in settings.LANGUAGES
    ]
