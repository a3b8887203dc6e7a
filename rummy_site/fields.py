"""A JSON field kept as its text on PostgreSQL.

A table's moves (``rounds``) are rewritten whole on every move and read whole on every
request, and the site never looks inside them in SQL. Django's ``JSONField`` stores
``jsonb`` on PostgreSQL: the database parses each write into its binary form and turns
it back into text for each read. :class:`JSONTextField` stores ``json`` instead, the
text as written (checked to be JSON, nothing more), and reads it back as it is: about a
third less of the database's CPU for a move's update and read of a match's moves
(``docs/deploy.md``). In Python it is a ``JSONField``: the same values, forms and
encoder. Other databases store it as ``JSONField`` does.

What ``json`` gives up in SQL: equality (``filter(rounds=...)``, ``exclude(rounds=[])``),
``DISTINCT``, ``GROUP BY`` and ``UNION`` on the column, and ``jsonb``'s containment; key
lookups (``->``) still work. None of these is used on these columns (a migration from
before the change that compares ``rounds`` runs while the column is still ``jsonb``).

The change of type needs the code first: this code reads and writes a ``jsonb`` column
too (``json`` and ``jsonb`` cast to each other on assignment), but code from before it
cannot read a ``json`` column (``docs/deploy.md``).
"""

from __future__ import annotations

from typing import Any

from django.db import models


class JSONTextField(models.JSONField):
    """A ``JSONField`` stored as ``json`` (its text) on PostgreSQL."""

    description = "A JSON object, stored as text"

    def db_type(self, connection: Any) -> str | None:
        if connection.vendor == "postgresql":
            return "json"
        return super().db_type(connection)

    def get_db_prep_value(self, value: Any, connection: Any, prepared: bool = False) -> Any:
        adapted = super().get_db_prep_value(value, connection, prepared)
        if connection.vendor == "postgresql":
            from psycopg.types.json import Json, Jsonb

            if isinstance(adapted, Jsonb):  # sent as json: no cast through jsonb
                return Json(adapted.obj, dumps=adapted.dumps)
        return adapted


def read_json_as_text(sender: Any, connection: Any, **kwargs: Any) -> None:
    """``connection_created``: a PostgreSQL connection reads ``json`` as text, as Django
    has it read ``jsonb``, for the field to decode (psycopg would decode it itself, and a
    JSON string would then be decoded twice)."""
    if connection.vendor != "postgresql":
        return
    from psycopg.types.string import TextLoader

    connection.connection.adapters.register_loader("json", TextLoader)


def json_text_parameter(text: str, connection: Any, field: models.Field[Any, Any]) -> Any:
    """JSON ``text`` as the parameter ``field``'s column takes on ``connection``: on
    PostgreSQL wrapped to be sent as it is, typed ``json`` or ``jsonb`` as the column
    is; elsewhere the text itself."""
    if connection.vendor != "postgresql":
        return text
    from psycopg.types.json import Json, Jsonb

    wrapper = Json if isinstance(field, JSONTextField) else Jsonb
    return wrapper(None, dumps=lambda _: text)


def stored_as_json_text(app_label: str, model_name: str, name: str) -> Any:
    """A migration operation: a model's ``JSONField`` ``name`` becomes a
    :class:`JSONTextField`. On PostgreSQL its column's type becomes ``json`` (every row
    kept, each value's text as ``jsonb`` writes it); back to ``jsonb`` when migrated
    back. Either way the table is rewritten (under an exclusive lock: no move is made
    while it runs), its values compressed with lz4 where the server has it (the column
    keeps lz4, :mod:`rummy_site.toast`, in the same statement: a change of type alone
    would go back to the server's default). Elsewhere the column is the same: nothing
    happens (no table is rebuilt)."""
    from django.db import migrations

    def set_type(column_type: str) -> Any:
        def run(apps: Any, schema_editor: Any) -> None:
            from .toast import lz4_available

            connection = schema_editor.connection
            if connection.vendor != "postgresql":
                return
            model = apps.get_model(app_label, model_name)
            table = schema_editor.quote_name(model._meta.db_table)
            column = schema_editor.quote_name(model._meta.get_field(name).column)
            change = f"ALTER COLUMN {column} TYPE {column_type} USING {column}::{column_type}"
            if lz4_available(connection):
                change += f", ALTER COLUMN {column} SET COMPRESSION lz4"
            schema_editor.execute(f"ALTER TABLE {table} {change}")

        return run

    return migrations.SeparateDatabaseAndState(
        state_operations=[
            migrations.AlterField(model_name.lower(), name, JSONTextField(default=list))
        ],
        database_operations=[
            migrations.RunPython(set_type("json"), set_type("jsonb"), elidable=False)
        ],
    )


__all__ = ["JSONTextField", "json_text_parameter", "read_json_as_text", "stored_as_json_text"]
