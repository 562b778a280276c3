"""What a run leaves when it ends: the loop's last events, its row and ``run.finished``,
the exchange it leaves in memory, and whether messages still wait behind it.

On PostgreSQL the events are one statement (``events.persist_now``, fenced like the
end), the row, ``run.finished`` and the exchange one more (``models.run_writes.finish_remembering``)
and the inbox is read by a statement of its own after it — no transaction is opened.
That read comes after the end committed, so nothing queued is missed: a submit that
queued a message behind the run held the run's row lock (``inbox.player_now``), so the
end's UPDATE waited for it to commit and the read sees the message; a submit after the
UPDATE finds the run ended (or waits for its lock and then does) and promotes the
message itself. SQLite keeps the one transaction of three to four statements.
"""

from __future__ import annotations

from typing import Any

from django.db import connection, transaction

from agentweb.assistant.inbox import queued_behind
from agentweb.assistant.memory import remember
from agentweb.assistant.models import Run, RunEvent
from agentweb.assistant.models.run_writes import Remembered, finish_remembering, finish_running
from agentweb.assistant.models.runs import Stop
from agentweb.assistant.runs import events
from agentweb.engine.events import Event


def store(
    run: Run,
    owner: str | None,
    status: str,
    stop: Stop,
    *,
    last: list[Event],
    remembered: str | None,
    data: dict[str, Any],
    **fields: Any,
) -> tuple[list[RunEvent], bool]:
    """End the run while it still runs (under ``owner``'s lease) and leave the exchange
    of its answer ``remembered`` in memory (``None``: none), after the loop's ``last``
    events. The rows written (no ``run.finished``: the run was taken away, and it leaves
    no memory) and whether messages wait behind it."""
    if connection.vendor != "postgresql":
        with transaction.atomic():
            first = events.persist_now(run.pk, owner, last)
            stored = finish_running(run.pk, owner, status, stop, data=data, **fields)
            if stored and remembered is not None:
                remember(run, remembered)
            return [*first, *stored], bool(stored) and queued_behind(run.pk)
    first = events.persist_now(run.pk, owner, last)
    exchange = None
    if remembered is not None:
        exchange = Remembered(run.user_id, run.memory_generation, run.question, remembered)
    stored, written = finish_remembering(run.pk, owner, status, stop, exchange, data=data, **fields)
    if stored and exchange is not None and not written and not run.memory_generation:
        # Generation 0 and nothing written: undone, or a player without a memory state
        # row yet, whose exchange ``remember`` writes on its other path.
        with transaction.atomic():
            remember(run, exchange.answer)
    return [*first, *stored], bool(stored) and queued_behind(run.pk)
