"""A real HTTP server on 127.0.0.1 that speaks the chat-completions API.

Tests script its replies; it records every request it received, so a test can
count the model calls that really crossed the network. A request with
``"stream": true`` gets server-sent events (chunked transfer encoding): the
reply's content in small pieces, ``chunk_delay_s`` apart, reasoning deltas
first, usage in the final chunk when asked for; a reply can also stall after
some chunks, run on for ever, or be held until the test releases it (so that a
test acts mid-answer without racing the server). The server says when a client
closed a stream (``client_closed``) and when a reply is held (``holding``).
``streaming=False`` makes the server refuse ``stream`` with an HTTP 400, as some
endpoints do. It is an asyncio server on its own thread and event loop: hundreds
of concurrent keep-alive connections (benchmarks) cost it almost nothing, and a
reply's latency is an ``asyncio.sleep``.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
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
    # Streaming: the content's pieces (default: about one token each), the pause
    # between them, private reasoning sent first, a stall after this many
    # pieces (the server then sends nothing more), a hold after this many
    # (nothing more until the test calls ``server.release()``; a reply that is
    # not streamed is held before it is sent), or pieces for ever.
    chunks: list[str] | None = None
    chunk_delay_s: float = 0.0
    reasoning: list[str] = field(default_factory=list)
    stall_after: int | None = None
    hold_after: int | None = None
    runaway: bool = False

    def pieces(self) -> list[str]:
        if self.chunks is not None:
            return self.chunks
        return _TOKENISH.findall(self.content or "")

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


# About one token: up to four characters, or one non-ASCII character.
_TOKENISH = re.compile(r"[\x00-\x7f]{1,4}|[^\x00-\x7f]", re.DOTALL)
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
        streaming: bool = True,
    ) -> None:
        self.queue: deque[Reply] = deque(self._coerce(r) for r in replies or [])
        self.responder = responder
        self.latency_s = latency_s
        self.streaming = streaming
        # Per streamed request: (monotonic time, piece) of every piece written,
        # and when the client closed the connection (None: it did not), also as
        # an event to wait on (``client_closed``).
        self.sent_pieces: list[list[tuple[float, str]]] = []
        self.closed_at: list[float | None] = []
        self._closed: list[threading.Event] = []
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.in_flight = 0
        self.peak_in_flight = 0
        self.port = 0
        self._lock = threading.Lock()
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: asyncio.Server | None = None
        self._released: asyncio.Event | None = None  # made on the server's loop
        self._holding = threading.Event()  # a reply is held (``holding``)
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

    async def client_closed(self, index: int, within_s: float = 30.0) -> bool:
        """Wait until the client has closed streamed request ``index``'s connection
        mid-stream; ``False`` if it has not within ``within_s`` (a safety bound)."""
        return await asyncio.to_thread(self._closed[index].wait, within_s)

    async def holding(self, within_s: float = 30.0) -> bool:
        """Wait until a reply is held (``Reply.hold_after``); ``False`` if none is within
        ``within_s`` (a safety bound)."""
        return await asyncio.to_thread(self._holding.wait, within_s)

    def release(self) -> None:
        """Let every held stream (``Reply.hold_after``) go on, now and from now on."""
        assert self._loop is not None and self._released is not None
        self._loop.call_soon_threadsafe(self._released.set)

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
        self._released = asyncio.Event()
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
                streamed = await self._maybe_stream(method, path, headers, raw, reader, writer)
                if streamed is not None:
                    break
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
        if body.get("stream") and not self.streaming:
            with self._lock:
                self.requests.append(body)
                self.headers.append(headers)
            return 400, '{"error": {"message": "stream is not supported by this server"}}'
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
            if reply.hold_after is not None:
                assert self._released is not None
                self._holding.set()
                await self._released.wait()
            return reply.status, reply.body()
        finally:
            with self._lock:
                self.in_flight -= 1

    # --- streaming ------------------------------------------------------------
    async def _maybe_stream(
        self,
        method: str,
        path: str,
        headers: dict[str, str],
        raw: bytes,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
    ) -> bool | None:
        """Serve a streamed request (then the connection closes); ``None``: not one."""
        if method != "POST" or not path.endswith("/chat/completions"):
            return None
        body = json.loads(raw)
        if not body.get("stream"):
            return None
        if not self.streaming:
            return None  # _handle answers the 400
        with self._lock:
            reply = self.queue[0] if self.queue else None
        if reply is None:
            # A responder (or a subclass's _next) decides now; the reply waits in the queue.
            reply = self._next(body)
            with self._lock:
                self.queue.appendleft(reply)
        if reply.status != 200 or reply.raw is not None:
            return None  # scripted errors and raw bodies are sent as they are
        with self._lock:
            self.requests.append(body)
            self.headers.append(headers)
            self.in_flight += 1
            self.peak_in_flight = max(self.peak_in_flight, self.in_flight)
            pieces: list[tuple[float, str]] = []
            self.sent_pieces.append(pieces)
            self.closed_at.append(None)
            self._closed.append(threading.Event())
            index = len(self.closed_at) - 1
        try:
            reply = self._next(body)
            gone = asyncio.ensure_future(reader.read(1))  # EOF: the client closed
            ok = await self._stream(reply, body, writer, pieces, gone)
            if not ok:
                self.closed_at[index] = time.monotonic()
                self._closed[index].set()
            gone.cancel()
            # A streamed response ends its connection: the watch for the client's
            # EOF must not eat the first byte of a next request.
            return False
        finally:
            with self._lock:
                self.in_flight -= 1

    async def _stream(
        self,
        reply: Reply,
        body: dict[str, Any],
        writer: asyncio.StreamWriter,
        pieces: list[tuple[float, str]],
        gone: asyncio.Future[bytes],
    ) -> bool:
        writer.write(
            b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
            b"Cache-Control: no-cache\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        delay = self.latency_s + reply.delay_s
        if delay and not await _wait(gone, delay):
            return False

        async def send(data: dict[str, Any] | str, piece: str | None = None) -> bool:
            if gone.done():
                return False
            text = data if isinstance(data, str) else json.dumps(data)
            event = f"data: {text}\n\n".encode()
            writer.write(f"{len(event):x}\r\n".encode() + event + b"\r\n")
            try:
                await writer.drain()
            except ConnectionError:
                return False
            if piece is not None:
                pieces.append((time.monotonic(), piece))
            return True

        def delta(**fields: Any) -> dict[str, Any]:
            return {
                "id": "chatcmpl-fake",
                "object": "chat.completion.chunk",
                "model": "fake-model",
                "choices": [{"index": 0, "delta": fields, "finish_reason": None}],
            }

        if not await send(delta(role="assistant", content="")):
            return False
        for thought in reply.reasoning:
            if not await send(delta(reasoning_content=thought)):
                return False
        if reply.refusal:
            await send(delta(refusal=reply.refusal))
        content = reply.pieces()
        n = 0
        while n < len(content) or reply.runaway:
            if reply.stall_after is not None and n >= reply.stall_after:
                await _wait(gone, 3600)
                return False
            if reply.hold_after == n and not await self._hold(gone):
                return False
            if reply.chunk_delay_s and not await _wait(gone, reply.chunk_delay_s):
                return False
            piece = content[n] if n < len(content) else "x"
            if not await send(delta(content=piece), piece):
                return False
            n += 1
        last = delta()
        last["choices"][0]["finish_reason"] = reply.finish_reason
        if not await send(last):
            return False
        wants_usage = (body.get("stream_options") or {}).get("include_usage")
        usage = {"id": "chatcmpl-fake", "choices": [], "usage": reply.usage}
        if reply.usage is not None and wants_usage and not await send(usage):
            return False
        if not await send("[DONE]"):
            return False
        writer.write(b"0\r\n\r\n")
        try:
            await writer.drain()
        except ConnectionError:
            return False
        return True

    async def _hold(self, gone: asyncio.Future[bytes]) -> bool:
        """Wait for ``release()``; ``False`` at once if the client closes meanwhile."""
        assert self._released is not None
        self._holding.set()
        released = asyncio.ensure_future(self._released.wait())
        await asyncio.wait([gone, released], return_when=asyncio.FIRST_COMPLETED)
        released.cancel()
        return not gone.done()


async def _wait(gone: asyncio.Future[bytes], seconds: float) -> bool:
    """Sleep ``seconds``; ``False`` at once if the client closes the connection meanwhile."""
    done, _ = await asyncio.wait([gone], timeout=seconds)
    return not done
