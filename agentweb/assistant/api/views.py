"""The HTTP JSON API (SPEC §15, R-API-1): the same actions as the page, as async views.

Each view declares what it reads (``@reads``, the request layer in ``lib/inputs``);
a refusal, of the input or of the use case, is ``{"error": {"code", "message"}}``.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from django.http import HttpRequest, JsonResponse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from agentweb.assistant import account, actions, config, inbox
from agentweb.assistant.api.auth import api_view
from agentweb.assistant.errors import ServiceError
from agentweb.assistant.feedback import aset_feedback, feedback_of
from agentweb.assistant.inputs import ChatMessage, Decision, FeedbackInput, InboxCancel, Switch
from agentweb.assistant.models import InboxOrigin, Run, Status
from agentweb.assistant.undo import aundo
from agentweb.core.commands import commands
from agentweb.lib.inputs.fields import IntText
from agentweb.lib.inputs.http import reads
from agentweb.lib.inputs.models import Params


class EventsQuery(Params):
    after_seq: IntText() = 0


@require_POST
@api_view
@reads(body=ChatMessage)
async def start_run(request: HttpRequest, *, body: ChatMessage) -> JsonResponse:
    """POST /api/runs {"text", "allow_web", "client_msg_id"?, "options"?, "steer"?} →
    {"run_id", "queued", "duplicate"} (a queued message: its "entry_id" and "position";
    sent with "steer": whether it joins the running run)."""
    started = await actions.asubmit(
        request.user,
        body.text,
        body.allow_web,
        body.client_msg_id,
        body.options,
        language=get_language(),
        steer=body.steer,
        origin=InboxOrigin.API,
    )
    return JsonResponse(started.as_dict(), status=202)


@require_POST
@api_view
@reads(body=InboxCancel)
async def cancel_waiting(request: HttpRequest, *, body: InboxCancel) -> JsonResponse:
    """POST /api/inbox/cancel {"entry_id"?} → the ``inbox.cancelled`` frame: the waiting
    messages cancelled (all of them, or the one named)."""
    return JsonResponse(await inbox.acancel_waiting(request.user, body.entry_id))


@require_GET
@api_view
@reads()
async def run_detail(request: HttpRequest, run_id: int) -> JsonResponse:
    run = await database_sync_to_async(actions.owned_run)(request.user, run_id)
    summary = run_summary(run)
    summary["feedback"] = await database_sync_to_async(feedback_of)(run)
    return JsonResponse(summary)


@require_GET
@api_view
@reads(query=EventsQuery)
async def run_events(request: HttpRequest, run_id: int, *, query: EventsQuery) -> JsonResponse:
    page = await database_sync_to_async(actions.events_page)(request.user, run_id, query.after_seq)
    return JsonResponse(page)


@require_POST
@api_view
@reads()
async def cancel_run(request: HttpRequest, run_id: int) -> JsonResponse:
    await actions.acancel(request.user, run_id)
    return JsonResponse({"run_id": run_id, "cancel_requested": True}, status=202)


@require_POST
@api_view
@reads()
async def undo_run(request: HttpRequest, run_id: int) -> JsonResponse:
    """POST /api/runs/<id>/undo: that run, which must be the latest undoable one."""
    return JsonResponse((await aundo(request.user, run_id)).as_dict())


@require_POST
@api_view
@reads()
async def undo_latest(request: HttpRequest) -> JsonResponse:
    """POST /api/undo: the player's latest undoable run (``assistant/undo.py``)."""
    return JsonResponse((await aundo(request.user)).as_dict())


@require_POST
@api_view
@reads(body=FeedbackInput)
async def run_feedback(request: HttpRequest, run_id: int, *, body: FeedbackInput) -> JsonResponse:
    """POST /api/runs/<id>/feedback {"rating": 1|-1|0, "comment"} → the feedback as stored."""
    return JsonResponse(await aset_feedback(request.user, run_id, body.rating, body.comment))


@require_POST
@api_view
@reads(body=Decision)
async def confirm_action(request: HttpRequest, run_id: int, *, body: Decision) -> JsonResponse:
    await actions.adecide(request.user, run_id, body.action_id, body.decision)
    return JsonResponse({"run_id": run_id, "action_id": body.action_id, "decision": body.decision})


@require_POST
@api_view
@reads()
async def forget(request: HttpRequest) -> JsonResponse:
    generation = await actions.aforget(request.user)
    return JsonResponse({"generation": generation})


@require_POST
@api_view
@reads(body=Switch)
async def switch_assistant(request: HttpRequest, *, body: Switch) -> JsonResponse:
    """POST /api/assistant {"enabled": false} — the player's own switch (R-MEM-2)."""
    return JsonResponse({"enabled": await actions.aset_assistant(request.user, body.enabled)})


@require_GET
@api_view
@reads()
async def me(request: HttpRequest) -> JsonResponse:
    """GET /api/me: the player, her language, her switch and today's quota."""
    body = await database_sync_to_async(account.me)(request.user, get_language())
    return JsonResponse(body)


@require_GET
@api_view
@reads()
async def policies(request: HttpRequest) -> JsonResponse:
    """GET /api/policies (staff only): each workflow's effective policy, where it comes
    from and what was wrong with a layer (SPEC §15b)."""
    if not config.is_staff(request.user):
        raise ServiceError(
            "staff_only", _("The effective policies are shown to staff members only."), 403
        )
    found = await database_sync_to_async(config.effective_policies)()
    return JsonResponse({"policies": found})


@require_GET
@api_view
@reads()
async def command_snapshot(request: HttpRequest) -> JsonResponse:
    snapshot = await database_sync_to_async(commands.snapshot)(request.user)
    return JsonResponse({"commands": snapshot})


def run_summary(run: Run) -> dict[str, Any]:
    """What the API shows of a run."""
    return {
        "run_id": run.pk,
        "status": run.status,
        "workflow": run.workflow,
        "question": run.question,
        "answer": run.answer,
        "sources": run.sources,
        "cards": run.cards,
        "stop_reason": run.stop_reason,
        "usage": run.usage,
        "allow_web": run.allow_web,
        "language": run.language,
        "last_seq": run.last_seq,
        "created_at": run.created_at.isoformat(),
        "started_at": run.started_at.isoformat() if run.started_at else None,
        "finished_at": run.finished_at.isoformat() if run.finished_at else None,
        "undone": run.status == Status.UNDONE,
        "redacted": run.redacted,
    }
