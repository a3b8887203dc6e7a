"""Learners gain ``visitor_key``: the digest of the browser's visitor cookie (unique,
empty for the learners made before; they are known by their session until their
browser is next seen, see ``learners.services``)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("learners", "0002_learner_display_name"),
    ]

    operations = [
        migrations.AddField(
            model_name="learner",
            name="visitor_key",
            field=models.CharField(editable=False, max_length=64, null=True, unique=True),
        ),
    ]
