"""The extended chat fallback (R-FREE-3): exactly one model call, no tools, no loop."""

from __future__ import annotations

from agentweb.engine import (
    AgentError,
    EventKind,
    ExecutionContext,
    LoopResult,
    Message,
    Purpose,
    RunStatus,
    StopCode,
    StopReason,
    stop_for,
)
from agentweb.engine.loop import emit_model_called
from agentweb.engine.protocol import dumps, parse_object, strip_private
from agentweb.workflows.env import Environment, Request


async def run(ctx: ExecutionContext, env: Environment, request: Request) -> LoopResult:
    user = dumps({"question": request.text, "memory": request.memory[-4:]})
    try:
        reply = await ctx.model(
            [Message("system", env.prompts["chat"]), Message("user", user)], Purpose.CHAT
        )
    except AgentError as error:
        await ctx.emit(EventKind.FAILURE, {"round": 1, **error.as_dict(), "terminal": True})
        status, stop = stop_for(error)
        return LoopResult(
            status,
            stop,
            f"Sorry, I could not answer right now: {error.message}.",
            failure=error,
        )
    await emit_model_called(ctx, 1, Purpose.CHAT, "chat", user, reply)
    text = _text_of(reply.text)
    await ctx.emit(EventKind.ANSWER, {"text": text, "sources": [], "cards": []})
    return LoopResult(
        RunStatus.COMPLETED, StopReason(StopCode.ANSWERED), text, rounds_used=1, rounds_total=1
    )


def _text_of(reply: str) -> str:
    """The answer text: from the JSON answer object, or the plain reply as it is."""
    try:
        obj = parse_object(reply)
    except AgentError:
        return strip_private(reply).strip() or "…"
    text = obj.get("text")
    return text.strip() if isinstance(text, str) and text.strip() else strip_private(reply).strip()
