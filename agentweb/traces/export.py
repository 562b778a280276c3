"""The run export (``GET /api/runs/<id>/export``): one run as a stable, versioned JSON document.

Stable means: keys are only ever added within a format version, events keep
their ``seq`` order and their stored ``data`` untouched, and timestamps are
ISO 8601 in UTC. A reader checks ``format`` first; ``import_trace`` refuses
any other value. Nothing secret is in it: runs store no credentials, and a
redacted run exports its redacted contents.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils import timezone

from agentweb.assistant.models import Run, RunEvent, Status

FORMAT = "agentweb.trace/v1"
# Run fields copied as they are, in this order (dates are converted below).
RUN_FIELDS = (
    "question",
    "answer",
    "workflow",
    "status",
    "stop_reason",
    "failure",
    "allow_web",
    "sources",
    "cards",
    "memory_generation",
    "last_seq",
    "redacted",
)
RUN_DATES = ("created_at", "started_at", "finished_at")


def iso(value: datetime | None) -> str | None:
    """ISO 8601 with the offset, or ``None``."""
    return value.isoformat() if value is not None else None


def run_record(run: Run) -> dict[str, Any]:
    """The run row as the export's ``run`` object."""
    record: dict[str, Any] = {"id": run.pk, "player": run.user.get_username()}
    record.update({name: getattr(run, name) for name in RUN_FIELDS})
    record.update({name: iso(getattr(run, name)) for name in RUN_DATES})
    record["undone"] = run.status == Status.UNDONE
    return record


def event_records(run: Run) -> list[dict[str, Any]]:
    """Every stored event of the run in ``seq`` order, as ``{seq, kind, ts, data}``."""
    rows = RunEvent.objects.filter(run=run).order_by("seq").values_list("seq", "kind", "ts", "data")
    return [{"seq": s, "kind": k, "ts": ts.isoformat(), "data": d} for s, k, ts, d in rows]


def export_run(run: Run) -> dict[str, Any]:
    """The whole run: the row, its policy and prompt snapshots, its events, its usage."""
    return {
        "format": FORMAT,
        "exported_at": timezone.now().isoformat(),
        "run": run_record(run),
        "policy_snapshot": run.policy_snapshot,
        "prompt_snapshot": run.prompt_snapshot,
        "usage": run.usage,
        "events": event_records(run),
    }
