"""R-AUTH-1: the websocket needs a logged-in session and a matching origin."""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


async def test_an_anonymous_socket_is_refused(connect):
    socket = await connect(None)

    assert socket.connected is False


async def test_a_foreign_origin_is_refused(connect, alice):
    socket = await connect(alice, origin=b"http://evil.example")

    assert socket.connected is False


async def test_a_logged_in_player_is_accepted(connect, alice):
    socket = await connect(alice)

    assert socket.connected is True
