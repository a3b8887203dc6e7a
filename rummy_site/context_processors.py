"""What every page needs: navigation, languages, the learner's display settings."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.urls import NoReverseMatch, get_script_prefix, get_urlconf, reverse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from .preferences import display_preferences

# Each section of the site: (URL name, label). An item appears in the header
# only once its part of the site exists (its URL name resolves).
NAVIGATION = [
    ("lessons:index", _("Lessons")),
    ("guided:index", _("Guided hands")),
    ("practice:index", _("Practice")),
    ("review:page", pgettext_lazy("spaced review", "Review")),
    ("drills:index", _("Drills")),
    ("classroom:index", _("Classroom")),
]


def navigation() -> tuple[dict[str, str], ...]:
    """The header's links in the active language: computed once per language, script
    prefix and URL configuration (they never change while the process runs)."""
    return _navigation(get_language(), get_script_prefix(), get_urlconf() or settings.ROOT_URLCONF)


@lru_cache(maxsize=64)
def _navigation(
    language: str | None, prefix: str, urlconf: str | None
) -> tuple[dict[str, str], ...]:
    items = []
    for url_name, label in NAVIGATION:
        try:
            url = reverse(url_name)
        except NoReverseMatch:
            continue
        items.append({"url": url, "label": str(label), "name": url_name})
    return tuple(items)


def site(request: HttpRequest) -> dict[str, Any]:
    current = get_language() or settings.LANGUAGE_CODE
    return {
        # Lazy: an htmx partial shows neither, and reading the display settings may
        # load the session.
        "nav_items": SimpleLazyObject(navigation),
        "display": SimpleLazyObject(lambda: display_preferences(request)),
        "current_language": current,
    }
