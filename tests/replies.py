"""What a scripted model replies (``ScriptedModel`` and ``FakeModelServer`` take these)."""

from __future__ import annotations

from typing import Any


def route(workflow: str) -> dict[str, str]:
    """The router's choice."""
    return {"workflow": workflow}


def tool(kind: str, **input: Any) -> dict[str, Any]:
    """A decision to run one tool."""
    return {"type": kind, "input": input}


def answer(text: str = "done", sources: list[int] | None = None) -> dict[str, Any]:
    """The final answer, citing observation numbers."""
    return {"type": "answer", "text": text, "sources": sources or []}
