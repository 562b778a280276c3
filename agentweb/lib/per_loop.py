"""One object per running event loop (Django-free).

Asyncio objects (locks, tasks, clients) belong to the loop that made them.
The server has one loop, but tests and worker processes may run several, so
such singletons are kept per loop and dropped once their loop is closed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class PerLoop(Generic[T]):
    def __init__(self, factory: Callable[[], T]) -> None:
        self._factory = factory
        self._by_loop: dict[asyncio.AbstractEventLoop, T] = {}

    def get(self) -> T:
        loop = asyncio.get_running_loop()
        found = self._by_loop.get(loop)
        if found is None:
            for closed in [lp for lp in self._by_loop if lp.is_closed()]:
                del self._by_loop[closed]
            found = self._by_loop[loop] = self._factory()
        return found

    def items(self) -> list[T]:
        return list(self._by_loop.values())

    def clear(self) -> None:
        self._by_loop.clear()
