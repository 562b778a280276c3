"""item.query and item.source over the shipped minecraft-data (R-TOOL-1, R-TOOL-3)."""

from __future__ import annotations

import pytest

from agentweb.engine import AgentError, AgentFailure
from tests.game.tool_kit import call_tool


def test_item_query_finds_an_item_by_display_name(world):
    out = call_tool("item.query", {"name": "iron ingot"})
    assert out.observation["matches"][0]["item_id"] == "minecraft:iron_ingot"
    assert out.sources[0].title == "Item: Iron Ingot"
    assert out.card["kind"] == "item"


def test_item_source_lists_smelting_and_the_nugget_recipe(world):
    out = call_tool("item.source", {"item": "Iron Ingot"})
    ways = [w["how"] for w in out.observation["ways"]]
    assert "smelted from Raw Iron in a furnace" in ways
    assert "crafted from 9× Iron Nugget" in ways
    assert [s.title for s in out.sources] == ["Item: Iron Ingot"]


def test_the_item_card_has_the_recipe_grid(world):
    card = call_tool("item.source", {"item": "minecraft:torch"}).card
    recipe = card["recipes"][0]
    assert recipe["grid"] == [["Coal or Charcoal"], ["Stick"]]
    assert recipe["result_count"] == 4


def test_the_card_lists_block_drops(world):
    card = call_tool("item.source", {"item": "clay ball"}).card
    assert card["drops"][0]["from"] == "Clay"


def test_a_plural_name_finds_the_item(world):
    out = call_tool("item.source", {"item": "iron ingots"})
    assert out.observation["item"] == "Iron Ingot"


def test_an_ambiguous_name_gives_candidates_and_no_source(world):
    out = call_tool("item.source", {"item": "iron"})
    assert out.observation["found"] is False
    assert len(out.observation["candidates"]) > 1
    assert all("Iron" in name for name in out.observation["candidates"])
    assert out.sources == []
    assert out.card is None


def test_an_unknown_item_gives_a_clear_not_found(world):
    out = call_tool("item.query", {"name": "flux capacitor"})
    assert out.observation == {
        "query": "flux capacitor",
        "count": 0,
        "message": "No item matches 'flux capacitor'.",
    }
    assert call_tool("item.source", {"item": "flux capacitor"}).observation["found"] is False


def test_the_observation_is_capped_but_the_card_is_not(world):
    out = call_tool("item.source", {"item": "leather", "limit": 20})
    assert len(out.observation["ways"]) <= 8
    assert len(out.card["drops"]) == 8


@pytest.mark.parametrize(
    "raw",
    [
        {},
        {"name": ""},
        {"name": "x" * 101},
        {"name": "iron", "limit": 21},
        {"name": "iron", "limit": 0},
        {"name": "iron", "player": "bob"},
        {"name": ["iron"]},
    ],
)
def test_item_query_rejects_input_that_breaks_its_schema(world, raw):
    with pytest.raises(AgentError) as caught:
        call_tool("item.query", raw)
    assert caught.value.failure is AgentFailure.TOOL_INPUT_INVALID


def test_item_source_rejects_an_unknown_kind(world):
    with pytest.raises(AgentError) as caught:
        call_tool("item.source", {"item": "torch", "kind": "magic"})
    assert caught.value.failure is AgentFailure.TOOL_INPUT_INVALID


def test_an_unknown_item_id_is_exact_and_suggests_nothing(world):
    out = call_tool("item.source", {"item": "tconstruct:pickaxe"})
    assert out.observation["found"] is False
    assert "candidates" not in out.observation
