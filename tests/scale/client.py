"""Clients of the scaled stack: websocket players and the HTTP API, over real sockets."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any

import websockets

from tests.scale.stack import Daphne


class Player:
    """One websocket of a logged-in player on one Daphne process."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.frames: list[dict[str, Any]] = []

    @classmethod
    async def connect(cls, daphne: Daphne, session_key: str, retry_for: float = 0) -> Player:
        """Open the socket; with ``retry_for``, retry like the page does (backoff) until then."""
        headers = {"Cookie": f"sessionid={session_key}", "Origin": daphne.http}
        deadline = time.monotonic() + retry_for
        while True:
            try:
                ws = await websockets.connect(
                    daphne.ws, additional_headers=headers, max_size=2**22, open_timeout=10
                )
                return cls(ws)
            except (OSError, TimeoutError, websockets.InvalidHandshake):
                if time.monotonic() >= deadline:
                    raise
                await asyncio.sleep(0.5)

    async def send(self, frame: dict[str, Any] | str) -> None:
        await self.ws.send(frame if isinstance(frame, str) else json.dumps(frame))

    async def recv(self, timeout: float = 20) -> dict[str, Any]:
        frame = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        frame["_received"] = time.monotonic()
        self.frames.append(frame)
        return frame

    async def until(
        self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 30
    ) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            frame = await self.recv(max(0.01, deadline - time.monotonic()))
            if predicate(frame):
                return frame

    async def chat(self, text: str, **extra: Any) -> int:
        await self.send({"type": "chat.send", "text": text, **extra})
        accepted = await self.until(lambda f: f.get("type") == "chat.accepted")
        return accepted["run_id"]

    async def finished(self, run_id: int, timeout: float = 60) -> dict[str, Any]:
        return await self.until(
            lambda f: f.get("kind") == "run.finished" and f.get("run_id") == run_id, timeout
        )

    def events(self, run_id: int) -> list[dict[str, Any]]:
        return [f for f in self.frames if f.get("type") == "run.event" and f["run_id"] == run_id]

    async def close(self) -> None:
        await self.ws.close()


def seqs(frames: list[dict[str, Any]]) -> list[int]:
    return [f["seq"] for f in frames]


async def until_called(model: Any, calls: int, within_s: float = 60) -> None:
    """Wait until the fake model has received ``calls`` requests: the last one is in flight
    (held by the model's latency). ``within_s`` only bounds a test that would hang."""
    deadline = time.monotonic() + within_s
    while model.calls < calls:
        assert time.monotonic() < deadline, f"{model.calls} model calls, not {calls}"
        await asyncio.sleep(0.01)


def started_round(run_id: int) -> Callable[[dict[str, Any]], bool]:
    """A predicate: the run's loop started a round (its model call follows at once)."""
    return lambda f: f.get("kind") == "round.started" and f.get("run_id") == run_id
