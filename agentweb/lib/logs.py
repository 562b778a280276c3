"""Log lines without credentials: the formatter every handler of the project uses."""

from __future__ import annotations

import logging

from agentweb.engine.credentials import redact


class RedactingFormatter(logging.Formatter):
    """A ``logging.Formatter`` whose whole output (tracebacks included) goes through ``redact``."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))
