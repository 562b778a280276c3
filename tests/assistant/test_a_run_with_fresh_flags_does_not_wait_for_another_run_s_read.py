"""The runs of a process share one read of their flags; a run whose flags are fresh
answers its step at once, even while a read for a run whose flags went stale is
on its way to the database."""

import asyncio

from agentweb.assistant.runs import flags
from agentweb.assistant.runs.flags import RunFlags

ON = (False, False, 0, True)


async def test_a_fresh_run_steps_on_while_a_stale_one_reads(monkeypatch):
    reading, release = asyncio.Event(), asyncio.Event()
    reads: list[dict[int, int]] = []

    async def slow_read(watched):
        reads.append(dict(watched))
        reading.set()
        await release.wait()
        return {run: (run == 1, False, 0, True) for run in watched}

    monkeypatch.setattr(flags, "_read_flags", slow_read)
    run_flags = RunFlags()
    run_flags.watch(1, 10, ON)
    run_flags.watch(2, 20, ON)
    run_flags.read_at[1] = float("-inf")  # run 1's copy went stale

    stale = asyncio.create_task(run_flags.get(1, 10))
    await asyncio.wait_for(reading.wait(), 5)
    fresh = await asyncio.wait_for(run_flags.get(2, 20), 1)

    assert fresh == ON and not stale.done()
    release.set()
    assert await stale == (True, False, 0, True), "the stale run sees its flag"
    assert reads == [{1: 10, 2: 20}], "one read for every run watched"


async def test_runs_that_go_stale_together_share_one_read(monkeypatch):
    reads: list[dict[int, int]] = []

    async def read(watched):
        reads.append(dict(watched))
        await asyncio.sleep(0)
        return dict.fromkeys(watched, ON)

    monkeypatch.setattr(flags, "_read_flags", read)
    run_flags = RunFlags()
    for run in (1, 2, 3):
        run_flags.watch(run, run * 10, ON)
    run_flags.invalidate()

    got = await asyncio.gather(*(run_flags.get(run, run * 10) for run in (1, 2, 3)))

    assert got == [ON, ON, ON]
    assert len(reads) == 1
