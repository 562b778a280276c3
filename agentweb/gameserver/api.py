"""The game API (``/api/game/…``, docs/game-server.md): thin async views for a server plugin.

Each view declares what it reads (``gameserver/inputs.py`` through the request
layer), calls one function of this app and answers JSON; every refusal is
``{"error": {"code", "message"}}`` with a 4xx status, and a refused request
changes nothing.
"""

from __future__ import annotations

import asyncio
from contextlib import nullcontext

from asgiref.sync import sync_to_async
from django.http import HttpRequest, JsonResponse

from agentweb.gameserver import chat, feed, linking, players
from agentweb.gameserver.auth import game_api
from agentweb.gameserver.errors import GameApiError
from agentweb.gameserver.inputs import (
    ChatBody,
    ChatReplyQuery,
    DeliveriesQuery,
    DeliveryResult,
    LinkBody,
    PlayerPath,
)
from agentweb.gameserver.players import PlayerState
from agentweb.lib.inputs.http import reads
from agentweb.lib.open_requests import Held, OpenRequests

# A plugin's request is small, but a player-state push may name thousands of quest ids.
MAX_BODY_BYTES = 512 * 1024
# How often a long-poll looks for new deliveries (one indexed EXISTS a look).
POLL_S = 0.5
# Requests one game-server token may keep waiting at once in a serving process (a plugin
# needs one long-poll for deliveries and a few for chat replies).
MAX_WAITS_PER_TOKEN = 8
waits = OpenRequests(MAX_WAITS_PER_TOKEN)


def _waiting(request: HttpRequest, wait: int) -> Held | None:
    """A place among the token's waiting requests (none needed when it does not wait)."""
    if not wait:
        return None
    held = waits.enter(request.game_token.pk)
    if held is None:
        raise GameApiError(
            "too_many_waits",
            f"This token already has {MAX_WAITS_PER_TOKEN} requests waiting; "
            "wait for one to answer.",
            429,
        )
    return held


@game_api("POST")
@reads(body=LinkBody)
async def link(request: HttpRequest, *, body: LinkBody) -> JsonResponse:
    """POST /api/game/link {"code","uuid","name"} → the linked account."""
    made = await sync_to_async(linking.redeem)(request.game_token, body.code, body.uuid, body.name)
    return JsonResponse({"linked": True, "uuid": str(made.uuid), "name": body.name})


@game_api("GET")
@reads(query=DeliveriesQuery)
async def deliveries(request: HttpRequest, *, query: DeliveriesQuery) -> JsonResponse:
    """GET /api/game/deliveries?after=&wait=&limit= → deliveries handed to this plugin."""
    token, after = request.game_token, query.after
    with _waiting(request, query.wait) or nullcontext():
        await sync_to_async(feed.expire_silent_claims)()
        loop = asyncio.get_running_loop()
        give_up = loop.time() + query.wait
        rows: list[dict] = []
        while not rows:
            if await sync_to_async(feed.waiting_for)(token, after):
                rows = await sync_to_async(feed.hand_out)(token, after, query.limit)
            if rows or loop.time() >= give_up:
                break
            await asyncio.sleep(POLL_S)
    next_after = rows[-1]["id"] if rows else after
    return JsonResponse({"deliveries": rows, "next_after": next_after})


@game_api("POST")
@reads(body=DeliveryResult)
async def delivery_result(
    request: HttpRequest, delivery_id: int, *, body: DeliveryResult
) -> JsonResponse:
    """POST /api/game/deliveries/<id>/result {"status","detail"} (a repeat changes nothing)."""
    report = await sync_to_async(feed.report)(
        request.game_token, delivery_id, body.status, body.detail
    )
    return JsonResponse(report)


@game_api("PUT")
@reads(path=PlayerPath, body=PlayerState, max_body=MAX_BODY_BYTES)
async def player_state(request: HttpRequest, uuid: object, *, body: PlayerState) -> JsonResponse:
    """PUT /api/game/players/<uuid> {"name","level","online","quests"} → what was stored."""
    return JsonResponse(await sync_to_async(players.push)(uuid, body))


@game_api("POST")
@reads(body=ChatBody)
async def chat_message(request: HttpRequest, *, body: ChatBody) -> JsonResponse:
    """POST /api/game/chat {"uuid","text","wait"?} → the chat, and its reply when done in time."""
    with _waiting(request, body.wait) or nullcontext():
        started = await chat.start(request.game_token, body)
        if not body.wait:
            return JsonResponse(started, status=202)
        reply = await chat.reply(request.game_token, started["chat_id"], body.wait)
    return JsonResponse(
        {**reply, "queued": started["queued"]}, status=200 if reply["done"] else 202
    )


@game_api("GET")
@reads(query=ChatReplyQuery)
async def chat_reply(request: HttpRequest, chat_id: int, *, query: ChatReplyQuery) -> JsonResponse:
    """GET /api/game/chat/<chat_id>?wait= → the reply as game text."""
    with _waiting(request, query.wait) or nullcontext():
        reply = await chat.reply(request.game_token, chat_id, query.wait)
    return JsonResponse(reply, status=200 if reply["done"] else 202)
