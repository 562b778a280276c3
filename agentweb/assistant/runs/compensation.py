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
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from agentweb.assistant.models import Exchange, Run, RunEvent, run_status
from agentweb.assistant.runs import events
from agentweb.core import languages
from agentweb.core.modules import DbModuleStates
from agentweb.core.tooling import registry
from agentweb.engine import ExecutionContext, ScriptedModel, ToolCall, ToolContext
from agentweb.engine.events import EventKind, ToolFinished, ToolStarted, data_as
from agentweb.engine.outcome import StopCode, StopReason
from agentweb.engine.policy import FREE_CHAT, MODULE_DEFAULTS
from agentweb.game.services.errors import CannotCompensate

logger = logging.getLogger("agentweb.assistant")

UNDONE_STOP = StopReason(StopCode.UNDONE, "Undone by the player").as_dict()
# What the player reads of a write whose compensation failed unexpectedly (it is logged).
CANNOT_REVERT = gettext_noop("This change could not be reverted; an admin can see why in the log.")


async def compensate(user: Any, run_id: int) -> dict[str, Any]:
    """Revert the run's finished writes, newest first.

    What the undone ``run.finished`` says of them: ``reverted`` (step ids),
    ``summary`` (a sentence per write that changed something back, in the language of
    the run's question),
    ``not_reverted`` (``step_id`` and ``message``: writes that could not be taken
    back, such as items already handed out in game) and ``unfinished``.
    """
    steps, unfinished = await database_sync_to_async(write_steps)(run_id)
    if not steps:
        return {**NOTHING_REVERTED, "unfinished": unfinished}
    question, language = await database_sync_to_async(
        lambda: Run.objects.values_list("question", "language").get(pk=run_id)
    )()
    # Said in the language the run spoke, as the answer was (whoever asks for the undo).
    with translation.override(languages.of_text(question, language)):
        return await _revert(user, run_id, steps, unfinished)


async def _revert(
    user: Any, run_id: int, steps: list[dict[str, Any]], unfinished: list[str]
) -> dict[str, Any]:
    modules = await DbModuleStates(user).refresh()
    ctx = ExecutionContext(MODULE_DEFAULTS[FREE_CHAT], ScriptedModel(), principal=user)
    reverted: list[str] = []
    summary: list[str] = []
    not_reverted: list[dict[str, str]] = []
    for step in reversed(steps):
        binding = registry.resolve(step["tool"], modules)
        tool = binding.tool if binding else None
        if tool is None or tool.compensate is None:
            continue
        value = tool.validate_input(step["input"])
        call = ToolCall(step["step_id"], ctx, ToolContext(ctx, {}, modules), binding)
        try:
            said = await tool.compensate(value, tool.restore_output(step["output"]), call)
        except CannotCompensate as exc:
            not_reverted.append({"step_id": step["step_id"], "message": str(exc)})
            continue
        except Exception:
            logger.exception("compensating %s of run %s failed", step["step_id"], run_id)
            not_reverted.append({"step_id": step["step_id"], "message": _(CANNOT_REVERT)})
            continue
        reverted.append(step["step_id"])
        if said:
            summary.append(said)
    return {
        "reverted": reverted,
        "summary": summary,
        "not_reverted": not_reverted,
        "unfinished": unfinished,
    }


NOTHING_REVERTED: dict[str, Any] = {
    "reverted": [],
    "summary": [],
    "not_reverted": [],
    "unfinished": [],
}


def write_steps(run_id: int) -> tuple[list[dict[str, Any]], list[str]]:
    """The run's finished write steps in order, and the ids of writes started but never finished."""
    events = RunEvent.objects.filter(
        run_id=run_id, kind__in=[EventKind.TOOL_STARTED.value, EventKind.TOOL_FINISHED.value]
    ).order_by("seq")
    started: dict[str, bool] = {}
    finished = []
    for e in events:
        step = data_as(ToolStarted, e.kind, e.data)  # ToolFinished is one too
        if step is None or not step.writes:
            continue
        if not isinstance(step, ToolFinished):
            started[step.step_id] = True
            continue
        started.pop(step.step_id, None)
        finished.append(
            {"step_id": step.step_id, "tool": step.tool, "input": step.input, "output": step.output}
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
    run_id: int, from_statuses: tuple[str, ...], result: dict[str, Any]
) -> list[RunEvent]:
    with transaction.atomic():
        rows = Run.objects.filter(pk=run_id, status__in=from_statuses)
        ended = run_status.mark_undone(rows, UNDONE_STOP, result)
        if ended:
            Exchange.objects.filter(run_id=run_id).delete()
        return ended
