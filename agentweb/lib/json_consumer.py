"""The JSON websocket consumer the project's sockets build on: Channels' own, one hop shorter.

Two changes to Channels' ``AsyncJsonWebsocketConsumer``, both for live events,
which a socket receives far more often than anything else:

* on the in-process layer (``lib/inprocess_channel_layer.py``) its messages and
  the client's reach ``dispatch`` through the layer's own loop
  (``dispatch_forever``: one turn of the event loop per message instead of a
  task and four turns); on any other layer Channels' loop runs unchanged;
* ``dispatch`` calls the handler without Channels' ``close_old_connections``
  hop before it. That hop is a trip to the one thread that runs ORM code, for
  each message of each socket, and it queues behind the runs' own database
  work. A consumer built on this touches the database only through
  ``database_sync_to_async``, which closes old connections around each call
  itself; a message the socket can send on as it is needs no thread at all.
"""

from __future__ import annotations

import contextlib
import functools
from typing import Any

from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from channels.layers import get_channel_layer

from agentweb.lib.inprocess_channel_layer import InProcessChannelLayer


class JsonWebsocketConsumer(AsyncJsonWebsocketConsumer):
    """``AsyncJsonWebsocketConsumer`` dispatched by the in-process layer, without the ORM hop."""

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        layer = get_channel_layer(self.channel_layer_alias)
        if not isinstance(layer, InProcessChannelLayer):
            await super().__call__(scope, receive, send)
            return
        self.scope = scope
        self.channel_layer = layer
        self.channel_name = await layer.new_channel()
        self.channel_receive = functools.partial(layer.receive, self.channel_name)
        self.base_send = send
        with contextlib.suppress(StopConsumer):
            await layer.dispatch_forever(self.channel_name, receive, self.dispatch)

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
