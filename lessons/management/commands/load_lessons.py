"""``python manage.py load_lessons``: read every lesson file into the database.

Fails, listing every problem, if any file cannot be read, a shortcode is
wrong, a lesson is missing in a language, or a translation's shortcodes
differ from the English file's. ``--check`` only reports.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from lessons import content
from lessons.models import Lesson
from lessons.render import render_document


class Command(BaseCommand):
    help = "Load the lessons, rule summaries and glossary from lessons/content/."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--check", action="store_true", help="only check the files")

    def handle(self, *args: Any, **options: Any) -> None:
        problems = content.problems()
        if problems:
            for problem in problems:
                self.stderr.write(problem)
            raise CommandError(f"{len(problems)} problem(s) in the lesson files")
        documents = content.all_documents()
        if options["check"]:
            self.stdout.write(self.style.SUCCESS(f"{len(documents)} lesson file(s): all fine"))
            return
        seen = set()
        with transaction.atomic():
            for document in documents:
                if document.game is None:
                    kind, game, slug = Lesson.Kind.GLOSSARY, "", "glossary"
                elif document.path.name == "summary.md":
                    kind, game, slug = Lesson.Kind.SUMMARY, document.game, "summary"
                else:
                    kind, game, slug = Lesson.Kind.LESSON, document.game, document.slug
                body, checks = render_document(document)
                Lesson.objects.update_or_create(
                    language=document.language,
                    game=game,
                    slug=slug,
                    defaults={
                        "kind": kind,
                        "order": document.order,
                        "title": document.title,
                        "summary": document.summary,
                        "guided": list(document.guided),
                        "body": body,
                        "checks": checks,
                    },
                )
                seen.add((document.language, game, slug))
            stale = [
                lesson.pk
                for lesson in Lesson.objects.all()
                if (lesson.language, lesson.game, lesson.slug) not in seen
            ]
            Lesson.objects.filter(pk__in=stale).delete()
        self.stdout.write(f"{len(documents)} lesson file(s) loaded, {len(stale)} removed")
