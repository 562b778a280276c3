"""``item.source`` of one kind of way (only drops, only cooking) that finds none says so of
that kind, and that the item has other ways: no block or mob drops an Item Frame, but it
is crafted (minecraft-data 1.20 recipes.json: 8 sticks and a leather). "No way to obtain"
is said only of an item whose every way was looked up and none found (Bedrock) — in the
observation, the card and the list of several items, in English and in Chinese."""

from __future__ import annotations

from tests.game.tool_kit import call_tool

NO_WAY = "no way to obtain"


def test_no_drop_of_an_item_frame_is_not_no_way_to_obtain_it(world):
    seen = call_tool("item.source", {"item": "Item Frame", "kind": "drops"}).observation
    assert seen["found"] is True and seen["count"] == 0 and seen["kind"] == "drops"
    assert "obtainable" not in seen
    assert seen["other_ways"] == 1
    assert seen["message"] == (
        "The item data lists no drop or loot that gives Item Frame; it has other ways to obtain it."
    )
    assert NO_WAY not in str(seen)


def test_no_cooking_of_an_armor_stand_is_not_no_way_to_obtain_it(world):
    seen = call_tool("item.source", {"item": "minecraft:armor_stand", "kind": "cooking"})
    assert "obtainable" not in seen.observation
    assert "no cooking recipe for Armor Stand" in seen.observation["message"]
    assert NO_WAY not in str(seen.observation) and NO_WAY not in str(seen.card)


def test_an_item_with_no_way_at_all_is_said_to_have_none_whatever_kind_was_asked(world):
    seen = call_tool("item.source", {"item": "Bedrock", "kind": "drops"}).observation
    assert seen["obtainable"] is False and "other_ways" not in seen
    assert seen["message"].startswith("The data has no way to obtain Bedrock")


def test_a_chinese_card_says_no_drop_gives_it_not_that_it_cannot_be_had(world):
    card = call_tool(
        "item.source", {"item": "Item Frame", "kind": "drops", "language": "zh_cn"}
    ).card
    notes = " ".join(card["notes"])
    assert "没有会给出" in notes and "掉落物或战利品" in notes and "其他获得途径" in notes
    assert "没有获得" not in notes


def test_a_list_of_several_says_which_kind_none_was_found_of(world):
    out = call_tool("item.source", {"item": ["Item Frame", "Bedrock"], "kind": "drops"})
    lines = out.card["items"]
    assert lines[0] == "Item Frame: no drop or loot in the item data (other ways exist)"
    assert lines[1] == "Bedrock: no way to obtain it in the item data"


def test_a_chinese_list_of_several_says_it_in_chinese(world):
    out = call_tool(
        "item.source",
        {"item": ["Item Frame", "Bedrock"], "kind": "drops", "language": "zh_cn"},
    )
    lines = out.card["items"]
    assert "没有掉落物或战利品" in lines[0] and "有其他获得途径" in lines[0]
    assert "物品数据中没有获得途径" in lines[1]
