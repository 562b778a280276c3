"""The relevance floor: nothing found means nothing relevant exists, so a question can go online."""

from agentweb.game.demo import KNOWLEDGE_DIR, load_manual_articles
from agentweb.game.search import analyse, search
from agentweb.game.search.terms import STOP_WORDS, closest_word, terms_of
from tests.game.tool_kit import call_tool


def test_stop_words_and_conversation_are_not_search_terms():
    assert terms_of("How do I do it, please?") == []
    assert terms_of("tell me about the server rules") == ["server", "rules"]
    assert {"the", "what", "please"} <= STOP_WORDS


def test_one_unknown_word_means_the_data_does_not_have_the_topic(world):
    load_manual_articles(KNOWLEDGE_DIR)
    assert search("server rules", ["article"])
    assert search("qwxv server rules", ["article"]) == []
    parsed, _ = analyse("qwxv server rules", ["article"])
    assert parsed.unknown == ["qwxv"]


def test_a_small_typo_is_repaired_to_a_word_the_data_has(world):
    parsed, _ = analyse("diamnod", ["item"])
    assert parsed.corrected == {"diamnod": "diamond"}
    assert search("diamnod sword", ["item"])


def test_short_words_are_never_repaired():
    # "coin" is one letter from "coil": a short word stays as typed.
    assert closest_word("coin", ["coil"]) is None
    assert closest_word("skeletn", ["skeleton"]) == "skeleton"
    assert closest_word("mekanism", ["mechanism"]) is None


def test_a_document_must_cover_half_the_query(world):
    load_manual_articles(KNOWLEDGE_DIR)
    # "allowed" alone is in several quest texts; only the rules cover "griefing".
    found = search("is griefing allowed", ["article"])
    assert found and all(hit.share >= 0.5 for hit in found)


def test_every_term_keeps_only_documents_with_all_the_words(world):
    assert search("golden sword", ["item"], every_term=True, limit=5)
    hits = search("golden sword", ["item"], every_term=True, limit=5)
    assert all(hit.share == 1.0 for hit in hits)


def test_the_knowledge_tool_says_so_when_nothing_matches(world):
    load_manual_articles(KNOWLEDGE_DIR)
    out = call_tool("database.query", {"query": "What is the qwxv thing on the server?"})
    assert out.observation["count"] == 0
    assert "No knowledge-base article" in out.observation["message"]
    assert out.sources == []


def test_the_quest_and_item_tools_find_nothing_for_nonsense(world):
    assert call_tool("ftb.quest.find", {"title": "zzqx web topic"}).observation["count"] == 0
    assert call_tool("item.query", {"name": "qwxv thing"}).observation["count"] == 0
    out = call_tool("item.source", {"item": "qwxv thing"})
    assert out.observation["found"] is False
    assert "candidates" not in out.observation
