"""A player who says she already knows how a thing is made ("i know how to craft it",
"配方我会") is not given its recipe: what she asks about the pack is answered by the
knowledge base, and the data read after it is the quest she names, never the item's recipe.

Fixture: ``fixtures/copperbell-farm`` (Old Smithy: "keeps an anvil by the door that anyone
may use, so nobody has to carry their own").
"""

from __future__ import annotations

import pytest

from agentweb.llm.offline import OfflinePlanner
from agentweb.llm.offline.entities import Entity
from agentweb.llm.offline.intent import parse
from agentweb.llm.offline.parsed import Intent
from tests.planner.kit import run_with

ANVIL = Entity("anvil", "item", "minecraft:anvil", "Anvil")
ANVIL_ZH = Entity("铁砧", "item", "minecraft:anvil", "Anvil")


def test_an_english_question_gets_the_passage_and_no_recipe(farm):
    question = (
        "is the anvil at the old smithy free for anyone, or should i haul my own over? "
        "i already know the recipe"
    )
    outcome = run_with(OfflinePlanner(), question)
    assert "anyone may use" in outcome.text, outcome.text
    assert "Block of Iron" not in outcome.text  # the anvil's recipe


def test_a_chinese_question_gets_the_passage_and_no_recipe(farm):
    outcome = run_with(OfflinePlanner(), "老铁匠铺门口的铁砧谁都能用吗？我会做，不用告诉我配方")
    assert "谁都可以用" in outcome.text, outcome.text
    assert "铁块" not in outcome.text


@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("can i borrow an anvil somewhere? i know how to make one", ANVIL),
        ("do i have to carry an anvil around, i know how it's crafted", ANVIL),
        ("i know the recipe, but is there an anvil i can use in town?", ANVIL),
        ("镇上能借到铁砧吗？配方我知道", ANVIL_ZH),
        ("铁砧我会做，就是想知道要不要自己带", ANVIL_ZH),
    ],
)
def test_the_item_s_recipe_is_not_read(question, named):
    p = parse(question, (named,), linked=True)
    assert p.intent is Intent.KNOWLEDGE
    assert p.then is not Intent.ITEM_SOURCE and not p.both
    assert "craft" not in p.aspects


def test_without_those_words_the_recipe_is_still_read_when_no_passage_answers():
    p = parse("is there an anvil i can use in town?", (ANVIL,), linked=True)
    assert (p.intent, p.then, p.items) == (Intent.KNOWLEDGE, Intent.ITEM_SOURCE, [ANVIL.id])
