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
        """Read the current states (two queries)."""
        self._modules = {
            slug: (enabled, version)
            for slug, enabled, version in Module.objects.values_list("slug", "enabled", "version")
        }
        user_id = getattr(self.user, "pk", None)
        if user_id is None:
            self._overrides = {}
        else:
            self._overrides = dict(
                PlayerModule.objects.filter(user_id=user_id).values_list("module__slug", "enabled")
            )
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
