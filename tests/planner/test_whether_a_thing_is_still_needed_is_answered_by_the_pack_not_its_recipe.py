"""Whether a thing is needed (at all, still, once something else is done) is a question
about the pack: the knowledge base answers it — a quest description here — and neither the
thing's recipe nor a piece of the sentence looked up as a name ("already hung up") is the
answer; "what do I need for X" stays a question about X's data.

Fixture: ``fixtures/copperbell-farm`` (Lamplighter: "once the lanterns are up the torches
can come down").
"""

from __future__ import annotations

import pytest

from agentweb.llm.offline import OfflinePlanner
from agentweb.llm.offline.entities import Entity
from agentweb.llm.offline.intent import parse
from agentweb.llm.offline.parsed import Intent
from tests.planner.kit import run_with

TORCH = Entity("torches", "item", "minecraft:torch", "Torch")
LANTERN = Entity("lanterns", "item", "minecraft:lantern", "Lantern")


def test_an_english_question_gets_the_passage(farm):
    outcome = run_with(
        OfflinePlanner(), "are torches along the lane still necessary once my lanterns hang there?"
    )
    assert "torches can come down" in outcome.text, outcome.text
    assert "could not find" not in outcome.text
    assert "Stick" not in outcome.text  # the torch's recipe is no answer


def test_a_question_with_a_clause_after_it_gets_the_passage(farm):
    outcome = run_with(
        OfflinePlanner(), "do we even need torches by the fence if lanterns are already up there"
    )
    assert "torches can come down" in outcome.text, outcome.text
    assert "could not find" not in outcome.text


def test_a_chinese_question_gets_the_passage(farm):
    outcome = run_with(OfflinePlanner(), "挂了灯笼以后，小路边上的火把是不是还得留着？")
    assert "火把就可以拆掉了" in outcome.text, outcome.text
    assert "找不到名为" not in outcome.text
    assert "木棍" not in outcome.text


@pytest.mark.parametrize(
    "question",
    [
        "do I still need torches if the lanterns are already hung?",
        "so do you really have to keep torches, lanterns being up?",
        "lanterns are up - do i still need the torches?",
        "灯笼挂好了，还需要火把吗",
        "灯笼都挂上了，要不要留火把",
    ],
)
def test_whether_it_is_needed_asks_the_knowledge_base_first(question):
    p = parse(question, (LANTERN, TORCH) if "lantern" in question else (), linked=True)
    assert p.intent is Intent.KNOWLEDGE
    assert (p.quest, p.both) == (None, False)


@pytest.mark.parametrize(
    ("question", "intent"),
    [
        ("what do I need to craft torches?", Intent.ITEM_SOURCE),
        ("how many lanterns do I need for the lane?", Intent.ITEM_SOURCE),
    ],
)
def test_what_is_needed_stays_a_question_about_the_data(question, intent):
    named = TORCH if "torch" in question else LANTERN
    assert parse(question, (named,), linked=True).intent is intent
