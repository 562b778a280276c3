"""R-CTX-2, R-FREE-1: nested loops share counters and can only tighten limits."""

import pytest

from agentweb.engine import (
    AgentError,
    AgentFailure,
    Budget,
    Prompts,
    ReActContext,
    ReActLoop,
    ToolContext,
)
from agentweb.engine.policy import FREE_CHAT, MODULE_DEFAULTS
from tests.engine.kit import World, build_registry, make_run, policy
from tests.replies import answer, tool


async def test_a_nested_loop_sees_only_the_parents_remaining_budget():
    run = make_run(
        [tool("item.query", name="a"), tool("item.query", name="b"), answer("outer")],
        pol=MODULE_DEFAULTS[FREE_CHAT],
    )
    await run.go()
    parent = run.ctx
    assert parent.remaining(Budget.MODEL_CALLS) == 3

    child = parent.child(MODULE_DEFAULTS[FREE_CHAT])

    assert child.remaining(Budget.MODEL_CALLS) == 3, "min(parent remaining 3, child limit 6)"
    assert child.remaining(Budget.TOOL_CALLS) == 14
    assert child.deadline <= parent.deadline


async def test_a_second_loop_in_the_same_request_does_not_replenish_the_counters():
    run = make_run(
        [tool("item.query", name="a"), answer("one"), answer("two")],
        pol=policy(modelCalls=2),
    )
    first = await run.go()
    assert first.text == "one"
    tools = ToolContext.for_reasoning(run.ctx, build_registry(World()), run.modules)
    second = ReActContext("again", Prompts("sys"), tools)

    result = await ReActLoop().run(run.ctx, second)

    assert run.model.calls == 2, "the request had 2 model calls in all"
    assert result.stop.failure is AgentFailure.BUDGET_EXHAUSTED
    assert result.stop.budget is Budget.MODEL_CALLS


async def test_a_child_policy_cannot_raise_a_limit_above_the_parents():
    run = make_run([], pol=policy(toolCalls=2))
    child = run.ctx.child(policy(toolCalls=50))

    assert child.remaining(Budget.TOOL_CALLS) == 2
    child.usage.tool_calls = 2
    with pytest.raises(AgentError) as caught:
        await child.run_tool(_info(), _noop)
    assert caught.value.budget is Budget.TOOL_CALLS
    assert run.ctx.usage.tool_calls == 2, "counters are shared with the parent"


async def test_child_steps_get_their_own_step_id_prefix():
    run = make_run([], pol=MODULE_DEFAULTS[FREE_CHAT])
    child = run.ctx.child(MODULE_DEFAULTS[FREE_CHAT])
    grandchild = child.child(MODULE_DEFAULTS[FREE_CHAT])

    assert run.ctx.step_prefix == "r"
    assert child.step_prefix == "r.1"
    assert grandchild.step_prefix == "r.1.1"


def _info():
    from agentweb.engine import ToolCallInfo

    return ToolCallInfo("item.query", "game.items", False, "r.s1")


async def _noop():
    return None


async def test_a_tool_bound_as_a_nested_execution_runs_under_the_tighter_child_policy():
    from agentweb.engine import AllModules, ExecutionContext, ScriptedModel

    world = World()
    ctx = ExecutionContext(MODULE_DEFAULTS[FREE_CHAT], ScriptedModel())
    tools = ToolContext.bind(
        ctx,
        build_registry(world),
        ["item.query"],
        AllModules(),
        nested={"item.query": policy(toolCalls=1)},
    )

    first = await tools.call("item.query", {"name": "a"})
    second = await tools.call("item.query", {"name": "b"})

    assert first.step_id == "r.1.s1"
    assert second.step_id == "r.2.s1", "each nested execution has its own prefix"
    assert ctx.usage.tool_calls == 2, "the parent's counters are shared"
