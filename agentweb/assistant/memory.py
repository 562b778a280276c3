"""'Purge on forget' (R-MEM-1): message contents leave stored runs and events.

The trace keeps its shape (kinds, timings, token counts, tool names) so a
reviewer still sees what happened, and shows that the contents were redacted.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import QuerySet

from agentweb.assistant.models import Exchange, Run, RunEvent

REDACTED = "[redacted]"
# Event fields that carry what the player, the model or a tool said.
CONTENT_KEYS = frozenset(
    {
        "question",
        "text",
        "reply",
        "request",
        "observation",
        "input",
        "output",
        "messages",
        "card",
        "cards",
        "sources",
        "summary",
        "detail",
    }
)


def redact_value(data: Any) -> Any:
    if isinstance(data, dict):
        return {
            k: (REDACTED if k in CONTENT_KEYS and v not in (None, "", [], {}) else redact_value(v))
            for k, v in data.items()
        }
    if isinstance(data, list):
        return [redact_value(v) for v in data]
    return data


def redact_runs(runs: QuerySet[Run]) -> int:
    with transaction.atomic():
        ids = list(runs.filter(redacted=False).values_list("pk", flat=True))
        for event in RunEvent.objects.filter(run_id__in=ids).only("pk", "data").iterator():
            event.data = redact_value(event.data)
            event.save(update_fields=["data"])
        Run.objects.filter(pk__in=ids).update(
            question=REDACTED,
            answer=REDACTED,
            sources=[],
            cards=[],
            prompt_snapshot={},
            redacted=True,
        )
        Exchange.objects.filter(run_id__in=ids).delete()
    return len(ids)
