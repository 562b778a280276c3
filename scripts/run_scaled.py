"""``make run-scaled``: the whole scaled stack on one machine, supervised.

    PORT=8000 AGENTWEB_DAPHNES=2 AGENTWEB_WORKERS=2 python scripts/run_scaled.py

* PostgreSQL and Redis: ``DATABASE_URL`` / ``REDIS_URL`` when set (an existing
  stack), else local servers with their data under ``var/scaled/``
  (``scripts/services.py``: ``initdb``/``pg_ctl`` and ``redis-server`` must be
  installed).
* migrate, ``seed_demo``, and the cold-start clean-up of ``make run``: runs left
  running are interrupted and the model-call gate is zeroed (nothing runs yet).
* ``AGENTWEB_DAPHNES`` Daphne processes share one listening socket on
  127.0.0.1:``PORT``: this script binds it and hands the descriptor to each
  (``agentweb.serve --fd``). The kernel spreads new connections over the processes —
  no proxy hop, and a websocket stays with the process that accepted it, which
  is all it needs since every shared fact lives in PostgreSQL or Redis.
* ``AGENTWEB_WORKERS`` ``run_worker`` processes execute the runs.
* With ``AGENTWEB_RCON_DELIVERER=supervisor`` (and ``AGENTWEB_RCON_HOST``), one
  ``run_deliveries`` process hands purchases and quest rewards out in game.
* A child that dies is started again (a worker's runs are reaped by the
  others meanwhile); Ctrl-C or SIGTERM stops the children (workers drain
  their runs first), then the local servers.

Every other setting of SPEC §15 passes through the environment unchanged.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agentweb.lib.secret_key import ensure_key_file, key_file_path  # noqa: E402
from scripts.services import Services  # noqa: E402

PYTHON = sys.executable
STATE_DIR = ROOT / "var" / "scaled"
# A child that keeps dying is not restarted faster than this.
RESTART_BACKOFF_S = 2.0
# Workers drain their runs for up to 20 s on SIGTERM (worker.DRAIN_S); then we kill.
STOP_TIMEOUT_S = 30.0


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


class Child:
    def __init__(self, name: str, argv: list[str], env: dict[str, str], fds: tuple = ()) -> None:
        self.name, self.argv, self.env, self.fds = name, argv, env, fds
        self.popen: subprocess.Popen[bytes] | None = None
        self.started_at = 0.0

    def start(self) -> None:
        self.started_at = time.monotonic()
        self.popen = subprocess.Popen(self.argv, cwd=ROOT, env=self.env, pass_fds=self.fds)
        print(f"[run-scaled] started {self.name} (pid {self.popen.pid})", flush=True)

    def dead(self) -> bool:
        return self.popen is not None and self.popen.poll() is not None


class Supervisor:
    def __init__(self) -> None:
        self.port = env_int("PORT", 8000)
        self.daphnes = env_int("AGENTWEB_DAPHNES", 2)
        self.workers = env_int("AGENTWEB_WORKERS", 2)
        self.services: Services | None = None
        self.children: list[Child] = []
        self.stopping = False

    def prepare(self) -> dict[str, str]:
        env = {**os.environ, "AGENTWEB_EXECUTOR": "worker", "PYTHONUNBUFFERED": "1"}
        if not env.get("AGENTWEB_SECRET_KEY") and ensure_key_file(key_file_path()):
            print(f"[run-scaled] created a secret key in {key_file_path()}", flush=True)
        if not (env.get("DATABASE_URL") and env.get("REDIS_URL")):
            self.services = Services(STATE_DIR)
            if (STATE_DIR / "services.json").exists():
                self.services = Services.load(STATE_DIR)
            self.services.start()
            env.setdefault("DATABASE_URL", self.services.database_url)
            env.setdefault("REDIS_URL", self.services.redis_url)
        manage = [PYTHON, "manage.py"]
        for args in (["migrate", "--no-input", "-v0"], ["seed_demo"], ["recover_runs"]):
            subprocess.run([*manage, *args], cwd=ROOT, env=env, check=True)
        subprocess.run(
            [
                *manage,
                "shell",
                "-c",
                "from agentweb.control.slots import reset_model_slots; reset_model_slots()",
            ],
            cwd=ROOT,
            env=env,
            check=True,
        )
        return env

    def listen(self) -> socket.socket:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", self.port))
        sock.listen(1024)
        sock.set_inheritable(True)
        return sock

    def spawn(self, env: dict[str, str], sock: socket.socket) -> None:
        fd = sock.fileno()
        for i in range(1, self.daphnes + 1):
            self.children.append(
                Child(
                    f"daphne-{i}",
                    [PYTHON, "-m", "agentweb.serve", "--fd", str(fd), "agentweb.asgi:application"],
                    env,
                    (fd,),
                )
            )
        host = socket.gethostname()
        for i in range(1, self.workers + 1):
            self.children.append(
                Child(
                    f"worker-{i}",
                    [PYTHON, "manage.py", "run_worker", "--name", f"{host}-w{i}"],
                    env,
                )
            )
        if env.get("AGENTWEB_RCON_DELIVERER") == "supervisor" and env.get("AGENTWEB_RCON_HOST"):
            # One is enough (the claims would keep several correct, not faster: it is one console).
            self.children.append(
                Child("deliverer", [PYTHON, "manage.py", "run_deliveries", "--name", host], env)
            )
        for child in self.children:
            child.start()

    def watch(self) -> None:
        while not self.stopping:
            for child in self.children:
                if child.dead() and not self.stopping:
                    print(
                        f"[run-scaled] {child.name} exited ({child.popen.returncode})", flush=True
                    )
                    wait = RESTART_BACKOFF_S - (time.monotonic() - child.started_at)
                    time.sleep(max(0.0, wait))
                    child.start()
            time.sleep(0.5)

    def stop(self, *_: object) -> None:
        self.stopping = True

    def shutdown(self) -> None:
        alive = [c for c in self.children if c.popen is not None and not c.dead()]
        for child in alive:
            child.popen.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + STOP_TIMEOUT_S
        for child in alive:
            try:
                child.popen.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.popen.kill()
                child.popen.wait()
        if self.services is not None:
            self.services.stop()
        print("[run-scaled] stopped", flush=True)

    def run(self) -> None:
        signal.signal(signal.SIGINT, self.stop)
        signal.signal(signal.SIGTERM, self.stop)
        try:
            env = self.prepare()
            sock = self.listen()
            self.spawn(env, sock)
            password = os.environ.get("AGENTWEB_DEMO_PASSWORD", "demo")
            print(
                f"\n  agentweb (scaled: {self.daphnes} Daphne, {self.workers} workers) on "
                f"http://127.0.0.1:{self.port}/\n  log in as alice or bob, rita or admin, "
                f"password: {password}\n  Ctrl-C stops everything.\n",
                flush=True,
            )
            self.watch()
        finally:
            self.shutdown()


if __name__ == "__main__":
    Supervisor().run()
