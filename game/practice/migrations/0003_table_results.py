"""Tables keep the results of their finished hands (``Table.results``).

Every existing table gets them by replaying its finished rounds with the engine, so
that from now on a page replays only the hand being played. A table whose moves do
not replay keeps an empty list (the page then replays, and reports it, as before).
The rows are otherwise untouched; migrating back drops the column only.
"""

from django.db import migrations, models


def fill_results(apps, schema_editor):  # type: ignore[no-untyped-def]
    from game.engine import (
        EngineError,
        Game,
        TableFormat,
        TableRules,
        options_for,
        results_to_data,
        round_result,
        rounds_from_data,
    )

    Table = apps.get_model("practice", "Table")
    changed = []
    for table in Table.objects.all().iterator(chunk_size=200):
        try:
            rules = TableRules(
                Game(table.game),
                TableFormat(table.format),
                seats=len(table.seats),
                seed=int(table.seed),
                options=options_for(table.game, table.options),
            )
            rounds = rounds_from_data(table.rounds)
            results = [
                round_result([rules.replay(board, checked=True) for board in round_])
                for round_ in rounds[:-1]
            ]
        except (EngineError, ValueError, TypeError, KeyError, IndexError):
            continue
        if all(r is not None for r in results):
            table.results = results_to_data([r for r in results if r is not None])
            changed.append(table)
        if len(changed) >= 200:
            Table.objects.bulk_update(changed, ["results"])
            changed = []
    Table.objects.bulk_update(changed, ["results"])


class Migration(migrations.Migration):
    dependencies = [
        ("practice", "0002_rename_table_and_rounds"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="results",
            field=models.JSONField(default=list),
        ),
        migrations.RunPython(fill_results, migrations.RunPython.noop),
    ]
