"""A player's memory (R-MEM-1): generations, the exchanges the model sees, and purge on forget.

Forget starts a new generation: exchanges of older ones never reach the model
again, and a run of an older generation can no longer write one. With "purge
on forget" message contents also leave the stored runs and events; the trace
keeps its shape (kinds, timings, token counts, tool names) so a reviewer still
sees what happened, and shows that the contents were redacted.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Exists, F, QuerySet

from agentweb.assistant.models import Exchange, MemoryState, Run, RunEvent, Status

# Exchanges of the current generation the model sees as memory, newest last.
MEMORY_EXCHANGES = 6


def bump_generation(user_id: int) -> int:
    """Forget: a new memory generation; older runs can never write memory again."""
    MemoryState.objects.get_or_create(user_id=user_id)
    MemoryState.objects.filter(user_id=user_id).update(generation=F("generation") + 1)
    return MemoryState.objects.values_list("generation", flat=True).get(user_id=user_id)


def set_assistant_enabled(user_id: int, enabled: bool) -> None:
    """The player's own switch (R-MEM-2): off, running loops end and new messages are refused."""
    MemoryState.objects.get_or_create(user_id=user_id)
    MemoryState.objects.filter(user_id=user_id).update(assistant_enabled=enabled)


def assistant_enabled(user_id: int) -> bool:
    found = MemoryState.objects.filter(user_id=user_id).values_list("assistant_enabled", flat=True)
    return found.first() is not False


def current_generation(user_id: int) -> int:
    state, _ = MemoryState.objects.get_or_create(user_id=user_id)
    return state.generation


def recent_exchanges(run: Run) -> list[dict[str, str]]:
    """What the model remembers for ``run``: its generation's latest exchanges, oldest first."""
    rows = (
        Exchange.objects.filter(user_id=run.user_id, generation=run.memory_generation)
        .exclude(run__status=Status.UNDONE)
        .order_by("-id")
        .values_list("question", "answer")[:MEMORY_EXCHANGES]
    )
    return [{"q": q, "a": a} for q, a in reversed(rows)]


def remember(run: Run, answer: str) -> None:
    """Write the run's exchange, only if the generation is still the run's (R-MEM-1).

    Call it inside the transaction that stores the run's end: the lock makes
    forget and this write strictly ordered (no stale write slips in).
    """
    undone = Exists(Run.objects.filter(pk=run.pk, undo_requested=True))
    state = (
        MemoryState.objects.select_for_update()
        .filter(user_id=run.user_id)
        .values_list("generation", undone)
        .first()
    )
    current, undo = state if state is not None else (0, undone_run(run.pk))
    if current != run.memory_generation or undo:
        return
    exchange = Exchange(
        run_id=run.pk,
        user_id=run.user_id,
        generation=run.memory_generation,
        question=run.question,
        answer=answer,
    )
    # One exchange per run: a second write of it changes nothing.
    Exchange.objects.bulk_create([exchange], ignore_conflicts=True)


def undone_run(run_id: int) -> bool:
    return Run.objects.filter(pk=run_id, undo_requested=True).exists()


# --- purge on forget ------------------------------------------------------------------

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


def redact_before(user: Any, generation: int) -> int:
    """'Purge on forget': the contents of the player's runs before ``generation`` are removed."""
    return redact_runs(Run.objects.filter(user=user, memory_generation__lt=generation))
