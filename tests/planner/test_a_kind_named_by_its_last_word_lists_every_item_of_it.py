"""A word that every item of a kind ends in ("bed": White Bed, Red Bed and the other
beds; 床) stands for all of them in a reverse lookup: a quest that gives a white bed and
one that gives a choice from a table of beds are both listed, in English and Chinese. A
one-word name of several things is never cut to a few of them.

Facts: frostbell-hollow first_snow_camp.snbt — Fur and Wool / 毛皮与羊毛
(24B5C7874B0A841A) rewards 1 minecraft:white_bed; create-grand-expanse
chapter_0_from_dust.snbt — the untitled quest shown as Friendly Reminder
(41B9ABFF89E857BC) gives a choice from the reward table Beds (16 colours)."""

from __future__ import annotations

from agentweb.ftb.search import item_ids_for
from tests.planner.kit import ask, invented_names


def test_the_kind_stands_for_every_item_of_it(frostbell):
    beds = item_ids_for("beds")
    assert {"minecraft:white_bed", "minecraft:red_bed", "minecraft:light_gray_bed"} <= set(beds)
    assert item_ids_for("white bed") == ["minecraft:white_bed"]


def test_an_english_question_lists_both_quests_that_give_a_bed(frostbell):
    question = "is there any quest that rewards me with a bed?"
    asked = ask(question)
    assert asked.tools == ["ftb.quest.query"], asked.text
    assert "Fur and Wool" in asked.text and "1× White Bed" in asked.text, asked.text
    assert "Friendly Reminder" in asked.text
    assert invented_names(asked, question) == []


def test_a_chinese_question_lists_them_in_chinese(frostbell):
    asked = ask("有没有奖励床的任务")
    assert asked.tools == ["ftb.quest.query"], asked.text
    assert "毛皮与羊毛" in asked.text and "白色床" in asked.text, asked.text
    assert "Friendly Reminder" in asked.text
