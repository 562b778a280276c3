"""Deltas: an answer as the model writes it, to the run's sockets (ephemeral, throttled).

A delta is not an event: no seq, never persisted. It carries ``after_seq``
(the last persisted event it follows), ``offset`` (where its text starts in
everything streamed since that event) and only the new text. At most one
delta per ``DELTA_INTERVAL_S`` per run leaves this process; the pending text
is sent before the next event is broadcast, so deltas always come before the
``answer`` event that replaces them. The process that executes a run keeps
its streamed text (``live.LiveRun``), so a socket that (re)subscribes mid-answer
can ask for everything so far in one delta (``live.request_sync``); the
follower's side of them is ``follow.DeltaCursor``.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from agentweb.assistant import bus
from agentweb.engine.events import DeltaKind

# At most one delta frame per run this often: smooth on screen, cheap for the
# channel layer (a fast model writes a token every few milliseconds).
DELTA_INTERVAL_S = 0.05


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


_tasks: set[asyncio.Task[Any]] = set()


def _spawn(coro: Any) -> None:
    task = asyncio.ensure_future(coro)
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)
