"""A cancel during a write never abandons it: the write ends and is traced, then the stop."""

import asyncio

import pytest
from pydantic import BaseModel

from agentweb.engine import (
    AgentError,
    AgentFailure,
    AllModules,
    ExecutionContext,
    ListSink,
    ReActTool,
    ScriptedModel,
    ToolContext,
    ToolRegistry,
)
from agentweb.engine.events import EventKind
from agentweb.engine.policy import FREE_CHAT, MODULE_DEFAULTS


class NoInput(BaseModel):
    pass


class Confirm:
    async def confirm(self, call, text):
        return True


async def test_a_cancel_that_arrives_mid_write_waits_for_it_and_keeps_its_result():
    committed, started, done = [], asyncio.Event(), asyncio.Event()

    async def write(value, call):
        started.set()
        # The write's own work (a database thread) ends on its own schedule: here, once
        # the cancel has arrived.
        await asyncio.shield(done.wait())
        committed.append(True)
        return {"done": True}

    tool = ReActTool("test.write", "writes", NoInput, write, module="m", writes=True)
    registry = ToolRegistry()
    registry.register(tool)
    sink = ListSink()
    ctx = ExecutionContext(MODULE_DEFAULTS[FREE_CHAT], ScriptedModel(), sink=sink)
    tools = ToolContext.bind(ctx, registry, ["test.write"], AllModules(), confirmer=Confirm())

    async def outer():
        # An enclosing cancellable call (as a nested execution is) receives the cancel.
        async with ctx.cancellable():
            return await tools.call("test.write", {})

    task = asyncio.create_task(outer())
    await started.wait()
    ctx.cancel(AgentFailure.UNDONE)
    for _ in range(5):  # the cancel reaches every task it interrupts
        await asyncio.sleep(0)
    assert not task.done(), "the cancel waits for the write"
    done.set()
    with pytest.raises(AgentError) as stopped:
        await task
    assert stopped.value.failure is AgentFailure.UNDONE

    assert committed == [True]
    finished = sink.of(EventKind.TOOL_FINISHED)
    assert len(finished) == 1 and finished[0].data["output"] == {"done": True}
