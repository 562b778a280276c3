"""RCON command templates and how a reply is read, from system-agent.json and the admin.

``gameServer`` in ``config/system/system-agent.json`` holds the defaults; a
non-empty field of the admin's *Delivery commands* row replaces one. Every
value put into a command is checked first: a name or an item id with a space
or a newline would let a delivery run a command of its own choosing.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from django.conf import settings

from agentweb.game.models import Delivery, DeliveryKind
from agentweb.gameserver.models import DeliveryCommands

logger = logging.getLogger("agentweb.gameserver")

CONFIG_KEY = "gameServer"
KINDS = tuple(k.value for k in DeliveryKind)
REPLY_FIELDS = ("delivered", "offline", "failed")
# Built-in fallbacks when the file says nothing (vanilla Minecraft Java 1.13+).
BUILT_IN: dict[str, dict[str, str]] = {
    "commands": {
        "item": "give {name} {item} {count}",
        "xp": "xp add {name} {count} points",
        "xp_levels": "xp add {name} {count} levels",
        "loot": "loot give {name} loot {table}",
        "other": "",
    },
    "replies": {
        "delivered": r"^(Gave|Given|Dropped|Added)\b",
        "offline": r"No player was found|No entity was found|player not found",
        "failed": r"Unknown|Incorrect|Invalid|Expected|[Ee]rror|[Cc]an't|[Cc]annot",
    },
}
# Minecraft names: up to 16 letters, digits, underscore. Resource ids: namespace:path, the
# path's parts separated by "/" (none of them "." or ".."). Checked whole (``fullmatch``):
# "stone\n" is no id.
SAFE_NAME = re.compile(r"[A-Za-z0-9_]{1,16}")
SAFE_ID = re.compile(r"[a-z0-9_.-]+:[a-z0-9_.-]+(?:/[a-z0-9_.-]+)*")
MAX_COUNT = 10_000
# A placeholder is ``{name}``, nothing more: no attribute (``{name.__class__}``), no index,
# no conversion or format. Every other brace makes the template unusable.
PLACEHOLDER = re.compile(r"\{(\w+)\}")
VALUES = ("name", "item", "count", "table")


def safe_id(value: str) -> bool:
    """A resource id a command may carry: ``namespace:path`` with no ``.``/``..`` part."""
    if not SAFE_ID.fullmatch(value):
        return False
    namespace, _, path = value.partition(":")
    return all(part not in (".", "..") for part in (namespace, *path.split("/")))


def template_problem(template: str) -> str | None:
    """Why ``template`` cannot be used (the admin's form says it), or ``None``."""
    bare = PLACEHOLDER.sub("", template)
    if "{" in bare or "}" in bare:
        return "use placeholders as {name}, {item}, {count} or {table}, and no other braces"
    unknown = sorted(set(PLACEHOLDER.findall(template)) - set(VALUES))
    if unknown:
        return f"unknown placeholder {{{unknown[0]}}}; use {{name}}, {{item}}, {{count}}, {{table}}"
    if "\n" in template or "\r" in template:
        return "a command is one line"
    return None


class Outcome(StrEnum):
    DELIVERED = "delivered"
    OFFLINE = "offline"
    FAILED = "failed"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class CommandBook:
    commands: dict[str, str]
    replies: dict[str, re.Pattern[str]]

    def command_for(self, delivery: Delivery, name: str) -> str | None:
        """The command that hands ``delivery`` to ``name``; ``None``: RCON cannot do it."""
        template = self.commands.get(delivery.kind, "")
        if not template or template_problem(template) or not SAFE_NAME.fullmatch(name):
            return None
        item = delivery.item_id
        values = {
            "name": name,
            "count": str(delivery.count),
            "item": item if safe_id(item) else "",
            "table": item if safe_id(item) else "",
        }
        if not 0 < delivery.count <= MAX_COUNT:
            return None
        if any(not values[k] for k in PLACEHOLDER.findall(template)):
            return None
        return PLACEHOLDER.sub(lambda m: values[m.group(1)], template)

    def outcome(self, reply: str) -> Outcome:
        """Offline first (a retry later), then refused, then success; anything else: unknown."""
        text = reply.strip()
        for outcome in (Outcome.OFFLINE, Outcome.FAILED, Outcome.DELIVERED):
            if self.replies[outcome.value].search(text):
                return outcome
        return Outcome.UNKNOWN


def _file_section() -> dict[str, Any]:
    path = Path(settings.AGENTWEB_SYSTEM_CONFIG)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    section = raw.get(CONFIG_KEY) if isinstance(raw, dict) else None
    return section if isinstance(section, dict) else {}


def _compile(field: str, pattern: str, fallback: str) -> re.Pattern[str]:
    try:
        return re.compile(pattern)
    except re.error as exc:
        logger.error(
            "gameServer.replies.%s %r is not a regular expression: %s", field, pattern, exc
        )
        return re.compile(fallback)


def command_book() -> CommandBook:
    """Templates and reply patterns in force now (read per deliverer pass: edits apply at once)."""
    section = _file_section()
    commands = {**BUILT_IN["commands"], **_strings(section.get("commands"))}
    replies = {**BUILT_IN["replies"], **_strings(section.get("replies"))}
    admin = DeliveryCommands.objects.filter(pk=1).first()
    if admin is not None:
        commands.update({k: getattr(admin, k) for k in KINDS if getattr(admin, k)})
        replies.update(
            {f: getattr(admin, f"{f}_reply") for f in REPLY_FIELDS if getattr(admin, f"{f}_reply")}
        )
    return CommandBook(
        commands=commands,
        replies={f: _compile(f, replies[f], BUILT_IN["replies"][f]) for f in REPLY_FIELDS},
    )


def _strings(value: Any) -> dict[str, str]:
    if not isinstance(value, dict):
        return {}
    return {k: v for k, v in value.items() if isinstance(k, str) and isinstance(v, str)}


def online_names(reply: str) -> set[str] | None:
    """Names from the reply to ``list`` ("There are 2 of a max of 20 players online: A, B").

    ``None`` when the reply does not look like one: then nobody is assumed offline.
    """
    head, sep, tail = reply.partition(":")
    if not sep or "online" not in head.lower():
        return None
    return {n.strip().lower() for n in tail.replace("\n", ",").split(",") if n.strip()}
