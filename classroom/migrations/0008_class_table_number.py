"""A class table's number among the tables of its seating ("Table 3").

The tables seated before it are numbered here: a class's tables in the order they were
made, the count starting again at 1 where one was made more than
:data:`SEATING_GAP` after the one before (one "Seat the class" makes all its tables in
one request, and another is refused within ten seconds: ``RESEAT_SECONDS``). Every row
is kept; going back drops the numbers only.
"""

from datetime import timedelta

from django.db import migrations, models

#: Tables made closer together than this were made by one seating.
SEATING_GAP = timedelta(seconds=5)


def number_the_tables(apps, schema_editor):
    ClassTable = apps.get_model("classroom", "ClassTable")
    rows = ClassTable.objects.order_by("classroom_id", "created", "pk")
    changed = []
    classroom, last, number = None, None, 0
    for row in rows.iterator(chunk_size=500):
        if row.classroom_id != classroom or last is None or row.created - last > SEATING_GAP:
            number = 0
        classroom, last = row.classroom_id, row.created
        number += 1
        row.number = number
        changed.append(row)
    ClassTable.objects.bulk_update(changed, ["number"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("classroom", "0007_class_seating_kept"),
    ]

    operations = [
        migrations.AddField(
            model_name="classtable",
            name="number",
            field=models.PositiveSmallIntegerField(db_default=0, default=0),
        ),
        migrations.RunPython(number_the_tables, migrations.RunPython.noop),
    ]
