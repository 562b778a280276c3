"""Insert many rows with one prepared statement, without a model instance per row.

Django's ``bulk_create`` builds a model instance and compiles every value of every row;
for the hundreds of thousands of rows of a large pack (names, recipes, ways to obtain
items) that is most of an import's time. :func:`insert_rows` sends plain tuples through
the driver's ``executemany`` instead: fields the row leaves out get their default,
``auto_now`` fields the time of the call, JSON fields their JSON text (cast to ``jsonb``
on PostgreSQL). It works on historical models too (migrations).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Any

from django.db import connection, models
from django.utils import timezone

from agentweb.lib import dialect

# Rows per executemany call: bounds the memory of one batch.
BATCH = 2000


def _batches(rows: Iterable[dict[str, Any]], size: int) -> Iterator[list[dict[str, Any]]]:
    iterator = iter(rows)
    while batch := list(islice(iterator, size)):
        yield batch


def _converter(field: models.Field, now: Any) -> Callable[[dict[str, Any]], Any]:
    name = field.attname
    if isinstance(field, models.DateTimeField) and (field.auto_now or field.auto_now_add):
        stamped = field.get_db_prep_save(now, connection)
        return lambda row: stamped
    default = field.get_default  # "" for text fields without a default, None when nullable
    if isinstance(field, models.JSONField):

        def as_json(row: dict[str, Any]) -> Any:
            value = row[name] if name in row else default()
            return None if value is None and field.null else json.dumps(value)

        return as_json
    if isinstance(field, models.DateTimeField | models.DateField):
        return lambda row: field.get_db_prep_save(row.get(name, default()), connection)
    return lambda row: row[name] if name in row else default()


def insert_rows(model: type[models.Model], rows: Iterable[dict[str, Any]]) -> int:
    """Insert ``rows`` (dicts of field attnames; the primary key is the database's)."""
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    quote = connection.ops.quote_name
    marks = ", ".join(
        dialect.json_param() if isinstance(f, models.JSONField) else "%s" for f in fields
    )
    sql = (
        f"INSERT INTO {quote(model._meta.db_table)} "
        f"({', '.join(quote(f.column) for f in fields)}) VALUES ({marks})"
    )
    converters = [_converter(field, timezone.now()) for field in fields]
    count = 0
    with connection.cursor() as cursor:
        for batch in _batches(rows, BATCH):
            cursor.executemany(sql, [[convert(row) for convert in converters] for row in batch])
            count += len(batch)
    return count
