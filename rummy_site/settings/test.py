"""The test suite: fast hashing, in-memory-friendly, DEBUG off like production."""

from __future__ import annotations

from .base import *  # noqa: F403
from .local import *  # noqa: F403

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
ALLOWED_HOSTS = ["*"]
BOT_STEP_DELAY_MS = 120
