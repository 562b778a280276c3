"""The HTTP JSON API (SPEC §15, R-API-1): the same actions as the page, as async views."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import wraps
from typing import Any

from channels.db import database_sync_to_async
from django.http import HttpRequest, JsonResponse
from django.utils.translation import get_language
from django.views.decorators.http import require_GET, require_POST
from pydantic import TypeAdapter

from agentweb.assistant import account, actions
from agentweb.assistant.actions import ServiceError
from agentweb.assistant.api.auth import api_view, error
from agentweb.assistant.feedback import aset_feedback, feedback_of
from agentweb.assistant.inputs import (
    ChatMessage,
    Decision,
    FeedbackInput,
    InputError,
    Switch,
    parse,
)
from agentweb.assistant.undo import aundo
from agentweb.core.commands import commands
from agentweb.lib.params import BadInteger, int_param

# A request body larger than this is refused before it is parsed.
MAX_BODY_BYTES = 256 * 1024


_CHAT: TypeAdapter[ChatMessage] = TypeAdapter(ChatMessage)
_DECISION: TypeAdapter[Decision] = TypeAdapter(Decision)
_SWITCH: TypeAdapter[Switch] = TypeAdapter(Switch)
_FEEDBACK: TypeAdapter[FeedbackInput] = TypeAdapter(FeedbackInput)


def _body(request: HttpRequest, adapter: TypeAdapter[Any]) -> Any:
    """The request body, validated by the same model as the websocket's frame."""
    if len(request.body) > MAX_BODY_BYTES:
        raise ServiceError("body_too_large", "The request body is too large.", 413)
    try:
        return parse(adapter, request.body or b"{}", what="body", field_code="bad_field")
    except InputError as exc:
        raise ServiceError(exc.code, exc.message) from None


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
    message = _body(request, _CHAT)
    started = await actions.asubmit(
        request.user, message.text, message.allow_web, message.client_msg_id, message.options
    )
    return JsonResponse(started.as_dict(), status=202)


@require_GET
@api_view
@_handled
async def run_detail(request: HttpRequest, run_id: int) -> JsonResponse:
    run = await database_sync_to_async(actions.owned_run)(request.user, run_id)
    summary = actions.run_summary(run)
    summary["feedback"] = await database_sync_to_async(feedback_of)(run)
    return JsonResponse(summary)


@require_GET
@api_view
@_handled
async def run_events(request: HttpRequest, run_id: int) -> JsonResponse:
    try:
        after_seq = int_param(request.GET, "after_seq", 0)
    except BadInteger as error:
        raise ServiceError("bad_field", error.message) from None
    page = await database_sync_to_async(actions.events_page)(request.user, run_id, after_seq)
    return JsonResponse(page)


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
    """POST /api/runs/<id>/undo: that run, which must be the latest undoable one."""
    return JsonResponse((await aundo(request.user, run_id)).as_dict())


@require_POST
@api_view
@_handled
async def undo_latest(request: HttpRequest) -> JsonResponse:
    """POST /api/undo: the player's latest undoable run (``assistant/undo.py``)."""
    return JsonResponse((await aundo(request.user)).as_dict())


@require_POST
@api_view
@_handled
async def run_feedback(request: HttpRequest, run_id: int) -> JsonResponse:
    """POST /api/runs/<id>/feedback {"rating": 1|-1|0, "comment"} → the feedback as stored."""
    given = _body(request, _FEEDBACK)
    return JsonResponse(await aset_feedback(request.user, run_id, given.rating, given.comment))


@require_POST
@api_view
@_handled
async def confirm_action(request: HttpRequest, run_id: int) -> JsonResponse:
    decision = _body(request, _DECISION)
    await actions.adecide(request.user, run_id, decision.action_id, decision.decision)
    return JsonResponse(
        {"run_id": run_id, "action_id": decision.action_id, "decision": decision.decision}
    )


@require_POST
@api_view
@_handled
async def forget(request: HttpRequest) -> JsonResponse:
    generation = await actions.aforget(request.user)
    return JsonResponse({"generation": generation})


@require_POST
@api_view
@_handled
async def switch_assistant(request: HttpRequest) -> JsonResponse:
    """POST /api/assistant {"enabled": false} — the player's own switch (R-MEM-2)."""
    switch = _body(request, _SWITCH)
    return JsonResponse({"enabled": await actions.aset_assistant(request.user, switch.enabled)})


@require_GET
@api_view
@_handled
async def me(request: HttpRequest) -> JsonResponse:
    """GET /api/me: the player, her language, her switch and today's quota."""
    body = await database_sync_to_async(account.me)(request.user, get_language())
    return JsonResponse(body)


@require_GET
@api_view
@_handled
async def command_snapshot(request: HttpRequest) -> JsonResponse:
    snapshot = await database_sync_to_async(commands.snapshot)(request.user)
    return JsonResponse({"commands": snapshot})
