"""The practice table gets its own app's name (``practice_table``), and ``deals``
becomes ``rounds`` (the engine's name for the boards of each hand). Rows are kept."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("practice", "0001_initial"),
    ]

    operations = [
        migrations.AlterModelTable(name="table", table=None),
        migrations.RenameField(model_name="table", old_name="deals", new_name="rounds"),
    ]
