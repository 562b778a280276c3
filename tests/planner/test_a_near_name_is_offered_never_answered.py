"""A name the data does not have is never answered with a near name's facts: the answer
says it is not there and offers what is (items and quests, English and Chinese)."""

from __future__ import annotations

from tests.planner.kit import ask


def test_an_item_that_is_not_there_gets_the_near_item_offered_not_its_recipe(world):
    asked = ask("what's the recipe for a gold sword?")
    assert 'I could not find an item called "gold sword"' in asked.text
    assert "Golden Sword" in asked.text, "offered"
    assert "2× Gold Ingot" not in asked.text, "not its recipe"


def test_a_misspelled_item_is_the_item(world):
    asked = ask("how do i craft a diamnod pickaxe?")
    assert "3× Diamond" in asked.text


def test_a_quest_that_is_not_there_is_said_so_and_the_near_ones_offered(saltmarsh):
    asked = ask("what do I get for the Tide Pool Diver Expert quest?")
    assert 'I could not find a quest named "Tide Pool Diver Expert"' in asked.text
    assert "Tide Pool Diver (The Sunken Vault)" in asked.text, "offered with its chapter"
    assert "Rewards of" not in asked.text, "not its rewards"


def test_a_quest_that_is_nowhere_near_is_simply_not_found(saltmarsh):
    asked = ask("what do I get for the Driftwood Palace quest?")
    assert asked.text == 'I could not find a quest named "Driftwood Palace" in the quest book.'


def test_in_chinese_a_quest_that_is_not_there_is_said_so(frostbell):
    asked = ask("白银矿工 任务奖励什么？")
    assert asked.text.startswith("任务书里找不到名为“白银矿工”的任务")


def test_a_quest_named_in_part_is_the_quest(saltmarsh):
    asked = ask("what does burning device 2 need?")
    assert "Burning Device 2: Blastastic" in asked.text


def test_in_chinese_a_longer_name_is_not_taken_for_the_one_inside_it(world):
    asked = ask("金锭剑怎么合成？")
    assert "找不到" in asked.text
    assert "金锭" not in asked.text.replace("金锭剑", ""), "never Gold Ingot's recipe"
