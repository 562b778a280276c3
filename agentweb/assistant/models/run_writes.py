"""A run's own start and end, and a submitted run: the hottest writes of a run, as
hand-written statements.

The same conditions and values as the ``RunQuerySet`` transitions (``runs.py``),
without a query compilation per run; the values are prepared by the fields' own
``get_db_prep_save``, so the rows are the ones the ORM writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.db import connection, models, transaction
from django.utils import timezone

from agentweb.assistant.models.memory import Exchange, MemoryState
from agentweb.assistant.models.runs import (
    Run,
    RunEvent,
    Status,
    Stop,
    claimed_fields,
    finished_data,
    finished_row,
    insert_finished,
    insert_finished_rows,
    stop_reason_of,
)
from agentweb.assistant.models.status import ACTIVE_STATUSES
from agentweb.engine.events import EventKind
from agentweb.lib import storable_text


def new_run(**fields: Any) -> int:
    """``Run.objects.create(**fields).pk`` (``fields`` by attribute name: ``user_id``),
    as one hand-written INSERT; the other columns get their fields' defaults."""
    with connection.cursor() as cursor:
        cursor.execute(_insert_sql(), new_run_values(fields))
        return cursor.fetchone()[0]


def new_run_values(fields: dict[str, Any]) -> list[Any]:
    """Every inserted column's value (``inserted_fields`` order) of a new run with ``fields``,
    prepared as its field prepares it."""
    unknown = set(fields) - {field.attname for field in inserted_fields()}
    if unknown:
        raise TypeError(f"not fields of a run: {sorted(unknown)}")
    now = timezone.now()
    values = []
    for field in inserted_fields():
        if field.attname in fields:
            value = fields[field.attname]
        elif getattr(field, "auto_now_add", False):
            value = now
        else:
            value = field.get_default()
        values.append(field.get_db_prep_save(value, connection))
    return values


def flag_cancel(run_id: int, user_id: int) -> str | None:
    """The player's active run is flagged as cancelled: its status (``None``: no such run
    of hers is active), in one conditional UPDATE."""
    active = ", ".join(f"'{status.value}'" for status in ACTIVE_STATUSES)
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {_table(Run)} SET {_col('cancel_requested')} = %s WHERE {_col('id')} = %s "
            f"AND {_col('user_id')} = %s AND {_col('status')} IN ({active}) "
            f"RETURNING {_col('status')}",
            [True, run_id, user_id],
        )
        found = cursor.fetchone()
    return found[0] if found else None


@cache
def inserted_fields() -> tuple[models.Field, ...]:
    return tuple(f for f in Run._meta.concrete_fields if not f.primary_key)


@cache
def _insert_sql() -> str:
    columns = ", ".join(connection.ops.quote_name(f.column) for f in inserted_fields())
    marks = ", ".join(["%s"] * len(inserted_fields()))
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
    sets, values = assignments(fields)
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
    update, values, event, now = _finish_update(run_id, owner, status, stop, data, fields)
    if connection.vendor != "postgresql":
        with transaction.atomic(savepoint=False), connection.cursor() as cursor:
            cursor.execute(update, values)
            return insert_finished([row[:2] for row in cursor.fetchall()], event, now)
    return _finish_on_postgresql(run_id, update, values, event, now, None)[0]


# A run's end for ``finish_running_all``: the run, the lease owner, the status, the stop,
# ``run.finished``'s data and the row's other fields.
Ending = tuple[int, str | None, str, Stop, dict[str, Any] | None, dict[str, Any]]


def finish_running_all(ends: Sequence[Ending]) -> list[list[RunEvent]]:
    """Not on PostgreSQL; in the caller's transaction: :func:`finish_running` of many runs,
    each by its own conditional UPDATE, and their ``run.finished`` rows in one INSERT.
    Each run's rows, in the order given (none for a run that no longer runs here)."""
    ended: list[tuple[int, int, str, dict[str, Any]]] = []
    now = timezone.now()
    with connection.cursor() as cursor:
        for run_id, owner, status, stop, data, fields in ends:
            update, values, event, _ = _finish_update(
                run_id, owner, status, stop, data, {"finished_at": now, **fields}
            )
            cursor.execute(update, values)
            for pk, seq, _undo in cursor.fetchall():
                ended.append((pk, seq, *storable_text.dumps(event)))
    rows = {row.run_id: row for row in insert_finished_rows(ended, now)} if ended else {}
    return [[rows[run_id]] if run_id in rows else [] for run_id, *_ in ends]


@dataclass(frozen=True, slots=True)
class Remembered:
    """The exchange a run leaves in memory (``memory.remember``): the player, the run's
    memory generation, the question and the answer."""

    user_id: int
    generation: int
    question: str
    answer: str


def finish_remembering(
    run_id: int,
    owner: str | None,
    status: str,
    stop: Stop,
    exchange: Remembered | None,
    *,
    data: dict[str, Any] | None = None,
    **fields: Any,
) -> tuple[list[RunEvent], bool]:
    """PostgreSQL only: :func:`finish_running` and the run's exchange in one statement,
    and whether the exchange was written.

    The exchange is written as ``memory.remember`` writes it: from the player's memory
    state row of the run's generation, locked (``FOR UPDATE``: a forget that bumps the
    generation is ordered strictly before or after it, and the condition is checked
    again on the row as it is after a wait), only if the run ended here and was not
    undone — as the UPDATE's ``RETURNING`` sees the row, that is after any concurrent
    change it waited for.
    """
    update, values, event, now = _finish_update(run_id, owner, status, stop, data, fields)
    return _finish_on_postgresql(run_id, update, values, event, now, exchange)


def _finish_update(
    run_id: int,
    owner: str | None,
    status: str,
    stop: Stop,
    data: dict[str, Any] | None,
    fields: dict[str, Any],
) -> tuple[str, list[Any], dict[str, Any], Any]:
    stop_reason = stop_reason_of(stop)
    now = timezone.now()
    fields.setdefault("finished_at", now)
    sets, values = assignments({"status": status, "stop_reason": stop_reason, **fields})
    where, params = _running_where(run_id, owner)
    last = _col("last_seq")
    update = (
        f"UPDATE {_table(Run)} SET {sets}, {last} = {last} + 1 WHERE {where} "
        f"RETURNING {_col('id')}, {last}, {_col('undo_requested')}"
    )
    return update, [*values, *params], finished_data(status, stop_reason, data), now


def _finish_on_postgresql(
    run_id: int,
    update: str,
    values: list[Any],
    event: dict[str, Any],
    now: Any,
    exchange: Remembered | None,
) -> tuple[list[RunEvent], bool]:
    encoded, event = storable_text.dumps(event)
    at = connection.ops.adapt_datetimefield_value(now)
    params = [*values, EventKind.RUN_FINISHED.value, encoded, at]
    written = "0"
    extra = ""
    if exchange is not None:
        extra = f", x AS ({_exchange_sql()}) "
        written = "(SELECT count(*) FROM x)"
        params += [
            exchange.user_id,
            exchange.generation,
            exchange.question,
            exchange.answer,
            at,
            exchange.user_id,
            exchange.generation,
        ]
    sql = (
        f"WITH r AS ({update}), e AS (INSERT INTO {_table(RunEvent)} (run_id, seq, kind, data, ts) "
        f"SELECT id, last_seq, %s, %s::jsonb, %s FROM r RETURNING id, seq){extra} "
        f"SELECT e.id, e.seq, {written} FROM e"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        found = cursor.fetchall()
    rows = [finished_row(pk, run_id, seq, event, now, encoded) for pk, seq, _ in found]
    return rows, any(count for _, _, count in found)


@cache
def _exchange_sql() -> str:
    """Parameters: the player, the generation, the question, the answer, the time, the
    player and the generation again. ``r``: the run's row as the end's UPDATE left it."""
    col = connection.ops.quote_name
    columns = ", ".join(
        col(Exchange._meta.get_field(name).column)
        for name in ("run", "user", "generation", "question", "answer", "created_at")
    )
    user, generation = (col(MemoryState._meta.get_field(n).column) for n in ("user", "generation"))
    return (
        f"INSERT INTO {_table(Exchange)} ({columns}) SELECT r.id, %s, %s, %s, %s, %s "
        f"FROM r, {_table(MemoryState)} m WHERE m.{user} = %s AND m.{generation} = %s "
        "AND NOT r.undo_requested FOR UPDATE OF m ON CONFLICT DO NOTHING RETURNING 1"
    )


def _running_where(run_id: int, owner: str | None) -> tuple[str, list[Any]]:
    """The run's row while it still runs: ``Run.objects.filter(pk=…, status=running)
    .fenced(owner)``."""
    where = f"{_col('id')} = %s AND {_col('status')} = %s"
    params: list[Any] = [run_id, Status.RUNNING.value]
    if owner:
        where += f" AND {_col('lease_owner')} = %s"
        params.append(owner)
    return where, params


def assignments(values: dict[str, Any]) -> tuple[str, list[Any]]:
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
