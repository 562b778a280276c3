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
from agentweb.engine.history import fit_memory, history_budget
from agentweb.engine.loop import TracedCall
from agentweb.engine.protocol import ANSWER, dumps, invalid, parse_object, without_private
from agentweb.engine.streaming import AnswerText
from agentweb.workflows.env import Environment, Request

# What the player reads when the one reply held no answer text.
NO_TEXT = (
    "Sorry, I could not put an answer into words this time. "
    "Please ask again, or ask about a specific item or quest."
)
# Earlier exchanges the chat fallback sees (fewer when the context window is small).
CHAT_MEMORY = 4
# A reply starting like this was meant as JSON (or a fenced block of it), not prose.
STRUCTURED_STARTS = ("{", "[", "```json")


async def run(ctx: ExecutionContext, env: Environment, request: Request) -> LoopResult:
    system = env.prompts["chat"]
    user = fit_memory(
        lambda memory: dumps({"question": request.text, "memory": memory}),
        request.memory[-CHAT_MEMORY:],
        budget_tokens=history_budget(env.context_window, len(system) // 4 + 1, ctx.output_tokens),
        max_bytes=ctx.input_bytes - len(system.encode()),
    )
    answer = AnswerText(lambda new: ctx.events.delta(DeltaKind.ANSWER, new), plain=True)
    call = TracedCall(ctx, 1, "chat", user, answer.feed)
    try:
        reply = await call.model([Message("system", system), Message("user", user)], Purpose.CHAT)
    except AgentError as error:
        await ctx.emit(EventKind.FAILURE, {"round": 1, **error.as_dict(), "terminal": True})
        status, stop = stop_for(error)
        return LoopResult(
            status,
            stop,
            f"Sorry, I could not answer right now: {error.message}.",
            failure=error,
        )
    try:
        text = text_of(reply.text)
    except AgentError as error:
        # One call only (R-FREE-3): no second attempt, a clear sentence instead.
        await ctx.emit(EventKind.FAILURE, {"round": 1, **error.as_dict(), "recoverable": False})
        await ctx.emit(EventKind.ANSWER, {"text": NO_TEXT, "sources": [], "cards": []})
        status, stop = stop_for(error)
        return LoopResult(status, stop, NO_TEXT, failure=error, rounds_used=1, rounds_total=1)
    await ctx.emit(EventKind.ANSWER, {"text": text, "sources": [], "cards": []})
    return LoopResult(
        RunStatus.COMPLETED, StopReason(StopCode.ANSWERED), text, rounds_used=1, rounds_total=1
    )


def text_of(reply: str) -> str:
    """What the player reads: the answer object's ``text``, or a plain-prose reply as it is.

    A reply that is JSON (or meant to be) without a usable ``text`` — a tool
    action, another object, an array, a cut-off object — is never shown raw:
    it raises ``MODEL_INVALID_OUTPUT``.
    """
    prose = without_private(reply).strip()
    try:
        obj = parse_object(reply)
    except AgentError:
        if prose and not prose.lower().startswith(STRUCTURED_STARTS):
            return prose
        raise invalid("The chat reply is not an answer", reply) from None
    text = obj.get("text")
    if isinstance(text, str) and text.strip():
        return text.strip()
    if obj.get("type") not in (None, ANSWER):
        raise invalid(f"The chat reply asked for {obj.get('type')!r}; chat has no tools", reply)
    raise invalid('The chat reply has no "text"', reply)
