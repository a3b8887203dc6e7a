"""Queries compiled once: the ORM's own SQL for a hot query, run again with new values.

On this site's small rows, turning a queryset into SQL costs far more than running it:
reading a practice table with its learner takes about 0.4 ms to compile and 0.04 ms to
run (``bench/move_parts.py`` shows the read among a move's parts). A move reads its
table on every request, so :class:`PreparedQuery` compiles the queryset once per
database, with placeholder values, and then runs that SQL with each request's values.
The rows become model instances the way the queryset itself makes them: the same
converters (JSON, dates; found once, with the SQL), ``select_related`` objects filled
in, ``from_db`` called.

Only for querysets whose SQL does not depend on the values: equality filters on text
fields (``filter(public_id=...)``) or, for the names given as ``numbers``, on integer
ones (``filter(learner_id=...)``), with no ``None`` (which the ORM turns into ``IS
NULL``) and no lists. Each placeholder must reach the SQL's parameters unchanged; the
query is refused when one does not.

    TABLE_OF_VISITOR = PreparedQuery(
        Table,
        lambda public_id, visitor_key: Table.objects.select_related("learner").filter(
            public_id=public_id, learner__visitor_key=visitor_key
        ),
        "public_id",
        "visitor_key",
    )
    table = TABLE_OF_VISITOR.first(public_id="...", visitor_key="...")

:class:`PreparedRows` does the same for a ``values_list()`` query (a learner's lesson
progress, read on every lesson page and answer): its rows as tuples.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db import connections, router
from django.db.models import Field, JSONField, Model, QuerySet
from django.db.models.query import get_related_populators  # type: ignore[attr-defined]
from django.db.models.sql.compiler import SQLCompiler

from .fields import json_text_parameter

M = TypeVar("M", bound=Model)


@dataclass(frozen=True)
class _CompiledSQL:
    sql: str
    params: tuple[Any, ...]
    #: Where each placeholder's value goes among the parameters.
    positions: dict[str, tuple[int, ...]]
    #: Each converted column's position, its converters and expression (JSON, dates).
    converters: tuple[tuple[int, tuple[Any, Any]], ...]


@dataclass(frozen=True)
class _Compiled(_CompiledSQL):
    compiler: SQLCompiler
    init_list: tuple[str, ...]
    start: int
    end: int
    related: tuple[Any, ...]
    annotations: tuple[tuple[str, int], ...]
    #: The position of the model's primary key among the columns.
    pk: int


@dataclass(frozen=True)
class _CompiledRows(_CompiledSQL):
    #: The values_list()'s columns, first in each row.
    width: int


def _convert(row: list[Any], compiled: _CompiledSQL, connection: Any) -> list[Any]:
    """``row`` with each converted column converted as the queryset converts it."""
    for position, (converters, expression) in compiled.converters:
        value = row[position]
        for converter in converters:
            value = converter(value, expression, connection)
        row[position] = value
    return row


C = TypeVar("C", bound=_CompiledSQL)


class _Prepared(Generic[C]):
    """A query of ``model`` built by ``build(**values)`` and compiled once per database
    alias (:meth:`_compile`, under a lock; each thread runs it on its own connection).
    ``numbers`` are the names whose values are integers, the other names' are text."""

    def __init__(
        self,
        model: type[Model],
        build: Callable[..., QuerySet[Any, Any]],
        *names: str,
        numbers: tuple[str, ...] = (),
    ) -> None:
        self.model = model
        self.build = build
        self.names = names + numbers
        self.numbers = frozenset(numbers)
        self._compiled: dict[str, C] = {}
        self._lock = threading.Lock()

    def _compile(self, alias: str) -> C:
        raise NotImplementedError

    def _for(self, alias: str) -> C:
        compiled = self._compiled.get(alias)
        if compiled is None:
            with self._lock:
                compiled = self._compiled.get(alias) or self._compile(alias)
                self._compiled[alias] = compiled
        return compiled

    def _placeholders(
        self, alias: str
    ) -> tuple[SQLCompiler, str, tuple[Any, ...], dict[str, tuple[int, ...]]]:
        """The queryset built with a placeholder for each value, compiled for
        ``alias``: its compiler, SQL, parameters, and where each value goes among them.

        A number's placeholder is one a small integer field takes (the ORM refuses a value
        out of a field's range), so it might equal a number written in the query: the query
        is compiled twice, with two sets of placeholders (odd, then even), and refused
        unless both give the same SQL, with the values in the same places and the same other
        parameters (a parameter made from a value, ``index + 1``, or from the clock, would
        be frozen at its first compilation)."""

        def compiled(
            base: int, tag: str
        ) -> tuple[SQLCompiler, str, tuple[Any, ...], dict[str, tuple[int, ...]]]:
            placeholders: dict[str, str | int] = {
                name: base - 2 * i if name in self.numbers else f"\x1f{tag}:{name}\x1f"
                for i, name in enumerate(self.names)
            }
            queryset = self.build(**placeholders)
            if queryset.model is not self.model:
                raise ValueError(f"the query is of {queryset.model}, not {self.model}")
            compiler = queryset.query.get_compiler(using=alias)
            sql, params = compiler.as_sql()
            positions = {
                name: tuple(i for i, p in enumerate(params) if p == placeholder)
                for name, placeholder in placeholders.items()
            }
            missing = [name for name, found in positions.items() if not found]
            if missing:
                raise ValueError(f"the values of {missing} do not reach the SQL unchanged")
            return compiler, sql, tuple(params), positions

        first = compiled(32767, "prepared")
        second = compiled(32766, "again")
        places = {i for found in first[3].values() for i in found}
        same = first[1] == second[1] and first[3] == second[3] and len(first[2]) == len(second[2])
        if not same or any(
            a != b
            for i, (a, b) in enumerate(zip(first[2], second[2], strict=True))
            if i not in places
        ):
            raise ValueError(
                "the query's SQL, its values' places or its other parameters depend on the values"
            )
        return first

    def _params(self, compiled: C, values: dict[str, str | int]) -> list[Any]:
        """The compiled parameters with each value in its places (checked: every value
        given, numbers as ``int``, the rest as ``str``)."""
        if set(values) != set(self.names):
            raise TypeError(f"expected values for {sorted(self.names)}, got {sorted(values)}")
        for name, value in values.items():
            kind = int if name in self.numbers else str
            if not isinstance(value, kind) or isinstance(value, bool):
                raise TypeError(f"{name} must be {kind.__name__}, not {value!r}")
        filled = list(compiled.params)
        for name, places in compiled.positions.items():
            for i in places:
                filled[i] = values[name]
        return filled


class PreparedQuery(_Prepared[_Compiled], Generic[M]):
    """A SELECT of ``model`` built by ``build(**values)``, compiled once per database
    alias (each thread runs it on its own connection)."""

    model: type[M]

    def __init__(
        self,
        model: type[M],
        build: Callable[..., QuerySet[M]],
        *names: str,
        numbers: tuple[str, ...] = (),
    ) -> None:
        super().__init__(model, build, *names, numbers=numbers)

    def _compile(self, alias: str) -> _Compiled:
        compiler, sql, params, positions = self._placeholders(alias)
        klass_info = compiler.klass_info
        if klass_info is None:
            raise ValueError("only querysets of model instances can be prepared")
        select = compiler.select
        columns = [column[0] for column in select[0 : compiler.col_count]]
        if compiler.has_composite_fields(columns):
            raise ValueError("a query of composite fields cannot be prepared")
        fields = klass_info["select_fields"]
        start, end = fields[0], fields[-1] + 1
        init_list = [f[0].target.attname for f in select[start:end]]
        return _Compiled(
            compiler=compiler,
            sql=sql,
            params=tuple(params),
            positions=positions,
            init_list=tuple(init_list),
            start=start,
            end=end,
            related=tuple(get_related_populators(klass_info, select, alias)),
            annotations=tuple(compiler.annotation_col_map.items()),
            converters=tuple(compiler.get_converters(columns).items()),
            pk=start + init_list.index(self.model._meta.pk.attname),
        )

    def _instance(self, compiled: _Compiled, alias: str, raw: Sequence[Any]) -> M:
        row = _convert(list(raw), compiled, connections[alias])
        init_list = list(compiled.init_list)
        obj = self.model.from_db(alias, init_list, row[compiled.start : compiled.end])
        for populator in compiled.related:
            populator.populate(row, obj)
        for name, column in compiled.annotations:
            setattr(obj, name, row[column])
        return obj

    def all(self, **values: str | int) -> list[M]:
        """The instances the queryset would give for ``values``."""
        alias = router.db_for_read(self.model)
        compiled = self._for(alias)
        params = self._params(compiled, values)
        with connections[alias].cursor() as cursor:
            cursor.execute(compiled.sql, params)
            rows = cursor.fetchall()
        return [self._instance(compiled, alias, row) for row in rows]

    def first(self, **values: str | int) -> M | None:
        """The first instance for ``values``, or ``None`` (build a query that selects at
        most one row: a unique lookup, or a slice)."""
        found = self.all(**values)
        return found[0] if found else None

    def first_after(
        self, statement: tuple[str, Sequence[Any]], columns: int, /, **values: str | int
    ) -> tuple[M | None, list[tuple[Any, ...]]]:
        """Run ``statement`` (SQL and its parameters: an ``INSERT``/``UPDATE`` ...
        ``RETURNING`` ``columns`` columns, at least one row), then :meth:`first`; the
        instance and the rows the statement returned.

        On PostgreSQL the two are one statement, and one round trip: the first as a
        data-modifying ``WITH``, whose rows come beside the query's, which is joined
        to them (so the query must select at most one row). Elsewhere, two. Both run
        on the query's database. On PostgreSQL the query does not see what the
        statement wrote (one snapshot); elsewhere it does: let it read other rows.
        """
        alias = router.db_for_read(self.model)
        connection = connections[alias]
        compiled = self._for(alias)
        params = self._params(compiled, values)
        before_sql, before_params = statement
        if connection.vendor != "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(before_sql, list(before_params))
                before = [tuple(row) for row in cursor.fetchall()]
            if not before:
                raise ValueError("the statement before the query returned no row")
            return self.first(**values), before
        sql = (
            f"WITH before_query AS ({before_sql}) SELECT query.*, before_query.* "
            f"FROM before_query LEFT JOIN ({compiled.sql}) AS query ON TRUE"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [*before_params, *params])
            rows = cursor.fetchall()
        if not rows:
            raise ValueError("the statement before the query returned no row")
        width = len(rows[0]) - columns
        first = rows[0][:width]
        found = None if first[compiled.pk] is None else self._instance(compiled, alias, first)
        return found, [tuple(row[width:]) for row in rows]


class PreparedRows(_Prepared[_CompiledRows]):
    """A ``values_list()`` query of ``model`` built by ``build(**values)``, compiled once
    per database alias as :class:`PreparedQuery` is: its rows as tuples, each column
    converted as the queryset converts it (JSON, dates). For the small reads a page
    makes on every request (a learner's progress)::

        READ = PreparedRows(
            LessonRead,
            lambda learner: LessonRead.objects.filter(learner=learner).values_list(
                "game", "slug"
            ),
            numbers=("learner",),
        )
        READ.all(learner=7)  # [("gin", "melds"), ...]
    """

    def _compile(self, alias: str) -> _CompiledRows:
        compiler, sql, params, positions = self._placeholders(alias)
        query = compiler.query
        if not query.values_select or query.annotation_select or query.extra_select:
            raise ValueError("only values_list() of columns can be prepared as rows")
        columns = [column[0] for column in compiler.select[0 : compiler.col_count]]
        return _CompiledRows(
            sql=sql,
            params=params,
            positions=positions,
            converters=tuple(compiler.get_converters(columns).items()),
            width=compiler.col_count or 0,
        )

    def all(self, **values: str | int) -> list[tuple[Any, ...]]:
        """The rows the queryset would give for ``values``, as tuples."""
        alias = router.db_for_read(self.model)
        compiled = self._for(alias)
        connection = connections[alias]
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, self._params(compiled, values))
            rows = cursor.fetchall()
        return [tuple(_convert(list(row[: compiled.width]), compiled, connection)) for row in rows]


def _field(model: type[Model], name: str) -> Field[Any, Any]:
    field = model._meta.get_field(name)
    if not isinstance(field, Field) or not field.concrete or field.column is None:
        raise ValueError(f"{model.__name__}.{name} is not a column")
    return field


@functools.lru_cache(maxsize=64)
def _update_sql(model: type[Model], vendor: str, names: tuple[str, ...], counter: str) -> str:
    connection = connections[router.db_for_write(model)]
    quote = connection.ops.quote_name
    columns = [quote(str(_field(model, name).column)) for name in names]
    count = quote(str(_field(model, counter).column))
    sets = ", ".join([f"{column} = %s" for column in columns] + [f"{count} = {count} + 1"])
    pk = model._meta.pk
    assert pk is not None
    where = f"{quote(str(pk.column))} = %s AND {count} = %s"
    return f"UPDATE {quote(model._meta.db_table)} SET {sets} WHERE {where}"


@dataclass(frozen=True)
class JSONText:
    """A JSON field's value for :func:`update_if_unchanged` already written as JSON text
    (what the field would write: ``json.dumps`` of the value)."""

    text: str


def _prepared(field: Field[Any, Any], value: Any, connection: Any) -> Any:
    if not isinstance(value, JSONText):
        return field.get_db_prep_save(value, connection)
    if not isinstance(field, JSONField):
        raise TypeError(f"{field.name} is not a JSON field")
    return json_text_parameter(value.text, connection, field)


def update_if_unchanged(obj: Model, counter: str, **values: Any) -> bool:
    """Write ``values`` to ``obj``'s row and add one to its ``counter`` field, only if the
    row's counter is still the one ``obj`` holds; whether it was. One UPDATE, its SQL
    built once: what ``Model.objects.filter(pk=..., counter=...).update(...,
    counter=F(counter) + 1)`` does, without compiling it each time. Each value is
    prepared by its field (``get_db_prep_save``: JSON, dates), or is a JSON field's
    :class:`JSONText`. ``obj`` is not changed."""
    model = type(obj)
    alias = router.db_for_write(model)
    connection = connections[alias]
    names = tuple(values)
    sql = _update_sql(model, connection.vendor, names, counter)
    params = [_prepared(_field(model, name), values[name], connection) for name in names]
    params += [obj.pk, getattr(obj, counter)]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return bool(cursor.rowcount == 1)


__all__ = ["JSONText", "PreparedQuery", "PreparedRows", "update_if_unchanged"]
