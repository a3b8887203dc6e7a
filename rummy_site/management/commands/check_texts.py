"""``python manage.py check_texts [--language lt]``: hand-written cards and forbidden terms.

Lists, file by file, every card typed by hand instead of ``{KC}`` markup and
every variant a language's term list (``docs/terms/<lang>.md``) forbids, with the
count per language. Exits with an error while anything is found. A translator's tool:
it needs the dev extras (polib), like the tests.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from rummy_site import proofing
from rummy_site.languages import codes


class Command(BaseCommand):
    help = "List hand-written cards and forbidden term variants in every text."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--language", choices=codes(), help="one language only")
        parser.add_argument("--quiet", action="store_true", help="only the counts")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            import polib  # type: ignore[import-untyped,unused-ignore]  # noqa: F401
        except ImportError:
            raise CommandError(
                "check_texts reads the catalogues with polib, one of the dev tools: "
                "run `make install-dev` once (`make test` does it too)."
            ) from None
        total = 0
        for language in [options["language"]] if options["language"] else codes():
            found = proofing.findings(language)
            for rule, items in found.items():
                if not options["quiet"]:
                    for item in items:
                        self.stdout.write(f"{language} {rule}: {item}")
                total += len(items)
            counts = ", ".join(f"{rule} {len(items)}" for rule, items in found.items())
            self.stdout.write(f"{language}: {counts}")
        if total:
            raise CommandError(f"{total} problem(s) in the texts")
        self.stdout.write("all texts fine")
