"""The game API (``/api/game/…``, docs/game-server.md): thin async views for a server plugin.

Each view declares what it reads (``gameserver/inputs.py`` through the request
layer), calls one function of this app and answers JSON; every refusal is
``{"error": {"code", "message"}}`` with a 4xx status, and a refused request
changes nothing.
"""

from __future__ import annotations

import asyncio

from asgiref.sync import sync_to_async
from django.http import HttpRequest, JsonResponse

from agentweb.gameserver import chat, feed, linking, players
from agentweb.gameserver.auth import game_api
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

# A plugin's request is small, but a player-state push may name thousands of quest ids.
MAX_BODY_BYTES = 512 * 1024
# How often a long-poll looks for new deliveries.
POLL_S = 0.5


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
    loop = asyncio.get_running_loop()
    give_up = loop.time() + query.wait
    while True:
        rows = await sync_to_async(feed.hand_out)(request.game_token, query.after, query.limit)
        if rows or loop.time() >= give_up:
            break
        await asyncio.sleep(POLL_S)
    next_after = rows[-1]["id"] if rows else query.after
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
    reply = await chat.reply(request.game_token, chat_id, query.wait)
    return JsonResponse(reply, status=200 if reply["done"] else 202)
