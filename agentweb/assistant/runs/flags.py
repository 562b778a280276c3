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
from agentweb.assistant.runs.live import Flags, LiveRun, open_runs
from agentweb.engine import AgentError, AgentFailure, ExecutionContext, Guard
from agentweb.lib.per_loop import PerLoop

# How old the flags a step checks may be; every run of the process shares one read.
FALLBACK_POLL_S = 2.0


class RunStateGuard(Guard):
    """Before every model and tool call: was the run cancelled or undone, the memory
    forgotten, or the assistant switched off? Each ends the loop with no model call."""

    def __init__(self, live: LiveRun, generation: int) -> None:
        self.live = live
        self.generation = generation

    async def check_state(self, ctx: ExecutionContext) -> None:
        # Stop, undo and forget reach a run in this process at once through the
        # executor; this read is the fallback for requests made elsewhere.
        cancel, undo, generation, enabled = await flag_reader().get(self.live)
        if undo:
            raise AgentError(AgentFailure.UNDONE, "The player undid this run")
        if cancel:
            raise AgentError(AgentFailure.CANCELLED, "The player stopped this run")
        if generation != self.generation:
            raise AgentError(AgentFailure.FORGOTTEN, "The player cleared the assistant's memory")
        if not enabled:
            raise AgentError(AgentFailure.ASSISTANT_DISABLED, "The player turned the assistant off")


class FlagReader:
    """Reads the flags of every run this process executes together.

    A run holds the flags it was claimed with (``live.open_run``); with many
    runs in flight one query every FALLBACK_POLL_S serves them all, instead
    of two queries per step per run. ``live.flags_changed`` makes the next step read.
    """

    def __init__(self) -> None:
        self._lock = asyncio.Lock()

    async def get(self, live: LiveRun) -> Flags:
        if _fresh(live):  # no wait behind a read made for the others
            return live.flags
        async with self._lock:
            if not _fresh(live):
                runs = {run.run_id: run for run in open_runs()}
                runs[live.run_id] = live
                read = await _read_flags({pk: run.user_id for pk, run in runs.items()})
                now = time.monotonic()
                for pk, run in runs.items():
                    run.flags, run.flags_read_at = read[pk], now
        return live.flags


def _fresh(live: LiveRun) -> bool:
    return time.monotonic() - live.flags_read_at < FALLBACK_POLL_S


_readers: PerLoop[FlagReader] = PerLoop(FlagReader)


def flag_reader() -> FlagReader:
    return _readers.get()


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
