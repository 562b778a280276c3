"""A question about the pack that no passage answers falls back to what the data has on
the thing it names, said as such: the knowledge base had nothing, and the data is not
given as the answer.

Fixture: ``fixtures/ember-quarry`` (Black Glass: no description, the subtitle "Found in the
Ember Wastes").
"""

from __future__ import annotations

from agentweb.llm.offline import OfflinePlanner
from tests.planner.kit import run_with


def test_an_item_s_data_follows_the_honest_miss(quarry):
    outcome = run_with(OfflinePlanner(), "is a shield worth crafting?")
    text = outcome.text
    assert text.startswith(
        "I found nothing about this in the server's knowledge base: no article mentions “shield”."
    ), text
    assert "does not answer this" in text
    assert "Iron Ingot" in text  # the data, said as what the data has


def test_in_chinese_too(quarry):
    outcome = run_with(OfflinePlanner(), "盾牌值得做吗？")
    text = outcome.text
    assert text.startswith("服务器知识库里没有找到相关内容。"), text
    assert "铁锭" in text
    assert "找不到名为" not in text


def test_a_quest_s_own_words_answer_when_no_article_has_them(quarry):
    outcome = run_with(OfflinePlanner(), "do I need to go somewhere special for Black Glass?")
    # The subtitle, a sentence of its own.
    assert "Found in the Ember Wastes." in outcome.text, outcome.text


def test_a_chinese_question_about_the_quest_too(quarry):
    outcome = run_with(OfflinePlanner(), "做黑玻璃这个任务必须去别的地方吗？")
    text = outcome.text
    assert text.startswith("服务器知识库里没有找到相关内容。"), text
    # A quest with a subtitle and no description keeps its text in the book's first
    # language (only a description makes an article of the other language).
    assert "Found in the Ember Wastes" in text or "在余烬荒原才找得到" in text
