"""Execution policies (SPEC §3): the budgets of one request.

A policy is immutable. A run copies the policy in force when it starts
(R-POL-4); overrides are complete objects validated here (R-POL-3).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

logger = logging.getLogger("agentweb.engine.policy")

# Used when an override's reactIterations is missing or invalid (R-POL-3).
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


class PolicyError(ValueError):
    """A rejected override; ``errors`` maps each bad field to a message."""

    def __init__(self, workflow: str, errors: dict[str, str]) -> None:
        self.workflow = workflow
        self.errors = errors
        detail = "; ".join(f"{field}: {msg}" for field, msg in errors.items())
        super().__init__(f"invalid policy for {workflow}: {detail}")


def parse_override(workflow: str, raw: Any) -> tuple[ExecutionPolicy, list[str]]:
    """Validate a complete override object.

    Returns the policy and warnings. Every field but ``reactIterations`` is
    required and must be valid, or ``PolicyError`` names the bad fields. A
    missing or invalid ``reactIterations`` falls back to 3 with a warning.
    """
    if not isinstance(raw, Mapping):
        raise PolicyError(workflow, {"(object)": "an override must be a JSON object"})
    data = dict(raw)
    warnings: list[str] = []
    rounds = data.get("reactIterations")
    if not _valid_rounds(rounds):
        shown = "missing" if "reactIterations" not in data else f"invalid ({rounds!r})"
        warnings.append(f"reactIterations {shown}; using {FALLBACK_REACT_ITERATIONS}")
        data["reactIterations"] = FALLBACK_REACT_ITERATIONS
    try:
        policy = ExecutionPolicy.model_validate(data, strict=True)
    except ValidationError as exc:
        raise PolicyError(workflow, _field_errors(exc)) from None
    return policy, warnings


def load_overrides(config: Any) -> tuple[dict[str, ExecutionPolicy], list[str]]:
    """Read ``policies.<workflowId>`` from a parsed system-agent.json.

    A bad override is logged with the field it names and left out, so the
    module default stays in force (R-POL-3). Returns the valid overrides and
    the messages (errors and warnings) for the admin.
    """
    messages: list[str] = []
    policies = config.get("policies", {}) if isinstance(config, Mapping) else None
    if not isinstance(policies, Mapping):
        return {}, ["'policies' must be an object mapping workflow ids to policies"]
    valid: dict[str, ExecutionPolicy] = {}
    for workflow, raw in policies.items():
        try:
            policy, warnings = parse_override(workflow, raw)
        except PolicyError as exc:
            logger.error("%s; the module default stays in force", exc)
            messages.append(str(exc))
            continue
        for warning in warnings:
            logger.warning("policy %s: %s", workflow, warning)
            messages.append(f"{workflow}: {warning}")
        valid[workflow] = policy
    return valid, messages


def policy_for(workflow: str, overrides: Mapping[str, ExecutionPolicy]) -> ExecutionPolicy:
    """The override if one exists, else the module default."""
    if workflow in overrides:
        return overrides[workflow]
    try:
        return MODULE_DEFAULTS[workflow]
    except KeyError:
        raise KeyError(f"no policy for workflow {workflow!r}") from None


def _valid_rounds(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 100


def _field_errors(exc: ValidationError) -> dict[str, str]:
    errors: dict[str, str] = {}
    for err in exc.errors():
        field = ".".join(str(part) for part in err["loc"]) or "(object)"
        errors[field] = (
            "missing (an override must be a complete object)"
            if (err["type"] == "missing")
            else err["msg"]
        )
    return errors
