"""The one integer reader for text a client sends (query strings, headers, path parts).

``str.isdigit()`` accepts superscripts (``²``) that ``int()`` then rejects, and
``int()`` alone accepts Arabic-Indic digits (``١٢``), underscores, signs and
surrounding spaces and newlines, and numbers no database column can hold.
``parse_int`` reads ASCII digits only (a ``-`` only where the range allows a
negative number), within a range.
"""

from __future__ import annotations

import re

# Primary keys and sequence numbers are signed 64-bit integers in both
# PostgreSQL (bigint) and SQLite; a larger number would fail in the query.
MAX_INT = 2**63 - 1
_DIGITS = re.compile(r"[0-9]{1,19}", re.ASCII)
_SIGNED = re.compile(r"-?[0-9]{1,19}", re.ASCII)


class BadInteger(ValueError):
    """The text is not an integer in range; ``message`` says so in a sentence."""

    def __init__(self, name: str, message: str) -> None:
        self.name = name
        self.message = message
        super().__init__(message)


def parse_int(raw: object, *, name: str, minimum: int = 0, maximum: int = MAX_INT) -> int:
    """``raw`` as an integer in ``[minimum, maximum]``, or ``BadInteger`` naming ``name``."""
    pattern = _SIGNED if minimum < 0 else _DIGITS
    if not isinstance(raw, str) or not pattern.fullmatch(raw):
        raise BadInteger(name, range_message(name, minimum, maximum))
    value = int(raw)
    if not minimum <= value <= maximum:
        raise BadInteger(name, range_message(name, minimum, maximum))
    return value


def range_message(name: str, minimum: int, maximum: int) -> str:
    if maximum == MAX_INT:
        if minimum == 0:
            return f"{name} must be a non-negative integer (ASCII digits)."
        return f"{name} must be an integer of at least {minimum} (ASCII digits)."
    return f"{name} must be an integer from {minimum} to {maximum} (ASCII digits)."
