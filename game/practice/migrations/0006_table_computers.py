"""How a table's computer players play (``Table.computers``): every table started before
the choice keeps the strong player it was played by (``"bot"``), so its hands go on as
before; a new Knock Rummy table gets the learner's choice (``"patient"`` by default,
given by ``services.table_start``).

The column keeps a database default ("bot"): the database is migrated before the
instances restart (docs/deploy.md), and the code of before inserts rows without it."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("practice", "0005_rounds_as_json_text"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="computers",
            field=models.CharField(db_default="bot", default="bot", max_length=8),
        ),
    ]
