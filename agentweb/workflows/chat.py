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
from agentweb.engine.events import DeltaKind
from agentweb.engine.loop import TracedCall
from agentweb.engine.protocol import dumps, parse_object, strip_private
from agentweb.engine.streaming import AnswerText
from agentweb.workflows.env import Environment, Request


async def run(ctx: ExecutionContext, env: Environment, request: Request) -> LoopResult:
    user = dumps({"question": request.text, "memory": request.memory[-4:]})
    answer = AnswerText(lambda new: ctx.events.delta(DeltaKind.ANSWER, new), plain=True)
    call = TracedCall(ctx, 1, "chat", user, answer.feed)
    try:
        reply = await call.model(
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
