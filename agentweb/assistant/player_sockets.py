"""What every socket of a player hears of a message she sends anywhere (SPEC §15b).

A message from the chat page (origin ``web``), ``POST /api/runs`` (``api``) or
game chat (``game``) is announced on the player's group: each of her sockets
gets ``chat.accepted`` with the origin and the message's text, and — when it
is a run of its own — follows that run (``follow.Follower``), so a second tab
shows the new turn and its events live. A message that waited in the inbox
and now runs as its own run is announced again, with ``from_inbox``. The
socket whose frame sent the message (``sender``, its channel) has its own
``chat.accepted`` already and skips the announcement.

Only the player's own sockets are in her group (``ws/consumer.py`` joins it
at the handshake): no other player, and no reviewer, hears of her messages
this way.
"""

from __future__ import annotations

from typing import Any

from agentweb.assistant import bus
from agentweb.assistant.ws.frames import ChatAccepted

# The layer message on the player's group (a consumer's ``player_accepted`` handler).
ACCEPTED = "player.accepted"


async def announce(user_id: int, accepted: ChatAccepted, sender: str = "") -> None:
    """Tell every socket of the player (but ``sender``) that a message of hers was accepted."""
    message: dict[str, Any] = {"type": ACCEPTED, "frame": accepted.frame(), "sender": sender}
    await bus.send(bus.user_group(user_id), message)
