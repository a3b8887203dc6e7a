"""``python manage.py load_content``: load every kind of site content from its files.

Today that is the lessons (Markdown, ``load_lessons``), the one loader named in
``CONTENT_LOADERS`` below; ``make run`` and a deployment call this command after
``migrate``. Guided hands need no loading: they are read from
``game/guided/content/`` while the site runs. A loader named here whose command
does not exist is skipped, with a line saying so.
"""

from __future__ import annotations

from typing import Any

from django.core.management import call_command, get_commands
from django.core.management.base import BaseCommand

# (command name, what it loads), in the order they run.
CONTENT_LOADERS = [
    ("load_lessons", "lessons"),
]


class Command(BaseCommand):
    help = "Load lessons and other file-based content into the database."

    def handle(self, *args: Any, **options: Any) -> None:
        available = get_commands()
        for command, what in CONTENT_LOADERS:
            if command not in available:
                self.stdout.write(f"{what}: no loader yet ({command} does not exist), skipped")
                continue
            call_command(command, verbosity=options.get("verbosity", 1))
            self.stdout.write(self.style.SUCCESS(f"{what}: loaded"))
