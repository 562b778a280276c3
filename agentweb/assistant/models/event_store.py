"""The event store: every event row is inserted here, on SQLite and on PostgreSQL.

Every event takes its run's next ``seq`` from the database. The one numbering of
events is the run's ``last_seq``, advanced by an UPDATE of the run's row: the UPDATE
takes the row lock, so writers in any process (the loop, undo, the inbox, the reaper)
never take the same seq. A worker writes under its lease (``owner``): its numbers are
only given while the run is running under that lease (the fence), so a worker the
reaper has given up on writes nothing more.

The shapes of the same numbering, by how much is written at once:

- ``write_event``: one event, one statement.
- ``write_events``: the events of many runs, on PostgreSQL one statement for the lot
  (a CTE: the UPDATE that reserves every run's numbers feeds the INSERT of every row),
  elsewhere two — one UPDATE reserves, one INSERT stores.
- ``insert_finished`` / ``insert_finished_each`` / ``finish_on_postgresql``: the
  ``run.finished`` rows of runs whose status just changed (``run_status``), numbered by
  that status UPDATE (it advances ``last_seq``), in one INSERT or — on PostgreSQL — in
  the same statement as the UPDATE.
- ``insert_numbered``: rows whose numbers are known (an imported trace).

SQLite has a trigger (migration 0006) that advances ``last_seq`` to a stored event's
seq; it changes nothing for numbers reserved first. Names are quoted by ``rows``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db import connection, transaction

from agentweb.assistant.models import rows as model_rows
from agentweb.assistant.models.runs import Run, RunEvent
from agentweb.assistant.models.status import Status
from agentweb.engine.events import EventKind
from agentweb.lib import dialect, storable_text
from agentweb.lib.dialect import max_params

# An event to store: its kind, data, time and ``json.dumps(data)`` (``None``: encoded here).
NewEvent = tuple[str, Any, datetime, str | None]
# The events of one run to store after its count: run id, lease owner (None: unfenced), events.
RunEvents = tuple[int, str | None, Sequence[NewEvent]]
# Numbers wanted: run id, how many, lease owner (None: unfenced).
Wanted = tuple[int, int, str | None]


def write_event(
    run_id: int,
    kind: str,
    data: Any,
    ts: datetime,
    *,
    owner: str | None = None,
    statuses: Sequence[str] | None = None,
    encoded: str | None = None,
) -> RunEvent | None:
    """Store one event as the run's next, in one statement; ``None`` if fenced out
    (or, with ``statuses``, unless the run has one of them, read under the same lock).
    ``encoded``: ``json.dumps(data)``, when the caller has it already.

    On PostgreSQL an ``UPDATE … RETURNING`` feeds the INSERT; on SQLite (which
    writes one transaction at a time) the INSERT reads the row's count and the
    trigger advances it.
    """
    table, events = model_rows.table(Run), model_rows.table(RunEvent)
    fence, params = "", [run_id]
    if owner is not None:
        fence = " AND lease_owner = %s AND status = %s"
        params += [owner, Status.RUNNING.value]
    if statuses is not None:
        fence += f" AND status IN ({', '.join(['%s'] * len(statuses))})"
        params += [str(status) for status in statuses]
    at = connection.ops.adapt_datetimefield_value(ts)
    encoded, data = storable_text.dumps(data, encoded)
    values = [kind, encoded, at]
    columns = f"INSERT INTO {events} (run_id, seq, kind, data, ts)"
    if dialect.writes_combine():
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
    return stored_row(run_id, row[1], kind, ts, encoded, data, pk=row[0])


def write_events(items: Sequence[RunEvents]) -> list[list[RunEvent] | None]:
    """Store the events of many runs, each run's after its count.

    On PostgreSQL one statement (``_write_at_once``): no transaction to open.
    Otherwise (SQLite, a run wanted under two owners, past the parameter limit)
    two: one UPDATE reserves every run's numbers (``reserve_seqs``), then one
    INSERT stores all the rows with the numbers computed here — never an INSERT
    that reads the count it changes; statements past the parameter limit are
    split, in one transaction (the caller's, if it has one). Returns each item's
    rows, ``None`` for an item fenced out (its neighbours are written all the same).
    """
    if dialect.writes_combine():
        written = _write_at_once(items)
        if written is not None:
            return written
    with transaction.atomic(savepoint=False):
        firsts = reserve_seqs([(run_id, len(events), owner) for run_id, owner, events in items])
        results: list[list[RunEvent] | None] = []
        rows: list[RunEvent] = []
        for (run_id, _, events), first in zip(items, firsts, strict=True):
            if first is None:
                results.append(None)
                continue
            mine = [
                stored_row(run_id, seq, kind, ts, *storable_text.dumps(data, encoded))
                for seq, (kind, data, ts, encoded) in enumerate(events, first)
            ]
            rows += mine
            results.append(mine)
        insert_numbered(rows)
    return results


def _write_at_once(items: Sequence[RunEvents]) -> list[list[RunEvent] | None] | None:
    """PostgreSQL: the reservation and the rows in one statement, a data-modifying
    CTE whose INSERT numbers each row from what its run's UPDATE returned.

    The runs are locked in id order first (as ``_advance`` does), and fenced per
    run the same way. ``None`` (nothing written) where one statement cannot say
    it: a run wanted under two owners or with no event, or past the parameter limit.
    """
    runs: dict[int, list[Any]] = {}  # run id → [owner, events so far]
    for run_id, owner, events in items:
        entry = runs.setdefault(run_id, [owner, 0])
        if entry[0] != owner or not events:
            return None
        entry[1] += len(events)
    total = sum(entry[1] for entry in runs.values())
    if 3 * len(runs) + 5 * total + 1 > max_params():
        return None
    table, run_marks, event_marks = model_rows.table(Run), [], []
    params: list[Any] = []
    for run_id, (owner, count) in sorted(runs.items()):
        params += [run_id, count, owner]
        run_marks.append("(%s, %s, %s)")
    params.append(Status.RUNNING.value)
    adapt = connection.ops.adapt_datetimefield_value
    encoded: list[list[tuple[str, Any]]] = []  # each event's JSON and the data it holds
    taken: dict[int, int] = {}
    for run_id, _, events in items:
        mine = [storable_text.dumps(data, encoded) for _, data, _, encoded in events]
        encoded.append(mine)
        for (kind, _, ts, _), (text, _) in zip(events, mine, strict=True):
            taken[run_id] = k = taken.get(run_id, 0) + 1
            params += [run_id, k, kind, text, adapt(ts)]
            event_marks.append("(%s, %s, %s, %s, %s)")
    sql = (
        f"WITH wanted (run, n, owner) AS (VALUES {', '.join(run_marks)}), "
        f"locked AS MATERIALIZED (SELECT id FROM {table} "
        "WHERE id IN (SELECT run FROM wanted) ORDER BY id FOR UPDATE), "
        f"r AS (UPDATE {table} SET last_seq = {table}.last_seq + wanted.n "
        f"FROM wanted, locked WHERE {table}.id = wanted.run AND locked.id = wanted.run "
        f"AND (wanted.owner IS NULL OR ({table}.lease_owner = wanted.owner "
        f"AND {table}.status = %s)) RETURNING {table}.id, {table}.last_seq - wanted.n AS base), "
        f"rows (run, k, kind, data, ts) AS (VALUES {', '.join(event_marks)}) "
        f"INSERT INTO {model_rows.table(RunEvent)} (run_id, seq, kind, data, ts) "
        "SELECT rows.run, r.base + rows.k, rows.kind, rows.data::jsonb, rows.ts "
        "FROM rows JOIN r ON r.id = rows.run RETURNING id, run_id, seq"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        stored = {(run_id, seq): pk for pk, run_id, seq in cursor.fetchall()}
    # A run's rows are numbered base + 1 … base + n: its lowest seq gives its base.
    bases: dict[int, int] = {}
    for run_id, seq in stored:
        bases[run_id] = min(seq - 1, bases.get(run_id, seq))
    results: list[list[RunEvent] | None] = []
    offsets: dict[int, int] = {}
    for (run_id, _, events), mine in zip(items, encoded, strict=True):
        base = bases.get(run_id)
        if base is None:
            results.append(None)
            continue
        first = base + offsets.get(run_id, 0) + 1
        offsets[run_id] = offsets.get(run_id, 0) + len(events)
        results.append(
            [
                stored_row(run_id, seq, kind, ts, text, data, pk=stored[run_id, seq])
                for seq, (kind, _, ts, _), (text, data) in zip(
                    range(first, first + len(events)), events, mine, strict=True
                )
            ]
        )
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
    table = model_rows.table(Run)
    lock, sources, join = "", "wanted", ""
    if not dialect.writers_serialised():
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
        for chunk in chunks(ordered, 3, reserved=1):
            params: list[Any] = []
            for run_id, (owner, total) in chunk:
                params += [run_id, total, owner]
            params.append(Status.RUNNING.value)
            cursor.execute(sql.format(values=", ".join(["(%s, %s, %s)"] * len(chunk))), params)
            lasts.update(cursor.fetchall())
    return lasts


def insert_numbered(rows: list[RunEvent]) -> None:
    """One multi-row INSERT of numbered rows (one per statement's parameter limit; no
    statement if none); sets their ids."""
    if not rows:
        return
    sql = (
        f"INSERT INTO {model_rows.table(RunEvent)} (run_id, seq, kind, data, ts) VALUES {{values}} "
        "RETURNING id, run_id, seq"
    )
    adapt = connection.ops.adapt_datetimefield_value
    by_number = {(row.run_id, row.seq): row for row in rows}
    with connection.cursor() as cursor:
        for chunk in chunks(rows, 5):
            params: list[Any] = []
            for row in chunk:
                params += [row.run_id, row.seq, row.kind, row.encoded, adapt(row.ts)]
            cursor.execute(
                sql.format(values=", ".join(["(%s, %s, %s, %s, %s)"] * len(chunk))), params
            )
            for pk, run_id, seq in cursor.fetchall():
                by_number[(run_id, seq)].id = pk


def stored_row(
    run_id: int, seq: int, kind: str, ts: datetime, encoded: str, data: Any, pk: int | None = None
) -> RunEvent:
    """A stored event's row, with ``encoded``: its data as stored (JSON, from
    ``storable_text.dumps`` with ``data``), which the broadcast sends as it is instead
    of encoding the data a second time."""
    # Positional, in the order of the model's fields (as Django builds rows read
    # from the database): half the cost of keywords, once per event.
    stored = RunEvent(pk, run_id, seq, kind, data, ts)
    stored.encoded = encoded
    return stored


def insert_finished(
    ended: Sequence[tuple[int, int]], event: dict[str, Any], at: datetime
) -> list[RunEvent]:
    """The ``run.finished`` row of each ``(run id, seq)`` ended, with the same data: one
    INSERT (``insert_numbered``). The rows, in the order of the runs' ids."""
    if not ended:
        return []
    encoded, event = storable_text.dumps(event)
    return insert_finished_each([(pk, seq, event) for pk, seq in ended], at, encoded)


def insert_finished_each(
    ended: Sequence[tuple[int, int, dict[str, Any]]], at: datetime, encoded: str | None = None
) -> list[RunEvent]:
    """The ``run.finished`` row of each ``(run id, seq, its data)``, in one INSERT
    (``encoded``: every one's data as stored, when they share it). The rows, in the order
    of the runs' ids."""
    kind = EventKind.RUN_FINISHED.value
    found = [
        stored_row(pk, seq, kind, at, *storable_text.dumps(data, encoded))
        for pk, seq, data in sorted(ended, key=lambda e: e[0])
    ]
    insert_numbered(found)
    return sorted(found, key=lambda r: r.pk)


def finish_on_postgresql(
    run_id: int,
    update: str,
    values: list[Any],
    event: dict[str, Any],
    at: datetime,
    also: tuple[str, list[Any]] | None,
) -> tuple[list[RunEvent], bool]:
    """PostgreSQL: a run's end in one statement — its status ``update`` (which returns
    the run's id and its ``run.finished``'s seq), the ``run.finished`` row it numbered,
    and ``also``: one more statement on the updated row ``r`` with its parameters (the
    exchange the run leaves in memory). The rows, and whether ``also`` wrote a row."""
    encoded, event = storable_text.dumps(event)
    stamp = connection.ops.adapt_datetimefield_value(at)
    params = [*values, EventKind.RUN_FINISHED.value, encoded, stamp]
    written, extra = "0", ""
    if also is not None:
        extra = f", x AS ({also[0]}) "
        written = "(SELECT count(*) FROM x)"
        params += also[1]
    sql = (
        f"WITH r AS ({update}), e AS (INSERT INTO {model_rows.table(RunEvent)} "
        "(run_id, seq, kind, data, ts) "
        f"SELECT id, last_seq, %s, %s::jsonb, %s FROM r RETURNING id, seq){extra} "
        f"SELECT e.id, e.seq, {written} FROM e"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        found = cursor.fetchall()
    kind = EventKind.RUN_FINISHED.value
    stored = [stored_row(run_id, seq, kind, at, encoded, event, pk=pk) for pk, seq, _ in found]
    return stored, any(count for _, _, count in found)


def chunks(items: Sequence[Any], per_item: int, reserved: int = 0) -> list[Sequence[Any]]:
    """``items`` cut so that one statement binds at most the backend's parameters."""
    limit = max_params()
    size = max(1, (limit - reserved) // per_item)
    return [items[i : i + size] for i in range(0, len(items), size)]
