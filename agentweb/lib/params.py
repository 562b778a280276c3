"""Strict parsing of integers that arrive as text (query parameters, settings).

``str.isdigit()`` accepts superscripts (``²``), which ``int()`` then rejects,
and ``int()`` alone accepts Arabic-Indic digits, underscores, signs and
surrounding spaces, and numbers no database column can hold. Every integer a
client sends goes through ``parse_int``: ASCII digits only, within a range.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

# Primary keys and sequence numbers are signed 64-bit integers in both
# PostgreSQL (bigint) and SQLite; a larger number would fail in the query.
MAX_INT = 2**63 - 1
_INTEGER = re.compile(r"-?[0-9]{1,19}", re.ASCII)


class BadInteger(ValueError):
    """The text is not an integer in range; ``message`` says so in a sentence."""

    def __init__(self, name: str, message: str) -> None:
        self.name = name
        self.message = message
        super().__init__(message)


def parse_int(raw: str, *, name: str, minimum: int = 0, maximum: int = MAX_INT) -> int:
    """``raw`` as an integer in ``[minimum, maximum]``, or ``BadInteger`` naming ``name``."""
    if not isinstance(raw, str) or not _INTEGER.fullmatch(raw):
        raise BadInteger(name, _range_message(name, minimum, maximum))
    value = int(raw)
    if not minimum <= value <= maximum:
        raise BadInteger(name, _range_message(name, minimum, maximum))
    return value


def int_param(
    params: Mapping[str, str],
    name: str,
    default: int | None = None,
    *,
    minimum: int = 0,
    maximum: int = MAX_INT,
) -> int | None:
    """A query parameter as an integer; ``default`` when absent or empty."""
    raw = params.get(name)
    if raw is None or raw == "":
        return default
    return parse_int(raw, name=name, minimum=minimum, maximum=maximum)


def _range_message(name: str, minimum: int, maximum: int) -> str:
    if maximum == MAX_INT:
        if minimum == 0:
            return f"{name} must be a non-negative integer."
        return f"{name} must be an integer of at least {minimum}."
    return f"{name} must be an integer from {minimum} to {maximum}."
