from __future__ import annotations

from django.apps import AppConfig


class PracticeConfig(AppConfig):
    """Practice tables: whole hands against computer players."""

    name = "game.practice"
    label = "practice"
    verbose_name = "Practice tables"
