"""Chains within the budget (three rounds, two tools): a quest read by its id, then every
item it asks for in one lookup; a recipe's raw materials and how to get each in one bill
of materials — in English and in Chinese."""

from __future__ import annotations

from tests.planner.kit import ask


def test_a_quest_then_where_each_of_its_items_comes_from(saltmarsh):
    # shoreline_camp.snbt Mainland Smith asks for 3 iron ingots and an anvil.
    asked = ask("Mainland Smith: what does it need, and how do I get each of those items?")
    assert asked.tools[0] == "ftb.quest.detail"
    assert asked.tools[1] in ("item.source", "item.materials")
    assert "3× Iron Ingot" in asked.text and "1× Anvil" in asked.text
    assert "Raw Iron" in asked.text


def test_a_recipe_broken_down_to_raw_materials_for_several(world):
    # recipes.json: hopper = 5 iron ingots around a chest; chest = 8 planks.
    asked = ask("I want to build 2 hoppers. What raw materials is that in total?")
    assert asked.tools == ["item.materials"]
    assert "10× Iron Ingot" in asked.text
    assert "16× any Planks" in asked.text


def test_in_chinese_the_materials_and_their_sources(world):
    asked = ask("做一个活塞要哪些原材料？分别去哪弄？")
    assert asked.tools == ["item.materials"]
    for fact in ("4× 圆石", "1× 铁锭", "1× 红石粉", "粗铁"):
        assert fact in asked.text, f"{fact!r} missing from {asked.text}"
    assert "Iron Ingot" not in asked.text


def test_in_chinese_a_quest_and_its_items(frostbell):
    # first_snow_camp.snbt Miner's Lunch (矿工的午餐): 6 bread, 4 baked potatoes.
    asked = ask("矿工的午餐这个任务要交的东西怎么弄到？")
    assert asked.tools[0] == "ftb.quest.detail"
    assert "6× 面包" in asked.text and "4× 烤马铃薯" in asked.text
    assert "小麦" in asked.text, "bread is crafted from wheat"


def test_in_chinese_which_mobs_drop_a_quest_s_item(world):
    # Sand to Gunpowder (Chapter 1) asks for gunpowder; entityLoot.json: creeper, ghast, witch.
    asked = ask("Sand to Gunpowder那个任务要交火药 除了筛沙子还有哪些怪会掉")
    assert asked.tools == ["ftb.quest.detail", "item.source"]
    for fact in ("1× 火药", "苦力怕", "恶魂", "女巫"):
        assert fact in asked.text, f"{fact!r} missing from {asked.text}"


def test_building_a_thing_a_quest_is_named_after_is_the_item_s_chain(frostbell):
    # frostbell-hollow's The Smithy has a quest Piston asking for 2 pistons: not what is asked.
    for question in (
        "I want to build a piston: what materials do I need and how do I get each of them?",
        "分析 活塞怎么做？需要的材料怎么获得？",
    ):
        asked = ask(question)
        assert asked.tools == ["item.materials"], question
        assert "1× Iron Ingot" in asked.text or "1× 铁锭" in asked.text


def test_the_quest_named_like_a_thing_is_the_quest_when_the_question_says_quest(frostbell):
    asked = ask("For the Piston quest, what raw materials do I need and where does each come from?")
    assert asked.tools == ["ftb.quest.detail", "item.materials"]
    assert "2× Piston" in asked.text
