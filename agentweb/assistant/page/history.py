"""The chat page's server-rendered history: a player's own recent runs as turns.

Only plain ORM reads filtered by the requesting player (R-AUTH-1). Cards are
passed to templates as the dicts the tools made; Django's autoescaping does
the escaping (R-SEC-1), and links are reduced to http(s) here so a
``javascript:`` URL from a tool or the model can never become a live link.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from agentweb.assistant.models import ACTIVE_STATUSES, InboxEntry, InboxStatus, Run, Status

# Turns rendered on page load; older ones come in pages of the same size (htmx).
HISTORY_RUNS = 10
# Card kinds with a template of their own; every other kind uses the generic card.
CARD_TEMPLATES = {
    "item": "assistant/cards/item.html",
    "quest": "assistant/cards/quest.html",
    "source": "assistant/cards/source.html",
}
GENERIC_CARD = "assistant/cards/generic.html"
# Fields a generic card never shows: bookkeeping for undo, not for the player.
HIDDEN_FIELDS = frozenset(
    {"kind", "title", "profile_id", "progress_id", "purchase_id", "delivery_reason"}
)
HIDDEN_PREFIXES = ("previous_",)
SAFE_SCHEMES = ("http", "https")


def card_rules() -> dict[str, list[str]]:
    """What the page's script (``render.js``) must know to show cards as these templates do."""
    return {
        "safe_schemes": list(SAFE_SCHEMES),
        "hidden_fields": sorted(HIDDEN_FIELDS),
        "hidden_prefixes": list(HIDDEN_PREFIXES),
    }


def safe_url(url: Any) -> str:
    """The URL if it is an absolute http(s) link, else "" (shown as text only)."""
    if not isinstance(url, str):
        return ""
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return ""
    return url.strip() if parts.scheme in SAFE_SCHEMES and parts.netloc else ""


@dataclass
class CardView:
    template: str
    card: dict[str, Any]
    rows: list[tuple[str, str]] = field(default_factory=list)
    lists: list[tuple[str, list[str]]] = field(default_factory=list)


def _label(key: str) -> str:
    return key.replace("_", " ")


def _entry_text(value: Any) -> str:
    """One line for a list entry of a generic card (a quest, an article, an offer…)."""
    if isinstance(value, dict):
        for key in ("title", "label", "name", "summary", "task", "message"):
            if value.get(key):
                return str(value[key])
        return ", ".join(f"{k}: {v}" for k, v in value.items() if not isinstance(v, dict | list))
    return str(value)


def card_view(card: Any) -> CardView | None:
    """How a template shows ``card``; ``None`` for something that is not a card."""
    if not isinstance(card, dict):
        return None
    kind = str(card.get("kind", ""))
    if kind in CARD_TEMPLATES:
        view = CardView(CARD_TEMPLATES[kind], card)
        if kind == "source":
            view.card = {**card, "url": safe_url(card.get("url"))}
        return view
    view = CardView(GENERIC_CARD, card)
    for key, value in card.items():
        if key in HIDDEN_FIELDS or key.startswith(HIDDEN_PREFIXES) or value in (None, "", []):
            continue
        if isinstance(value, list):
            view.lists.append((_label(key), [_entry_text(v) for v in value]))
        elif isinstance(value, dict):
            view.rows.append((_label(key), ", ".join(f"{k}: {v}" for k, v in value.items())))
        else:
            view.rows.append((_label(key), str(value)))
    return view


def source_view(source: Any) -> dict[str, Any] | None:
    if not isinstance(source, dict):
        return None
    return {**source, "url": safe_url(source.get("url"))}


@dataclass
class Turn:
    """One run as the conversation shows it."""

    run: Run
    cards: list[CardView]
    sources: list[dict[str, Any]]

    @property
    def undone(self) -> bool:
        return self.run.status == Status.UNDONE


def turn_of(run: Run) -> Turn:
    cards = [view for card in run.cards or [] if (view := card_view(card)) is not None]
    sources = [view for s in run.sources or [] if (view := source_view(s)) is not None]
    # A web answer's sources already have cards of their own: list them once.
    if any(view.card.get("kind") == "source" for view in cards):
        sources = []
    return Turn(run, cards, sources)


def recent_turns(user: Any, before: int | None = None, limit: int = HISTORY_RUNS) -> list[Turn]:
    """The player's own runs, newest ``limit`` (older than run ``before``), oldest first."""
    runs = Run.objects.filter(user=user)
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
