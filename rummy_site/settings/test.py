"""The test suite: fast hashing, DEBUG off like production, a file database on SQLite."""

from __future__ import annotations

import os

from .base import *  # noqa: F403
from .local import *  # noqa: F403

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
ALLOWED_HOSTS = ["*"]
BOT_STEP_DELAY_MS = 120
# The suite posts far faster than a person; tests/site/test_limits.py turns it on.
RATE_LIMIT_ENABLED = False

# On SQLite the test database is a file, not Django's shared in-memory one: the live
# server's threads then each have their own connection, locking as in production, so
# the tests that fire parallel requests (tests/site/test_races.py) mean something.
# One file per test run (two runs in one checkout must not share it); Django deletes
# it when the run ends.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    (BASE_DIR / "db").mkdir(exist_ok=True)  # noqa: F405
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": str(BASE_DIR / "db" / f"test-{os.getpid()}.sqlite3")  # noqa: F405
    }
CLASSROOM_POLL_SECONDS = 1
# The dashboard's stamp without the time (a poll test must not cross a minute); the test
# of the time's part sets it.
CLASSROOM_REDRAW_SECONDS = 0
LIVE_POLL_SECONDS = 1
# A browser test's closed page ends its event stream at the next comment line.
SHARED_EVENTS_HEARTBEAT = 2
