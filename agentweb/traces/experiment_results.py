"""An experiment's results: per question the baseline's and the candidate's run side by side,
and the totals of each arm — the page's table and ``run_experiment``'s JSON alike.

Per arm and question: ``{"answer", "status", "stop_reason", "rounds", "model_calls",
"tokens", "latency_ms", "expected_found"}`` (SPEC §15b); ``expected_found`` lists the
expected facts the answer states (``agentweb.lib.facts``). A question not run yet has
``null`` for its arm.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from agentweb.assistant.models import Run, Status
from agentweb.lib.facts import states
from agentweb.traces.models import Arm, Experiment, ExperimentRun

ARMS = (Arm.BASELINE.value, Arm.CANDIDATE.value)


@dataclass(slots=True)
class Row:
    """One question: its text, the facts expected, and each arm's result (``None``: not run)."""

    position: int
    question: str
    language: str
    expected: list[str]
    baseline: dict[str, Any] | None
    candidate: dict[str, Any] | None
    run_ids: dict[str, int | None]

    def as_json(self) -> dict[str, Any]:
        return {"question": self.question, "baseline": self.baseline, "candidate": self.candidate}

    @property
    def differs(self) -> bool:
        """The two arms ended differently (status, stop reason or facts found)."""
        if self.baseline is None or self.candidate is None:
            return False
        keys = ("status", "stop_reason", "expected_found")
        return any(self.baseline[k] != self.candidate[k] for k in keys)


def result_of(run: Run | None, expected: list[str]) -> dict[str, Any] | None:
    """One arm's result for a question (``None``: its run has not started or is running)."""
    if run is None or run.active:
        return None
    usage = run.usage if isinstance(run.usage, dict) else {}
    counts = usage.get("usage") if isinstance(usage.get("usage"), dict) else {}
    rounds = usage.get("rounds") if isinstance(usage.get("rounds"), dict) else {}
    stop = run.stop_reason if isinstance(run.stop_reason, dict) else {}
    return {
        "answer": run.answer,
        "status": run.status,
        "stop_reason": stop.get("code", ""),
        "rounds": rounds.get("used", 0) or 0,
        "model_calls": counts.get("model_calls", 0),
        "tokens": counts.get("total_tokens", 0),
        "latency_ms": run.duration_ms or 0,
        "expected_found": [fact for fact in expected if states(run.answer, fact)],
    }


def rows_of(experiment: Experiment) -> list[Row]:
    """The questions in order, each with both arms' results."""
    found: dict[int, Row] = {}
    runs = ExperimentRun.objects.filter(experiment=experiment).select_related("run")
    for entry in runs.order_by("position", "arm"):
        row = found.get(entry.position)
        if row is None:
            expected = list(entry.expected)
            row = Row(entry.position, entry.question, entry.language, expected, None, None, {})
            found[entry.position] = row
        setattr(row, entry.arm, result_of(entry.run, row.expected))
        row.run_ids[entry.arm] = entry.run_id
    return [found[position] for position in sorted(found)]


def totals(rows: list[Row], arm: str) -> dict[str, Any]:
    """One arm's totals over the questions it ran."""
    results = [r for row in rows if (r := getattr(row, arm)) is not None]
    expected = sum(len(row.expected) for row in rows if getattr(row, arm) is not None)
    return {
        "runs": len(results),
        "completed": sum(1 for r in results if r["status"] == Status.COMPLETED),
        "answered": sum(1 for r in results if r["stop_reason"] == "answered"),
        "failed": sum(1 for r in results if r["status"] == Status.FAILED),
        "rounds": sum(r["rounds"] for r in results),
        "model_calls": sum(r["model_calls"] for r in results),
        "tokens": sum(r["tokens"] for r in results),
        "latency_ms": sum(r["latency_ms"] for r in results),
        "expected": expected,
        "expected_found": sum(len(r["expected_found"]) for r in results),
    }


def summary(rows: list[Row]) -> dict[str, Any]:
    """Both arms' totals, and how many questions ended differently under the candidate."""
    return {
        "questions": len(rows),
        "baseline": totals(rows, Arm.BASELINE),
        "candidate": totals(rows, Arm.CANDIDATE),
        "differing": sum(1 for row in rows if row.differs),
    }


def as_json(experiment: Experiment) -> dict[str, Any]:
    """``{"questions": [...], "summary": {...}}`` (SPEC §15b)."""
    rows = rows_of(experiment)
    return {"questions": [row.as_json() for row in rows], "summary": summary(rows)}
