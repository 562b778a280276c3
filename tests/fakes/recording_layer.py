"""The embedded setup's channel layer, recording what the app does with it (for tests)."""

from __future__ import annotations

import copy
from typing import Any

from agentweb.lib.inprocess_channel_layer import InProcessChannelLayer


class RecordingLayer(InProcessChannelLayer):
    """Every send kept with a deep copy taken at send time; every operation counted."""

    sent: list[tuple[str, dict[str, Any], dict[str, Any]]] = []
    calls: list[tuple[str, str]] = []

    @classmethod
    def reset(cls) -> None:
        cls.sent, cls.calls = [], []

    async def send(self, channel: str, message: dict[str, Any]) -> None:
        self.calls.append(("send", channel))
        self.sent.append((channel, message, copy.deepcopy(message)))
        await super().send(channel, message)

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        self.calls.append(("group_send", group))
        self.sent.append((group, message, copy.deepcopy(message)))
        await super().group_send(group, message)

    async def group_add(self, group: str, channel: str) -> None:
        self.calls.append(("group_add", group))
        await super().group_add(group, channel)

    async def group_discard(self, group: str, channel: str) -> None:
        self.calls.append(("group_discard", group))
        await super().group_discard(group, channel)


def use_recording_layer(settings: Any) -> type[RecordingLayer]:
    """Point CHANNEL_LAYERS at ``RecordingLayer`` (pytest-django's ``settings`` fixture)."""
    RecordingLayer.reset()
    settings.CHANNEL_LAYERS = {
        "default": {"BACKEND": f"{__name__}.RecordingLayer", "CONFIG": {"capacity": 1000}}
    }
    return RecordingLayer
