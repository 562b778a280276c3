"""Tool-path benchmark: the engine, the offline planner and the game tools in one process.

No web stack: each run is a player message through ``run_request`` (router or
reasoning workflow, the loop, the registered tools over a real SQLite database
with the shipped demo world), the way ``bench/answers.py`` asks. Measured per
run, for the peer benchmark's question (3 model calls, ``ftb.quest.find`` and
``item.source``) and ``bench/realtime.py``'s router question (``item.source``):

* CPU ms (this process's user + system time over the runs);
* SQL statements (every connection's, counted by an execute wrapper).

Each question runs twice: warm (the game data unchanged, as between imports) and
cold (the data version bumped before every run, so every cache of
``agentweb.game.versions`` is rebuilt: the first call after an import). The cold
figure is the baseline in the same process.

    .venv/bin/python bench/tool_path.py --runs 200

Prints one JSON line per question.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import answers  # noqa: E402
from realtime import QUESTION, SLOW_QUESTION  # noqa: E402


def measure(ask: Any, runs: int, before_each: Any = None) -> tuple[float, float]:
    """CPU ms and SQL statements per run."""
    from django.db import connections
    from django.db.backends.signals import connection_created

    counted = [0]

    def count(execute, sql, params, many, context):
        counted[0] += 1
        return execute(sql, params, many, context)

    def wrap(connection: Any) -> None:
        if count not in connection.execute_wrappers:
            connection.execute_wrappers.append(count)

    def on_created(sender: Any, connection: Any, **kwargs: Any) -> None:
        wrap(connection)

    for connection in connections.all():
        wrap(connection)
    connection_created.connect(on_created, weak=False)
    cpu, sql = 0.0, 0
    try:
        for _ in range(runs):
            if before_each is not None:
                before_each()
            counted_before, started = counted[0], time.process_time()
            ask()
            cpu += time.process_time() - started
            sql += counted[0] - counted_before
    finally:
        connection_created.disconnect(on_created)
        for connection in connections.all():
            if count in connection.execute_wrappers:
                connection.execute_wrappers.remove(count)
    return cpu * 1000 / runs, sql / runs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args(argv)
    answers.setup_django(None)
    from asgiref.sync import async_to_sync
    from django.contrib.auth import get_user_model

    from agentweb.engine import NullSink
    from agentweb.game import versions
    from agentweb.game.demo import ensure_demo_players, load_demo_world
    from agentweb.workflows.env import Request
    from agentweb.workflows.runner import run_request

    load_demo_world()
    user, _ = get_user_model().objects.get_or_create(username="alice")
    ensure_demo_players({"alice": user})
    for name, question in (("peer", SLOW_QUESTION), ("router", QUESTION)):

        def ask(question: str = question) -> None:
            async_to_sync(run_request)(answers.make_env(user, NullSink()), Request(question))

        ask()  # imports, first connections
        cold_cpu, cold_sql = measure(ask, args.runs, before_each=versions.bump)
        warm_cpu, warm_sql = measure(ask, args.runs)
        print(
            json.dumps(
                {
                    "bench": "tool_path",
                    "question": name,
                    "runs": args.runs,
                    "cpu_ms_per_run": round(warm_cpu, 2),
                    "sql_per_run": round(warm_sql, 1),
                    "cold_cpu_ms_per_run": round(cold_cpu, 2),
                    "cold_sql_per_run": round(cold_sql, 1),
                    "cold_over_warm": round(cold_cpu / warm_cpu, 2) if warm_cpu else None,
                }
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
