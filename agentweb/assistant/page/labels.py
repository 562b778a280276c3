"""The chat page script's words, translated on the server.

The page renders these with ``json_script`` in the player's language, so the
script needs no catalog request and no second translation system: one
``django.po`` holds every string of the page.
"""

from __future__ import annotations

from django.utils.translation import gettext as _


def js_labels() -> dict[str, str]:
    """Strings ``chat.js`` shows, keyed by the name the script uses."""
    return {
        # connection
        "connecting": _("Connecting…"),
        "connected": _("Connected"),
        "reconnecting": _("Connection lost, reconnecting…"),
        "sending": _("Sending…"),
        "assistant_off": _("The assistant is switched off: it stopped and answers nothing."),
        "assistant_on": _("The assistant is switched on again."),
        "queued": _("Queued: the assistant reads it at the next step"),
        "claimed": _("Read by the assistant during the running answer"),
        # trace entries
        "run": _("Run"),
        "run_started": _("Run started"),
        "route": _("Route"),
        "round": _("Round"),
        "final_round": _("final answer only"),
        "model_call": _("Model call"),
        "model_started": _("Model call started"),
        "thinking": _("Thinking…"),
        "first_token": _("first token"),
        "tokens": _("tokens"),
        "decision": _("Decision"),
        "decision_answer": _("answer"),
        "tool_call": _("Tool call"),
        "observation": _("Observation"),
        "answer": _("Answer"),
        "failure": _("Failure"),
        "degraded": _("Degraded"),
        "rethink": _("Rethinking"),
        "compressed": _("Context compressed"),
        "inbox_queued": _("Message queued"),
        "inbox_claimed": _("Queued message read"),
        "action_pending": _("Waiting for your confirmation"),
        "action_confirmed": _("Confirmation"),
        "run_finished": _("Run finished"),
        # statuses
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
        # cards
        "sources": _("Sources"),
        "recipe": _("Recipe"),
        "makes": _("makes"),
        "cooking": _("Cooking"),
        "drops": _("Drops"),
        "stack_size": _("stacks to"),
        "durability": _("durability"),
        "tasks": _("Tasks"),
        "rewards": _("Rewards"),
        "prerequisites": _("Prerequisites"),
        "unlocks": _("Unlocks"),
        "optional": _("optional"),
        "any_of": _("any one of"),
        "your_status": _("your status"),
        "reward_table": _("reward table"),
    }
