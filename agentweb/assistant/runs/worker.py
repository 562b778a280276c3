"""A worker process: claims queued runs under a lease and executes them (``manage.py run_worker``).

One asyncio loop per process runs up to ``capacity`` runs at once. Four
background duties keep it honest across processes:

* **claim** — a conditional UPDATE (``leases.claim_queued``) whenever the
  doorbell rings (``QUEUE_GROUP``), a run of ours ends, or ``POLL_S`` passes;
* **heartbeat** — every ``leases.heartbeat_s()`` the leases of our runs are
  extended; a run whose lease we lost (the reaper interrupted it while we
  stalled) is cancelled here, and its writes were fenced already; a run of
  ours that a player stopped or undid (its database flag) ends here too, should
  the control group's relay never have come (``leases.renew``);
* **reap** — on the same beat, runs of dead workers are re-queued or
  interrupted (``recovery.reap_expired``);
* **control** — cancels and confirmation decisions from any process
  (``CONTROL_GROUP``, handled by the ``LocalExecutor``).
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
from typing import Any

from channels.db import database_sync_to_async

from agentweb.assistant import bus, inbox
from agentweb.assistant.runs import events, leases, recovery
from agentweb.assistant.runs.executor import LocalExecutor, start_next_from_inbox
from agentweb.engine import AgentFailure

logger = logging.getLogger("agentweb.assistant")

# The doorbell is best-effort (a Redis outage, a worker that was busy when it
# rang); polling the queue this often bounds the extra wait of such a run.
# One indexed query per worker per period costs nothing.
POLL_S = 2.0
# On SIGTERM, runs in progress get this long to finish before they are
# cancelled and their leases released (shorter than a typical orchestrator's
# kill grace period of 30 s).
DRAIN_S = 20.0


def default_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


class Worker:
    def __init__(self, name: str | None = None, capacity: int = 50) -> None:
        self.name = name or default_name()
        self.capacity = capacity
        self.executor = LocalExecutor(owner=self.name)
        self.wake = asyncio.Event()
        self.stopping = asyncio.Event()
        self._duties: list[asyncio.Task[Any]] = []

    async def run(self) -> None:
        """Claim and execute runs until ``stop()``; then drain and release."""
        self.executor._ensure_listener()
        self._duties = [
            asyncio.create_task(bus.listen(bus.QUEUE_GROUP, self._on_doorbell), name="doorbell"),
            asyncio.create_task(self._beat(), name="heartbeat"),
        ]
        logger.info("worker %s: up to %s concurrent runs", self.name, self.capacity)
        # Messages a dead process left waiting behind an ended run: queued now, claimed below.
        for run_id in await database_sync_to_async(recovery.promote_waiting)():
            await inbox.announce_promoted(run_id)
        try:
            await self._claim_loop()
        finally:
            await self._shutdown()

    def stop(self) -> None:
        self.stopping.set()
        self.wake.set()

    def _on_doorbell(self, message: dict[str, Any]) -> None:
        self.wake.set()

    async def _claim_loop(self) -> None:
        while not self.stopping.is_set():
            self.wake.clear()
            free = self.capacity - len(self.executor.tasks)
            try:
                claimed = await _claim(self.name, free) if free > 0 else []
            except Exception:  # the database is down: keep the runs we have, retry later
                logger.exception("worker %s: claiming failed", self.name)
                claimed = []
            for run_id in claimed:
                task = self.executor.start(run_id)
                task.add_done_callback(lambda _t: self.wake.set())
            if len(claimed) == free and free > 0:
                continue  # the queue may hold more than we took
            try:
                async with asyncio.timeout(POLL_S):
                    await self.wake.wait()
            except TimeoutError:
                pass

    async def _beat(self) -> None:
        while True:
            try:
                await self._beat_once()
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.exception("worker %s: heartbeat failed", self.name)
            await asyncio.sleep(leases.heartbeat_s())

    async def _beat_once(self) -> None:
        renewal = await database_sync_to_async(leases.renew)(self.name, list(self.executor.tasks))
        for run_id in renewal.lost:
            if run_id in self.executor.tasks:
                logger.warning("worker %s: lost the lease of run %s", self.name, run_id)
                self.executor.cancel_local(run_id, AgentFailure.CANCELLED)
        for run_id, reason in renewal.flagged.items():
            # Stopped or undone while the relay did not reach us: the call in flight ends now.
            if self.executor.stop_flagged(run_id, reason):
                logger.warning(
                    "worker %s: run %s %s without word from the relay",
                    self.name,
                    run_id,
                    reason.value,
                )
        reaped = await database_sync_to_async(recovery.reap_expired)()
        for row in reaped.finished:
            logger.warning("run %s interrupted: its worker's lease expired", row.run_id)
            await events.broadcast(row)
            await start_next_from_inbox(row.run_id)
        if reaped.requeued:
            logger.warning("re-queued runs of a dead worker: %s", reaped.requeued)
            self.wake.set()

    async def _shutdown(self) -> None:
        """Let runs in progress finish (``DRAIN_S``), then cancel the rest and release."""
        if self.executor.tasks:
            logger.info("worker %s: draining %s run(s)", self.name, len(self.executor.tasks))
            try:
                async with asyncio.timeout(DRAIN_S):
                    await self.executor.wait_all()
            except TimeoutError:
                for task in list(self.executor.tasks.values()):
                    task.cancel()
                await asyncio.gather(*self.executor.tasks.values(), return_exceptions=True)
        for duty in self._duties:
            duty.cancel()
        await asyncio.gather(*self._duties, return_exceptions=True)
        await self.executor.stop_listening()
        # Runs cancelled above are interrupted now rather than at lease expiry.
        await database_sync_to_async(leases.release)(self.name)
        await self._beat_once()


@database_sync_to_async
def _claim(name: str, limit: int) -> list[int]:
    return leases.claim_queued(name, limit)
