"""Local development: ``make run``. DEBUG on, SQLite unless DATABASE_URL is set."""

from .base import *  # noqa: F403

DEBUG = True

# Serve static files straight from static/ and the apps (no collectstatic needed).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
import warnings  # noqa: E402

warnings.filterwarnings("ignore", message="No directory at", module="django.core.handlers.base")
