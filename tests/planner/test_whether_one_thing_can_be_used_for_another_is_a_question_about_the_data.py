""" "Can I use X for Y" asks whether something may be done, and when both are things the
data relates (a station and what it cooks, an ingredient and what it makes), or its words
ask how a thing is cooked or made, the data answers it; "can I just use the smith's anvil"
names one thing and asks the pack."""

from __future__ import annotations

import pytest

from agentweb.llm.offline import OfflinePlanner
from agentweb.llm.offline.entities import Entity
from agentweb.llm.offline.intent import parse
from agentweb.llm.offline.parsed import Intent
from tests.planner.kit import run_with

SMOKER = Entity("smoker", "item", "minecraft:smoker", "Smoker")
MUTTON = Entity("raw mutton", "item", "minecraft:mutton", "Raw Mutton")
SMOKER_ZH = Entity("烟熏炉", "item", "minecraft:smoker", "Smoker")
IRON = Entity("粗铁", "item", "minecraft:raw_iron", "Raw Iron")
BLAST = Entity("高炉", "item", "minecraft:blast_furnace", "Blast Furnace")
ANVIL = Entity("anvil", "item", "minecraft:anvil", "Anvil")


@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("could i throw raw mutton in a smoker?", (MUTTON, SMOKER)),
        ("can we use a smoker for raw mutton", (SMOKER, MUTTON)),
        ("粗铁可以放高炉里吗", (IRON, BLAST)),
    ],
)
def test_two_things_the_data_relates_are_a_data_question(question, named):
    p = parse(question, named, linked=True)
    assert p.intent is Intent.ITEM_SOURCE and p.then is None


@pytest.mark.parametrize(
    "question",
    ["can i just use the anvil in the village?", "could we share one anvil on the server"],
)
def test_one_thing_asks_the_pack(question):
    p = parse(question, (ANVIL,), linked=True)
    assert (p.intent, p.then) == (Intent.KNOWLEDGE, Intent.ITEM_SOURCE)


def test_a_run_answers_from_the_data(world):
    outcome = run_with(OfflinePlanner(), "could i throw raw mutton in a smoker?")
    assert "Cooked Mutton" in outcome.text, outcome.text
