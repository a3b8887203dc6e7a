"""``python manage.py load_content``: load every kind of site content from its files.

Each app that keeps content in files (lessons in Markdown, guided hands as
scenario files) names its loading command in ``CONTENT_LOADERS`` below;
``make run`` calls this command after ``migrate``. A loader is skipped, with
a line saying so, until its app provides the command.
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
