"""PostgreSQL keeps a large value (a long match's moves, in JSON) compressed out of its
row, and rewrites it on every change: a practice table's ``rounds`` on every move.
Compressed with lz4 instead of PostgreSQL's default (pglz), a move's update of a row
holding five hands of Basic Rummy (12 KB of moves) costs the database about 60 µs less
(the table's values are read and written the same; see docs/deploy.md). Other
databases, and a PostgreSQL built without lz4, are left as they are.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations


def compression(app_label: str, model_name: str, *fields: str) -> migrations.RunPython:
    """A migration operation: ``fields`` of the model compressed with lz4 from now on
    (each value as it is next written; nothing is rewritten now), pglz again when
    migrated back."""

    def set_method(method: str) -> Any:
        def run(apps: Any, schema_editor: Any) -> None:
            connection = schema_editor.connection
            if connection.vendor != "postgresql" or not lz4_available(connection):
                return
            model = apps.get_model(app_label, model_name)
            quote = schema_editor.quote_name
            for name in fields:
                column = model._meta.get_field(name).column
                schema_editor.execute(
                    f"ALTER TABLE {quote(model._meta.db_table)} "
                    f"ALTER COLUMN {quote(column)} SET COMPRESSION {method}"
                )

        return run

    return migrations.RunPython(set_method("lz4"), set_method("pglz"), elidable=False)


def lz4_available(connection: Any) -> bool:
    """Whether this PostgreSQL server can compress with lz4."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' "
            "AND 'lz4' = ANY(enumvals)"
        )
        return cursor.fetchone() is not None
