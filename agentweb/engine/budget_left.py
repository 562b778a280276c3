"""What is left of a request's budgets, as every model request tells the model (R-LOOP-3).

A model told only its rounds spends its last tool call or its last seconds
and the run ends on ``budget_exhausted``; told every budget, it can answer
with what it found while it still may. Each decision request carries
``budget`` (see :func:`budget_left`), and a final-only round that a budget
forced carries ``stopped`` (see :func:`stopped`): which budget ran out and
which tools could not be used any more, so the answer can say what was not
looked up instead of "not found".
"""

from __future__ import annotations

from typing import Any

from agentweb.engine.context import ExecutionContext
from agentweb.engine.failures import Budget

# Why a final-only round is the last: budgets that ran out (the answer says so) …
RAN_OUT = frozenset(
    {
        Budget.ROUNDS.value,
        Budget.MODEL_CALLS.value,
        Budget.TOOL_CALLS.value,
        Budget.STEPS.value,
        Budget.TOTAL_TOKENS.value,
        Budget.DEADLINE.value,
        Budget.INPUT_BYTES.value,
    }
)
# … and reasons that are no budget: the model repeated an action, the workflow wants
# one answering round (it looked things up itself), a failure ended the tool rounds.
REPEATED = "repeated_action"


def budget_left(ctx: ExecutionContext, rounds_left: int, request_tokens: int) -> dict[str, Any]:
    """Every budget's remainder as this request is sent, and ``wrap_up`` when the next
    step could not be paid for (no tool call, model call, time or tokens for it)."""
    left = {
        "rounds_left": max(rounds_left, 0),
        # After this call: the decisions still possible once this one is made.
        "model_calls_left": max(ctx.remaining(Budget.MODEL_CALLS) - 1, 0),
        "tool_calls_left": max(ctx.remaining(Budget.TOOL_CALLS), 0),
        "tokens_left": max(ctx.remaining(Budget.TOTAL_TOKENS), 0),
        "seconds_left": max(int(ctx.time_left()), 0),
    }
    per_call_s = ctx.policy.model_timeout_millis / 1000
    left["wrap_up"] = (
        left["tool_calls_left"] == 0
        or left["model_calls_left"] == 0
        or left["seconds_left"] < per_call_s
        # Another round sends at least this request again, and gets a reply.
        or left["tokens_left"] < 2 * request_tokens + ctx.output_tokens
    )
    return left


def low_budget(ctx: ExecutionContext) -> str | None:
    """The budget with no room for another step (``Budget`` value), if any: what an
    answer given before the last round and said ``incomplete`` ran out of."""
    if ctx.remaining(Budget.TOOL_CALLS) <= 0:
        return Budget.TOOL_CALLS.value
    if ctx.remaining(Budget.MODEL_CALLS) <= 0:
        return Budget.MODEL_CALLS.value
    if ctx.time_left() < ctx.policy.model_timeout_millis / 1000:
        return Budget.DEADLINE.value
    if ctx.remaining(Budget.TOTAL_TOKENS) < ctx.output_tokens:
        return Budget.TOTAL_TOKENS.value
    return None


def stopped(reason: str | None, tools: list[str]) -> dict[str, Any] | None:
    """The ``stopped`` object of a final-only round a budget forced, else ``None``."""
    if reason not in RAN_OUT:
        return None
    return {"by": reason, "tools": tools}
