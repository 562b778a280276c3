"""Group commit: items handed in while a group is written share the next write; a failed
item fails only its own task, a failed write every task of its group."""

import asyncio

import pytest

from agentweb.lib.group_commit import GroupCommit


class Recorder:
    def __init__(self) -> None:
        self.groups: list[list[str]] = []

    async def write(self, items: list[str]) -> list[str | BaseException]:
        self.groups.append(list(items))
        await asyncio.sleep(0.01)  # a write takes time: others arrive meanwhile
        if "down" in items:
            raise ConnectionError("the database is gone")
        return [ValueError(item) if item.startswith("bad") else item.upper() for item in items]


async def started(recorder: Recorder) -> None:
    """Until the first write has begun (what is handed in now waits for the next)."""
    while not recorder.groups:
        await asyncio.sleep(0)


async def test_items_handed_in_during_a_write_share_the_next_one():
    recorder = Recorder()
    commit = GroupCommit(recorder.write, max_weight=100)

    first = asyncio.ensure_future(commit.submit("e0"))
    await started(recorder)
    results = await asyncio.gather(*(commit.submit(f"e{i}") for i in range(1, 5)))

    assert await first == "E0"
    assert results == ["E1", "E2", "E3", "E4"]
    assert recorder.groups == [["e0"], ["e1", "e2", "e3", "e4"]]


async def test_a_group_holds_at_most_max_weight_but_always_one_item():
    recorder = Recorder()
    commit = GroupCommit(recorder.write, max_weight=3, weight=len)

    await asyncio.gather(*(commit.submit(item) for item in ["a", "bb", "cc", "dddd", "e"]))

    assert recorder.groups == [["a", "bb"], ["cc"], ["dddd"], ["e"]]


async def test_a_failed_item_fails_only_its_own_task():
    recorder = Recorder()
    commit = GroupCommit(recorder.write, max_weight=100)

    results = await asyncio.gather(
        commit.submit("first"),
        commit.submit("ok"),
        commit.submit("bad-one"),
        return_exceptions=True,
    )

    assert results[:2] == ["FIRST", "OK"]
    assert isinstance(results[2], ValueError)


async def test_a_failed_write_fails_every_task_of_its_group_and_the_next_group_goes_on():
    recorder = Recorder()
    commit = GroupCommit(recorder.write, max_weight=100)
    first = asyncio.ensure_future(commit.submit("first"))
    await started(recorder)
    group = [asyncio.ensure_future(commit.submit(item)) for item in ["x", "down"]]

    assert await first == "FIRST"
    for task in group:
        with pytest.raises(ConnectionError):
            await task
    assert await commit.submit("after") == "AFTER"


async def test_a_cancelled_task_stops_waiting_and_the_others_are_written():
    recorder = Recorder()
    commit = GroupCommit(recorder.write, max_weight=100)
    first = asyncio.ensure_future(commit.submit("first"))
    await started(recorder)
    gone = asyncio.ensure_future(commit.submit("gone"))
    kept = asyncio.ensure_future(commit.submit("kept"))
    await asyncio.sleep(0)
    gone.cancel()

    assert await first == "FIRST" and await kept == "KEPT"
    assert gone.cancelled()
