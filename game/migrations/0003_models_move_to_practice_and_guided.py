"""The models move out of ``game``: ``Table`` to ``practice``, ``GuidedAttempt`` and
``GuidedResult`` to ``guided``.

Only Django's picture of the models changes here; the database tables and their
rows stay as they are. The new apps' first migrations take the same tables over
(``SeparateDatabaseAndState``), then rename them.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0002_guidedattempt_guidedresult"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="Table"),
                migrations.DeleteModel(name="GuidedAttempt"),
                migrations.DeleteModel(name="GuidedResult"),
            ],
            database_operations=[],
        ),
    ]
