"""Events written from outside the loop (``append``: a queued message, undo) between the
loop's groups take the numbers between them: per run, numbers stay gapless and each
writer's events stay in its order."""

import asyncio
import re

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.models import Run
from agentweb.assistant.runs import events
from agentweb.engine.events import Event, EventKind, InboxQueued
from agentweb.lib import db_lane
from tests.call_sizes import record_call_sizes

pytestmark = pytest.mark.django_db(transaction=True)

RUNS = 6
STEPS = 8


async def test_appends_between_groups_of_many_runs_leave_no_gap_and_no_swap(alice, monkeypatch):
    groups = record_call_sizes(monkeypatch, events, "persist")
    runs = await database_sync_to_async(
        lambda: [
            Run.objects.create(user=alice, question=f"q{i}", status="running", lease_owner="w1")
            for i in range(RUNS)
        ]
    )()

    async def the_loop(run: Run) -> None:
        for k in range(STEPS):
            event = Event(k + 1, EventKind.ROUND_STARTED, {"loop": k})
            await events.write_events(run.pk, [event], "w1")

    async def from_outside(run: Run) -> None:
        for k in range(STEPS):
            # In the event writer's lane of the database thread, so that the two take
            # turns there (in the normal lane an append waits while a group is queued).
            with db_lane.first():
                queued = await database_sync_to_async(events.append)(
                    run.pk, InboxQueued(entry_id=k, text="more")
                )
            assert queued is not None
            await asyncio.sleep(0)

    await asyncio.gather(*(the_loop(r) for r in runs), *(from_outside(r) for r in runs))

    assert max(groups) > 1, "the loop's events were never written in groups"

    def stored(run: Run) -> list[tuple[int, dict]]:
        return list(run.events.order_by("seq").values_list("seq", "data"))

    interleaved = 0
    for run in runs:
        rows = await database_sync_to_async(stored)(run)
        writers = "".join("L" if "loop" in d else "O" for _, d in rows)
        interleaved += re.search("LO+L", writers) is not None
        assert [seq for seq, _ in rows] == list(range(1, 2 * STEPS + 1))
        assert [d["loop"] for _, d in rows if "loop" in d] == list(range(STEPS))
        assert [d["entry_id"] for _, d in rows if "entry_id" in d] == list(range(STEPS))
        await database_sync_to_async(run.refresh_from_db)()
        assert run.last_seq == 2 * STEPS
    assert interleaved, "no append landed between two of the loop's events"
