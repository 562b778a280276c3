"""The inbox (R-X3-1): messages sent while the player's run is active.

A message arriving during a run is an ``InboxEntry`` with one of two targets,
as in seed 003:

* **next turn** (the default): it waits; when the active run ends — however it
  ends — the oldest waiting message becomes the next run (``promote_after``),
  one at a time, each with its own answer. The running loop never reads it.
* **steering** (``steer``): the running loop claims it at its next step
  (``DbInbox``) and its answer addresses it. One the run could no longer take
  (a final-only round, its end) becomes a next-turn message when the run ends.

No message is marked read without an answer: a claimed one is part of the
running answer, every other one becomes a run of its own or is cancelled by the
player (``cancel_waiting``). Queued messages show in the run's trace as
``inbox.queued`` events; the player's sockets hear of every change as
``chat.accepted`` (queued with its place, or ``from_inbox`` when it starts) and
``inbox.cancelled``.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any

from channels.db import database_sync_to_async
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.utils import timezone

from agentweb.assistant import bus, player_sockets
from agentweb.assistant.errors import ServiceError
from agentweb.assistant.memory import assistant_enabled, current_generation
from agentweb.assistant.models import ACTIVE_STATUSES, InboxEntry, InboxStatus, Run, rows
from agentweb.assistant.runs import events
from agentweb.assistant.runs.live import live_run, mark_queued, open_ids
from agentweb.assistant.ws.frames import ChatAccepted
from agentweb.engine.events import InboxQueued
from agentweb.lib import dialect

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
    IMMEDIATE transactions already serialise every writer, so there it is not taken.
    """
    # NO KEY UPDATE: it excludes other submits but not the key-share locks that
    # inserts referencing the player take (runs, ledger rows), which would deadlock.
    dialect.lock_rows(get_user_model().objects.filter(pk=user_id))


# Without word of a new message (``mark_queued``) a running loop still looks
# this often, at its next round boundary: a lost message costs this much delay.
FALLBACK_CLAIM_S = 2.0

# A run of this process with a message queued since its last claim is marked on its
# ``live.LiveRun`` (``live.mark_queued``): by the submit here, by the control group's
# ``inbox.queued`` from another process, or by the fallback look.
# When the last finished fallback look of this process started: every run live then
# was looked for by it.
_looked_for_all_at = float("-inf")
# The fallback look in flight: when it started, and its task.
_looking: tuple[float, asyncio.Task[None]] | None = None


class DbInbox:
    """Claims the messages queued for this run at a round boundary (R-X3-1).

    A round looks in the database only when a message is known to wait (at
    the run's claim, or marked since) or FALLBACK_CLAIM_S after its last look.
    That fallback look is shared by every run of the process: one statement
    finds which of them have messages waiting (``_look_for_all``), so with
    many runs in flight it costs one statement every FALLBACK_CLAIM_S, not
    one per round of each. The claim is a conditional update: a message is
    claimed once, and the change is in the database before the loop sees it.
    """

    def __init__(self, run_id: int, *, waiting: bool = True) -> None:
        self.run_id = run_id
        self._waiting = waiting
        self._looked_at = time.monotonic()

    async def claim(self) -> list[str]:
        if not (self._waiting or _marked(self.run_id)):
            looked_at = max(self._looked_at, _looked_for_all_at)
            if time.monotonic() - looked_at < FALLBACK_CLAIM_S:
                return []
            await _look_for_all(since=self._looked_at)
            if not _marked(self.run_id):
                return []
        self._waiting = False
        self._looked_at = time.monotonic()
        run = live_run(self.run_id)
        if run is not None:
            run.message_queued = False
        return await _claim(self.run_id)


def _marked(run_id: int) -> bool:
    run = live_run(run_id)
    return run is not None and run.message_queued


async def _look_for_all(since: float) -> None:
    """A fallback look that started after ``since`` has finished: it marked every run of
    this process (live when it started) that has a message waiting. One look at a time;
    the runs due meanwhile wait for it instead of looking again."""
    global _looking
    loop = asyncio.get_running_loop()
    while True:
        if _looking is None or _looking[1].done() or _looking[1].get_loop() is not loop:
            started = time.monotonic()
            _looking = (started, loop.create_task(_look(started, open_ids())))
        started, task = _looking
        # Shielded: a run cancelled while it waits does not cancel the others' look.
        await asyncio.shield(task)
        if started >= since:
            return


async def _look(started: float, run_ids: list[int]) -> None:
    global _looked_for_all_at
    for run_id in await database_sync_to_async(waiting_among)(run_ids, steering=True):
        mark_queued(run_id)
    _looked_for_all_at = max(_looked_for_all_at, started)


# Run ids per statement of ``waiting_among`` (well under SQLite's variable limit).
_IDS_PER_LOOK = 500


def waiting_among(run_ids: list[int], *, steering: bool = False) -> set[int]:
    """Which of these runs have messages queued for them (one statement per 500 runs);
    ``steering``: messages their loop claims."""
    col = rows.quote
    found: set[int] = set()
    steer = f"AND {col('steer')} " if steering else ""
    with connection.cursor() as cursor:
        for at in range(0, len(run_ids), _IDS_PER_LOOK):
            chunk = run_ids[at : at + _IDS_PER_LOOK]
            cursor.execute(
                f"SELECT DISTINCT {col('run_id')} FROM {rows.table(InboxEntry)} "
                f"WHERE {col('status')} = '{InboxStatus.QUEUED.value}' {steer}"
                f"AND {col('run_id')} IN ({', '.join(['%s'] * len(chunk))})",
                chunk,
            )
            found.update(run_id for (run_id,) in cursor.fetchall())
    return found


@database_sync_to_async
def _claim(run_id: int) -> list[str]:
    """The steering messages queued for the run, oldest first, each claimed once: a read
    (no write lock when none waits, the usual case), then one conditional UPDATE for them
    all. Next-turn messages are left to become runs of their own."""
    if not queued_behind(run_id, steering=True):
        return []
    col = rows.quote
    sql = (
        f"UPDATE {rows.table(InboxEntry)} SET {col('status')} = "
        f"'{InboxStatus.CLAIMED.value}', {col('updated_at')} = %s "
        f"WHERE {_queued_for(steering=True)} RETURNING {col('id')}, {col('text')}"
    )
    at = connection.ops.adapt_datetimefield_value(timezone.now())
    with connection.cursor() as cursor:
        cursor.execute(sql, [at, run_id])
        return [text for _, text in sorted(cursor.fetchall())]


def _queued_for(*, steering: bool = False) -> str:
    """The run's queued messages (parameter: the run's id); ``steering``: those its loop
    claims."""
    col = rows.quote
    steer = f" AND {col('steer')}" if steering else ""
    return f"{col('run_id')} = %s AND {col('status')} = '{InboxStatus.QUEUED.value}'{steer}"


def queued_behind(run_id: int, *, steering: bool = False) -> bool:
    """Messages still wait behind the run (read as it ends, in its final transaction);
    ``steering``: messages its loop claims."""
    sql = f"SELECT 1 FROM {rows.table(InboxEntry)} WHERE {_queued_for(steering=steering)} LIMIT 1"
    with connection.cursor() as cursor:
        cursor.execute(sql, [run_id])
        return cursor.fetchone() is not None


async def announce_queued(run_id: int, entry: InboxEntry | None) -> None:
    """The queued message is visible in the active run's trace (persisted, then broadcast).

    Queued or running: the seq is taken under the run's row lock like every
    event's, so it never collides with the loop's own. A run that ended
    meanwhile gets no event (its queued messages start the next run instead).
    """
    if entry is None:
        return
    data = InboxQueued(entry_id=entry.pk, text=entry.text, steer=entry.steer)
    await events.broadcast(
        await database_sync_to_async(events.append)(run_id, data, while_statuses=ACTIVE_STATUSES)
    )


async def apromote_after(run_id: int) -> int | None:
    return await database_sync_to_async(promote_after)(run_id)


def promote_after(run_id: int) -> int | None:
    """The run has ended: its oldest queued message becomes a new run (its id), the rest wait.

    Safe to call for any run, any number of times: a run still active promotes nothing,
    and under the player's lock only the first caller finds the message to promote."""
    with transaction.atomic():
        user_id = InboxEntry.objects.filter(run_id=run_id).values_list("user_id", flat=True)[:1]
        for pk in user_id:
            lock_player(pk)
        return promote_locked(run_id)


def promote_locked(run_id: int) -> int | None:
    """Under the player's lock: the oldest message queued behind ``run_id`` becomes a run,
    if that run has ended. Steering messages it never claimed are next-turn messages now.
    While the player has the assistant switched off her messages wait: they run once she
    switches it on (``promote_for``)."""
    if Run.objects.filter(pk=run_id, status__in=ACTIVE_STATUSES).exists():
        return None
    queued = InboxEntry.objects.filter(run_id=run_id, status=InboxStatus.QUEUED)
    entry = queued.select_for_update().order_by("id").first()
    if entry is None or not assistant_enabled(entry.user_id):
        return None
    run = Run.objects.create(
        user_id=entry.user_id,
        question=entry.text,
        language=entry.language,
        allow_web=entry.allow_web,
        memory_generation=current_generation(entry.user_id),
    )
    entry.status = InboxStatus.STARTED
    entry.started_run = run
    entry.save(update_fields=["status", "started_run", "updated_at"])
    # The rest wait behind the new run, as next-turn messages: the run they steered ended.
    queued.update(run=run, steer=False, updated_at=timezone.now())
    return run.pk


def waiting_behind_ended(user_id: int) -> list[int]:
    """The ended runs of the player that messages still wait behind (her assistant was
    off when they ended)."""
    found = InboxEntry.objects.filter(user_id=user_id, status=InboxStatus.QUEUED).exclude(
        run__status__in=ACTIVE_STATUSES
    )
    return sorted(set(found.values_list("run_id", flat=True)))


@dataclass(frozen=True, slots=True)
class Waiting:
    """A message of the player's inbox, and its place (1 = next): waiting behind
    ``run_id``, or just started as ``run_id`` (``announce_promoted``)."""

    entry_id: int
    run_id: int
    client_msg_id: str
    steer: bool
    position: int | None
    origin: str
    text: str

    def accepted(self, *, started: bool = False) -> ChatAccepted:
        """Its ``chat.accepted``: waiting, with its place (a steering message has none: it
        joins the running run); or, ``started``, running as its own run ``run_id`` — out
        of the inbox, and, sent to join a run that could not take it, not steering."""
        message = {
            "run_id": self.run_id,
            "entry_id": self.entry_id,
            "client_msg_id": self.client_msg_id,
            "origin": self.origin,
            "text": self.text,
        }
        if started:
            return ChatAccepted(**message, from_inbox=True, steer=False if self.steer else None)
        return ChatAccepted(**message, queued=True, steer=self.steer, position=self.position)


def waiting(user_id: int) -> list[Waiting]:
    """The player's waiting messages, oldest first, next-turn ones with their place."""
    found = InboxEntry.objects.filter(user_id=user_id, status=InboxStatus.QUEUED).order_by("id")
    listed, place = [], 0
    for entry_id, run_id, msg_id, steer, origin, text in found.values_list(
        "id", "run_id", "client_msg_id", "steer", "origin", "text"
    ):
        if not steer:
            place += 1
        position = None if steer else place
        listed.append(Waiting(entry_id, run_id, msg_id, steer, position, origin, text))
    return listed


def position_of(entry: InboxEntry) -> int | None:
    """The entry's place among the player's next-turn messages (``None``: steering)."""
    if entry.steer:
        return None
    earlier = InboxEntry.objects.filter(
        user_id=entry.user_id, status=InboxStatus.QUEUED, steer=False, id__lte=entry.pk
    )
    return earlier.count()


async def announce_promoted(run_id: int) -> None:
    """Tell the player's sockets that a queued message now runs as ``run_id`` — each gets
    ``chat.accepted`` with ``from_inbox`` and follows the run (``player_sockets``) — and
    where the messages still waiting stand now."""
    found = await database_sync_to_async(_promoted_entry)(run_id)
    if found is None:
        return
    user_id, promoted, still = found
    await player_sockets.announce(user_id, promoted.accepted(started=True))
    await announce_waiting(user_id, still)


async def announce_waiting(user_id: int, still: list[Waiting]) -> None:
    """Every waiting message's ``chat.accepted`` again, with its place now."""
    if still:
        frames = [entry.accepted().frame() for entry in still]
        await bus.send(bus.user_group(user_id), {"type": "inbox.frames", "frames": frames})


def _promoted_entry(run_id: int) -> tuple[int, Waiting, list[Waiting]] | None:
    """The player, the message that became ``run_id``, and those still waiting."""
    found = (
        InboxEntry.objects.filter(started_run_id=run_id)
        .values_list("id", "user_id", "client_msg_id", "steer", "origin", "text")
        .first()
    )
    if found is None:
        return None
    entry_id, user_id, client_msg_id, steer, origin, text = found
    promoted = Waiting(entry_id, run_id, client_msg_id, steer, None, origin, text)
    return user_id, promoted, waiting(user_id)


def cancel_waiting(
    user_id: int, entry_id: int | None = None
) -> tuple[list[Waiting], list[Waiting]]:
    """The player cancels her waiting messages (all, or the one ``entry_id``) before they
    run: what was cancelled, and what still waits. Nothing changes on a refusal."""
    with transaction.atomic():
        lock_player(user_id)
        before = waiting(user_id)
        if entry_id is not None:
            before = [entry for entry in before if entry.entry_id == entry_id]
            if not before:
                _refuse_cancel(user_id, entry_id)
        ids = [entry.entry_id for entry in before]
        InboxEntry.objects.filter(pk__in=ids, status=InboxStatus.QUEUED).update(
            status=InboxStatus.CANCELLED, updated_at=timezone.now()
        )
        return before, waiting(user_id)


def _refuse_cancel(user_id: int, entry_id: int) -> None:
    status = (
        InboxEntry.objects.filter(pk=entry_id, user_id=user_id)
        .values_list("status", flat=True)
        .first()
    )
    if status is None:
        raise ServiceError("unknown_entry", f"You have no waiting message {entry_id}.", 404)
    raise ServiceError(
        "not_waiting", f"Message {entry_id} is no longer waiting (it is {status}).", 409
    )


async def acancel_waiting(user: Any, entry_id: int | None = None) -> dict[str, Any]:
    """Cancel waiting messages; every socket of the player hears ``inbox.cancelled``."""
    cancelled, still = await database_sync_to_async(cancel_waiting)(user.pk, entry_id)
    frame = {
        "type": "inbox.cancelled",
        "entry_ids": [entry.entry_id for entry in cancelled],
        "client_msg_ids": [entry.client_msg_id for entry in cancelled],
    }
    if cancelled:
        await bus.send(bus.user_group(user.pk), {"type": "inbox.frames", "frames": [frame]})
        await announce_waiting(user.pk, still)
    return frame
