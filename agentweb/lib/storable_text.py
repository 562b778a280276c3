"""Text every database stores: no NUL character (U+0000).

PostgreSQL's ``text`` and ``jsonb`` cannot hold U+0000 (SQLite can). Where a
player sends one it is refused as bad input (``assistant/inputs.py``); text
that a model, a tool or a web page produced is stored with U+FFFD (the
replacement character) in its place, the same on every backend, so a run
never fails on a stray byte in an observation.
"""

from __future__ import annotations

import json
from typing import Any

NUL = "\x00"
REPLACEMENT = "\ufffd"
# A NUL in a string as JSON writes it (ensure_ascii or not).
_NUL_JSON = json.dumps(NUL)[1:-1]


def storable(text: str) -> str:
    """``text`` with every NUL replaced by U+FFFD."""
    return text.replace(NUL, REPLACEMENT) if NUL in text else text


def storable_value(value: Any) -> Any:
    """A JSON-like value with ``storable`` applied to every string in it (keys included);
    ``value`` itself when nothing in it changes."""
    if isinstance(value, str):
        return storable(value)
    if isinstance(value, dict):
        items = [
            (storable(k) if isinstance(k, str) else k, storable_value(v)) for k, v in value.items()
        ]
        unchanged = all(
            k is k0 and v is v0 for (k, v), (k0, v0) in zip(items, value.items(), strict=True)
        )
        return value if unchanged else dict(items)
    if isinstance(value, list | tuple):
        values = [storable_value(v) for v in value]
        unchanged = isinstance(value, list) and all(
            v is v0 for v, v0 in zip(values, value, strict=True)
        )
        return value if unchanged else values
    return value


def dumps(value: Any, text: str | None = None) -> tuple[str, Any]:
    """``value`` as stored: its JSON text and the value that text holds (``value``
    itself, unless a string in it had a NUL). ``text``: ``json.dumps(value)``, when the
    caller has it already."""
    if text is None:
        text = json.dumps(value)
    # A text that merely mentions the escape (a backslash before it) is walked for nothing.
    if _NUL_JSON not in text:
        return text, value
    value = storable_value(value)
    return json.dumps(value), value
