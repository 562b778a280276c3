"""item.source with a list of names: one call for a recipe's ingredients or a quest's items."""

from __future__ import annotations

import pytest

from agentweb.engine import AgentError, AgentFailure
from tests.game.tool_kit import call_tool


def test_each_name_is_looked_up_in_the_order_given_with_a_source_per_item_found(world):
    out = call_tool("item.source", {"item": ["Iron Ingot", "flux capacitor", "redstone"]})
    results = out.observation["results"]
    assert [r.get("item", r.get("query")) for r in results] == [
        "Iron Ingot",
        "flux capacitor",
        "Redstone Dust",
    ]
    assert [r["found"] for r in results] == [True, False, True]
    assert out.observation["found"] == 2
    assert [s.title for s in out.sources] == ["Item: Iron Ingot", "Item: Redstone Dust"]
    assert "crafted from 9× Iron Nugget" in [w["how"] for w in results[0]["ways"]]
    assert len(results[0]["ways"]) == 3 and results[0]["more"] > 0, "fewer ways for each"
    assert out.card["kind"] == "item_sources"


def test_a_repeated_list_is_the_same_action(world):
    from agentweb.core.tooling import registry
    from agentweb.engine import AllModules

    tool = registry.resolve("item.source", AllModules()).tool
    a = tool.dedupe_key(tool.validate_input({"item": ["Torch", "Stick"]}))
    b = tool.dedupe_key(tool.validate_input({"item": ["torch", "stick"]}))
    assert a == b


@pytest.mark.parametrize("names", [[], [""], [f"item {n}" for n in range(9)]])
def test_an_empty_or_too_long_list_is_refused(world, names):
    with pytest.raises(AgentError) as raised:
        call_tool("item.source", {"item": names})
    assert raised.value.failure is AgentFailure.TOOL_INPUT_INVALID
