"""PostgreSQL backend: a generated ``tsvector`` column with a GIN index, ranked by ``ts_rank``.

The column is computed by PostgreSQL from the document's title (weight A),
names (B) and body (C) with the ``english`` configuration (stemming), so it
is always in step with the row. Queries go through
``django.contrib.postgres.search``; this module is imported only on
PostgreSQL (it needs psycopg).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from operator import or_

from django.contrib.postgres.search import SearchQuery, SearchRank, SearchVectorField
from django.db import connection
from django.db.models import F, Q
from django.db.models.expressions import RawSQL

from agentweb.game.models import SearchDocument

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


def scores(
    terms: Sequence[str], ids: Sequence[int], kinds: Sequence[str], *, prefix: bool
) -> dict[int, float]:
    """ts_rank relevance of each of ``ids`` for ``terms`` (higher is better)."""
    query = reduce(or_, [_query(term, prefix) for term in terms])
    qs = (
        _documents()
        .filter(pk__in=list(ids))
        .annotate(score=SearchRank(F("vector"), query, normalization=NORMALIZATION))
    )
    return dict(qs.values_list("id", "score"))
