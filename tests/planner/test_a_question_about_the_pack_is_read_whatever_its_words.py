"""What a question asks of the pack is read from its words, not from one phrasing: worth,
a bug or what is meant, what happens, where things usually are, whether to travel — in
English and Chinese — asks the knowledge base, then the data on the item or quest it names
(entities as the workflows send them); how to get or make a thing stays a data question."""

from __future__ import annotations

import pytest

from agentweb.llm.offline.entities import Entity
from agentweb.llm.offline.intent import parse
from agentweb.llm.offline.parsed import Intent

PICKAXE = Entity("golden pickaxe", "item", "minecraft:golden_pickaxe", "Golden Pickaxe")
PICKAXE_ZH = Entity("金镐", "item", "minecraft:golden_pickaxe", "Golden Pickaxe")
FURNACE = Entity("furnace", "item", "minecraft:furnace", "Furnace")
FURNACE_ZH = Entity("熔炉", "item", "minecraft:furnace", "Furnace")
CLAY = Entity("clay", "item", "minecraft:clay", "Clay")
CLAY_ZH = Entity("黏土", "item", "minecraft:clay", "Clay")
BEACON = Entity("Light the Beacon", "quest", "E1B0000000000004", "Light the Beacon")


@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("is a golden pickaxe worth making here?", PICKAXE),
        ("are golden pickaxe tools any good in this pack", PICKAXE),
        ("is making a golden pickaxe a total waste?", PICKAXE),
        ("does it make sense to craft a golden pickaxe?", PICKAXE),
        ("should i even bother crafting a golden pickaxe", PICKAXE),
        ("is it a bug that my furnace is this slow", FURNACE),
        ("my furnace takes forever, is that intended?", FURNACE),
        ("furnace super slow... glitch or on purpose?", FURNACE),
        ("金镐值不值得做", PICKAXE_ZH),
        ("做金镐划算吗", PICKAXE_ZH),
        ("熔炉这么慢是故意的吗", FURNACE_ZH),
        ("熔炉烧得慢，正常吗？", FURNACE_ZH),
    ],
)
def test_a_judgement_asks_the_knowledge_base_and_keeps_the_data_for_no_passage(question, named):
    p = parse(question, (named,))
    assert p.intent is Intent.KNOWLEDGE
    assert p.then is Intent.ITEM_SOURCE and p.items == [named.id]
    assert not p.both  # the recipe is no answer to it


@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("where is clay usually found?", CLAY),
        ("where does clay normally generate", CLAY),
        ("where is clay supposed to come from around here", CLAY),
        ("黏土通常在哪里能找到", CLAY_ZH),
        ("黏土一般在哪儿找", CLAY_ZH),
    ],
)
def test_where_a_thing_usually_is_asks_both(question, named):
    p = parse(question, (named,))
    assert (p.intent, p.then, p.both) == (Intent.KNOWLEDGE, Intent.ITEM_SOURCE, True)


@pytest.mark.parametrize(
    "question",
    [
        "what happens after I finish Light the Beacon?",
        "what will happen once Light the Beacon is done",
        "do I have to travel anywhere for Light the Beacon?",
        "Light the Beacon 做完之后会发生什么？",
    ],
)
def test_a_quest_named_is_read_after_the_passage(question):
    p = parse(question, (BEACON,))
    assert (p.intent, p.then, p.quest_id) == (Intent.KNOWLEDGE, Intent.QUEST_INFO, BEACON.id)
    assert "about" in p.aspects


@pytest.mark.parametrize(
    ("question", "named", "intent"),
    [
        ("how do I make a golden pickaxe?", PICKAXE, Intent.ITEM_SOURCE),
        ("where can I find clay?", CLAY, Intent.ITEM_SOURCE),
        ("黏土怎么获得", CLAY_ZH, Intent.ITEM_SOURCE),
        ("what comes after Light the Beacon?", BEACON, Intent.QUEST_INFO),
    ],
)
def test_how_to_get_a_thing_stays_a_data_question(question, named, intent):
    p = parse(question, (named,))
    assert p.intent is intent and p.then is None


@pytest.mark.parametrize(
    "question",
    [
        "do i need to go to the nether for glowing ember veins?",
        "where is wood supposed to come from in a marsh",
        "服务器装的是 forge 还是 fabric 呀",
        "Ember Quarry 里怎么一个商人都没有",
    ],
)
def test_words_no_entity_covers_are_no_name_to_look_up(question):
    p = parse(question)
    assert p.intent is Intent.KNOWLEDGE
    assert (p.items, p.quest, p.then) == ([], None, None)
