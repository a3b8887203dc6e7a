"""URLs found once: ``reverse`` and ``translate_url`` remembered per process.

A URL depends only on the view's name and arguments, the active language (the
``/<lang>/`` prefix of ``i18n_patterns``), the URL configuration and the script
prefix; these functions key their cache by all of them. Resolving and reversing cost
tens of microseconds each, and a table page needs a dozen (its forms, the header, the
language switcher) on every move.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse, translate_url
from django.utils.translation import get_language


def _where() -> tuple[str | None, str, str]:
    return get_language(), get_urlconf() or settings.ROOT_URLCONF, get_script_prefix()


def cached_reverse(viewname: str, *args: str | int) -> str:
    """``reverse(viewname, args=args)`` in the active language (raises
    ``NoReverseMatch`` as it does; failures are not remembered)."""
    return _reverse(viewname, args, *_where())


def cached_reverses(viewnames: Sequence[str], *args: str | int) -> list[str]:
    """:func:`cached_reverse` of each view name with the same ``args`` (a table's
    forms), the active language and URL configuration looked up once."""
    where = _where()
    return [_reverse(viewname, args, *where) for viewname in viewnames]


def cached_translate_url(path: str, language: str) -> str:
    """``translate_url(path, language)``: this page's address in another language."""
    return _translate(path, language, *_where())


@lru_cache(maxsize=8192)
def _reverse(
    viewname: str, args: tuple[str | int, ...], active: str | None, urlconf: str, prefix: str
) -> str:
    return reverse(viewname, args=args)


@lru_cache(maxsize=4096)
def _translate(path: str, language: str, active: str | None, urlconf: str, prefix: str) -> str:
    return translate_url(path, language)


__all__ = ["cached_reverse", "cached_reverses", "cached_translate_url"]
