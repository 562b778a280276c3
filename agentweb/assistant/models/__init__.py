"""Runs and everything a run leaves behind.

The database is the log: every trace event is a ``RunEvent`` row written
before it is broadcast (R-X3-2); cancel, undo and forget are rows and flags
any process can see (R-SCALE).
"""

from agentweb.assistant.models.feedback import MAX_COMMENT, Feedback, Rating
from agentweb.assistant.models.inbox import (
    ActionStatus,
    InboxEntry,
    InboxOrigin,
    InboxStatus,
    PendingAction,
)
from agentweb.assistant.models.memory import Exchange, MemoryState
from agentweb.assistant.models.runs import Run, RunEvent, event_frame
from agentweb.assistant.models.status import (
    ACTIVE_STATUSES,
    ENDED_STATUSES,
    FINISHED_STATUSES,
    Status,
)
from agentweb.assistant.models.tokens import ApiToken

__all__ = [
    "ACTIVE_STATUSES",
    "ENDED_STATUSES",
    "FINISHED_STATUSES",
    "MAX_COMMENT",
    "ActionStatus",
    "ApiToken",
    "Exchange",
    "Feedback",
    "InboxEntry",
    "InboxOrigin",
    "InboxStatus",
    "MemoryState",
    "PendingAction",
    "Rating",
    "Run",
    "RunEvent",
    "Status",
    "event_frame",
]
