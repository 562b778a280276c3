"""What players (and the API) can do with runs: one function per action.

Consumers and views read input, call one of these and send the result. Every function
checks ownership first: another player's run id is answered like an unknown one (R-AUTH-1).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from channels.db import database_sync_to_async
from django.db import IntegrityError, transaction
from django.db.models import FilteredRelation, Q
from django.utils import timezone

from agentweb.assistant import config, inbox, memory, player_sockets, submit_reads
from agentweb.assistant.errors import ServiceError, not_found
from agentweb.assistant.message_checks import validate_options, validate_text
from agentweb.assistant.models import (
    ACTIVE_STATUSES,
    ActionStatus,
    InboxEntry,
    InboxOrigin,
    PendingAction,
    Run,
    RunEvent,
    Status,
    event_frame,
    run_status,
)
from agentweb.assistant.models.run_status import new_run
from agentweb.assistant.runs import events
from agentweb.assistant.runs.executor import executor, start_next_from_inbox, start_promoted
from agentweb.assistant.runs.live import flags_changed
from agentweb.assistant.ws.frames import ChatAccepted
from agentweb.engine import AgentFailure
from agentweb.lib import db_lane, dialect

# Events returned by one page of the events API / one replay batch.
EVENTS_PAGE = 500


@dataclass(slots=True)
class Started:
    run_id: int
    queued: bool = False
    duplicate: bool = False
    # Earlier messages whose run had just ended became this run: start it first.
    promoted: int | None = None
    entry_id: int | None = None  # a queued message's inbox entry
    # A queued next-turn message's place in the player's inbox (1 = next).
    position: int | None = None
    # Asked to steer: whether it joins the running run (``False``: it runs on its own).
    steer: bool | None = None

    def as_dict(self) -> dict[str, Any]:
        found: dict[str, Any] = {
            "run_id": self.run_id,
            "queued": self.queued,
            "duplicate": self.duplicate,
        }
        if self.entry_id is not None:
            found["entry_id"] = self.entry_id
        if self.position is not None:
            found["position"] = self.position
        if self.steer is not None:
            found["steer"] = self.steer
        return found

    def accepted(
        self, client_msg_id: str, origin: str | None = None, text: str | None = None
    ) -> ChatAccepted:
        """Its ``chat.accepted``: to the socket that sent it (no ``origin``, no ``text``:
        it has them), or to the player's other sockets (``player_sockets``)."""
        return ChatAccepted(
            **self.as_dict(), client_msg_id=client_msg_id, origin=origin or "web", text=text
        )


def submit(
    user: Any,
    text: Any,
    allow_web: bool = False,
    client_msg_id: str = "",
    options: Any = None,
    language: str = "",
    steer: bool = False,
    origin: str = InboxOrigin.WEB,
) -> tuple[Started, InboxEntry | None]:
    """A new message: a new run, or an inbox entry when a run is active (R-X3-1).

    ``client_msg_id`` makes a resend idempotent: the first run or entry is returned.
    ``options`` apply to a new run only: a message with options is refused while
    a run is active (its policy is fixed). ``language``: the player's (``core.languages``).
    ``steer``: join the active run at its next step instead of waiting for its end.
    ``origin``: where it was sent from (web, api, game).
    """
    text = validate_text(text)
    run_options = validate_options(user, options)
    new = {"question": text, "allow_web": allow_web, "client_msg_id": client_msg_id}
    new.update(language=language, options=run_options)
    try:
        with transaction.atomic():
            inbox.lock_player(user.pk)
            if dialect.writes_combine():
                # The usual message, a new run at once, is one statement with the read.
                player, run_id = submit_reads.player_now_starting(user.pk, client_msg_id, new)
                if run_id is not None:
                    return Started(run_id), None
            else:
                player = submit_reads.player_now(user.pk, client_msg_id)
            earlier = _resent(player)
            if earlier is not None:
                return earlier, None
            if not player.assistant_enabled:
                raise ServiceError(
                    "assistant_off", "You switched the assistant off; switch it on to ask.", 409
                )
            active, promoted = player.active_run, None
            if active is None and player.waiting_behind is not None:
                # Messages wait behind a run that just ended: the oldest runs first.
                promoted = active = inbox.promote_locked(player.waiting_behind)
            if active is not None and run_options:
                raise ServiceError(
                    "options_need_new_run",
                    f"Run {active} is still active and its policy is fixed: "
                    "send options when it has finished, or stop it first.",
                    409,
                )
            if active is not None:
                if inbox.queue_full(user.pk):
                    raise ServiceError(
                        "inbox_full",
                        f"You already have {inbox.MAX_QUEUED_PER_PLAYER} messages waiting; "
                        "wait for the assistant to catch up.",
                        429,
                    )
                entry = InboxEntry.objects.create(
                    user=user,
                    run_id=active,
                    text=text,
                    language=language,
                    allow_web=allow_web,
                    client_msg_id=client_msg_id,
                    # A run promoted just now has not started: it takes a steering message.
                    steer=steer,
                    origin=origin,
                )
                queued = Started(active, queued=True, promoted=promoted, entry_id=entry.pk)
                queued.position = inbox.position_of(entry)
                queued.steer = steer if steer else None
                return queued, entry
            run_id = new_run(user_id=user.pk, memory_generation=player.generation, **new)
            # Nothing runs: a message sent to steer is a run of its own.
            return Started(run_id, steer=False if steer else None), None
    except IntegrityError:
        # The same message, submitted at the same moment elsewhere, got there first.
        with transaction.atomic():
            earlier = (
                _resent(submit_reads.player_now(user.pk, client_msg_id)) if client_msg_id else None
            )
        if earlier is None:
            raise
        return earlier, None


def _resent(player: submit_reads.PlayerNow) -> Started | None:
    """The run or inbox entry this message already became (read with the player)."""
    if player.earlier_run is not None:
        return Started(player.earlier_run, duplicate=True)
    if player.earlier_entry is not None:
        queued_in, started_as = player.earlier_entry
        return Started(started_as or queued_in, queued=started_as is None, duplicate=True)
    return None


async def asubmit(
    user: Any,
    text: Any,
    allow_web: bool = False,
    client_msg_id: str = "",
    options: Any = None,
    before_start: Callable[[int], Awaitable[None]] | None = None,
    language: str = "",
    steer: bool = False,
    origin: str = InboxOrigin.WEB,
    sender: str = "",
) -> Started:
    """Submit, then start the run (or announce the queued message), and tell every
    socket of the player (``player_sockets``): the message, from ``origin``.

    ``before_start`` is awaited with a new run's id before the run starts: a socket
    that joins the run's group there hears every event of it live, with nothing
    to read back (no event of the run exists yet). ``sender``: the channel of the
    socket that sent the message, which answers it itself (not told again)."""
    started, entry = await database_sync_to_async(submit)(
        user, text, allow_web, client_msg_id, options, language, steer, origin
    )
    if started.duplicate:
        return started
    if started.queued:
        await inbox.announce_queued(started.run_id, entry)
        if started.steer:
            await executor.queued(started.run_id)  # its loop claims it at the next step
        if started.promoted is not None:
            await start_promoted(started.promoted)
    else:
        if before_start is not None:
            await before_start(started.run_id)
        executor.start(started.run_id)
    told = started.accepted(client_msg_id, str(origin), text.strip())
    await player_sockets.announce(user.pk, told, sender)
    return started


def owned_run(user: Any, run_id: int) -> Run:
    run = Run.objects.filter(pk=run_id, user=user).first()
    if run is None:
        raise not_found(run_id)
    return run


def request_cancel(user: Any, run_id: int) -> list[RunEvent]:
    """Flag the run as cancelled; a queued one ends here (its ``run.finished``, to broadcast).

    The flag is one conditional UPDATE, which is also the ownership check: another
    player's run is not found, like an unknown one."""
    status = run_status.flag_cancel(run_id, user.pk)
    if status is None:
        owned_run(user, run_id)  # not found, or not running
        raise ServiceError("not_running", f"Run {run_id} is not running.", 409)
    if status != Status.QUEUED:
        return []
    # A queued run never starts; one claimed meanwhile stops at its next step.
    return run_status.cancel_queued(Run.objects.filter(pk=run_id))


async def acancel(user: Any, run_id: int) -> None:
    if executor.runs_here_for(run_id, user.pk):
        # It stops at once; its end stores the flag (no trip the socket would wait on).
        executor.cancel_local(run_id, AgentFailure.CANCELLED)
        return
    with db_lane.urgent():  # the player waits on these (and the socket meanwhile)
        ended = await database_sync_to_async(request_cancel)(user, run_id)
    # Running elsewhere: the relay abandons the call in flight at once (one trip after
    # the request, the flag's); the run also finds the flag at its next step.
    await executor.cancel(run_id, AgentFailure.CANCELLED)
    await events.broadcast(*ended)
    if ended:  # it ended before it started: messages queued behind it run next (R-X3-1)
        await start_next_from_inbox(run_id)


def forget(user: Any) -> tuple[int, list[int]]:
    """A new memory generation: earlier exchanges no longer reach the model (R-MEM-1).

    Returns it and the runs to stop, taken in the same transaction, under the player's
    lock: a run that had started with the old memory stops as forgotten; one that had
    not yet started (a message that waited, say) starts with the new memory instead.
    A message promoted after the forget is never among the runs it stops."""
    with transaction.atomic():
        inbox.lock_player(user.pk)
        generation = memory.bump_generation(user.pk)
        Run.objects.filter(user=user, status=Status.QUEUED).update(memory_generation=generation)
        running = list(
            Run.objects.filter(user=user, status=Status.RUNNING).values_list("pk", flat=True)
        )
    if config.snapshot().purge_on_forget:
        memory.redact_before(user, generation)
    return generation, running


async def aforget(user: Any) -> int:
    # The runs here read the new generation at their next step, even before they are told.
    flags_changed()
    generation, running = await database_sync_to_async(forget)(user)
    for run_id in running:
        await executor.cancel(run_id, AgentFailure.FORGOTTEN)
    return generation


async def aset_assistant(user: Any, enabled: bool) -> bool:
    """Switch the assistant on or off for this player; off ends their running loops at once,
    with no further model call (no finalization, R-MEM-2). Her waiting messages stay in
    the inbox while it is off and run, oldest first, once she switches it on."""
    flags_changed()
    await database_sync_to_async(memory.set_assistant_enabled)(user.pk, enabled)
    if not enabled:
        for run_id in await database_sync_to_async(_active_ids)(user):
            await executor.cancel(run_id, AgentFailure.ASSISTANT_DISABLED)
        return enabled
    for run_id in await database_sync_to_async(inbox.waiting_behind_ended)(user.pk):
        await start_next_from_inbox(run_id)
    return enabled


def _active_ids(user: Any) -> list[int]:
    return list(
        Run.objects.filter(user=user, status__in=ACTIVE_STATUSES).values_list("pk", flat=True)
    )


def decide(user: Any, run_id: int, action_id: str, decision: str) -> None:
    owned_run(user, run_id)
    status = ActionStatus.APPROVED if decision == "approve" else ActionStatus.REJECTED
    updated = PendingAction.objects.filter(
        run_id=run_id, action_id=action_id, status=ActionStatus.PENDING
    ).update(status=status, decided_at=timezone.now())
    if not updated:
        if not PendingAction.objects.filter(run_id=run_id, action_id=action_id).exists():
            raise ServiceError("unknown_action", f"Run {run_id} has no action {action_id}.", 404)
        raise ServiceError("already_decided", "This action was already decided.", 409)


async def adecide(user: Any, run_id: int, action_id: str, decision: str) -> None:
    await database_sync_to_async(decide)(user, run_id, action_id, decision)
    # Wakes the waiting run here, or relays the decision to the process running it.
    await executor.decided(run_id, action_id)


def events_after(
    user: Any, run_id: int, after_seq: int, *, any_user: bool = False, limit: int = EVENTS_PAGE
) -> list[dict[str, Any]]:
    """The run's events after ``after_seq`` (one page), in one query with the ownership check."""
    runs = Run.objects.filter(pk=run_id) if any_user else Run.objects.filter(pk=run_id, user=user)
    later = FilteredRelation("events", condition=Q(events__seq__gt=after_seq))
    found = list(
        runs.annotate(later=later)
        .order_by("later__seq")
        .values_list("later__seq", "later__kind", "later__data", "later__ts")[:limit]
    )
    if not found:
        raise not_found(run_id)
    return [event_frame(run_id, *row) for row in found if row[0] is not None]


def events_page(user: Any, run_id: int, after_seq: int) -> dict[str, Any]:
    """The API's page of a run's events, with the run's status and last seq (read after them)."""
    frames = events_after(user, run_id, after_seq)
    status, last_seq = Run.objects.values_list("status", "last_seq").get(pk=run_id)
    return {"run_id": run_id, "status": status, "last_seq": last_seq, "events": frames}
