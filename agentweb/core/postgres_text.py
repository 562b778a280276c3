"""PostgreSQL connections store text without NUL (``lib.storable_text``).

PostgreSQL refuses U+0000 in ``text`` and in ``jsonb`` (psycopg raises
``DataError`` before the statement is sent). Every connection gets dumpers that
write U+FFFD in its place, so a NUL a model, a tool or a web page produced can
never fail a write — whichever model field or hand-written statement carries it.
Players' own input with a NUL is refused before it gets here (``assistant/inputs.py``).
psycopg is imported only for a PostgreSQL connection (it is an optional dependency).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from agentweb.lib.storable_text import storable, storable_value

_NUL_JSON = b"\\u0000"


def install(sender: Any, connection: Any, **kwargs: Any) -> None:
    """``connection_created`` receiver: the dumpers on each new PostgreSQL connection."""
    if connection.vendor != "postgresql":
        return
    from psycopg.types.json import Jsonb

    text, json = _dumpers()
    adapters = connection.connection.adapters
    adapters.register_dumper(str, text)
    adapters.register_dumper(Jsonb, json)


@cache
def _dumpers() -> tuple[type, type]:
    from psycopg.types.json import Jsonb, JsonbDumper
    from psycopg.types.string import StrDumperUnknown

    class StorableStr(StrDumperUnknown):
        """A ``str`` parameter, NUL replaced."""

        def dump(self, obj: str) -> bytes:
            return storable(obj).encode(self._encoding)

    class StorableJsonb(JsonbDumper):
        """A ``Jsonb`` parameter (Django's ``JSONField``), NUL in its strings replaced."""

        def dump(self, obj: Any) -> Any:
            data = super().dump(obj)
            if data is None or _NUL_JSON not in bytes(data):
                return data
            return super().dump(Jsonb(storable_value(obj.obj), obj.dumps))

    return StorableStr, StorableJsonb
