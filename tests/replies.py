"""What a scripted model replies (``ScriptedModel`` and ``FakeModelServer`` take these)."""

from __future__ import annotations

import asyncio
from typing import Any

from agentweb.engine import AgentError
from agentweb.engine.failures import AgentFailure, Budget


def route(workflow: str) -> dict[str, str]:
    """The router's choice."""
    return {"workflow": workflow}


def tool(kind: str, **input: Any) -> dict[str, Any]:
    """A decision to run one tool."""
    return {"type": kind, "input": input}


def answer(text: str = "done", sources: list[int] | None = None) -> dict[str, Any]:
    """The final answer, citing observation numbers."""
    return {"type": "answer", "text": text, "sources": sources or []}


class HeldCall:
    """A model call that reaches the model and is held there (``ScriptedModel`` only):
    ``reached`` is set once it is at the model, ``abandoned`` when the run gives it up;
    after ``hold_s`` it replies ``then``."""

    def __init__(self, then: Any = None, hold_s: float = 30) -> None:
        self.then = then
        self.hold_s = hold_s
        self.reached = asyncio.Event()
        self.abandoned = asyncio.Event()

    async def __call__(self, request: Any) -> Any:
        self.reached.set()
        try:
            await asyncio.sleep(self.hold_s)
        except asyncio.CancelledError:
            self.abandoned.set()
            raise
        return self.then


def held_then_ending(end: str, text: str = "an answer") -> tuple[Any, asyncio.Event, asyncio.Event]:
    """A model call held at the model until ``release`` is set, then ending its run as
    ``end`` names it: ``"failed"`` (the model errs), ``"budget_exhausted"`` (the tokens run
    out), anything else answered with ``text``. Returns the reply, ``reached`` (set once the
    call is at the model) and ``release``."""
    reached, release = asyncio.Event(), asyncio.Event()

    async def reply(request: Any) -> Any:
        reached.set()
        await release.wait()
        if end == "failed":
            return AgentError(AgentFailure.MODEL_ERROR, "the model broke")
        if end == "budget_exhausted":
            return AgentError(AgentFailure.BUDGET_EXHAUSTED, budget=Budget.TOTAL_TOKENS)
        return answer(text)

    return reply, reached, release


async def end_held_run(socket: Any, end: str, run_id: int, release: asyncio.Event) -> None:
    """End a run held by :func:`held_then_ending` as ``end`` names it: the model replies
    (answered, failed, out of budget), or the player stops it, undoes it, forgets, or
    switches the assistant off."""
    if end in ("completed", "failed", "budget_exhausted"):
        release.set()
    elif end == "cancelled":
        await socket.send({"type": "run.cancel", "run_id": run_id})
    elif end == "undone":
        await socket.send({"type": "run.undo"})
    elif end == "forgotten":
        await socket.send({"type": "memory.forget"})
    elif end == "assistant_switched_off":
        await socket.send({"type": "assistant.switch", "enabled": False})
    else:
        raise ValueError(f"no way to end a held run as {end!r}")
