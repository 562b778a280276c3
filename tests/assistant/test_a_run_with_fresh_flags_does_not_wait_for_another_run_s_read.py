"""The runs of a process share one read of their flags; a run whose flags are fresh
answers its step at once, even while a read for a run whose flags went stale is
on its way to the database."""

import asyncio

import pytest

from agentweb.assistant.runs import flags
from agentweb.assistant.runs.flags import FlagReader
from agentweb.assistant.runs.live import flags_changed, open_run

ON = (False, False, 0, True)


@pytest.fixture
def runs():
    """Runs 1, 2 and 3 (of players 10, 20, 30), as executing in this process."""
    opened = [open_run(run, run * 10, ON) for run in (1, 2, 3)]
    yield opened
    for live in opened:
        live.close()


async def test_a_fresh_run_steps_on_while_a_stale_one_reads(monkeypatch, runs):
    reading, release = asyncio.Event(), asyncio.Event()
    reads: list[dict[int, int]] = []

    async def slow_read(watched):
        reads.append(dict(watched))
        reading.set()
        await release.wait()
        return {run: (run == 1, False, 0, True) for run in watched}

    monkeypatch.setattr(flags, "_read_flags", slow_read)
    reader = FlagReader()
    first, second, _ = runs
    first.flags_read_at = float("-inf")  # run 1's copy went stale

    stale = asyncio.create_task(reader.get(first))
    await asyncio.wait_for(reading.wait(), 5)
    fresh = await asyncio.wait_for(reader.get(second), 1)

    assert fresh == ON and not stale.done()
    release.set()
    assert await stale == (True, False, 0, True), "the stale run sees its flag"
    assert reads == [{1: 10, 2: 20, 3: 30}], "one read for every run executing here"


async def test_runs_that_go_stale_together_share_one_read(monkeypatch, runs):
    reads: list[dict[int, int]] = []

    async def read(watched):
        reads.append(dict(watched))
        await asyncio.sleep(0)
        return dict.fromkeys(watched, ON)

    monkeypatch.setattr(flags, "_read_flags", read)
    reader = FlagReader()
    flags_changed()

    got = await asyncio.gather(*(reader.get(live) for live in runs))

    assert got == [ON, ON, ON]
    assert len(reads) == 1
