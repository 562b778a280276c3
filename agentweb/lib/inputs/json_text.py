"""The one JSON reader for what clients send (request bodies, websocket frames).

The standard library's ``json.loads`` lets through what breaks later: nesting
deep enough for a ``RecursionError``, lone surrogates (``"\\ud800"``) that
raise ``UnicodeEncodeError`` when the text is stored or sent, ``NaN`` and
``Infinity`` (no database's JSON holds them) and NUL characters (PostgreSQL's
``text`` and ``jsonb`` cannot hold one). ``read_json`` refuses all of them
with an ``InputError`` saying what was wrong and where.
"""

from __future__ import annotations

from typing import Any

import pydantic_core

from agentweb.lib.inputs.errors import InputError
from agentweb.lib.storable_text import NUL

# Deeper than any input of ours (a player-state push is four levels); the parser's
# own limit (200) still guards the walk below.
MAX_DEPTH = 32
# A NUL can reach a parsed string only through this escape (a raw one is not JSON).
_NUL_ESCAPE = b"\\u0000"


def read_json(
    raw: str | bytes,
    *,
    what: str = "body",
    field_code: str = "bad_field",
    max_depth: int = MAX_DEPTH,
    allow_nul: bool = False,
) -> Any:
    """The JSON value of ``raw``; ``InputError("bad_json")`` when it is not JSON we accept,
    ``InputError(field_code)`` naming the place of a NUL character (``allow_nul``: a
    value only looked into, never stored — the id of a refused frame)."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    try:
        value = pydantic_core.from_json(data, allow_inf_nan=False)
    except ValueError as exc:
        raise InputError("bad_json", f"The {what} is not valid JSON ({exc}).") from None
    if _too_deep(value, max_depth):
        raise InputError("bad_json", f"The {what} is nested deeper than {max_depth} levels.")
    if not allow_nul and _NUL_ESCAPE in data:
        where = _nul_at(value, [])
        if where is not None:
            place = ".".join(where) or what
            raise InputError(field_code, f"{place}: must not contain a NUL character (U+0000)")
    return value


def _too_deep(value: Any, room: int) -> bool:
    if isinstance(value, dict):
        return room <= 0 or any(_too_deep(v, room - 1) for v in value.values())
    if isinstance(value, list):
        return room <= 0 or any(_too_deep(v, room - 1) for v in value)
    return False


def _nul_at(value: Any, path: list[str]) -> list[str] | None:
    """The path of the first string (or key) holding a NUL, or ``None``."""
    if isinstance(value, str):
        return path if NUL in value else None
    if isinstance(value, dict):
        for key, item in value.items():
            if NUL in key:
                return [*path, key.replace(NUL, "\\u0000")]
            found = _nul_at(item, [*path, key])
            if found is not None:
                return found
    if isinstance(value, list):
        for index, item in enumerate(value):
            found = _nul_at(item, [*path, str(index)])
            if found is not None:
                return found
    return None
