"""The run's language reaches every tool that takes one: a call that leaves ``language``
unset gets the context's (nested contexts and the workflow's continuation too); a language
the caller gave is kept; a tool without a ``language`` input is called as it was."""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync
from pydantic import BaseModel, Field

from agentweb.engine import (
    AllModules,
    ExecutionContext,
    ReActTool,
    ScriptedModel,
    ToolContext,
    ToolRegistry,
)
from tests.engine.kit import policy


class NamedInput(BaseModel):
    name: str = Field(min_length=1)
    language: str | None = None


class PlainInput(BaseModel):
    name: str = Field(min_length=1)


async def echo(value: BaseModel, call) -> dict[str, Any]:
    return value.model_dump()


def registry() -> ToolRegistry:
    tools = ToolRegistry()
    tools.register(ReActTool("named", "names things", NamedInput, echo, module="m"))
    tools.register(ReActTool("plain", "names nothing", PlainInput, echo, module="m"))
    return tools


def called(ctx: ExecutionContext, tool: str, raw: dict[str, Any]) -> dict[str, Any]:
    tools = ToolContext.bind(ctx, registry(), ["named", "plain"], AllModules())
    return async_to_sync(tools.call)(tool, raw).output


def test_an_unset_language_is_the_runs():
    ctx = ExecutionContext(policy(), ScriptedModel(), language="zh_cn")
    assert called(ctx, "named", {"name": "铁锭"}) == {"name": "铁锭", "language": "zh_cn"}


def test_a_language_the_caller_gave_is_kept():
    ctx = ExecutionContext(policy(), ScriptedModel(), language="zh_cn")
    assert called(ctx, "named", {"name": "x", "language": "en_us"})["language"] == "en_us"


def test_a_tool_without_a_language_is_called_as_it_was():
    ctx = ExecutionContext(policy(), ScriptedModel(), language="zh_cn")
    assert called(ctx, "plain", {"name": "x"}) == {"name": "x"}


def test_without_a_run_language_nothing_is_added():
    ctx = ExecutionContext(policy(), ScriptedModel())
    assert called(ctx, "named", {"name": "x"})["language"] is None


def test_nested_and_continued_contexts_keep_the_language():
    ctx = ExecutionContext(policy(), ScriptedModel(), language="zh_cn")
    assert ctx.child(policy()).language == "zh_cn"
    assert ctx.continuing(policy()).language == "zh_cn"
