"""R-FREE-2: a write tool runs only after the player confirms it."""

import pytest
from pydantic import BaseModel

from agentweb.engine import (
    AgentError,
    AgentFailure,
    AllModules,
    EventKind,
    ExecutionContext,
    ListSink,
    ScriptedModel,
    ToolContext,
)
from agentweb.engine.policy import FREE_CHAT, MODULE_DEFAULTS
from tests.engine.kit import World, build_registry


class Always:
    def __init__(self, decision: bool) -> None:
        self.decision = decision
        self.asked: list[str] = []

    async def confirm(self, call, text):
        self.asked.append(text)
        return self.decision


def _tools(confirmer=None):
    world = World()
    sink = ListSink()
    ctx = ExecutionContext(MODULE_DEFAULTS[FREE_CHAT], ScriptedModel(), sink=sink)
    tools = ToolContext.bind(
        ctx,
        build_registry(world),
        ["player.signin", "item.query"],
        AllModules(),
        confirmer=confirmer,
    )
    return tools, world, sink, ctx


async def test_an_approved_write_runs_once_and_counts_a_write_step():
    tools, world, sink, ctx = _tools(Always(True))

    outcome = await tools.call("player.signin", {})

    assert outcome.executed and world.balance == 10
    assert ctx.usage.write_steps == 1
    assert outcome.step_id == "r.w1", "write steps have their own prefix"
    assert sink.kinds()[:3] == ["action.pending", "action.confirmed", "tool.started"]


async def test_a_rejected_write_changes_nothing():
    tools, world, sink, ctx = _tools(Always(False))

    outcome = await tools.call("player.signin", {})

    assert not outcome.executed and world.balance == 0
    assert ctx.usage.write_steps == 0 and ctx.usage.tool_calls == 0
    assert outcome.observation["rejected"] is True
    assert sink.of(EventKind.ACTION_CONFIRMED)[0].data["decision"] == "reject"


async def test_without_a_way_to_confirm_a_write_is_refused():
    tools, world, _, _ = _tools(None)

    with pytest.raises(AgentError) as caught:
        await tools.call("player.signin", {})

    assert caught.value.failure is AgentFailure.PERMISSION_DENIED
    assert world.balance == 0


async def test_a_handler_can_call_another_declared_tool_through_the_kernel():
    tools, _world, _, ctx = _tools(Always(True))
    subset = tools.tools("item.query")

    outcome = await subset.call("item.query", {"name": "iron"})

    assert outcome.observation["name"] == "iron"
    assert ctx.usage.tool_calls == 1


async def test_asking_for_an_undeclared_tool_subset_is_refused():
    tools, *_ = _tools()

    with pytest.raises(AgentError) as caught:
        tools.tools("item.query", "shop.buy")

    assert caught.value.failure is AgentFailure.PERMISSION_DENIED


class _Empty(BaseModel):
    pass
