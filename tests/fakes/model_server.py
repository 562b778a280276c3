"""A real HTTP server on 127.0.0.1 that speaks the chat-completions API.

Tests script its replies; it records every request it received, so a test can
count the model calls that really crossed the network.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


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
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @staticmethod
    def _coerce(reply: Reply | str | dict) -> Reply:
        if isinstance(reply, Reply):
            return reply
        return Reply(json.dumps(reply) if isinstance(reply, dict) else reply)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    @property
    def calls(self) -> int:
        return len(self.requests)

    def push(self, *replies: Reply | str | dict) -> None:
        self.queue.extend(self._coerce(r) for r in replies)

    def user_payloads(self) -> list[dict[str, Any]]:
        return [json.loads(r["messages"][1]["content"]) for r in self.requests]

    def __enter__(self) -> FakeModelServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._server.shutdown()
        self._server.server_close()

    def _next(self, body: dict[str, Any]) -> Reply:
        with self._lock:
            if self.queue:
                return self.queue.popleft()
        if self.responder is not None:
            return self.responder(body)
        return Reply(status=500, raw='{"error": "no scripted reply left"}')

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                return None

            def do_POST(self) -> None:
                if not self.path.endswith("/chat/completions"):
                    self._send(404, '{"error": "not found"}')
                    return
                length = int(self.headers.get("Content-Length", 0))
                body = json.loads(self.rfile.read(length))
                with server._lock:
                    server.requests.append(body)
                    server.headers.append(dict(self.headers))
                    server.in_flight += 1
                    server.peak_in_flight = max(server.peak_in_flight, server.in_flight)
                try:
                    reply = server._next(body)
                    time.sleep(server.latency_s + reply.delay_s)
                    self._send(reply.status, reply.body())
                except (BrokenPipeError, ConnectionResetError):
                    pass
                finally:
                    with server._lock:
                        server.in_flight -= 1

            def _send(self, status: int, text: str) -> None:
                data = text.encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        return Handler
