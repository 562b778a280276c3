"""A run stopped in the process that runs it: the stop itself needs no trip to the
database thread (the socket would wait on it before it can send the end), and the
run's terminal ``failure``, its final row (with the stop flag) and ``run.finished``
are written by one trip, in one transaction, then sent in that order."""

import asyncio
import itertools
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from asgiref.sync import SyncToAsync
from channels.db import database_sync_to_async
from django.db.backends import utils

from agentweb.assistant.models import Run, RunEvent
from tests.replies import HeldCall, route

pytestmark = pytest.mark.django_db(transaction=True)


@contextmanager
def trips() -> Iterator[list[tuple[int, str]]]:
    """Each statement sent on the database thread, with the number of its trip there."""
    lane = SyncToAsync.single_thread_executor
    numbers, here = itertools.count(1), threading.local()
    sent: list[tuple[int, str]] = []
    submit, execute = lane.submit, utils.CursorWrapper._execute_with_wrappers

    def numbered(fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        trip = next(numbers)

        def run() -> Any:
            here.trip = trip
            try:
                return fn(*args, **kwargs)
            finally:
                here.trip = 0

        return submit(run)

    def counted(self: Any, sql: str, params: Any, many: bool, executor: Any) -> Any:
        sent.append((getattr(here, "trip", 0), sql))
        return execute(self, sql, params, many, executor)

    lane.submit = numbered
    utils.CursorWrapper._execute_with_wrappers = counted
    try:
        yield sent
    finally:
        del lane.submit
        utils.CursorWrapper._execute_with_wrappers = execute


async def test_the_stop_the_failure_and_the_end_take_one_trip(connect, alice, model):
    slow = HeldCall()
    model.push(route("system:reasoning"), slow)
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "a long analysis please"})
    run_id = (await socket.recv())["run_id"]
    await asyncio.wait_for(slow.reached.wait(), 10)

    with trips() as sent:
        await socket.send({"type": "run.cancel", "run_id": run_id})
        frames = await socket.until_finished(run_id)

    events = [f for f in frames if f.get("type") == "run.event"]
    assert [e["kind"] for e in events[-2:]] == ["failure", "run.finished"]
    assert events[-2]["data"]["terminal"] and events[-1]["data"]["status"] == "cancelled"
    assert events[-1]["seq"] == events[-2]["seq"] + 1
    run_writes = [(trip, sql) for trip, sql in sent if sql.lstrip().upper().startswith("UPDATE")]
    run_writes = [(trip, sql) for trip, sql in run_writes if '"assistant_run"' in sql]
    assert len(run_writes) == 1, "no flag written on its own: the end writes it"
    end_trip = run_writes[0][0]
    assert end_trip, "on the database thread"
    event_inserts = {
        trip for trip, sql in sent if '"assistant_runevent"' in sql and "INSERT" in sql.upper()
    }
    assert event_inserts == {end_trip}, "the failure and run.finished go with the end"
    assert not [s for t, s in sent if "SELECT" in s.upper() and t != end_trip and "run" in s], (
        "no read of the run to stop it"
    )
    run = await database_sync_to_async(Run.objects.get)(pk=run_id)
    assert run.status == "cancelled" and run.cancel_requested
    stored = await database_sync_to_async(
        lambda: list(RunEvent.objects.filter(run_id=run_id).values_list("kind", flat=True))
    )()
    assert stored[-2:] == ["failure", "run.finished"]
    assert [e["kind"] for e in events] == stored[-len(events) :], "sent as stored, in order"


async def test_a_terminal_failure_followed_by_more_events_is_written_before_them(alice):
    from agentweb.assistant.runs.events import DbEventSink
    from agentweb.engine.events import Event, EventKind

    run = await database_sync_to_async(Run.objects.create)(user=alice, question="q")
    sink = DbEventSink(run.pk)
    await sink.emit(Event(1, EventKind.FAILURE, {"terminal": True}, 0.0))
    assert sink.last, "held for the end"
    await sink.emit(Event(2, EventKind.DEGRADED, {"finalized": False}, 0.0))

    assert not sink.last
    stored = await database_sync_to_async(
        lambda: list(RunEvent.objects.filter(run_id=run.pk).values_list("seq", "kind"))
    )()
    assert stored == [(1, "failure"), (2, "degraded")]
