"""Logging out closes the sockets of that session; deactivating a user closes all of theirs."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from agentweb.asgi import application
from tests.assistant.conftest import HOST, ORIGIN

pytestmark = pytest.mark.django_db(transaction=True)


class Browser:
    """One login session and its socket."""

    def __init__(self, user):
        self.client = Client()
        self.client.force_login(user)
        name = settings.SESSION_COOKIE_NAME
        self.cookie = f"{name}={self.client.cookies[name].value}"

    async def open(self):
        headers = [ORIGIN, (b"host", HOST), (b"cookie", self.cookie.encode())]
        self.socket = WebsocketCommunicator(application, "/ws/assistant/", headers=headers)
        connected, _ = await self.socket.connect()
        assert connected
        return self.socket


async def _still_open(socket) -> bool:
    """A frame gets its answer: the socket is open (whatever happened before has been sent)."""
    await socket.send_json_to({"type": "run.subscribe", "run_id": 999999})
    reply = await socket.receive_json_from(timeout=5)
    return reply.get("code") == "unknown_run"


async def _closed_with(socket):
    message = await socket.receive_output(timeout=5)
    return message["type"], message.get("code")


async def test_logging_out_closes_the_sockets_of_that_session_only(alice):
    laptop = await database_sync_to_async(Browser)(alice)
    phone = await database_sync_to_async(Browser)(alice)
    laptop_socket, phone_socket = await laptop.open(), await phone.open()

    await database_sync_to_async(laptop.client.post)("/accounts/logout/")

    assert await _closed_with(laptop_socket) == ("websocket.close", 4401)
    assert await _still_open(phone_socket), "the other login keeps its socket"
    await phone_socket.disconnect()


async def test_deactivating_a_user_closes_every_socket_of_theirs(alice, bob):
    first = await database_sync_to_async(Browser)(alice)
    second = await database_sync_to_async(Browser)(alice)
    bobs = await database_sync_to_async(Browser)(bob)
    sockets = [await first.open(), await second.open()]
    bob_socket = await bobs.open()

    alice.is_active = False
    await database_sync_to_async(alice.save)()

    for socket in sockets:
        assert await _closed_with(socket) == ("websocket.close", 4401)
    assert await _still_open(bob_socket)
    await bob_socket.disconnect()
