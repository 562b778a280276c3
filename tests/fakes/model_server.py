"""A real HTTP server on 127.0.0.1 that speaks the chat-completions API.

Tests script its replies; it records every request it received, so a test can
count the model calls that really crossed the network. It is an asyncio
server on its own thread and event loop: hundreds of concurrent keep-alive
connections (benchmarks) cost it almost nothing, and a reply's latency is an
``asyncio.sleep``.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# The longest request head (request line + headers) the server reads.
MAX_HEAD = 64 * 1024


@dataclass
class Reply:
    """One scripted reply: a completion, or a raw status/body."""

    content: str | None = None
    finish_reason: str = "stop"
    usage: dict[str, int] | None = field(
        default_factory=lambda: {"prompt_tokens": 20, "completion_tokens": 8}
    )
    status: int = 200
    raw: str | None = None
    delay_s: float = 0.0
    refusal: str | None = None

    def body(self) -> str:
        if self.raw is not None:
            return self.raw
        message: dict[str, Any] = {"role": "assistant", "content": self.content}
        if self.refusal:
            message["refusal"] = self.refusal
        data: dict[str, Any] = {
            "id": "chatcmpl-fake",
            "object": "chat.completion",
            "model": "fake-model",
            "choices": [{"index": 0, "message": message, "finish_reason": self.finish_reason}],
        }
        if self.usage is not None:
            data["usage"] = self.usage
        return json.dumps(data)


Responder = Callable[[dict[str, Any]], Reply]
_REASONS = {
    200: "OK",
    400: "Bad Request",
    404: "Not Found",
    429: "Too Many Requests",
    500: "Internal Server Error",
    503: "Service Unavailable",
}


class FakeModelServer:
    """``with FakeModelServer() as server: server.url`` → ``http://127.0.0.1:PORT/v1``."""

    def __init__(
        self,
        replies: list[Reply | str | dict] | None = None,
        *,
        responder: Responder | None = None,
        latency_s: float = 0.0,
    ) -> None:
        self.queue: deque[Reply] = deque(self._coerce(r) for r in replies or [])
        self.responder = responder
        self.latency_s = latency_s
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.in_flight = 0
        self.peak_in_flight = 0
        self.port = 0
        self._lock = threading.Lock()
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: asyncio.Server | None = None
        self._thread = threading.Thread(target=self._serve, daemon=True)

    @staticmethod
    def _coerce(reply: Reply | str | dict) -> Reply:
        if isinstance(reply, Reply):
            return reply
        return Reply(json.dumps(reply) if isinstance(reply, dict) else reply)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def calls(self) -> int:
        return len(self.requests)

    def push(self, *replies: Reply | str | dict) -> None:
        with self._lock:
            self.queue.extend(self._coerce(r) for r in replies)

    def user_payloads(self) -> list[dict[str, Any]]:
        return [json.loads(r["messages"][1]["content"]) for r in self.requests]

    def __enter__(self) -> FakeModelServer:
        self._thread.start()
        self._ready.wait(10)
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    def _serve(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        self._server = loop.run_until_complete(
            asyncio.start_server(self._connection, "127.0.0.1", 0, backlog=1024)
        )
        self.port = self._server.sockets[0].getsockname()[1]
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            self._server.close()
            # Connections still open are ended here, on a running loop: left to the
            # garbage collector, their coroutines would be finalised on a closed
            # loop at some random later moment (see tests/conftest.py).
            pending = asyncio.all_tasks(loop)
            for task in pending:
                task.cancel()
            if pending:
                loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            loop.run_until_complete(self._server.wait_closed())
            loop.close()

    def _next(self, body: dict[str, Any]) -> Reply:
        with self._lock:
            if self.queue:
                return self.queue.popleft()
        if self.responder is not None:
            return self.responder(body)
        return Reply(status=500, raw='{"error": "no scripted reply left"}')

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                if len(head) > MAX_HEAD:
                    break
                lines = head.decode("latin-1").split("\r\n")
                method, path = lines[0].split(" ")[:2]
                headers = {}
                for line in lines[1:]:
                    if ":" in line:
                        name, value = line.split(":", 1)
                        headers[name.strip().title()] = value.strip()
                raw = await reader.readexactly(int(headers.get("Content-Length", 0)))
                status, text = await self._handle(method, path, headers, raw)
                data = text.encode()
                reason = _REASONS.get(status, "Status")
                writer.write(
                    f"HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\n"
                    f"Content-Length: {len(data)}\r\n\r\n".encode()
                    + data
                )
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError):
            pass
        finally:
            writer.close()

    async def _handle(
        self, method: str, path: str, headers: dict[str, str], raw: bytes
    ) -> tuple[int, str]:
        if method != "POST" or not path.endswith("/chat/completions"):
            return 404, '{"error": "not found"}'
        body = json.loads(raw)
        with self._lock:
            self.requests.append(body)
            self.headers.append(headers)
            self.in_flight += 1
            self.peak_in_flight = max(self.peak_in_flight, self.in_flight)
        try:
            reply = self._next(body)
            delay = self.latency_s + reply.delay_s
            if delay:
                await asyncio.sleep(delay)
            return reply.status, reply.body()
        finally:
            with self._lock:
                self.in_flight -= 1
