"""The extended chat fallback (R-FREE-3): exactly one model call, no tools, no loop."""

from __future__ import annotations

import re

from agentweb.engine import (
    AgentError,
    ExecutionContext,
    LoopResult,
    Message,
    Purpose,
    RunStatus,
    StopCode,
    StopReason,
    stop_for,
)
from agentweb.engine.events import AnswerGiven, DeltaKind, FailureSeen
from agentweb.engine.history import fit_memory, history_budget
from agentweb.engine.loop import TracedCall
from agentweb.engine.protocol import (
    ANSWER,
    JsonSpan,
    dumps,
    invalid,
    is_tool_action,
    json_spans,
    without_private,
)
from agentweb.engine.streaming import AnswerText
from agentweb.workflows.env import Environment, Request
from agentweb.workflows.phrases import say

# Earlier exchanges the chat fallback sees (fewer when the context window is small).
CHAT_MEMORY = 4
# A reply in a code fence: the fence is not what the player reads.
FENCED = re.compile(r"^```(?:json)?\s*(.*?)\s*```$", re.DOTALL)


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
        await ctx.emit(FailureSeen(round=1, **error.as_dict(), terminal=True))
        status, stop = stop_for(error)
        return LoopResult(
            status,
            stop,
            say(request.text, "chat_failed", reason=error.message),
            failure=error,
        )
    try:
        text = text_of(reply.text)
    except AgentError as error:
        # One call only (R-FREE-3): no second attempt, a clear sentence instead.
        await ctx.emit(FailureSeen(round=1, **error.as_dict(), recoverable=False))
        no_text = say(request.text, "no_chat_text")
        await ctx.emit(AnswerGiven(text=no_text, sources=[], cards=[]))
        status, stop = stop_for(error)
        return LoopResult(status, stop, no_text, failure=error, rounds_used=1, rounds_total=1)
    await ctx.emit(AnswerGiven(text=text, sources=[], cards=[]))
    return LoopResult(
        RunStatus.COMPLETED, StopReason(StopCode.ANSWERED), text, rounds_used=1, rounds_total=1
    )


def text_of(reply: str) -> str:
    """What the player reads: the answer object's ``text``, or a prose reply as it is.

    A reply that is JSON (or meant to be: it starts with an object or array, fenced
    or not) without a usable ``text`` — a tool action, another object, an array, a
    cut-off object — is never shown raw: it raises ``MODEL_INVALID_OUTPUT``. Prose is
    prose even with braces or brackets in it ("[Tip] …", "set it to {…}"), unless it
    carries a tool action; an answer object inside prose gives its ``text``.
    """
    prose = without_private(reply).strip()
    body = _unfenced(prose)
    spans = list(json_spans(body))
    whole = spans and spans[0].start == 0 and spans[0].end in (None, len(body))
    if not body or whole:
        return _structured_text(reply, spans[0] if spans else None)
    for span in spans:
        if is_tool_action(span.value):
            raise invalid("The chat reply asked for a tool; chat has no tools", reply)
        answer = _answer_text(span.value)
        if answer:
            return answer
    return prose


def _unfenced(text: str) -> str:
    fenced = FENCED.match(text)
    return fenced.group(1).strip() if fenced else text


def _structured_text(reply: str, span: JsonSpan | None) -> str:
    if span is None or span.end is None:
        raise invalid("The chat reply is not an answer", reply)
    answer = _answer_text(span.value)
    if answer:
        return answer
    if is_tool_action(span.value):
        kind = span.value.get("type") if isinstance(span.value, dict) else "a tool"
        raise invalid(f"The chat reply asked for {kind!r}; chat has no tools", reply)
    raise invalid('The chat reply has no "text"', reply)


def _answer_text(value: object) -> str | None:
    if not isinstance(value, dict) or value.get("type") not in (None, ANSWER):
        return None
    text = value.get("text")
    return text.strip() if isinstance(text, str) and text.strip() else None
