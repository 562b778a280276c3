"""The URL converter for ids: ``<id:run_id>`` — ASCII digits that fit a database integer.

Django's ``int`` converter turns any run of digits into an ``int``; one past
a 64-bit column fails in the query (``OverflowError`` on SQLite, an error on
PostgreSQL) instead of finding nothing. An id too large is no id: the URL
matches no route (a 404).
"""

from __future__ import annotations

from agentweb.lib.inputs.integers import MAX_INT


class IdConverter:
    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > MAX_INT:
            raise ValueError(f"{value} is larger than any id")
        return number

    def to_url(self, value: int) -> str:
        return str(int(value))
