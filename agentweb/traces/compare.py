"""Two runs side by side: their step sequences aligned, their settings diffed.

Steps are aligned on their signature (``tool:item.source``, ``model:decide``,
``route.decided``…) with ``difflib``: the same step shares a row — marked equal
only when it was also done alike (``Step.content``: the same input, decision or
text), else changed — and an inserted or dropped step leaves a gap on the other
side: the shape of a prompt or policy change at a glance.
"""

from __future__ import annotations

from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Any

from django.utils.translation import gettext as _

from agentweb.traces.detail import RunDetail
from agentweb.traces.timeline import Step

# Marks that every run has and that say nothing about its path.
NOISE = frozenset({"run.started", "round.started", "run.finished"})


@dataclass(frozen=True, slots=True)
class Row:
    # "equal" (the same step, done alike), "changed" (the same step, done differently: another
    # input, decision or text), "replace", "insert" or "delete"
    op: str
    left: Step | None
    right: Step | None


@dataclass(frozen=True, slots=True)
class Difference:
    key: str
    left: Any
    right: Any


def path_of(detail: RunDetail) -> list[Step]:
    """The steps that make up a run's path, in order."""
    return [s for s in detail.timeline.steps if s.kind not in NOISE]


def align(left: list[Step], right: list[Step]) -> list[Row]:
    """Rows pairing equal steps; unmatched steps face an empty cell."""
    matcher = SequenceMatcher(
        a=[s.signature for s in left], b=[s.signature for s in right], autojunk=False
    )
    rows: list[Row] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        a, b = left[i1:i2], right[j1:j2]
        for k in range(max(len(a), len(b))):
            one, other = a[k] if k < len(a) else None, b[k] if k < len(b) else None
            alike = op != "equal" or one is None or other is None or one.content == other.content
            rows.append(Row(op if alike else "changed", one, other))
    return rows


def diff(left: dict[str, Any], right: dict[str, Any]) -> list[Difference]:
    """Keys whose values differ (missing counts as ``None``)."""
    keys = sorted(set(left) | set(right))
    return [Difference(k, left.get(k), right.get(k)) for k in keys if left.get(k) != right.get(k)]


def summary(detail: RunDetail) -> dict[str, Any]:
    """The comparable numbers of a run, by their (translated) row labels."""
    usage = (detail.run.usage or {}).get("usage") or {}
    rounds = (detail.run.usage or {}).get("rounds") or {}
    feedback = detail.feedback
    return {
        _("workflow"): detail.run.workflow,
        _("status"): detail.run.status,
        _("stop reason"): (detail.run.stop_reason or {}).get("code"),
        _("failure"): detail.run.failure or None,
        _("rounds"): rounds.get("used"),
        _("model calls"): usage.get("model_calls"),
        _("tool calls"): usage.get("tool_calls"),
        _("tokens"): usage.get("total_tokens"),
        _("duration ms"): detail.run.duration_ms,
        _("feedback"): feedback.get_rating_display() if feedback else None,
    }


def changed_prompts(left: RunDetail, right: RunDetail) -> list[str]:
    """Names of the prompts whose snapshotted text differs between the two runs."""
    a, b = left.run.prompt_snapshot or {}, right.run.prompt_snapshot or {}
    return sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
