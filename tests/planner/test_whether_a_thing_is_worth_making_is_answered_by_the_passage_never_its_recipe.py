"""A question whether something is worth it names an item, but asks about the pack: it is
answered with the passage that says so, never with the item's recipe.

Fixture: ``fixtures/ember-quarry`` (Fool's Gold: "Golden pickaxes crumble after a handful
of blocks in the quarry, so making one is a waste of gold.").
"""

from __future__ import annotations

from agentweb.llm.offline import OfflinePlanner
from tests.planner.kit import run_with


def test_an_english_question_gets_the_passage(quarry):
    outcome = run_with(OfflinePlanner(), "is a golden pickaxe worth making here?")
    assert "waste of gold" in outcome.text, outcome.text
    assert "Gold Ingot" not in outcome.text  # the recipe is not the answer


def test_a_question_that_says_crafting_is_not_asking_for_the_recipe(quarry):
    outcome = run_with(OfflinePlanner(), "should i even bother crafting golden pickaxes?")
    assert "waste of gold" in outcome.text, outcome.text
    assert "shaped recipe" not in outcome.text


def test_a_chinese_question_gets_the_chinese_passage(quarry):
    outcome = run_with(OfflinePlanner(), "金镐值得做吗？")
    assert "浪费金子" in outcome.text, outcome.text
    assert "金锭" not in outcome.text
    assert "找不到名为" not in outcome.text
