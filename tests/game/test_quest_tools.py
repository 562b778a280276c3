"""FTB quest tools over the shipped quest book (facts checked in the .snbt files)."""

from __future__ import annotations

import pytest

from agentweb.engine import AgentError, AgentFailure
from tests.game.tool_kit import call_tool

# chapter_0_from_dust.snbt: "Burning Device" (7013762E5C89BE35) asks for 1 minecraft:furnace.
BURNING_DEVICE = "7013762E5C89BE35"
# chapter_0_from_dust.snbt: the untitled quest asking for minecraft:crafting_table
# rewards 16 minecraft:torch and depends on The World and Quality of your life.
CRAFTING_TABLE = "2B9CD2BF87525F82"
THE_WORLD = "7D722C83CF88C890"
# chapter_0_from_dust.snbt: "Friendly Reminder" gives a choice from reward table "Beds".
FRIENDLY_REMINDER = "41B9ABFF89E857BC"


def test_find_returns_the_quest_with_its_tasks(world):
    out = call_tool("ftb.quest.find", {"title": "burning device"})
    first = out.observation["quests"][0]
    assert first["quest_id"] == BURNING_DEVICE
    assert first["tasks"] == [
        {"task": "1× Furnace", "type": "item", "item_id": "minecraft:furnace"}
    ]
    assert out.sources[0].title == "Quest: Burning Device"


def test_find_tolerates_a_typo(world):
    out = call_tool("ftb.quest.find", {"title": "Burnin Devise"})
    assert out.observation["quests"][0]["title"] == "Burning Device"
    assert out.observation["match"] == "fuzzy"


def test_find_with_no_match_says_so(world):
    out = call_tool("ftb.quest.find", {"title": "Zorblax"})
    assert out.observation["count"] == 0
    assert out.observation["message"] == "No quest title matches 'Zorblax'."
    assert out.card is None
    assert out.sources == []


def test_detail_has_rewards_and_prerequisites_with_chapters(world):
    out = call_tool("ftb.quest.detail", {"quest_id": CRAFTING_TABLE})
    obs = out.observation
    assert obs["rewards"] == [
        {"reward": "16× Torch", "type": "item", "item_id": "minecraft:torch", "count": 16}
    ]
    the_world = {"quest_id": THE_WORLD, "title": "The World", "chapter": "Chapter 0: From Dust"}
    assert the_world in obs["prerequisites"]
    assert out.card["kind"] == "quest"
    assert out.card["prerequisites"][0]["chapter"] == "Chapter 0: From Dust"


def test_detail_shows_the_reward_table_contents(world):
    reward = call_tool("ftb.quest.detail", {"quest_id": FRIENDLY_REMINDER}).observation["rewards"][
        0
    ]
    assert reward["table"] == "Beds"
    assert "White Bed" in reward["table_items"]


def test_detail_accepts_a_lower_case_id_without_its_leading_zero(world):
    out = call_tool("ftb.quest.detail", {"quest_id": "8d0dd2294d591db"})
    assert out.observation["title"] == "A limit"


def test_detail_of_an_unknown_id_is_not_found(world):
    out = call_tool("ftb.quest.detail", {"quest_id": "0123456789ABCDEF"})
    assert out.observation == {"found": False, "message": "No quest has the id 0123456789ABCDEF."}


def test_query_lists_quests_rewarding_an_item(world):
    out = call_tool("ftb.quest.query", {"rewards_item": "torches"})
    assert [q["title"] for q in out.observation["quests"]] == ["Crafting Table"]
    assert out.observation["quests"][0]["matched"] == "16× Torch"


def test_query_finds_modded_reward_items_by_name(world):
    out = call_tool("ftb.quest.query", {"rewards_item": "Item Vault"})
    assert {q["title"] for q in out.observation["quests"]} == {
        "Somethings missing...",
        "Item Vault",
    }


def test_query_lists_quests_requiring_an_item(world):
    out = call_tool("ftb.quest.query", {"requires_item": "minecraft:furnace"})
    assert [q["title"] for q in out.observation["quests"]] == ["Burning Device"]


def test_query_by_chapter_number(world):
    out = call_tool("ftb.quest.query", {"chapter": "chapter 2", "limit": 3})
    assert out.observation["message"].startswith("Quests of Chapter 2: The Forge")
    assert out.observation["count"] == 3


def test_query_without_a_filter_lists_the_chapters(world):
    out = call_tool("ftb.quest.query", {})
    assert {"chapter": "Chapter 0: From Dust", "quests": 33} in out.observation["chapters"]


def test_query_for_an_item_no_quest_mentions(world):
    out = call_tool("ftb.quest.query", {"rewards_item": "flux capacitor"})
    assert out.observation["count"] == 0
    assert "flux capacitor" in out.observation["message"]


@pytest.mark.parametrize(
    ("tool", "raw"),
    [
        ("ftb.quest.detail", {"quest_id": "not-hex"}),
        ("ftb.quest.detail", {"quest_id": "0123456789ABCDEF0"}),
        ("ftb.quest.detail", {}),
        ("ftb.quest.find", {"title": ""}),
        ("ftb.quest.find", {"title": "x", "limit": 50}),
        ("ftb.quest.query", {"chapter": "x" * 101}),
        ("ftb.quest.query", {"shelf": "other"}),
    ],
)
def test_quest_tools_reject_input_that_breaks_their_schema(world, tool, raw):
    with pytest.raises(AgentError) as caught:
        call_tool(tool, raw)
    assert caught.value.failure is AgentFailure.TOOL_INPUT_INVALID
