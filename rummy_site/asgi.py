"""ASGI entry point (not used by the default deployment, which is gunicorn + WSGI)."""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rummy_site.settings.production")

application = get_asgi_application()
