"""A question that names a quest and asks the amount of something no name in it is
("how many planks for Into the Shaft": a kind of item, not one item) asks about a
material of the quest's items: the detail, then their bill of materials. An amount of
what the quest itself asks for, or of a mob it names, is the quest's tasks.

Facts: frostbell-hollow bell_tower_mine.snbt — Into the Shaft (63A105D86C647ED8) asks for
16 minecraft:ladder; Night of the Bell (3E534ABCA1A714DA) to kill 20 minecraft:zombie.
minecraft-data 1.20 recipes.json: ladder = 7 sticks → 3, stick = 2 planks → 4: 16 ladders
take 6 crafts, 42 sticks, 11 crafts of sticks, 22 planks (any planks, tag
minecraft:planks)."""

from __future__ import annotations

from tests.planner.kit import ask


def test_the_planks_for_a_quest_s_ladders_are_added_up(frostbell):
    asked = ask("how many planks would i need for into the shaft?")
    assert asked.tools == ["ftb.quest.detail", "item.materials"], asked.text
    assert "16× Ladder" in asked.text
    assert "22× any Planks" in asked.text, asked.text


def test_the_quest_s_own_item_counted_is_its_task(frostbell):
    asked = ask("how many ladders does into the shaft want")
    assert asked.tools == ["ftb.quest.detail"], asked.text
    assert "16× Ladder" in asked.text


def test_a_mob_counted_is_the_quest_s_kill_task(frostbell):
    asked = ask("how many zombies for night of the bell")
    assert asked.tools == ["ftb.quest.detail"], asked.text
    assert "20× Zombie" in asked.text


def test_an_item_named_and_counted_beside_the_quest_is_a_material(frostbell):
    asked = ask("how many sticks do i need for into the shaft")
    assert asked.tools == ["ftb.quest.detail", "item.materials"], asked.text
    assert "42× Stick" in asked.text, asked.text


def test_a_chinese_amount_after_a_measure_word_is_added_up_too(frostbell):
    asked = ask("下井要多少块木板")
    assert asked.tools == ["ftb.quest.detail", "item.materials"], asked.text
    assert "22× 任意木板" in asked.text, asked.text
