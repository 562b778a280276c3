"""The database's full-text search ranks the right article, quest or item first (shipped data)."""

import pytest

from agentweb.game import queries
from agentweb.game.demo import KNOWLEDGE_DIR, load_manual_articles
from agentweb.game.models import Item, KnowledgeArticle, Quest
from agentweb.game.search import search
from tests.game.search_cases import NAMED, NOTHING, RANKED

MODELS = {"article": KnowledgeArticle, "quest": Quest, "item": Item}


def titles(hits) -> list[str]:
    found = []
    for hit in hits:
        obj = MODELS[hit.kind].objects.get(pk=hit.target_id)
        found.append(obj.display_name if hit.kind == "item" else obj.title)
    return found


@pytest.fixture
def articles(world):
    load_manual_articles(KNOWLEDGE_DIR)


@pytest.mark.parametrize(("query", "kind", "expected"), RANKED)
def test_the_expected_document_comes_first(articles, query, kind, expected):
    assert titles(search(query, [kind], limit=3))[:1] == [expected]


@pytest.mark.parametrize(("query", "kind", "expected"), NAMED)
def test_the_named_quest_or_item_comes_first(world, query, kind, expected):
    if kind == "quest":
        found, _ = queries.match_quests(query)
        assert [q.title for q in found][:1] == [expected]
    else:
        assert [i.display_name for i in queries.find_items(query)][:1] == [expected]


@pytest.mark.parametrize(("query", "kind"), NOTHING)
def test_queries_about_nothing_the_data_has_find_nothing(articles, query, kind):
    assert search(query, [kind]) == []


def test_there_are_at_least_twenty_ranking_cases():
    assert len(RANKED) + len(NAMED) >= 20
    assert len({kind for _, kind, _ in RANKED}) == 3


def test_knowledge_search_ranks_with_the_database(articles):
    found = queries.search_knowledge("where do you find a blaze if there is no nether?")
    assert found[0].title == "Blazing"
    assert found[0].quest is not None


def test_an_article_with_the_telling_words_beats_one_repeating_a_common_word(articles):
    # "base" is in many chapter-3 quest texts; the server rules name all four words.
    assert titles(search("claim my base with FTB Chunks", ["article"]))[0] == "Server rules"


def test_the_knowledge_tool_quotes_the_sentences_that_answer(articles):
    from tests.game.tool_kit import call_tool

    obs = call_tool("database.query", {"query": "how many sails does a windmill need?"}).observation
    first = obs["articles"][0]
    assert first["title"] == "SAIL"
    assert "The minimum sails required to get a windmill spinning is 16." in first["excerpt"]
    obs = call_tool("database.query", {"query": "where do I find a blaze?"}).observation
    assert "volcanic biomes" in obs["articles"][0]["excerpt"]
