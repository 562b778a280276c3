"""The game API (``/api/game/…``, docs/game-server.md): thin async views for a server plugin.

Each view parses its input, calls one function of this app and answers JSON;
every refusal is ``{"error": {"code", "message"}}`` with a 4xx status, and a
refused request changes nothing.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from asgiref.sync import sync_to_async
from django.http import HttpRequest, JsonResponse

from agentweb.gameserver import chat, feed, linking, players
from agentweb.gameserver.auth import game_api
from agentweb.gameserver.errors import GameApiError

# A plugin's request is small; anything larger is refused before parsing.
MAX_BODY_BYTES = 512 * 1024
MAX_WAIT_S = 30
DEFAULT_PAGE = 50
# How often a long-poll looks for new deliveries.
POLL_S = 0.5


def _json_body(request: HttpRequest) -> dict[str, Any]:
    if len(request.body) > MAX_BODY_BYTES:
        raise GameApiError("body_too_large", "The request body is too large.", 413)
    try:
        data = json.loads(request.body or b"null")
    except ValueError:
        raise GameApiError("bad_json", "The body is not valid JSON.") from None
    if not isinstance(data, dict):
        raise GameApiError("bad_json", "The body must be a JSON object.")
    return data


def _whole(request: HttpRequest, name: str, default: int, high: int) -> int:
    raw = request.GET.get(name, "")
    if raw == "":
        return default
    if not raw.isdigit() or int(raw) > high:
        raise GameApiError("bad_field", f"{name} must be a whole number from 0 to {high}.")
    return int(raw)


@game_api("POST")
async def link(request: HttpRequest) -> JsonResponse:
    """POST /api/game/link {"code","uuid","name"} → the linked account."""
    data = _json_body(request)
    made = await sync_to_async(linking.redeem)(
        request.game_token, data.get("code"), data.get("uuid"), data.get("name")
    )
    return JsonResponse({"linked": True, "uuid": str(made.uuid), "name": data["name"]})


@game_api("GET")
async def deliveries(request: HttpRequest) -> JsonResponse:
    """GET /api/game/deliveries?after=&wait=&limit= → deliveries handed to this plugin."""
    after = _whole(request, "after", 0, 2**62)
    wait = _whole(request, "wait", 0, MAX_WAIT_S)
    limit = max(1, _whole(request, "limit", DEFAULT_PAGE, feed.MAX_PAGE))
    loop = asyncio.get_running_loop()
    give_up = loop.time() + wait
    while True:
        rows = await sync_to_async(feed.hand_out)(request.game_token, after, limit)
        if rows or loop.time() >= give_up:
            break
        await asyncio.sleep(POLL_S)
    next_after = rows[-1]["id"] if rows else after
    return JsonResponse({"deliveries": rows, "next_after": next_after})


@game_api("POST")
async def delivery_result(request: HttpRequest, delivery_id: int) -> JsonResponse:
    """POST /api/game/deliveries/<id>/result {"status","detail"} (a repeat changes nothing)."""
    data = _json_body(request)
    body = await sync_to_async(feed.report)(
        request.game_token, delivery_id, data.get("status"), data.get("detail", "")
    )
    return JsonResponse(body)


@game_api("PUT")
async def player_state(request: HttpRequest, uuid: str) -> JsonResponse:
    """PUT /api/game/players/<uuid> {"name","level","online","quests"} → what was stored."""
    mc_uuid = linking.parse_uuid(uuid)
    data = _json_body(request)
    return JsonResponse(await sync_to_async(players.push)(mc_uuid, data))


@game_api("POST")
async def chat_message(request: HttpRequest) -> JsonResponse:
    """POST /api/game/chat {"uuid","text","wait"?} → the run, and its reply when done in time."""
    started, wait = await chat.start(request.game_token, _json_body(request))
    if not wait:
        return JsonResponse(started, status=202)
    body = await chat.reply(started["run_id"], wait)
    return JsonResponse({**body, "queued": started["queued"]}, status=200 if body["done"] else 202)


@game_api("GET")
async def chat_reply(request: HttpRequest, run_id: int) -> JsonResponse:
    """GET /api/game/chat/<run_id>?wait= → the reply as game text."""
    wait = _whole(request, "wait", 0, MAX_WAIT_S)
    body = await chat.reply(run_id, wait)
    return JsonResponse(body, status=200 if body["done"] else 202)
