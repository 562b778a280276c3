"""The chat page's game parts: the link panel (htmx partials) and delivery status (JSON).

Session views for the signed-in player only; a player sees and changes only
their own link and their own deliveries.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from agentweb.gameserver import linking, status
from agentweb.gameserver.errors import GameApiError

PANEL = "gameserver/partials/link_panel.html"


def _panel(request: HttpRequest, status_code: int = 200, **extra: object) -> HttpResponse:
    context = {"link": linking.link_of(request.user), **extra}
    return render(request, PANEL, context, status=status_code)


@require_GET
@login_required
def link_panel(request: HttpRequest) -> HttpResponse:
    return _panel(request)


@require_POST
@login_required
def link_code(request: HttpRequest) -> HttpResponse:
    try:
        code = linking.new_code(request.user)
    except GameApiError as exc:
        return _panel(request, error=exc.message, status_code=exc.status)
    return _panel(request, code=code)


@require_POST
@login_required
def unlink(request: HttpRequest) -> HttpResponse:
    linking.unlink(request.user)
    return _panel(request, notice=_("Your Minecraft account is no longer linked."))


@require_GET
def delivery_status(request: HttpRequest) -> JsonResponse:
    """``?reason=purchase:12&reason=quest-claim:3`` → each card's deliveries and their status."""
    if not request.user.is_authenticated:
        return JsonResponse(
            {"error": {"code": "login_required", "message": _("Log in.")}}, status=401
        )
    reasons = status.valid_reasons(request.GET.getlist("reason"))
    if reasons is None:
        message = _("Give 1 to %(max)d reason parameters like purchase:12.") % {
            "max": status.MAX_REASONS
        }
        return JsonResponse({"error": {"code": "bad_field", "message": message}}, status=400)
    return JsonResponse({"deliveries": status.statuses(request.user, reasons)})
