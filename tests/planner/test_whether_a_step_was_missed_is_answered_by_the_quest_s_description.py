"""Whether the player missed a step ("did I skip something", "是不是漏做了什么") about a quest
she names is answered by the pack's word on it — the quest's description, found by the
knowledge base or read from the quest — not by the recipe of the item she lacks, and no
item is called missing.

Fixture: ``fixtures/copperbell-farm`` (Wool Harvest: "the farm hands them out as the reward
of the quest Iron Age").
"""

from __future__ import annotations

import pytest

from agentweb.llm.offline import OfflinePlanner
from agentweb.llm.offline.entities import Entity
from agentweb.llm.offline.intent import parse
from agentweb.llm.offline.parsed import Intent
from tests.planner.kit import run_with

WOOL_HARVEST = Entity("Wool Harvest", "quest", "C0B0000000000004", "Wool Harvest")
SHEARS = Entity("shears", "item", "minecraft:shears", "Shears")


def test_an_english_question_naming_the_quest_gets_its_description(farm):
    outcome = run_with(
        OfflinePlanner(), "Wool Harvest quest: still no shears. am i missing something?"
    )
    assert "Iron Age" in outcome.text, outcome.text
    assert "could not find" not in outcome.text
    assert "2× Iron Ingot" not in outcome.text  # the shears' recipe


def test_a_quest_named_without_the_word_quest_is_read_for_its_description(farm):
    question = (
        "wool harvest - i have no shears and can't see how to get them yet, did i miss a step?"
    )
    outcome = run_with(OfflinePlanner(), question)
    assert "Iron Age" in outcome.text, outcome.text
    assert "could not find" not in outcome.text


def test_a_chinese_question_gets_the_description(farm):
    outcome = run_with(OfflinePlanner(), "剪羊毛任务：我到现在都没剪刀，是不是跳过了哪一步？")
    assert "铁器时代" in outcome.text, outcome.text
    assert "找不到名为" not in outcome.text


@pytest.mark.parametrize(
    "question",
    [
        "Wool Harvest: no shears yet, did I skip something?",
        "wool harvest and I have no shears... must have missed a quest?",
        "Wool Harvest 没剪刀，是不是漏了什么",
    ],
)
def test_the_quest_is_the_data_read_after_the_knowledge_base(question):
    p = parse(question, (WOOL_HARVEST, SHEARS), linked=True)
    assert (p.intent, p.then, p.quest_id) == (Intent.KNOWLEDGE, Intent.QUEST_INFO, WOOL_HARVEST.id)
    assert p.aspects[0] == "about"  # its description first
