"""Event-path benchmark: what one event costs the event loop between the engine and a socket.

No server, no database: the pieces of the embedded setup's event path that run on
the event loop, in one process, each against a baseline in the same process.

* ``dispatch``: ``--sockets`` consumers, each following one group of the in-process
  channel layer; ``--events`` rounds of one ``group_send`` per group. Delivered to
  each consumer's handler by the layer's own loop (``dispatch_forever``, what the
  assistant socket uses) and, as the baseline, by Channels' ``await_many_dispatch``
  over the same layer (a task and an ``asyncio.wait`` per message). CPU µs per
  delivered message, and the ratio.
* ``redact``: the credential check of the event log (``redact_all_encoded``) on the
  events of one run shaped like the peer workload's (20 events, three model calls
  whose request is a few KB of JSON with text outside ASCII). CPU µs per run; the
  baseline is the same look done as it was before: the JSON text with its letters
  outside ASCII as they are, lower-cased and searched for every needle.

    .venv/bin/python bench/event_path.py --sockets 100 --events 200

Prints one JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from channels.utils import await_many_dispatch  # noqa: E402

from agentweb.engine import credentials  # noqa: E402
from agentweb.engine.credentials import redact_all_encoded  # noqa: E402
from agentweb.lib.inprocess_channel_layer import InProcessChannelLayer  # noqa: E402


async def deliver(sockets: int, events: int, ours: bool) -> float:
    """CPU µs per message delivered, from ``group_send`` to the consumer's handler."""
    layer = InProcessChannelLayer(capacity=10_000)
    channels = [await layer.new_channel() for _ in range(sockets)]
    for n, channel in enumerate(channels):
        await layer.group_add(f"run.{n}", channel)
    done = asyncio.Event()
    remaining = [sockets * events]

    async def handle(message: dict[str, Any]) -> None:
        remaining[0] -= 1
        if remaining[0] == 0:
            done.set()

    idle = asyncio.Event()  # the client never says anything

    async def client() -> dict[str, Any]:
        await idle.wait()
        return {}

    def serve(channel: str) -> Any:
        if ours:
            return layer.dispatch_forever(channel, client, handle)
        return await_many_dispatch([client, lambda: layer.receive(channel)], handle)

    consumers = [asyncio.ensure_future(serve(channel)) for channel in channels]
    await asyncio.sleep(0)
    started = time.process_time()
    for _ in range(events):
        for n in range(sockets):
            await layer.group_send(f"run.{n}", {"type": "run.event", "text": "{}"})
        await asyncio.sleep(0)  # the sender yields between events, as a run does
    await done.wait()
    cpu = time.process_time() - started
    for consumer in consumers:
        consumer.cancel()
    await asyncio.gather(*consumers, return_exceptions=True)
    return cpu / (sockets * events) * 1e6


def run_events() -> list[dict[str, Any]]:
    """Data of one run's events, shaped like the peer workload's (about 20 KB of JSON)."""
    request = json.dumps(
        {
            "task": "answer the player",
            "question": "Wie baue ich einen Andesite Alloy → Brass Casing? 分析",
            "observations": [
                {"tool": "ftb.quest.find", "quests": [{"title": f"Quest {n}", "tasks": ["32×"]}]}
                for n in range(40)
            ],
        }
    )
    small = [{"round": n, "purpose": "reasoning", "status": "ok"} for n in range(14)]
    called = [{"round": n, "request": request, "reply": "…", "tokens_in": 900} for n in range(3)]
    tools = [{"round": n, "result": {"items": [f"item {k}" for k in range(60)]}} for n in range(2)]
    answer = [{"text": "Du brauchst Andesite Alloy und Brass Ingots — 4 Schritte."}]
    return small + called + tools + answer


def unicode_look(data: Any) -> bool:
    """The baseline: every needle in the lower-cased Unicode JSON text."""
    text = json.dumps(data, ensure_ascii=False, check_circular=False)
    low = text.lower()
    if any(needle in low for needle in credentials._NEEDLES):
        return True
    return not text.isascii() and credentials._CASE_TWINS.search(text) is not None


def redaction(rounds: int) -> tuple[float, float]:
    """CPU µs per run: the event log's check, and the baseline look."""
    events = run_events()
    started = time.process_time()
    for _ in range(rounds):
        for data in events:
            redact_all_encoded(data)
    ours = time.process_time() - started
    started = time.process_time()
    for _ in range(rounds):
        for data in events:
            unicode_look(data)
    walked = time.process_time() - started
    return ours / rounds * 1e6, walked / rounds * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--sockets", type=int, default=100)
    ap.add_argument("--events", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=300, help="runs' events redacted")
    args = ap.parse_args()
    # Alternated, twice each; the lower of the two is reported (the machine is shared).
    channels_us, ours_us = [], []
    for _ in range(2):
        channels_us.append(asyncio.run(deliver(args.sockets, args.events, ours=False)))
        ours_us.append(asyncio.run(deliver(args.sockets, args.events, ours=True)))
    redact_us, walk_us = redaction(args.rounds)
    print(
        json.dumps(
            {
                "bench": "event_path",
                "sockets": args.sockets,
                "events": args.events,
                "dispatch_us_per_message": round(min(ours_us), 2),
                "await_many_dispatch_us_per_message": round(min(channels_us), 2),
                "dispatch_ratio": round(min(ours_us) / min(channels_us), 3),
                "redact_us_per_run": round(redact_us, 1),
                "unicode_look_us_per_run": round(walk_us, 1),
                "redact_ratio": round(redact_us / walk_us, 3),
            }
        ),
        flush=True,
    )


if __name__ == "__main__":
    main()
