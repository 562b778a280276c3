"""Event numbers: every event takes its run's next ``seq`` from the database.

The one numbering of events is the run's ``last_seq``, advanced by an UPDATE
of the run's row: the UPDATE takes the row lock, so writers in any process
(the loop, undo, the inbox, the reaper) never take the same seq. A worker
writes under its lease (``owner``): its numbers are only given while the run
is running under that lease (the fence), so a worker the reaper has given up
on writes nothing more.

Two shapes of the same numbering, by how much is written at once:

- ``write_event``: one event, one statement.
- ``write_events``: the events of many runs, two statements for the lot —
  one UPDATE reserves every run's numbers, one INSERT stores every row.

(``Run.objects.finish`` numbers the ``run.finished`` events the same way: its
UPDATE of the runs advances their ``last_seq``.)

SQLite has a trigger (migration 0006) that advances ``last_seq`` to a stored
event's seq; it changes nothing for numbers reserved first.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db import connection, transaction

from agentweb.assistant.models.runs import Run, RunEvent, Status
from agentweb.lib import storable_text

# An event to store: its kind, data and time.
NewEvent = tuple[str, Any, datetime]
# The events of one run to store after its count: run id, lease owner (None: unfenced), events.
RunEvents = tuple[int, str | None, Sequence[NewEvent]]
# Numbers wanted: run id, how many, lease owner (None: unfenced).
Wanted = tuple[int, int, str | None]

# The most parameters one statement binds: PostgreSQL's protocol counts them in
# 16 bits; SQLite's own limit (often far more) is read from its connection.
MAX_PARAMS = 65535


def _table(model: type) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def write_event(
    run_id: int,
    kind: str,
    data: Any,
    ts: datetime,
    *,
    owner: str | None = None,
    statuses: Sequence[str] | None = None,
) -> RunEvent | None:
    """Store one event as the run's next, in one statement; ``None`` if fenced out
    (or, with ``statuses``, unless the run has one of them, read under the same lock).

    On PostgreSQL an ``UPDATE … RETURNING`` feeds the INSERT; on SQLite (which
    writes one transaction at a time) the INSERT reads the row's count and the
    trigger advances it.
    """
    table, events = _table(Run), _table(RunEvent)
    fence, params = "", [run_id]
    if owner is not None:
        fence = " AND lease_owner = %s AND status = %s"
        params += [owner, Status.RUNNING.value]
    if statuses is not None:
        fence += f" AND status IN ({', '.join(['%s'] * len(statuses))})"
        params += [str(status) for status in statuses]
    at = connection.ops.adapt_datetimefield_value(ts)
    encoded, data = storable_text.dumps(data)
    values = [kind, encoded, at]
    columns = f"INSERT INTO {events} (run_id, seq, kind, data, ts)"
    if connection.vendor == "postgresql":
        sql = (
            f"WITH r AS (UPDATE {table} SET last_seq = last_seq + 1 WHERE id = %s{fence} "
            f"RETURNING id, last_seq) {columns} "
            "SELECT id, last_seq, %s, %s::jsonb, %s FROM r RETURNING id, seq"
        )
        params += values
    else:
        sql = (
            f"{columns} SELECT id, last_seq + 1, %s, %s, %s FROM {table} "
            f"WHERE id = %s{fence} RETURNING id, seq"
        )
        params = values + params
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        return None
    return _row(run_id, row[1], kind, ts, encoded, data, pk=row[0])


def write_events(items: Sequence[RunEvents]) -> list[list[RunEvent] | None]:
    """Store the events of many runs, each run's after its count, in two statements.

    One UPDATE reserves every run's numbers (``reserve_seqs``), then one INSERT
    stores all the rows with the numbers computed here — never an INSERT that
    reads the count it changes. Returns each item's rows, ``None`` for an item
    fenced out (its neighbours are written all the same). Statements past the
    parameter limit are split, in one transaction (the caller's, if it has one).
    """
    with transaction.atomic(savepoint=False):
        firsts = reserve_seqs([(run_id, len(events), owner) for run_id, owner, events in items])
        results: list[list[RunEvent] | None] = []
        rows: list[RunEvent] = []
        for (run_id, _, events), first in zip(items, firsts, strict=True):
            if first is None:
                results.append(None)
                continue
            mine = [
                _row(run_id, seq, kind, ts, *storable_text.dumps(data))
                for seq, (kind, data, ts) in enumerate(events, first)
            ]
            rows += mine
            results.append(mine)
        _insert(rows)
    return results


def reserve_seqs(wanted: Sequence[Wanted]) -> list[int | None]:
    """Reserve numbers of many runs in one UPDATE: the first number of each wanted
    ``(run_id, count, owner)``, ``None`` where fenced out.

    Several of one run are numbered one after the other, in their order. An
    UPDATE changes a row once, so a run wanted under two owners takes a
    second UPDATE (a round) for the second.
    """
    rounds: list[dict[int, list[Any]]] = []  # run id → [owner, total wanted in that round]
    last_round: dict[int, int] = {}
    placed: list[tuple[int, int]] = []  # each wanted: its round, its offset in the run's total
    for run_id, count, owner in wanted:
        n = last_round.get(run_id)
        if n is None or rounds[n][run_id][0] != owner:
            n = 0 if n is None else n + 1
            if n == len(rounds):
                rounds.append({})
            rounds[n][run_id] = [owner, 0]
            last_round[run_id] = n
        entry = rounds[n][run_id]
        placed.append((n, entry[1]))
        entry[1] += count
    lasts = [_advance(entries) for entries in rounds]
    firsts: list[int | None] = []
    for (run_id, _, _), (n, offset) in zip(wanted, placed, strict=True):
        last = lasts[n].get(run_id)
        firsts.append(None if last is None else last - rounds[n][run_id][1] + offset + 1)
    return firsts


def _advance(entries: dict[int, list[Any]]) -> dict[int, int]:
    """Add each run's total to its ``last_seq`` (fenced per run): run id → new ``last_seq``."""
    table = _table(Run)
    lock, sources, join = "", "wanted", ""
    if connection.vendor == "postgresql":
        # Row locks in id order whatever the plan (a hash join takes them in table
        # order): two writers of the same runs never wait for each other in a cycle.
        # SQLite writes one transaction at a time and needs none.
        lock = (
            f", locked AS MATERIALIZED (SELECT id FROM {table} "
            "WHERE id IN (SELECT run FROM wanted) ORDER BY id FOR UPDATE)"
        )
        sources, join = "wanted, locked", " AND locked.id = wanted.run"
    sql = (
        f"WITH wanted (run, n, owner) AS (VALUES {{values}}){lock} "
        f"UPDATE {table} SET last_seq = {table}.last_seq + wanted.n FROM {sources} "
        f"WHERE {table}.id = wanted.run{join} AND (wanted.owner IS NULL "
        f"OR ({table}.lease_owner = wanted.owner AND {table}.status = %s)) "
        f"RETURNING {table}.id, {table}.last_seq"
    )
    lasts: dict[int, int] = {}
    # Sorted: statements of one group lock in id order too.
    ordered = sorted(entries.items())
    with connection.cursor() as cursor:
        for chunk in _chunks(ordered, 3, reserved=1):
            params: list[Any] = []
            for run_id, (owner, total) in chunk:
                params += [run_id, total, owner]
            params.append(Status.RUNNING.value)
            cursor.execute(sql.format(values=", ".join(["(%s, %s, %s)"] * len(chunk))), params)
            lasts.update(cursor.fetchall())
    return lasts


def _row(
    run_id: int, seq: int, kind: str, ts: datetime, encoded: str, data: Any, pk: int | None = None
) -> RunEvent:
    """A stored event's row, with ``encoded``: its data as stored (JSON, from
    ``storable_text.dumps`` with ``data``), which the broadcast sends as it is instead
    of encoding the data a second time."""
    # Positional, in the order of the model's fields (as Django builds rows read
    # from the database): half the cost of keywords, once per event.
    row = RunEvent(pk, run_id, seq, kind, data, ts)
    row.encoded = encoded
    return row


def _insert(rows: list[RunEvent]) -> None:
    """One multi-row INSERT of numbered rows (no statement if none); sets their ids."""
    if not rows:
        return
    sql = (
        f"INSERT INTO {_table(RunEvent)} (run_id, seq, kind, data, ts) VALUES {{values}} "
        "RETURNING id, run_id, seq"
    )
    adapt = connection.ops.adapt_datetimefield_value
    by_number = {(row.run_id, row.seq): row for row in rows}
    with connection.cursor() as cursor:
        for chunk in _chunks(rows, 5):
            params: list[Any] = []
            for row in chunk:
                params += [row.run_id, row.seq, row.kind, row.encoded, adapt(row.ts)]
            cursor.execute(
                sql.format(values=", ".join(["(%s, %s, %s, %s, %s)"] * len(chunk))), params
            )
            for pk, run_id, seq in cursor.fetchall():
                by_number[(run_id, seq)].id = pk


def max_params() -> int:
    """How many parameters one statement may bind on this connection."""
    if connection.vendor == "sqlite":
        connection.ensure_connection()
        return min(MAX_PARAMS, connection.connection.getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER))
    return connection.features.max_query_params or MAX_PARAMS


def _chunks(items: Sequence[Any], per_item: int, reserved: int = 0) -> list[Sequence[Any]]:
    """``items`` cut so that one statement binds at most the backend's parameters."""
    limit = max_params()
    size = max(1, (limit - reserved) // per_item)
    return [items[i : i + size] for i in range(0, len(items), size)]
