"""When the learner reached the step an attempt is at. Attempts made before it existed
take their last change (the best known moment of their last move)."""

import django.utils.timezone
from django.db import migrations, models


def from_last_change(apps, schema_editor):  # type: ignore[no-untyped-def]
    GuidedAttempt = apps.get_model("guided", "GuidedAttempt")
    GuidedAttempt.objects.update(step_started=models.F("updated"))


class Migration(migrations.Migration):
    dependencies = [
        ("guided", "0003_attempt_abandoned_one_open"),
    ]

    operations = [
        migrations.AddField(
            model_name="guidedattempt",
            name="step_started",
            field=models.DateTimeField(default=django.utils.timezone.now),
        ),
        migrations.RunPython(from_last_change, migrations.RunPython.noop),
    ]
