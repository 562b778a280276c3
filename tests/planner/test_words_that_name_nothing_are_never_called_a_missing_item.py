"""Words of a question about the pack that are no name the data has — a Latin word in a
Chinese question, the rest of a clause after a name — are never answered with "there is no
item named …"; the knowledge base is asked."""

from __future__ import annotations

from agentweb.llm.offline import OfflinePlanner
from tests.planner.kit import run_with


def test_a_latin_word_in_a_chinese_question_is_no_item(quarry):
    outcome = run_with(OfflinePlanner(), "服务器装的是 forge 还是 fabric 呀")
    assert "找不到名为" not in outcome.text, outcome.text
    assert outcome.text.startswith(("知识库", "服务器知识库")), outcome.text


def test_the_rest_of_a_clause_after_a_name_is_no_item(quarry):
    question = "do i need to go down to the nether for glowing ember veins?"
    outcome = run_with(OfflinePlanner(), question)
    assert "could not find an item" not in outcome.text, outcome.text


def test_a_chinese_how_come_question_is_not_about_an_item(quarry):
    outcome = run_with(OfflinePlanner(), "Ember Quarry 里怎么一个商人都没有")
    assert "找不到名为" not in outcome.text, outcome.text
