"""What the hand-written SQL must know of the database: one question per concern,
answered here for SQLite and PostgreSQL, so no caller names a database.

- **Who orders concurrent writers** (``writers_serialised``, ``row_lock``,
  ``lock_rows``): SQLite writes one transaction at a time (IMMEDIATE), so a
  statement needs no row lock; PostgreSQL orders writers by the row locks their
  statements take.
- **Whether writes combine in one statement** (``writes_combine``): PostgreSQL's
  data-modifying CTEs (``WITH … UPDATE … RETURNING`` feeding an INSERT) make a
  read and its writes, or two writes, one statement; on SQLite they are separate
  statements in one transaction.
- **What one statement may bind** (``max_params``), and how it binds a JSON value
  (``json_param``).
- **How a bulk import tunes its connection** (``large_page_cache``).
- **Whether other processes share the database** (``shared_by_processes``): the
  embedded setup (SQLite) has one serving process; a change it makes needs no
  word to the others.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection
from django.db.models import QuerySet

# At most this many parameters in one statement (PostgreSQL's limit).
MAX_PARAMS = 65535
# SQLite's page cache while an import writes (``large_page_cache_kib``).
SQLITE_IMPORT_CACHE_KIB = 64 * 1024


def _sqlite() -> bool:
    return connection.vendor == "sqlite"


def writers_serialised() -> bool:
    """Whether the database runs one writing transaction at a time (no row locks needed)."""
    return _sqlite()


def row_lock() -> str:
    """The clause that locks the rows a ``SELECT`` reads ("" where writers are serialised)."""
    return "" if _sqlite() else " FOR UPDATE"


def lock_rows(rows: QuerySet, *, no_key: bool = True) -> bool:
    """Lock ``rows`` until the transaction ends (``NO KEY UPDATE``: inserts that reference
    them are not held up); nothing to do where writers are serialised. Whether any row
    was there to lock (always ``True`` there: the caller's read stands)."""
    if _sqlite():
        return True
    return rows.select_for_update(no_key=no_key).exists()


def writes_combine() -> bool:
    """Whether a read and its writes (data-modifying CTEs) can be one statement."""
    return connection.vendor == "postgresql"


def statistics_follow_writes() -> bool:
    """Whether the planner plans from statistics a large write leaves stale until they are
    collected again, and GIN indexes queue new entries in a pending list (PostgreSQL);
    SQLite plans without statistics unless asked and its trigram index has no such list."""
    return connection.vendor == "postgresql"


def json_param() -> str:
    """The placeholder of a JSON value bound as text (PostgreSQL casts it to ``jsonb``)."""
    return "%s" if _sqlite() else "%s::jsonb"


def max_params() -> int:
    """How many parameters one statement may bind on this connection."""
    if _sqlite():
        connection.ensure_connection()
        return min(MAX_PARAMS, connection.connection.getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER))
    return connection.features.max_query_params or MAX_PARAMS


@contextmanager
def large_page_cache() -> Iterator[None]:
    """A bulk import's page cache, where the database keeps one per connection (SQLite:
    the indexes an import writes grow far past the 2 MiB default, and every insert into
    them would read and spill pages); the server's own elsewhere."""
    if not _sqlite():
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA cache_size")
        before = cursor.fetchone()[0]
        cursor.execute(f"PRAGMA cache_size = -{SQLITE_IMPORT_CACHE_KIB}")
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"PRAGMA cache_size = {int(before)}")


def shared_by_processes() -> bool:
    """Whether other serving processes may share this database (and need word of a change)."""
    return not _sqlite()
