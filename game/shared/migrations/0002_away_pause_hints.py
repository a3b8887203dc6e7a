"""A table's away time, hints and pause, and ``waiting`` (the people to move now, and
since when) filled for the tables already there by replaying their current hand with
the engine (pure Python); their wait is counted from the table's last change. A table
that cannot be read keeps an empty list (nobody is replaced there until its next move).
"""

from django.db import migrations, models


def fill_waiting(apps, schema_editor):  # type: ignore[no-untyped-def]
    from game.engine import EngineError, Game, TableFormat, TableRules, options_for
    from game.engine import rounds_from_data

    SharedTable = apps.get_model("shared", "SharedTable")
    for table in SharedTable.objects.exclude(rounds=[]).iterator():
        try:
            rules = TableRules(
                Game(table.game),
                TableFormat(table.format),
                seats=len(table.seats),
                seed=int(table.seed),
                options=options_for(table.game, table.options),
            )
            current = rounds_from_data(table.rounds)[-1]
            since = int(table.updated.timestamp())
            waiting = []
            for board in current:
                hand = rules.replay(board, checked=True)
                if not hand.is_over:
                    waiting.append([board.seats[hand.turn], since])
        except (EngineError, ValueError, TypeError, KeyError, IndexError):
            continue
        SharedTable.objects.filter(pk=table.pk).update(waiting=waiting)


class Migration(migrations.Migration):

    dependencies = [
        ('shared', '0001_initial'),
    ]

    operations = [
        migrations.AddField(
            model_name='sharedtable',
            name='away_seconds',
            field=models.PositiveIntegerField(default=120),
        ),
        migrations.AddField(
            model_name='sharedtable',
            name='hints',
            field=models.BooleanField(default=True),
        ),
        migrations.AddField(
            model_name='sharedtable',
            name='paused',
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name='sharedtable',
            name='waiting',
            field=models.JSONField(default=list),
        ),
        migrations.RunPython(fill_waiting, migrations.RunPython.noop),
    ]
