"""Per-request options (seed 004, R-X4-3): a request's own copy of its workflow's policy.

``chat.send`` and ``POST /api/runs`` may carry ``"options": {"reactIterations": n,
"autoRethink": bool, "modelTimeoutMillis": ms}``. They change a copy of the
policy for that run only, never the defaults. Players may only tighten: a
value above the workflow's policy is held to it (fewer rounds, a shorter
timeout, autoRethink only off). Staff may also raise them, up to the
ceiling the admin sets. Unknown or invalid options are refused with a clear
message before anything starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from agentweb.engine.policy import ExecutionPolicy
from agentweb.engine.policy_rules import RULES, PolicyInvalid, check_fields

# The policy fields a request may set for itself.
OPTION_FIELDS = ("reactIterations", "autoRethink", "modelTimeoutMillis")
ROUNDS, TIMEOUT = RULES["reactIterations"], RULES["modelTimeoutMillis"]


class OptionsError(ValueError):
    """Options that cannot be applied; the message says which field and why."""


class RunOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=True)

    # The bounds are the policy rules' (``policy_rules``); ``parse_options`` checks them first.
    react_iterations: int | None = Field(
        default=None, alias="reactIterations", ge=ROUNDS.minimum, le=ROUNDS.maximum
    )
    auto_rethink: bool | None = Field(default=None, alias="autoRethink")
    model_timeout_millis: int | None = Field(
        default=None, alias="modelTimeoutMillis", ge=TIMEOUT.minimum, le=TIMEOUT.maximum
    )

    def requested(self) -> dict[str, Any]:
        """The options given, camelCase (as stored and traced)."""
        return self.model_dump(by_alias=True, exclude_none=True)


@dataclass(frozen=True, slots=True)
class Ceiling:
    """How far staff may raise the options (set by the admin)."""

    react_iterations: int
    model_timeout_millis: int
    auto_rethink: bool


# Until the admin sets one: staff may ask for up to 10 rounds and 2-minute model calls.
DEFAULT_CEILING = Ceiling(react_iterations=10, model_timeout_millis=120_000, auto_rethink=True)


def parse_options(raw: Any) -> RunOptions:
    """Validated options from a request body, by the policy rules (the same validator as
    the admin form and the policy file); ``OptionsError`` names every bad field."""
    if raw is None:
        return RunOptions()
    if not isinstance(raw, dict):
        raise OptionsError("options must be a JSON object.")
    for name in raw:
        if name not in OPTION_FIELDS:
            raise OptionsError(
                f"options.{name} is not an option (allowed: {', '.join(OPTION_FIELDS)})."
            )
    try:
        return RunOptions.model_validate(check_fields(raw, complete=False))
    except PolicyInvalid as exc:
        raise OptionsError("; ".join(f"options.{error}" for error in exc.errors) + ".") from None


def check_allowed(
    options: RunOptions, *, staff: bool, ceiling: Ceiling, loosest: ExecutionPolicy
) -> None:
    """Refuse what the player may never get: above the ceiling (staff) or above every
    workflow's policy (players, who may only tighten). ``loosest`` holds the highest
    value of each field over the routable workflows."""
    if options.react_iterations is not None:
        limit = ceiling.react_iterations if staff else loosest.react_iterations
        if options.react_iterations > limit:
            raise OptionsError(_too_high("reactIterations", limit, staff))
    if options.model_timeout_millis is not None:
        limit = ceiling.model_timeout_millis if staff else loosest.model_timeout_millis
        if options.model_timeout_millis > limit:
            raise OptionsError(_too_high("modelTimeoutMillis", limit, staff))
    if options.auto_rethink:
        allowed = ceiling.auto_rethink if staff else loosest.auto_rethink
        if not allowed:
            who = "the admin does not allow it" if staff else "players may only turn it off"
            raise OptionsError(f"options.autoRethink cannot be turned on: {who}.")


def _too_high(field: str, limit: int, staff: bool) -> str:
    if staff:
        return f"options.{field} is above the ceiling the admin set ({limit})."
    return f"options.{field} may only tighten the policy: at most {limit}."


def apply_options(
    policy: ExecutionPolicy, options: RunOptions, *, staff: bool
) -> tuple[ExecutionPolicy, list[str]]:
    """The run's copy of ``policy`` and the fields the options changed."""
    wanted: dict[str, Any] = {}
    if options.react_iterations is not None:
        wanted["reactIterations"] = (
            options.react_iterations
            if staff
            else min(options.react_iterations, policy.react_iterations)
        )
    if options.model_timeout_millis is not None:
        wanted["modelTimeoutMillis"] = (
            options.model_timeout_millis
            if staff
            else min(options.model_timeout_millis, policy.model_timeout_millis)
        )
    if options.auto_rethink is not None:
        wanted["autoRethink"] = (
            options.auto_rethink if staff else (options.auto_rethink and policy.auto_rethink)
        )
    current = policy.as_config()
    changed = [name for name, value in wanted.items() if current[name] != value]
    if not changed:
        return policy, []
    return policy.with_overrides(**{name: wanted[name] for name in changed}), changed


def loosest(policies: list[ExecutionPolicy]) -> ExecutionPolicy:
    """The highest value of each option field over ``policies`` (a player's upper bound)."""
    first = policies[0]
    return first.with_overrides(
        reactIterations=max(p.react_iterations for p in policies),
        modelTimeoutMillis=max(p.model_timeout_millis for p in policies),
        autoRethink=any(p.auto_rethink for p in policies),
    )
