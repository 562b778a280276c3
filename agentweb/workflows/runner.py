"""One player request from start to finish: direct answer, routing, workflow, trace.

request → direct command? → router (or the player's explicit choice)
        → workflow under its policy snapshot → events → RunOutcome
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from agentweb.engine import (
    AgentError,
    AgentFailure,
    ExecutionContext,
    ExecutionPolicy,
    LoopResult,
    RunStatus,
    StopCode,
    StopReason,
    stop_for,
)
from agentweb.engine.credentials import redact
from agentweb.engine.events import (
    AnswerGiven,
    FailureSeen,
    RouteDecided,
    RunFinished,
    RunStarted,
    ToolFinished,
)
from agentweb.engine.policy import CHAT, FREE_CHAT, QUESTION, REASONING
from agentweb.workflows import chat, free_chat, names, phrases, question, reasoning
from agentweb.workflows.env import (
    DirectAnswer,
    Environment,
    Request,
    RunOutcome,
)
from agentweb.workflows.router import route

Workflow = Callable[[ExecutionContext, Environment, Request], Awaitable[LoopResult]]

WORKFLOWS: dict[str, Workflow] = {
    REASONING: reasoning.run,
    QUESTION: question.run,
    FREE_CHAT: free_chat.run,
    CHAT: chat.run,
}

# The router's own context: one call, bounded like the chat fallback, charged to the workflow.
ROUTER_POLICY = ExecutionPolicy(
    modelCalls=1,
    toolCalls=0,
    # The direct lookup and the question's names (internal steps) and the router's call.
    steps=3,
    writeSteps=0,
    inputBytes=65_536,
    outputTokens=256,
    totalTokens=262_144,
    ttlMillis=90_000,
    modelTimeoutMillis=20_000,
    reactIterations=0,
)


async def run_request(env: Environment, request: Request) -> RunOutcome:
    """Run one request; every step is emitted to ``env.sink`` before this returns."""
    ctx = ExecutionContext(
        ROUTER_POLICY,
        env.model,
        sink=env.sink,
        guards=env.guards,
        principal=env.principal,
        # Every tool names things in the language the answer speaks.
        language=names.game_language_of(request.text),
    )
    if env.on_context is not None:
        env.on_context(ctx)
    await ctx.emit(
        RunStarted(
            question=request.text,
            allow_web=request.allow_web,
            workflow=request.workflow,
            # The budget from the first moment (the router's, until a workflow takes over).
            budget=ctx.limits(),
        )
    )
    if request.workflow is None and env.direct is not None:
        try:
            ctx.step()  # the local lookup of commands and exact names (R-POL-1)
        except AgentError as error:
            return await _finish(ctx, "router", _failed(error, request.text))
        direct = await env.direct(request.text)
        if direct is not None:
            return await _direct(ctx, direct)
    workflow = request.workflow
    routed = {"by": "player"}
    if workflow is None:
        routed = {"by": "router"}
        try:
            await ctx.check_state()
            request.entities = await names.entities(ctx, env.names, request.text)
            workflow = await route(
                ctx,
                env.prompts["router"],
                request.text,
                request.memory,
                context_window=env.context_window,
                entities=request.entities,
            )
        except AgentError as error:
            if error.failure is not AgentFailure.MODEL_INVALID_OUTPUT:
                return await _finish(ctx, "router", _failed(error, request.text))
            # The reply named no workflow we have: the chat fallback answers instead.
            await ctx.emit(FailureSeen(round=0, **error.as_dict(), recoverable=True))
            workflow, routed = CHAT, {"by": "fallback", "reason": error.message}
    if env.on_route is not None:
        env.on_route(workflow)
    policy, changed = request.policy_for(env.policy(workflow))
    ctx = ctx.continuing(policy)
    if env.on_context is not None:
        env.on_context(ctx)
    decided: dict[str, Any] = {"workflow": workflow, **routed, "policy": policy.as_config()}
    if request.options is not None and request.options.requested():
        # The effective policy above; which of its fields this request changed (R-X4-3).
        decided["options"] = {"requested": request.options.requested(), "changed": changed}
    await ctx.emit(RouteDecided(**decided))
    result = await WORKFLOWS[workflow](ctx, env, request)
    if result.stop.code is StopCode.LOOP_DISABLED:
        result.text = phrases.say(request.text, "loop_disabled")  # the engine's is English
    return await _finish(ctx, workflow, result)


async def _direct(ctx: ExecutionContext, direct: DirectAnswer) -> RunOutcome:
    await ctx.emit(RouteDecided(workflow="direct", by="command", command=direct.command))
    for n, write in enumerate(direct.writes, 1):
        # The player's own command is the consent; the trace keeps the write for undo.
        await ctx.emit(
            ToolFinished(
                step_id=f"direct.w{n}",
                tool=write["tool"],
                module=write["module"],
                input=write["input"],
                output=write["output"],
                observation=None,
                card=None,
                latency_ms=0,
                writes=True,
            )
        )
    await ctx.emit(
        AnswerGiven(
            text=direct.text,
            cards=direct.cards,
            sources=[{"n": n, **s.as_dict()} for n, s in enumerate(direct.sources, 1)],
        )
    )
    result = LoopResult(
        RunStatus.COMPLETED,
        StopReason(StopCode.ANSWERED, direct.command),
        direct.text,
        sources=direct.sources,
        cards=direct.cards,
    )
    return await _finish(ctx, "direct", result)


def _failed(error: AgentError, question: str) -> LoopResult:
    """A request the router could not hand on, said in the question's language."""
    status, stop = stop_for(error)
    text = phrases.say(question, "not_handled", reason=error.message)
    return LoopResult(status, stop, text, failure=error)


async def _finish(ctx: ExecutionContext, workflow: str, result: LoopResult) -> RunOutcome:
    usage = ctx.limits()
    usage["rounds"] = {"used": result.rounds_used, "limit": result.rounds_total}
    await ctx.emit(
        RunFinished(
            workflow=workflow,
            status=result.status.value,
            stop_reason=result.stop.as_dict(),
            usage=usage,
            text=result.text,
        ),
    )
    if result.answer is not None and len(result.answer.sources) == len(result.sources):
        numbers = list(result.answer.sources)
    else:
        numbers = list(range(1, len(result.sources) + 1))
    return RunOutcome(
        workflow,
        result.status,
        result.stop,
        redact(result.text),
        result.sources,
        result.cards,
        usage,
        numbers,
    )
