"""Settings shared by every environment.

Databases: SQLite in ``db/`` by default, or whatever ``DATABASE_URL`` says
(``postgres://user:password@host:5432/name``), read by dj-database-url.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent.parent

SECRET_KEY = os.environ.get("SECRET_KEY", "django-insecure-rummy-school-development-key-only")
DEBUG = False
ALLOWED_HOSTS: list[str] = ["127.0.0.1", "localhost", "[::1]"]

INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    # The partials loader is configured explicitly in TEMPLATES below, so the
    # move to Django 6's built-in partials is a settings change.
    "template_partials.apps.SimpleAppConfig",
    "rummy_site",
    "learners",
    "game",
    "game.practice",
    "game.guided",
    "game.shared",
    "lessons",
    "review",
    "drills",
    "classroom",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # After WhiteNoise (static files are already compressed), before every middleware
    # that may change a response's body on its way out.
    "rummy_site.middleware.CompressedPagesMiddleware",
    "rummy_site.middleware.SecurityHeadersMiddleware",
    # SessionMiddleware must come before LocaleMiddleware (the language cookie
    # and the session are read there) ...
    "django.contrib.sessions.middleware.SessionMiddleware",
    # ... and LocaleMiddleware before CommonMiddleware, so that APPEND_SLASH
    # and the i18n_patterns redirects see the activated language.
    "django.middleware.locale.LocaleMiddleware",
    # After LocaleMiddleware, so that its 413 page is in the page's language; the 405
    # page too.
    "rummy_site.middleware.MethodNotAllowedPageMiddleware",
    "rummy_site.middleware.RequestBodyLimitMiddleware",
    "rummy_site.middleware.PostRateLimitMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # request.learner (lazy), after the session and the user it is found by.
    "learners.middleware.LearnerMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Around the views only: a POST's redirect is a 303 (the language prefix's stays).
    "rummy_site.middleware.SeeOtherAfterPostMiddleware",
]

ROOT_URLCONF = "rummy_site.urls"
WSGI_APPLICATION = "rummy_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "rummy_site.context_processors.site",
            ],
            "builtins": ["template_partials.templatetags.partials"],
            "loaders": [
                (
                    "template_partials.loader.Loader",
                    [
                        (
                            "django.template.loaders.cached.Loader",
                            [
                                "django.template.loaders.filesystem.Loader",
                                "django.template.loaders.app_directories.Loader",
                            ],
                        )
                    ],
                )
            ],
        },
    },
    # The game boards (rummy_site.jinja): drawn inside the pages by {% jinja %}.
    {
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "NAME": "jinja2",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": False,
        "OPTIONS": {"environment": "rummy_site.jinja.environment"},
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db' / 'rummy.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        # A persistent connection is checked before each request uses it (one round
        # trip; on SQLite nothing). CONN_HEALTH_CHECKS=0 saves it: after a database
        # restart, each worker's first request then fails once (docs/deploy.md).
        conn_health_checks=os.environ.get("CONN_HEALTH_CHECKS", "1") != "0",
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several gunicorn workers share the file: wait for a lock instead of failing,
    # take the write lock at the start of a transaction, and let readers read on.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
else:
    if os.environ.get("DB_SYNCHRONOUS_COMMIT", "") == "off":
        # PostgreSQL: commit without waiting for the write-ahead log to reach the disk
        # (docs/deploy.md: a crash may lose the last fraction of a second of moves,
        # never the database's consistency). Off unless asked for.
        DATABASES["default"].setdefault("OPTIONS", {})["options"] = "-c synchronous_commit=off"
    if os.environ.get("DB_PREPARED_STATEMENTS", "") == "1":
        DATABASES["default"].setdefault("OPTIONS", {}).update(
            {"server_side_binding": True, "prepare_threshold": 5}
        )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Internationalisation: English is the source language. To add a language, follow
# README.md, "Languages": besides this list, its own name, its plural forms, its term
# list, a new catalogue (``makemessages -l <code>``: ``make messages`` updates only the
# catalogues that exist) and its lessons and guided hands.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("lt", _("Lithuanian")),
    ("ru", _("Russian")),
    ("it", _("Italian")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "Europe/Vilnius"
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

SESSION_COOKIE_AGE = 60 * 60 * 24 * 365  # a learner's tables and settings last a year
SESSION_COOKIE_SAMESITE = "Lax"
# The visitor cookie: who a learner without an account is (see learners.services).
VISITOR_COOKIE_NAME = "visitor"
VISITOR_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

# No inline script or style anywhere: htmx's configuration is a <meta> tag.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; "
    "base-uri 'self'; object-src 'none'"
)
# Browser features the site never uses, off for it and anything it might embed.
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()"

# POSTs a minute, counted in the database (rummy_site.ratelimit): one browser (a fast
# player with the computer's steps: well under 1 a second), and one network address
# (a classroom of 30 behind one router).
RATE_LIMIT_ENABLED = True
POST_RATE_PER_VISITOR = "120/m"
POST_RATE_PER_ADDRESS = "1800/m"
# The header the reverse proxy puts the client's address in (empty: REMOTE_ADDR).
CLIENT_ADDRESS_HEADER = os.environ.get("CLIENT_ADDRESS_HEADER", "")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
CSRF_FAILURE_VIEW = "rummy_site.views.csrf_failure"

# How long a computer player's move stays on screen before the next one (htmx).
BOT_STEP_DELAY_MS = 900

# Tables for people (game.shared.events): a player's page hears of the others' moves
# through server-sent events, read for every stream of a process by one watcher each
# SHARED_EVENTS_INTERVAL seconds; a stream lasts SHARED_EVENTS_LIFETIME seconds (the
# browser then reconnects), with a comment line each SHARED_EVENTS_HEARTBEAT seconds.
# The page also polls every SHARED_EVENTS_POLL_SECONDS, in case its stream is cut.
# SHARED_EVENTS=0: no stream, a poll each SHARED_POLL_SECONDS (which is also how soon
# a browser comes back for events to a server that cannot stream: docs/deploy.md).
SHARED_EVENTS = os.environ.get("SHARED_EVENTS", "1") != "0"
SHARED_EVENTS_INTERVAL = 0.2
SHARED_EVENTS_LIFETIME = 300
SHARED_EVENTS_HEARTBEAT = 15
SHARED_EVENTS_POLL_SECONDS = 10
# A process holding this many streams answers the next ones with one look (a poll each
# SHARED_POLL_SECONDS) instead of a stream: keep it below the streaming worker's threads.
SHARED_EVENTS_MAX_STREAMS = int(os.environ.get("SHARED_EVENTS_MAX_STREAMS", "400"))
SHARED_POLL_SECONDS = 1
# Without JavaScript a player's page reloads itself this often while they wait for
# another player (or for the hand to be dealt), once they asked it to ("Reload the page
# by itself while I wait"): the moment it is their turn they see it. A reload sends a
# keyboard's or a screen reader's place back to the top, so it is never on by itself.
SHARED_NOSCRIPT_REFRESH_SECONDS = 10
# ... and this often while the teacher has the table paused (nobody moves meanwhile).
SHARED_NOSCRIPT_PAUSED_REFRESH_SECONDS = 60

# Teachers' accounts (classroom.accounts): Django's auth views under /<lang>/accounts/.
LOGIN_URL = "login"
# Where a teacher (an account with a class) lands after logging in without ``next``;
# anyone else goes home (classroom.accounts.LogInView.get_default_redirect_url).
LOGIN_REDIRECT_URL = "classroom:index"
LOGOUT_REDIRECT_URL = "home"
# E-mail (only for resetting a teacher's password): printed on the console unless an
# SMTP server is named in the environment (docs/deploy.md).
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = os.environ.get("EMAIL_USE_TLS", "1") != "0"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Rummy School <webmaster@localhost>")
