"""The site's languages, in one place: ``settings.LANGUAGES`` is the source.

Content written in every language (lessons, guided hands) is checked against
:func:`codes`; text chosen by the page's language goes through :func:`pick`.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.conf import settings
from django.utils.functional import Promise
from django.utils.translation import get_language

StrOrPromise = str | Promise


def codes() -> tuple[str, ...]:
    """Every language of the site, English (the source language) first."""
    return tuple(code for code, _name in settings.LANGUAGES)


def choices() -> list[tuple[str, StrOrPromise]]:
    """``settings.LANGUAGES`` as a field's choices: a callable, so that a migration names
    it instead of copying the list (adding a language needs no migration)."""
    return list(settings.LANGUAGES)


def current() -> str:
    """The page's language code ("lt"), the site's default outside a request."""
    return (get_language() or settings.LANGUAGE_CODE).split("-")[0]


def pick(texts: Mapping[str, str], language: str | None = None) -> str:
    """The text in ``language`` (default: the page's), else the source language's."""
    return texts.get(language or current()) or texts[settings.LANGUAGE_CODE]


__all__ = ["choices", "codes", "current", "pick"]
