"""Whether the learner has scored a finished guided hand themselves (or stepped into its
walkthrough): every attempt so far has not, as no page remembered it."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("guided", "0004_attempt_step_started"),
    ]

    operations = [
        migrations.AddField(
            model_name="guidedattempt",
            name="scored",
            field=models.BooleanField(default=False),
        ),
    ]
