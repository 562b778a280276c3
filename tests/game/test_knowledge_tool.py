"""database.query: the knowledge base, with excerpts around the query's words."""

from __future__ import annotations

import pytest

from agentweb.engine import AgentError, AgentFailure
from agentweb.game.demo import KNOWLEDGE_DIR, load_manual_articles
from tests.game.tool_kit import call_tool


def test_the_best_article_comes_with_the_lines_that_match(world):
    load_manual_articles(KNOWLEDGE_DIR)
    out = call_tool("database.query", {"query": "sign-in streak"})
    first = out.observation["articles"][0]
    assert first["title"] == "How the daily sign-in works"
    assert "streak" in first["excerpt"]
    assert out.sources[0].title == "Article: How the daily sign-in works"
    assert out.card["kind"] == "articles"


def test_no_match_gives_a_clear_observation(world):
    out = call_tool("database.query", {"query": "zzzqqq"})
    assert out.observation["count"] == 0
    assert "No knowledge-base article" in out.observation["message"]
    assert out.card is None


@pytest.mark.parametrize("raw", [{"query": "x"}, {"query": "a" * 201}, {"query": "ok", "limit": 6}])
def test_database_query_rejects_bad_input(world, raw):
    with pytest.raises(AgentError) as caught:
        call_tool("database.query", raw)
    assert caught.value.failure is AgentFailure.TOOL_INPUT_INVALID
