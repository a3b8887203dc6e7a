from __future__ import annotations

from django.apps import AppConfig


class RummySiteConfig(AppConfig):
    name = "rummy_site"
    verbose_name = "Rummy School"
