"""Execution policies (SPEC §3): the budgets of one request.

A policy is immutable. A run copies the policy in force when it starts
(R-POL-4). What an admin or a request gives is checked by ``validate_policy``
against the rules of ``policy_rules`` (R-POL-3); the engine itself accepts
any structurally sound policy (its own tests use millisecond deadlines).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from agentweb.engine.policy_rules import FieldError, PolicyInvalid, check_fields

__all__ = [
    "ADMIN",
    "CHAT",
    "FALLBACK_REACT_ITERATIONS",
    "FREE_CHAT",
    "MODULE_DEFAULTS",
    "QUESTION",
    "REASONING",
    "ROUTABLE",
    "ExecutionPolicy",
    "FieldError",
    "PolicyInvalid",
    "policy_for",
    "policy_with_fallbacks",
    "validate_policy",
]

# Used at run time when a stored policy's reactIterations is missing or invalid (R-POL-3).
FALLBACK_REACT_ITERATIONS = 3

# The workflow ids: every other module imports them from here.
REASONING = "system:reasoning"
QUESTION = "system:question"
FREE_CHAT = "system:free_chat"
CHAT = "system:chat"
# The workflows the router may choose (each has a policy and a prompt).
ROUTABLE = (REASONING, QUESTION, FREE_CHAT, CHAT)
# /reload: answered directly, never routed.
ADMIN = "system:admin"


class ExecutionPolicy(BaseModel):
    """The ten budgets of R-POL-1, plus the optional autoRethink switch (R-X4-1)."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    model_calls: int = Field(alias="modelCalls", ge=0, le=1000)
    tool_calls: int = Field(alias="toolCalls", ge=0, le=1000)
    steps: int = Field(alias="steps", ge=0, le=10_000)
    write_steps: int = Field(alias="writeSteps", ge=0, le=100)
    input_bytes: int = Field(alias="inputBytes", ge=256, le=16 * 1024 * 1024)
    output_tokens: int = Field(alias="outputTokens", ge=1, le=1_000_000)
    total_tokens: int = Field(alias="totalTokens", ge=1, le=100_000_000)
    ttl_millis: int = Field(alias="ttlMillis", ge=1, le=3_600_000)
    model_timeout_millis: int = Field(alias="modelTimeoutMillis", ge=1, le=3_600_000)
    react_iterations: int = Field(alias="reactIterations", ge=0, le=100)
    auto_rethink: bool = Field(default=False, alias="autoRethink")

    @property
    def loop_enabled(self) -> bool:
        return self.react_iterations > 0

    def as_config(self) -> dict[str, Any]:
        """The camelCase object used in config files, the admin and traces."""
        return self.model_dump(by_alias=True)

    def with_overrides(self, **changes: Any) -> ExecutionPolicy:
        """A validated copy with some fields changed; the original stays as it was (R-X4-3)."""
        data = self.model_dump(by_alias=True)
        data.update(changes)
        return ExecutionPolicy.model_validate(data)


def _policy(
    rounds: int,
    model: int,
    tools: int,
    steps: int,
    ttl_s: int,
    timeout_s: int,
    *,
    write_steps: int = 0,
) -> ExecutionPolicy:
    return ExecutionPolicy(
        modelCalls=model,
        toolCalls=tools,
        steps=steps,
        writeSteps=write_steps,
        inputBytes=65_536,
        outputTokens=1_536,
        totalTokens=262_144,
        ttlMillis=ttl_s * 1000,
        modelTimeoutMillis=timeout_s * 1000,
        reactIterations=rounds,
    )


# Module defaults of R-POL-2, used when no override exists. The one place they live.
MODULE_DEFAULTS: Mapping[str, ExecutionPolicy] = {
    REASONING: _policy(3, 4, 8, 14, 60, 12),
    QUESTION: _policy(6, 6, 9, 20, 90, 20),
    FREE_CHAT: _policy(6, 6, 16, 32, 90, 30, write_steps=4),
    # Extended chat fallback: the router call plus exactly one answer, no loop.
    CHAT: _policy(0, 2, 0, 4, 45, 30),
}


def validate_policy(data: Any) -> ExecutionPolicy:
    """The one check of a complete policy: the admin form, the file, the API (R-POL-3).

    Every field of R-POL-1 is required (``autoRethink`` optional) and must keep
    its rule (``policy_rules``); ``PolicyInvalid`` lists every bad field.
    """
    return ExecutionPolicy.model_validate(check_fields(data, complete=True))


def policy_with_fallbacks(data: Any) -> tuple[ExecutionPolicy, list[str]]:
    """A stored policy read at run time, with the seed's fallback (R-POL-3).

    When ``reactIterations`` is the only bad field it becomes 3 (a warning says
    so); any other bad field raises ``PolicyInvalid`` and the caller keeps what
    it had. Editing never takes this path: ``validate_policy`` refuses.
    """
    try:
        return validate_policy(data), []
    except PolicyInvalid as exc:
        if exc.fields() != ["reactIterations"]:
            raise
        (error,) = exc.errors
    policy = validate_policy({**data, "reactIterations": FALLBACK_REACT_ITERATIONS})
    return policy, [f"{error}; using {FALLBACK_REACT_ITERATIONS}"]


def policy_for(workflow: str, overrides: Mapping[str, ExecutionPolicy]) -> ExecutionPolicy:
    """The override if one exists, else the module default."""
    if workflow in overrides:
        return overrides[workflow]
    try:
        return MODULE_DEFAULTS[workflow]
    except KeyError:
        raise KeyError(f"no policy for workflow {workflow!r}") from None
