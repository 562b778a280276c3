"""The rows of stored events, as the event writers (``event_numbers``) build them, and
the bounds of one statement on this connection."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db import connection

from agentweb.assistant.models.runs import RunEvent

# The most parameters one statement binds: PostgreSQL's protocol counts them in
# 16 bits; SQLite's own limit (often far more) is read from its connection.
MAX_PARAMS = 65535


def table(model: type) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def row(
    run_id: int, seq: int, kind: str, ts: datetime, encoded: str, data: Any, pk: int | None = None
) -> RunEvent:
    """A stored event's row, with ``encoded``: its data as stored (JSON, from
    ``storable_text.dumps`` with ``data``), which the broadcast sends as it is instead
    of encoding the data a second time."""
    # Positional, in the order of the model's fields (as Django builds rows read
    # from the database): half the cost of keywords, once per event.
    stored = RunEvent(pk, run_id, seq, kind, data, ts)
    stored.encoded = encoded
    return stored


def max_params() -> int:
    """How many parameters one statement may bind on this connection."""
    if connection.vendor == "sqlite":
        connection.ensure_connection()
        return min(MAX_PARAMS, connection.connection.getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER))
    return connection.features.max_query_params or MAX_PARAMS


def chunks(items: Sequence[Any], per_item: int, reserved: int = 0) -> list[Sequence[Any]]:
    """``items`` cut so that one statement binds at most the backend's parameters."""
    limit = max_params()
    size = max(1, (limit - reserved) // per_item)
    return [items[i : i + size] for i in range(0, len(items), size)]
