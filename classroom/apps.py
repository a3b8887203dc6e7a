from __future__ import annotations

from django.apps import AppConfig


class ClassroomConfig(AppConfig):
    name = "classroom"
    verbose_name = "Classroom"

    def ready(self) -> None:
        from . import mistakes  # noqa: F401  (connects the receivers of pupils' mistakes)
