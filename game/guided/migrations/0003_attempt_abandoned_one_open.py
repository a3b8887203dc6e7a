"""Attempts gain ``abandoned``, and a learner keeps at most one open attempt per hand.

Before, "Try again" started a new attempt and left the old one unfinished, so a
learner could have several open attempts at one hand. Every unfinished attempt
that is not the learner's latest at its hand is marked abandoned (the latest is
the one the page showed); then the constraint is added. No row is deleted.
"""

from django.db import migrations, models


def set_aside_older_open_attempts(apps, schema_editor):  # type: ignore[no-untyped-def]
    GuidedAttempt = apps.get_model("guided", "GuidedAttempt")
    latest: dict[tuple[int, str], int] = {}
    for pk, learner, scenario in GuidedAttempt.objects.order_by("created", "pk").values_list(
        "pk", "learner_id", "scenario"
    ):
        latest[(learner, scenario)] = pk
    older = GuidedAttempt.objects.filter(finished=False).exclude(pk__in=latest.values())
    older.update(abandoned=True)


class Migration(migrations.Migration):
    dependencies = [
        ("guided", "0002_rename_tables"),
    ]

    operations = [
        migrations.AddField(
            model_name="guidedattempt",
            name="abandoned",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(set_aside_older_open_attempts, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="guidedattempt",
            constraint=models.UniqueConstraint(
                condition=models.Q(("abandoned", False), ("finished", False)),
                fields=("learner", "scenario"),
                name="one_open_attempt_per_hand",
            ),
        ),
    ]
