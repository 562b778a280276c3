"""Whether being short of something holds up the quests ("will that lock me out of the
quests", "会不会耽误做任务") is asked of the pack: the passage answers, and no word of the
question ("进度", "做任务") is looked up as a quest's name.

Fixture: ``fixtures/copperbell-farm`` (Market Day: "running short on emeralds never holds up
your quests").
"""

from __future__ import annotations

import pytest

from agentweb.llm.offline import OfflinePlanner
from agentweb.llm.offline.entities import Entity
from agentweb.llm.offline.intent import parse
from agentweb.llm.offline.parsed import Intent
from tests.planner.kit import run_with

EMERALD = Entity("emeralds", "item", "minecraft:emerald", "Emerald")
EMERALD_ZH = Entity("绿宝石", "item", "minecraft:emerald", "Emerald")


def test_an_english_question_gets_the_passage(farm):
    outcome = run_with(
        OfflinePlanner(),
        "I spent all my emeralds at the market. am I going to get stuck on quests?",
    )
    assert "never holds up your quests" in outcome.text, outcome.text
    assert "could not find" not in outcome.text


def test_a_chinese_question_gets_the_passage(farm):
    outcome = run_with(OfflinePlanner(), "绿宝石都花光了，任务会不会卡住做不下去？")
    assert "不会耽误你做任务" in outcome.text, outcome.text
    assert "找不到名为" not in outcome.text


@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("if i run out of emeralds will it stop my quest progress?", EMERALD),
        ("could being low on emeralds block me from finishing quests", EMERALD),
        ("emeralds gone - can i soft-lock my questline?", EMERALD),
        ("绿宝石不够，会不会影响任务进度", EMERALD_ZH),
        ("没有绿宝石的话，任务是不是就推进不了了", EMERALD_ZH),
    ],
)
def test_the_knowledge_base_is_asked_and_no_quest_is_looked_up(question, named):
    p = parse(question, (named,), linked=True)
    assert p.intent is Intent.KNOWLEDGE
    assert (p.quest, p.quest_id) == (None, None)


@pytest.mark.parametrize("question", ["任务进度会不会被卡住", "will i get stuck on the quests?"])
def test_naming_nothing_it_asks_the_knowledge_base(question):
    p = parse(question, (), linked=True)
    assert (p.intent, p.quest, p.items) == (Intent.KNOWLEDGE, None, [])
