"""A small world for engine tests: three read tools, one write tool, a run builder."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, Field

from agentweb.engine import (
    MODULE_DEFAULTS,
    AllModules,
    ExecutionContext,
    ExecutionPolicy,
    ListSink,
    LoopHooks,
    Prompts,
    ReActContext,
    ReActLoop,
    ReActTool,
    ScriptedModel,
    Source,
    ToolContext,
    ToolRegistry,
)
from agentweb.engine.policy import REASONING


class ItemInput(BaseModel):
    name: str = Field(min_length=1, description="item name")


class QuestInput(BaseModel):
    title: str = Field(min_length=1)


class SignInInput(BaseModel):
    pass


@dataclass
class World:
    executed: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    balance: int = 0


def build_registry(world: World) -> ToolRegistry:
    async def item_query(value: ItemInput, call) -> dict[str, Any]:
        world.executed.append(("item.query", value.model_dump()))
        return {"name": value.name, "display": value.name.title(), "stack": 64}

    async def item_source(value: ItemInput, call) -> dict[str, Any]:
        world.executed.append(("item.source", value.model_dump()))
        return {"item": value.name, "sources": [{"kind": "smelting", "from": "raw_" + value.name}]}

    async def quest_find(value: QuestInput, call) -> dict[str, Any]:
        world.executed.append(("ftb.quest.find", value.model_dump()))
        return {"quest": value.title, "requires": ["iron_ingot"]}

    async def sign_in(value: SignInInput, call) -> dict[str, Any]:
        world.executed.append(("signin", {}))
        world.balance += 10
        return {"reward": 10}

    def item_sources(value: ItemInput, out: dict[str, Any]) -> list[Source]:
        return [Source(f"Item: {out['display']}", kind="item")]

    registry = ToolRegistry()
    registry.register(
        ReActTool(
            "item.query",
            "Look up an item",
            ItemInput,
            item_query,
            module="game.items",
            sources=item_sources,
            card=lambda out: {"kind": "item", **out},
        ).for_reasoning("Look up an item by name")
    )
    registry.register(
        ReActTool(
            "item.source", "Where an item comes from", ItemInput, item_source, module="game.items"
        ).for_reasoning("Where an item comes from")
    )
    registry.register(
        ReActTool(
            "ftb.quest.find", "Find a quest", QuestInput, quest_find, module="game.ftb"
        ).for_reasoning("Find a quest by title")
    )
    registry.register(
        ReActTool(
            "player.signin",
            "Daily sign-in",
            SignInInput,
            sign_in,
            module="game.player",
            writes=True,
        )
    )
    return registry


def policy(**changes: Any) -> ExecutionPolicy:
    return MODULE_DEFAULTS[REASONING].with_overrides(**changes)


@dataclass
class Run:
    ctx: ExecutionContext
    rc: ReActContext
    model: ScriptedModel
    sink: ListSink
    world: World
    modules: AllModules

    async def go(self):
        return await ReActLoop().run(self.ctx, self.rc)


def make_run(
    replies: list[Any],
    *,
    pol: ExecutionPolicy | None = None,
    question: str = "Where does the item for quest Iron come from?",
    hooks: LoopHooks | None = None,
    delay_s: float = 0.0,
    guards=(),
    **model_kw: Any,
) -> Run:
    world = World()
    registry = build_registry(world)
    model = ScriptedModel(replies, delay_s=delay_s, **model_kw)
    sink = ListSink()
    ctx = ExecutionContext(pol or policy(), model, sink=sink, guards=guards)
    modules = AllModules()
    tools = ToolContext.for_reasoning(ctx, registry, modules)
    rc = ReActContext(
        question, Prompts("You are a test assistant."), tools, hooks=hooks or LoopHooks()
    )
    return Run(ctx, rc, model, sink, world, modules)
