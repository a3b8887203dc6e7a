"""``python manage.py check_scenarios [FILE ...]``: replay guided hands through the engine.

With no arguments, checks every file in ``game/guided/content/``. Each problem is
printed as ``file, step N: message``; the command fails (exit 1) if any.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from game.guided import scenarios


class Command(BaseCommand):
    help = "Check that every guided hand is a valid deck whose steps and script the engine accepts."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="*", help="scenario files (default: all)")

    def handle(self, *args: Any, **options: Any) -> None:
        paths = [Path(f) for f in options["files"]] or scenarios.scenario_paths()
        if not paths:
            raise CommandError(f"no scenario files in {scenarios.SCENARIO_DIR}")
        problems = scenarios.validate_paths(paths)
        for problem in problems:
            self.stderr.write(str(problem))
        if problems:
            raise CommandError(f"{len(problems)} problem(s) in {len(paths)} guided hand(s)")
        self.stdout.write(self.style.SUCCESS(f"{len(paths)} guided hand(s) checked: all fine"))
