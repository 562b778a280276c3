"""Typed failures (R-LOOP-7).

Every failure the engine or a tool can raise is an ``AgentFailure`` value
carried by one exception type, ``AgentError``. Code decides what to do by
comparing enum members and membership in sets, never by matching strings.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from agentweb.engine.credentials import redact, redact_all


class Budget(StrEnum):
    """The limits an ``ExecutionPolicy`` sets; named in budget failures."""

    MODEL_CALLS = "modelCalls"
    TOOL_CALLS = "toolCalls"
    STEPS = "steps"
    WRITE_STEPS = "writeSteps"
    INPUT_BYTES = "inputBytes"
    OUTPUT_TOKENS = "outputTokens"
    TOTAL_TOKENS = "totalTokens"
    DEADLINE = "ttlMillis"
    ROUNDS = "reactIterations"


class AgentFailure(StrEnum):
    MODEL_INVALID_OUTPUT = "model_invalid_output"
    MODEL_TIMEOUT = "model_timeout"
    MODEL_ERROR = "model_error"
    MODEL_RATE_LIMITED = "model_rate_limited"
    MODEL_REFUSAL = "model_refusal"
    TOOL_ERROR = "tool_error"
    TOOL_INPUT_INVALID = "tool_input_invalid"
    SEARCH_ERROR = "search_error"
    BUDGET_EXHAUSTED = "budget_exhausted"
    QUOTA_EXCEEDED = "quota_exceeded"
    CONCURRENCY_LIMIT = "concurrency_limit"
    PERMISSION_DENIED = "permission_denied"
    CANCELLED = "cancelled"
    UNDONE = "undone"
    FORGOTTEN = "forgotten"
    ASSISTANT_DISABLED = "assistant_disabled"
    MODULE_INVALIDATED = "module_invalidated"
    MEMORY_STALE = "memory_stale"
    LOOP_DISABLED = "loop_disabled"


# Failures that end a run at once: no finalization model call, no
# compensation answer (R-LOOP-5, R-MEM-2). They beat every other failure.
TERMINAL_FAILURES: frozenset[AgentFailure] = frozenset(
    {
        AgentFailure.PERMISSION_DENIED,
        AgentFailure.CANCELLED,
        AgentFailure.UNDONE,
        AgentFailure.FORGOTTEN,
        AgentFailure.ASSISTANT_DISABLED,
        AgentFailure.MODULE_INVALIDATED,
        AgentFailure.MEMORY_STALE,
    }
)

# The default recoverable set: with evidence gathered, these lead to at most
# one finalization call. Workflows pass their own set.
DEFAULT_RECOVERABLE: frozenset[AgentFailure] = frozenset(
    {
        AgentFailure.MODEL_INVALID_OUTPUT,
        AgentFailure.MODEL_TIMEOUT,
        AgentFailure.MODEL_ERROR,
        AgentFailure.MODEL_RATE_LIMITED,
        AgentFailure.TOOL_ERROR,
        AgentFailure.SEARCH_ERROR,
        AgentFailure.BUDGET_EXHAUSTED,
    }
)


class AgentError(Exception):
    """The one exception type of the engine; ``failure`` says what went wrong."""

    def __init__(
        self,
        failure: AgentFailure,
        message: str = "",
        *,
        budget: Budget | None = None,
        detail: dict[str, Any] | None = None,
    ) -> None:
        self.failure = failure
        self.budget = budget
        # A failure's text ends up in traces, stop reasons and logs: never with a credential.
        self.message = redact(message) if message else _default_message(failure, budget)
        self.detail = redact_all(detail) if detail else {}
        # A model call that failed mid-stream: the ``ModelReply`` of what arrived.
        self.partial: Any = None
        super().__init__(self.message)

    @property
    def terminal(self) -> bool:
        return self.failure in TERMINAL_FAILURES

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"failure": self.failure.value, "message": self.message}
        if self.budget is not None:
            data["budget"] = self.budget.value
        if self.detail:
            data["detail"] = self.detail
        return data


def budget_exhausted(budget: Budget, message: str = "") -> AgentError:
    return AgentError(AgentFailure.BUDGET_EXHAUSTED, message, budget=budget)


def _default_message(failure: AgentFailure, budget: Budget | None) -> str:
    if budget is not None:
        return f"Budget exhausted: {budget.value}"
    return failure.value.replace("_", " ").capitalize()
