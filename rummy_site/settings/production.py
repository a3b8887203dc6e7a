"""Production: every secret from the environment, HTTPS everywhere.

Required environment: ``SECRET_KEY``, ``ALLOWED_HOSTS`` (comma-separated) and
``DATABASE_URL``. Optional: ``CSRF_TRUSTED_ORIGINS`` (comma-separated, with scheme),
``SECURE_SSL_REDIRECT`` (default on; set 0 when a proxy already redirects),
``CLIENT_ADDRESS_HEADER`` (default ``HTTP_X_REAL_IP``: the header the proxy puts the
client's address in, for the per-address rate limit).
"""

from __future__ import annotations

import os

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403


def _require(name: str) -> str:
    value = os.environ.get(name, "").strip()
    if not value:
        raise ImproperlyConfigured(f"Set the {name} environment variable for production.")
    return value


def _list(name: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]


DEBUG = False
SECRET_KEY = _require("SECRET_KEY")
ALLOWED_HOSTS = _list("ALLOWED_HOSTS") or [_require("ALLOWED_HOSTS")]
if "*" in ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS must name the site's hosts, not '*'.")
# base.py falls back to a SQLite file for development; production says where its data is.
_require("DATABASE_URL")
CSRF_TRUSTED_ORIGINS = _list("CSRF_TRUSTED_ORIGINS")
# Behind the reverse proxy every request comes from it: count the client's address.
CLIENT_ADDRESS_HEADER = os.environ.get("CLIENT_ADDRESS_HEADER", "HTTP_X_REAL_IP")

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = os.environ.get("SECURE_SSL_REDIRECT", "1") != "0"
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
LANGUAGE_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
