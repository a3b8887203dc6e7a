"""Settings: ``base`` holds everything; ``dev``, ``test`` and ``production`` override a little.

``manage.py`` defaults to ``dev``; gunicorn is started with
``DJANGO_SETTINGS_MODULE=rummy_site.settings.production``; pytest uses ``test``
(see ``pyproject.toml``).
"""
