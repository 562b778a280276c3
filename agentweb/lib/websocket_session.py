"""Channels' session middleware for websockets, without its wrapper around every send.

``channels.sessions.SessionMiddleware`` puts the login session in the scope
(lazily, from the session cookie) and wraps ``send`` so that a modified session
is saved with an HTTP response's first message (``http.response.start``). A
websocket never sends that message: for a socket the wrapper saves nothing and
only costs a look at the session on each frame sent — every live event, once per
follower. This middleware puts the session in the scope the same way and hands
the server's ``send`` on as it is. A consumer that changes the session saves it
itself (as Channels asks of websocket consumers anyway).
"""

from __future__ import annotations

from typing import Any

from channels.sessions import CookieMiddleware, InstanceSessionWrapper, SessionMiddleware


class WebsocketSessionMiddleware:
    """``SessionMiddleware`` for ``websocket`` scopes (Channels' own for any other)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.other = SessionMiddleware(inner)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] != "websocket":
            return await self.other(scope, receive, send)
        wrapper = InstanceSessionWrapper(scope, send)
        await wrapper.resolve_session()
        return await self.inner(wrapper.scope, receive, send)


def websocket_session_stack(inner: Any) -> Any:
    """Cookies, then the session (``WebsocketSessionMiddleware``): ``SessionMiddlewareStack``
    for sockets."""
    return CookieMiddleware(WebsocketSessionMiddleware(inner))
