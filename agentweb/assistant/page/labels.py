"""The chat page script's words, translated on the server.

The page renders these with ``json_script`` in the player's language, so the
script needs no catalog request and no second translation system: one
``django.po`` holds every string of the page.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _


def js_labels() -> dict[str, Any]:
    """Strings ``chat.js`` shows, keyed by the name the script uses."""
    return {
        # every trace event's title (page/describe.py reads the same formats)
        "events": event_titles(),
        # connection
        "connecting": _("Connecting…"),
        "connected": _("Connected"),
        "reconnecting": _("Connection lost, reconnecting…"),
        "sending": _("Sending…"),
        "assistant_off": _("The assistant is switched off: it stopped and answers nothing."),
        "assistant_on": _("The assistant is switched on again."),
        # a message that waits its turn (R-X3-1): "Waiting · 2nd"
        "waiting_place": _("Waiting · {place}"),
        "place_one": _("{n}st"),
        "place_two": _("{n}nd"),
        "place_few": _("{n}rd"),
        "place_other": _("{n}th"),
        "steering": _("Joining the running answer…"),
        "claimed": _("Added to the running answer, which answers it too"),
        "cancelled_waiting": _("Cancelled before it ran"),
        # a message the player sent elsewhere, shown in this tab too
        "origin_api": _("Sent over the API"),
        "origin_game": _("Sent from game chat"),
        # trace entries (their titles: "events"; the words the formats fill in below)
        "run": _("Run"),
        "thinking": _("Thinking…"),
        "observation": _("Observation"),
        "decision_answer": _("answer"),
        "confirmation_approve": _("Confirmed"),
        "confirmation_reject": _("Rejected"),
        # statuses
        "status_queued": _("queued"),
        "status_running": _("running"),
        "status_completed": _("completed"),
        "status_degraded": _("incomplete"),
        "status_cancelled": _("stopped"),
        "status_failed": _("failed"),
        "status_undone": _("undone"),
        "status_interrupted": _("interrupted"),
        # actions
        "approve": _("Confirm"),
        "reject": _("Reject"),
        "approved": _("Confirmed"),
        "rejected": _("Rejected"),
        "show_trace": _("Trace"),
        "undone_note": _("This answer was undone."),
        "forgotten": _("Memory cleared: earlier messages no longer reach the assistant."),
        "nothing_to_stop": _("No run is active."),
        "nothing_to_undo": _("There is no answer to undo."),
        "error": _("Error"),
        # undo, feedback, quota
        "undo": _("Undo"),
        "undone_nothing": _("Undone: this answer no longer reaches the assistant's memory."),
        "not_reverted": _("Not reverted"),
        "comment": _("Comment"),
        "comment_placeholder": _("What was wrong, or good? (optional)"),
        "comment_save": _("Save"),
        "your_comment": _("Your comment"),
        "quota_title": _(
            "Assistant calls today: %(used)s of %(limit)s; the count starts again at %(reset)s."
        ),
    }


def event_titles() -> dict[str, str]:
    """Every event kind's title format, translated (keys: ``agentweb/engine/events.py``)."""
    return {
        "run.started": _("Run started"),
        "route.decided": _("Route: {workflow}[ ({by})][ · {options.changed}]"),
        "round.started": _("Round {round}/{rounds_total}[{?final_only} · final answer only]"),
        "model.started": _("Model call started · {purpose}"),
        "model.called": _(
            "Model call · {purpose} · {tokens_in}+{tokens_out} tokens · {latency_ms|ms}"
            "[ · first token {ttft_ms|ms}][ · {tokens_per_s|int} tok/s]"
        ),
        "decision": _("Decision: {type|decision}"),
        "tool.started": _("Tool call: {tool}"),
        "tool.finished": _("Observation: {tool} · {latency_ms|ms}"),
        "answer": _("Answer"),
        "failure": _("Failure: {failure}[ — {message}]"),
        "degraded": _("Degraded: {failure.message,failure.failure}"),
        "context.compressed": _("Context compressed"),
        "inbox.queued": _("Message queued"),
        "inbox.claimed": _("Queued message read"),
        "action.pending": _("Waiting for your confirmation: {text,tool}"),
        "action.confirmed": _("Confirmation: {decision|confirmation}"),
        "run.finished": _("Run finished: {status|status}[ — {stop_reason.message}]"),
    }
