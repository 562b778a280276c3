"""A question that names a quest and two items and asks the amount of one of them ("how
many iron nuggets to make its lanterns", "梯子全做出来要多少根木棍") asks about a material
of the quest's items: the quest's detail, then the bill of materials of what it asks for.
The quest's own item counted alone is still what the quest needs.

Facts: Saltmarsh Reach's Light the Lantern (`5C00000000000007`) asks for 4 lanterns;
Frostbell Hollow's 下井 / Into the Shaft (`63A105D86C647ED8`) for 16 ladders.
minecraft-data 1.20 recipes.json: lantern = 8 iron nuggets + 1 torch → 1; ladder = 7
sticks → 3 (16 ladders: 6 crafts, 42 sticks)."""

from __future__ import annotations

from tests.planner.kit import ask


def test_an_english_question_counts_the_nuggets_of_the_quest_s_lanterns(saltmarsh):
    asked = ask("Light the Lantern: how many iron nuggets do the lanterns take?")
    assert asked.tools == ["ftb.quest.detail", "item.materials"], asked.text
    assert "4× Lantern" in asked.text
    assert "32× Iron Nugget" in asked.text, asked.text


def test_a_chinese_question_counts_the_sticks_of_the_quest_s_ladders(frostbell):
    asked = ask("下井 这个任务的梯子全做出来要多少根木棍")
    assert asked.tools == ["ftb.quest.detail", "item.materials"], asked.text
    assert "16× 梯子" in asked.text
    assert "42 个木棍" in asked.text, asked.text


def test_the_quest_s_own_item_counted_alone_is_what_the_quest_needs(frostbell):
    asked = ask("下井任务要多少个梯子")
    assert asked.tools == ["ftb.quest.detail"], asked.text
    assert "16× 梯子" in asked.text
