"""The player's chat page (R-UI-1): the page, older history, argument completion.

Thin views: read the player's own runs (``page_history``), the command
snapshot (``core.commands``) and render. Everything live goes over the
websocket ``/ws/assistant/`` (SPEC §15), driven by ``static/agentweb/chat.js``.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from agentweb.assistant import config, memory, message_checks
from agentweb.assistant.models import FINISHED_STATUSES
from agentweb.assistant.page import history as page_history
from agentweb.assistant.page.labels import js_labels
from agentweb.assistant.runs.deltas import BESIDE_THE_LOOP
from agentweb.assistant.ws.consumer import WS_PATH
from agentweb.core.commands import MAX_COMPLETION_PREFIX, MAX_COMPLETIONS, commands
from agentweb.lib.params import BadInteger, int_param, parse_int

DEFAULT_COMPLETIONS = 10
# The budget meters (R-UI-1), keyed as chat-trace.js updates them.
METERS = (
    ("rounds", gettext_lazy("Rounds")),
    ("model_calls", gettext_lazy("Model calls")),
    ("tool_calls", gettext_lazy("Tools")),
    ("tokens", gettext_lazy("Tokens")),
    ("time", gettext_lazy("Time left")),
)


@require_GET
@login_required
def chat(request: HttpRequest) -> HttpResponse:
    user = request.user
    turns = page_history.recent_turns(user)
    boot = {
        "ws_path": WS_PATH,
        "complete_url": reverse("assistant_pages:complete"),
        "commands": commands.snapshot(user),
        "active_runs": page_history.active_runs(user),
        "queued": page_history.queued_messages(user),
        "assistant_enabled": memory.assistant_enabled(user.pk),
        "labels": js_labels(),
        # Facts the server owns; the script reads them instead of copying them.
        "cards": page_history.card_rules(),
        "max_message_bytes": message_checks.message_limit(),
        "finished_statuses": list(FINISHED_STATUSES),
        # Events that do not end the text being streamed (deltas still follow the step before).
        "beside_the_loop": sorted(BESIDE_THE_LOOP),
    }
    return render(
        request,
        "assistant/chat.html",
        {
            "turns": turns,
            "boot": boot,
            "older": _older_than(turns),
            "meters": METERS,
            "web_search": config.web_search_offered(),
        },
    )


@require_GET
@login_required
def history(request: HttpRequest) -> HttpResponse:
    """Older turns, for the "earlier messages" button (an htmx swap)."""
    try:
        before = parse_int(request.GET.get("before", ""), name="before")
    except BadInteger:
        return HttpResponse(_("before must be a run id."), status=400)
    turns = page_history.recent_turns(request.user, before=before)
    return render(
        request, "assistant/partials/history.html", {"turns": turns, "older": _older_than(turns)}
    )


def _older_than(turns: list[page_history.Turn]) -> int | None:
    """The run id to page back from, when a full page suggests there may be more."""
    if len(turns) < page_history.HISTORY_RUNS:
        return None
    return turns[0].run.pk


@require_GET
def complete(request: HttpRequest) -> JsonResponse:
    """Argument suggestions: ``?source=items&prefix=ir[&limit=10]`` → a JSON list.

    The source must be one a command available to this player completes from,
    so the endpoint shows nothing a player could not see through the commands.
    """
    if not request.user.is_authenticated:
        return JsonResponse({"error": _("Log in first.")}, status=401)
    source = request.GET.get("source", "")
    prefix = request.GET.get("prefix", "")
    sources = {c["completion"] for c in commands.snapshot(request.user) if c["completion"]}
    if source not in sources:
        return JsonResponse({"error": _("Unknown completion source.")}, status=400)
    if len(prefix) > MAX_COMPLETION_PREFIX:
        message = _("The prefix is longer than %(max)d characters.") % {
            "max": MAX_COMPLETION_PREFIX
        }
        return JsonResponse({"error": message}, status=400)
    try:
        limit = int_param(
            request.GET, "limit", DEFAULT_COMPLETIONS, minimum=1, maximum=MAX_COMPLETIONS
        )
    except BadInteger:
        message = _("limit must be between 1 and %(max)d.") % {"max": MAX_COMPLETIONS}
        return JsonResponse({"error": message}, status=400)
    return JsonResponse(commands.completions(source, prefix, request.user, limit), safe=False)
