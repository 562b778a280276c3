"""A question about what drops (or cooks into) an item that the data only crafts is
answered with "nothing drops it" — never "the item data lists no way to obtain it", which
is said only when every way was looked up and none found. English and Chinese; an Item
Frame and an Armor Stand are crafted (minecraft-data 1.20 recipes.json), Bedrock has no
way at all."""

from __future__ import annotations

from tests.planner.kit import ask


def test_what_drops_an_item_frame_says_nothing_drops_it(world):
    asked = ask("what mob drops an item frame?")
    assert "The data lists no block, mob or loot that drops Item Frame." in asked.text
    assert "no way to obtain" not in asked.text


def test_what_cooks_into_an_item_frame_says_it_is_not_cooked(world):
    asked = ask("how do you smelt an item frame?")
    assert "The data lists no way to cook Item Frame." in asked.text
    assert "no way to obtain" not in asked.text


def test_in_chinese_what_drops_an_armor_stand_says_nothing_drops_it(world):
    asked = ask("什么会掉落 minecraft:armor_stand？")
    assert "数据中没有会掉落" in asked.text and "Armor Stand" in asked.text
    assert "获取方式" not in asked.text


def test_an_item_with_no_way_at_all_is_still_said_to_have_none(world):
    asked = ask("what drops bedrock?")
    assert "The item data lists no way to obtain Bedrock." in asked.text


def test_a_bill_for_an_item_frame_says_how_to_get_each_material(world):
    asked = ask(
        "/reason I want to build an item frame: what materials do I need and how do I get "
        "each of them?"
    )
    assert "Leather" in asked.text and "Cow" in asked.text
    assert "no way to obtain" not in asked.text
