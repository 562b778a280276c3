"""Which module instance serves a player: the engine's ``ModuleStates`` over the database.

The engine asks ``instance(module)`` synchronously, also from inside the
event loop (R-LOOP-9 re-checks), where the ORM may not be used. So the
states are a snapshot: ``refresh()`` (async) or ``refresh_sync()`` reads the
two tables, ``instance()`` answers from memory. ``ModuleStateGuard`` refreshes
the snapshot in every ``check_state`` of the kernel, i.e. before each model
and tool call, so an admin's change is seen at the next step.
"""

from __future__ import annotations

import time
from typing import Any

from asgiref.sync import sync_to_async

from agentweb.core.models import Module, PlayerModule
from agentweb.engine import Guard

# A loop checks the states before and after every call; steps closer together
# than this share one read (an admin's change lands within this time).
MIN_REFRESH_INTERVAL_S = 0.25

# An instance is (slug, version): it changes when the admin edits the module.
ModuleInstance = tuple[str, int]


class _SharedRows:
    """The two tables as last read by this process, at most MIN_REFRESH_INTERVAL_S old.

    Every running loop re-checks its modules before and after each step; with
    many runs in flight they share one read. A change saved in this process
    clears it at once (``clear``); other processes see it within the interval.
    """

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        self._modules: tuple[float, dict[str, tuple[bool, int]]] | None = None
        self._overrides: dict[int, tuple[float, dict[str, bool]]] = {}

    def modules(self) -> dict[str, tuple[bool, int]]:
        now = time.monotonic()
        if self._modules is None or now - self._modules[0] >= MIN_REFRESH_INTERVAL_S:
            rows = Module.objects.values_list("slug", "enabled", "version")
            self._modules = (now, {slug: (on, version) for slug, on, version in rows})
        return self._modules[1]

    def overrides(self, user_id: int) -> dict[str, bool]:
        now = time.monotonic()
        hit = self._overrides.get(user_id)
        if hit is None or now - hit[0] >= MIN_REFRESH_INTERVAL_S:
            rows = PlayerModule.objects.filter(user_id=user_id).values_list(
                "module__slug", "enabled"
            )
            hit = self._overrides[user_id] = (now, dict(rows))
        return hit[1]


_shared = _SharedRows()


def clear_module_cache(**_: Any) -> None:
    """Signal receiver: a Module or PlayerModule changed in this process."""
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

    def refresh_sync(self) -> DbModuleStates:
        """Read the current states (shared by every run of this process for a moment)."""
        self._modules = _shared.modules()
        user_id = getattr(self.user, "pk", None)
        self._overrides = {} if user_id is None else _shared.overrides(user_id)
        return self

    async def refresh(self) -> DbModuleStates:
        return await sync_to_async(self.refresh_sync, thread_sensitive=True)()

    def instance(self, module: str) -> ModuleInstance | None:
        if self._modules is None:
            # Outside an event loop this just works; inside one, call refresh() first.
            self.refresh_sync()
        assert self._modules is not None
        enabled, version = self._modules.get(module, (True, 0))
        enabled = self._overrides.get(module, enabled)
        return (module, version) if enabled else None

    def enabled_modules(self, modules: list[str]) -> list[str]:
        return [module for module in modules if self.instance(module) is not None]


class ModuleStateGuard(Guard):
    """Re-reads the module states before every model and tool call of the request."""

    def __init__(self, states: DbModuleStates) -> None:
        self.states = states
        self._refreshed_at = float("-inf")

    async def check_state(self, ctx: Any) -> None:
        now = time.monotonic()
        if now - self._refreshed_at < MIN_REFRESH_INTERVAL_S:
            return
        await self.states.refresh()
        self._refreshed_at = time.monotonic()
