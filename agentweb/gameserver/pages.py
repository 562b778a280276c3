"""The chat page's game parts: the link panel (htmx partials) and delivery status (JSON).

Session views for the signed-in player only; a player sees and changes only
their own link and their own deliveries.
"""

from __future__ import annotations

from typing import Annotated

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from pydantic import Field

from agentweb.gameserver import linking, status
from agentweb.gameserver.errors import GameApiError
from agentweb.lib.inputs.http import login_required_json, reads
from agentweb.lib.inputs.models import Params

PANEL = "gameserver/partials/link_panel.html"


def _panel(request: HttpRequest, status_code: int = 200, **extra: object) -> HttpResponse:
    context = {"link": linking.link_of(request.user), **extra}
    return render(request, PANEL, context, status=status_code)


@require_GET
@login_required
@reads(errors="page")
def link_panel(request: HttpRequest) -> HttpResponse:
    return _panel(request)


@require_POST
@login_required
@reads(errors="page")
def link_code(request: HttpRequest) -> HttpResponse:
    try:
        code = linking.new_code(request.user)
    except GameApiError as exc:
        return _panel(request, error=exc.message, status_code=exc.status)
    return _panel(request, code=code)


@require_POST
@login_required
@reads(errors="page")
def unlink(request: HttpRequest) -> HttpResponse:
    linking.unlink(request.user)
    return _panel(request, notice=_("Your Minecraft account is no longer linked."))


class StatusQuery(Params):
    reason: Annotated[list[status.Reason], Field(min_length=1, max_length=status.MAX_REASONS)]


@require_GET
@login_required_json
@reads(query=StatusQuery)
def delivery_status(request: HttpRequest, *, query: StatusQuery) -> JsonResponse:
    """``?reason=purchase:12&reason=quest-claim:3`` → each card's deliveries and their status."""
    return JsonResponse({"deliveries": status.statuses(request.user, query.reason)})
