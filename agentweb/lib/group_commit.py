"""Group commit for one event loop (Django-free): items of many tasks, written in groups.

A task calls ``submit(item)`` and waits for its own result. The first one
starts a writer task; whatever is handed in while a group is being written
forms the next group. Alone, an item costs one write; under load many share
one (one transaction, one thread hop) — the difference between the database
keeping up or not. ``write`` returns one result per item, an exception
instance for an item that failed (only that task hears it); if ``write``
itself raises, every task of the group hears that.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

T = TypeVar("T")  # the item
R = TypeVar("R")

Write = Callable[[list[T]], Awaitable[list[R | BaseException]]]
Waiting = list[tuple[T, "asyncio.Future[R]"]]


class GroupCommit(Generic[T, R]):
    """Items written in groups of at most ``max_weight`` (an item weighs ``weight(item)``;
    a group holds at least one item)."""

    def __init__(
        self,
        write: Write[T, R],
        *,
        max_weight: int,
        weight: Callable[[T], int] = lambda item: 1,
        name: str = "group-commit",
    ) -> None:
        self._write = write
        self._max_weight = max_weight
        self._weight = weight
        self._name = name
        self.pending: Waiting[T, R] = []
        self._task: asyncio.Task[None] | None = None

    async def submit(self, item: T) -> R:
        """Write ``item`` with the others handed in meanwhile; its result once written."""
        future: asyncio.Future[R] = asyncio.get_running_loop().create_future()
        self.pending.append((item, future))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._drain(), name=self._name)
        return await future

    async def _drain(self) -> None:
        while self.pending:
            group, self.pending = self._take_group()
            try:
                results = await self._write([item for item, _ in group])
            except Exception as exc:
                results = [exc] * len(group)
            for (_, future), result in zip(group, results, strict=True):
                if future.done():  # its task stopped waiting (cancelled)
                    continue
                if isinstance(result, BaseException):
                    future.set_exception(result)
                else:
                    future.set_result(result)

    def _take_group(
        self,
    ) -> tuple[list[tuple[T, asyncio.Future[R]]], list[tuple[T, asyncio.Future[R]]]]:
        total = 0
        for n, (item, _) in enumerate(self.pending):
            total += self._weight(item)
            if total > self._max_weight and n > 0:
                return self.pending[:n], self.pending[n:]
        return self.pending, []
