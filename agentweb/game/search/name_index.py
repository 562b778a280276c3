"""The game names' index as each database keeps it, behind one interface.

SQLite: an FTS5 trigram table kept in step with the names by triggers (migration
``0006_game_names``); PostgreSQL: pg_trgm's GIN index on the same column, kept by
the server. Callers ask what they need of it and never name the database.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection
from django.db.models import F
from django.db.models.functions import Collate

# Names inserted at once past which SQLite's trigram index is rebuilt in one pass instead
# of row by row: FTS5 indexes a million short names several times faster in one rebuild
# than through its per-row trigger.
REBUILD_FROM = 20_000
INSERT_TRIGGER = "game_name_fts_insert"


@contextmanager
def inserting(count: int) -> Iterator[None]:
    """``count`` names are inserted inside: the index keeps up with them the fastest way
    (inside the caller's transaction)."""
    if in_a_table_of_its_own() and count > REBUILD_FROM:
        with _rebuilt_after():
            yield
    else:
        yield


def in_a_table_of_its_own() -> bool:
    """SQLite's index: an FTS5 table beside the names, kept in step row by row (searched
    by a join of its own); PostgreSQL's is an index on the names' column."""
    return connection.vendor == "sqlite"


def code_point_order(field: str = "folded"):
    """The folded name as its index orders it: by code point, as SQLite's B-tree does, and
    on PostgreSQL under the "C" collation whatever the database's own (the index the
    migration makes): a name's prefixes are one range of it, in any language."""
    if in_a_table_of_its_own():
        return F(field)
    return Collate(field, "C")


@contextmanager
def _rebuilt_after() -> Iterator[None]:
    """Insert without the per-row trigger, then rebuild the index from the names table
    (the trigger is put back as the migration made it)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = %s", [INSERT_TRIGGER]
        )
        row = cursor.fetchone()
        if row is None:
            yield
            return
        cursor.execute(f"DROP TRIGGER {INSERT_TRIGGER}")
        yield
        cursor.execute(row[0])
        cursor.execute("INSERT INTO game_name_fts(game_name_fts) VALUES ('rebuild')")
