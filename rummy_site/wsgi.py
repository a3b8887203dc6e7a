"""WSGI entry point: ``gunicorn rummy_site.wsgi``.

Django's application, wrapped so that a table poll finding nothing changed is answered
before Django's request handling (:class:`game.shared.polls.TablePolls`).
"""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rummy_site.settings.production")

django_application = get_wsgi_application()

from game.shared.polls import TablePolls  # noqa: E402  (needs Django set up)

application = TablePolls(django_application)
