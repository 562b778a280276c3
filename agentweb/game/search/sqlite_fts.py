"""SQLite backend: an FTS5 table over the documents, ranked by ``bm25()``.

There is one FTS5 table per kind of document (``game_search_fts_article``,
``…_quest``, ``…_item``), so bm25's statistics — how rare a word is, how
long a text usually is — are those of its own kind: three-word item names
do not make every article look long. They are *external content* tables:
they store only the index and read the text from ``game_searchdocument``;
triggers keep them in step with every insert, update and delete. The
``porter`` tokenizer stems words, so "bones" finds "bone" and "crafting"
finds "craft". (Never run FTS5's ``rebuild`` command on them: it would index
every document of every kind into each table.)
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from django.db import connection

from agentweb.game.models.search import DocumentKind
from agentweb.game.search.matches import Matches, Scored

PREFIX = "game_search_fts_"
KINDS = frozenset(kind.value for kind in DocumentKind)
# bm25() column weights, in column order: a word in a title counts most.
COLUMN_WEIGHTS = (4.0, 2.0, 1.0)


def _phrase(term: str, prefix: bool) -> str:
    # A quoted FTS5 string is taken literally: no operator or column syntax inside.
    quoted = '"' + term.replace('"', '""') + '"'
    # A prefix query is not stemmed: "crafting"* misses the indexed stem "craft".
    return f"({quoted} OR {quoted}*)" if prefix else quoted


def _table(kind: str) -> str:
    if kind not in KINDS:
        raise ValueError(f"not a kind of search document: {kind!r}")
    return PREFIX + kind


def drops(term: str) -> bool:
    """FTS5 drops no words: stop words are removed before a term gets here."""
    return False


def matching(term: str, kinds: Sequence[str], book: int | None, *, prefix: bool) -> set[int]:
    """Ids of the documents of ``kinds`` that contain ``term`` (stemmed, or as a prefix)."""
    found: set[int] = set()
    for kind in kinds:
        table = _table(kind)
        sql = f"SELECT rowid FROM {table} WHERE {table} MATCH %s"
        params: list = [_phrase(term, prefix)]
        if book is not None:
            sql += (
                " AND rowid IN (SELECT id FROM game_searchdocument"
                " WHERE book_id = %s OR book_id IS NULL)"
            )
            params.append(book)
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            found.update(row[0] for row in cursor.fetchall())
    return found


def matching_each(
    terms: Sequence[str], kinds: Sequence[str], book: int | None, *, prefix: bool
) -> Matches:
    """Every term's documents, one term (and one table) at a time; not counted."""
    ids = {term: matching(term, kinds, book, prefix=prefix) for term in terms}
    return Matches(ids, {term for term in terms if not ids[term] and drops(term)}, None)


def scores(
    terms: Sequence[str],
    ids: Sequence[int],
    kinds: Sequence[str],
    *,
    prefix: bool,
    prefixed: frozenset[str] = frozenset(),
) -> dict[int, Scored]:
    """bm25 relevance of each of ``ids`` for ``terms`` (higher is better); the terms in
    ``prefixed`` match as the start of a word."""
    expression = " OR ".join(_phrase(term, prefix or term in prefixed) for term in terms)
    weights = ", ".join(str(w) for w in COLUMN_WEIGHTS)
    found: dict[int, Scored] = {}
    for kind in kinds:
        table = _table(kind)
        sql = (
            f"SELECT rowid, bm25({table}, {weights}) FROM {table} WHERE {table} MATCH %s "
            f"AND rowid IN (SELECT value FROM json_each(%s))"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [expression, json.dumps(list(ids))])
            # FTS5's bm25() is negative, more negative for better matches.
            found.update((row[0], Scored(-row[1], None)) for row in cursor.fetchall())
    return found
