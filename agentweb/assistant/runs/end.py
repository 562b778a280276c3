"""What a run leaves when it ends: the loop's last events, its row and ``run.finished``,
the exchange it leaves in memory, and whether messages still wait behind it.

Runs that end at the same time (a burst of stops: the players' clients cancel in
step) end in one trip to the database thread (``write_end``, a group commit like
the events'), each by its own conditions: its events after its count, its
conditional UPDATE (the run still running, under the lease), its ``run.finished``,
its exchange, its inbox read. On SQLite the group is one transaction that shares
what it can (``_store_together``: the held events in one write, the ``run.finished``
rows in one INSERT, the inboxes in one read); should any end in it fail, the group
is rolled back and each end is written alone, so only the failing run hears of it.

On PostgreSQL the events are one statement (``events.persist_now``, fenced like the
end), the row, ``run.finished`` and the exchange one more (``models.run_status.finish_remembering``)
and the inbox is read by a statement of its own after it — no transaction is opened,
and each end of a group stands alone. That read comes after the end committed, so
nothing queued is missed: a submit that queued a message behind the run held the
run's row lock (``submit_reads.player_now``), so the end's UPDATE waited for it to commit and
the read sees the message; a submit after the UPDATE finds the run ended (or waits for
its lock and then does) and promotes the message itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from channels.db import database_sync_to_async
from django.db import transaction

from agentweb.assistant.inbox import queued_behind, waiting_among
from agentweb.assistant.memory import remember
from agentweb.assistant.models import Run, RunEvent
from agentweb.assistant.models.run_status import (
    Remembered,
    Stop,
    finish_remembering,
    finish_running,
    finish_running_all,
)
from agentweb.assistant.runs import events
from agentweb.engine.events import Event
from agentweb.lib import db_lane, dialect
from agentweb.lib.group_commit import GroupCommit
from agentweb.lib.per_loop import PerLoop

# At most this many runs end in one trip: a group holds the database thread, and the
# event writer's trips wait for it (16: 12–16 ms of the thread at p99 under load).
MAX_ENDS = 16

# The rows written (no ``run.finished``: the run was taken away) and whether messages
# wait behind the run.
Stored = tuple[list[RunEvent], bool]


@dataclass(slots=True)
class End:
    """A run's end while it still runs (under ``owner``'s lease): ``status`` and
    ``stop``, after the loop's ``last`` events; the exchange of its answer
    ``remembered`` in memory (``None``: none); ``run.finished`` with ``data``; the
    row's other ``fields``."""

    run: Run
    owner: str | None
    status: str
    stop: Stop
    last: list[Event]
    remembered: str | None
    data: dict[str, Any]
    fields: dict[str, Any] = field(default_factory=dict)


def store(
    run: Run,
    owner: str | None,
    status: str,
    stop: Stop,
    *,
    last: list[Event],
    remembered: str | None,
    data: dict[str, Any],
    **fields: Any,
) -> Stored:
    """One run's end, now (its own transaction on SQLite)."""
    return _store(End(run, owner, status, stop, last, remembered, data, fields))


def store_all(ends: list[End]) -> list[Stored | BaseException]:
    """The ends of many runs, each as ``store`` writes it; an exception instance for an
    end that failed (the others are written)."""
    if len(ends) > 1 and not dialect.writes_combine():
        try:
            with transaction.atomic():
                return _store_together(ends)
        except Exception:
            pass  # rolled back, all of it: each alone, so only the failing run hears of it
    return [_alone(end) for end in ends]


def _alone(end: End) -> Stored | BaseException:
    try:
        return _store(end)
    except Exception as exc:
        return exc


def _store(end: End) -> Stored:
    if dialect.writes_combine():
        return _store_on_postgresql(end)
    with transaction.atomic():
        return _store_in_transaction(end)


def _store_in_transaction(end: End) -> Stored:
    run = end.run
    first = events.persist_now(run.pk, end.owner, end.last)
    stored = finish_running(run.pk, end.owner, end.status, end.stop, data=end.data, **end.fields)
    if stored and end.remembered is not None:
        remember(run, end.remembered)
    return [*first, *stored], bool(stored) and queued_behind(run.pk)


def _store_together(ends: list[End]) -> list[Stored]:
    """SQLite, in the caller's transaction: what ``_store_in_transaction`` writes for each
    end, with the statements they can share shared — the loop's last events of all of
    them in one write (``events.persist``, each run's after its count), each run's own
    UPDATE, their ``run.finished`` rows in one INSERT, each exchange, their inboxes in
    one read."""
    held = [(end.run.pk, end.owner, end.last) for end in ends if end.last]
    written = iter(events.persist(held) if held else ())
    firsts = [_written(next(written)) if end.last else [] for end in ends]
    finished = finish_running_all(
        [(end.run.pk, end.owner, end.status, end.stop, end.data, end.fields) for end in ends]
    )
    for end, stored in zip(ends, finished, strict=True):
        if stored and end.remembered is not None:
            remember(end.run, end.remembered)
    ended = [end.run.pk for end, stored in zip(ends, finished, strict=True) if stored]
    waiting = waiting_among(ended)
    return [
        ([*first, *stored], bool(stored) and end.run.pk in waiting)
        for end, first, stored in zip(ends, firsts, finished, strict=True)
    ]


def _written(rows_or_refused: list[RunEvent] | BaseException) -> list[RunEvent]:
    # Fenced out or gone: none (its end then matches nothing either), as ``persist_now``.
    return [] if isinstance(rows_or_refused, BaseException) else rows_or_refused


def _store_on_postgresql(end: End) -> Stored:
    run = end.run
    first = events.persist_now(run.pk, end.owner, end.last)
    exchange = None
    if end.remembered is not None:
        exchange = Remembered(run.user_id, run.memory_generation, run.question, end.remembered)
    stored, written = finish_remembering(
        run.pk, end.owner, end.status, end.stop, exchange, data=end.data, **end.fields
    )
    if stored and exchange is not None and not written and not run.memory_generation:
        # Generation 0 and nothing written: undone, or a player without a memory state
        # row yet, whose exchange ``remember`` writes on its other path.
        with transaction.atomic():
            remember(run, exchange.answer)
    return [*first, *stored], bool(stored) and queued_behind(run.pk)


async def _write(ends: list[End]) -> list[Stored | BaseException]:
    # A player waits on each of these (a stopped run's end, an answer's): they go before
    # other runs' starts and lookups on the database thread, after the event writer's.
    with db_lane.urgent():
        return await database_sync_to_async(store_all)(ends)


# One per event loop: the ends of every run it executes, a group at a time.
_writers: PerLoop[GroupCommit[End, Stored]] = PerLoop(
    lambda: GroupCommit(_write, max_weight=MAX_ENDS, name="end-writer")
)


async def write_end(end: End) -> Stored:
    """The run's end, written with the ends handed in meanwhile."""
    return await _writers.get().submit(end)
