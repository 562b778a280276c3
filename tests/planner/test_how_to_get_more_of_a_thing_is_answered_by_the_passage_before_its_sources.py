"""How to get more of a thing ("any way to get more leather", "怎么才能多掉点") asks what the
pack says about it: the passage that says how comes first — found by the things' names when
the player's own words miss it — and the item's sources are not the answer.

Fixture: ``fixtures/copperbell-farm`` (Tanner's Trade: "Kill them with a Looting sword and
each one drops more").
"""

from __future__ import annotations

import pytest

from agentweb.llm.offline import OfflinePlanner
from agentweb.llm.offline.entities import Entity
from agentweb.llm.offline.intent import parse
from agentweb.llm.offline.parsed import Intent
from tests.planner.kit import ask, run_with

LEATHER = Entity("leather", "item", "minecraft:leather", "Leather")
LEATHER_ZH = Entity("皮革", "item", "minecraft:leather", "Leather")


def test_an_english_question_gets_the_passage(farm):
    outcome = run_with(
        OfflinePlanner(), "cows keep giving me one leather each. any trick for extra?"
    )
    assert "Looting" in outcome.text, outcome.text
    assert "Rabbit Hide" not in outcome.text  # the leather's recipe is no answer


def test_an_english_question_in_its_own_words_gets_a_passage_that_says_how(farm):
    asked = ask("butchering the herd yields barely any leather, is there some way to boost that?")
    # This book's passage, or the shipped book's (Moo Slayer: "… grants more leather").
    assert "Looting" in asked.text or "grants more leather" in asked.text, asked.text
    assert "item.source" not in asked.tools


def test_a_chinese_question_in_its_own_words_gets_the_passage(farm):
    # The player's words ("宰了好多", "才一个") are not the passage's: the knowledge base is
    # asked again by the names the question links, before the leather's sources.
    asked = ask("宰了好多头才出一个皮革，有没有什么窍门？")
    assert "抢夺" in asked.text, asked.text
    assert asked.tools == ["database.query", "database.query"]
    assert "兔子皮" not in asked.text


@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("is there a way to get more leather per cow?", LEATHER),
        ("how can I make cows drop extra leather", LEATHER),
        ("leather drops are tiny, any method to double them?", LEATHER),
        ("皮革怎么才能多爆点", LEATHER_ZH),
        ("杀牛怎样多拿些皮革", LEATHER_ZH),
    ],
)
def test_the_knowledge_base_comes_first_and_is_asked_again_by_the_names(question, named):
    p = parse(question, (named,), linked=True)
    assert (p.intent, p.then) == (Intent.KNOWLEDGE, Intent.ITEM_SOURCE)
    assert p.by_names == named.text


def test_how_to_get_one_at_all_stays_a_data_question():
    p = parse("how do I get leather?", (LEATHER,), linked=True)
    assert (p.intent, p.then) == (Intent.ITEM_SOURCE, None)
