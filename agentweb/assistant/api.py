"""The HTTP JSON API (SPEC §15, R-API-1): the same actions as the page."""

from __future__ import annotations

import json
from typing import Any

from asgiref.sync import async_to_sync
from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET, require_POST

from agentweb.assistant import services
from agentweb.assistant.auth import api_view, error
from agentweb.assistant.models import Run
from agentweb.assistant.services import ServiceError
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


def _handled(fn: Any) -> Any:
    def inner(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
        try:
            return fn(request, *args, **kwargs)
        except ServiceError as exc:
            return error(exc.status, exc.code, exc.message)

    inner.__name__ = fn.__name__
    inner.__doc__ = fn.__doc__
    return inner


@api_view
@require_POST
@_handled
def start_run(request: HttpRequest) -> JsonResponse:
    """POST /api/runs {"text", "allow_web", "client_msg_id"?} → {"run_id", "queued"}."""
    data = _body(request)
    allow_web = data.get("allow_web", False)
    client_msg_id = data.get("client_msg_id", "")
    if not isinstance(allow_web, bool):
        raise ServiceError("bad_field", "allow_web must be true or false.")
    if not isinstance(client_msg_id, str) or len(client_msg_id) > 64:
        raise ServiceError("bad_field", "client_msg_id must be a string of at most 64 characters.")
    started = async_to_sync(services.asubmit)(request.user, data.get("text"), allow_web,
                                              client_msg_id)
    return JsonResponse(started.as_dict(), status=202)


@api_view
@require_GET
@_handled
def run_detail(request: HttpRequest, run_id: int) -> JsonResponse:
    run = services.owned_run(request.user, run_id)
    return JsonResponse(services.run_summary(run))


@api_view
@require_GET
@_handled
def run_events(request: HttpRequest, run_id: int) -> JsonResponse:
    raw = request.GET.get("after_seq", "0")
    if not raw.isdigit():
        raise ServiceError("bad_field", "after_seq must be a non-negative integer.")
    frames = services.events_after(request.user, run_id, int(raw))
    run = Run.objects.values_list("status", "last_seq").get(pk=run_id)
    return JsonResponse({"run_id": run_id, "status": run[0], "last_seq": run[1],
                         "events": frames})


@api_view
@require_POST
@_handled
def cancel_run(request: HttpRequest, run_id: int) -> JsonResponse:
    async_to_sync(services.acancel)(request.user, run_id)
    return JsonResponse({"run_id": run_id, "cancel_requested": True}, status=202)


@api_view
@require_POST
@_handled
def undo_run(request: HttpRequest, run_id: int) -> JsonResponse:
    async_to_sync(aundo)(request.user, run_id)
    return JsonResponse({"run_id": run_id, "status": "undone"})


@api_view
@require_POST
@_handled
def confirm_action(request: HttpRequest, run_id: int) -> JsonResponse:
    data = _body(request)
    action_id, decision = data.get("action_id"), data.get("decision")
    if not isinstance(action_id, str) or not action_id or len(action_id) > 64:
        raise ServiceError("bad_field", "action_id must be a non-empty string.")
    if decision not in ("approve", "reject"):
        raise ServiceError("bad_field", 'decision must be "approve" or "reject".')
    async_to_sync(services.adecide)(request.user, run_id, action_id, decision)
    return JsonResponse({"run_id": run_id, "action_id": action_id, "decision": decision})


@api_view
@require_POST
@_handled
def forget(request: HttpRequest) -> JsonResponse:
    generation = async_to_sync(services.aforget)(request.user)
    return JsonResponse({"generation": generation})


@api_view
@require_GET
@_handled
def command_snapshot(request: HttpRequest) -> JsonResponse:
    return JsonResponse({"commands": commands.snapshot(request.user)})
