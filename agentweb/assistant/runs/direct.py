"""Deterministic commands inside a run: answered without a model call (R-ROUTE-3).

``/reload`` (admins only) re-reads policies and prompts; every other command is
``core.commands.run_direct``'s. The workflows call the answerer this module makes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from asgiref.sync import sync_to_async

from agentweb.assistant import config
from agentweb.core.commands import commands, run_direct
from agentweb.engine.policy import ADMIN
from agentweb.workflows.env import DirectAnswer


def direct_commands(user: Any) -> Callable[[str], Any]:
    """The run's answerer of deterministic commands (``/reload``, ``/checkin`` …) for ``user``."""

    async def direct(text: str) -> DirectAnswer | None:
        return await sync_to_async(_answer, thread_sensitive=True)(text, user)

    return direct


def _answer(text: str, user: Any) -> DirectAnswer | None:
    match = commands.match(text)
    if match is not None and match[0].workflow == ADMIN:
        if not (user.is_staff or user.is_superuser):
            return DirectAnswer("Only admins can use /reload.", "reload")
        messages = config.reload_files(user)
        return DirectAnswer(
            "Reloaded policies and prompts from the files.\n" + "\n".join(messages), "reload"
        )
    result = run_direct(text, user)
    if result is None:
        return None
    return DirectAnswer(
        result.text,
        result.command or "direct",
        list(result.cards),
        list(result.sources),
        list(result.writes),
    )
