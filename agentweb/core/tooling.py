"""The project's one tool registry (R-TOOL-4).

Each app fills it from its ``AppConfig.ready()`` by importing its own tools
module, so an app that is not installed contributes nothing and its code is
never imported (R-TOOL-3). Workflows bind tools for a player from here with
``ToolContext.bind`` / ``ToolContext.for_reasoning`` and a ``DbModuleStates``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from agentweb.engine import ReActTool, ToolRegistry

registry = ToolRegistry()


def register_all(tools: Iterable[ReActTool[Any, Any]]) -> None:
    """Register tools once; a second ``ready()`` (tests, reloads) is a no-op for known tools."""
    for tool in tools:
        known = {t.module for t in registry.definitions() if t.type == tool.type}
        if tool.module not in known:
            registry.register(tool)


def catalog() -> list[dict[str, Any]]:
    """Every registered tool with its owner module and read-only flag (admin, R-UI-3)."""
    return [
        {
            "type": tool.type,
            "module": tool.module,
            "writes": tool.writes,
            "reasoning": tool.for_reasoning_declared,
            "description": tool.reasoning_description or tool.description,
        }
        for tool in sorted(registry.definitions(), key=lambda t: (t.type, t.module))
    ]
