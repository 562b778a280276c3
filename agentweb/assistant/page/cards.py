"""Result cards as players read them (R-UI-1): labels, units and the game's names, never keys.

A tool's card is data (``{"kind": "purchase", "ok": true, "total": 10, …}``).
Items, quests and web sources have templates of their own
(``templates/assistant/cards/``); every other kind is shown by a *layout*: a
heading, a line of facts, labelled rows, a paragraph and lists, each a format
of the card's fields in the rules of ``page/describe.py`` (``{a}``, ``{a|word}``,
``[…]`` shown only when its fields are set, ``{?a}`` / ``{!a}`` conditions). A
kind without a layout gets the generic one: each field under its label, yes/no
for true/false, bookkeeping fields (ids, ``ok``) left out — so a new field or a
new kind shows sensibly without a change here.

The layouts and words are data (``page/card_words.py``), read in two places:
``card_view`` below for the history the server renders, and
``static/agentweb/render.js`` (``card``) for the cards that arrive live, from the
page's startup data — one wording before and after a reload. A card is written in
the language of the question it answers (``core.languages.of_text``), whatever the
page's. The game's names on a card were resolved when the run made it, in the run's
language (``agentweb.game.tools.shown``) and are shown as stored: only the fixed words
are chosen here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from agentweb.assistant.page.card_words import card_words
from agentweb.assistant.page.describe import shown_text
from agentweb.assistant.page.describe import title as fill_text

# Card kinds with a template of their own; every other kind uses a layout.
CARD_TEMPLATES = {
    "item": "assistant/cards/item.html",
    "quest": "assistant/cards/quest.html",
    "source": "assistant/cards/source.html",
}
LAYOUT_CARD = "assistant/cards/layout.html"
# Fields the generic layout never shows: bookkeeping for undo and the page, not for the player.
HIDDEN_FIELDS = frozenset({"kind", "title", "ok", "delivery_reason", "id"})
HIDDEN_PREFIXES = ("previous_",)
HIDDEN_SUFFIXES = ("_id", "_ids")
SAFE_SCHEMES = ("http", "https")
# Keys a list entry of the generic layout is named by, first found first.
ENTRY_KEYS = ("title", "label", "name", "summary", "task", "reward", "message")


def card_rules() -> dict[str, list[str]]:
    """What the page's script (``render.js``) must know to show cards as the server does."""
    return {
        "safe_schemes": list(SAFE_SCHEMES),
        "hidden_fields": sorted(HIDDEN_FIELDS),
        "hidden_prefixes": list(HIDDEN_PREFIXES),
        "hidden_suffixes": list(HIDDEN_SUFFIXES),
        "entry_keys": list(ENTRY_KEYS),
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
    """How a template shows one card: its own template, or a layout filled in."""

    template: str
    card: dict[str, Any]
    heading: str = ""
    facts: list[str] = field(default_factory=list)
    rows: list[tuple[str, str]] = field(default_factory=list)
    text: str = ""
    lists: list[tuple[str, list[str]]] = field(default_factory=list)


def _hidden(key: str) -> bool:
    return key in HIDDEN_FIELDS or key.startswith(HIDDEN_PREFIXES) or key.endswith(HIDDEN_SUFFIXES)


def entry_text(value: Any, words: dict[str, str]) -> str:
    """One line for a list entry of the generic layout (a quest, an article, an offer…)."""
    if isinstance(value, dict):
        for key in ENTRY_KEYS:
            if value.get(key):
                return shown_text(value[key], None, words)
        return ", ".join(
            shown_text(v, "yesno" if isinstance(v, bool) else None, words)
            for k, v in value.items()
            if not isinstance(v, dict | list) and not _hidden(k)
        )
    return shown_text(value, None, words)


def _laid_out(view: CardView, layout: dict[str, Any], words: dict[str, str]) -> None:
    card = view.card
    view.heading = fill_text(layout.get("heading", "{title}"), card, words)
    view.facts = [f for f in (fill_text(f, card, words) for f in layout.get("facts", [])) if f]
    for label, format_ in layout.get("rows", []):
        value = fill_text(format_, card, words)
        if value:
            view.rows.append((label, value))
    view.text = fill_text(layout.get("text", ""), card, words)
    for label, key, format_ in layout.get("lists", []):
        entries = card.get(key)
        if not isinstance(entries, list) or not entries:
            continue
        lines = [
            fill_text(format_, e if isinstance(e, dict) else {"value": e}, words) for e in entries
        ]
        view.lists.append((label, [line for line in lines if line]))


def _generic(view: CardView, labels: dict[str, str], words: dict[str, str]) -> None:
    view.heading = shown_text(view.card.get("title") or "", None, words)
    for key, value in view.card.items():
        if _hidden(key) or value is None or value == "" or value == [] or value == {}:
            continue
        label = labels.get(key, key.replace("_", " "))
        if isinstance(value, list):
            view.lists.append((label, [entry_text(v, words) for v in value]))
        elif isinstance(value, dict):
            view.rows.append((label, entry_text(value, words)))
        else:
            view.rows.append(
                (label, shown_text(value, "yesno" if isinstance(value, bool) else None, words))
            )


def card_view(card: Any, language: str) -> CardView | None:
    """How a template shows ``card`` in ``language``; ``None`` for something that is not a card."""
    if not isinstance(card, dict):
        return None
    kind = str(card.get("kind", ""))
    written = card_words(language)
    if kind in CARD_TEMPLATES:
        view = CardView(CARD_TEMPLATES[kind], card)
        if kind == "source":
            view.card = {**card, "url": safe_url(card.get("url"))}
        if kind == "quest" and card.get("player_status"):
            view.text = shown_text(card["player_status"], "quest_status", written["words"])
        return view
    view = CardView(LAYOUT_CARD, card)
    layout = written["layouts"].get(kind)
    if layout is not None:
        _laid_out(view, layout, written["words"])
    else:
        _generic(view, written["fields"], written["words"])
    return view


def source_view(source: Any) -> dict[str, Any] | None:
    if not isinstance(source, dict):
        return None
    return {**source, "url": safe_url(source.get("url"))}
