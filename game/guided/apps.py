from __future__ import annotations

from django.apps import AppConfig


class GuidedConfig(AppConfig):
    """Guided hands: prepared deals in which a coach prompts each step."""

    name = "game.guided"
    label = "guided"
    verbose_name = "Guided hands"
