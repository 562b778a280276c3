"""A channel of the layer and the groups it joined: joined one by one, all left at the end.

Whatever listens on the channel layer — a websocket, a server-sent-events
stream — holds one channel and some groups. ``Member`` keeps the list, so
that when the listener ends (closed, dropped, cancelled) one call leaves every
group and the layer holds nothing of it any more.
"""

from __future__ import annotations

from typing import Any

from channels.layers import get_channel_layer


class Member:
    """One channel (``channel``) of ``layer`` and the groups it is in now."""

    def __init__(self, layer: Any, channel: str) -> None:
        self.layer = layer
        self.channel = channel
        self.groups: set[str] = set()

    @classmethod
    async def open(cls, layer: Any = None) -> Member:
        """A new channel of ``layer`` (the default layer when not given), in no group yet."""
        layer = layer if layer is not None else get_channel_layer()
        return cls(layer, await layer.new_channel())

    def __contains__(self, group: str) -> bool:
        return group in self.groups

    async def join(self, group: str) -> None:
        """Join ``group`` (nothing to do when already in it)."""
        if group in self.groups:
            return
        await self.layer.group_add(group, self.channel)
        self.groups.add(group)

    async def leave(self, group: str) -> None:
        self.groups.discard(group)
        await self.layer.group_discard(group, self.channel)

    async def leave_all(self) -> None:
        for group in list(self.groups):
            await self.leave(group)

    async def receive(self) -> dict[str, Any]:
        """The channel's next message (waiting for one)."""
        return await self.layer.receive(self.channel)
