"""A list or count limited to a chapter no book has: the answer says there is no chapter
of that name — offering chapters with a close title (one named by two or more words of
its title is that chapter, and the answer says so) — and never reads the chapter's name
as the thing asked about ("Grass" of "Touching Grass" is no reward asked for)."""

from __future__ import annotations

from tests.planner.kit import ask


def test_quests_giving_an_item_in_a_missing_chapter_are_not_listed(frostbell):
    asked = ask("which quests in the Touching Grass chapter give bread")
    assert asked.text.startswith('I could not find a chapter named "Touching Grass"')
    assert "Grass" not in asked.text.replace("Touching Grass", "")
    # Frostbell Hollow's bread quests are of other chapters.
    assert "Miner's Lunch" not in asked.text


def test_a_missing_chapter_s_count_is_not_another_chapter_s(frostbell):
    asked = ask("how many quests are in the Frozen Lake chapter?")
    assert 'I could not find a chapter named "Frozen Lake"' in asked.text
    assert "quests:" not in asked.text


def test_a_chapter_named_by_words_of_its_title_is_the_one_looked_in_and_said(frostbell):
    # Two words of one chapter's title and of no other name: that chapter (linked
    # ``part``), and the answer says which one it looked in.
    asked = ask("which quests in the Bell Tower chapter need torches")
    assert "Bell Tower Mine" in asked.text
    assert 'could not find a chapter named "Bell Tower"' not in asked.text
    # Miner's Torches asks for torches, in another chapter (First Snow Camp).
    assert "Miner's Torches" not in asked.text


def test_a_missing_chapter_is_said_in_chinese(frostbell):
    asked = ask("寒冰湖这章哪些任务奖励面包？")
    assert "任务书里找不到名为“寒冰湖”的章节" in asked.text
    assert "矿工的午餐" not in asked.text
