"""A chapter named by the number its title carries, in any form — digits, English words,
ordinals, "ch 2", Chinese numerals — is that chapter: its quests are counted (the shipped
Create: Grand Expanse book titles its chapters "Chapter 0: From Dust", "Chapter 1: To
Rotation", "Chapter 2: The Forge" (36 quests)…), in Chinese as in English."""

from __future__ import annotations

import pytest

from agentweb.llm.offline import OfflinePlanner
from tests.planner.kit import ask, run_with


@pytest.mark.parametrize(
    "question",
    [
        "how many quests are in chapter two?",
        "how many quests does ch. 2 have",
        "How many quests does the second chapter have?",
        "list the quests of chapter 2 pls",
    ],
)
def test_an_english_question_counts_the_chapter_its_number_names(world, question):
    asked = ask(question)
    assert asked.tools == ["ftb.quest.query"]
    assert "The chapter Chapter 2: The Forge has 36 quests" in asked.text


@pytest.mark.parametrize(
    "question", ["第二章一共几个任务", "Chapter 2 里有几个任务", "第 2 章有多少任务？"]
)
def test_a_chinese_question_counts_the_chapter_its_number_names(world, question):
    asked = ask(question)
    assert asked.tools == ["ftb.quest.query"]
    assert "Chapter 2: The Forge」共有 36 个任务" in asked.text


def test_a_chapter_numbered_zero_is_chapter_zero_not_the_first_in_the_file_order(world):
    # Applied Energistics comes first in the book's order; its title carries no number.
    asked = ask("how many quests in chapter zero")
    assert "The chapter Chapter 0: From Dust has 33 quests" in asked.text


@pytest.mark.parametrize("question", ["第三章一共几个任务", "how many quests in chapter three"])
def test_a_count_of_a_numbered_chapter_goes_to_the_quest_tools(world, question):
    outcome = run_with(OfflinePlanner(), question)
    assert outcome.workflow == "system:reasoning"
    assert "47" in outcome.text and "Chapter 3: Base Alpha" in outcome.text


@pytest.mark.parametrize("question", ["what's in chapter 2?", "第二章里都有啥"])
def test_what_is_in_a_chapter_named_by_number_lists_its_quests(world, question):
    asked = ask(question)
    assert asked.tools == ["ftb.quest.query"]
    assert "Space Trebuchet" in asked.text and "36" in asked.text
