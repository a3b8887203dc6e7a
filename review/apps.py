from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import pgettext_lazy


class ReviewConfig(AppConfig):
    name = "review"
    verbose_name = pgettext_lazy("spaced review", "Review")

    def ready(self) -> None:
        from . import receivers  # noqa: F401  (connects the signals)
