"""Which module instance serves a player: the engine's ``ModuleStates`` over the database.

The engine asks ``instance(module)`` synchronously, also from inside the
event loop (R-LOOP-9 re-checks), where the ORM may not be used. So the
states are a snapshot: ``refresh()`` (async) or ``refresh_sync()`` reads the
two tables, ``instance()`` answers from memory. ``ModuleStateGuard`` refreshes
the snapshot in the kernel's ``check_state`` (before each model and tool
call) whenever the process's copy of the tables changed: from memory when the
copy is fresh, and with one read for all the runs of an event loop when it is
not (the others wait for that read instead of queueing reads of their own).

The process keeps one copy of both tables for all its runs. A change saved
in this process clears it at once (the signal receiver ``clear_module_cache``);
the apps that run loops relay a change to their other processes, which clear
theirs on the message. Without that message a copy is re-read once it is
``FALLBACK_REFRESH_S`` old, which bounds how late a loop sees the change.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from asgiref.sync import sync_to_async

from agentweb.core.models import Module, PlayerModule
from agentweb.engine import Guard

FALLBACK_REFRESH_S = 2.0

# An instance is (slug, version): it changes when the admin edits the module.
ModuleInstance = tuple[str, int]


class _SharedRows:
    """The two tables as last read by this process (at most FALLBACK_REFRESH_S old).

    ``version`` counts the copies: a loop whose snapshot has the current one
    has nothing to re-read.
    """

    def __init__(self) -> None:
        self.version = 0
        # The read in flight: (its event loop, its task); one at a time per loop.
        self._reading: tuple[asyncio.AbstractEventLoop, asyncio.Future[int]] | None = None
        self._read_at = float("-inf")
        self._modules: dict[str, tuple[bool, int]] = {}
        self._overrides: dict[int, dict[str, bool]] = {}

    def clear(self) -> None:
        """The copy is stale: the next look reads again. (What it holds stays until then,
        so a loop taking it at that moment takes a whole copy, never an empty one.)"""
        self.version += 1
        self._read_at = float("-inf")

    def fresh(self) -> bool:
        return time.monotonic() - self._read_at < FALLBACK_REFRESH_S

    def load(self) -> int:
        """Re-read both tables unless the copy is fresh; the copy's version."""
        if not self.fresh():
            cleared = self.version
            modules = Module.objects.values_list("slug", "enabled", "version")
            overrides: dict[int, dict[str, bool]] = {}
            rows = PlayerModule.objects.values_list("user_id", "module__slug", "enabled")
            for user_id, slug, enabled in rows:
                overrides.setdefault(user_id, {})[slug] = enabled
            self._modules = {slug: (on, version) for slug, on, version in modules}
            self._overrides = overrides
            # Cleared while reading: what was read may predate the change, so the next
            # look reads again.
            self._read_at = time.monotonic() if self.version == cleared else float("-inf")
            self.version += 1
        return self.version

    async def aload(self) -> int:
        """``load`` from an event loop: the loop's read in flight, or a new one."""
        loop = asyncio.get_running_loop()
        reading = self._reading
        if reading is None or reading[0] is not loop or reading[1].done():
            task = loop.create_task(sync_to_async(self.load, thread_sensitive=True)())
            self._reading = reading = (loop, task)
        # Shielded: a run cancelled while it waits does not cancel the others' read.
        return await asyncio.shield(reading[1])

    def modules(self) -> dict[str, tuple[bool, int]]:
        return self._modules

    def overrides(self, user_id: int) -> dict[str, bool]:
        return self._overrides.get(user_id, {})


_shared = _SharedRows()


def clear_module_cache(**_: Any) -> None:
    """Signal receiver (and control message): a Module or PlayerModule changed."""
    _shared.clear()


class DbModuleStates:
    """Module enablement for one user, per R-TOOL-3; ``None`` means disabled.

    A module without a database row is enabled at version 0. A per-player
    override wins over the module's own switch.
    """

    def __init__(self, user: Any) -> None:
        self.user = user
        self._modules: dict[str, tuple[bool, int]] | None = None
        self._overrides: dict[str, bool] = {}
        self.version = 0

    def refresh_sync(self) -> DbModuleStates:
        """Take the process's copy of the states (re-read only when it is stale)."""
        return self._take(_shared.load())

    def _take(self, version: int) -> DbModuleStates:
        self.version = version
        self._modules = _shared.modules()
        user_id = getattr(self.user, "pk", None)
        self._overrides = {} if user_id is None else _shared.overrides(user_id)
        return self

    @property
    def current(self) -> bool:
        """This snapshot is the process's copy, and the copy is fresh: nothing to re-read."""
        return self._modules is not None and self.version == _shared.version and _shared.fresh()

    async def refresh(self) -> DbModuleStates:
        """``refresh_sync`` from an event loop: no trip to the database thread while the
        process's copy is fresh, one read shared by the loop's runs when it is not."""
        if _shared.fresh():
            return self._take(_shared.version)
        return self._take(await _shared.aload())

    def instance(self, module: str) -> ModuleInstance | None:
        if self._modules is None:
            # Outside an event loop this just works; inside one, call refresh() first.
            self.refresh_sync()
        assert self._modules is not None
        enabled, version = self._modules.get(module, (True, 0))
        enabled = self._overrides.get(module, enabled)
        return (module, version) if enabled else None


class ModuleStateGuard(Guard):
    """Before every model and tool call of the request: the states, if they changed."""

    def __init__(self, states: DbModuleStates) -> None:
        self.states = states

    async def check_state(self, ctx: Any) -> None:
        if not self.states.current:
            await self.states.refresh()
