"""``python manage.py purge_learners [--days 30] [--dry-run]``: housekeeping, run daily.

Clears expired sessions (Django's ``clearsessions``) and the rate limit's counts of
windows that have ended (:func:`rummy_site.ratelimit.forget_old`), then deletes the learners
that never did anything: no account, created more than ``--days`` ago, and
nothing that points at them (no table, attempt, result, lesson read or
answer: every model that refers to a learner counts, including ones added
later). A learner with any progress is kept, however old.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser
from django.db.models import ForeignObjectRel, Q
from django.utils import timezone

from learners.models import Learner
from rummy_site.ratelimit import forget_old


def idle_learners(days: int) -> Any:
    """The learners older than ``days`` with no account and nothing of their own."""
    empty = Q(user__isnull=True, created__lt=timezone.now() - timedelta(days=days))
    for relation in Learner._meta.get_fields():
        if isinstance(relation, ForeignObjectRel):
            empty &= Q(**{f"{relation.name}__isnull": True})
    return Learner.objects.filter(empty).distinct()


class Command(BaseCommand):
    help = "Clear expired sessions and delete learners that never did anything."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--days", type=int, default=30, help="keep newer learners (30)")
        parser.add_argument("--dry-run", action="store_true", help="count, delete nothing")

    def handle(self, *args: Any, **options: Any) -> None:
        idle = idle_learners(options["days"])
        count = idle.count()
        if options["dry_run"]:
            self.stdout.write(f"{count} idle learner(s) would be deleted")
            return
        call_command("clearsessions")
        counts = forget_old()
        Learner.objects.filter(pk__in=list(idle.values_list("pk", flat=True))).delete()
        self.stdout.write(
            f"expired sessions cleared; {counts} ended rate count(s) and "
            f"{count} idle learner(s) deleted"
        )
