"""The database thread's lanes: events first, then what a player waits on, then the rest;
first come first served within a lane, all on the one thread."""

import asyncio
import threading

import pytest
from asgiref.sync import SyncToAsync, sync_to_async

from agentweb.lib import db_lane
from agentweb.lib.db_lane import LaneExecutor


def _blocked(lane: LaneExecutor) -> threading.Event:
    """Occupy the lane's thread until the returned event is set."""
    release, busy = threading.Event(), threading.Event()

    def hold() -> None:
        busy.set()
        release.wait(10)

    lane.submit(hold)
    assert busy.wait(10)
    return release


def test_queued_calls_run_by_lane_then_in_the_order_they_came():
    lane = LaneExecutor()
    release = _blocked(lane)
    ran: list[str] = []
    futures = [lane.submit(ran.append, "normal 1")]
    with db_lane.urgent():
        futures.append(lane.submit(ran.append, "urgent 1"))
    futures.append(lane.submit(ran.append, "normal 2"))
    with db_lane.first():
        futures.append(lane.submit(ran.append, "first 1"))
        with db_lane.urgent():
            futures.append(lane.submit(ran.append, "urgent 2"))
        futures.append(lane.submit(ran.append, "first 2"))
    assert lane.queued() == (2, 2, 2)

    release.set()
    for future in futures:
        future.result(10)

    assert ran == ["first 1", "first 2", "urgent 1", "urgent 2", "normal 1", "normal 2"]
    lane.shutdown()


def test_every_call_runs_on_the_one_thread_and_errors_reach_their_caller():
    lane = LaneExecutor()
    threads = {lane.submit(threading.get_ident).result(10) for _ in range(3)}
    with db_lane.urgent():
        threads.add(lane.submit(threading.get_ident).result(10))
    assert len(threads) == 1 and threading.get_ident() not in threads

    with pytest.raises(ZeroDivisionError):
        lane.submit(lambda: 1 / 0).result(10)
    assert lane.submit(lambda: "still serving").result(10) == "still serving"
    lane.shutdown()


def test_shutting_down_runs_what_was_queued_and_refuses_more():
    lane = LaneExecutor()
    release = _blocked(lane)
    queued = lane.submit(lambda: "ran")
    release.set()
    lane.shutdown(wait=True)

    assert queued.result(0) == "ran"
    with pytest.raises(RuntimeError):
        lane.submit(lambda: None)


async def test_the_lane_of_a_call_from_the_loop_is_the_awaiting_task_s():
    lane = LaneExecutor()
    release = _blocked(lane)
    ran: list[str] = []
    loop = asyncio.get_running_loop()

    async def call(name: str, urgent: bool) -> None:
        if urgent:
            with db_lane.urgent():
                await loop.run_in_executor(lane, ran.append, name)
        else:
            await loop.run_in_executor(lane, ran.append, name)

    normal = asyncio.create_task(call("normal", False))
    await asyncio.sleep(0)
    urgent = asyncio.create_task(call("urgent", True))
    await asyncio.sleep(0)
    release.set()
    await asyncio.gather(normal, urgent)

    assert ran == ["urgent", "normal"]
    lane.shutdown()


async def test_the_app_makes_the_lane_asgiref_s_thread_for_orm_calls():
    lane = SyncToAsync.single_thread_executor
    assert isinstance(lane, LaneExecutor)
    assert db_lane.install() is lane, "installed once"
    release = _blocked(lane)
    ran: list[str] = []
    normal = asyncio.create_task(sync_to_async(ran.append)("normal"))
    await asyncio.sleep(0)
    with db_lane.first():
        events = asyncio.create_task(sync_to_async(ran.append)("events"))
    await asyncio.sleep(0)
    release.set()
    await asyncio.gather(normal, events)

    assert ran == ["events", "normal"]
