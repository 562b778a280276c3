"""Where runs execute: in the serving process, or in worker processes.

A consumer or view never runs the loop in its own handler: it asks the
executor to start the run and returns. ``AGENTWEB_EXECUTOR`` picks one:

* ``inprocess`` (the embedded default): ``LocalExecutor`` runs each run as a
  tracked asyncio task of the serving process;
* ``worker``: ``QueueExecutor`` only rings a doorbell on the channel layer;
  ``manage.py run_worker`` processes (``worker.py``) claim queued runs from
  the database under a lease and run them with their own ``LocalExecutor``.

Cancel requests and confirmation decisions reach the run two ways: directly
when it runs in this process, and through the channel layer's control group
for runs in other processes; the run also sees the database flags at its next
step, so nothing depends on one process's memory — nor on the channel layer
being up (every message here is best-effort: a lost one costs latency, never
correctness).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from asgiref.sync import async_to_sync
from django.apps import apps
from django.conf import settings
from django.db import transaction

from agentweb.assistant import bus, inbox
from agentweb.assistant.runs.confirmations import wake_confirmation
from agentweb.assistant.runs.lifecycle import execute_run
from agentweb.assistant.runs.live import (
    LiveRun,
    flags_changed,
    live_run,
    mark_queued,
    send_sync_soon,
)
from agentweb.core.modules import clear_module_cache
from agentweb.engine import AgentFailure
from agentweb.lib import dialect

logger = logging.getLogger("agentweb.assistant")


class LocalExecutor:
    """Runs execute as asyncio tasks of this process.

    ``owner`` is set in a worker process: runs are then already claimed under
    that worker's lease, and every write they make is fenced by it.
    """

    def __init__(self, owner: str = "") -> None:
        self.owner = owner
        self.tasks: dict[int, asyncio.Task[Any]] = {}
        self._listener: asyncio.Task[None] | None = None

    def start(self, run_id: int) -> asyncio.Task[Any]:
        """Start the run in the background; returns at once."""
        self._ensure_listener()
        task = asyncio.create_task(self._execute(run_id), name=f"run-{run_id}")
        self.tasks[run_id] = task
        return task

    async def _execute(self, run_id: int) -> None:
        ended = None
        try:
            ended = await execute_run(run_id, owner=self.owner or None)
        except Exception:
            logger.exception("run %s ended with an error", run_id)
        finally:
            # The run let go of its own state (``live.LiveRun.close``); its task:
            self.tasks.pop(run_id, None)
        # However it ended — answered, failed, stopped, undone, forgotten, crashed — the
        # oldest message waiting behind it runs next. Its end said whether one waits; a
        # crash, a lost lease or a claim taken elsewhere says nothing, so the inbox is
        # read (a run still active there promotes nothing).
        if ended is None or ended.inbox_waiting:
            try:
                await start_next_from_inbox(run_id)
            except Exception:
                logger.exception("messages waiting behind run %s did not start", run_id)

    def _live(self, run_id: int) -> LiveRun | None:
        """The run, if this executor executes it (``live``: the one owner of its state)."""
        live = live_run(run_id)
        return live if live is not None and live.owner == (self.owner or None) else None

    def runs_here_for(self, run_id: int, user_id: int) -> bool:
        """The run executes here on behalf of ``user_id``, routed (a stop here ends it)."""
        live = self._live(run_id)
        return live is not None and live.user_id == user_id and live.context is not None

    def cancel_local(self, run_id: int, reason: AgentFailure) -> bool:
        """Abandon the run's call in flight at once, if it runs here."""
        live = self._live(run_id)
        if live is not None and live.cancel(reason):
            return True
        # Not (yet) running here: whatever runs here reads the flags at its next step.
        flags_changed()
        return False

    def stop_flagged(self, run_id: int, reason: AgentFailure) -> bool:
        """A stop or undo read from the run's flags (a heartbeat): the run here ends as if
        the relay had come, unless it is stopping already. Whether it was stopped now."""
        live = self._live(run_id)
        return live is not None and not live.stopping() and live.cancel(reason)

    async def queued(self, run_id: int) -> None:
        """A message was queued for the run: its loop claims it at the next round."""
        if self._live(run_id) is not None:
            mark_queued(run_id)
            return
        await bus.send(bus.CONTROL_GROUP, {"type": "inbox.queued", "run_id": run_id})

    async def cancel(self, run_id: int, reason: AgentFailure = AgentFailure.CANCELLED) -> None:
        if self.cancel_local(run_id, reason):
            return
        await bus.send(
            bus.CONTROL_GROUP, {"type": "run.cancel", "run_id": run_id, "reason": reason.value}
        )

    async def decided(self, run_id: int, action_id: str) -> None:
        """A confirmation was decided: wake the waiting run, here or in its process."""
        if wake_confirmation(run_id, action_id):
            return
        await bus.send(
            bus.CONTROL_GROUP, {"type": "action.decided", "run_id": run_id, "action_id": action_id}
        )

    def on_control(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "run.cancel":
            self.cancel_local(int(message["run_id"]), AgentFailure(message["reason"]))
        elif kind == "action.decided":
            wake_confirmation(int(message["run_id"]), str(message["action_id"]))
        elif kind == "inbox.queued" and self._live(int(message["run_id"])):
            mark_queued(int(message["run_id"]))
        elif kind == "modules.changed":
            clear_module_cache()
        elif kind == "settings.changed" and apps.is_installed("agentweb.control"):
            from agentweb.control import settings_cache

            settings_cache.clear()
        elif kind == "run.delta.sync" and self._live(int(message["run_id"])):
            send_sync_soon(int(message["run_id"]), str(message["channel"]))

    def _ensure_listener(self) -> None:
        if self._listener is None or self._listener.done():
            self._listener = asyncio.create_task(
                bus.listen(bus.CONTROL_GROUP, self.on_control), name="run-control"
            )

    async def stop_listening(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            await asyncio.gather(self._listener, return_exceptions=True)

    async def wait_all(self) -> None:
        """Tests and shutdown: wait for every run of this process to end."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks.values()), return_exceptions=True)


class QueueExecutor(LocalExecutor):
    """Serving processes in worker mode: a run is started by ringing the workers' doorbell.

    The run row is already ``queued`` in the database; the workers claim it
    (``worker.py``). Nothing runs here, so cancels and decisions always go
    through the control group (and the database flags).
    """

    def __init__(self) -> None:
        super().__init__()
        self._bells: set[asyncio.Task[Any]] = set()

    def start(self, run_id: int) -> asyncio.Task[Any]:
        task = asyncio.create_task(
            bus.send(bus.QUEUE_GROUP, {"type": "run.queued", "run_id": run_id}),
            name=f"doorbell-{run_id}",
        )
        self._bells.add(task)
        task.add_done_callback(self._bells.discard)
        return task

    async def wait_all(self) -> None:
        while self._bells:
            await asyncio.gather(*list(self._bells), return_exceptions=True)


def build_executor() -> LocalExecutor:
    """The serving process's executor, from ``AGENTWEB_EXECUTOR``."""
    if settings.AGENTWEB_EXECUTOR == "worker":
        return QueueExecutor()
    return LocalExecutor()


executor = build_executor()


def relay_module_change(**_: Any) -> None:
    """Signal receiver: a module or a player's override changed; the other processes that
    share the database clear their copy of the states at once (``clear_module_cache``)."""
    if not dialect.shared_by_processes():
        return  # the embedded setup: one serving process, which has cleared its copy
    transaction.on_commit(lambda: _relay({"type": "modules.changed"}))


def relay_settings_change(**_: Any) -> None:
    """Signal receiver (sent on commit): the assistant settings row changed; the other
    processes clear their copy of it at once (``settings_cache.clear``)."""
    if dialect.shared_by_processes():  # embedded: the one process has cleared its copy
        _relay({"type": "settings.changed"})


def _relay(message: dict[str, Any]) -> None:
    async_to_sync(bus.send)(bus.CONTROL_GROUP, message)


async def start_next_from_inbox(run_id: int) -> None:
    """The one way a waiting message starts (R-X3-1): called wherever a run ends — its
    loop's end (``LocalExecutor._execute``), a stop or undo before it started
    (``actions``, ``undo``), the reaper (``worker``) and recovery at start — it makes the
    oldest message queued behind the ended run its next run, starts it and tells the
    player's sockets (``chat.accepted`` with ``from_inbox``, and the places of the rest)."""
    next_run = await inbox.apromote_after(run_id)
    if next_run is not None:
        await start_promoted(next_run)


async def start_promoted(run_id: int) -> None:
    """A run a waiting message just became: started, and announced to the player."""
    executor.start(run_id)
    await inbox.announce_promoted(run_id)
