"""SQLite backend: an FTS5 table over the documents, ranked by ``bm25()``.

The FTS5 table is an *external content* table: it stores only the index and
reads the text from ``game_searchdocument``; triggers keep it in step with
every insert, update and delete. The ``porter`` tokenizer stems words, so
"bones" finds "bone" and "crafting" finds "craft".
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from django.db import connection

TABLE = "game_search_fts"
# bm25() column weights, in column order: a word in a title counts most.
COLUMN_WEIGHTS = (4.0, 2.0, 1.0)


def _phrase(term: str, prefix: bool) -> str:
    # A quoted FTS5 string is taken literally: no operator or column syntax inside.
    quoted = '"' + term.replace('"', '""') + '"'
    return quoted + ("*" if prefix else "")


def _scope(kinds: Sequence[str], book: int | None) -> tuple[str, list]:
    sql = " AND d.kind IN (SELECT value FROM json_each(%s))"
    params: list = [json.dumps(list(kinds))]
    if book is not None:
        sql += " AND (d.book_id = %s OR d.book_id IS NULL)"
        params.append(book)
    return sql, params


def matching(term: str, kinds: Sequence[str], book: int | None, *, prefix: bool) -> set[int]:
    """Ids of the documents of ``kinds`` that contain ``term`` (stemmed, or as a prefix)."""
    scope, params = _scope(kinds, book)
    sql = (
        f"SELECT d.id FROM {TABLE} JOIN game_searchdocument d ON d.id = {TABLE}.rowid "
        f"WHERE {TABLE} MATCH %s{scope}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [_phrase(term, prefix), *params])
        return {row[0] for row in cursor.fetchall()}


def rank(terms: Sequence[str], ids: Sequence[int], limit: int, *, prefix: bool) -> list[int]:
    """``ids`` ordered by bm25 over ``terms`` (best first), at most ``limit``."""
    expression = " OR ".join(_phrase(term, prefix) for term in terms)
    weights = ", ".join(str(w) for w in COLUMN_WEIGHTS)
    sql = (
        f"SELECT rowid FROM {TABLE} WHERE {TABLE} MATCH %s "
        f"AND rowid IN (SELECT value FROM json_each(%s)) "
        f"ORDER BY bm25({TABLE}, {weights}), rowid LIMIT %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [expression, json.dumps(list(ids)), limit])
        return [row[0] for row in cursor.fetchall()]
