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
* start latency: ``chat.send`` sent → the run's ``run.started`` frame received; p50/p99;
* runs/s over the whole measurement;
* with ``--scaling RUNS``: one client alone asks RUNS questions on its own fresh
  server before and after the main measurement, and the result says what share
  of linear scaling (N clients × one client's mean runs/s) the N clients reached;
* with ``--model sse``: the server talks to a real streaming model server on
  127.0.0.1 (chat-completions SSE, the answer written piece by piece) instead
  of the offline planner, and the benchmark reports the time from the model
  server writing the answer's first token to the client receiving the first
  ``run.delta`` with it (both clocks are this process's) — what streaming
  adds on top of the model's own time to first token.

    .venv/bin/python bench/realtime.py --clients 100 --runs-per-client 3 --latency-ms 50
    .venv/bin/python bench/realtime.py --model sse --clients 10 --runs-per-client 3 --cancel-every 0
    .venv/bin/python bench/realtime.py --clients 10 --count-sql   # + SQL statements per run
    .venv/bin/python bench/realtime.py --question slow   # the peer workload, no cancels
    .venv/bin/python bench/realtime.py --profile out.txt   # + py-spy stacks of the server
    .venv/bin/python bench/realtime.py --runs-per-client 10 --scaling 20   # + 1 client alone

Also printed: the server's CPU per run (user + system time of the Daphne process
over the measurement, divided by the runs), the clients' (this process's), and with ``--count-sql`` the SQL
statements per run by kind (``bench/serve_counted.py``; COMMIT is not a
statement Django sends through a cursor, so it is not counted).

Prints one JSON line. Targets: event p99 < 50 ms and cancel p99 < 100 ms at
100 concurrent runs on a 2-core machine; first token → first delta under
50 ms added at 10 concurrent runs; with ``--scaling``, 100 clients at 30 % of
linear or more.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import signal
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
from tests.fakes.model_server import FakeModelServer, Reply  # noqa: E402

PYTHON = sys.executable
QUESTION = "How do I craft an iron pickaxe?"
SLOW_QUESTION = "分析 What do I need for the quest More Andesite Alloy and where does it come from?"
# --question: "slow" is the peer benchmark's workload (bench/web_peers.py): the reasoning
# workflow without a router call, exactly 3 model and 2 tool calls a run.
QUESTIONS = {"mixed": QUESTION, "slow": SLOW_QUESTION}


# The streamed answer: the JSON head in one piece, then the text about a token a piece.
ANSWER_WORDS = [
    "an",
    "iron",
    "pickaxe",
    "takes",
    "three",
    "iron",
    "ingots",
    "and",
    "two",
    "sticks",
    "on",
    "a",
    "crafting",
    "table",
]


class StreamingModel:
    """The SSE model server of ``--model sse``: routes to reasoning, then streams an
    answer whose first word names its request, so a client's first delta can be matched
    to the moment the server wrote that word."""

    def __init__(self, piece_delay_s: float) -> None:
        self.piece_delay_s = piece_delay_s
        self.server = FakeModelServer(responder=self.reply)

    def reply(self, body: dict) -> Reply:
        user = json.loads(body["messages"][1]["content"])
        if user.get("task") == "route":
            return Reply(json.dumps({"workflow": "system:reasoning"}))
        ref = len(self.server.sent_pieces) - 1  # this request's slot (appended just before)
        pieces = ['{"type":"answer","text":"', f"ref{ref} "]
        pieces += [w + " " for w in ANSWER_WORDS] + ['","sources":[]}']
        return Reply("".join(pieces), chunks=pieces, chunk_delay_s=self.piece_delay_s)

    def first_token_at(self, ref: int) -> float:
        """When the server wrote the answer's first text piece (time.monotonic)."""
        return self.server.sent_pieces[ref][1][0]


def setup_server(
    workdir: Path,
    clients: int,
    latency_ms: float,
    port: int,
    model_url: str | None = None,
    sql_counts: Path | None = None,
):
    """A fresh database with ``clients`` logged-in players and a Daphne serving it.

    With ``sql_counts`` the server counts its SQL statements (``serve_counted.py``);
    read them with ``read_sql_counts``."""
    llm = (
        {"AGENTWEB_LLM": "openai", "AGENTWEB_LLM_BASE_URL": model_url, "AGENTWEB_LLM_MODEL": "m"}
        if model_url
        else {"AGENTWEB_LLM": "offline", "AGENTWEB_OFFLINE_DELAY_MS": str(int(latency_ms))}
    )
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{workdir / 'bench.sqlite3'}",
        **llm,
        "AGENTWEB_DAILY_MODEL_CALLS": "100000",
        "AGENTWEB_MAX_CONCURRENT_MODEL_CALLS": "1000",
        "AGENTWEB_LOG_LEVEL": "WARNING",
        "AGENTWEB_SECRET_KEY": os.environ.get("AGENTWEB_SECRET_KEY") or secrets.token_urlsafe(48),
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
    daphne = (
        [PYTHON, str(ROOT / "bench" / "serve_counted.py"), str(sql_counts)]
        if sql_counts is not None
        else [PYTHON, "-m", "agentweb.serve"]
    )
    server = subprocess.Popen(
        [
            *prefix,
            *daphne,
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


def read_sql_counts(server: subprocess.Popen, path: Path) -> dict[str, int]:
    """The statements the server has run so far, by first word (it writes them on SIGUSR1)."""
    before = path.stat().st_mtime_ns if path.exists() else 0
    server.send_signal(signal.SIGUSR1)
    for _ in range(200):
        if path.exists() and path.stat().st_mtime_ns != before:
            break
        time.sleep(0.01)
    return json.loads(path.read_text())


async def wait_ready(port: int) -> None:
    for _ in range(200):
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return
        except OSError:
            await asyncio.sleep(0.05)
    raise RuntimeError("the server did not start")


def connect(port: int, session_key: str):
    """A player's websocket to ``/ws/assistant/`` (an async context manager)."""
    return websockets.connect(
        f"ws://127.0.0.1:{port}/ws/assistant/",
        additional_headers={
            "Cookie": f"sessionid={session_key}",
            "Origin": f"http://127.0.0.1:{port}",
        },
        max_size=2**22,
    )


async def ask(
    ws,
    runs: int,
    cancel_every: int,
    delivery: list[float],
    cancels: list[float],
    first_deltas: dict[int, float],
    question: str = QUESTION,
    finished: list[dict] | None = None,
    starts: list[float] | None = None,
) -> int:
    """``runs`` questions one after the other on ``ws``; every ``cancel_every``-th is
    ``SLOW_QUESTION``, cancelled while a model call is in flight.

    With ``finished``, one entry per run: when it was sent, when its answer and its
    ``run.finished`` arrived (``time.time()``), its status and its usage."""
    done = 0
    for i in range(runs):
        cancel = cancel_every and (i % cancel_every == cancel_every - 1)
        sent = time.time()
        await ws.send(
            json.dumps({"type": "chat.send", "text": SLOW_QUESTION if cancel else question})
        )
        cancel_sent = None
        run_id = None
        answered = None
        while True:
            frame = json.loads(await ws.recv())
            now = time.time()
            if frame["type"] == "chat.accepted":
                run_id = frame["run_id"]
                continue
            if frame["type"] == "run.delta" and frame["text"].startswith("ref"):
                first_deltas[int(frame["text"][3:].split()[0])] = time.monotonic()
                continue
            if frame["type"] != "run.event" or frame["run_id"] != run_id:
                continue
            delivery.append(now - datetime.fromisoformat(frame["ts"]).timestamp())
            if starts is not None and frame["kind"] == "run.started":
                starts.append(now - sent)
            if cancel and cancel_sent is None and frame["kind"] == "model.called":
                # The next model call starts right after this event: cancel it in flight.
                await asyncio.sleep(0.01)
                cancel_sent = time.time()
                await ws.send(json.dumps({"type": "run.cancel", "run_id": run_id}))
            if frame["kind"] == "answer":
                answered = now
            if frame["kind"] == "run.finished":
                if cancel_sent is not None and frame["data"]["status"] == "cancelled":
                    cancels.append(now - cancel_sent)
                if finished is not None:
                    usage = frame["data"].get("usage", {}).get("usage", {})
                    finished.append(
                        {
                            "sent": sent,
                            "answered": answered,
                            "done": now,
                            "status": frame["data"]["status"],
                            "calls": (usage.get("model_calls"), usage.get("tool_calls")),
                        }
                    )
                done += 1
                break
    return done


async def client(
    port: int,
    session_key: str,
    runs: int,
    cancel_every: int,
    delivery: list[float],
    cancels: list[float],
    first_deltas: dict[int, float],
    question: str = QUESTION,
    starts: list[float] | None = None,
) -> int:
    async with connect(port, session_key) as ws:
        return await ask(
            ws, runs, cancel_every, delivery, cancels, first_deltas, question, starts=starts
        )


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1)))] * 1000, 2)


def cpu_s(pid: int) -> float:
    """User + system CPU seconds a process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_profile(pid: int, out: str, gil: bool = False) -> subprocess.Popen:
    """py-spy (``.venv/bin/py-spy``, ``pip install py-spy``) records the server's stacks
    (collapsed, for flame graphs) from now until ``stop_profile``; with ``gil`` only the
    thread holding the GIL (a thread waiting to take it back after a statement is
    otherwise sampled at the statement, as if the database were working)."""
    py_spy = str(Path(PYTHON).parent / "py-spy")
    record = [py_spy, "record", "-p", str(pid), "-o", out, "-f", "raw", "-r", "200"]
    spy = subprocess.Popen(
        [*record, "--nonblocking", *(["--gil"] if gil else [])],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(1.0)  # attached before the measurement starts
    return spy


def stop_profile(spy: subprocess.Popen) -> None:
    spy.send_signal(signal.SIGINT)  # py-spy writes its file on SIGINT
    try:
        spy.wait(30)
    except subprocess.TimeoutExpired:
        spy.kill()
        spy.wait(5)


async def measure(
    port: int,
    keys: list[str],
    runs: int,
    cancel_every: int,
    model: StreamingModel | None,
    server: subprocess.Popen,
    counts: Path | None = None,
    question: str = QUESTION,
    profile: str = "",
    profile_gil: bool = False,
) -> dict:
    await wait_ready(port)
    spy = start_profile(server.pid, profile, profile_gil) if profile else None
    delivery: list[float] = []
    cancels: list[float] = []
    starts: list[float] = []
    first_deltas: dict[int, float] = {}
    sql_before = read_sql_counts(server, counts) if counts else {}
    cpu_before, client_before = cpu_s(server.pid), cpu_s(os.getpid())
    started = time.perf_counter()
    done = await asyncio.gather(
        *(
            client(port, k, runs, cancel_every, delivery, cancels, first_deltas, question, starts)
            for k in keys
        )
    )
    wall = time.perf_counter() - started
    cpu = cpu_s(server.pid) - cpu_before
    client_cpu = cpu_s(os.getpid()) - client_before
    if spy is not None:
        stop_profile(spy)
    sql: dict = {}
    if counts:
        after = read_sql_counts(server, counts)
        by_word = {w: n - sql_before.get(w, 0) for w, n in after.items()}
        sql = {
            "sql_per_run": round(sum(by_word.values()) / max(1, sum(done)), 1),
            "sql_by_kind_per_run": {
                w: round(n / max(1, sum(done)), 1) for w, n in sorted(by_word.items()) if n
            },
        }
    streaming: dict = {}
    if model is not None:
        added = [at - model.first_token_at(ref) for ref, at in first_deltas.items()]
        streaming = {
            "first_deltas": len(added),
            "token_to_delta_p50_ms": pct(added, 0.5) if added else None,
            "token_to_delta_p99_ms": pct(added, 0.99) if added else None,
            "token_to_delta_mean_ms": round(statistics.fmean(added) * 1000, 2) if added else None,
        }
    return {
        "bench": "realtime",
        "clients": len(keys),
        "runs": sum(done),
        "wall_s": round(wall, 2),
        "runs_per_s": round(sum(done) / wall, 2),
        "server_cpu_ms_per_run": round(cpu * 1000 / max(1, sum(done)), 1),
        # The clients share the machine: at 100 of them this process takes a good part of
        # the second core, which the server's database thread needs when it leaves the GIL.
        "client_cpu_ms_per_run": round(client_cpu * 1000 / max(1, sum(done)), 1),
        **sql,
        "events": len(delivery),
        "event_p50_ms": pct(delivery, 0.5),
        "event_p99_ms": pct(delivery, 0.99),
        "event_mean_ms": round(statistics.fmean(delivery) * 1000, 2),
        "cancels": len(cancels),
        "cancel_p50_ms": pct(cancels, 0.5) if cancels else None,
        "cancel_p99_ms": pct(cancels, 0.99) if cancels else None,
        "start_p50_ms": pct(starts, 0.5),
        "start_p99_ms": pct(starts, 0.99),
        **streaming,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clients", type=int, default=100)
    ap.add_argument("--runs-per-client", type=int, default=3)
    ap.add_argument("--latency-ms", type=float, default=50.0)
    ap.add_argument(
        "--question",
        choices=sorted(QUESTIONS),
        default="mixed",
        help="mixed: the crafting question, every k-th run the slow one, cancelled; "
        "slow: every run the peer benchmark's 3-model-call question, no cancels",
    )
    ap.add_argument(
        "--cancel-every",
        type=int,
        default=None,
        help="every k-th run of a client is cancelled mid-call (0: never; "
        "default 3, or 0 with --question slow)",
    )
    ap.add_argument(
        "--model",
        choices=["offline", "sse"],
        default="offline",
        help="sse: a streaming model server on 127.0.0.1 (measures first token → first delta)",
    )
    ap.add_argument(
        "--profile",
        default="",
        help="py-spy collapsed stacks of the server over the measurement, to this file",
    )
    ap.add_argument(
        "--profile-gil",
        action="store_true",
        help="with --profile: sample only the thread holding the GIL (py-spy --gil)",
    )
    ap.add_argument(
        "--count-sql",
        action="store_true",
        help="count the server's SQL statements per run (bench/serve_counted.py)",
    )
    ap.add_argument(
        "--scaling",
        type=int,
        default=0,
        metavar="RUNS",
        help="also measure one client asking RUNS questions (its own fresh server, before and "
        "after the main measurement) and print how close the main one comes to linear scaling",
    )
    args = ap.parse_args()
    if args.scaling < 0:
        ap.error(f"--scaling takes a number of runs (0: not measured), not {args.scaling}")
    if args.cancel_every is None:
        args.cancel_every = 0 if args.question == "slow" else 3
    # One client alone before and after the main measurement: a host whose speed drifts
    # moves both, and their mean is what the main measurement is compared with.
    before = on_fresh_server(args, 1, args.scaling, "", False) if args.scaling else None
    result = on_fresh_server(args, args.clients, args.runs_per_client, args.profile, args.count_sql)
    if before is not None:
        result["scaling"] = scaling(
            result, [before, on_fresh_server(args, 1, args.scaling, "", False)]
        )
    result["latency_ms"] = args.latency_ms
    result["model"] = args.model
    result["question"] = args.question
    result["event_loop"] = os.environ.get("AGENTWEB_EVENT_LOOP") or "default"
    print(json.dumps(result), flush=True)


def on_fresh_server(
    args: argparse.Namespace, clients: int, runs_per_client: int, profile: str, count_sql: bool
) -> dict:
    """One measurement on a fresh database and server."""
    port = free_port()
    model = StreamingModel(args.latency_ms / 1000) if args.model == "sse" else None
    with tempfile.TemporaryDirectory() as tmp:
        if model is not None:
            model.server.__enter__()
        url = model.server.url if model is not None else None
        counts = Path(tmp) / "sql_counts.json" if count_sql else None
        server, keys = setup_server(Path(tmp), clients, args.latency_ms, port, url, counts)
        try:
            return asyncio.run(
                measure(
                    port,
                    keys,
                    runs_per_client,
                    args.cancel_every,
                    model,
                    server,
                    counts,
                    QUESTIONS[args.question],
                    os.path.abspath(profile) if profile else "",
                    args.profile_gil,
                )
            )
        finally:
            server.terminate()
            server.wait(10)
            if model is not None:
                model.server.__exit__(None, None, None)


def scaling(many: dict, alone: list[dict]) -> dict:
    """How close ``many`` clients come to ``many`` times what one client alone gets (the
    mean of the ``alone`` measurements)."""
    one = statistics.fmean(a["runs_per_s"] for a in alone)
    linear = many["clients"] * one
    return {
        "one_client_runs_per_s": [a["runs_per_s"] for a in alone],
        "one_client_cpu_ms_per_run": [a["server_cpu_ms_per_run"] for a in alone],
        "one_client_event_p99_ms": [a["event_p99_ms"] for a in alone],
        "linear_runs_per_s": round(linear, 1),
        "of_linear_pct": round(100 * many["runs_per_s"] / linear, 1),
    }


if __name__ == "__main__":
    main()
