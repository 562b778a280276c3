"""The running event loop's clock, moved on by the test: a timeout fires when the test says.

``asyncio.timeout``, ``call_later`` and the socket timeouts of httpx (anyio)
all read ``loop.time()``. A test that means "once this has happened, the call
times out" makes the thing happen, waits for it, then ``advance``\\ s the clock
past the timeout — instead of a short real timeout that a busy machine may
reach before the thing has happened.
"""

from __future__ import annotations

import asyncio
from typing import Any


class LoopClock:
    """``with LoopClock() as clock: … clock.advance(seconds)`` inside a running loop."""

    def __init__(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.offset = 0.0
        self._time = self.loop.time

    def __enter__(self) -> LoopClock:
        # An attribute of this loop only: its own method still gives the real time.
        self.loop.time = lambda: self._time() + self.offset  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: Any) -> None:
        del self.loop.time

    def advance(self, seconds: float) -> None:
        """Move the clock on; timers now due run at the loop's next turn."""
        self.offset += seconds
