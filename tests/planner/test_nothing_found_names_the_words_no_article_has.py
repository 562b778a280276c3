"""A knowledge search that finds nothing names the question's words no article has — the
tool tells the model, the question workflow and the offline planner tell the player — in
the player's language; everyday words ("today", "really") and Chinese pairs of characters
are never named, and a search that found an article names nothing."""

from __future__ import annotations

from agentweb.game.tools.knowledge import KnowledgeInput, _observe, _search
from tests.game.articles import article
from tests.planner.kit import ask
from tests.planner.test_web_research_runs_on_the_offline_model import research


def test_the_tool_says_which_words_no_article_has(world):
    observed = _observe(_search(KnowledgeInput(query="does this pack have botania today")))
    assert observed["count"] == 0
    assert observed["missing"] == ["botania"]
    assert "No article has the words: botania." in observed["message"]


def test_a_search_that_found_an_article_names_nothing(world):
    article("rules", "Rules", "Voting for the server gives no rewards.")
    observed = _observe(_search(KnowledgeInput(query="rewards for voting zorblat")))
    assert observed["count"] == 1 and "missing" not in observed


def test_the_question_workflow_names_them_in_english(world):
    outcome, _ = research(None, "does this pack have botania? i want a mana pool")
    assert outcome.text == (
        "I found nothing about this in the server's knowledge base: no article mentions "
        "“botania”, “mana”, “pool”."
    )


def test_the_question_workflow_names_them_in_chinese(world):
    outcome, _ = research(None, "服务器能用 /tpa 传送到朋友那边吗")
    assert outcome.text == "服务器知识库里没有找到相关内容：没有文章提到“tpa”。"


def test_chinese_pairs_the_articles_lack_are_not_named(world):
    outcome, _ = research(None, "机械动力的火车最快能跑多快？")
    assert outcome.text == "服务器知识库里没有找到相关内容。"


def test_the_offline_planner_names_them_beside_the_data(world):
    asked = ask("is it worth building a shield or is that a zorblat thing")
    assert "no article mentions “shield”, “zorblat”." in asked.text
