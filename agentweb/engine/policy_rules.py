"""The rules every policy an admin or a request gives must keep (R-POL-1, R-POL-3, R-X4-3).

One table, one check: the admin form, the policy file, per-request options
and the API all validate through ``check_fields`` (``validate_policy`` in
``agentweb.engine.policy`` for a complete object). A problem names its field
and says what is wrong with it: missing, wrong type, out of range, or
inconsistent with another field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

# The shortest deadline and model timeout anyone may set: below it no model answers.
MIN_MILLIS = 1000
HOUR_MILLIS = 3_600_000


@dataclass(frozen=True, slots=True)
class FieldRule:
    """What one policy field must be: an integer in ``[minimum, maximum]`` or a boolean."""

    name: str
    kind: type
    minimum: int = 0
    maximum: int = 0
    required: bool = True
    meaning: str = ""

    def describe(self) -> str:
        """The rule in words, for the admin's help text and the docs."""
        if self.kind is bool:
            return "true or false" + ("" if self.required else " (optional, default false)")
        return f"a whole number from {self.minimum} to {self.maximum}"


@dataclass(frozen=True, slots=True)
class PairRule:
    """``lower`` may not be above ``upper`` (a budget that could never be spent)."""

    lower: str
    upper: str
    reason: str


@dataclass(frozen=True, slots=True)
class FieldError:
    """One field and what is wrong with it."""

    field: str
    problem: str

    def __str__(self) -> str:
        return f"{self.field}: {self.problem}"


class PolicyInvalid(ValueError):
    """A policy (or part of one) that breaks the rules; ``errors`` names every bad field."""

    def __init__(self, errors: list[FieldError]) -> None:
        self.errors = list(errors)
        super().__init__("; ".join(str(e) for e in self.errors))

    def fields(self) -> list[str]:
        return [e.field for e in self.errors]


FIELD_RULES: tuple[FieldRule, ...] = (
    FieldRule("modelCalls", int, 0, 1000, meaning="model calls for the whole request"),
    FieldRule("toolCalls", int, 0, 1000, meaning="tool executions"),
    FieldRule("steps", int, 0, 10_000, meaning="model calls + tool calls + internal steps"),
    FieldRule("writeSteps", int, 0, 100, meaning="side-effecting steps (0 = read-only)"),
    FieldRule("inputBytes", int, 256, 16 * 1024 * 1024, meaning="bytes of one model input"),
    FieldRule("outputTokens", int, 1, 1_000_000, meaning="tokens of one model reply"),
    FieldRule("totalTokens", int, 1, 100_000_000, meaning="tokens of the whole request"),
    FieldRule("ttlMillis", int, MIN_MILLIS, HOUR_MILLIS, meaning="deadline of the request"),
    FieldRule(
        "modelTimeoutMillis", int, MIN_MILLIS, HOUR_MILLIS, meaning="timeout of one model call"
    ),
    FieldRule("reactIterations", int, 0, 50, meaning="loop rounds; 0 disables the loop"),
    FieldRule("autoRethink", bool, required=False, meaning="extra rounds with a reflection"),
)
RULES: Mapping[str, FieldRule] = {rule.name: rule for rule in FIELD_RULES}

PAIR_RULES: tuple[PairRule, ...] = (
    PairRule("modelCalls", "steps", "every model call is a step"),
    PairRule("toolCalls", "steps", "every tool call is a step"),
    PairRule("writeSteps", "steps", "every write is a step"),
    PairRule("outputTokens", "totalTokens", "one reply counts toward the request's tokens"),
    PairRule("modelTimeoutMillis", "ttlMillis", "a model call cannot outlast its request"),
)


def check_fields(data: Any, *, complete: bool = True) -> dict[str, Any]:
    """The fields of ``data`` if they keep every rule; ``PolicyInvalid`` otherwise.

    ``complete``: every required field must be present (an override, a file
    entry). Otherwise only the given fields are checked, and a pair rule only
    when both of its fields are given (per-request options). Unknown fields are
    refused either way.
    """
    if not isinstance(data, Mapping):
        raise PolicyInvalid([FieldError("(policy)", "must be a JSON object of fields")])
    errors: list[FieldError] = []
    for name in data:
        if name not in RULES:
            errors.append(FieldError(str(name), f"is not a policy field (known: {_names()})"))
    good: dict[str, Any] = {}
    for rule in FIELD_RULES:
        if rule.name not in data:
            if complete and rule.required:
                errors.append(FieldError(rule.name, "missing (a policy is a complete object)"))
            continue
        problem = _value_problem(rule, data[rule.name])
        if problem:
            errors.append(FieldError(rule.name, problem))
        else:
            good[rule.name] = data[rule.name]
    for pair in PAIR_RULES:
        if pair.lower in good and pair.upper in good and good[pair.lower] > good[pair.upper]:
            errors.append(
                FieldError(
                    pair.lower,
                    f"{good[pair.lower]} is above {pair.upper} ({good[pair.upper]}): {pair.reason}",
                )
            )
    if errors:
        raise PolicyInvalid(errors)
    return good


def _value_problem(rule: FieldRule, value: Any) -> str:
    if rule.kind is bool:
        return "" if isinstance(value, bool) else f"must be true or false, not {_shown(value)}"
    if isinstance(value, bool) or not isinstance(value, int):
        return f"must be a whole number, not {_shown(value)}"
    if not rule.minimum <= value <= rule.maximum:
        return f"{value} is out of range ({rule.minimum} to {rule.maximum})"
    return ""


def _shown(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"the text {value[:40]!r}"
    if isinstance(value, float):
        return f"{value!r} (a fraction)"
    return type(value).__name__


def _names() -> str:
    return ", ".join(RULES)
