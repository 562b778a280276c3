"""An ASGI application that answers every HTTP request with what its process runs on:
the event loop's class, the collector's thresholds and how many objects it has frozen
(``tests/lib/test_the_server_runs_on_the_chosen_event_loop_with_its_heap_frozen.py``)."""

from __future__ import annotations

import asyncio
import gc
import json
from typing import Any


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] != "http":
        return
    loop = type(asyncio.get_running_loop())
    body = json.dumps(
        {
            "loop": f"{loop.__module__}.{loop.__qualname__}",
            "thresholds": list(gc.get_threshold()),
            "frozen": gc.get_freeze_count(),
        }
    ).encode()
    await send(
        {"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"json")]}
    )
    await send({"type": "http.response.body", "body": body})
