"""A question about the pack that asks besides how to make the thing ("is it worth it, and
how do I make one?", "值得做吗？怎么合成？") gets both: the passage first, then the recipe —
which is said plainly, as the answer to that part.

Fixture: ``fixtures/ember-quarry`` (Fool's Gold: golden pickaxes are "a waste of gold").
"""

from __future__ import annotations

from agentweb.llm.offline import OfflinePlanner
from tests.planner.kit import run_with


def test_the_passage_then_the_recipe(quarry):
    question = "is a golden pickaxe worth it, and how would I make one?"
    text = run_with(OfflinePlanner(), question).text
    assert "waste of gold" in text, text
    assert "Gold Ingot" in text
    assert text.index("waste of gold") < text.index("Gold Ingot")


def test_in_chinese_too(quarry):
    text = run_with(OfflinePlanner(), "金镐值得做吗？怎么合成？").text
    assert "浪费金子" in text, text
    assert "金锭" in text
    assert text.index("浪费金子") < text.index("金锭")


def test_with_no_passage_the_recipe_is_not_called_no_answer(quarry):
    text = run_with(OfflinePlanner(), "is a shield worth crafting, and how do I make one?").text
    assert text.startswith(
        "I found nothing about this in the server's knowledge base: no article mentions “shield”."
    ), text
    assert "does not answer this" not in text
    assert "Iron Ingot" in text
