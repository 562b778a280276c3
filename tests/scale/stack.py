"""The scaled stack as real processes: Daphne servers and workers on PostgreSQL + Redis.

Each Daphne process listens on its own port (a test chooses which process a
client talks to); workers are ``manage.py run_worker``. Every process logs to
its own file under the test's work directory, shown when something fails.
"""

from __future__ import annotations

import os
import re
import secrets
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import psycopg

from scripts.services import free_port

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 60
STACK_KEY = secrets.token_urlsafe(48)


def stack_env(database_url: str, redis_url: str, model_url: str, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "agentweb.settings",
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "AGENTWEB_EXECUTOR": "worker",
        "AGENTWEB_LLM": "openai",
        "AGENTWEB_LLM_BASE_URL": model_url,
        "AGENTWEB_LLM_MODEL": "fake-model",
        "AGENTWEB_DEMO_PASSWORD": "scale-demo-pass",
        # DEBUG is off: every process of one stack signs sessions with the same key.
        "AGENTWEB_SECRET_KEY": os.environ.get("AGENTWEB_SECRET_KEY") or STACK_KEY,
        "AGENTWEB_LOG_LEVEL": "WARNING",
        "PYTHONUNBUFFERED": "1",
        **extra,
    }


def manage(env: dict[str, str], *args: str, timeout: float = 300) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if done.returncode != 0:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout


class Process:
    def __init__(self, name: str, argv: list[str], env: dict[str, str], logdir: Path) -> None:
        self.name = name
        self.argv = argv
        self.env = env
        self.log_path = logdir / f"{name}.log"
        self.popen: subprocess.Popen[bytes] | None = None

    def start(self) -> Process:
        log = self.log_path.open("ab")
        self.popen = subprocess.Popen(
            self.argv, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT
        )
        return self

    @property
    def alive(self) -> bool:
        return self.popen is not None and self.popen.poll() is None

    def kill9(self) -> None:
        if self.alive:
            self.popen.send_signal(signal.SIGKILL)
            self.popen.wait()

    def stop(self, timeout: float = 30) -> None:
        if not self.alive:
            return
        self.popen.send_signal(signal.SIGTERM)
        try:
            self.popen.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill9()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


class Daphne(Process):
    def __init__(self, name: str, env: dict[str, str], logdir: Path) -> None:
        self.port = free_port()
        super().__init__(
            name,
            [
                sys.executable,
                "-m",
                "agentweb.serve",
                "-b",
                "127.0.0.1",
                "-p",
                str(self.port),
                "agentweb.asgi:application",
            ],
            env,
            logdir,
        )

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/assistant/"

    def wait_ready(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if not self.alive:
                raise RuntimeError(f"{self.name} exited:\n{self.log()}")
            try:
                with urllib.request.urlopen(f"{self.http}/healthz", timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"{self.name} did not answer /healthz:\n{self.log()}")


class Worker(Process):
    def __init__(self, name: str, env: dict[str, str], logdir: Path) -> None:
        super().__init__(
            name, [sys.executable, "manage.py", "run_worker", "--name", name], env, logdir
        )

    def wait_ready(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if not self.alive:
                raise RuntimeError(f"{self.name} exited:\n{self.log()}")
            if "started" in self.log():
                return
            time.sleep(0.1)
        raise RuntimeError(f"{self.name} did not start:\n{self.log()}")


class Stack:
    """Two Daphne processes and two workers (more on demand), stopped at the end."""

    def __init__(self, env: dict[str, str], logdir: Path) -> None:
        self.env = env
        self.logdir = logdir
        logdir.mkdir(parents=True, exist_ok=True)
        self.daphnes: list[Daphne] = []
        self.workers: list[Worker] = []

    def add_daphne(self) -> Daphne:
        daphne = Daphne(f"daphne-{len(self.daphnes) + 1}", self.env, self.logdir)
        self.daphnes.append(daphne.start())
        return daphne

    def add_worker(self, name: str | None = None) -> Worker:
        worker = Worker(name or f"worker-{len(self.workers) + 1}", self.env, self.logdir)
        self.workers.append(worker.start())
        return worker

    def start(self, daphnes: int = 2, workers: int = 2) -> Stack:
        for _ in range(daphnes):
            self.add_daphne()
        for _ in range(workers):
            self.add_worker()
        for process in [*self.daphnes, *self.workers]:
            process.wait_ready()
        return self

    def stop(self) -> None:
        for process in [*self.daphnes, *self.workers]:
            process.stop()

    def logs(self) -> str:
        """Each process's log for a failure report: every line it logged except the
        access log and Django's line per 4xx response (a test that floods the API makes
        thousands, which cut off the rest), the last ``LOG_TAIL`` characters of it."""
        return "\n".join(
            f"--- {p.name}\n{_meaningful(p.log())[-LOG_TAIL:]}"
            for p in [*self.daphnes, *self.workers]
        )


# What a failure report keeps of each process's log (the noise taken out first).
LOG_TAIL = 20_000
_NOISE = re.compile(
    r'^\S+:\d+ - - \[[^]]*\] "[A-Z]+ [^"]*" ([1-4]\d\d \d+|- -)$'  # the access log
    r"|^[A-Z][A-Za-z ]+: /\S*$"  # Django's line per 4xx response ("Too Many Requests: /api/runs")
)


def _meaningful(log: str) -> str:
    return "\n".join(line for line in log.splitlines() if not _NOISE.match(line))


PLAYER_IDLE = (
    "SELECT NOT EXISTS (SELECT 1 FROM assistant_run WHERE user_id = %s "
    "AND status IN ('queued', 'running')) AND NOT EXISTS (SELECT 1 FROM assistant_inboxentry "
    "WHERE user_id = %s AND status = 'queued')"
)


class Db:
    """Read (and seed) the stack's PostgreSQL database directly, as an operator would."""

    def __init__(self, url: str) -> None:
        self.url = url.replace("postgres://", "postgresql://", 1)

    def rows(self, sql: str, *params: object) -> list[tuple]:
        with psycopg.connect(self.url, autocommit=True) as conn:
            return conn.execute(sql, params).fetchall()

    def value(self, sql: str, *params: object) -> object:
        found = self.rows(sql, *params)
        return found[0][0] if found else None

    def execute(self, sql: str, *params: object) -> None:
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(sql, params)

    def player_idle(self, user_id: int) -> bool:
        """No run of the player's is queued or running and no message of hers waits.

        One statement, so one snapshot: with a read for each, a message promoted to a
        run between them (one commit: the run made, the message started) is missed —
        the first read sees no run yet, the second no message any more.
        """
        return self.value(PLAYER_IDLE, user_id, user_id)

    def run_report(self, run_id: int) -> str:
        """A run as a failure report shows it: its row (lease and times too), the inbox
        entries it was queued with or started from, and each of its events."""
        row = self.rows(
            "SELECT id, status, failure, stop_reason, lease_owner, created_at, started_at, "
            "finished_at, cancel_requested, undo_requested FROM assistant_run WHERE id = %s",
            run_id,
        )
        entries = self.rows(
            "SELECT id, run_id, started_run_id, status, created_at, updated_at "
            "FROM assistant_inboxentry WHERE run_id = %s OR started_run_id = %s ORDER BY id",
            run_id,
            run_id,
        )
        events = self.rows(
            "SELECT seq, kind, ts, data FROM assistant_runevent WHERE run_id = %s ORDER BY seq",
            run_id,
        )
        lines = [f"run {run_id}: {row[0] if row else 'no row'}"]
        lines += [f"  inbox {entry}" for entry in entries]
        lines += [f"  event {seq} {kind} {ts:%H:%M:%S.%f} {data}" for seq, kind, ts, data in events]
        return "\n".join(lines)
