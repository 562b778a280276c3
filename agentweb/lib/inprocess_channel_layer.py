"""A channel layer for one process: Channels' layer interface at a constant cost per operation.

Channels' ``InMemoryChannelLayer`` scans every channel and every group on each
``receive`` and ``group_send`` (to expire messages and memberships) and
deep-copies each message once per receiving channel. With a hundred sockets
following a hundred runs that scan is most of what a send costs. This layer
keeps the same semantics without either:

* **expiry without scans**: every queued message and every group membership
  also goes into a time-ordered queue (the expiry is the same for all of them,
  so appending keeps the order); each operation pops only what has come due.
  A message still unread after ``expiry`` seconds is dropped, and — as in
  Channels' layers — its channel leaves every group (a consumer that stopped
  reading is gone). A membership older than ``group_expiry`` ends.
* **no copies**: a message is queued as the very object that was sent, once
  for every receiver. **Contract: a message is immutable once sent** — the
  sender does not touch it again and no receiver mutates it (or anything in
  it); a receiver that needs a changed version builds a new dict.
* capacity per channel (``capacity``, ``channel_capacity`` globs as in
  Channels): a full channel raises ``ChannelFull`` on ``send``; ``group_send``
  skips full members, as Channels' layers do.

One process only (messages never leave it), any number of event loops: a
receiver waits on its own loop, and a sender on another loop or thread wakes
it thread-safely. Settings: ``BACKEND`` =
``agentweb.lib.inprocess_channel_layer.InProcessChannelLayer``, optional
``CONFIG`` keys ``expiry`` (s, default 60), ``group_expiry`` (s, default
86400), ``capacity`` (default 100) and ``channel_capacity``; ``clock`` (a
monotonic clock by default) is for tests.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import secrets
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from channels.exceptions import ChannelFull
from channels.layers import BaseChannelLayer


class _Channel:
    """One channel's queue and the receivers waiting on it."""

    __slots__ = ("capacity", "groups", "messages", "waiters")

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        # (expires at, message), oldest first.
        self.messages: deque[tuple[float, dict[str, Any]]] = deque()
        self.waiters: deque[asyncio.Future[None]] = deque()
        self.groups: set[str] = set()

    def idle(self) -> bool:
        return not self.messages and not self.waiters and not self.groups


class InProcessChannelLayer(BaseChannelLayer):
    """Channels' layer interface (``groups`` and ``flush`` extensions) for one process."""

    extensions = ["groups", "flush"]

    def __init__(
        self,
        expiry: float = 60,
        group_expiry: float = 86400,
        capacity: int = 100,
        channel_capacity: dict[Any, int] | None = None,
        clock: Callable[[], float] = time.monotonic,
        **kwargs: Any,
    ) -> None:
        super().__init__(expiry=expiry, capacity=capacity, **kwargs)
        self.channel_capacity = self.compile_capacities(channel_capacity or {})
        self.group_expiry = group_expiry
        self.clock = clock
        self._lock = threading.Lock()
        self._reset()

    def _reset(self) -> None:
        self._channels: dict[str, _Channel] = {}
        # group → {channel: time joined}
        self._groups: dict[str, dict[str, float]] = {}
        # Time-ordered: (expires at, channel) per queued message, and
        # (expires at, group, channel) per group_add.
        self._message_deadlines: deque[tuple[float, str]] = deque()
        self._membership_deadlines: deque[tuple[float, str, str]] = deque()

    # Channel API

    async def new_channel(self, prefix: str = "specific.") -> str:
        return f"{prefix}.inprocess!{secrets.token_hex(8)}"

    async def send(self, channel: str, message: dict[str, Any]) -> None:
        """Queue ``message`` (not copied: immutable from now on) on ``channel``."""
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_channel_name(channel)
        assert "__asgi_channel__" not in message
        now = self.clock()
        with self._lock:
            self._expire(now)
            if not self._put(channel, message, now):
                raise ChannelFull(channel)

    async def receive(self, channel: str) -> dict[str, Any]:
        """The channel's oldest message, waiting for one if it has none."""
        self.require_valid_channel_name(channel)
        loop = asyncio.get_running_loop()
        while True:
            with self._lock:
                self._expire(self.clock())
                state = self._channel(channel)
                if state.messages and not state.waiters:
                    return self._take(channel, state)
                waiter: asyncio.Future[None] = loop.create_future()
                state.waiters.append(waiter)
            try:
                await waiter
            except BaseException:
                with self._lock:
                    self._drop_waiter(channel, waiter)
                raise
            with self._lock:
                state = self._channels.get(channel)
                if state is not None and state.messages:
                    return self._take(channel, state)

    async def dispatch_forever(
        self,
        channel: str,
        receive: Callable[[], Awaitable[dict[str, Any]]],
        dispatch: Callable[[dict[str, Any]], Awaitable[None]],
    ) -> None:
        """Channels' ``await_many_dispatch`` for a consumer of ``channel``: each message of
        the channel and of ``receive`` (the client's) to ``dispatch``, one at a time.

        Channels makes a task per message and waits on both with ``asyncio.wait``: four
        turns of the event loop between a ``group_send`` and the consumer. Here a message
        already queued is taken at once, and the waiting is one future that this layer
        (or the client's next message) resolves: one turn. The client's message comes
        first when both are there, so neither source starves the other. Returns only by
        an exception (``StopConsumer`` from a handler, or cancellation).
        """
        self.require_valid_channel_name(channel)
        loop = asyncio.get_running_loop()
        client = asyncio.ensure_future(receive())
        try:
            while True:
                if client.done():
                    message = client.result()
                    client = asyncio.ensure_future(receive())
                    await dispatch(message)
                    continue
                with self._lock:
                    self._expire(self.clock())
                    state = self._channel(channel)
                    if state.messages and not state.waiters:
                        message = self._take(channel, state)
                    else:
                        message = None
                        bell: asyncio.Future[None] = loop.create_future()
                        state.waiters.append(bell)
                if message is not None:
                    await dispatch(message)
                    continue
                ring = functools.partial(_ring, bell)
                client.add_done_callback(ring)
                try:
                    await bell
                except BaseException:
                    with self._lock:
                        self._drop_waiter(channel, bell)
                    raise
                finally:
                    client.remove_done_callback(ring)
                if client.done():  # rung by the client: the layer may still hold the bell
                    with self._lock:
                        self._drop_waiter(channel, bell)
        finally:
            client.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await client

    # Groups extension

    async def group_add(self, group: str, channel: str) -> None:
        self.require_valid_group_name(group)
        self.require_valid_channel_name(channel)
        now = self.clock()
        with self._lock:
            self._expire(now)
            self._groups.setdefault(group, {})[channel] = now
            self._channel(channel).groups.add(group)
            self._membership_deadlines.append((now + self.group_expiry, group, channel))

    async def group_discard(self, group: str, channel: str) -> None:
        self.require_valid_channel_name(channel)
        self.require_valid_group_name(group)
        with self._lock:
            self._leave(group, channel)

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        """``message`` (one object, not copied) to every member; full members miss it."""
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_group_name(group)
        now = self.clock()
        with self._lock:
            self._expire(now)
            for channel in self._groups.get(group, ()):
                self._put(channel, message, now)

    # Flush extension

    async def flush(self) -> None:
        """Drop every message and membership; waiting receivers keep waiting."""
        with self._lock:
            waiting = {name: c.waiters for name, c in self._channels.items() if c.waiters}
            self._reset()
            for name, waiters in waiting.items():
                self._channel(name).waiters = waiters

    async def close(self) -> None:
        pass

    # What is held (for operations and tests)

    def members(self, group: str) -> int:
        """How many channels belong to ``group`` now."""
        with self._lock:
            return len(self._groups.get(group, ()))

    def channels_held(self) -> int:
        """Channels that hold anything: a message, a waiting receiver or a membership."""
        with self._lock:
            return sum(1 for state in self._channels.values() if not state.idle())

    # Internals (called with the lock held)

    def _channel(self, name: str) -> _Channel:
        state = self._channels.get(name)
        if state is None:
            state = self._channels[name] = _Channel(self.get_capacity(name))
        return state

    def _put(self, channel: str, message: dict[str, Any], now: float) -> bool:
        state = self._channel(channel)
        if len(state.messages) >= state.capacity:
            return False
        expires = now + self.expiry
        state.messages.append((expires, message))
        self._message_deadlines.append((expires, channel))
        self._wake(state)
        return True

    def _take(self, channel: str, state: _Channel) -> dict[str, Any]:
        _, message = state.messages.popleft()
        if state.messages:
            self._wake(state)  # the next message for the next waiter
        elif state.idle():
            del self._channels[channel]
        return message

    @staticmethod
    def _wake(state: _Channel) -> None:
        while state.waiters:
            waiter = state.waiters[0]
            if waiter.done():
                state.waiters.popleft()
                continue
            loop = waiter.get_loop()
            try:
                running = asyncio.get_running_loop()
            except RuntimeError:
                running = None
            state.waiters.popleft()
            if running is loop:
                waiter.set_result(None)
                return
            try:
                loop.call_soon_threadsafe(_resolve, waiter)
            except RuntimeError:  # its loop is closed: nobody waits there any more
                continue
            return

    def _drop_waiter(self, channel: str, waiter: asyncio.Future[None]) -> None:
        state = self._channels.get(channel)
        if state is None:
            return
        try:
            state.waiters.remove(waiter)
        except ValueError:
            # It was woken (and so removed) before it was cancelled: pass the turn on.
            if state.messages:
                self._wake(state)
        if state.idle():
            del self._channels[channel]

    def _leave(self, group: str, channel: str) -> None:
        members = self._groups.get(group)
        if members is not None:
            members.pop(channel, None)
            if not members:
                del self._groups[group]
        state = self._channels.get(channel)
        if state is not None:
            state.groups.discard(group)
            if state.idle():
                del self._channels[channel]

    def _expire(self, now: float) -> None:
        """Drop what has come due: only the heads of the two time-ordered queues."""
        deadlines = self._message_deadlines
        while deadlines and deadlines[0][0] <= now:
            _, channel = deadlines.popleft()
            state = self._channels.get(channel)
            if state is None or not state.messages or state.messages[0][0] > now:
                continue  # read in time
            while state.messages and state.messages[0][0] <= now:
                state.messages.popleft()
            # A channel that let a message expire stopped reading: it leaves its groups.
            for group in list(state.groups):
                self._leave(group, channel)
            if channel in self._channels and state.idle():
                del self._channels[channel]
        memberships = self._membership_deadlines
        while memberships and memberships[0][0] <= now:
            _, group, channel = memberships.popleft()
            joined = self._groups.get(group, {}).get(channel)
            if joined is not None and joined + self.group_expiry <= now:
                self._leave(group, channel)


def _resolve(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)


def _ring(bell: asyncio.Future[None], _: object) -> None:
    _resolve(bell)
