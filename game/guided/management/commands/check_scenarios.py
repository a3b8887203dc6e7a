"""``python manage.py check_scenarios [FILE ...]``: replay guided hands through the engine.

With no arguments, checks every file in ``game/guided/content/`` (a bare file name is
looked for there too). Each problem is printed as ``file, step N: message``; the
command fails (exit 1) if any. Once every hand is valid, it also checks what the
suite would otherwise find only after a whole run: every player's name has its row in
each language's ``stand-ins.toml``, and each game's hands have the ``order`` of
their place on the path (the order the English lessons name them in ``guided``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from game.engine import Game
from game.guided import scenarios
from rummy_site.languages import codes


def _path(name: str) -> Path:
    path = Path(name)
    if not path.exists() and (scenarios.SCENARIO_DIR / path.name).exists():
        return scenarios.SCENARIO_DIR / path.name
    return path


def _stand_in_problems(library: tuple[scenarios.Scenario, ...]) -> list[scenarios.Problem]:
    found = []
    for language in codes():
        rows = scenarios.stand_ins(language)
        for scenario in library:
            for name in scenario.names[language][1:]:
                if name and name not in rows:
                    found.append(
                        scenarios.Problem(
                            f"{language}/{scenario.slug}.toml",
                            f"the player's name {name!r} has no row in "
                            f"{language}/{scenarios.STAND_INS} (its stand-in for a learner "
                            "of that name, in every form the words write it)",
                        )
                    )
    return found


def _order_problems(library: tuple[scenarios.Scenario, ...]) -> list[scenarios.Problem]:
    from lessons import content

    found = []
    for game in Game:
        on_path: list[str] = []
        for lesson in content.lesson_paths("en", game.value):
            try:
                document = content.read(lesson, language="en", game=game.value)
            except content.ContentError:
                return []  # load_lessons --check names it
            on_path += [slug for slug in document.guided if slug not in on_path]
        listed = [s.slug for s in library if s.game is game]
        if [s for s in listed if s in on_path] != [s for s in on_path if s in listed]:
            orders = {s.slug: s.order for s in library}
            want = ", ".join(
                f"{slug} (order = {orders[slug]})" for slug in on_path if slug in orders
            )
            found.append(
                scenarios.Problem(
                    f"{game.value} guided hands",
                    f"their order differs from the path's; the lessons name them {want}: "
                    "give each hand the order of its place",
                )
            )
        for slug in listed:
            if slug not in on_path:
                found.append(
                    scenarios.Problem(
                        f"{slug}.toml",
                        "no lesson names it in its guided list, so it is not on the path",
                    )
                )
    return found


class Command(BaseCommand):
    help = "Check that every guided hand is a valid deck whose steps and script the engine accepts."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="*", help="scenario files (default: all)")

    def handle(self, *args: Any, **options: Any) -> None:
        paths = [_path(f) for f in options["files"]] or scenarios.scenario_paths()
        if not paths:
            raise CommandError(f"no scenario files in {scenarios.SCENARIO_DIR}")
        problems = scenarios.validate_paths(paths)
        if not problems:
            library = scenarios.library()
            problems += _stand_in_problems(library) + _order_problems(library)
        for problem in problems:
            self.stderr.write(str(problem))
        if problems:
            raise CommandError(f"{len(problems)} problem(s) in {len(paths)} guided hand(s)")
        self.stdout.write(self.style.SUCCESS(f"{len(paths)} guided hand(s) checked: all fine"))
