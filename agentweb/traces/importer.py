"""Re-import an export (``export.FORMAT``) as a new run, e.g. a trace attached to a bug report.

The new run belongs to the importing user (player names of another server
mean nothing here), keeps the exported status unless that status was still
active (an imported run never runs: it becomes ``interrupted``), and gets the
events with their original ``seq``, ``ts`` and ``data``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils.dateparse import parse_datetime

from agentweb.assistant.models import ACTIVE_STATUSES, Run, Status, event_store, run_status
from agentweb.engine.events import stored_data
from agentweb.lib import storable_text
from agentweb.traces.export import FORMAT, RUN_DATES, RUN_FIELDS
from agentweb.traces.models import ImportedRun

# Copied from the export's run object; the rest are derived or reset.
COPIED = tuple(f for f in RUN_FIELDS if f not in ("last_seq", "memory_generation", "status"))


class TraceImportError(ValueError):
    """The document is not an export this version can read."""


def _when(value: Any) -> datetime | None:
    if value in (None, ""):
        return None
    parsed = parse_datetime(value) if isinstance(value, str) else None
    if parsed is None:
        raise TraceImportError(f"not an ISO 8601 timestamp: {value!r}")
    return parsed


def _events(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The document's events in ``seq`` order, each read through its kind's model
    (``stored_data``: tolerant, as a stored row is — an export of an older version may
    lack a field added since); an event of no kind this version knows, or whose data is
    no object, is refused by its seq."""
    events = data.get("events")
    if not isinstance(events, list):
        raise TraceImportError("events must be a list")
    seqs = [e.get("seq") if isinstance(e, dict) else None for e in events]
    if any(not isinstance(s, int) or s < 1 for s in seqs) or len(set(seqs)) != len(seqs):
        raise TraceImportError("every event needs a distinct positive integer seq")
    for event in events:
        kind = event.get("kind")
        if not isinstance(kind, str) or stored_data(kind, event.get("data")) is None:
            raise TraceImportError(
                f"event {event['seq']}: no event of kind {kind!r} with an object of data"
            )
    return sorted(events, key=lambda e: e["seq"])


def validate(data: Any) -> dict[str, Any]:
    """The document's run object, after checking the format; raises ``TraceImportError``."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise TraceImportError(f"expected format {FORMAT!r}, found {found!r}")
    record = data.get("run")
    if not isinstance(record, dict) or not isinstance(record.get("question"), str):
        raise TraceImportError("run must be an object with a question")
    return record


def import_trace(data: Any, user: Any, source: str = "") -> Run:
    """Create a new run (and its events) from an export document; returns the run."""
    record = validate(data)
    events = _events(data)
    status = record.get("status") or Status.INTERRUPTED
    if status in ACTIVE_STATUSES or status not in Status.values:
        status = Status.INTERRUPTED
    with transaction.atomic():
        pk = run_status.imported_run(
            status,
            user_id=user.pk,
            policy_snapshot=data.get("policy_snapshot") or {},
            prompt_snapshot=data.get("prompt_snapshot") or {},
            usage=data.get("usage") or {},
            last_seq=max((e["seq"] for e in events), default=0),
            **{name: record[name] for name in COPIED if name in record},
        )
        run = Run.objects.get(pk=pk)
        dates = {name: _when(record.get(name)) for name in RUN_DATES if record.get(name)}
        if dates:
            # created_at is auto_now_add: the exported dates need a second write.
            Run.objects.filter(pk=run.pk).update(**dates)
        event_store.insert_numbered(
            [
                event_store.stored_row(
                    run.pk,
                    e["seq"],
                    e["kind"],
                    _when(e.get("ts")) or run.created_at,
                    # Stored as exported: the timeline reads it as the export's version wrote it.
                    *storable_text.dumps(e["data"]),
                )
                for e in events
            ]
        )
        ImportedRun.objects.create(
            run=run,
            source_run_id=record.get("id") if isinstance(record.get("id"), int) else None,
            source_player=str(record.get("player", ""))[:150],
            format=FORMAT,
            exported_at=str(data.get("exported_at", ""))[:40],
            source=source[:200],
            imported_by=user,
        )
    run.refresh_from_db()
    return run
