"""The player's chat page (R-UI-1): the page, older history, argument completion.

Thin views: read the player's own runs (``page_history``), the command
snapshot (``core.commands``) and render. Everything live goes over the
websocket ``/ws/assistant/`` (SPEC §15), driven by ``static/agentweb/chat.js``.
"""

from __future__ import annotations

from typing import Annotated

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from pydantic import Field

from agentweb.assistant import account, config, memory, message_checks
from agentweb.assistant.models import FINISHED_STATUSES, MAX_COMMENT
from agentweb.assistant.page import history as page_history
from agentweb.assistant.page.card_words import card_words_by_language
from agentweb.assistant.page.cards import card_rules
from agentweb.assistant.page.labels import js_labels
from agentweb.assistant.undo import next_target
from agentweb.assistant.ws.consumer import WS_PATH
from agentweb.core.commands import MAX_COMPLETION_PREFIX, MAX_COMPLETIONS, commands
from agentweb.engine.events import BESIDE_THE_LOOP
from agentweb.game.examples import example_questions
from agentweb.lib.inputs.fields import IntText, Text
from agentweb.lib.inputs.http import error_response, login_required_json, reads
from agentweb.lib.inputs.models import Params

DEFAULT_COMPLETIONS = 10
# The budget meters (R-UI-1), keyed as chat-trace.js updates them.
METERS = (
    ("rounds", gettext_lazy("Rounds")),
    ("model_calls", gettext_lazy("Model calls")),
    ("tool_calls", gettext_lazy("Tools")),
    ("tokens", gettext_lazy("Tokens")),
    ("time", gettext_lazy("Time left")),
)
# The feedback buttons of an answer (``Feedback.rating``), in the order shown.
RATINGS = ((1, gettext_lazy("Helpful")), (-1, gettext_lazy("Not helpful")))


@require_GET
@login_required
@reads()
def chat(request: HttpRequest) -> HttpResponse:
    user = request.user
    turns = page_history.recent_turns(user)
    # A first visit: questions about this world to start from.
    examples = [] if turns else example_questions(get_language())
    boot = {
        "ws_path": WS_PATH,
        "complete_url": reverse("assistant_pages:complete"),
        "me_url": reverse("api:me"),
        "commands": commands.snapshot(user),
        "active_runs": page_history.active_runs(user),
        "queued": page_history.queued_messages(user),
        "waiting": page_history.waiting_messages(user),
        "assistant_enabled": memory.assistant_enabled(user.pk),
        "quota": account.quota(user),
        "undo": next_target(user),
        "labels": js_labels(),
        # Facts the server owns; the script reads them instead of copying them.
        "cards": card_rules(),
        "card_words": card_words_by_language(),
        "max_message_bytes": message_checks.message_limit(),
        "max_comment_chars": MAX_COMMENT,
        "finished_statuses": list(FINISHED_STATUSES),
        # Events that do not end the text being streamed (deltas still follow the step before).
        "beside_the_loop": sorted(BESIDE_THE_LOOP),
    }
    context = {
        "turns": turns,
        "boot": boot,
        "older": _older_than(turns),
        "meters": METERS,
        "examples": examples,
        "quota": boot["quota"],
        "rating_choices": RATINGS,
        "web_search": config.web_search_offered(),
    }
    return render(request, "assistant/chat.html", context)


class HistoryQuery(Params):
    before: IntText()


@require_GET
@login_required
@reads(query=HistoryQuery, errors="page")
def history(request: HttpRequest, *, query: HistoryQuery) -> HttpResponse:
    """Older turns, for the "earlier messages" button (an htmx swap)."""
    turns = page_history.recent_turns(request.user, before=query.before)
    context = {"turns": turns, "older": _older_than(turns), "rating_choices": RATINGS}
    return render(request, "assistant/partials/history.html", context)


def _older_than(turns: list[page_history.Turn]) -> int | None:
    """The run id to page back from, when a full page suggests there may be more."""
    if len(turns) < page_history.HISTORY_RUNS:
        return None
    return turns[0].run.pk


class CompletionQuery(Params):
    source: Text
    prefix: Annotated[Text, Field(max_length=MAX_COMPLETION_PREFIX)] = ""
    limit: IntText(1, MAX_COMPLETIONS) = DEFAULT_COMPLETIONS


@require_GET
@login_required_json
@reads(query=CompletionQuery)
def complete(request: HttpRequest, *, query: CompletionQuery) -> JsonResponse:
    """Argument suggestions: ``?source=items&prefix=ir[&limit=10]`` → a JSON list.

    The source must be one a command available to this player completes from,
    so the endpoint shows nothing a player could not see through the commands.
    """
    sources = {c["completion"] for c in commands.snapshot(request.user) if c["completion"]}
    if query.source not in sources:
        return error_response(400, "bad_field", _("Unknown completion source."))
    completions = commands.completions(query.source, query.prefix, request.user, query.limit)
    return JsonResponse(completions, safe=False)
