from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DrillsConfig(AppConfig):
    name = "drills"
    verbose_name = _("Drills")
