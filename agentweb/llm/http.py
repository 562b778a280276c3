"""One pooled httpx client per event loop (Django-free; used by providers and search).

An ``httpx.AsyncClient`` belongs to the event loop it was first used in. The
server has one loop, but tests and worker processes may run several, so a
client is kept per loop and dropped when its loop is closed.
"""

from __future__ import annotations

import httpx

from agentweb.lib.per_loop import PerLoop


class LoopClients(PerLoop[httpx.AsyncClient]):
    async def aclose(self) -> None:
        clients = self.items()
        self.clear()
        for client in clients:
            await client.aclose()
