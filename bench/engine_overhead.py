"""Orchestration overhead of agentweb's ReAct engine, on the peer benchmark's workload.

This file is an engine module for the shared peer harness (``_harness.py`` in the
peers folder, see ``bench/README.md``): the harness owns the CLI, the timing, the
RSS sampling, the import timing and the one-line JSON output, so our numbers come
from exactly the code that measured LangGraph, Pydantic AI, OpenAI Agents and
smolagents. The harness is not copied into this repository: it is imported from
``$AGENTWEB_PEERS_DIR`` (default: ``../shared/bench/peers`` next to the repo root).

    python bench/engine_overhead.py --mode seq --n 2000
    python bench/engine_overhead.py --mode conc --n 1000
    python bench/engine_overhead.py --mode import

Workload (identical to the peers'): model → get_weather(city="Paris") → model →
c_to_f(temp_c=21) → model → final answer; 3 model calls and 2 tool calls per run.
Everything goes through the real engine: the ``system:reasoning`` module-default
policy and its budgets, ``ExecutionContext`` (model/tool kernel, guards, deadline,
cancellation, events to a ``NullSink``), ``ToolContext.for_reasoning`` bindings,
pydantic input validation, the JSON request/reply protocol and ``ReActLoop``.
The fake provider reads the user JSON the engine built, counts the successful
tool observations in it and returns pre-built reply texts in the protocol's
format (a fresh ``ModelReply`` per call, as a real provider adapter would).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
PEERS_DIR = Path(
    os.environ.get("AGENTWEB_PEERS_DIR") or REPO_ROOT.parent / "shared" / "bench" / "peers"
).resolve()

if not (PEERS_DIR / "_harness.py").is_file():
    sys.exit(
        f"engine_overhead: the peer benchmark harness was not found: {PEERS_DIR / '_harness.py'}\n"
        "Set AGENTWEB_PEERS_DIR to the folder that holds _harness.py and the peers' "
        "bench_*.py files (see bench/README.md)."
    )
if str(PEERS_DIR) not in sys.path:
    sys.path.insert(0, str(PEERS_DIR))
# Make `agentweb` importable from a plain checkout (here and in the import-time
# subprocesses, which inherit PYTHONPATH), even when it is not pip-installed.
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(1, str(REPO_ROOT))
os.environ["PYTHONPATH"] = os.pathsep.join(
    p for p in (str(REPO_ROOT), os.environ.get("PYTHONPATH", "")) if p
)

import _harness as H  # noqa: E402  (found through PEERS_DIR above)

NAME = "agentweb"
PACKAGES = ["agentweb", "pydantic"]
IMPORT_STMT = "from agentweb.engine import ReActLoop, ExecutionContext, ToolRegistry"
CONCURRENCY = "asyncio"
# Handlers are `async def` by contract; the engine has no thread hop for plain `def`.
TOOL_KINDS = ["async"]
VARIANT = "ReActLoop + ExecutionContext, policy system:reasoning, JSON protocol, NullSink"

MODULE = "bench.weather"


def _build(latency_s: float):
    """Everything that is built once: registry, tools, prompts, model, loop."""
    import asyncio
    import json

    from pydantic import BaseModel, Field

    from agentweb.engine import (
        MODULE_DEFAULTS,
        AllModules,
        ModelReply,
        ModelRequest,
        Prompts,
        ReActTool,
        ToolRegistry,
    )
    from agentweb.engine.policy import REASONING

    class WeatherInput(BaseModel):
        city: str = Field(min_length=1, description="city name")

    class CToFInput(BaseModel):
        temp_c: int = Field(description="temperature in Celsius")

    async def get_weather(value: WeatherInput, call) -> dict:
        return H.tool_a_impl(value.city)

    async def c_to_f(value: CToFInput, call) -> dict:
        return H.tool_b_impl(value.temp_c)

    registry = ToolRegistry()
    registry.register(
        ReActTool(
            H.TOOL_A_NAME, H.TOOL_A_DESC, WeatherInput, get_weather, module=MODULE
        ).for_reasoning(H.TOOL_A_DESC)
    )
    registry.register(
        ReActTool(H.TOOL_B_NAME, H.TOOL_B_DESC, CToFInput, c_to_f, module=MODULE).for_reasoning(
            H.TOOL_B_DESC
        )
    )

    # The replies, in the loop's JSON protocol, serialised once.
    replies = (
        json.dumps({"type": H.TOOL_A_NAME, "input": H.TOOL_A_ARGS}),
        json.dumps({"type": H.TOOL_B_NAME, "input": H.TOOL_B_ARGS}),
        json.dumps({"type": "answer", "text": H.FINAL_ANSWER, "sources": []}),
    )

    class FakeModel:
        """Stateless: the step is the number of successful tool observations
        in the user JSON the engine sent, so one instance serves every run."""

        name = "bench-fake"

        async def complete(self, request: ModelRequest) -> ModelReply:
            if latency_s:
                await asyncio.sleep(latency_s)
            seen = sum(1 for o in request.payload()["observations"] if "result" in o)
            return ModelReply(
                replies[H.script_step(seen)],
                tokens_in=H.FAKE_INPUT_TOKENS,
                tokens_out=H.FAKE_OUTPUT_TOKENS,
                model=self.name,
            )

    policy = MODULE_DEFAULTS[REASONING]
    # The workload needs 3 rounds and 3 model calls; the default has 3 and 4.
    if policy.react_iterations < 3 or policy.model_calls < 3:
        raise SystemExit(f"{REASONING} policy cannot pay for the 3-round workload: {policy}")
    return registry, AllModules(), Prompts(H.SYSTEM_PROMPT), FakeModel(), policy


def make_runner(latency_s: float, tool_kind: str):
    from agentweb.engine import (
        ExecutionContext,
        NullSink,
        ReActContext,
        ReActLoop,
        RunStatus,
        ToolContext,
    )

    registry, modules, prompts, model, policy = _build(latency_s)
    loop = ReActLoop()
    sink = NullSink()
    question = H.USER_PROMPT

    async def run() -> str:
        # Per run, as the web layer does for one player request.
        ctx = ExecutionContext(policy, model, sink=sink)
        tools = ToolContext.for_reasoning(ctx, registry, modules)
        rc = ReActContext(question, prompts, tools)
        result = await loop.run(ctx, rc)
        if result.status is not RunStatus.COMPLETED:
            raise AssertionError(f"run ended {result.status}: {result.stop}")
        return result.text

    return run


if __name__ == "__main__":
    H.main(sys.modules[__name__])
