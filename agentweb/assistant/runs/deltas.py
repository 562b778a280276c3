"""Deltas: an answer as the model writes it, to the run's sockets (ephemeral, throttled).

A delta is not an event: no seq, never persisted. It carries ``after_seq``
(the last persisted event it follows), ``offset`` (where its text starts in
everything streamed since that event) and only the new text. At most one
delta per ``DELTA_INTERVAL_S`` per run leaves this process; the pending text
is sent before the next event is broadcast, so deltas always come before the
``answer`` event that replaces them. The process that executes a run keeps
its streamed text, so a socket that (re)subscribes mid-answer can ask for
everything so far in one delta (``run.delta.sync`` on the control group).
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from channels.layers import get_channel_layer

from agentweb.assistant import bus
from agentweb.engine.events import DeltaKind, EventKind

# At most one delta frame per run this often: smooth on screen, cheap for the
# channel layer (a fast model writes a token every few milliseconds).
DELTA_INTERVAL_S = 0.05
# Deltas a follower holds while it waits for the text before them (a sync reply).
MAX_HELD_DELTAS = 64
# Events written beside the loop while it runs (a message queued by the player):
# they take a seq in the trace but do not end the text being streamed, so a delta
# that follows the loop's last event is still current after one of them.
BESIDE_THE_LOOP = frozenset({EventKind.INBOX_QUEUED.value})


def streams_after(kind: str) -> bool:
    """Whether an event of ``kind`` is one deltas can follow (a step of the loop)."""
    return kind not in BESIDE_THE_LOOP


class LiveText:
    """What one run streamed since its last persisted event, and what is still to send."""

    def __init__(self, run_id: int) -> None:
        self.run_id = run_id
        self.after_seq = 0
        self.kind = DeltaKind.ANSWER
        self.text = ""
        self.sent_len = 0
        self.lock = asyncio.Lock()
        self._timer: asyncio.TimerHandle | None = None
        self._last_sent = float("-inf")

    def add(self, after_seq: int, kind: DeltaKind, text: str) -> None:
        if after_seq != self.after_seq:
            self._restart(after_seq)
        self.kind = kind
        self.text += text
        if self._timer is None:
            wait = max(0.0, self._last_sent + DELTA_INTERVAL_S - time.monotonic())
            self._timer = asyncio.get_running_loop().call_later(wait, self._flush_soon)

    def _restart(self, after_seq: int) -> None:
        self.after_seq = after_seq
        self.text = ""
        self.sent_len = 0

    def _flush_soon(self) -> None:
        self._timer = None
        _spawn(self.flush())

    def frame(self, offset: int = 0) -> dict[str, Any]:
        return delta_frame(self.run_id, self.after_seq, self.kind, offset, self.text[offset:])

    async def flush(self) -> None:
        """Send what is pending as one delta."""
        async with self.lock:
            await self._send_pending()

    async def _send_pending(self) -> None:
        if self.sent_len >= len(self.text):
            return
        frame = self.frame(self.sent_len)
        self.sent_len = len(self.text)
        self._last_sent = time.monotonic()
        await bus.send(bus.run_group(self.run_id), delta_message(frame))

    async def before_event(self, seq: int) -> None:
        """An event is about to be broadcast: pending text goes first, then a new scope."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        await self._send_pending()
        self._restart(seq)


def delta_frame(run_id: int, after_seq: int, kind: str, offset: int, text: str) -> dict[str, Any]:
    return {
        "type": "run.delta",
        "run_id": run_id,
        "after_seq": after_seq,
        "kind": kind,
        "offset": offset,
        "text": text,
    }


def delta_message(frame: dict[str, Any]) -> dict[str, Any]:
    """The layer message for one delta: the frame, and its JSON (encoded once for all
    followers; ``DeltaCursor.accept`` hands the frame itself back when nothing was cut)."""
    return {"type": "run.delta", "frame": frame, "text": json.dumps(frame)}


_live: dict[int, LiveText] = {}
_tasks: set[asyncio.Task[Any]] = set()


def _spawn(coro: Any) -> None:
    task = asyncio.ensure_future(coro)
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


def live_text(run_id: int) -> LiveText:
    """A fresh ``LiveText`` for a run this process starts executing (replacing any
    left by an earlier attempt, whose lock and timer belong to another loop)."""
    found = _live[run_id] = LiveText(run_id)
    return found


def forget(run_id: int) -> None:
    _live.pop(run_id, None)


async def send_sync(run_id: int, channel: str) -> None:
    """Everything the run streamed since its last event, in one delta, to one channel."""
    live = _live.get(run_id)
    layer = get_channel_layer()
    if live is None or not live.text or layer is None:
        return
    try:
        await layer.send(channel, delta_message(live.frame(0)))
    except Exception:  # the socket is gone, or the layer is down: it has the answer event later
        return


async def request_sync(run_id: int, channel: str) -> None:
    """Ask the process that executes the run for its streamed text (``send_sync`` there).

    Streamed here: sent straight to the channel. Alone on the layer and not
    streamed here: nothing to send (the channel is in the run's group already,
    so whatever comes next reaches it live). Otherwise: the control group.
    """
    if run_id in _live:
        await send_sync(run_id, channel)
        return
    if bus.single_process():
        return
    await bus.send(
        bus.CONTROL_GROUP, {"type": "run.delta.sync", "run_id": run_id, "channel": channel}
    )


class DeltaCursor:
    """A follower's side: which streamed text a client already has, so each delta adds
    only what is new — whether it arrives live, in a sync reply, or both."""

    def __init__(self) -> None:
        self.after_seq = -1
        self.length = 0
        self.held: list[dict[str, Any]] = []

    def accept(self, frame: dict[str, Any], sent_seq: int) -> list[dict[str, Any]]:
        """Client frames for one delta, given the seq of the last event the client has.

        Frames are never changed: one that is new in full comes back as the
        same object, one that is partly known as a new, cut copy."""
        after = frame["after_seq"]
        if after != sent_seq:
            return []  # older than an event the client has, or ahead of it: dropped
        if after != self.after_seq:
            self.after_seq, self.length, self.held = after, 0, []
        out: list[dict[str, Any]] = []
        pending = [frame, *self.held]
        self.held = []
        progressed = True
        while progressed:
            progressed = False
            for item in list(pending):
                offset, text = item["offset"], item["text"]
                if offset > self.length:
                    continue
                pending.remove(item)
                new = text[self.length - offset :]
                if new:
                    # All of it new: the frame itself (its JSON may be sent as it is).
                    cut = offset != self.length
                    out.append({**item, "offset": self.length, "text": new} if cut else item)
                    self.length += len(new)
                    progressed = True
        self.held = pending[-MAX_HELD_DELTAS:]
        return out
