"""Realtime benchmark: N websocket clients against one real Daphne process.

The server runs the embedded setup (SQLite, in-memory channel layer) with the
offline planner slowed to a fixed latency per model call
(``AGENTWEB_OFFLINE_DELAY_MS``), so runs behave like runs against a model.
Every client is its own logged-in player and asks multi-step questions over
``/ws/assistant/``. Measured:

* event delivery latency: an event's timestamp (taken by the engine just
  before the row is written) → the client receiving the frame; p50/p99;
* cancel latency: ``run.cancel`` sent while a model call is in flight → the
  ``run.finished`` frame with status ``cancelled`` received; p50/p99;
* runs/s over the whole measurement.

    .venv/bin/python bench/realtime.py --clients 100 --runs-per-client 3 --latency-ms 50

Prints one JSON line. Targets (issue: web app): event p99 < 50 ms and cancel
p99 < 100 ms at 100 concurrent runs on a 2-core machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

import websockets

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.services import free_port  # noqa: E402

PYTHON = sys.executable
QUESTION = "How do I craft an iron pickaxe?"
SLOW_QUESTION = "分析 What do I need for the quest More Andesite Alloy and where does it come from?"


def setup_server(workdir: Path, clients: int, latency_ms: float, port: int):
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{workdir / 'bench.sqlite3'}",
        "AGENTWEB_OFFLINE_DELAY_MS": str(int(latency_ms)),
        "AGENTWEB_LLM": "offline",
        "AGENTWEB_DAILY_MODEL_CALLS": "100000",
        "AGENTWEB_MAX_CONCURRENT_MODEL_CALLS": "1000",
        "AGENTWEB_LOG_LEVEL": "WARNING",
    }
    manage = [PYTHON, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "-v0"], env=env, check=True, cwd=ROOT)
    subprocess.run([*manage, "seed_demo"], env=env, check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    script = (
        "import json,sys\n"
        "from django.contrib.auth import get_user_model\n"
        "from django.contrib.sessions.backends.db import SessionStore\n"
        "from django.contrib.auth import SESSION_KEY, BACKEND_SESSION_KEY, HASH_SESSION_KEY\n"
        "out=[]\n"
        f"for i in range({clients}):\n"
        "    u,_=get_user_model().objects.get_or_create(username=f'bench{i}')\n"
        "    s=SessionStore(); s[SESSION_KEY]=str(u.pk)\n"
        "    s[BACKEND_SESSION_KEY]='django.contrib.auth.backends.ModelBackend'\n"
        "    s[HASH_SESSION_KEY]=u.get_session_auth_hash(); s.create(); out.append(s.session_key)\n"
        "print(json.dumps(out))\n"
    )
    keys = subprocess.run(
        [*manage, "shell", "-c", script],
        env=env,
        check=True,
        cwd=ROOT,
        capture_output=True,
        text=True,
    ).stdout
    prefix = os.environ.get("AGENTWEB_BENCH_SERVER_PREFIX", "").split()
    server = subprocess.Popen(
        [
            *prefix,
            str(Path(PYTHON).parent / "daphne"),
            "-b",
            "127.0.0.1",
            "-p",
            str(port),
            "agentweb.asgi:application",
        ],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return server, json.loads(keys.strip().splitlines()[-1])


async def wait_ready(port: int) -> None:
    for _ in range(200):
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return
        except OSError:
            await asyncio.sleep(0.05)
    raise RuntimeError("the server did not start")


async def client(
    port: int,
    session_key: str,
    runs: int,
    cancel_every: int,
    delivery: list[float],
    cancels: list[float],
) -> int:
    url = f"ws://127.0.0.1:{port}/ws/assistant/"
    headers = {"Cookie": f"sessionid={session_key}", "Origin": f"http://127.0.0.1:{port}"}
    done = 0
    async with websockets.connect(url, additional_headers=headers, max_size=2**22) as ws:
        for i in range(runs):
            cancel = cancel_every and (i % cancel_every == cancel_every - 1)
            await ws.send(
                json.dumps({"type": "chat.send", "text": SLOW_QUESTION if cancel else QUESTION})
            )
            cancel_sent = None
            run_id = None
            while True:
                frame = json.loads(await ws.recv())
                now = time.time()
                if frame["type"] == "chat.accepted":
                    run_id = frame["run_id"]
                    continue
                if frame["type"] != "run.event" or frame["run_id"] != run_id:
                    continue
                delivery.append(now - datetime.fromisoformat(frame["ts"]).timestamp())
                if cancel and cancel_sent is None and frame["kind"] == "model.called":
                    # The next model call starts right after this event: cancel it in flight.
                    await asyncio.sleep(0.01)
                    cancel_sent = time.time()
                    await ws.send(json.dumps({"type": "run.cancel", "run_id": run_id}))
                if frame["kind"] == "run.finished":
                    if cancel_sent is not None and frame["data"]["status"] == "cancelled":
                        cancels.append(now - cancel_sent)
                    done += 1
                    break
    return done


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1)))] * 1000, 2)


async def measure(port: int, keys: list[str], runs: int, cancel_every: int) -> dict:
    await wait_ready(port)
    delivery: list[float] = []
    cancels: list[float] = []
    started = time.perf_counter()
    done = await asyncio.gather(
        *(client(port, k, runs, cancel_every, delivery, cancels) for k in keys)
    )
    wall = time.perf_counter() - started
    return {
        "bench": "realtime",
        "clients": len(keys),
        "runs": sum(done),
        "wall_s": round(wall, 2),
        "runs_per_s": round(sum(done) / wall, 2),
        "events": len(delivery),
        "event_p50_ms": pct(delivery, 0.5),
        "event_p99_ms": pct(delivery, 0.99),
        "event_mean_ms": round(statistics.fmean(delivery) * 1000, 2),
        "cancels": len(cancels),
        "cancel_p50_ms": pct(cancels, 0.5) if cancels else None,
        "cancel_p99_ms": pct(cancels, 0.99) if cancels else None,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clients", type=int, default=100)
    ap.add_argument("--runs-per-client", type=int, default=3)
    ap.add_argument("--latency-ms", type=float, default=50.0)
    ap.add_argument(
        "--cancel-every",
        type=int,
        default=3,
        help="every k-th run of a client is cancelled mid-call (0: never)",
    )
    args = ap.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server, keys = setup_server(Path(tmp), args.clients, args.latency_ms, port)
        try:
            result = asyncio.run(measure(port, keys, args.runs_per_client, args.cancel_every))
        finally:
            server.terminate()
            server.wait(10)
    result["latency_ms"] = args.latency_ms
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
