"""Of articles that cover a player's question alike, and whose best sentences say as much
of it, the one whose title the question says more of comes first: an article titled by
what is asked is about it; one whose title names more is about something else. (The
same case on PostgreSQL: ``tests/scale/test_search_on_postgresql.py``.)"""

from __future__ import annotations

import pytest

from agentweb.game import queries
from agentweb.game.models import KnowledgeArticle
from tests.game.search_cases import TITLED, TITLED_ARTICLES


@pytest.fixture
def glimmerstone(world):
    for key, title, body in TITLED_ARTICLES:
        KnowledgeArticle.objects.create(key=key, title=title, body=body)


@pytest.mark.parametrize(("question", "first"), TITLED)
def test_the_article_titled_by_what_is_asked_comes_first(glimmerstone, question, first):
    assert [a.key for a in queries.search_knowledge(question)][: len(first)] == first
