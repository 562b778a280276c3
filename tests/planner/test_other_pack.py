"""The offline planner on a quest book it was not written for (tests/planner/fixtures/village-pack).

Facts come from that pack's .snbt files and minecraft-data's recipes.json
(gold ingot = 9 gold nuggets).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from agentweb.game.importers.ftbquests import import_ftbquests
from tests.planner.kit import ask, invented_names

PACK = Path(__file__).resolve().parent / "fixtures" / "village-pack"


@pytest.fixture
def village(world):
    return import_ftbquests(PACK, slug="village")


CASES = [
    # mining.snbt: Golden Touch asks for 4 minecraft:gold_ingot.
    (
        "What do I need for the Golden Touch quest and how do I get it?",
        ["Golden Touch", "4× Gold Ingot", "9× Gold Nugget"],
    ),
    # mining.snbt: Golden Touch depends on Torchlight, a quest of the other chapter.
    ("What are the prerequisites of quest Golden Touch?", ["Torchlight (Farming Basics)"]),
    # farming.snbt: Torchlight rewards minecraft:lantern.
    ("Which quest rewards a lantern?", ["Torchlight"]),
    # farming.snbt: Torchlight asks for 16 minecraft:torch.
    ("Which quests require torches?", ["Torchlight"]),
    # farming.snbt: Sweet Tooth rewards xp: 50.
    ("What does quest Sweet Tooth reward?", ["50 XP"]),
    # mining.snbt: the untitled lapis quest rolls the reward table "Gems" (diamond, emerald).
    ("What does the Lapis Lazuli quest reward?", ["Gems", "Diamond", "Emerald"]),
    # farming.snbt: Bread Winner is unlocked by nothing and unlocks Sweet Tooth and Torchlight.
    ("What does quest Bread Winner unlock?", ["Sweet Tooth", "Torchlight"]),
]


@pytest.mark.parametrize(("question", "facts"), CASES)
def test_the_planner_works_on_a_pack_it_was_not_tuned_on(village, question, facts):
    asked = ask(question)
    for fact in facts:
        assert fact in asked.text, f"{fact!r} missing from: {asked.text}"
    assert asked.result.answer.sources
    assert invented_names(asked, question) == []
