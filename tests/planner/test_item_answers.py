"""Item answers: recipes with their shape and output, every cooking station, drops with
chance and conditions, food values with units, and honest "no recipe" / "no mob" answers.

Facts from minecraft-data pc/1.20 (recipes.json, foods.json, entityLoot.json,
blockLoot.json) and bedrock/1.19.10/recipes.json (cooking), as shipped.
"""

from __future__ import annotations

import pytest

from tests.planner.kit import ask, invented_names

CASES = [
    # diamond_sword inShape [[diamond],[diamond],[stick]], count 1.
    (
        "How do I craft a diamond sword?",
        ["shaped recipe", "2× Diamond", "1× Stick", "makes 1", "Diamond / Diamond / Stick"],
    ),
    # fishing_rod inShape [[null,null,stick],[null,stick,string],[stick,null,string]].
    (
        "How do you make a fishing rod?",
        ["empty, empty, Stick / empty, Stick, String / Stick, empty, String"],
    ),
    # book: ingredients paper ×3 and leather, no shape.
    ("recipe for a book?", ["shapeless recipe", "3× Paper", "1× Leather"]),
    # torch and cookie make 4 and 8.
    ("how many torches does one craft make", ["makes 4"]),
    ("cookie recipe", ["makes 8", "Wheat, Cocoa Beans, Wheat"]),
    # cooked_salmon: furnace, smoker, campfire (the question names the raw fish).
    ("Where can I cook a salmon?", ["Cooked Salmon", "a furnace", "a smoker", "a campfire"]),
    # iron_ingot: blast furnace from raw iron.
    ("can i use a blast furnace for iron ingots", ["from Raw Iron in", "a blast furnace"]),
    # gravel drops flint or gravel without silk touch; blaze rods only from player kills.
    ("where does flint come from", ["Gravel", "not with Silk Touch, sometimes"]),
    ("what drops blaze rods?", ["Blaze", "only when a player kills it"]),
    # bone: skeleton, stray, wither skeleton, skeleton horse.
    ("Which mobs drop bones?", ["Skeleton", "Stray", "Wither Skeleton", "Skeleton Horse"]),
    # foods.json: cooked_beef (Steak) 8 points, 12.8 saturation; cookie 2 and 0.4.
    ("How much hunger does cooked beef restore?", ["8 food points", "4 hunger shanks", "12.8"]),
    ("How filling is a cookie?", ["2 food points", "0.4 saturation"]),
]


@pytest.mark.parametrize(("question", "facts"), CASES)
def test_the_item_answer_states_the_facts_of_the_data(world, question, facts):
    asked = ask(question)
    for fact in facts:
        assert fact in asked.text, f"{fact!r} missing from: {asked.text}"
    assert asked.result.answer.sources
    assert invented_names(asked, question) == []


def test_an_item_without_a_recipe_says_so(world):
    # heart_of_the_sea: no recipe, cooking or loot entry in the data.
    asked = ask("how do i craft a heart of the sea?")
    assert "Heart of the Sea has no crafting recipe" in asked.text
    assert "Nautilus Shell" not in asked.text


def test_a_question_about_mobs_says_when_no_mob_drops_it(world):
    # entityLoot.json: no entity drops minecraft:diamond (diamond ore does).
    asked = ask("which mobs drop diamonds?")
    assert "no mob drops Diamond" in asked.text
    assert "dropped by the mob" not in asked.text


def test_a_drops_question_asks_only_for_drops(world):
    asked = ask("who drops gunpowder")
    assert asked.rc.observations[0].input["kind"] == "drops"
    assert "Witch (chance 12.5%" in asked.text
