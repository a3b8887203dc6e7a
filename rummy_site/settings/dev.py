"""Local development: ``make run``. DEBUG on, SQLite unless DATABASE_URL is set."""

from __future__ import annotations

from .base import *  # noqa: F403
from .local import *  # noqa: F403

DEBUG = True
