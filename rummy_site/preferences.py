"""Display settings a learner keeps in the session: no account needed.

- ``four_colour``: a four-colour deck (clubs green, diamonds blue). Suits are
  always told apart by shape and name too, never by colour alone.
- ``large_type``: bigger cards and text, for a projector or a small screen.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest

SESSION_KEY = "display"


@dataclass(frozen=True)
class DisplayPreferences:
    four_colour: bool = False
    large_type: bool = False

    @property
    def body_classes(self) -> str:
        classes = []
        if self.four_colour:
            classes.append("deck-four-colour")
        if self.large_type:
            classes.append("large-type")
        return " ".join(classes)


def display_preferences(request: HttpRequest) -> DisplayPreferences:
    session = getattr(request, "session", None)
    data = session.get(SESSION_KEY, {}) if session is not None else {}
    if not isinstance(data, dict):
        return DisplayPreferences()
    return DisplayPreferences(
        four_colour=data.get("four_colour") is True,
        large_type=data.get("large_type") is True,
    )


def save_display_preferences(request: HttpRequest, prefs: DisplayPreferences) -> None:
    request.session[SESSION_KEY] = {
        "four_colour": prefs.four_colour,
        "large_type": prefs.large_type,
    }
