"""The HTTP JSON API (SPEC §15, R-API-1): the same actions as the page, as async views."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from functools import wraps
from typing import Any

from channels.db import database_sync_to_async
from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET, require_POST

from agentweb.assistant import actions
from agentweb.assistant.actions import ServiceError
from agentweb.assistant.api.auth import api_view, error
from agentweb.assistant.models import Run
from agentweb.assistant.undo import aundo
from agentweb.core.commands import commands

# A request body larger than this is refused before it is parsed.
MAX_BODY_BYTES = 256 * 1024


def _body(request: HttpRequest) -> dict[str, Any]:
    if len(request.body) > MAX_BODY_BYTES:
        raise ServiceError("body_too_large", "The request body is too large.", 413)
    try:
        data = json.loads(request.body or b"{}")
    except ValueError:
        raise ServiceError("bad_json", "The body is not valid JSON.") from None
    if not isinstance(data, dict):
        raise ServiceError("bad_json", "The body must be a JSON object.")
    return data


def _handled(fn: Callable[..., Awaitable[JsonResponse]]) -> Callable[..., Any]:
    @wraps(fn)
    async def inner(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
        try:
            return await fn(request, *args, **kwargs)
        except ServiceError as exc:
            return error(exc.status, exc.code, exc.message)

    return inner


@require_POST
@api_view
@_handled
async def start_run(request: HttpRequest) -> JsonResponse:
    """POST /api/runs {"text", "allow_web", "client_msg_id"?, "options"?} → {"run_id", "queued"}."""
    data = _body(request)
    allow_web = data.get("allow_web", False)
    client_msg_id = data.get("client_msg_id", "")
    if not isinstance(allow_web, bool):
        raise ServiceError("bad_field", "allow_web must be true or false.")
    if not isinstance(client_msg_id, str) or len(client_msg_id) > 64:
        raise ServiceError("bad_field", "client_msg_id must be a string of at most 64 characters.")
    started = await actions.asubmit(
        request.user, data.get("text"), allow_web, client_msg_id, data.get("options")
    )
    return JsonResponse(started.as_dict(), status=202)


@require_GET
@api_view
@_handled
async def run_detail(request: HttpRequest, run_id: int) -> JsonResponse:
    run = await database_sync_to_async(actions.owned_run)(request.user, run_id)
    return JsonResponse(actions.run_summary(run))


@require_GET
@api_view
@_handled
async def run_events(request: HttpRequest, run_id: int) -> JsonResponse:
    raw = request.GET.get("after_seq", "0")
    if not raw.isdigit():
        raise ServiceError("bad_field", "after_seq must be a non-negative integer.")
    frames = await database_sync_to_async(actions.events_after)(request.user, run_id, int(raw))
    status, last_seq = await database_sync_to_async(
        lambda: Run.objects.values_list("status", "last_seq").get(pk=run_id)
    )()
    return JsonResponse(
        {"run_id": run_id, "status": status, "last_seq": last_seq, "events": frames}
    )


@require_POST
@api_view
@_handled
async def cancel_run(request: HttpRequest, run_id: int) -> JsonResponse:
    await actions.acancel(request.user, run_id)
    return JsonResponse({"run_id": run_id, "cancel_requested": True}, status=202)


@require_POST
@api_view
@_handled
async def undo_run(request: HttpRequest, run_id: int) -> JsonResponse:
    await aundo(request.user, run_id)
    return JsonResponse({"run_id": run_id, "status": "undone"})


@require_POST
@api_view
@_handled
async def confirm_action(request: HttpRequest, run_id: int) -> JsonResponse:
    data = _body(request)
    action_id, decision = data.get("action_id"), data.get("decision")
    if not isinstance(action_id, str) or not action_id or len(action_id) > 64:
        raise ServiceError("bad_field", "action_id must be a non-empty string.")
    if decision not in ("approve", "reject"):
        raise ServiceError("bad_field", 'decision must be "approve" or "reject".')
    await actions.adecide(request.user, run_id, action_id, decision)
    return JsonResponse({"run_id": run_id, "action_id": action_id, "decision": decision})


@require_POST
@api_view
@_handled
async def forget(request: HttpRequest) -> JsonResponse:
    generation = await actions.aforget(request.user)
    return JsonResponse({"generation": generation})


@require_GET
@api_view
@_handled
async def command_snapshot(request: HttpRequest) -> JsonResponse:
    snapshot = await database_sync_to_async(commands.snapshot)(request.user)
    return JsonResponse({"commands": snapshot})
