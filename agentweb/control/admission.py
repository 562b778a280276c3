"""Admitting model calls: the quota reservations (and database gate slots) of every call
that starts at about the same time, in one thread hop and one statement (R-QUOTA-1).

A call's guard hands its request to its event loop's writer and waits for the
answer; the calls that ask while a group is being decided form the next one
(group commit, ``lib/group_commit.py``). The reservation itself is
``quotas.reserve_model_calls``: one conditional UPDATE for the whole group
that grants each player's call only while it stays within their limit, so
grouping never hands out more than one at a time would, in any number of
processes. With one call at a time a group is one call: the statement of
reserving alone.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import date

from asgiref.sync import sync_to_async

from agentweb.control import quotas, settlement, slots
from agentweb.lib.group_commit import GroupCommit
from agentweb.lib.per_loop import PerLoop

logger = logging.getLogger("agentweb.control")

# The most calls decided in one group (the statement lists their players).
MAX_GROUP = 200


@dataclass(frozen=True, slots=True)
class Request:
    """One model call asking to start. ``slot_ttl_s`` is ``None`` in the process gate;
    otherwise the call also takes a database slot for that long."""

    user_id: int
    day: date
    run_id: int | None = None
    slot_ttl_s: float | None = None


@dataclass(frozen=True, slots=True)
class Admission:
    """``reserved``: the quota granted the call. Then ``limit`` is the process gate's limit
    in force, or ``slot`` the database slot taken (``None``: all were taken)."""

    reserved: bool
    limit: int = 0
    slot: slots.Slot | None = None


def decide(requests: list[Request]) -> list[Admission | Exception]:
    """Reserve the quota of a group of calls, then their gate: one result per call, the
    error of a call that could not be decided (its neighbours are decided all the same)."""
    reserved = quotas.reserve_model_calls([(r.user_id, r.day) for r in requests])
    in_gate = [
        r.slot_ttl_s is None and ok is True for r, ok in zip(requests, reserved, strict=True)
    ]
    limit = quotas.model_slot_limit() if any(in_gate) else 0
    gated = [
        r
        for r, ok in zip(requests, reserved, strict=True)
        if ok is True and r.slot_ttl_s is not None
    ]
    taken = iter(_with_slots(gated))
    results: list[Admission | Exception] = []
    for request, granted in zip(requests, reserved, strict=True):
        if granted is not True:
            results.append(granted if isinstance(granted, Exception) else Admission(False))
        elif request.slot_ttl_s is None:
            results.append(Admission(True, limit=limit))
        else:
            results.append(next(taken))
    return results


def _with_slots(requests: list[Request]) -> list[Admission | Exception]:
    """The database slots of granted calls: all in one statement where it can be, else
    (or if that failed) each on its own, its reservation refunded if its slot failed."""
    if len(requests) > 1:
        try:
            with quotas.own_failure():
                taken = slots.take_slots_for_runs([(r.run_id, r.slot_ttl_s) for r in requests])
            return [Admission(True, slot=slot) for slot in taken]
        except Exception:
            logger.exception(
                "taking %d model-call slots together failed; one by one", len(requests)
            )
    return [_with_slot(request) for request in requests]


def _with_slot(request: Request) -> Admission | Exception:
    assert request.slot_ttl_s is not None
    try:
        with quotas.own_failure():
            slot = slots.take_slot_for_run(request.run_id, request.slot_ttl_s)
    except Exception as exc:
        try:  # the call will not be made: its reservation comes back now
            quotas.refund_model_call(request.user_id, day=request.day)
        except Exception:
            logger.exception("refunding a model call whose slot could not be taken")
        return exc
    return Admission(True, slot=slot)


async def _decide(requests: list[Request]) -> list[Admission | Exception]:
    return await sync_to_async(decide)(requests)


# One per event loop: the calls that start together, admitted as a group.
_writers: PerLoop[GroupCommit[Request, Admission]] = PerLoop(
    lambda: GroupCommit(_decide, max_weight=MAX_GROUP, name="admission-writer")
)
# Give-backs of calls whose caller stopped waiting (kept until written).
_giving_back: set[asyncio.Task[None]] = set()


async def admit(request: Request) -> Admission:
    """Decide one call with the others that start now; returns once decided.

    A caller cancelled meanwhile stops waiting; the group is decided all the
    same, and whatever it granted that call is given back (refund, slot)."""
    decided = asyncio.ensure_future(_writers.get().submit(request))
    try:
        return await asyncio.shield(decided)
    except asyncio.CancelledError:
        decided.add_done_callback(lambda done: _give_back(request, done))
        raise


def _give_back(request: Request, done: asyncio.Future[Admission]) -> None:
    if done.cancelled() or done.exception() is not None or not done.result().reserved:
        return
    unmade = settlement.Settlement(request.user_id, request.day, done.result().slot, None)
    task = asyncio.ensure_future(settlement.settle(unmade))
    _giving_back.add(task)
    task.add_done_callback(_giving_back.discard)
