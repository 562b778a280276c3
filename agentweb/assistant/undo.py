"""Undo (R-MEM-1): revert the player's most recent run.

Undo first claims the run with a conditional update (``undo_requested``
false → true): of concurrent undos exactly one wins, the others are told
``already_undone``. A queued run ends undone at once. A running run is
stopped (no finalization call, R-MEM-2); the process running it waits for
any write in flight to commit or roll back, compensates the run's writes and
writes its one ``run.finished`` (``runs.lifecycle``). A finished run has its
writes compensated here, newest first; its exchange leaves memory.
"""

from __future__ import annotations

import asyncio
from typing import Any

from channels.db import database_sync_to_async

from agentweb.assistant.actions import ServiceError, not_found
from agentweb.assistant.models import ENDED_STATUSES, Run, RunEvent, Status
from agentweb.assistant.runs import events
from agentweb.assistant.runs.compensation import UNDONE_STOP, undo_ended
from agentweb.assistant.runs.executor import executor, start_next_from_inbox
from agentweb.assistant.runs.flags import run_flags
from agentweb.engine import AgentFailure

# Undo of a run executing in another process: the cancel reaches it within
# milliseconds; this bounds the wait if its worker died (the reaper ends it).
STOP_WAIT_S = 10.0
STOP_POLL_S = 0.05


def claim(user: Any, run_id: int) -> str:
    """Claim the player's latest run for undo; its status at the claim."""
    latest = Run.objects.filter(user=user).order_by("-id").values_list("pk", flat=True)[:1]
    claimed = (
        Run.objects.filter(pk=run_id, user=user, pk__in=latest, undo_requested=False)
        .exclude(status=Status.UNDONE)
        .update(undo_requested=True)
    )
    run = Run.objects.filter(pk=run_id, user=user).values_list("pk", "status").first()
    if run is None:
        raise not_found(run_id)
    if claimed:
        return run[1]
    if run[0] != Run.objects.filter(user=user).order_by("-id").values_list("pk", flat=True)[0]:
        raise ServiceError("not_latest", "Only your most recent run can be undone.", 409)
    raise ServiceError("already_undone", f"Run {run_id} is already undone.", 409)


def _undo_queued(run_id: int) -> list[RunEvent]:
    queued = Run.objects.filter(pk=run_id, status=Status.QUEUED)
    return queued.mark_undone(UNDONE_STOP, {"reverted": [], "unfinished": []})


async def aundo(user: Any, run_id: int) -> None:
    # A run here reads its flags at its next step: it sees the claim even before the cancel.
    run_flags().invalidate()
    status = await database_sync_to_async(claim)(user, run_id)
    if status == Status.QUEUED:
        ended = await database_sync_to_async(_undo_queued)(run_id)
        if ended:
            await events.broadcast(*ended)
            # Messages sent after it are not undone: they run next (R-X3-1).
            await start_next_from_inbox(run_id)
            return
    status = await _until_stopped(run_id)
    if status in ENDED_STATUSES:
        # It had ended (or ended before it saw the undo): compensate it here.
        await undo_ended(user, run_id, ENDED_STATUSES)
    elif status != Status.UNDONE:
        raise ServiceError(
            "still_stopping",
            f"Run {run_id} is still stopping; it ends undone as soon as it stops.",
            409,
        )


async def _until_stopped(run_id: int) -> str:
    """Stop the run if it is active and wait until it has ended; its final status.

    The process running it compensates and ends it undone itself, once any
    write in flight has committed or rolled back. Here (in-process executor)
    the run's task is awaited; in another process its row is polled.
    """
    status = await _status(run_id)
    if status not in (Status.QUEUED, Status.RUNNING):
        return status
    await executor.cancel(run_id, AgentFailure.UNDONE)
    task = executor.tasks.get(run_id)
    if task is not None:
        await asyncio.gather(asyncio.shield(task), return_exceptions=True)
    loop = asyncio.get_running_loop()
    give_up_at = loop.time() + STOP_WAIT_S
    while (status := await _status(run_id)) in (Status.QUEUED, Status.RUNNING):
        if loop.time() >= give_up_at:
            break
        await asyncio.sleep(STOP_POLL_S)
    return status


async def _status(run_id: int) -> str:
    return await database_sync_to_async(
        lambda: Run.objects.values_list("status", flat=True).get(pk=run_id)
    )()
