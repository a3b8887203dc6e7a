"""The guided hands' tables and index get their own app's names. Rows are kept."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("guided", "0001_initial"),
    ]

    operations = [
        migrations.AlterModelTable(name="guidedattempt", table=None),
        migrations.AlterModelTable(name="guidedresult", table=None),
        migrations.RenameIndex(
            model_name="guidedattempt",
            new_name="guided_attempt_latest_idx",
            old_name="game_guided_learner_26d252_idx",
        ),
    ]
