from __future__ import annotations

from django.apps import AppConfig


class SharedConfig(AppConfig):
    """Tables for people: classmates (or anyone with the table's code) at one table."""

    name = "game.shared"
    label = "shared"
    verbose_name = "Tables for people"
