"""Insert many rows with one prepared statement, without a model instance per row.

Django's ``bulk_create`` builds a model instance and compiles every value of every row;
for the hundreds of thousands of rows of a large pack (names, recipes, ways to obtain
items) that is most of an import's time. :func:`insert_rows` sends plain tuples through
the driver's ``executemany`` instead: fields the row leaves out get their default,
``auto_now`` fields the time of the call, JSON fields their JSON text (cast to ``jsonb``
on PostgreSQL). It works on historical models too (migrations).

After a large write the database must know what it now holds
(:func:`after_bulk_write`): on PostgreSQL the planner plans from statistics that
autovacuum refreshes only a minute or more after the commit, and new rows of a GIN index
wait in its pending list, which every search reads through.
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


# What autovacuum would analyze a table for once this transaction commits: changed rows
# above its threshold plus its share of the table (the server's settings).
_CHANGED_TABLES = """
SELECT c.oid::regclass::text,
       s.n_tup_ins + s.n_tup_upd + s.n_tup_del
         > current_setting('autovacuum_analyze_threshold')::float
           + current_setting('autovacuum_analyze_scale_factor')::float * greatest(c.reltuples, 0),
       ARRAY(SELECT i.indexrelid::regclass::text FROM pg_index i
             JOIN pg_class x ON x.oid = i.indexrelid JOIN pg_am a ON a.oid = x.relam
             WHERE i.indrelid = c.oid AND a.amname = 'gin')
FROM pg_stat_xact_user_tables s JOIN pg_class c ON c.oid = s.relid
WHERE s.n_tup_ins + s.n_tup_upd + s.n_tup_del > 0 AND pg_has_role(c.relowner, 'USAGE')
ORDER BY 1
"""


def after_bulk_write() -> list[str]:
    """What the planner needs after a large write, before the transaction that made it
    commits (call it there): on PostgreSQL, every table this transaction changed by more
    than autovacuum's analyze threshold is analyzed (its own new rows counted), and the
    pending entries of the GIN indexes (the names' trigrams, the search documents') of
    every table it wrote are merged into the index, so the first lookups after an import
    plan from the data they read and search the index alone. SQLite plans without
    statistics unless asked, and its trigram index has no pending list: nothing to do.
    Returns the tables analyzed."""
    if not dialect.statistics_follow_writes():
        return []
    analyzed = []
    with connection.cursor() as cursor:
        cursor.execute(_CHANGED_TABLES)
        for table, past_threshold, gin_indexes in cursor.fetchall():
            if past_threshold:
                cursor.execute(f"ANALYZE {table}")
                analyzed.append(table)
            for index in gin_indexes:
                cursor.execute("SELECT gin_clean_pending_list(%s::regclass)", [index])
    return analyzed
