"""Compensation of a run's writes (R-MEM-1), and the run's undone end.

A write step is in the trace as ``tool.started`` before it runs and as
``tool.finished`` (with the output compensation needs) once it has committed
or failed; the engine never abandons a write half-way, so by the time a run
has stopped every write it started has its ``tool.finished`` — except when
the process died mid-write: such steps are named ``unfinished`` in the undone
``run.finished``, since nothing is known of their outcome.
"""

from __future__ import annotations

import logging
from typing import Any

from channels.db import database_sync_to_async
from django.db import transaction

from agentweb.assistant.models import Exchange, Run, RunEvent
from agentweb.assistant.runs import events
from agentweb.core.modules import DbModuleStates
from agentweb.core.tooling import registry
from agentweb.engine import ExecutionContext, ScriptedModel, ToolCall, ToolContext
from agentweb.engine.events import EventKind
from agentweb.engine.outcome import StopCode, StopReason
from agentweb.engine.policy import FREE_CHAT, MODULE_DEFAULTS

logger = logging.getLogger("agentweb.assistant")

UNDONE_STOP = StopReason(StopCode.UNDONE, "Undone by the player").as_dict()


async def compensate(user: Any, run_id: int) -> dict[str, list[str]]:
    """Revert the run's finished writes, newest first; what was reverted and what is unknown."""
    steps, unfinished = await database_sync_to_async(write_steps)(run_id)
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
    return {"reverted": reverted, "unfinished": unfinished}


def write_steps(run_id: int) -> tuple[list[dict[str, Any]], list[str]]:
    """The run's finished write steps in order, and the ids of writes started but never finished."""
    events = RunEvent.objects.filter(
        run_id=run_id, kind__in=[EventKind.TOOL_STARTED.value, EventKind.TOOL_FINISHED.value]
    ).order_by("seq")
    started: dict[str, bool] = {}
    finished = []
    for e in events:
        if not e.data.get("writes"):
            continue
        step_id = e.data.get("step_id")
        if e.kind == EventKind.TOOL_STARTED.value:
            started[step_id] = True
            continue
        started.pop(step_id, None)
        finished.append(
            {
                "step_id": step_id,
                "tool": e.data.get("tool"),
                "input": e.data.get("input", {}),
                "output": e.data.get("output"),
            }
        )
    return finished, list(started)


async def undo_ended(user: Any, run_id: int, from_statuses: tuple[str, ...]) -> bool:
    """Compensate a run that has stopped, then end it as undone; ``False`` if it was not
    in ``from_statuses`` any more (someone else ended it first)."""
    result = await compensate(user, run_id)
    ended = await database_sync_to_async(_mark_undone)(run_id, from_statuses, result)
    await events.broadcast(*ended)
    return bool(ended)


def _mark_undone(
    run_id: int, from_statuses: tuple[str, ...], result: dict[str, list[str]]
) -> list[RunEvent]:
    with transaction.atomic():
        rows = Run.objects.filter(pk=run_id, status__in=from_statuses)
        ended = rows.mark_undone(UNDONE_STOP, result)
        if ended:
            Exchange.objects.filter(run_id=run_id).delete()
        return ended
