"""The run-state guard: before every step, were the run's flags (stop, undo, forget, off) set?

Stop, undo, forget and "assistant off" reach a run at once without this
read: requested in this process, the executor cancels the run's context;
requested in another, the control group carries the request to the process
that runs it. The database flags are the fallback for a lost message (the
channel layer down, a run claimed while the message was on its way): a run
sees them within ``FALLBACK_POLL_S`` of being set, at its next step.
"""

from __future__ import annotations

import asyncio
import time

from channels.db import database_sync_to_async

from agentweb.assistant.models import MemoryState, Run
from agentweb.engine import AgentError, AgentFailure, ExecutionContext, Guard
from agentweb.lib.per_loop import PerLoop

# How old the flags a step checks may be; every run of the process shares one read.
FALLBACK_POLL_S = 2.0


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

    A run starts with the flags it was claimed with (``watch``); with many
    runs in flight one query every FALLBACK_POLL_S serves them all, instead
    of two queries per step per run. ``invalidate`` makes the next step read.
    """

    def __init__(self) -> None:
        self.watched: dict[int, int] = {}
        self.values: dict[int, Flags] = {}
        self.read_at: dict[int, float] = {}
        self._lock = asyncio.Lock()

    def watch(self, run_id: int, user_id: int, flags: Flags) -> None:
        """The run's flags as read when it was claimed: its first steps need no read."""
        self.watched[run_id] = user_id
        self.values[run_id] = flags
        self.read_at[run_id] = time.monotonic()

    def invalidate(self) -> None:
        """A flag changed (here or, by a message, elsewhere): the next step reads them."""
        for run_id in self.read_at:
            self.read_at[run_id] = float("-inf")

    async def get(self, run_id: int, user_id: int) -> Flags:
        self.watched[run_id] = user_id
        if self._fresh(run_id):  # no wait behind a read made for the others
            return self.values[run_id]
        async with self._lock:
            if not self._fresh(run_id):
                read = await _read_flags(dict(self.watched))
                now = time.monotonic()
                for run, flags in read.items():
                    if run in self.watched:  # not dropped meanwhile
                        self.values[run] = flags
                        self.read_at[run] = now
        return self.values[run_id]

    def _fresh(self, run_id: int) -> bool:
        read_at = self.read_at.get(run_id, float("-inf"))
        return run_id in self.values and time.monotonic() - read_at < FALLBACK_POLL_S

    def drop(self, run_id: int) -> None:
        self.watched.pop(run_id, None)
        self.values.pop(run_id, None)
        self.read_at.pop(run_id, None)


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
