"""Log lines without credentials (the formatter every handler of the project uses), and a
refusal in one line (a filter on Django's request log)."""

from __future__ import annotations

import logging

from agentweb.engine.credentials import redact


class RedactingFormatter(logging.Formatter):
    """A ``logging.Formatter`` whose whole output (tracebacks included) goes through ``redact``."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


# Refusals that are the application working as meant: one line each, no traceback.
QUIET_STATUSES = frozenset({403})


class OneLineRefusals(logging.Filter):
    """Django logs a ``PermissionDenied`` (a player opening the trace viewer, say) with the
    exception's traceback: a page of stack for an expected 403. Keep the line, drop the
    traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", None) in QUIET_STATUSES:
            record.exc_info = None
            record.exc_text = None
        return True
