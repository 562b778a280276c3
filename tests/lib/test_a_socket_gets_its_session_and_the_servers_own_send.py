"""The websocket session middleware puts the cookie's session in the scope, as Channels'
does, and hands the server's ``send`` on as it is: no session check per frame sent."""

from django.conf import settings

from agentweb.lib.websocket_session import websocket_session_stack


class Inner:
    def __init__(self) -> None:
        self.calls = []

    async def __call__(self, scope, receive, send):
        self.calls.append((scope, send))


def _scope(kind: str) -> dict:
    cookie = f"{settings.SESSION_COOKIE_NAME}=abc123xyz".encode()
    return {"type": kind, "path": "/ws/assistant/", "headers": [(b"cookie", cookie)]}


async def _receive():
    return {}


async def test_a_socket_gets_the_cookies_session_and_the_servers_send():
    inner = Inner()

    async def send(message):
        pass

    await websocket_session_stack(inner)(_scope("websocket"), _receive, send)

    ((scope, passed_send),) = inner.calls
    assert passed_send is send
    assert scope["session"].session_key == "abc123xyz"
    assert scope["cookies"] == {settings.SESSION_COOKIE_NAME: "abc123xyz"}


async def test_an_http_request_keeps_channels_session_saving_send():
    inner = Inner()

    async def send(message):
        pass

    await websocket_session_stack(inner)(_scope("http"), _receive, send)

    ((scope, passed_send),) = inner.calls
    assert passed_send is not send  # Channels' wrapper, which saves a modified session
    assert scope["session"].session_key == "abc123xyz"
