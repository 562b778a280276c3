"""The excerpt of an English passage found for a Chinese question is its sentences with
the question's words in English; the English words of one Chinese word count once, for
any of them, so a sentence repeating one word's senses does not outrank one that has two
of the question's words."""

from __future__ import annotations

from agentweb.game.models import KnowledgeArticle
from agentweb.game.search.passages import best_passage
from tests.game.tool_kit import call_tool


def test_the_tool_quotes_the_sentence_with_the_translated_words(world):
    KnowledgeArticle.objects.create(
        key="manual:mills",
        source="manual",
        title="Mills",
        body=(
            "Mills are a common sight on the hills. Children love to watch them. "
            "A windmill needs at least 8 sails before it turns. Bigger mills look nicer."
        ),
    )
    out = call_tool("database.query", {"query": "风车最少需要几个帆？"})
    excerpt = next(a["excerpt"] for a in out.observation["articles"] if a["title"] == "Mills")
    assert excerpt.startswith("A windmill needs at least 8 sails"), excerpt
    assert "Children" not in excerpt


def test_the_senses_of_one_word_count_once():
    text = "The sails spin, turn and rotate all day. A windmill turns with 8 sails."
    terms = [("spin", "turn", "rotate"), "windmill"]
    assert best_passage(text, terms, 40) == "A windmill turns with 8 sails."
