"""The websocket's Origin check compares scheme, host and port, not the host alone."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from agentweb.asgi import application
from tests.assistant.conftest import session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


async def _handshake(user, origin: bytes | None, host: bytes, scheme: str = "ws") -> bool:
    headers = [(b"host", host), (b"cookie", await database_sync_to_async(session_cookie)(user))]
    if origin is not None:
        headers.append((b"origin", origin))
    communicator = WebsocketCommunicator(application, "/ws/assistant/", headers=headers)
    communicator.scope["scheme"] = scheme
    connected, _ = await communicator.connect()
    await communicator.disconnect()
    return connected


@pytest.mark.parametrize(
    ("origin", "host", "scheme"),
    [
        (b"http://127.0.0.1:8000", b"127.0.0.1:8000", "ws"),
        (b"http://localhost", b"localhost", "ws"),
        (b"https://127.0.0.1", b"127.0.0.1", "wss"),
    ],
)
async def test_the_server_s_own_origin_is_accepted(alice, origin, host, scheme):
    assert await _handshake(alice, origin, host, scheme)


@pytest.mark.parametrize(
    ("origin", "host", "scheme"),
    [
        (b"http://127.0.0.1:9999", b"127.0.0.1:8000", "ws"),  # another port of the same host
        (b"https://127.0.0.1:8000", b"127.0.0.1:8000", "ws"),  # another scheme
        (b"http://127.0.0.1", b"127.0.0.1", "wss"),  # a plain page on a TLS server
        (b"http://evil.example", b"127.0.0.1", "ws"),
        (b"http://127.0.0.1.evil.example", b"127.0.0.1", "ws"),
        (b"null", b"127.0.0.1", "ws"),
        (None, b"127.0.0.1", "ws"),
        (b"http://evil.example", b"evil.example", "ws"),  # a Host that is not allowed
    ],
)
async def test_any_other_origin_is_refused(alice, origin, host, scheme):
    assert not await _handshake(alice, origin, host, scheme)


async def test_a_trusted_origin_is_accepted_with_its_exact_scheme_and_port(alice, settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://*.example.com", "http://chat.example.org:8080"]

    assert await _handshake(alice, b"https://mc.example.com", b"127.0.0.1")
    assert await _handshake(alice, b"http://chat.example.org:8080", b"127.0.0.1")
    assert not await _handshake(alice, b"http://mc.example.com", b"127.0.0.1")
    assert not await _handshake(alice, b"http://chat.example.org", b"127.0.0.1")
    assert not await _handshake(alice, b"https://example.com.evil.net", b"127.0.0.1")
