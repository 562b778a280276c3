"""A run's own start and end, and a submitted run: the hottest writes of a run, as
hand-written statements.

The same conditions and values as the ``RunQuerySet`` transitions (``runs.py``),
without a query compilation per run; the values are prepared by the fields' own
``get_db_prep_save``, so the rows are the ones the ORM writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from django.db import connection, models, transaction
from django.utils import timezone

from agentweb.assistant.models.runs import (
    Run,
    RunEvent,
    Status,
    Stop,
    claimed_fields,
    finished_data,
    finished_row,
    insert_finished,
    stop_reason_of,
)
from agentweb.engine.events import EventKind
from agentweb.lib import storable_text


def new_run(**fields: Any) -> int:
    """``Run.objects.create(**fields).pk`` (``fields`` by attribute name: ``user_id``),
    as one hand-written INSERT; the other columns get their fields' defaults."""
    unknown = set(fields) - {field.attname for field in _inserted()}
    if unknown:
        raise TypeError(f"not fields of a run: {sorted(unknown)}")
    now = timezone.now()
    values = []
    for field in _inserted():
        if field.attname in fields:
            value = fields[field.attname]
        elif getattr(field, "auto_now_add", False):
            value = now
        else:
            value = field.get_default()
        values.append(field.get_db_prep_save(value, connection))
    with connection.cursor() as cursor:
        cursor.execute(_insert_sql(), values)
        return cursor.fetchone()[0]


@cache
def _inserted() -> tuple[models.Field, ...]:
    return tuple(f for f in Run._meta.concrete_fields if not f.primary_key)


@cache
def _insert_sql() -> str:
    columns = ", ".join(connection.ops.quote_name(f.column) for f in _inserted())
    marks = ", ".join(["%s"] * len(_inserted()))
    return f"INSERT INTO {_table(Run)} ({columns}) VALUES ({marks}) RETURNING {_col('id')}"


def begin(
    run_id: int, owner: str | None, returning: Sequence[str], *, prompt_snapshot: dict[str, str]
) -> list[tuple]:
    """The run starts executing with its prompt snapshot: queued → running here, or
    already running under ``owner``'s lease (its worker claimed it). The ``returning``
    columns of the row changed (none: someone else has it), in the same statement."""
    fields: dict[str, Any] = {"prompt_snapshot": prompt_snapshot}
    if owner:
        where, params = _running_where(run_id, owner)
    else:
        fields = {**claimed_fields("", None), **fields}
        where = f"{_col('id')} = %s AND {_col('status')} = %s"
        params = [run_id, Status.QUEUED.value]
    sets, values = _assignments(fields)
    columns = ", ".join(connection.ops.quote_name(c) for c in returning)
    sql = f"UPDATE {_table(Run)} SET {sets} WHERE {where} RETURNING {columns}"
    with connection.cursor() as cursor:
        cursor.execute(sql, [*values, *params])
        return [tuple(row) for row in cursor.fetchall()]


def finish_running(
    run_id: int,
    owner: str | None,
    status: str,
    stop: Stop,
    *,
    data: dict[str, Any] | None = None,
    **fields: Any,
) -> list[RunEvent]:
    """``finish`` of the run while it still runs (under ``owner``'s lease, when there is
    one): the run's own end. The same conditional UPDATE and ``run.finished`` row;
    on PostgreSQL one statement for both."""
    stop_reason = stop_reason_of(stop)
    now = timezone.now()
    fields.setdefault("finished_at", now)
    sets, values = _assignments({"status": status, "stop_reason": stop_reason, **fields})
    where, params = _running_where(run_id, owner)
    last = _col("last_seq")
    update = (
        f"UPDATE {_table(Run)} SET {sets}, {last} = {last} + 1 WHERE {where} "
        f"RETURNING {_col('id')}, {last}"
    )
    event = finished_data(status, stop_reason, data)
    if connection.vendor != "postgresql":
        with transaction.atomic(savepoint=False), connection.cursor() as cursor:
            cursor.execute(update, [*values, *params])
            return insert_finished(cursor.fetchall(), event, now)
    encoded, event = storable_text.dumps(event)
    sql = (
        f"WITH r AS ({update}) INSERT INTO {_table(RunEvent)} (run_id, seq, kind, data, ts) "
        "SELECT id, last_seq, %s, %s::jsonb, %s FROM r RETURNING id, seq"
    )
    at = connection.ops.adapt_datetimefield_value(now)
    with connection.cursor() as cursor:
        cursor.execute(sql, [*values, *params, EventKind.RUN_FINISHED.value, encoded, at])
        found = cursor.fetchall()
    return [finished_row(pk, run_id, seq, event, now, encoded) for pk, seq in found]


def _running_where(run_id: int, owner: str | None) -> tuple[str, list[Any]]:
    """The run's row while it still runs: ``Run.objects.filter(pk=…, status=running)
    .fenced(owner)``."""
    where = f"{_col('id')} = %s AND {_col('status')} = %s"
    params: list[Any] = [run_id, Status.RUNNING.value]
    if owner:
        where += f" AND {_col('lease_owner')} = %s"
        params.append(owner)
    return where, params


def _assignments(values: dict[str, Any]) -> tuple[str, list[Any]]:
    """``"col" = %s, …`` and the values, each prepared as its field prepares it."""
    sets, params = [], []
    for name, value in values.items():
        field = _field(name)
        sets.append(f"{connection.ops.quote_name(field.column)} = %s")
        params.append(field.get_db_prep_save(value, connection))
    return ", ".join(sets), params


@cache
def _field(name: str) -> models.Field:
    return Run._meta.get_field(name)


def _col(name: str) -> str:
    return connection.ops.quote_name(_field(name).column)


def _table(model: type[models.Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)
