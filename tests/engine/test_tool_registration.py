"""R-TOOL-2: only read-only tools with a schema may be declared for_reasoning."""

import pytest
from pydantic import BaseModel

from agentweb.engine import (
    AllModules,
    ExecutionContext,
    ReActTool,
    ScriptedModel,
    ToolContext,
    ToolRegistrationError,
    ToolRegistry,
)
from tests.engine.kit import World, build_registry, policy


class Empty(BaseModel):
    pass


async def _handler(value, call):
    return {}


def test_declaring_for_reasoning_on_a_write_tool_raises_at_registration():
    write = ReActTool("shop.buy", "Buy", Empty, _handler, writes=True)

    with pytest.raises(ToolRegistrationError, match="write tool"):
        write.for_reasoning("Buy things")


def test_a_registry_refuses_a_write_tool_that_claims_to_be_for_reasoning():
    sneaky = ReActTool(
        "shop.buy", "Buy", Empty, _handler, writes=True, reasoning_description="Buy things"
    )

    with pytest.raises(ToolRegistrationError):
        ToolRegistry().register(sneaky)


def test_for_reasoning_needs_an_input_schema():
    with pytest.raises(ToolRegistrationError, match="input schema"):
        ReActTool("x.y", "no schema", None, _handler).for_reasoning("x")


def test_the_reasoning_catalog_holds_only_declared_tools():
    registry = build_registry(World())
    registry.register(ReActTool("web.search", "Search the web", Empty, _handler, module="web"))
    ctx = ExecutionContext(policy(), ScriptedModel())

    tools = ToolContext.for_reasoning(ctx, registry, AllModules())

    assert sorted(tools.bindings) == ["ftb.quest.find", "item.query", "item.source"]
    assert tools.catalog()[0]["input_schema"]["properties"]


def test_a_module_disabled_for_the_player_gives_no_handler():
    registry = build_registry(World())
    modules = AllModules()
    modules.set("game.ftb", None)
    ctx = ExecutionContext(policy(), ScriptedModel())

    tools = ToolContext.for_reasoning(ctx, registry, modules)

    assert "ftb.quest.find" not in tools


def test_two_registrations_of_one_type_by_one_module_are_refused():
    registry = build_registry(World())

    with pytest.raises(ToolRegistrationError, match="already registered"):
        registry.register(ReActTool("item.query", "again", Empty, _handler, module="game.items"))
