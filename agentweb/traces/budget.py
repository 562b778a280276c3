"""Budget use vs. limits, one bar per budget (R-UI-2).

The numbers come from the run's stored usage (``run.finished``), or, while a
run is still going, from the budget its last ``round.started`` reported. The
limits are the ones the run actually enforced; the policy snapshot's value is
shown beside them when it differs (e.g. the router's call counted first).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

# (key in usage/limits, label, policy snapshot field)
BUDGETS = (
    ("model_calls", _("Model calls"), "modelCalls"),
    ("tool_calls", _("Tool calls"), "toolCalls"),
    ("steps", _("Steps"), "steps"),
    ("write_steps", _("Write steps"), "writeSteps"),
    ("total_tokens", _("Tokens"), "totalTokens"),
)


@dataclass(frozen=True, slots=True)
class Bar:
    key: str
    label: Any  # a lazily translated label
    used: float
    limit: float | None
    policy: Any = None
    unit: str = ""

    @property
    def percent(self) -> float:
        if not self.limit:
            return 100.0 if self.used else 0.0
        return min(self.used / self.limit * 100, 100.0)

    @property
    def exhausted(self) -> bool:
        return self.limit is not None and self.used >= self.limit > 0

    @property
    def policy_differs(self) -> bool:
        return self.policy is not None and self.policy != self.limit


def _number(value: Any) -> float | None:
    return value if isinstance(value, int | float) and not isinstance(value, bool) else None


def current_usage(usage: dict[str, Any], events_budget: dict[str, Any] | None) -> dict[str, Any]:
    """The stored usage, or the latest round's budget while the run has none yet."""
    return usage if usage.get("usage") else (events_budget or {})


def bars(usage: dict[str, Any], policy: dict[str, Any]) -> list[Bar]:
    """One bar per budget the run had a limit or a use for."""
    used = usage.get("usage") or {}
    limits = usage.get("limits") or {}
    result: list[Bar] = []
    rounds = usage.get("rounds") or {}
    if rounds or "reactIterations" in policy:
        result.append(
            Bar(
                "rounds",
                _("Rounds"),
                _number(rounds.get("used")) or 0,
                _number(rounds.get("limit")),
                policy.get("reactIterations"),
            )
        )
    for key, label, policy_key in BUDGETS:
        if key not in used and key not in limits and policy_key not in policy:
            continue
        result.append(
            Bar(
                key,
                label,
                _number(used.get(key)) or 0,
                _number(limits.get(key)),
                policy.get(policy_key),
            )
        )
    elapsed = _number(usage.get("elapsed_ms"))
    if elapsed is not None or "ttlMillis" in policy:
        result.append(
            Bar(
                "time",
                _("Time"),
                elapsed or 0,
                _number(limits.get("ttl_ms")),
                policy.get("ttlMillis"),
                "ms",
            )
        )
    return result
