"""A player's feedback on an answer (SPEC §15b): 👍 / 👎 and a comment, changed or cleared.

Only the run's player rates it (another player's run is answered like an
unknown one), and only once it has ended: feedback is on an answer. Every tab
of the player hears the change (``run.feedback`` on her user group).
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async

from agentweb.assistant import bus
from agentweb.assistant.errors import ServiceError, not_found
from agentweb.assistant.models import ACTIVE_STATUSES, Feedback, Run

# The channel-layer message that carries a change to the player's sockets.
FEEDBACK_MESSAGE = "run.feedback"


def set_feedback(user: Any, run_id: int, rating: int, comment: str) -> dict[str, Any]:
    """Store (or, with rating 0, clear) the player's feedback on her run; what it is now."""
    status = Run.objects.filter(pk=run_id, user=user).values_list("status", flat=True).first()
    if status is None:
        raise not_found(run_id)
    if status in ACTIVE_STATUSES:
        raise ServiceError(
            "not_finished", f"Run {run_id} has no answer yet: rate it once it has ended.", 409
        )
    if rating == 0:
        Feedback.objects.filter(run_id=run_id).delete()
        return {"run_id": run_id, "rating": 0, "comment": ""}
    Feedback.objects.update_or_create(
        run_id=run_id, defaults={"rating": rating, "comment": comment.strip()}
    )
    return {"run_id": run_id, "rating": rating, "comment": comment.strip()}


async def aset_feedback(
    user: Any, run_id: int, rating: int, comment: str, *, sender: str = ""
) -> dict[str, Any]:
    """``set_feedback``, then tell the player's sockets (except ``sender``, the channel that
    asked, which the caller answers itself)."""
    stored = await database_sync_to_async(set_feedback)(user, run_id, rating, comment)
    frame = {"type": "run.feedback", **stored}
    await bus.send(
        bus.user_group(user.pk), {"type": FEEDBACK_MESSAGE, "frame": frame, "sender": sender}
    )
    # The run lists show each run's rating.
    await bus.runs_changed(run_id)
    return stored


def feedback_of(run: Run) -> dict[str, Any] | None:
    """The run's feedback as the API shows it, or ``None``."""
    try:
        return run.feedback.as_dict()
    except Feedback.DoesNotExist:
        return None
