"""Fixtures for the assistant app: a scripted model and real websocket clients."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from agentweb.asgi import application
from agentweb.assistant.runs.executor import executor
from agentweb.engine import ScriptedModel
from agentweb.llm.openai_compat import OpenAICompatible
from tests.fakes.model_server import FakeModelServer

ORIGIN = (b"origin", b"http://127.0.0.1")
# The handshake's Host: the page at ORIGIN was served by this server.
HOST = b"127.0.0.1"


@pytest.fixture
def search_service(settings) -> Iterator[Callable[[str | None], None]]:
    """Configure (a URL) or remove (``None``) the search service for this test."""
    from agentweb.assistant import config

    def set_url(url: str | None) -> None:
        settings.AGENTWEB_SEARCH_URL = url
        config.search_backend.cache_clear()

    yield set_url
    config.search_backend.cache_clear()


@pytest.fixture
def model(monkeypatch) -> ScriptedModel:
    """The provider every run of the test uses: a queue of replies."""
    scripted = ScriptedModel()
    monkeypatch.setattr("agentweb.assistant.runs.lifecycle.build_provider", lambda: scripted)
    return scripted


@pytest.fixture
def server(monkeypatch) -> Iterator[FakeModelServer]:
    """A real streaming chat-completions server on 127.0.0.1 that every run of the test talks
    to (push its replies)."""
    with FakeModelServer() as fake:
        provider = OpenAICompatible(fake.url, "fake-model")
        monkeypatch.setattr("agentweb.assistant.runs.lifecycle.build_provider", lambda: provider)
        yield fake


def session_cookie(user: Any) -> bytes:
    client = Client()
    client.force_login(user)
    name = settings.SESSION_COOKIE_NAME
    return f"{name}={client.cookies[name].value}".encode()


class Socket:
    """A websocket client speaking SPEC §15 frames."""

    def __init__(self, communicator: WebsocketCommunicator) -> None:
        self.c = communicator

    async def send(self, frame: dict[str, Any] | str) -> None:
        text = frame if isinstance(frame, str) else json.dumps(frame)
        await self.c.send_to(text_data=text)

    async def recv(self, timeout: float = 5) -> dict[str, Any]:
        return json.loads(await self.c.receive_from(timeout))

    async def until(
        self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 10
    ) -> list[dict[str, Any]]:
        """Every frame received up to and including the first that matches."""
        frames = []
        while True:
            frame = await self.recv(timeout)
            frames.append(frame)
            if predicate(frame):
                return frames

    async def until_finished(self, run_id: int) -> list[dict[str, Any]]:
        return await self.until(
            lambda f: f.get("kind") == "run.finished" and f.get("run_id") == run_id
        )

    async def nothing(self) -> bool:
        return await self.c.receive_nothing(timeout=0.2)

    async def close(self) -> None:
        await self.c.disconnect()


@pytest.fixture
async def connect() -> AsyncIterator[Callable[..., Any]]:
    opened: list[Socket] = []

    async def open_socket(
        user: Any | None,
        *,
        origin: bytes = ORIGIN[1],
        cookies: str = "",
        accept_language: str = "",
    ) -> Socket:
        """``cookies`` ("name=value; …") go with the login's; ``accept_language`` is the
        browser's header."""
        headers = [(b"origin", origin), (b"host", HOST)]
        if user is not None:
            cookie = await database_sync_to_async(session_cookie)(user)
            headers.append(
                (b"cookie", b"; ".join([cookie, cookies.encode()]) if cookies else cookie)
            )
        if accept_language:
            headers.append((b"accept-language", accept_language.encode()))
        communicator = WebsocketCommunicator(application, "/ws/assistant/", headers=headers)
        connected, _ = await communicator.connect()
        socket = Socket(communicator)
        socket.connected = connected
        opened.append(socket)
        return socket

    yield open_socket
    await executor.wait_all()
    for socket in opened:
        await socket.close()
