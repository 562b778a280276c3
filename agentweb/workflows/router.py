"""The model router (R-ROUTE-1/2): one model call picks the workflow for free text."""

from __future__ import annotations

from agentweb.engine import AgentError, AgentFailure, ExecutionContext, Message, Purpose
from agentweb.engine.loop import TracedCall
from agentweb.engine.policy import ROUTABLE
from agentweb.engine.protocol import dumps, parse_object
from agentweb.workflows.env import WORKFLOW_DESCRIPTIONS


async def route(
    ctx: ExecutionContext, system: str, question: str, memory: list[dict] | None = None
) -> str:
    """Ask the model which workflow fits; its call is charged to the request (R-ROUTE-2)."""
    user = dumps(
        {
            "task": "route",
            "question": question,
            "workflows": [{"id": w, "description": WORKFLOW_DESCRIPTIONS[w]} for w in ROUTABLE],
            "memory": (memory or [])[-2:],
        }
    )
    call = TracedCall(ctx, 0, "router", user)
    reply = await call.model([Message("system", system), Message("user", user)], Purpose.ROUTE)
    choice = parse_object(reply.text).get("workflow")
    if choice not in ROUTABLE:
        raise AgentError(
            AgentFailure.MODEL_INVALID_OUTPUT, f"The router chose an unknown workflow: {choice!r}"
        )
    return choice
