"""Queries compiled once (rummy_site.prepared): the same instances as the ORM's own
query, one query each, the conditional update, and the uses they refuse."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from game.practice.models import Table
from learners.models import Learner
from rummy_site.prepared import PreparedQuery, PreparedRows, update_if_unchanged
from tests import factories

pytestmark = pytest.mark.django_db

BY_VISITOR = PreparedQuery(
    Table,
    lambda public_id, visitor_key: Table.objects.select_related("learner").filter(
        public_id=public_id, learner__visitor_key=visitor_key
    ),
    "public_id",
    "visitor_key",
)


def _visitor_table(game: str = "gin") -> Table:
    table = factories.table(game)
    Learner.objects.filter(pk=table.learner_id).update(visitor_key="k" * 20)
    return Table.objects.select_related("learner").get(pk=table.pk)


def _fields(obj: object) -> dict[str, object]:
    return {f.attname: getattr(obj, f.attname) for f in type(obj)._meta.concrete_fields}  # type: ignore[attr-defined]


def test_a_prepared_query_gives_what_the_orm_gives_in_one_query() -> None:
    expected = _visitor_table("basic")
    factories.table("knock")  # another table, another learner
    for _ in range(2):  # compiled on the first run, reused on the second
        with CaptureQueriesContext(connection) as queries:
            found = BY_VISITOR.first(public_id=expected.public_id, visitor_key="k" * 20)
            assert found is not None
            learner = found.learner  # filled in by select_related: no query
        assert len(queries) == 1
        assert _fields(found) == _fields(expected)
        assert _fields(learner) == _fields(expected.learner)
        assert isinstance(found.rounds, list) and found.created == expected.created
        assert found._state.adding is False and found._state.db == "default"


def test_a_prepared_query_finds_nothing_for_other_values() -> None:
    table = _visitor_table()
    assert BY_VISITOR.first(public_id=table.public_id, visitor_key="x" * 20) is None
    assert BY_VISITOR.first(public_id="nope", visitor_key="k" * 20) is None
    # Quotes and placeholders in the values are values, not SQL.
    assert BY_VISITOR.all(public_id="' OR 1=1 --", visitor_key="%s") == []


def _count_statement(bucket: str) -> tuple[str, list[object]]:
    """A statement that writes and returns rows (the rate limit's count of one request)."""
    from rummy_site import ratelimit

    limits = [ratelimit.Limit.of("a", bucket, "9/m"), ratelimit.Limit.of("b", bucket, "9/m")]
    sql, params = ratelimit.statement(limits, 1_800_000_001.0)
    return sql, list(params)


def test_a_statement_sent_before_a_prepared_query_runs_once_and_returns_its_rows() -> None:
    from rummy_site.models import RateCount

    expected = _visitor_table("knock")
    one = 1 if connection.vendor == "postgresql" else 2  # one round trip where it can be
    for hits in (1, 2):
        with CaptureQueriesContext(connection) as queries:
            found, rows = BY_VISITOR.first_after(
                _count_statement("x"), 2, public_id=expected.public_id, visitor_key="k" * 20
            )
        assert len(queries) == one
        assert found is not None and _fields(found) == _fields(expected)
        assert _fields(found.learner) == _fields(expected.learner)
        assert isinstance(found.rounds, list) and found.created == expected.created
        assert sorted(count for _, count in rows) == [hits, hits]  # each limit's row, once
    assert RateCount.objects.count() == 2 and {c.hits for c in RateCount.objects.all()} == {2}


def test_a_statement_sent_before_a_prepared_query_counts_even_when_nothing_is_found() -> None:
    table = _visitor_table()
    found, rows = BY_VISITOR.first_after(
        _count_statement("y"), 2, public_id=table.public_id, visitor_key="not the owner"
    )
    assert found is None and [count for _, count in rows] == [1, 1]
    found, rows = BY_VISITOR.first_after(
        _count_statement("y"), 2, public_id="' OR 1=1 --", visitor_key="%s"
    )
    assert found is None and [count for _, count in rows] == [2, 2]


def test_a_prepared_query_refuses_what_it_cannot_prepare() -> None:
    with pytest.raises(TypeError):
        BY_VISITOR.first(public_id="x")  # a value missing
    with pytest.raises(TypeError):
        BY_VISITOR.first(public_id="x", visitor_key=None)  # type: ignore[arg-type]
    # A value the ORM changes on its way to the SQL ("contains" wraps it in %...%)
    # cannot be prepared.
    wrapped = PreparedQuery(
        Table, lambda part: Table.objects.filter(public_id__contains=part), "part"
    )
    with pytest.raises(ValueError):
        wrapped.first(part="x")
    other = PreparedQuery(Table, lambda key: Learner.objects.filter(visitor_key=key), "key")  # type: ignore[arg-type, return-value]
    with pytest.raises(ValueError):
        other.first(key="x")


def test_update_if_unchanged_writes_once_per_version() -> None:
    table = _visitor_table()
    version = table.version
    hints = [[{"move": 3}]]
    with CaptureQueriesContext(connection) as queries:
        assert update_if_unchanged(table, "version", hints=hints)
    assert len(queries) == 1
    saved = Table.objects.get(pk=table.pk)
    assert saved.hints == hints and saved.version == version + 1
    # ``table`` still holds the old version: a second write from it is refused.
    assert not update_if_unchanged(table, "version", hints=[])
    assert Table.objects.get(pk=table.pk).hints == hints
    assert update_if_unchanged(saved, "version", hints=[], rounds=saved.rounds)
    assert Table.objects.get(pk=table.pk).version == version + 2


def test_a_prepared_query_takes_numbers_where_it_is_told_to() -> None:
    table = _visitor_table()
    by_learner = PreparedQuery(
        Table,
        lambda learner_id, game: Table.objects.filter(learner_id=learner_id, game=game)[:1],
        "game",
        numbers=("learner_id",),
    )
    found = by_learner.first(learner_id=table.learner_id, game=table.game)
    assert found is not None and found.pk == table.pk
    assert by_learner.first(learner_id=table.learner_id, game="basic") is None
    for wrong in ({"learner_id": str(table.learner_id)}, {"learner_id": True}):
        with pytest.raises(TypeError):
            by_learner.first(game="gin", **wrong)  # type: ignore[arg-type]


def test_a_statement_before_a_prepared_query_must_return_a_row() -> None:
    """Its rows carry the query's (on PostgreSQL): a statement that returns none is
    refused on every database alike."""
    table = _visitor_table()
    nothing = (
        "UPDATE rummy_site_ratecount SET hits = hits WHERE bucket = %s RETURNING bucket, hits",
        ["no such bucket"],
    )
    with pytest.raises(ValueError, match="no row"):
        BY_VISITOR.first_after(nothing, 2, public_id=table.public_id, visitor_key="k" * 20)


def test_update_if_unchanged_writes_json_text_as_the_field_would_write_its_value() -> None:
    import json

    from rummy_site.prepared import JSONText

    table = _visitor_table()
    rounds = [*table.rounds, [{"seats": [1, 0], "seed": 9, "dealer": 1, "moves": ["é ☃"]}]]
    assert update_if_unchanged(table, "version", rounds=JSONText(json.dumps(rounds)))
    saved = Table.objects.get(pk=table.pk)
    assert saved.rounds == rounds and saved.version == table.version + 1
    # Stored as the ORM stores it: the column's own text is the same value.
    with connection.cursor() as cursor:
        cursor.execute("SELECT rounds FROM practice_table WHERE id = %s", [table.pk])
        (stored,) = cursor.fetchone()
    assert isinstance(stored, str) and json.loads(stored) == rounds
    Table.objects.filter(pk=table.pk).update(rounds=rounds)
    assert Table.objects.get(pk=table.pk).rounds == rounds
    # Any JSON value reads back as itself (a JSON string is not decoded twice).
    for value in ("1", "", {"a": None}, 2.5, [None]):
        Table.objects.filter(pk=table.pk).update(rounds=value)
        assert Table.objects.get(pk=table.pk).rounds == value
    with pytest.raises(TypeError):  # only a JSON field takes JSON text
        update_if_unchanged(saved, "version", game=JSONText('"gin"'))


def _answers() -> tuple[Learner, Learner]:
    from lessons.models import FirstAnswer

    ona, jonas = Learner.objects.create(visitor_key="o"), Learner.objects.create(visitor_key="j")
    for learner, index, seed, correct in [
        (ona, 3, 1, True),
        (ona, 3, 2, False),
        (ona, 4, 1, True),
        (jonas, 3, 1, False),
    ]:
        FirstAnswer.objects.create(
            learner=learner,
            game="gin",
            slug="melds",
            index=index,
            seed=seed,
            answer={"answer": str(seed), "cards": ["7H"]},
            correct=correct,
        )
    return ona, jonas


def test_prepared_rows_give_what_the_orm_gives_in_one_query() -> None:
    """Columns converted as the queryset converts them (JSON, dates, booleans), in its
    order, for numbers in a small integer field too (the ORM refuses a placeholder out
    of its range)."""
    from lessons.models import FirstAnswer

    ona, jonas = _answers()

    def build(learner: int, slug: str, index: int):  # type: ignore[no-untyped-def]
        return (
            FirstAnswer.objects.filter(learner=learner, slug=slug, index=index)
            .order_by("-seed")
            .values_list("seed", "answer", "correct", "created")
        )

    rows = PreparedRows(FirstAnswer, build, "slug", numbers=("learner", "index"))
    for learner, slug, index in [(ona, "melds", 3), (ona, "melds", 4), (jonas, "melds", 3)]:
        with CaptureQueriesContext(connection) as queries:
            found = rows.all(learner=learner.pk, slug=slug, index=index)
        assert len(queries) == 1
        assert found == list(build(learner.pk, slug, index)) and found
    assert rows.all(learner=ona.pk, slug="runs", index=3) == []
    assert rows.all(learner=ona.pk, slug="melds", index=5) == []
    assert isinstance(found[0][1], dict) and found[0][2] is False


def test_prepared_rows_refuse_what_they_cannot_prepare() -> None:
    from django.db.models import Count

    from lessons.models import FirstAnswer

    _answers()
    by_index = PreparedRows(
        FirstAnswer,
        lambda index: FirstAnswer.objects.filter(index=index).values_list("seed"),
        numbers=("index",),
    )
    for wrong in ({"index": "3"}, {"index": True}, {}, {"index": 3, "other": 1}):
        with pytest.raises(TypeError):
            by_index.all(**wrong)  # type: ignore[arg-type]
    instances = PreparedRows(
        FirstAnswer, lambda slug: FirstAnswer.objects.filter(slug=slug), "slug"
    )
    annotated = PreparedRows(
        FirstAnswer,
        lambda slug: (
            FirstAnswer.objects.filter(slug=slug)
            .values("index")
            .annotate(n=Count("pk"))
            .values_list("index", "n")
        ),
        "slug",
    )
    # A number written in the query that one set of placeholders would take for a value.
    colliding = PreparedRows(
        FirstAnswer,
        lambda index: FirstAnswer.objects.filter(index=index, seed=32767).values_list("seed"),
        numbers=("index",),
    )
    # A parameter made from a value would be frozen at its first compilation.
    derived = PreparedRows(
        FirstAnswer,
        lambda index: FirstAnswer.objects.filter(index=index, seed=index + 1).values_list("seed"),
        numbers=("index",),
    )
    for refused in (instances, annotated, colliding, derived):
        with pytest.raises(ValueError):
            by_number = refused in (colliding, derived)
            refused.all(**({"index": 3} if by_number else {"slug": "melds"}))
    assert by_index.all(index=4) == [(1,)]
