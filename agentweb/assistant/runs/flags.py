"""The assistant's plug-ins to the engine: run-state guard, confirmations, inbox."""

from __future__ import annotations

import asyncio
import time

from channels.db import database_sync_to_async
from django.db.models import F
from django.utils import timezone

from agentweb.assistant.models import (
    ActionStatus,
    InboxEntry,
    InboxStatus,
    MemoryState,
    PendingAction,
    Run,
)
from agentweb.engine import AgentError, AgentFailure, ExecutionContext, Guard
from agentweb.engine.tools import ToolCall
from agentweb.lib.per_loop import PerLoop

# How often a waiting confirmation looks at the database when no wake-up
# arrives (a decision taken in another process whose control message was lost;
# normally the executor relays it through the control group at once).
CONFIRM_POLL_S = 0.25
# Steps closer together than this share one read of the run's flags.
MIN_STATE_CHECK_INTERVAL_S = 0.25
# A write not confirmed within this time counts as rejected.
CONFIRM_TIMEOUT_S = 120.0

# Decisions taken in this process wake the waiting run at once.
_decision_events: dict[tuple[int, str], asyncio.Event] = {}


class RunStateGuard(Guard):
    """Before every model and tool call: was the run cancelled or undone, the memory
    forgotten, or the assistant switched off? Each ends the loop with no model call."""

    def __init__(self, run_id: int, user_id: int, generation: int) -> None:
        self.run_id = run_id
        self.user_id = user_id
        self.generation = generation

    async def check_state(self, ctx: ExecutionContext) -> None:
        # Stop, undo and forget reach a run in this process at once through the
        # executor; this read is the fallback for requests made elsewhere.
        cancel, undo, generation, enabled = await run_flags().get(self.run_id, self.user_id)
        if undo:
            raise AgentError(AgentFailure.UNDONE, "The player undid this run")
        if cancel:
            raise AgentError(AgentFailure.CANCELLED, "The player stopped this run")
        if generation != self.generation:
            raise AgentError(AgentFailure.FORGOTTEN, "The player cleared the assistant's memory")
        if not enabled:
            raise AgentError(AgentFailure.ASSISTANT_DISABLED, "The player turned the assistant off")


Flags = tuple[bool, bool, int, bool]  # cancel, undo, memory generation, assistant on


class RunFlags:
    """The flags of every run this process executes, read together.

    Each run checks its flags before its steps; with many runs in flight one
    query every MIN_STATE_CHECK_INTERVAL_S serves them all, instead of two
    queries per step per run.
    """

    def __init__(self) -> None:
        self.watched: dict[int, int] = {}
        self.values: dict[int, Flags] = {}
        self.read_at = float("-inf")
        self._lock = asyncio.Lock()

    async def get(self, run_id: int, user_id: int) -> Flags:
        self.watched[run_id] = user_id
        async with self._lock:
            stale = time.monotonic() - self.read_at >= MIN_STATE_CHECK_INTERVAL_S
            if stale or run_id not in self.values:
                self.values = await _read_flags(dict(self.watched))
                self.read_at = time.monotonic()
        return self.values[run_id]

    def drop(self, run_id: int) -> None:
        self.watched.pop(run_id, None)
        self.values.pop(run_id, None)


_flags: PerLoop[RunFlags] = PerLoop(RunFlags)


def run_flags() -> RunFlags:
    return _flags.get()


@database_sync_to_async
def _read_flags(watched: dict[int, int]) -> dict[int, Flags]:
    runs = {
        pk: (cancel, undo)
        for pk, cancel, undo in Run.objects.filter(pk__in=watched).values_list(
            "pk", "cancel_requested", "undo_requested"
        )
    }
    memory = {
        user: (generation, enabled)
        for user, generation, enabled in MemoryState.objects.filter(
            user_id__in=set(watched.values())
        ).values_list("user_id", "generation", "assistant_enabled")
    }
    values = {}
    for run_id, user_id in watched.items():
        # A run whose row is gone is stopped.
        cancel, undo = runs.get(run_id, (True, False))
        generation, enabled = memory.get(user_id, (0, True))
        values[run_id] = (cancel, undo, generation, enabled)
    return values


class DbConfirmer:
    """Asks the player to approve a write: a PendingAction row, then wait for the decision."""

    def __init__(self, run_id: int) -> None:
        self.run_id = run_id

    async def confirm(self, call: ToolCall, text: str) -> bool:
        key = (self.run_id, call.step_id)
        event = _decision_events.setdefault(key, asyncio.Event())
        await _create_action(self.run_id, call.step_id, call.binding.tool.type, text)
        try:
            async with call.ctx.cancellable():
                async with asyncio.timeout(min(CONFIRM_TIMEOUT_S, max(call.ctx.time_left(), 0))):
                    while True:
                        status = await _action_status(self.run_id, call.step_id)
                        if status != ActionStatus.PENDING:
                            return status == ActionStatus.APPROVED
                        try:
                            async with asyncio.timeout(CONFIRM_POLL_S):
                                await event.wait()
                        except TimeoutError:
                            continue
        except TimeoutError:
            await _expire_action(self.run_id, call.step_id)
            return False
        finally:
            _decision_events.pop(key, None)


def wake_confirmation(run_id: int, action_id: str) -> bool:
    """The waiting run reads the decision now; ``False`` if it does not wait in this process."""
    event = _decision_events.get((run_id, action_id))
    if event is None:
        return False
    event.set()
    return True


@database_sync_to_async
def _create_action(run_id: int, action_id: str, tool: str, text: str) -> None:
    PendingAction.objects.get_or_create(
        run_id=run_id, action_id=action_id, defaults={"tool": tool, "text": text}
    )


@database_sync_to_async
def _action_status(run_id: int, action_id: str) -> str:
    return PendingAction.objects.values_list("status", flat=True).get(
        run_id=run_id, action_id=action_id
    )


@database_sync_to_async
def _expire_action(run_id: int, action_id: str) -> None:
    PendingAction.objects.filter(
        run_id=run_id, action_id=action_id, status=ActionStatus.PENDING
    ).update(status=ActionStatus.EXPIRED, decided_at=timezone.now())


class DbInbox:
    """Claims the messages queued for this run at a round boundary (R-X3-1).

    The claim is a conditional update: a message is claimed once, and the
    change is in the database before the loop sees it.
    """

    def __init__(self, run_id: int) -> None:
        self.run_id = run_id

    async def claim(self) -> list[str]:
        return await _claim(self.run_id)


@database_sync_to_async
def _claim(run_id: int) -> list[str]:
    queued = list(
        InboxEntry.objects.filter(run_id=run_id, status=InboxStatus.QUEUED).values_list(
            "pk", "text"
        )
    )
    texts = []
    for pk, text in queued:
        if InboxEntry.objects.filter(pk=pk, status=InboxStatus.QUEUED).update(
            status=InboxStatus.CLAIMED, updated_at=timezone.now()
        ):
            texts.append(text)
    return texts


def bump_generation(user_id: int) -> int:
    """Forget: a new memory generation; older runs can never write memory again."""
    MemoryState.objects.get_or_create(user_id=user_id)
    MemoryState.objects.filter(user_id=user_id).update(generation=F("generation") + 1)
    return MemoryState.objects.values_list("generation", flat=True).get(user_id=user_id)


def current_generation(user_id: int) -> int:
    state, _ = MemoryState.objects.get_or_create(user_id=user_id)
    return state.generation
