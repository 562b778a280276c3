"""A run outside every player's quota and memory: an experiment's (``agentweb.traces``).

It goes the way a player's message goes — the same claim, router, workflow,
engine loop, tools, events and end — with four differences:

* its settings are given (the policies and prompts in force when the experiment
  started, or the candidate's), and so may be its model;
* it starts with no memory and leaves none;
* no quota, model-call slot or bill of any player is involved (no control guard);
* it changes nothing: a write the model asks for is declined (the trace shows the
  request and the refusal) and a command is not run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from asgiref.sync import sync_to_async

from agentweb.assistant.config import ConfigSnapshot
from agentweb.core.commands import commands, run_direct
from agentweb.engine.model import ModelProvider
from agentweb.engine.policy import ROUTABLE
from agentweb.engine.tools import ToolCall
from agentweb.workflows.env import DirectAnswer

NOT_RUN = "Commands are not run in experiments: {command} was left out."


@dataclass(frozen=True, slots=True)
class Sandbox:
    """What such a run is given: its settings, and its model (``None``: the process's)."""

    config: ConfigSnapshot
    model: ModelProvider | None = None


class DecliningConfirmer:
    """Declines every write: an experiment replays questions, it never acts in the game."""

    async def confirm(self, call: ToolCall, text: str) -> bool:
        return False


def read_only_direct(user: Any) -> Callable[[str], Any]:
    """Direct answers without commands: a name answered from the data still is, the same
    way as for a player; a command (which may write) is not run."""

    async def direct(text: str) -> DirectAnswer | None:
        return await sync_to_async(_answer, thread_sensitive=True)(text, user)

    return direct


def _answer(text: str, user: Any) -> DirectAnswer | None:
    matched = commands.match(text)
    if matched is not None:
        command = matched[0]
        if command.handler is None and command.workflow in ROUTABLE:
            return None  # a workflow's own command (/reason): entered as usual
        return DirectAnswer(NOT_RUN.format(command=f"/{command.name}"), command.name)
    if text.strip().startswith("/"):
        return DirectAnswer(NOT_RUN.format(command=text.split()[0]), "direct")
    result = run_direct(text, user)
    if result is None:
        return None
    return DirectAnswer(
        result.text, result.command or "direct", list(result.cards), list(result.sources)
    )
