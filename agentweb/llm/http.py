"""One pooled httpx client per event loop (Django-free; used by providers and search).

An ``httpx.AsyncClient`` belongs to the event loop it was first used in. The
server has one loop, but tests and worker processes may run several, so a
client is kept per loop and dropped when its loop is closed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import httpx


class LoopClients:
    def __init__(self, factory: Callable[[], httpx.AsyncClient]) -> None:
        self._factory = factory
        self._clients: dict[asyncio.AbstractEventLoop, httpx.AsyncClient] = {}

    def get(self) -> httpx.AsyncClient:
        loop = asyncio.get_running_loop()
        client = self._clients.get(loop)
        if client is None:
            for closed in [lp for lp in self._clients if lp.is_closed()]:
                del self._clients[closed]
            client = self._clients[loop] = self._factory()
        return client

    async def aclose(self) -> None:
        clients, self._clients = self._clients, {}
        for client in clients.values():
            await client.aclose()
