"""A run executing in this process: the one owner of its in-process state.

``open_run`` registers the run when its execution has claimed it; ``LiveRun.close``
— called once, however the run ends (answered, failed, stopped, undone, forgotten,
crashed, lease lost) — lets go of all of it. Nothing else in the process keeps a
run by its id; what it holds, and who asks for it:

* its execution context, once routed: what a stop here cancels at once (``cancel``,
  the executor's and an experiment's stops, a worker's heartbeat);
* whether a steering message was queued for it since its loop last claimed
  (``message_queued``: the submit here, the control group's ``inbox.queued``, the
  inbox's fallback look; read by its ``inbox.DbInbox``);
* its streamed text (``deltas.LiveText``: what a socket that subscribes mid-answer
  is sent, ``request_sync``);
* its flags as claimed, then as last read (``flags.py``: what its guard reads between
  two fallback reads).
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

from channels.layers import get_channel_layer

from agentweb.assistant import bus
from agentweb.assistant.runs.deltas import LiveText, delta_message
from agentweb.engine import AgentFailure, ExecutionContext

Flags = tuple[bool, bool, int, bool]  # cancel, undo, memory generation, assistant on

_open: dict[int, LiveRun] = {}
_syncs: set[asyncio.Task[None]] = set()


@dataclass(slots=True, eq=False)
class LiveRun:
    run_id: int
    user_id: int
    # The lease it runs under (``None``: the in-process executor's, unfenced): each
    # executor stops only the runs it executes.
    owner: str | None = None
    context: ExecutionContext | None = field(default=None, repr=False)
    # A steering message was queued for it since its loop last claimed.
    message_queued: bool = False
    text: LiveText | None = field(default=None, repr=False)
    # Its flags as last read, and when (``flags.FlagReader``: one read for all runs).
    flags: Flags = (False, False, 0, True)
    flags_read_at: float = float("-inf")

    def track(self, ctx: ExecutionContext) -> None:
        """The run's execution context, once routed (and again when it continues)."""
        self.context = ctx

    def cancel(self, reason: AgentFailure) -> bool:
        """Abandon its call in flight at once; whether it had one to abandon."""
        if self.context is None:
            return False
        self.context.cancel(reason)
        return True

    def stopping(self) -> bool:
        return self.context is not None and self.context.cancel_state.reason is not None

    def stream(self) -> LiveText:
        """Its streamed text (made by its first delta)."""
        if self.text is None:
            self.text = LiveText(self.run_id)
        return self.text

    def close(self) -> None:
        """The run has ended here: nothing of it stays in this process."""
        if _open.get(self.run_id) is self:
            del _open[self.run_id]
        self.context = None
        self.text = None


def open_run(run_id: int, user_id: int, flags: Flags, owner: str | None = None) -> LiveRun:
    """Register a run this process executes from now on, with its flags as it was claimed
    with them (its first steps read none). One left by an earlier attempt is replaced."""
    live = _open[run_id] = LiveRun(run_id, user_id, owner, flags=flags)
    live.flags_read_at = time.monotonic()
    return live


def live_run(run_id: int) -> LiveRun | None:
    """The run, if it executes in this process."""
    return _open.get(run_id)


def open_ids() -> list[int]:
    """Every run executing in this process."""
    return list(_open)


def open_runs() -> list[LiveRun]:
    return list(_open.values())


def flags_changed() -> None:
    """A flag changed (here or, by a message, elsewhere): each run's next step reads them."""
    for live in _open.values():
        live.flags_read_at = float("-inf")


def mark_queued(run_id: int) -> bool:
    """A steering message was queued for the run: its loop claims it at its next round.
    Whether the run executes here."""
    live = _open.get(run_id)
    if live is not None:
        live.message_queued = True
    return live is not None


def send_sync_soon(run_id: int, channel: str) -> None:
    """``send_sync`` in the background (a control group's ask: its listener goes on)."""
    if run_id in _open:
        task = asyncio.create_task(send_sync(run_id, channel))
        _syncs.add(task)
        task.add_done_callback(_syncs.discard)


async def send_sync(run_id: int, channel: str) -> None:
    """Everything the run streamed since its last event, in one delta, to one channel."""
    live = _open.get(run_id)
    text = live.text if live is not None else None
    layer = get_channel_layer()
    if text is None or not text.text or layer is None:
        return
    try:
        await layer.send(channel, delta_message(text.frame(0)))
    except Exception:  # the socket is gone, or the layer is down: it has the answer event later
        return


async def request_sync(run_id: int, channel: str) -> None:
    """Ask the process that executes the run for its streamed text (``send_sync`` there).

    Executed here: sent straight to the channel. Alone on the layer and not
    executed here: nothing to send (the channel is in the run's group already,
    so whatever comes next reaches it live). Otherwise: the control group.
    """
    if run_id in _open:
        await send_sync(run_id, channel)
        return
    if bus.single_process():
        return
    await bus.send(
        bus.CONTROL_GROUP, {"type": "run.delta.sync", "run_id": run_id, "channel": channel}
    )
