"""A teacher ends a class table for good (``ended``, empty on every table there is: each
goes on as it was). Every row is kept."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("shared", "0004_rounds_as_json_text"),
    ]

    operations = [
        migrations.AddField(
            model_name="sharedtable",
            name="ended",
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
