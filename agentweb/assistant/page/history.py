"""The chat page's server-rendered history: a player's own recent runs as turns.

Only plain ORM reads filtered by the requesting player (R-AUTH-1). Cards are
shown as ``page/cards.py`` lays them out; Django's autoescaping does the
escaping (R-SEC-1), and links are reduced to http(s) there, so a
``javascript:`` URL from a tool or the model can never become a live link.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from agentweb.assistant import inbox
from agentweb.assistant.models import (
    ACTIVE_STATUSES,
    Feedback,
    InboxEntry,
    InboxStatus,
    Run,
    Status,
)
from agentweb.assistant.page.cards import CardView, card_view, source_view
from agentweb.assistant.page.describe import label
from agentweb.assistant.undo import wrote
from agentweb.core import languages

# Turns rendered on page load; older ones come in pages of the same size (htmx).
HISTORY_RUNS = 10


@dataclass
class Turn:
    """One run as the conversation shows it, its cards in the language of its question."""

    run: Run
    cards: list[CardView]
    sources: list[dict[str, Any]]
    language: str
    # It changed something in the game (a purchase, a sign-in…): what undo reaches first.
    wrote: bool = False

    @property
    def undone(self) -> bool:
        return self.run.status == Status.UNDONE

    @property
    def status_label(self) -> str:
        """The status as the page's script words it (``status_<status>``)."""
        return label(f"status_{self.run.status}")

    @property
    def feedback(self) -> Feedback | None:
        try:
            return self.run.feedback
        except Feedback.DoesNotExist:
            return None


def turn_of(run: Run) -> Turn:
    language = languages.of_text(run.question, run.language)
    cards = [view for card in run.cards or [] if (view := card_view(card, language)) is not None]
    sources = [view for s in run.sources or [] if (view := source_view(s)) is not None]
    # A web answer's sources already have cards of their own: list them once.
    if any(view.card.get("kind") == "source" for view in cards):
        sources = []
    return Turn(run, cards, sources, language, bool(getattr(run, "wrote", False)))


def recent_turns(user: Any, before: int | None = None, limit: int = HISTORY_RUNS) -> list[Turn]:
    """The player's own runs, newest ``limit`` (older than run ``before``), oldest first,
    with their feedback and whether they wrote anything (one query)."""
    runs = Run.objects.filter(user=user).select_related("feedback").annotate(wrote=wrote())
    if before is not None:
        runs = runs.filter(pk__lt=before)
    newest = list(runs.order_by("-id")[:limit])
    return [turn_of(run) for run in reversed(newest)]


def active_runs(user: Any) -> list[dict[str, Any]]:
    """Runs the page must subscribe to on load (replayed from seq 1)."""
    runs = Run.objects.filter(user=user, status__in=ACTIVE_STATUSES).order_by("id")
    return [{"run_id": run.pk, "question": run.question} for run in runs]


def queued_messages(user: Any) -> int:
    return InboxEntry.objects.filter(user=user, status=InboxStatus.QUEUED).count()


def waiting_messages(user: Any) -> list[dict[str, Any]]:
    """The player's waiting messages, oldest first, with their place (``inbox.waiting``):
    the page shows them as waiting turns after a reload."""
    return [
        {
            "entry_id": entry.entry_id,
            "client_msg_id": entry.client_msg_id,
            "text": entry.text,
            "position": entry.position,
            "steer": entry.steer,
        }
        for entry in inbox.waiting(user.pk)
    ]
