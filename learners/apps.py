from __future__ import annotations

from django.apps import AppConfig


class LearnersConfig(AppConfig):
    name = "learners"
    verbose_name = "Learners"

    def ready(self) -> None:
        from . import receivers  # noqa: F401  (connects the account's signals)
