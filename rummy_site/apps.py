from __future__ import annotations

from django.apps import AppConfig


class RummySiteConfig(AppConfig):
    name = "rummy_site"
    verbose_name = "Rummy School"

    def ready(self) -> None:
        from django.db.backends.signals import connection_created

        from .fields import read_json_as_text

        connection_created.connect(read_json_as_text, dispatch_uid="rummy_site.read_json_as_text")
