"""Caps on long requests (streams, long-polls) held open at once per user or token.

A server-sent-event stream or a long-poll holds a task, a channel and a
thread's turn for as long as it is open; without a cap one client opens
hundreds. ``OpenRequests(limit)`` counts the open ones per key in this
process (each serving process protects itself): ``enter(key)`` returns a
``Held`` — released once, however the request ends — or ``None`` when the
key already holds ``limit``.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Hashable


class Held:
    """One open request; ``release()`` frees its place (only the first call counts)."""

    __slots__ = ("_caps", "_key", "_released")

    def __init__(self, caps: OpenRequests, key: Hashable) -> None:
        self._caps = caps
        self._key = key
        self._released = False

    def release(self) -> None:
        if not self._released:
            self._released = True
            self._caps._leave(self._key)

    def __enter__(self) -> Held:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


class OpenRequests:
    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: Counter[Hashable] = Counter()
        self._lock = threading.Lock()

    def enter(self, key: Hashable) -> Held | None:
        with self._lock:
            if self._open[key] >= self.limit:
                return None
            self._open[key] += 1
        return Held(self, key)

    def open_for(self, key: Hashable) -> int:
        with self._lock:
            return self._open[key]

    def _leave(self, key: Hashable) -> None:
        with self._lock:
            self._open[key] -= 1
            if self._open[key] <= 0:
                del self._open[key]
