"""A player's memory (R-MEM-1): generations, the exchanges the model sees, and purge on forget.

Forget starts a new generation: exchanges of older ones never reach the model
again, and a run of an older generation can no longer write one. With "purge
on forget" message contents also leave the stored runs and events; the trace
keeps its shape (kinds, timings, token counts, tool names) so a reviewer still
sees what happened, and shows that the contents were redacted.
"""

from __future__ import annotations

from typing import Any

from django.db import connection, transaction
from django.db.models import F, QuerySet
from django.utils import timezone

from agentweb.assistant.models import Exchange, MemoryState, Run, RunEvent, Status, rows
from agentweb.lib import dialect

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


def recent_query() -> str:
    """The exchanges the model sees: ``n, q, a`` of the player's (first parameter) latest
    of a generation (second), newest first; an undone run's exchange is not among them."""
    exchange, run = rows.table(Exchange), rows.table(Run)
    col = rows.quote
    return (
        f"SELECT e.{col('id')} AS n, e.{col('question')} AS q, e.{col('answer')} AS a "
        f"FROM {exchange} e INNER JOIN {run} r ON r.{col('id')} = e.{col('run_id')} "
        f"WHERE e.{col('user_id')} = %s AND e.{col('generation')} = %s "
        f"AND r.{col('status')} <> '{Status.UNDONE.value}' "
        f"ORDER BY e.{col('id')} DESC LIMIT {int(MEMORY_EXCHANGES)}"
    )


def remember(run: Run, answer: str) -> None:
    """Write the run's exchange, only if the generation is still the run's (R-MEM-1).

    Call it inside the transaction that stores the run's end: on PostgreSQL the
    memory state's row lock orders forget and this write strictly (no stale write
    slips in); SQLite writes one transaction at a time. One statement: the
    insert happens only from the state row of the run's generation, and not for
    a run undone meanwhile.
    """
    state, runs = rows.table(MemoryState), rows.table(Run)
    col = rows.quote
    lock = dialect.row_lock()
    sql = (
        f"INSERT INTO {rows.table(Exchange)} ({col('run_id')}, {col('user_id')}, "
        f"{col('generation')}, {col('question')}, {col('answer')}, {col('created_at')}) "
        f"SELECT %s, %s, %s, %s, %s, %s FROM {state} m "
        f"WHERE m.{col('user_id')} = %s AND m.{col('generation')} = %s AND NOT EXISTS "
        f"(SELECT 1 FROM {runs} r WHERE r.{col('id')} = %s AND r.{col('undo_requested')})"
        f"{lock} ON CONFLICT DO NOTHING"
    )
    at = connection.ops.adapt_datetimefield_value(timezone.now())
    values = [run.pk, run.user_id, run.memory_generation, run.question, answer, at]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*values, run.user_id, run.memory_generation, run.pk])
        if cursor.rowcount:
            return
    # Nothing written: forgotten, undone, written before — or a player without a state
    # row yet, whose generation is 0.
    if run.memory_generation or MemoryState.objects.filter(user_id=run.user_id).exists():
        return
    if not undone_run(run.pk):
        exchange = Exchange(
            run_id=run.pk,
            user_id=run.user_id,
            generation=0,
            question=run.question,
            answer=answer,
        )
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
