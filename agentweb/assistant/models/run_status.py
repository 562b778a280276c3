"""A run's status: the one place it is written, and the table of its legal changes.

``TRANSITIONS`` names every change of a run's ``status`` — the statuses it leaves and the
ones it may reach. Every function below writes ``status`` only as its entry says, as one
conditional UPDATE whose condition is the entry's sources: of two processes racing for
the same change exactly one changes the row ("nothing updated: another process got there
first"). A target the entry does not allow is a programming error (``IllegalTransition``).

Two shapes of the same transitions:

- on a queryset (``claim``, ``requeue``, ``finish``, ``cancel_queued``, ``interrupt``,
  ``mark_undone``), compiled by the ORM: rare changes, any set of runs;
- hand-written (``new_run``, ``begin``, ``finish_running``, ``finish_running_all``,
  ``finish_remembering``, ``claim_queued_on_postgresql``): a run's own start and end and
  a worker's claim, the hottest writes, without a query compilation per run. Their values
  are prepared by the fields' own ``get_db_prep_save``, so the rows are the ones the ORM
  writes.

Every change to a finished status writes the run's ``run.finished`` event in the same
transaction (``event_store``): a run never ends without it, and never gets two for one
change.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from typing import Any

from django.db import connection, models, transaction
from django.db.models import F
from django.db.models.functions import Coalesce
from django.db.models.sql import UpdateQuery
from django.utils import timezone

from agentweb.assistant.models import event_store, rows
from agentweb.assistant.models.memory import Exchange, MemoryState
from agentweb.assistant.models.runs import Run, RunEvent, RunQuerySet
from agentweb.assistant.models.status import ACTIVE_STATUSES, FINISHED_STATUSES, Status
from agentweb.engine.events import RunFinished
from agentweb.engine.outcome import StopCode, StopReason
from agentweb.lib import dialect

Stop = StopReason | dict[str, Any]


class IllegalTransition(ValueError):
    """A status change ``TRANSITIONS`` does not allow."""


@dataclass(frozen=True, slots=True)
class Transition:
    """A change of status: from one of ``sources`` (none: the run is new) to one of ``targets``."""

    sources: tuple[Status, ...]
    targets: tuple[Status, ...]

    def to(self, name: str, status: str) -> Status:
        """``status`` as a target of this transition (``name``); refused if not one."""
        if status not in self.targets:
            raise IllegalTransition(f"{name} cannot end a run as {status!r}")
        return Status(status)


# How a run's own end may end it (the loop's outcome, ``engine.outcome.stop_for``).
OWN_ENDS = (Status.COMPLETED, Status.DEGRADED, Status.CANCELLED, Status.FAILED, Status.UNDONE)

TRANSITIONS: dict[str, Transition] = {
    # A submitted run waits.
    "submit": Transition((), (Status.QUEUED,)),
    # A run born running under its driver's lease (an experiment's question): no queue.
    "start_at_once": Transition((), (Status.RUNNING,)),
    # A process takes it (a worker under its lease, or the one that runs it in-process).
    "claim": Transition((Status.QUEUED,), (Status.RUNNING,)),
    # Its worker's lease lapsed before it started a call: it waits again.
    "requeue": Transition((Status.RUNNING,), (Status.QUEUED,)),
    # The run's own end, by its loop's outcome.
    "finish_running": Transition((Status.RUNNING,), OWN_ENDS),
    # Stopped before it started.
    "cancel_queued": Transition((Status.QUEUED,), (Status.CANCELLED,)),
    # The process running it is gone (R-REL-1).
    "interrupt": Transition(ACTIVE_STATUSES, (Status.INTERRUPTED,)),
    # A run imported from another installation's export ended there.
    "import": Transition((), FINISHED_STATUSES),
    # Undo (R-MEM-1): any run not undone yet.
    "mark_undone": Transition(tuple(s for s in Status if s != Status.UNDONE), (Status.UNDONE,)),
}


def _sources(name: str) -> list[str]:
    return [s.value for s in TRANSITIONS[name].sources]


# --- On a queryset (the ORM) -------------------------------------------------------------


def claim(
    runs: RunQuerySet, *, owner: str = "", lease_until: datetime | None = None, **fields: Any
) -> int:
    """queued → running; with ``owner`` under that worker's lease, ``fields`` written too.
    Returns the rows claimed."""
    return runs.filter(status__in=_sources("claim")).update(
        **claimed_fields(owner, lease_until), **fields
    )


def requeue(runs: RunQuerySet) -> int:
    """running → queued: the run never started a call; its worker's lease lapsed."""
    status = TRANSITIONS["requeue"].to("requeue", Status.QUEUED)
    return runs.filter(status__in=_sources("requeue")).update(
        status=status, lease_owner="", lease_expires_at=None, started_at=None
    )


def cancel_queued(runs: RunQuerySet) -> list[RunEvent]:
    """queued → cancelled: stopped before it started."""
    stop = StopReason(StopCode.CANCELLED, "Stopped before it started")
    return _finish(runs, "cancel_queued", Status.CANCELLED, stop, cancel_requested=True)


def interrupt(runs: RunQuerySet, stop: Stop) -> list[RunEvent]:
    """→ interrupted: the process running it is gone (R-REL-1)."""
    return _finish(runs, "interrupt", Status.INTERRUPTED, stop, failure="")


def mark_undone(runs: RunQuerySet, stop: Stop, data: dict[str, Any]) -> list[RunEvent]:
    """→ undone (R-MEM-1); the trace and the times stay as they were."""
    return _finish(
        runs,
        "mark_undone",
        Status.UNDONE,
        stop,
        data=data,
        finished_at=Coalesce(F("finished_at"), timezone.now()),
    )


def finish(runs: RunQuerySet, status: str, stop: Stop, **fields: Any) -> list[RunEvent]:
    """The run's own end (``finish_running``) on a queryset: running → ``status``."""
    return _finish(runs, "finish_running", status, stop, **fields)


def _finish(
    runs: RunQuerySet,
    name: str,
    status: str,
    stop: Stop,
    *,
    data: dict[str, Any] | None = None,
    ts: float | None = None,
    **fields: Any,
) -> list[RunEvent]:
    """The transition ``name`` to ``status``, with the stop reason, the end time
    (``fields``: the result) and one ``run.finished`` event per run changed (``data``
    added to it).

    One conditional UPDATE changes the rows and takes their event numbers (it holds
    their row locks until the commit, and a concurrent transition re-reads the
    conditions after it): of concurrent transitions of one run exactly one happens.
    Returns the events written (empty: nothing matched), for the caller to broadcast.
    """
    status = TRANSITIONS[name].to(name, status)
    stop_reason = stop_reason_of(stop)
    now = timezone.now()
    fields.setdefault("finished_at", now)
    with transaction.atomic(savepoint=False):
        changes = {"status": status, "stop_reason": stop_reason, "last_seq": F("last_seq") + 1}
        ended = _update_returning(
            runs.filter(status__in=_sources(name)), {**changes, **fields}, ("id", "last_seq")
        )
        event = finished_data(status, stop_reason, data)
        at = datetime.fromtimestamp(ts, tz=UTC) if ts else now
        return event_store.insert_finished(ended, event, at)


def extend_leases(runs: RunQuerySet, owner: str, until: datetime) -> dict[int, tuple[bool, bool]]:
    """Those still running under ``owner``'s lease hold it until ``until``: each one's
    stop and undo flags, read by the same statement. (No status changes.)"""
    found = _update_returning(
        runs.fenced(owner),
        {"lease_expires_at": until},
        ("id", "cancel_requested", "undo_requested"),
    )
    return {pk: (bool(cancel), bool(undo)) for pk, cancel, undo in found}


def _update_returning(
    runs: RunQuerySet, values: dict[str, Any], returning: Sequence[str]
) -> list[tuple]:
    """``runs.update(**values)`` that returns the ``returning`` columns of each row it changed."""
    query = runs.query.chain(UpdateQuery)
    query.add_update_values(values)
    sql, params = query.get_compiler(runs.db).as_sql()
    columns = ", ".join(rows.quote(c) for c in returning)
    with connection.cursor() as cursor:
        cursor.execute(f"{sql} RETURNING {columns}", params)
        return [tuple(row) for row in cursor.fetchall()]


def claimed_fields(owner: str, lease_until: datetime | None) -> dict[str, Any]:
    return {
        "status": TRANSITIONS["claim"].to("claim", Status.RUNNING),
        "started_at": timezone.now(),
        "lease_owner": owner,
        "lease_expires_at": lease_until,
    }


def stop_reason_of(stop: Stop) -> dict[str, Any]:
    return stop.as_dict() if isinstance(stop, StopReason) else stop


def finished_data(status: str, stop_reason: dict[str, Any], data: dict[str, Any] | None) -> dict:
    """The data of the ``run.finished`` a status change writes: built from its model, so a
    field the model does not declare is refused here (``ValidationError``), not stored."""
    finished = {**(data or {}), "status": str(status), "stop_reason": stop_reason}
    return RunFinished(**finished).as_data()


# --- Hand-written: a run's birth, its own start and end, a worker's claim ----------------


def new_run(**fields: Any) -> int:
    """``Run.objects.create(**fields).pk`` (``fields`` by attribute name: ``user_id``),
    as one hand-written INSERT; the other columns get their fields' defaults (queued)."""
    return _insert(fields, "submit")


def started_run(**fields: Any) -> int:
    """A run born running (``start_at_once``: an experiment's driver holds its lease): its id."""
    return _insert({**fields, "status": Status.RUNNING}, "start_at_once")


def imported_run(status: str, **fields: Any) -> int:
    """A run imported from an export (``traces.importer``), ended as ``status``: its id."""
    status = TRANSITIONS["import"].to("import", status)
    return _insert({**fields, "status": status}, "import")


def _insert(fields: dict[str, Any], transition: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute(_insert_sql(), new_run_values(fields, transition))
        return cursor.fetchone()[0]


def new_run_values(fields: dict[str, Any], transition: str = "submit") -> list[Any]:
    """Every inserted column's value (``inserted_fields`` order) of a new run with ``fields``
    (a ``status`` among the ``transition``'s targets), prepared as its field prepares it."""
    unknown = set(fields) - {field.attname for field in inserted_fields()}
    if unknown:
        raise TypeError(f"not fields of a run: {sorted(unknown)}")
    if "status" in fields:
        TRANSITIONS[transition].to(transition, fields["status"])
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
    of hers is active), in one conditional UPDATE. (No status changes.)"""
    active = ", ".join(["%s"] * len(ACTIVE_STATUSES))
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {rows.table(Run)} SET {_col('cancel_requested')} = %s "
            f"WHERE {_col('id')} = %s AND {_col('user_id')} = %s "
            f"AND {_col('status')} IN ({active}) RETURNING {_col('status')}",
            [True, run_id, user_id, *(s.value for s in ACTIVE_STATUSES)],
        )
        found = cursor.fetchone()
    return found[0] if found else None


@cache
def inserted_fields() -> tuple[models.Field, ...]:
    return tuple(f for f in Run._meta.concrete_fields if not f.primary_key)


@cache
def _insert_sql() -> str:
    columns = ", ".join(rows.quote(f.column) for f in inserted_fields())
    marks = ", ".join(["%s"] * len(inserted_fields()))
    return f"INSERT INTO {rows.table(Run)} ({columns}) VALUES ({marks}) RETURNING {_col('id')}"


def begin(
    run_id: int, owner: str | None, returning: Sequence[str], *, prompt_snapshot: dict[str, str]
) -> list[tuple]:
    """The run starts executing with its prompt snapshot: queued → running here (``claim``),
    or already running under ``owner``'s lease (its worker claimed it; no status changes).
    The ``returning`` columns of the row changed (none: someone else has it), in the same
    statement."""
    fields: dict[str, Any] = {"prompt_snapshot": prompt_snapshot}
    if owner:
        where, params = _running_where(run_id, owner)
    else:
        fields = {**claimed_fields("", None), **fields}
        where, params = _where(run_id, "claim")
    sets, values = assignments(fields)
    columns = ", ".join(rows.quote(c) for c in returning)
    sql = f"UPDATE {rows.table(Run)} SET {sets} WHERE {where} RETURNING {columns}"
    with connection.cursor() as cursor:
        cursor.execute(sql, [*values, *params])
        return [tuple(row) for row in cursor.fetchall()]


def claim_queued_on_postgresql(
    owner: str, limit: int, until: datetime, returning: Sequence[str], **fields: Any
) -> list[tuple]:
    """A worker's claim of up to ``limit`` queued runs, oldest first, in one statement:
    the rows picked (``FOR UPDATE SKIP LOCKED``: workers polling at once take different
    rows) and claimed by the same UPDATE, which writes ``fields`` too and returns the
    ``returning`` columns of each run claimed. The pick is materialized: as a subquery of
    the UPDATE it could be run again and claim more than ``limit``."""
    sets, values = assignments({**claimed_fields(owner, until), **fields})
    col, run = rows.quote, rows.table(Run)
    queued = _sources("claim")
    marks = ", ".join(["%s"] * len(queued))
    returned = ", ".join(f"{run}.{col(c)}" for c in returning)
    sql = (
        f"WITH picked AS MATERIALIZED (SELECT {col('id')} FROM {run} "
        f"WHERE {col('status')} IN ({marks}) ORDER BY {col('id')} LIMIT %s "
        f"FOR UPDATE SKIP LOCKED) "
        f"UPDATE {run} SET {sets} FROM picked WHERE {run}.{col('id')} = picked.{col('id')} "
        f"AND {run}.{col('status')} IN ({marks}) RETURNING {returned}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*queued, limit, *values, *queued])
        return cursor.fetchall()


def finish_running(
    run_id: int,
    owner: str | None,
    status: str,
    stop: Stop,
    *,
    data: dict[str, Any] | None = None,
    **fields: Any,
) -> list[RunEvent]:
    """The run's own end while it still runs (under ``owner``'s lease, when there is
    one): the conditional UPDATE and its ``run.finished`` row; on PostgreSQL one
    statement for both."""
    update, values, event, now = _finish_update(run_id, owner, status, stop, data, fields)
    if not dialect.writes_combine():
        with transaction.atomic(savepoint=False), connection.cursor() as cursor:
            cursor.execute(update, values)
            return event_store.insert_finished([row[:2] for row in cursor.fetchall()], event, now)
    return event_store.finish_on_postgresql(run_id, update, values, event, now, None)[0]


# A run's end for ``finish_running_all``: the run, the lease owner, the status, the stop,
# ``run.finished``'s data and the row's other fields.
Ending = tuple[int, str | None, str, Stop, dict[str, Any] | None, dict[str, Any]]


def finish_running_all(ends: Sequence[Ending]) -> list[list[RunEvent]]:
    """Not on PostgreSQL; in the caller's transaction: :func:`finish_running` of many runs,
    each by its own conditional UPDATE, and their ``run.finished`` rows in one INSERT.
    Each run's rows, in the order given (none for a run that no longer runs here)."""
    ended: list[tuple[int, int, dict[str, Any]]] = []
    now = timezone.now()
    with connection.cursor() as cursor:
        for run_id, owner, status, stop, data, fields in ends:
            update, values, event, _ = _finish_update(
                run_id, owner, status, stop, data, {"finished_at": now, **fields}
            )
            cursor.execute(update, values)
            for pk, seq, _undo in cursor.fetchall():
                ended.append((pk, seq, event))
    found = event_store.insert_finished_each(ended, now) if ended else []
    by_run = {row.run_id: row for row in found}
    return [[by_run[run_id]] if run_id in by_run else [] for run_id, *_ in ends]


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
    also = None
    if exchange is not None:
        also = (
            _exchange_sql(),
            [
                exchange.user_id,
                exchange.generation,
                exchange.question,
                exchange.answer,
                connection.ops.adapt_datetimefield_value(now),
                exchange.user_id,
                exchange.generation,
            ],
        )
    return event_store.finish_on_postgresql(run_id, update, values, event, now, also)


def _finish_update(
    run_id: int,
    owner: str | None,
    status: str,
    stop: Stop,
    data: dict[str, Any] | None,
    fields: dict[str, Any],
) -> tuple[str, list[Any], dict[str, Any], Any]:
    """``finish_running``'s UPDATE: it returns the run's id, its ``run.finished``'s seq
    and its undo flag."""
    status = TRANSITIONS["finish_running"].to("finish_running", status)
    stop_reason = stop_reason_of(stop)
    now = timezone.now()
    fields.setdefault("finished_at", now)
    sets, values = assignments({"status": status, "stop_reason": stop_reason, **fields})
    where, params = _running_where(run_id, owner)
    last = _col("last_seq")
    update = (
        f"UPDATE {rows.table(Run)} SET {sets}, {last} = {last} + 1 WHERE {where} "
        f"RETURNING {_col('id')}, {last}, {_col('undo_requested')}"
    )
    return update, [*values, *params], finished_data(status, stop_reason, data), now


@cache
def _exchange_sql() -> str:
    """Parameters: the player, the generation, the question, the answer, the time, the
    player and the generation again. ``r``: the run's row as the end's UPDATE left it."""
    columns = ", ".join(
        rows.column(Exchange, name)
        for name in ("run", "user", "generation", "question", "answer", "created_at")
    )
    user, generation = (rows.column(MemoryState, n) for n in ("user", "generation"))
    return (
        f"INSERT INTO {rows.table(Exchange)} ({columns}) SELECT r.id, %s, %s, %s, %s, %s "
        f"FROM r, {rows.table(MemoryState)} m WHERE m.{user} = %s AND m.{generation} = %s "
        "AND NOT r.undo_requested FOR UPDATE OF m ON CONFLICT DO NOTHING RETURNING 1"
    )


def _where(run_id: int, name: str) -> tuple[str, list[Any]]:
    """The run's row while it may take the transition ``name``."""
    sources = _sources(name)
    marks = ", ".join(["%s"] * len(sources))
    return f"{_col('id')} = %s AND {_col('status')} IN ({marks})", [run_id, *sources]


def _running_where(run_id: int, owner: str | None) -> tuple[str, list[Any]]:
    """The run's row while it still runs (under ``owner``'s lease): the sources of its own
    end, ``Run.objects.filter(pk=…, status=running).fenced(owner)``."""
    where, params = _where(run_id, "finish_running")
    if owner:
        where += f" AND {_col('lease_owner')} = %s"
        params.append(owner)
    return where, params


def assignments(values: dict[str, Any]) -> tuple[str, list[Any]]:
    """``"col" = %s, …`` and the values, each prepared as its field prepares it."""
    sets, params = [], []
    for name, value in values.items():
        field = _field(name)
        sets.append(f"{rows.quote(field.column)} = %s")
        params.append(field.get_db_prep_save(value, connection))
    return ", ".join(sets), params


@cache
def _field(name: str) -> models.Field:
    return Run._meta.get_field(name)


def _col(name: str) -> str:
    return rows.quote(_field(name).column)
