"""``GET /api/runs/<id>/export``: the whole run as JSON, or as OpenTelemetry spans.

A player exports his own runs (a bug report); reviewers and admins any run.
Anyone else's run id is answered like an unknown one.
"""

from __future__ import annotations

from typing import Literal

from channels.db import database_sync_to_async
from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET

from agentweb.assistant.api.auth import api_view
from agentweb.lib.inputs.http import reads
from agentweb.lib.inputs.models import Params
from agentweb.traces.access import readable_run
from agentweb.traces.export import export_run
from agentweb.traces.otel import otel_view


def _export(user: object, run_id: int, view: str) -> dict:
    document = export_run(readable_run(user, run_id))
    return otel_view(document) if view == "otel" else document


class ExportQuery(Params):
    format: Literal["agentweb", "otel"] = "agentweb"


@require_GET
@api_view
@reads(query=ExportQuery)
async def export(request: HttpRequest, run_id: int, *, query: ExportQuery) -> JsonResponse:
    """``?format=agentweb`` (default, re-importable) or ``?format=otel`` (OTLP/JSON)."""
    view = query.format
    document = await database_sync_to_async(_export)(request.user, run_id, view)
    response = JsonResponse(document, json_dumps_params={"ensure_ascii": False})
    response["Content-Disposition"] = f'inline; filename="run-{run_id}-{view}.json"'
    return response
