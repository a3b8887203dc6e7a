"""The test suite: fast hashing, in-memory-friendly, DEBUG off like production."""

from .base import *  # noqa: F403

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
ALLOWED_HOSTS = ["*"]
BOT_STEP_DELAY_MS = 120

# Serve static files straight from static/ and the apps (no collectstatic needed).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
import warnings  # noqa: E402

warnings.filterwarnings("ignore", message="No directory at", module="django.core.handlers.base")
