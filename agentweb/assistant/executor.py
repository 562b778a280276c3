"""Where runs execute: as tracked asyncio tasks of the serving process.

A consumer or view never runs the loop in its own handler: it asks the
executor to start the run and returns. Cancel requests reach the run two
ways: directly when it runs in this process, and through the channel layer's
control group for runs in other processes; the run also sees the database
flag at its next step, so nothing depends on one process's memory.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from channels.layers import get_channel_layer

from agentweb.assistant.groups import CONTROL_GROUP
from agentweb.engine import AgentFailure, ExecutionContext

logger = logging.getLogger("agentweb.assistant")


class LocalExecutor:
    def __init__(self) -> None:
        self.tasks: dict[int, asyncio.Task[Any]] = {}
        self.contexts: dict[int, ExecutionContext] = {}
        self._listener: asyncio.Task[None] | None = None

    def start(self, run_id: int) -> asyncio.Task[Any]:
        """Start the run in the background; returns at once."""
        self._ensure_listener()
        task = asyncio.create_task(self._execute(run_id), name=f"run-{run_id}")
        self.tasks[run_id] = task
        return task

    async def _execute(self, run_id: int) -> None:
        from agentweb.assistant.execution import execute_run
        from agentweb.assistant.services import start_next_from_inbox

        try:
            await execute_run(run_id, on_context=lambda ctx: self._track(run_id, ctx))
            await start_next_from_inbox(run_id)
        except Exception:
            logger.exception("run %s ended with an error", run_id)
        finally:
            self.tasks.pop(run_id, None)
            self.contexts.pop(run_id, None)

    def _track(self, run_id: int, ctx: ExecutionContext) -> None:
        self.contexts[run_id] = ctx

    def runs_here_for(self, run_id: int, user_id: int) -> bool:
        """The run executes in this process on behalf of ``user_id``."""
        ctx = self.contexts.get(run_id)
        return ctx is not None and getattr(ctx.principal, "pk", None) == user_id

    def cancel_local(self, run_id: int, reason: AgentFailure) -> bool:
        """Abandon the run's call in flight at once, if it runs here."""
        ctx = self.contexts.get(run_id)
        if ctx is not None:
            ctx.cancel(reason)
            return True
        return False

    async def cancel(self, run_id: int, reason: AgentFailure = AgentFailure.CANCELLED) -> None:
        if self.cancel_local(run_id, reason):
            return
        layer = get_channel_layer()
        if layer is not None:
            await layer.group_send(
                CONTROL_GROUP, {"type": "run.cancel", "run_id": run_id, "reason": reason.value}
            )

    def _ensure_listener(self) -> None:
        if self._listener is None or self._listener.done():
            self._listener = asyncio.create_task(self._listen(), name="run-control")

    async def _listen(self) -> None:
        layer = get_channel_layer()
        if layer is None:
            return
        channel = await layer.new_channel()
        await layer.group_add(CONTROL_GROUP, channel)
        while True:
            message = await layer.receive(channel)
            if message.get("type") == "run.cancel":
                self.cancel_local(int(message["run_id"]), AgentFailure(message["reason"]))

    async def wait_all(self) -> None:
        """Tests and shutdown: wait for every run of this process to end."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks.values()), return_exceptions=True)


executor = LocalExecutor()
