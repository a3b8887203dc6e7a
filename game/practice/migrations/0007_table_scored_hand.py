"""Tables remember the latest hand the learner scored (``Table.scored_hand``).

A new column, 0 for every existing table (no hand remembered: a finished hand's page
asks "Score it yourself" as before); the rows are otherwise untouched, and migrating
back drops the column only.

The column keeps a database default (0): the database is migrated before the
instances restart (docs/deploy.md), and the code of before inserts rows without it.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("practice", "0006_table_computers"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="scored_hand",
            field=models.PositiveIntegerField(db_default=0, default=0),
        ),
    ]
