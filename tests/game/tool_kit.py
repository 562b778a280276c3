"""Calling the project's real tools the way a loop does, from sync tests.

``async_to_sync`` runs the loop's coroutine while this thread waits; the
tools' ``sync_to_async(thread_sensitive=True)`` ORM calls then come back to
this thread, inside the test's transaction.
"""

from __future__ import annotations

import datetime
from typing import Any

from asgiref.sync import async_to_sync
from django.contrib.auth import get_user_model

from agentweb.core.tooling import registry
from agentweb.engine import (
    MODULE_DEFAULTS,
    AllModules,
    ExecutionContext,
    ScriptedModel,
    ToolContext,
    ToolOutcome,
)
from agentweb.engine.policy import FREE_CHAT
from agentweb.game.models import PlayerProfile


class Confirm:
    """The player's answer to every confirmation."""

    def __init__(self, approve: bool = True) -> None:
        self.approve = approve
        self.asked: list[str] = []

    async def confirm(self, call: Any, text: str) -> bool:
        self.asked.append(text)
        return self.approve


def call_tool(
    tool_type: str, raw: dict[str, Any] | None = None, *, user: Any = None, approve: bool = True
) -> ToolOutcome:
    """One tool call through ``ToolContext.call`` (validation, kernel, card, sources)."""

    async def go() -> ToolOutcome:
        ctx = ExecutionContext(MODULE_DEFAULTS[FREE_CHAT], ScriptedModel(), principal=user)
        tools = ToolContext.bind(
            ctx, registry, [tool_type], AllModules(), confirmer=Confirm(approve)
        )
        return await tools.call(tool_type, raw or {})

    return async_to_sync(go)()


def undo(outcome: ToolOutcome) -> None:
    """Run the tool's compensation, as undo does."""
    tool = registry.resolve(outcome.tool_type, AllModules()).tool
    async_to_sync(tool.compensate)(outcome.input, outcome.output, None)


def make_player(
    username: str = "alice",
    *,
    balance: int = 100,
    streak: int = 0,
    last_signin: datetime.date | None = None,
) -> Any:
    user = get_user_model().objects.create_user(username)
    PlayerProfile.objects.create(
        user=user,
        minecraft_name=f"{username.title()}MC",
        balance=balance,
        signin_streak=streak,
        last_signin=last_signin,
    )
    return user
