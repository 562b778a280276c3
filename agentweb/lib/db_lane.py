"""The database thread's lanes (Django-free): events first, then what a player waits on.

Synchronous ORM code called from the event loop (``sync_to_async`` and
``database_sync_to_async``, thread-sensitive) runs on one thread, one call at a
time, first come first served. Under load its queue holds dozens of calls, and
a call that a player is waiting on right now — an event to persist before it is
sent, the end of a stopped run, the stop itself — waits behind all the work
that only moves runs along: new messages, run starts, tool lookups.

``install()`` gives that thread three queues, taken in order: calls made
inside ``first()`` (the event writer: every run's next send waits on its one
trip), then inside ``urgent()`` (what one player waits on: a stopped run's end,
the stop), then everything else; within a queue the order stays first come
first served. Nothing runs twice, nothing is dropped, every call still runs on
the one thread (so thread-bound state such as database connections stays
where it was), only the order changes. The event writer has one trip queued
at a time, so it never takes more than every other turn; the normal lane waits
only while the other two have work, and theirs is kept small: single writes,
never a run's whole step.
"""

from __future__ import annotations

import atexit
import contextvars
import threading
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from contextlib import AbstractContextManager, contextmanager
from typing import Any

FIRST, URGENT, NORMAL = 0, 1, 2
_lane: contextvars.ContextVar[int] = contextvars.ContextVar("db_lane", default=NORMAL)


@contextmanager
def _in(lane: int) -> Iterator[None]:
    token = _lane.set(lane)
    try:
        yield
    finally:
        _lane.reset(token)


def first() -> AbstractContextManager[None]:
    """Database calls made in this block (by this task) go before all others."""
    return _in(FIRST)


def urgent() -> AbstractContextManager[None]:
    """Database calls made in this block (by this task) go before the normal lane's."""
    return _in(URGENT)


_Work = tuple[Future[Any], Callable[..., Any], tuple[Any, ...], dict[str, Any]]


class LaneExecutor(Executor):
    """One worker thread, three first-come-first-served queues, taken in order.

    The lane of a call is read when it is submitted, from the submitting
    context (``first()``, ``urgent()``): ``loop.run_in_executor`` submits from
    the awaiting task.
    """

    def __init__(self, name: str = "db-lane") -> None:
        self._name = name
        self._lanes: tuple[deque[_Work], ...] = (deque(), deque(), deque())
        self._ready = threading.Condition(threading.Lock())
        self._thread: threading.Thread | None = None
        self._shutdown = False

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        with self._ready:
            if self._shutdown:
                raise RuntimeError("cannot schedule new work after shutdown")
            self._lanes[_lane.get()].append((future, fn, args, kwargs))
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name=self._name, daemon=True)
                self._thread.start()
            self._ready.notify()
        return future

    def runs_here(self) -> bool:
        """The calling thread is this executor's worker."""
        return self._thread is not None and threading.current_thread() is self._thread

    def queued(self) -> tuple[int, ...]:
        """Calls waiting, per lane (first, urgent, normal)."""
        with self._ready:
            return tuple(len(lane) for lane in self._lanes)

    def _next(self) -> _Work | None:
        with self._ready:
            while not (any(self._lanes) or self._shutdown):
                self._ready.wait()
            for lane in self._lanes:
                if lane:
                    return lane.popleft()
            return None  # shut down and drained

    def _work(self) -> None:
        while (work := self._next()) is not None:
            future, fn, args, kwargs = work
            if not future.set_running_or_notify_cancel():
                continue
            try:
                result = fn(*args, **kwargs)
            except BaseException as exc:
                future.set_exception(exc)
                del exc
            else:
                future.set_result(result)
            del work, future, fn, args, kwargs

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._ready:
            self._shutdown = True
            if cancel_futures:
                for lane in self._lanes:
                    for future, *_ in lane:
                        future.cancel()
                    lane.clear()
            self._ready.notify_all()
            thread = self._thread
        if wait and thread is not None and thread is not threading.current_thread():
            thread.join()


def install() -> LaneExecutor:
    """Make the lane executor asgiref's one thread for thread-sensitive calls.

    Done once at start-up, before any such call (the thread is made on the first).
    """
    from asgiref.sync import SyncToAsync

    current = SyncToAsync.single_thread_executor
    if isinstance(current, LaneExecutor):
        return current
    lane = LaneExecutor()
    SyncToAsync.single_thread_executor = lane
    # Its thread is a daemon; like a ThreadPoolExecutor's, the work queued at exit still runs.
    atexit.register(lane.shutdown)
    return lane
