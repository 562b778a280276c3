"""Scale-out benchmark: 1 vs 2 vs 4 (Daphne + worker) pairs on PostgreSQL and Redis.

For each size the stack runs as real processes (``tests/scale/stack.py``) on a
fresh copy of a seeded database; N websocket clients (each its own player,
spread round-robin over the Daphne processes) ask reasoning questions against
the fake chat-completions server (its own process, fixed latency per call:
router + 2 tool rounds + answer = 4 calls a run). Every k-th run of a client is
cancelled while a model call is in flight. Measured per size:

* runs/s; event delivery p50/p99 (event timestamp → frame at the client);
  cancel p50/p99 (``run.cancel`` sent → ``run.finished`` received);
* peak RSS of each Daphne and worker process (VmHWM);
* per run: SQL statements (pg_stat_statements, BEGIN/COMMIT included) and
  channel-layer traffic (Redis commands, and the most frequent ones by name).

    .venv/bin/python bench/scale.py --sizes 1 2 4 --clients 100 --runs-per-client 3 --latency-ms 50

It starts its own PostgreSQL (with pg_stat_statements preloaded) and Redis
under a temporary directory (``scripts/services.py``) and stops them at the
end. Prints one JSON line per size.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import signal
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

import psycopg
import redis
import websockets

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.services import Services  # noqa: E402
from tests.fakes.model_server import FakeModelServer  # noqa: E402
from tests.scale.responders import Scripted  # noqa: E402
from tests.scale.stack import Stack, manage, stack_env  # noqa: E402

QUESTION = "Where does iron come from?"
# A client that hears nothing this long reports a stuck stack instead of hanging.
FRAME_TIMEOUT_S = 120

SETUP = """
import json
from django.contrib.auth import get_user_model, SESSION_KEY, BACKEND_SESSION_KEY, HASH_SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
out = []
for i in range(CLIENTS):
    user, _ = get_user_model().objects.get_or_create(username=f"bench{i}")
    s = SessionStore(); s[SESSION_KEY] = str(user.pk)
    s[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    s[HASH_SESSION_KEY] = user.get_session_auth_hash(); s.create(); out.append(s.session_key)
print("KEYS=" + json.dumps(out))
"""


def _serve_model(latency_s: float, urls, stop) -> None:
    with FakeModelServer(responder=Scripted(tools=2), latency_s=latency_s) as server:
        urls.put(server.url)
        stop.wait()


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1)))] * 1000, 1)


async def client(daphne, key: str, runs: int, cancel_every: int, out: dict) -> None:
    headers = {"Cookie": f"sessionid={key}", "Origin": daphne.http}
    async with websockets.connect(daphne.ws, additional_headers=headers, max_size=2**22) as ws:
        for i in range(runs):
            cancel = cancel_every and i % cancel_every == cancel_every - 1
            await ws.send(json.dumps({"type": "chat.send", "text": f"{QUESTION} {i}"}))
            run_id, cancel_sent = None, None
            while True:
                frame = json.loads(await asyncio.wait_for(ws.recv(), FRAME_TIMEOUT_S))
                now = time.time()
                if frame["type"] == "chat.accepted":
                    run_id = frame["run_id"]
                    continue
                if frame.get("type") != "run.event" or frame["run_id"] != run_id:
                    continue
                out["delivery"].append(now - datetime.fromisoformat(frame["ts"]).timestamp())
                if cancel and cancel_sent is None and frame["kind"] == "round.started":
                    await asyncio.sleep(0.01)  # the round's model call is in flight
                    cancel_sent = time.time()
                    await ws.send(json.dumps({"type": "run.cancel", "run_id": run_id}))
                if frame["kind"] == "run.finished":
                    if cancel_sent is not None and frame["data"]["status"] == "cancelled":
                        out["cancels"].append(now - cancel_sent)
                    out["runs"] += 1
                    break


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def redis_commands(url: str) -> dict[str, int]:
    stats = redis.Redis.from_url(url).info("commandstats")
    return {name.removeprefix("cmdstat_"): value["calls"] for name, value in stats.items()}


def statements(url: str, top: int = 8, width: int = 70) -> tuple[int, list[tuple[str, int]]]:
    with psycopg.connect(url, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT query, calls FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid "
            "WHERE d.datname = current_database() ORDER BY calls DESC"
        ).fetchall()
    return sum(c for _, c in rows), [(" ".join(q.split())[:width], c) for q, c in rows[:top]]


async def measure(stack: Stack, keys: list[str], runs: int, cancel_every: int) -> dict:
    out: dict = {"delivery": [], "cancels": [], "runs": 0}
    started = time.perf_counter()
    await asyncio.gather(
        *(
            client(stack.daphnes[i % len(stack.daphnes)], key, runs, cancel_every, out)
            for i, key in enumerate(keys)
        )
    )
    out["wall_s"] = time.perf_counter() - started
    return out


def run_size(
    size: int,
    args,
    services: Services,
    template: str,
    model_url: str,
    keys: list[str],
    workdir: Path,
) -> dict:
    admin = services.database_url.replace("postgres://", "postgresql://", 1)
    name = f"bench_{size}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name} TEMPLATE {template}")
    db_url = admin.rsplit("/", 1)[0] + f"/{name}"
    redis.Redis.from_url(services.redis_url).flushall()
    env = stack_env(
        db_url,
        services.redis_url,
        model_url,
        AGENTWEB_MAX_CONCURRENT_MODEL_CALLS="10000",
        AGENTWEB_DAILY_MODEL_CALLS="1000000",
        AGENTWEB_WORKER_CONCURRENCY=str(args.clients),
        # Production settings: no per-query debug bookkeeping.
        AGENTWEB_DEBUG="0",
    )
    stack = Stack(env, workdir / f"size{size}")
    try:
        stack.start(daphnes=size, workers=size)
        with psycopg.connect(db_url, autocommit=True) as conn:
            conn.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
            conn.execute("SELECT pg_stat_statements_reset()")
        redis.Redis.from_url(services.redis_url).config_resetstat()
        result = asyncio.run(measure(stack, keys, args.runs_per_client, args.cancel_every))
        total_sql, top_sql = statements(db_url, *((1000, 300) if args.all_sql else ()))
        commands = redis_commands(services.redis_url)
        memory = {p.name: peak_rss_mb(p.popen.pid) for p in [*stack.daphnes, *stack.workers]}
    finally:
        stack.stop()
    runs = max(1, result["runs"])
    return {
        "bench": "scale",
        "daphnes": size,
        "workers": size,
        "clients": args.clients,
        "latency_ms": args.latency_ms,
        "runs": result["runs"],
        "wall_s": round(result["wall_s"], 2),
        "runs_per_s": round(runs / result["wall_s"], 2),
        "events": len(result["delivery"]),
        "event_p50_ms": pct(result["delivery"], 0.5),
        "event_p99_ms": pct(result["delivery"], 0.99),
        "cancels": len(result["cancels"]),
        "cancel_p50_ms": pct(result["cancels"], 0.5),
        "cancel_p99_ms": pct(result["cancels"], 0.99),
        "sql_per_run": round(total_sql / runs, 1),
        "redis_cmds_per_run": round(sum(commands.values()) / runs, 1),
        "redis_evals_per_run": round(
            (commands.get("eval", 0) + commands.get("evalsha", 0)) / runs, 1
        ),
        "redis_top_per_run": {
            name: round(calls / runs, 1)
            for name, calls in sorted(commands.items(), key=lambda item: -item[1])[:8]
        },
        "rss_mb": memory,
        "top_sql": top_sql,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[1, 2, 4])
    ap.add_argument("--clients", type=int, default=100)
    ap.add_argument("--runs-per-client", type=int, default=3)
    ap.add_argument("--latency-ms", type=float, default=50.0)
    ap.add_argument(
        "--cancel-every",
        type=int,
        default=3,
        help="every k-th run of a client is cancelled mid-call (0: never)",
    )
    ap.add_argument(
        "--all-sql",
        action="store_true",
        help="list every statement (its first 300 characters) with its calls, not the top 8",
    )
    args = ap.parse_args()
    # SIGTERM (e.g. `timeout`) unwinds like Ctrl-C, so the servers below are stopped.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    ctx = multiprocessing.get_context("fork")
    urls, stop = ctx.Queue(), ctx.Event()
    model = ctx.Process(target=_serve_model, args=(args.latency_ms / 1000, urls, stop), daemon=True)
    model.start()
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        workdir.chmod(0o755)
        services = Services(
            workdir / "services", pg_options="-c shared_preload_libraries=pg_stat_statements"
        )
        services.dir.mkdir()
        services.start()
        try:
            model_url = urls.get(timeout=10)
            env = stack_env(services.database_url, services.redis_url, model_url)
            manage(env, "migrate", "--no-input", "-v0")
            manage(env, "seed_demo")
            out = manage(env, "shell", "-c", SETUP.replace("CLIENTS", str(args.clients)))
            keys = json.loads(out.split("KEYS=", 1)[1])
            for size in args.sizes:
                row = run_size(size, args, services, "agentweb", model_url, keys, workdir)
                print(json.dumps(row), flush=True)
        finally:
            services.stop()
            stop.set()
            model.join(10)


if __name__ == "__main__":
    main()
