"""How a table's computer players play (``SharedTable.computers``): every table opened
before the choice keeps the strong player it was played by (``"bot"``); a new Knock
Rummy table gets the patient one (``services.open_table`` and ``seat_people``).

The column keeps a database default ("bot"): the database is migrated before the
instances restart (docs/deploy.md), and the code of before inserts rows without it."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("shared", "0005_table_ended"),
    ]

    operations = [
        migrations.AddField(
            model_name="sharedtable",
            name="computers",
            field=models.CharField(db_default="bot", default="bot", max_length=8),
        ),
    ]
