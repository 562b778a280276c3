"""agentweb's side of the web-stack peer benchmark: N players against one Daphne process.

The peer benchmark (``bench/web_peers.py``, ``make bench-web-peers``) runs this script in
place of the peer folder's own agentweb driver, interleaved with the Chainlit rounds, and
reads the one JSON line it prints (the peer folder's row format: ``runs_per_s``,
``runs_per_s_incl_drain``, ``server_cpu_ms_per_run``, ``e2e_answer_p50_ms``, …).

The server and the clients are ``bench/realtime.py``'s: its ``setup_server`` (a fresh
SQLite database, the demo data, N logged-in players, Daphne with the offline planner slowed
to L per model call), its ``connect``/``ask`` client loop and its CPU and SQL counters. The
workload is ``realtime.py --question slow``: every run asks ``SLOW_QUESTION`` (the
reasoning workflow without a router call: model → tool → model → tool → model → answer,
checked per run), no cancels. What differs from ``realtime.py`` is the peer method:

* all N websockets are connected before the window, and one warm-up run by an extra
  player precedes it, then the server is left to go idle;
* the server's CPU is counted until it is idle again after the last run (``settle``), and
  runs/s is given both over the window and including that drain;
* end-to-end times per run (question sent → answer, → ``run.finished``), and the trace
  rows stored in the database, beside the events the clients received.

    .venv/bin/python bench/web_peer_agentweb.py --clients 100 --runs-per-client 3
    .venv/bin/python bench/web_peer_agentweb.py --clients 10 --count-sql   # + SQL per run

``AGENTWEB_DEBUG`` is 0 unless ``--debug`` (the production setting; the project's default
and what ``realtime.py`` measures is 1).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from contextlib import AsyncExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import realtime  # the same server setup, client and counters

TICK = os.sysconf("SC_CLK_TCK")


def settle(pid: int, step_s: float = 0.25, max_s: float = 100.0) -> tuple[float, float]:
    """Wait until the server is idle (at most one clock tick in ``step_s``).

    Returns its CPU seconds by then and how long the wait took: work the server does after
    the client saw the last event (a run's last writes, closing connections) is counted."""
    started = time.perf_counter()
    last = realtime.cpu_s(pid)
    while time.perf_counter() - started < max_s:
        time.sleep(step_s)
        now = realtime.cpu_s(pid)
        if now - last <= 1.0 / TICK + 1e-9:
            break
        last = now
    return realtime.cpu_s(pid), time.perf_counter() - started


def busy_s() -> float:
    """CPU seconds the whole machine has been busy since boot (other load shows here)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]]
    user, nice, system, _idle, _iowait, irq, softirq, steal = fields
    return (user + nice + system + irq + softirq + steal) / TICK


def own_cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def pct(values: list[float], q: float) -> float | None:
    return realtime.pct(values, q) if values else None


async def measure(
    port: int,
    server: subprocess.Popen,
    keys: list[str],
    warm_key: str,
    runs: int,
    counts: Path | None,
) -> dict:
    await realtime.wait_ready(port)
    pid = server.pid
    async with AsyncExitStack() as stack:
        gate = asyncio.Semaphore(20)

        async def connected(key: str):
            async with gate:
                return await stack.enter_async_context(realtime.connect(port, key))

        t0, c0 = time.perf_counter(), realtime.cpu_s(pid)
        sockets = await asyncio.gather(*(connected(k) for k in keys))
        connect_s, connect_cpu = time.perf_counter() - t0, realtime.cpu_s(pid) - c0

        # Warm-up outside the window: one run by a player who is not one of the N.
        warm = await stack.enter_async_context(realtime.connect(port, warm_key))
        warm_events: list[float] = []
        await realtime.ask(warm, 1, 0, warm_events, [], {}, realtime.SLOW_QUESTION)
        await asyncio.to_thread(settle, pid, 0.25, 30.0)

        delivery: list[float] = []
        finished: list[dict] = []
        sql_before = realtime.read_sql_counts(server, counts) if counts else {}
        cpu0, own0, busy0 = realtime.cpu_s(pid), own_cpu_s(), busy_s()
        started = time.perf_counter()
        done = await asyncio.wait_for(
            asyncio.gather(
                *(
                    realtime.ask(ws, runs, 0, delivery, [], {}, realtime.SLOW_QUESTION, finished)
                    for ws in sockets
                )
            ),
            170,
        )
        wall = time.perf_counter() - started
        cpu1, own1, busy1 = realtime.cpu_s(pid), own_cpu_s(), busy_s()
        cpu2, waited = await asyncio.to_thread(settle, pid)
        sql_after = realtime.read_sql_counts(server, counts) if counts else {}
    sql = {w: n - sql_before.get(w, 0) for w, n in sql_after.items()}
    return {
        "runs": sum(done),
        "wall": wall,
        "cpu_window": cpu1 - cpu0,
        "cpu_settled": cpu2 - cpu0,
        "waited": waited,
        "client_cpu": own1 - own0,
        "busy": busy1 - busy0,
        "connect_s": connect_s,
        "connect_cpu": connect_cpu,
        "delivery": delivery,
        "warm_events": len(warm_events),
        "finished": finished,
        "sql": sql,
    }


def stored(db: Path) -> dict:
    con = sqlite3.connect(db)
    try:
        events = con.execute("select count(*) from assistant_runevent").fetchone()[0]
        runs = con.execute("select count(*) from assistant_run").fetchone()[0]
    finally:
        con.close()
    return {"db_run_events": events, "db_runs": runs}


def row(m: dict, args: argparse.Namespace, extra: dict) -> dict:
    """The measurement in the peer benchmark's row format (one JSON object)."""
    runs = max(m["runs"], 1)
    fin = m["finished"]
    answer = [f["answered"] - f["sent"] for f in fin if f["answered"] is not None]
    whole = [f["done"] - f["sent"] for f in fin]
    drain = max(0.0, m["waited"] - 0.25)  # the last quiet step is not work
    result = {
        "server": "agentweb-debug" if args.debug else "agentweb",
        "clients": args.clients,
        "runs_per_client": args.runs_per_client,
        "latency_ms": args.latency_ms,
        "runs": m["runs"],
        "runs_expected": args.clients * args.runs_per_client,
        "wall_s": round(m["wall"], 3),
        "runs_per_s": round(m["runs"] / m["wall"], 2),
        "timed_events": len(m["delivery"]),
        "events_per_run": round(len(m["delivery"]) / runs, 2),
        "event_p50_ms": pct(m["delivery"], 0.5),
        "event_p99_ms": pct(m["delivery"], 0.99),
        "event_mean_ms": round(statistics.fmean(m["delivery"]) * 1000, 2)
        if m["delivery"]
        else None,
        "e2e_ideal_ms": 3 * args.latency_ms,
        "e2e_answer_p50_ms": pct(answer, 0.5),
        "e2e_answer_p99_ms": pct(answer, 0.99),
        "e2e_done_p50_ms": pct(whole, 0.5),
        "e2e_done_p99_ms": pct(whole, 0.99),
        "server_cpu_s": round(m["cpu_settled"], 3),
        "server_cpu_ms_per_run": round(m["cpu_settled"] / runs * 1000, 2),
        "server_cpu_ms_per_run_unsettled": round(m["cpu_window"] / runs * 1000, 2),
        "settle_wait_s": round(m["waited"], 2),
        "drain_s": round(drain, 2),
        "runs_per_s_incl_drain": round(m["runs"] / (m["wall"] + drain), 2),
        "client_cpu_ms_per_run": round(m["client_cpu"] / runs * 1000, 2),
        "other_cpu_s_per_s": round((m["busy"] - m["cpu_window"] - m["client_cpu"]) / m["wall"], 2),
        "connect_s": round(m["connect_s"], 2),
        "connect_server_cpu_s": round(m["connect_cpu"], 3),
        "debug": args.debug,
        "sql_counted": bool(m["sql"]),
        "warmup_runs": 1,
        "status": dict(Counter(f["status"] for f in fin)),
        "model_tool_calls": {
            f"{a}/{b}": n for (a, b), n in Counter(f["calls"] for f in fin).items()
        },
        **extra,
    }
    if m["sql"]:
        result["sql_per_run"] = round(sum(m["sql"].values()) / runs, 1)
        result["sql_by_kind_per_run"] = {
            w: round(n / runs, 1) for w, n in sorted(m["sql"].items()) if n
        }
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clients", type=int, default=10)
    ap.add_argument("--runs-per-client", type=int, default=3)
    ap.add_argument("--latency-ms", type=float, default=50.0)
    ap.add_argument(
        "--debug",
        action=argparse.BooleanOptionalAction,
        default=False,
        help="run Daphne with AGENTWEB_DEBUG=1 (default: 0, as in production)",
    )
    ap.add_argument(
        "--count-sql",
        action="store_true",
        help="also count the server's SQL statements per run (bench/serve_counted.py)",
    )
    args = ap.parse_args()
    os.environ["AGENTWEB_DEBUG"] = "1" if args.debug else "0"
    load = os.getloadavg()[0]
    port = realtime.free_port()
    with tempfile.TemporaryDirectory() as tmp:
        counts = Path(tmp) / "sql_counts.json" if args.count_sql else None
        # N players plus one for the warm-up run.
        server, keys = realtime.setup_server(
            Path(tmp), args.clients + 1, args.latency_ms, port, sql_counts=counts
        )
        try:
            m = asyncio.run(
                measure(port, server, keys[:-1], keys[-1], args.runs_per_client, counts)
            )
        finally:
            server.terminate()
            server.wait(10)
        extra = {
            "loadavg_before": round(load, 2),
            **stored(Path(tmp) / "bench.sqlite3"),
            # Every event a client received (the warm-up run's too) is a stored row.
            "db_run_events_expected": len(m["delivery"]) + m["warm_events"],
        }
    print(json.dumps(row(m, args, extra)), flush=True)


if __name__ == "__main__":
    main()
