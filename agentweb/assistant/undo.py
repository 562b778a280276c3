"""Undo (R-MEM-1): revert the player's latest undoable run.

That is her most recent run that wrote something (a purchase, a sign-in, a
claim), or her most recent run when none did: a read-only question asked after
a purchase does not hide the purchase from undo. Runs already undone are left
out, so undo again reaches the write before.

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
from dataclasses import dataclass
from typing import Any

from channels.db import database_sync_to_async
from django.db import transaction
from django.db.models import Exists, OuterRef

from agentweb.assistant.actions import ServiceError, not_found
from agentweb.assistant.inbox import lock_player
from agentweb.assistant.models import ENDED_STATUSES, Run, RunEvent, Status, run_status
from agentweb.assistant.runs import events
from agentweb.assistant.runs.compensation import NOTHING_REVERTED, UNDONE_STOP, undo_ended
from agentweb.assistant.runs.executor import executor, start_next_from_inbox
from agentweb.assistant.runs.live import flags_changed
from agentweb.engine import AgentFailure
from agentweb.engine.events import EventKind, RunFinished, data_as

# Undo of a run executing in another process: the cancel reaches it within
# milliseconds; this bounds the wait if its worker died (the reaper ends it).
STOP_WAIT_S = 10.0
STOP_POLL_S = 0.05
# A write step is in the trace as these (a direct command's only as ``tool.finished``).
WRITE_KINDS = (EventKind.TOOL_STARTED.value, EventKind.TOOL_FINISHED.value)


def wrote() -> Exists:
    """The run (``OuterRef("pk")``) started or made a write step (``annotate``, ``filter``)."""
    return Exists(
        RunEvent.objects.filter(run_id=OuterRef("pk"), kind__in=WRITE_KINDS, data__writes=True)
    )


def target(user: Any) -> int | None:
    """The player's latest undoable run: her most recent run that wrote something, or her
    most recent run when none did — runs already undone left out (their writes are
    reverted). By construction no later run of hers wrote anything."""
    runs = Run.objects.filter(user=user).exclude(status=Status.UNDONE).order_by("-id")
    writer = runs.filter(wrote()).values_list("pk", flat=True).first()
    return writer if writer is not None else runs.values_list("pk", flat=True).first()


def claim(user: Any, run_id: int | None = None) -> tuple[int, str]:
    """Claim the player's latest undoable run for undo (``run_id``, when given, must be
    it): its id and its status at the claim.

    The target, the claim and its status are one transaction under the player's lock
    (``inbox.lock_player``): a message that waited and starts as a run while the undo
    is asked is either there before it (and is its latest run) or after it — never
    picked by one read and stopped by the next. Only the claimed run is stopped."""
    with transaction.atomic():
        lock_player(user.pk)
        return _claim(user, run_id)


def _claim(user: Any, run_id: int | None) -> tuple[int, str]:
    latest = target(user)
    if run_id is None:
        if latest is None:
            raise ServiceError("nothing_to_undo", "There is nothing to undo.", 404)
        run_id = latest
    claimed = run_id == latest and (
        Run.objects.filter(pk=run_id, user=user, undo_requested=False)
        .exclude(status=Status.UNDONE)
        .update(undo_requested=True)
    )
    run = Run.objects.filter(pk=run_id, user=user).values_list("status", "undo_requested").first()
    if run is None:
        raise not_found(run_id)
    if claimed:
        return run_id, run[0]
    if run[0] == Status.UNDONE or run[1]:
        raise ServiceError("already_undone", f"Run {run_id} is already undone.", 409)
    raise ServiceError(
        "not_latest",
        f"Only your latest undoable run (run {latest}: the last one that changed something, "
        "or your last run if none did) can be undone.",
        409,
    )


def _undo_queued(run_id: int) -> list[RunEvent]:
    queued = Run.objects.filter(pk=run_id, status=Status.QUEUED)
    return run_status.mark_undone(queued, UNDONE_STOP, NOTHING_REVERTED)


@dataclass(frozen=True, slots=True)
class Undone:
    """What an undo did: the run, and what its undone ``run.finished`` says of its writes."""

    run_id: int
    reverted: list[str]
    summary: list[str]
    not_reverted: list[dict[str, str]]

    # The run undo reaches now (``{"run_id", "wrote"}``), or ``None``.
    undo_next: dict[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "run_id": self.run_id,
            "status": Status.UNDONE.value,
            "reverted": self.reverted,
            "summary": self.summary,
            "not_reverted": self.not_reverted,
            "undo_next": self.undo_next,
        }


async def aundo(user: Any, run_id: int | None = None) -> Undone:
    """Undo the player's latest undoable run (``run_id``, when given, must be it)."""
    # A run here reads its flags at its next step: it sees the claim even before the cancel.
    flags_changed()
    run_id, status = await database_sync_to_async(claim)(user, run_id)
    if status == Status.QUEUED:
        ended = await database_sync_to_async(_undo_queued)(run_id)
        if ended:
            await events.broadcast(*ended)
            # Messages sent after it are not undone: they run next (R-X3-1).
            await start_next_from_inbox(run_id)
            return await database_sync_to_async(_undone)(run_id)
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
    return await database_sync_to_async(_undone)(run_id)


def wrote_anything(run_id: int) -> bool:
    """The run started or made a write step."""
    return RunEvent.objects.filter(run_id=run_id, kind__in=WRITE_KINDS, data__writes=True).exists()


def next_target(user: Any) -> dict[str, Any] | None:
    """The run undo would revert now, and whether it wrote: ``{"run_id", "wrote"}``."""
    run_id = target(user)
    return None if run_id is None else {"run_id": run_id, "wrote": wrote_anything(run_id)}


def _undone(run_id: int) -> Undone:
    """The undone run's account of its writes, from its last ``run.finished``."""
    row = (
        RunEvent.objects.filter(run_id=run_id, kind=EventKind.RUN_FINISHED.value)
        .order_by("-seq")
        .values_list("data", flat=True)
        .first()
    )
    finished = data_as(RunFinished, EventKind.RUN_FINISHED.value, row)
    user_id = Run.objects.values_list("user_id", flat=True).get(pk=run_id)
    return Undone(
        run_id,
        list((finished and finished.reverted) or []),
        list((finished and finished.summary) or []),
        list((finished and finished.not_reverted) or []),
        next_target(user_id),
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
