"""Reverse lookups and counts for any book, read from the entities a question names: quests
by the mob their kill tasks name (with how many), limited to the book named; a book's and
a group's chapters with their quest counts — English and Chinese."""

from __future__ import annotations

from tests.planner.kit import ask


def test_quests_that_make_you_kill_a_mob_with_the_count(saltmarsh):
    # lighthouse_keepers.snbt The Keeper's Log: kill 3 minecraft:drowned.
    asked = ask("Which quests ask me to slay drowned, and how many?")
    assert asked.tools == ["ftb.quest.query"]
    assert "The Keeper's Log" in asked.text
    assert "3× Drowned" in asked.text


def test_limited_to_the_book_named(saltmarsh, frostbell):
    asked = ask("list the quests in Frostbell Hollow that give bread")
    assert "Miner's Lunch" in asked.text or "矿工的午餐" in asked.text
    assert "Saltmarsh" not in asked.text and "Shoreline Camp" not in asked.text


def test_in_chinese_kill_tasks_of_a_chapter_with_their_counts(frostbell):
    # bell_tower_mine.snbt: 骨头与弓 6 skeletons, 蛛网密布 4 spiders, 钟声之夜 20 zombies.
    asked = ask("钟楼矿井有哪些任务需要击杀怪物？")
    for fact in ("6× 骷髅", "4× 蜘蛛", "20× 僵尸", "钟声之夜"):
        assert fact in asked.text, f"{fact!r} missing from {asked.text}"
    assert "kill" not in asked.text


def test_a_book_counted_by_its_chapters(saltmarsh):
    asked = ask("How many chapters and quests does the Saltmarsh Reach book have?")
    assert "3 chapters and 13 quests" in asked.text


def test_in_chinese_a_book_counted_by_its_chapters(frostbell):
    asked = ask("霜钟谷一共有多少个任务？")
    assert "4 个章节、31 个任务" in asked.text


def test_a_group_and_its_chapters(saltmarsh):
    # chapter_groups.snbt: The Mainland holds Lighthouse Keepers (4 quests).
    asked = ask("which chapters are in The Mainland group?")
    assert "The chapter group The Mainland" in asked.text
    assert "Lighthouse Keepers (4)" in asked.text
