"""Undo (R-MEM-1): revert the player's most recent run.

A running run is stopped (no finalization call, R-MEM-2); a finished one has
its write steps compensated, newest first, where the tool defines a
compensation; its exchange leaves memory; it is marked undone.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from channels.db import database_sync_to_async
from django.db import transaction

from agentweb.assistant.actions import ServiceError, owned_run
from agentweb.assistant.models import ACTIVE_STATUSES, Exchange, Run, RunEvent, Status
from agentweb.assistant.runs import events
from agentweb.assistant.runs.executor import executor
from agentweb.core.modules import DbModuleStates
from agentweb.core.tooling import registry
from agentweb.engine import AgentFailure, ExecutionContext, ScriptedModel, ToolCall, ToolContext
from agentweb.engine.events import EventKind
from agentweb.engine.outcome import StopCode, StopReason
from agentweb.engine.policy import FREE_CHAT, MODULE_DEFAULTS

logger = logging.getLogger("agentweb.assistant")

# Undo of a run executing in another process: the cancel reaches it within
# milliseconds; this bounds the wait if its worker died (the reaper ends it).
STOP_WAIT_S = 10.0
STOP_POLL_S = 0.05
UNDONE_STOP = StopReason(StopCode.UNDONE, "Undone by the player").as_dict()


def _check(user: Any, run_id: int) -> Run:
    run = owned_run(user, run_id)
    latest = Run.objects.filter(user=user).order_by("-id").values_list("pk", flat=True).first()
    if run.pk != latest:
        raise ServiceError("not_latest", "Only your most recent run can be undone.", 409)
    if run.status == Status.UNDONE:
        raise ServiceError("already_undone", f"Run {run_id} is already undone.", 409)
    Run.objects.filter(pk=run.pk).update(undo_requested=True)
    return run


async def aundo(user: Any, run_id: int) -> None:
    run = await database_sync_to_async(_check)(user, run_id)
    if run.status in ACTIVE_STATUSES:
        # The run ends itself as undone; the executor then compensates (see finish_undo).
        await executor.cancel(run_id, AgentFailure.UNDONE)
        task = executor.tasks.get(run_id)
        if task is not None:
            await task
        else:
            await database_sync_to_async(_wait_not_active)(run_id)
            await _until_stopped(run_id)
    await compensate(user, run_id)


async def _until_stopped(run_id: int) -> None:
    """A run executing in another process (a worker) ends itself; wait for its final row,
    so compensation never races the loop's last writes."""
    loop = asyncio.get_running_loop()
    give_up_at = loop.time() + STOP_WAIT_S
    while loop.time() < give_up_at:
        status = await database_sync_to_async(
            lambda: Run.objects.values_list("status", flat=True).get(pk=run_id)
        )()
        if status != Status.RUNNING:
            return
        await asyncio.sleep(STOP_POLL_S)


def _wait_not_active(run_id: int) -> None:
    Run.objects.filter(pk=run_id, status=Status.QUEUED).mark_undone()


async def compensate(user: Any, run_id: int) -> list[str]:
    """Revert the run's writes, drop its exchange, mark it undone, tell the page."""
    steps = await database_sync_to_async(_write_steps)(run_id)
    modules = await DbModuleStates(user).refresh()
    ctx = ExecutionContext(MODULE_DEFAULTS[FREE_CHAT], ScriptedModel(), principal=user)
    reverted = []
    for step in reversed(steps):
        binding = registry.resolve(step["tool"], modules)
        tool = binding.tool if binding else None
        if tool is None or tool.compensate is None:
            continue
        value = tool.validate_input(step["input"])
        call = ToolCall(step["step_id"], ctx, ToolContext(ctx, {}, modules), binding)
        try:
            await tool.compensate(value, tool.restore_output(step["output"]), call)
            reverted.append(step["step_id"])
        except Exception:
            logger.exception("compensating %s of run %s failed", step["step_id"], run_id)
    await events.broadcast(await database_sync_to_async(_mark_undone)(run_id, reverted))
    return reverted


def _write_steps(run_id: int) -> list[dict[str, Any]]:
    rows = RunEvent.objects.filter(run_id=run_id, kind=EventKind.TOOL_FINISHED.value)
    return [
        {
            "step_id": e.data.get("step_id"),
            "tool": e.data.get("tool"),
            "input": e.data.get("input", {}),
            "output": e.data.get("output"),
        }
        for e in rows.order_by("seq")
        if e.data.get("writes")
    ]


def _mark_undone(run_id: int, reverted: list[str]) -> RunEvent | None:
    """Drop the exchange, mark the run undone and end its trace, in one transaction."""
    with transaction.atomic():
        Exchange.objects.filter(run_id=run_id).delete()
        Run.objects.filter(pk=run_id).mark_undone()
        data = {"status": Status.UNDONE.value, "reverted": reverted, "stop_reason": UNDONE_STOP}
        return events.append(run_id, EventKind.RUN_FINISHED, data)
