"""In a book whose chapter titles carry no numbers, a chapter named by a number is the
chapter at that place in the book the question names (Frostbell Hollow, 霜钟谷: 初雪营地
(9 quests), 铁匠铺 / The Smithy (9), 钟楼矿井 / Bell Tower Mine (8), 冰封祭坛 (5), in
book order) — not the whole book, and not a chapter of another book."""

from __future__ import annotations

import pytest

from tests.planner.kit import ask


@pytest.mark.parametrize("question", ["霜钟谷第一章有多少个任务？", "霜钟谷的第1章一共几个任务"])
def test_a_chinese_question_counts_the_first_chapter_of_the_book_it_names(frostbell, question):
    asked = ask(question)
    assert "章节「初雪营地」共有 9 个任务" in asked.text
    assert "31" not in asked.text, "the book's total is not what was asked"


@pytest.mark.parametrize(
    "question",
    [
        "how many quests in the third chapter of Frostbell Hollow?",
        "Frostbell Hollow chapter three: how many quests?",
    ],
)
def test_an_english_question_counts_the_chapter_at_that_place(frostbell, question):
    asked = ask(question)
    assert "The chapter Bell Tower Mine has 8 quests" in asked.text


def test_a_numbered_book_keeps_its_numbers_when_another_book_is_named(frostbell):
    # The shipped book's "Chapter 2" is not asked about: the question names Frostbell Hollow.
    asked = ask("how many quests are in chapter 2 of frostbell hollow")
    assert "The chapter The Smithy has 9 quests" in asked.text
    assert "The Forge" not in asked.text


def test_a_list_limited_to_a_chapter_at_a_place_lists_only_its_quests(frostbell):
    asked = ask("霜钟谷第四章哪些任务要打怪？")
    assert asked.tools == ["ftb.quest.query"]
    assert "流浪者" in asked.text
    # 初雪营地's and 钟楼矿井's kill quests are not in the fourth chapter.
    assert "夜晚" not in asked.text


def test_the_last_chapter_of_a_named_book_is_its_last(frostbell):
    asked = ask("霜钟谷最后一章有几个任务")
    assert "章节「冰封祭坛」共有 5 个任务" in asked.text
