"""A practice table's moves (``rounds``), rewritten and read whole on every move, kept
as ``json`` text on PostgreSQL instead of ``jsonb`` (:mod:`rummy_site.fields`). Every row
is kept; elsewhere nothing happens."""

from django.db import migrations

from rummy_site.fields import stored_as_json_text


class Migration(migrations.Migration):
    dependencies = [
        ("practice", "0004_rounds_lz4"),
    ]

    operations = [stored_as_json_text("practice", "Table", "rounds")]
