"""``system:free_chat``: tools bound from the other workflows, run as nested executions (R-FREE-1).

Read tools run under the reasoning policy, web tools (when allowed) under the
question policy, write tools under this workflow's own policy: each call is a
child of the same ExecutionContext, so counters are shared and limits only
tighten. Every write waits for the player's confirmation (R-FREE-2).
"""

from __future__ import annotations

from agentweb.engine import (
    ExecutionContext,
    LoopResult,
    ReActContext,
    ReActLoop,
    ToolBinding,
    ToolContext,
)
from agentweb.engine.policy import FREE_CHAT, QUESTION, REASONING
from agentweb.research.tools import build_web_tools
from agentweb.workflows import names, phrases
from agentweb.workflows.env import Environment, Request

LOOP = ReActLoop()


def bind_tools(ctx: ExecutionContext, env: Environment, request: Request) -> ToolContext:
    bindings: dict[str, ToolBinding] = {}
    nested = {}
    reasoning_policy, write_policy = env.policy(REASONING), env.policy(FREE_CHAT)
    for tool in env.registry.definitions():
        if not (tool.for_reasoning_declared or tool.writes) or tool.type in bindings:
            continue
        binding = env.registry.resolve(tool.type, env.modules)
        if binding is None:
            continue
        bindings[tool.type] = binding
        nested[tool.type] = write_policy if binding.tool.writes else reasoning_policy
    if request.allow_web and env.search is not None and env.web_enabled:
        for tool in build_web_tools(env.search):
            owner = env.modules.instance(tool.module)
            if owner is not None:
                bindings[tool.type] = ToolBinding(tool, owner)
                nested[tool.type] = env.policy(QUESTION)
    return ToolContext(ctx, bindings, env.modules, confirmer=env.confirmer, nested=nested)


async def run(ctx: ExecutionContext, env: Environment, request: Request) -> LoopResult:
    rc = ReActContext(
        request.text,
        env.loop_prompts("free_chat"),
        bind_tools(ctx, env, request),
        memory=list(request.memory),
        context_window=env.context_window,
    )
    rc.hooks.inbox = env.inbox
    rc.hooks.degrade = phrases.degrade
    names.install(rc, env.names, await names.of_request(ctx, env.names, request))
    return await LOOP.run(ctx, rc)
