"""The model-call gate of a single serving process: a counter in memory (R-QUOTA-1).

With the in-process executor only this process runs models, so the calls in
flight it counts are all the server's: the gate is exact without the
database, and taking or giving back a place costs no statement and no thread
hop. With workers (several processes run models) the gate is the database's
``ModelCallSlot`` rows instead (``slots.py``); ``AGENTWEB_MODEL_CALL_GATE``
chooses (``uses_process_gate``).

The gate is one per process, shared by every event loop in it: the count is
under a thread lock and a waiter is woken on its own loop. Waiters are served
first come, first served; a place freed by a release, or by the admin raising
the limit, is handed to the longest waiter at once. Lowering the limit stops
new calls until the calls in flight have dropped below it (calls in flight
are never interrupted).
"""

from __future__ import annotations

import asyncio
import threading
from collections import deque

from django.conf import settings


def uses_process_gate() -> bool:
    """Whether model calls pass this process's gate rather than the database's slots."""
    return settings.AGENTWEB_MODEL_CALL_GATE == "process"


class _Waiter:
    __slots__ = ("future", "granted", "loop")

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.future: asyncio.Future[None] = loop.create_future()
        self.granted = False


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


class ProcessGate:
    """At most ``limit`` holders at once in this process."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._held = 0
        self._limit: int | None = None
        self._waiters: deque[_Waiter] = deque()

    @property
    def in_flight(self) -> int:
        return self._held

    @property
    def waiting(self) -> int:
        return len(self._waiters)

    def set_limit(self, limit: int) -> None:
        """The limit in force from now on; a raised one lets waiters in at once."""
        with self._lock:
            self._limit = limit
            self._grant()

    def try_take(self, limit: int) -> bool:
        """Take a place now if one is free (and nobody waits for it before us)."""
        with self._lock:
            self._limit = limit
            if self._waiters or self._held >= limit:
                return False
            self._held += 1
            return True

    async def take(self, limit: int, wait_s: float) -> bool:
        """Take a place, waiting up to ``wait_s``; ``False`` if none came in time.

        Cancelling the waiting task withdraws it (or gives back a place handed
        to it at that very moment) and re-raises.
        """
        if self.try_take(limit):
            return True
        if wait_s <= 0:
            return False
        waiter = _Waiter(asyncio.get_running_loop())
        with self._lock:
            self._waiters.append(waiter)
            self._grant()  # the limit may have been raised since try_take
        try:
            async with asyncio.timeout(wait_s):
                await waiter.future
            return True
        except TimeoutError:
            # Handed a place just as the time ran out: take it rather than waste it.
            return not self._withdraw(waiter)
        except BaseException:
            if not self._withdraw(waiter):
                self.release()
            raise

    def release(self) -> None:
        with self._lock:
            self._held -= 1
            self._grant()

    def reset(self) -> None:
        """Forget every holder and waiter (tests; a process starting afresh)."""
        with self._lock:
            self._held = 0
            self._limit = None
            self._waiters.clear()

    def _withdraw(self, waiter: _Waiter) -> bool:
        """Remove a waiter that gives up; ``False`` if it was already handed a place."""
        with self._lock:
            if waiter.granted:
                return False
            self._waiters.remove(waiter)
            return True

    def _grant(self) -> None:
        # Under the lock: hand free places to the longest waiters.
        while self._waiters and self._limit is not None and self._held < self._limit:
            waiter = self._waiters.popleft()
            try:
                waiter.loop.call_soon_threadsafe(_wake, waiter.future)
            except RuntimeError:  # its loop is closed: nobody is waiting there any more
                continue
            waiter.granted = True
            self._held += 1


# This process's gate.
process_gate = ProcessGate()
