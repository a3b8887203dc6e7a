"""What every page needs: navigation, languages, the learner's display settings."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse
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


def navigation() -> list[dict[str, str]]:
    items = []
    for url_name, label in NAVIGATION:
        try:
            url = reverse(url_name)
        except NoReverseMatch:
            continue
        items.append({"url": url, "label": str(label), "name": url_name})
    return items


def site(request: HttpRequest) -> dict[str, Any]:
    current = get_language() or settings.LANGUAGE_CODE
    return {
        "nav_items": navigation(),
        "display": display_preferences(request),
        "current_language": current,
    }
