"""``system:reasoning``: several local read-only lookups combined (R-TOOL-2, R-TOOL-3).

Only tools declared ``for_reasoning`` are offered; web tools never are.
"""

from __future__ import annotations

from agentweb.engine import ExecutionContext, LoopResult, ReActContext, ReActLoop, ToolContext
from agentweb.workflows import names, phrases
from agentweb.workflows.env import Environment, Request

LOOP = ReActLoop()


async def run(ctx: ExecutionContext, env: Environment, request: Request) -> LoopResult:
    tools = ToolContext.for_reasoning(ctx, env.registry, env.modules)
    rc = ReActContext(
        request.text,
        env.loop_prompts("react"),
        tools,
        memory=list(request.memory),
        context_window=env.context_window,
    )
    rc.hooks.inbox = env.inbox
    rc.hooks.degrade = phrases.degrade
    names.install(rc, env.names, await names.of_request(ctx, env.names, request))
    return await LOOP.run(ctx, rc)
