"""Commands owned by the system workflows (R-ROUTE-3).

``/reason`` and its alias ``分析`` enter ``system:reasoning`` without a router
call; ``/reload`` (admins) reloads policies and prompts from the files
(R-POL-5). Neither has a handler here: the workflow layer runs them.
"""

from __future__ import annotations

from agentweb.core.commands import Command, commands
from agentweb.engine.policy import ADMIN, REASONING


def register_system_commands() -> None:
    commands.register(
        Command(
            "reason",
            aliases=("分析",),
            usage="/reason <request>",
            description="Analyse a question step by step with the game's tools.",
            workflow=REASONING,
        )
    )
    commands.register(
        Command(
            "reload",
            usage="/reload",
            description="Reload policies and prompts from the files (admins).",
            workflow=ADMIN,
            staff_only=True,
        )
    )
