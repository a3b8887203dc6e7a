"""A practice table's moves (``rounds``), rewritten on every move, compressed with lz4 on
PostgreSQL (:mod:`rummy_site.toast`). No row changes; elsewhere nothing happens."""

from django.db import migrations

from rummy_site.toast import compression


class Migration(migrations.Migration):
    dependencies = [
        ("practice", "0003_table_results"),
    ]

    operations = [compression("practice", "Table", "rounds")]
