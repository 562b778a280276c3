"""The model router (R-ROUTE-1/2): one model call picks the workflow for free text."""

from __future__ import annotations

from agentweb.engine import AgentError, AgentFailure, ExecutionContext, Message, Purpose
from agentweb.engine.history import fit_memory, history_budget
from agentweb.engine.loop import DEFAULT_CONTEXT_WINDOW, TracedCall
from agentweb.engine.policy import ROUTABLE
from agentweb.engine.protocol import dumps, parse_object
from agentweb.workflows.env import WORKFLOW_DESCRIPTIONS

# Earlier exchanges the router sees (fewer when the context window is small).
ROUTER_MEMORY = 2


async def route(
    ctx: ExecutionContext,
    system: str,
    question: str,
    memory: list[dict] | None = None,
    *,
    context_window: int = DEFAULT_CONTEXT_WINDOW,
    entities: list[dict] | None = None,
) -> str:
    """Ask the model which workflow fits; its call is charged to the request (R-ROUTE-2).
    ``entities``: the things the question names (``agentweb.workflows.names``)."""
    workflows = [{"id": w, "description": WORKFLOW_DESCRIPTIONS[w]} for w in ROUTABLE]
    # Looked up (even when the question names nothing): the model may rely on the list.
    linked = {"entities": entities} if entities is not None else {}
    user = fit_memory(
        lambda kept: dumps(
            {
                "task": "route",
                "question": question,
                "workflows": workflows,
                "memory": kept,
                **linked,
            }
        ),
        (memory or [])[-ROUTER_MEMORY:],
        budget_tokens=history_budget(context_window, len(system) // 4 + 1, ctx.output_tokens),
        max_bytes=ctx.input_bytes - len(system.encode()),
    )
    call = TracedCall(ctx, 0, "router", user)
    reply = await call.model([Message("system", system), Message("user", user)], Purpose.ROUTE)
    choice = parse_object(reply.text).get("workflow")
    if choice not in ROUTABLE:
        raise AgentError(
            AgentFailure.MODEL_INVALID_OUTPUT, f"The router chose an unknown workflow: {choice!r}"
        )
    return choice
