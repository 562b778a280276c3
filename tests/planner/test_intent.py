"""How the offline planner reads a question: intent and names (English and Chinese)."""

from __future__ import annotations

import pytest

from agentweb.llm.offline.intent import parse
from agentweb.llm.offline.parsed import Intent


@pytest.mark.parametrize(
    ("question", "intent", "quest", "items"),
    [
        (
            "What do I need for the Burning Device quest and how do I get it?",
            Intent.QUEST_CHAIN,
            "Burning Device",
            [],
        ),
        (
            "Where does the item for quest Iron Ingot come from?",
            Intent.QUEST_CHAIN,
            "Iron Ingot",
            [],
        ),
        (
            'What does the quest "Tinkers\' Construct" reward?',
            Intent.QUEST_INFO,
            "Tinkers' Construct",
            [],
        ),
        ("What does quest Crafting Table unlock?", Intent.QUEST_INFO, "Crafting Table", []),
        ("What quests must I finish before the Stove quest?", Intent.QUEST_INFO, "Stove", []),
        ("How do I craft a furnace?", Intent.ITEM_SOURCE, None, ["furnace"]),
        ("How do I craft a furnace and a torch?", Intent.ITEM_SOURCE, None, ["furnace", "torch"]),
        ("Where do I find diamonds?", Intent.ITEM_SOURCE, None, ["diamonds"]),
        ("Which quest rewards torches?", Intent.QUEST_REWARDERS, None, ["torches"]),
        ("Which quests require iron ingots?", Intent.QUEST_REQUIRERS, None, ["iron ingots"]),
        ("what is my balance?", Intent.PROFILE, None, []),
        ("How does the daily sign-in streak work?", Intent.KNOWLEDGE, None, []),
        ("任务 Burning Device 需要什么？怎么获得？", Intent.QUEST_CHAIN, "Burning Device", []),
        ("铁锭怎么合成？", Intent.ITEM_SOURCE, None, ["Iron Ingot"]),
        ("哪个任务奖励火把？", Intent.QUEST_REWARDERS, None, ["Torch"]),
        ("我的余额是多少？", Intent.PROFILE, None, []),
        ("hello!", Intent.SMALL_TALK, None, []),
    ],
)
def test_questions_are_read_into_an_intent_and_names(question, intent, quest, items):
    p = parse(question)
    assert p.intent is intent
    assert p.quest == quest
    assert p.items == items


def test_a_quest_id_is_recognized():
    p = parse("What does quest 6bb9dbaa8307942c require?")
    assert p.quest_id == "6BB9DBAA8307942C"
    assert p.aspect == "tasks"


@pytest.mark.parametrize(
    ("question", "aspect"),
    [
        ("What does quest X reward?", "rewards"),
        ("What are the prerequisites of quest X?", "prerequisites"),
        ("What does quest X unlock?", "unlocks"),
        ("What does quest X require?", "tasks"),
        ("任务 X 的奖励是什么？", "rewards"),
    ],
)
def test_the_aspect_of_a_quest_question(question, aspect):
    assert parse(question).aspect == aspect


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("buy 2 bread", Intent.BUY),
        ("please sign me in", Intent.SIGNIN),
        ("claim the quest Crafting Table", Intent.CLAIM),
        ("帮我买 3 个面包", Intent.BUY),
    ],
)
def test_requests_to_act_are_actions(text, intent):
    assert parse(text).intent is intent


def test_a_question_about_an_action_is_not_the_action():
    assert parse("How does the sign in work?").intent is not Intent.SIGNIN
    assert parse("Can I buy bread in the shop?").intent is not Intent.BUY


def test_quantity_and_name_of_a_purchase():
    p = parse("帮我买 3 个面包")
    assert (p.items, p.quantity) == (["Bread"], 3)
