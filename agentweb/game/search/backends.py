"""Which full-text backend the database has: SQLite FTS5 or PostgreSQL full-text search.

The one place the search asks the database's name (each backend module is imported only
on its own database: the PostgreSQL one needs psycopg).
"""

from __future__ import annotations

from types import ModuleType

from django.db import connection


def backend() -> ModuleType:
    if connection.vendor == "postgresql":
        from agentweb.game.search import postgres_fts

        return postgres_fts
    if connection.vendor == "sqlite":
        from agentweb.game.search import sqlite_fts

        return sqlite_fts
    raise NotImplementedError(f"No full-text search backend for {connection.vendor}")


__all__ = ["backend"]
