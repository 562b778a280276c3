"""PostgreSQL backend: a generated ``tsvector`` column with a GIN index, ranked by ``ts_rank``.

The column is computed by PostgreSQL from the document's title (weight A),
names (B) and body (C) with the ``english`` configuration (stemming), so it
is always in step with the row. Queries go through
``django.contrib.postgres.search``; this module is imported only on
PostgreSQL (it needs psycopg).

A search is two statements: :func:`matching_each` finds every term's
documents, whether the configuration drops it and how many documents there
are of the kinds (bm25's ``n``) in one, and :func:`scores` ranks the
candidates and says what each stands for in the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from operator import or_

from django.contrib.postgres.search import SearchQuery, SearchRank, SearchVectorField
from django.db import connection
from django.db.models import F, Q
from django.db.models.expressions import RawSQL

from agentweb.game.models import DocumentKind, SearchDocument
from agentweb.game.search.matches import Matches, Scored

CONFIG = "english"
# ts_rank normalization 1: divide by 1 + log(length), so long texts do not win by size.
NORMALIZATION = 1


def _documents():
    column = RawSQL('"game_searchdocument"."vector"', [], output_field=SearchVectorField())
    return SearchDocument.objects.annotate(vector=column)


def _query(term: str, prefix: bool) -> SearchQuery:
    if prefix:
        # Terms are letters and digits only (see ``agentweb.game.search.terms``).
        return SearchQuery(f"{term}:*", config=CONFIG, search_type="raw")
    return SearchQuery(term, config=CONFIG, search_type="plain")


def drops(term: str) -> bool:
    """Whether the ``english`` configuration drops ``term`` as a stop word."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT numnode(plainto_tsquery(%s::regconfig, %s)) = 0", [CONFIG, term])
        return bool(cursor.fetchone()[0])


def matching(term: str, kinds: Sequence[str], book: int | None, *, prefix: bool) -> set[int]:
    qs = _documents().filter(kind__in=list(kinds), vector=_query(term, prefix))
    if book is not None:
        qs = qs.filter(Q(book_id=book) | Q(book_id__isnull=True))
    return set(qs.values_list("id", flat=True))


# Each term's query is the one ``_query`` builds (``plainto_tsquery``, or
# ``to_tsquery`` of ``term:*`` for a prefix); a term no document has still
# gives its row (the LEFT JOIN), with whether the configuration drops it.
_MATCHING_EACH = """
SELECT t.term, d.id, numnode(plainto_tsquery(%(config)s::regconfig, t.term)) = 0,
       (SELECT count(*) FROM game_searchdocument WHERE kind = ANY(%(kinds)s))
FROM unnest(%(terms)s::text[]) AS t(term)
LEFT JOIN game_searchdocument d
  ON d.kind = ANY(%(kinds)s) AND d.vector @@ {query}{book}
"""
_PLAIN = "plainto_tsquery(%(config)s::regconfig, t.term)"
_PREFIX = "to_tsquery(%(config)s::regconfig, t.term || ':*')"
_BOOK = " AND (d.book_id = %(book)s OR d.book_id IS NULL)"


def matching_each(
    terms: Sequence[str], kinds: Sequence[str], book: int | None, *, prefix: bool
) -> Matches:
    """Every term's documents, the terms dropped as stop words and the number of documents."""
    sql = _MATCHING_EACH.format(
        query=_PREFIX if prefix else _PLAIN, book="" if book is None else _BOOK
    )
    params = {"config": CONFIG, "kinds": list(kinds), "terms": list(terms), "book": book}
    ids: dict[str, set[int]] = {term: set() for term in terms}
    dropped: set[str] = set()
    documents = None
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        for term, doc_id, drops_term, count in cursor.fetchall():
            if doc_id is not None:
                ids[term].add(doc_id)
            if drops_term:
                dropped.add(term)
            documents = count
    return Matches(ids, dropped, documents)


def _target(row: tuple) -> tuple[str, int]:
    kind = row[2]
    return kind, row[3 + _TARGETS.index(f"{kind}_id")]


_TARGETS = tuple(f"{kind.value}_id" for kind in DocumentKind)


def scores(
    terms: Sequence[str],
    ids: Sequence[int],
    kinds: Sequence[str],
    *,
    prefix: bool,
    prefixed: frozenset[str] = frozenset(),
) -> dict[int, Scored]:
    """ts_rank relevance of each of ``ids`` for ``terms`` (higher is better), with its
    target; the terms in ``prefixed`` match as the start of a word."""
    query = reduce(or_, [_query(term, prefix or term in prefixed) for term in terms])
    qs = (
        _documents()
        .filter(pk__in=list(ids))
        .annotate(score=SearchRank(F("vector"), query, normalization=NORMALIZATION))
    )
    rows = qs.values_list("id", "score", "kind", *_TARGETS)
    return {row[0]: Scored(row[1], _target(row)) for row in rows}
