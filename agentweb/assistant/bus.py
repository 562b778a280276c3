"""The channel layer: group names and every send (the doorbell; the database is the log).

Every message here is best-effort: a send that fails (Redis down, a layer
error of any backend) is logged and costs latency, never correctness —
sockets re-read missed events from the database, runs read their flags at
every step, workers poll the queue.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Callable
from typing import Any

from channels.layers import get_channel_layer

from agentweb.lib.inprocess_channel_layer import InProcessChannelLayer

logger = logging.getLogger("agentweb.assistant")

# Every process that executes runs listens here for cancel requests it must act on.
CONTROL_GROUP = "assistant.control"
# Workers listen here for "a run was queued" (a doorbell: they poll the
# database too, so a lost message only delays the run by one poll).
QUEUE_GROUP = "assistant.queue"
# The trace viewer's run lists (reviewers' sockets): a run started or ended, or was rated.
RUNS_GROUP = "assistant.runs"
# Group memberships live in the channel layer; after a Redis restart they are
# gone. Listeners re-join this often, which bounds how long cancels and
# doorbells go unheard after the layer comes back (one cheap command each).
REJOIN_S = 5.0
# Backoff while the channel layer is unreachable.
RETRY_FIRST_S = 0.2
RETRY_MAX_S = 5.0


def run_group(run_id: int) -> str:
    return f"assistant.run.{run_id}"


def user_group(user_id: int) -> str:
    return f"assistant.user.{user_id}"


def session_group(session_key: str) -> str:
    """The sockets opened with one login session (a digest: keys stay out of the layer)."""
    return f"assistant.session.{hashlib.sha256(session_key.encode()).hexdigest()[:32]}"


def single_process() -> bool:
    """The layer reaches this process only (the embedded setup): nothing runs elsewhere."""
    return isinstance(get_channel_layer(), InProcessChannelLayer)


async def send(group: str, message: dict[str, Any]) -> bool:
    """``group_send`` that logs instead of raising when the layer is down; ``True`` if sent."""
    layer = get_channel_layer()
    if layer is None:
        return False
    try:
        await layer.group_send(group, message)
    except Exception as exc:  # redis errors, OSError…: the database still holds the truth
        logger.warning("channel layer: %s to %s not sent: %s", message.get("type"), group, exc)
        return False
    return True


async def runs_changed(run_id: int) -> None:
    """Ring the trace viewer's run lists: ``run_id``'s row changed (it started, ended or
    was rated). Reviewers' pages read the list again; nothing of the run is in the message."""
    await send(RUNS_GROUP, {"type": "runs.changed", "run_id": run_id})


async def listen(group: str, handle: Callable[[dict[str, Any]], None]) -> None:
    """Receive a group's messages for ever, re-joining it after layer outages.

    The re-join runs beside a receive that stays in flight: some layers
    (Redis pub/sub) drop a channel whose receive is cancelled.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    delay = RETRY_FIRST_S
    channel = None
    while True:
        receiving: asyncio.Future[dict[str, Any]] | None = None
        try:
            if channel is None:
                channel = await layer.new_channel()
            await layer.group_add(group, channel)
            delay = RETRY_FIRST_S
            while True:
                receiving = asyncio.ensure_future(layer.receive(channel))
                while not (await asyncio.wait({receiving}, timeout=REJOIN_S))[0]:
                    await layer.group_add(group, channel)
                handle(receiving.result())
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            logger.warning("channel layer: listening on %s failed (%s); retrying", group, exc)
            channel = None  # a fresh one: the layer may have dropped this one
            await asyncio.sleep(delay)
            delay = min(delay * 2, RETRY_MAX_S)
        finally:
            if receiving is not None and not receiving.done():
                receiving.cancel()
