"""Every websocket frame type refuses crafted input: an error frame, the socket open, no change.

The frame types are walked, not listed: every member of ``ClientFrame``
(``ws/frames.py``) gets each field's crafted values (``tests/attacks.py``),
starting from a valid frame of its type, and the whole frame the values no
JSON reader may accept. A frame type added later is attacked the same way.
"""

from __future__ import annotations

import json
import typing

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.ws.frames import MAX_FRAME_BYTES, ClientFrame
from tests import attacks
from tests.test_every_route_refuses_bad_input import fingerprint

pytestmark = pytest.mark.django_db(transaction=True)

FRAME_TYPES = typing.get_args(typing.get_args(ClientFrame)[0])


def _frames(model: type) -> list[tuple[str, str]]:
    kind = typing.get_args(model.model_fields["type"].annotation)[0]
    base = {**attacks.valid_example(model), "type": kind}
    frames = [
        (f"{kind} {label}", raw)
        for label, raw in attacks.body_field_attacks(model, base)
        if not label.startswith("type:")
    ]
    # A frame is text: broken UTF-8 cannot be one.
    frames += [
        (f"{kind} {label}", raw.decode())
        for label, raw in attacks.whole_body_attacks(model, MAX_FRAME_BYTES, base)
        if label != "broken UTF-8"
    ]
    return frames


async def test_every_frame_type_refuses_crafted_fields(connect, alice):
    socket = await connect(alice)
    before = await database_sync_to_async(fingerprint)()
    problems = []

    for model in FRAME_TYPES:
        for label, frame in _frames(model):
            await socket.send(frame)
            reply = await socket.recv()
            if reply.get("type") != "error" or not reply.get("code") or not reply.get("message"):
                problems.append(f"{label}: {json.dumps(reply)[:200]}")

    assert not problems, "\n".join(problems)
    await socket.send({"type": "run.subscribe", "run_id": 999999})
    assert (await socket.recv())["code"] == "unknown_run", "the socket is still open"
    assert await database_sync_to_async(fingerprint)() == before
