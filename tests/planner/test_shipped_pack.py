"""The offline planner answers real questions over the shipped pack (R-MODEL-1).

A quest the question names is linked to its id (the request's entities), so it is
read with ftb.quest.detail directly, without a search. Every expected fact below was read
in the data files, not taken from the planner: the quest .snbt files under
agentweb/game/data/ftbquests and minecraft-data's pc/1.20 recipes.json/items.json. Each
run goes through the real ReAct loop, the real tools and the database; the answer must contain
the facts, cite observed sources, and name nothing the run did not observe.
"""

from __future__ import annotations

import pytest

from agentweb.game.demo import KNOWLEDGE_DIR, load_manual_articles
from tests.game.tool_kit import make_player
from tests.planner.kit import ask, invented_names

CASES = [
    # chapter_0_from_dust.snbt: Burning Device asks for 1 minecraft:furnace;
    # recipes.json: furnace = 8 cobblestone (or blackstone / cobbled deepslate).
    (
        "What do I need for the Burning Device quest and how do I get it?",
        ["Burning Device", "1× Furnace", "8× Cobblestone"],
        ["ftb.quest.detail", "item.source"],
    ),
    # The untitled quest 6BB9DBAA8307942C asks for minecraft:iron_ingot;
    # recipes.json: 9 iron nuggets; cooking: raw iron.
    (
        "Where does the item for quest Iron Ingot come from?",
        ["1× Iron Ingot", "9× Iron Nugget", "Raw Iron"],
        ["ftb.quest.detail", "item.source"],
    ),
    ("How do I smelt iron ingots?", ["Iron Ingot", "Raw Iron", "furnace"], ["item.source"]),
    ("How do I craft a furnace?", ["Furnace", "8× Cobblestone"], ["item.source"]),
    # chapter_0: the crafting-table quest rewards count: 16 minecraft:torch.
    ("Which quest rewards torches?", ["Crafting Table", "16× Torch"], ["ftb.quest.query"]),
    # applied_energistics.snbt: 8 create:item_vault; chapter_1_to_rotation.snbt: 4.
    (
        "Which quests reward an Item Vault?",
        ["Somethings missing...", "8× Item Vault", "4× Item Vault"],
        ["ftb.quest.query"],
    ),
    # chapter_0: Tinkers' Construct rewards tconstruct:materials_and_you and :encyclopedia.
    (
        'What does the quest "Tinkers\' Construct" reward?',
        ["Materials And You", "Encyclopedia"],
        ["ftb.quest.detail"],
    ),
    # chapter_0: Burning Device 2: Blastastic depends on the Iron Ingot quest (same chapter).
    (
        "What are the prerequisites of quest Burning Device 2: Blastastic?",
        ["Iron Ingot", "Chapter 0: From Dust"],
        ["ftb.quest.detail"],
    ),
    # chapter_0: Friendly Reminder gives a choice from reward_tables/beds.snbt ("Beds").
    (
        "What does the Friendly Reminder quest reward?",
        ["Beds", "White Bed"],
        ["ftb.quest.detail"],
    ),
    ("What does quest 6BB9DBAA8307942C require?", ["1× Iron Ingot"], ["ftb.quest.detail"]),
    ("Which quests require a furnace?", ["Burning Device"], ["ftb.quest.query"]),
    # Chinese answers name items as the glossary does: 熔炉 = Furnace, 圆石 = Cobblestone.
    ("任务 Burning Device 需要什么？怎么获得？", ["1× 熔炉", "圆石"], None),
    ("铁锭怎么合成？", ["铁锭", "9× 铁粒"], ["item.source"]),
    ("哪个任务奖励火把？", ["Crafting Table", "16× 火把"], ["ftb.quest.query"]),
]


@pytest.mark.parametrize(("question", "facts", "tools"), CASES)
def test_the_planner_answers_with_the_facts_of_the_data(world, question, facts, tools):
    asked = ask(question)
    for fact in facts:
        assert fact in asked.text, f"{fact!r} missing from: {asked.text}"
    if tools is not None:
        assert asked.tools == tools
    assert asked.result.answer is not None
    assert asked.result.answer.sources, "the answer cites its sources"
    assert all(1 <= n <= len(asked.rc.sources) for n in asked.result.answer.sources)
    assert invented_names(asked, question) == []


def test_a_multi_step_question_fits_the_default_three_rounds(world):
    asked = ask("What do I need for the Burning Device quest and how do I get it?")
    assert asked.result.rounds_used == 3
    assert asked.result.stop.code == "answered"


def test_the_players_own_profile(world):
    alice = make_player("alice", balance=1450, streak=6)
    asked = ask("What is my balance?", user=alice)
    assert "AliceMC" in asked.text
    assert "1450 coins" in asked.text
    assert asked.tools == ["player.info"]


def test_a_knowledge_question_quotes_the_best_article(world):
    load_manual_articles(KNOWLEDGE_DIR)
    asked = ask("How does the daily sign-in streak work?")
    assert asked.tools == ["database.query"]
    assert "How the daily sign-in works" in asked.text
    assert "streak" in asked.text


@pytest.mark.parametrize(
    ("question", "honest"),
    [
        ("What does quest Zorblax require?", 'could not find a quest named "Zorblax"'),
        ("How do I craft a flux capacitor?", 'could not find an item named "flux capacitor"'),
    ],
)
def test_when_the_data_has_no_answer_it_says_so(world, question, honest):
    asked = ask(question)
    assert honest in asked.text
    assert asked.result.answer.sources == ()


def test_a_modded_item_outside_the_item_data_is_reported_not_guessed(world):
    # chapter_0: Kenetic Foundation asks for 8 create:andesite_casing, a modded item
    # that minecraft-data does not have.
    asked = ask("What do I need for quest Kenetic Foundation and how do I get it?")
    assert "8× Andesite Casing" in asked.text
    assert 'could not find an item named "Andesite Casing"' in asked.text
