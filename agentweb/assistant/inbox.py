"""The inbox (R-X3-1): messages sent while the player's run is active.

A message arriving during a run is an ``InboxEntry``: the running loop claims
it at its next round boundary (``DbInbox``); whatever is still queued when the
run ends becomes the next run (``promote_after``). Queued messages show in the
run's trace as ``inbox.queued`` events.
"""

from __future__ import annotations

from channels.db import database_sync_to_async
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from agentweb.assistant import bus
from agentweb.assistant.memory import current_generation
from agentweb.assistant.models import (
    ACTIVE_STATUSES,
    InboxEntry,
    InboxStatus,
    Run,
)
from agentweb.assistant.runs import events
from agentweb.engine.events import EventKind

# Messages one player may have waiting at once. Typing ahead queues a few; more
# is a script or a stuck key, and every queued message becomes a run later.
MAX_QUEUED_PER_PLAYER = 20


def queue_full(user_id: int) -> bool:
    """Under the player's lock: no room for another queued message."""
    waiting = InboxEntry.objects.filter(user_id=user_id, status=InboxStatus.QUEUED)
    return waiting.count() >= MAX_QUEUED_PER_PLAYER


def lock_player(user_id: int) -> None:
    """Serialise one player's submits across processes (PostgreSQL row lock).

    Locking the player's active runs is not enough: when there is none, two
    concurrent submits would both see none and both start a run. SQLite's
    IMMEDIATE transactions already serialise every writer.
    """
    # NO KEY UPDATE: it excludes other submits but not the key-share locks that
    # inserts referencing the player take (runs, ledger rows), which would deadlock.
    users = get_user_model().objects.select_for_update(no_key=True).filter(pk=user_id)
    list(users.values_list("pk"))


class DbInbox:
    """Claims the messages queued for this run at a round boundary (R-X3-1).

    The claim is a conditional update: a message is claimed once, and the
    change is in the database before the loop sees it.
    """

    def __init__(self, run_id: int) -> None:
        self.run_id = run_id

    async def claim(self) -> list[str]:
        return await _claim(self.run_id)


@database_sync_to_async
def _claim(run_id: int) -> list[str]:
    queued = list(
        InboxEntry.objects.filter(run_id=run_id, status=InboxStatus.QUEUED).values_list(
            "pk", "text"
        )
    )
    texts = []
    for pk, text in queued:
        if InboxEntry.objects.filter(pk=pk, status=InboxStatus.QUEUED).update(
            status=InboxStatus.CLAIMED, updated_at=timezone.now()
        ):
            texts.append(text)
    return texts


async def announce_queued(run_id: int, entry: InboxEntry | None) -> None:
    """The queued message is visible in the active run's trace (persisted, then broadcast).

    Queued or running: the seq is taken under the run's row lock like every
    event's, so it never collides with the loop's own. A run that ended
    meanwhile gets no event (its queued messages start the next run instead).
    """
    if entry is None:
        return
    data = {"entry_id": entry.pk, "text": entry.text}
    await events.broadcast(
        await database_sync_to_async(events.append)(
            run_id, EventKind.INBOX_QUEUED, data, while_statuses=ACTIVE_STATUSES
        )
    )


async def apromote_after(run_id: int) -> int | None:
    return await database_sync_to_async(promote_after)(run_id)


def promote_after(run_id: int) -> int | None:
    """The run has ended: its oldest queued message becomes a new run (its id), the rest wait."""
    with transaction.atomic():
        user_id = InboxEntry.objects.filter(run_id=run_id).values_list("user_id", flat=True)[:1]
        for pk in user_id:
            lock_player(pk)
        return _promote_locked(run_id)


def promote_waiting(user_id: int) -> int | None:
    """Under the player's lock: messages queued behind a run that has just ended.

    Between a run's end and the promotion of its inbox, a new message finds no
    active run; it must still wait behind the earlier ones, not overtake them
    (and not run beside them). Whoever comes first promotes; the other finds
    nothing left to promote.
    """
    waiting = (
        InboxEntry.objects.filter(user_id=user_id, status=InboxStatus.QUEUED)
        .exclude(run__status__in=ACTIVE_STATUSES)
        .values_list("run_id", flat=True)
        .first()
    )
    return _promote_locked(waiting) if waiting else None


def _promote_locked(run_id: int) -> int | None:
    entry = (
        InboxEntry.objects.select_for_update()
        .filter(run_id=run_id, status=InboxStatus.QUEUED)
        .order_by("id")
        .first()
    )
    if entry is None:
        return None
    run = Run.objects.create(
        user_id=entry.user_id,
        question=entry.text,
        allow_web=entry.allow_web,
        memory_generation=current_generation(entry.user_id),
    )
    entry.status = InboxStatus.STARTED
    entry.started_run = run
    entry.save(update_fields=["status", "started_run", "updated_at"])
    # The rest stay queued behind the new run.
    InboxEntry.objects.filter(run_id=run_id, status=InboxStatus.QUEUED).update(run=run)
    return run.pk


async def announce_promoted(run_id: int) -> None:
    """Tell the player's sockets that a queued message now runs as ``run_id``."""
    found = await database_sync_to_async(_promoted_entry)(run_id)
    if found is not None:
        user_id, client_msg_id = found
        await bus.send(
            bus.user_group(user_id),
            {"type": "run.queued_started", "run_id": run_id, "client_msg_id": client_msg_id},
        )


def _promoted_entry(run_id: int) -> tuple[int, str] | None:
    return (
        InboxEntry.objects.filter(started_run_id=run_id)
        .values_list("user_id", "client_msg_id")
        .first()
    )
