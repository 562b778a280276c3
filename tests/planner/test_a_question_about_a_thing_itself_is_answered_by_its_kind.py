"""A question about a thing itself — "tell me about X", "what is X", "X是什么", "介绍一下X"
— is answered by the kind of thing the data says X is: a chapter's quests, a chapter
group's chapters, a book's chapters, a reward table, an item's ways to get it, a mob's
passage and the quests that ask to kill it. Never "no item called X" for a chapter or a
mob."""

from __future__ import annotations

from tests.planner.kit import ask


def test_a_chapter_is_its_quests(saltmarsh):
    asked = ask("Tell me about Shoreline Camp")
    assert asked.tools == ["ftb.quest.query"], asked.tools
    assert "Shoreline Camp" in asked.text and "quests" in asked.text, asked.text
    assert "could not find" not in asked.text


def test_a_chapter_asked_in_chinese(frostbell):
    asked = ask("介绍一下初雪营地")
    assert "初雪营地" in asked.text and "9 个任务" in asked.text, asked.text


def test_a_chapter_group_is_its_chapters(saltmarsh):
    asked = ask("what is the mainland?")
    assert "Shoreline Camp" in asked.text, asked.text


def test_a_book_is_its_chapters(quarry):
    asked = ask("余烬采石场是什么？")
    assert "采石场" in asked.text and "5" in asked.text, asked.text


def test_a_mob_is_never_looked_up_as_an_item(frostbell):
    asked = ask("tell me about strays")
    assert "could not find an item" not in asked.text, asked.text
    assert "item.source" not in asked.tools
    # frostbell-hollow: 流浪者 asks for 8 strays killed.
    assert "8× Stray" in asked.text, asked.text


def test_an_item_is_how_to_get_it(world):
    asked = ask("what's a shield?")
    assert asked.tools == ["item.source"], asked.tools
    assert "1× Iron Ingot" in asked.text, asked.text


def test_a_thing_no_name_of_the_data_is_is_for_the_knowledge_base(world):
    asked = ask("tell me about the daily sign-in")
    assert asked.tools == ["database.query"], asked.tools
    assert "could not find" not in asked.text, "no quest or item called daily sign-in"
