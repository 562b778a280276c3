"""Quests by reward, by requirement or by kill target, in a chapter the question names by
number: only that chapter's quests (the shipped book's Friendly Reminder, in "Chapter 0:
From Dust", gives a choice of beds; Frostbell Hollow's Fur and Wool, in 初雪营地, gives a
White Bed)."""

from __future__ import annotations

import pytest

from tests.planner.kit import ask


@pytest.mark.parametrize(
    "question", ["which quests in chapter 0 give beds", "ch 0 quests that reward a bed?"]
)
def test_quests_giving_beds_in_chapter_zero_are_only_that_chapter_s(frostbell, question):
    asked = ask(question)
    assert "Friendly Reminder (Chapter 0: From Dust)" in asked.text
    assert "Fur and Wool" not in asked.text


def test_a_chapter_with_no_such_quest_says_so_and_where_it_looked(frostbell):
    asked = ask("第二章哪些任务奖励床？")
    assert "找不到奖励“床”的任务" in asked.text
    assert "只查了章节「Chapter 2: The Forge」" in asked.text
    assert "Friendly Reminder" not in asked.text and "毛皮与羊毛" not in asked.text


def test_quests_asking_for_an_item_in_a_chapter_at_a_place_of_a_named_book(frostbell):
    asked = ask("Which quests in the first chapter of Frostbell Hollow need torches?")
    assert asked.tools == ["ftb.quest.query"]
    assert "Miner's Torches" in asked.text
    # Miner's Torches is in the first chapter (First Snow Camp), not the second.
    asked = ask("Which quests in the second chapter of Frostbell Hollow need torches?")
    assert "Miner's Torches" not in asked.text
    assert "(I looked only in the chapter The Smithy.)" in asked.text


def test_kill_quests_of_a_chapter_named_in_chinese_numerals(frostbell):
    asked = ask("霜钟谷第三章有哪些任务要杀怪物")
    assert "钟声之夜" in asked.text and "骨头与弓" in asked.text
    assert "第一个夜晚" not in asked.text and "流浪者（" not in asked.text
