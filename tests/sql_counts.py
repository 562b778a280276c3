"""Counting the SQL statements a piece of work sends, on every connection and thread."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.db.backends import utils


class Statements:
    """The statements sent while counting, by first word (SELECT, INSERT, UPDATE, …)."""

    def __init__(self) -> None:
        self.sql: list[str] = []
        self._lock = threading.Lock()

    def add(self, sql: str) -> None:
        with self._lock:
            self.sql.append(sql)

    @property
    def by_kind(self) -> Counter[str]:
        return Counter(s.lstrip().split(None, 1)[0].upper() for s in self.sql if s.strip())

    def __len__(self) -> int:
        return len(self.sql)

    def listing(self) -> str:
        return "\n".join(f"{n:3} {s[:200]}" for n, s in enumerate(self.sql, 1))


@contextmanager
def counting_statements() -> Iterator[Statements]:
    """Every statement any thread sends through Django's cursors (``executemany``: one)."""
    statements = Statements()
    original = utils.CursorWrapper._execute_with_wrappers

    def counted(self: Any, sql: str, params: Any, many: bool, executor: Any) -> Any:
        statements.add(sql)
        return original(self, sql, params, many, executor)

    utils.CursorWrapper._execute_with_wrappers = counted
    try:
        yield statements
    finally:
        utils.CursorWrapper._execute_with_wrappers = original
