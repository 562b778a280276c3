"""End-to-end workflow benchmark: the real engine and workflows over real HTTP.

Each run goes router → workflow → loop against the local fake chat-completions
server (a fixed latency per call), through the OpenAI-compatible provider and
its connection pool. Reported per workflow:

* sequential: wall time per run vs. the sum of the model latencies it waited
  for — the ratio and the difference are the engine + HTTP overhead;
* concurrent: N runs at once (default 200): wall time, runs/s, and the
  overhead per run beyond the ideal (model calls × latency).

    .venv/bin/python bench/workflows.py --latency-ms 50 --runs 20 --concurrent 200

Prints one JSON line per (workflow, mode). No Django, no database: the
workflows package is Django-free; the tools are the test suite's small ones.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agentweb.workflows.env import Request
from agentweb.workflows.runner import run_request
from tests.fakes.model_server import FakeModelServer, Reply
from tests.replies import answer, route, tool
from tests.workflows.kit import Confirm, make_env

SCRIPTS = {
    # workflow: (question, tool actions before the answer)
    "system:reasoning": (
        "Where does the item for quest Iron come from?",
        [("ftb.quest.find", {"title": "Iron"}), ("item.source", {"name": "iron_ingot"})],
    ),
    "system:question": ("How does sign-in work?", []),
    "system:free_chat": ("Look up iron for me", [("item.query", {"name": "iron"})]),
    "system:chat": ("hello!", []),
}


def responder(workflow: str):
    _question, actions = SCRIPTS[workflow]

    def reply(body: dict[str, Any]) -> Reply:
        user = json.loads(body["messages"][1]["content"])
        if user.get("task") == "route":
            return Reply(json.dumps(route(workflow)))
        done = sum(1 for o in user.get("observations", []) if "error" not in o)
        if user.get("final_only") or done >= len(actions) or "tools" not in user:
            return Reply(json.dumps(answer("done", [1])))
        kind, tool_input = actions[done]
        return Reply(json.dumps(tool(kind, **tool_input)))

    return reply


async def one_run(env, workflow: str) -> tuple[float, int]:
    question = SCRIPTS[workflow][0]
    started = time.perf_counter()
    outcome = await run_request(env, Request(question))
    wall = time.perf_counter() - started
    if outcome.text != "done" or outcome.workflow != workflow:
        raise AssertionError(f"{workflow}: unexpected outcome {outcome.workflow} {outcome.text!r}")
    return wall, outcome.usage["usage"]["model_calls"]


def _serve(workflow: str, latency_s: float, urls: Any, stop: Any) -> None:
    with FakeModelServer(responder=responder(workflow), latency_s=latency_s) as server:
        urls.put(server.url)
        stop.wait()
        urls.put(server.peak_in_flight)


async def bench(workflow: str, latency_s: float, runs: int, concurrent: int) -> list[dict]:
    """The fake server runs in its own process so it does not share our GIL."""
    ctx = multiprocessing.get_context("fork")
    urls, stop = ctx.Queue(), ctx.Event()
    server = ctx.Process(target=_serve, args=(workflow, latency_s, urls, stop), daemon=True)
    server.start()
    try:
        return await _measure(workflow, latency_s, runs, concurrent, urls.get(timeout=10))
    finally:
        stop.set()
        server.join(timeout=10)


async def _measure(
    workflow: str, latency_s: float, runs: int, concurrent: int, url: str
) -> list[dict]:
    rows = []
    env, _, _ = make_env(url, confirmer=Confirm(True))
    await one_run(env, workflow)  # warm the connection pool
    samples = [await one_run(env, workflow) for _ in range(runs)]
    walls = [w for w, _ in samples]
    calls = samples[0][1]
    ideal = calls * latency_s
    median = statistics.median(walls)
    rows.append(
        {
            "bench": "workflows",
            "workflow": workflow,
            "mode": "seq",
            "runs": runs,
            "latency_ms": latency_s * 1000,
            "model_calls": calls,
            "median_ms": round(median * 1000, 2),
            "model_latency_ms": round(ideal * 1000, 2),
            "overhead_ms": round((median - ideal) * 1000, 2),
            "ratio": round(median / ideal, 3),
        }
    )
    started = time.perf_counter()
    results = await asyncio.gather(*(one_run(env, workflow) for _ in range(concurrent)))
    wall = time.perf_counter() - started
    rows.append(
        {
            "bench": "workflows",
            "workflow": workflow,
            "mode": "conc",
            "runs": concurrent,
            "latency_ms": latency_s * 1000,
            "model_calls": results[0][1],
            "wall_s": round(wall, 3),
            "runs_per_s": round(concurrent / wall, 1),
            "ideal_s": round(ideal, 3),
            "overhead_per_run_ms": round((wall - ideal) / concurrent * 1000, 3),
        }
    )
    await env.model.aclose()
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--latency-ms", type=float, default=50.0)
    ap.add_argument("--runs", type=int, default=20, help="sequential runs per workflow")
    ap.add_argument("--concurrent", type=int, default=200)
    ap.add_argument("--workflows", default=",".join(SCRIPTS))
    args = ap.parse_args()
    for workflow in args.workflows.split(","):
        for row in asyncio.run(bench(workflow, args.latency_ms / 1000, args.runs, args.concurrent)):
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
