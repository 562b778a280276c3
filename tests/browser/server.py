"""A real agentweb server for browser tests: Daphne serving ``agentweb.asgi:application``.

It runs in its own process, as in production, on a SQLite file of its own
(migrated and seeded with the demo world), so HTTP, websockets and the run
executor all work exactly as they do for a player. Tests read that file
directly to check what changed in the game.
"""

from __future__ import annotations

import os
import secrets
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from scripts.services import free_port

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "browser-demo-pass"
# Migrating and seeding a fresh SQLite file takes a few seconds; Daphne less.
SETUP_TIMEOUT_S = 180
START_TIMEOUT_S = 30


class LiveServer:
    def __init__(self, workdir: Path, name: str, extra_env: dict[str, str] | None = None) -> None:
        self.db_path = workdir / f"{name}.sqlite3"
        self.log_path = workdir / f"{name}.log"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "agentweb.settings",
            "DATABASE_URL": f"sqlite:///{self.db_path}",
            "AGENTWEB_DEMO_PASSWORD": PASSWORD,
            "AGENTWEB_LLM": "offline",
            # DEBUG is off, as in production: the server needs a key of its own.
            "AGENTWEB_SECRET_KEY": os.environ.get("AGENTWEB_SECRET_KEY")
            or secrets.token_urlsafe(48),
            "PYTHONUNBUFFERED": "1",
            **(extra_env or {}),
        }
        self.process: subprocess.Popen[bytes] | None = None

    def _manage(self, *args: str) -> None:
        subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            check=True,
            capture_output=True,
            timeout=SETUP_TIMEOUT_S,
        )

    def shell(self, code: str) -> str:
        """Run ``code`` in ``manage.py shell`` against this server's database: its output."""
        return subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", code],
            cwd=ROOT,
            env=self.env,
            check=True,
            capture_output=True,
            text=True,
            timeout=SETUP_TIMEOUT_S,
        ).stdout

    def start(self) -> LiveServer:
        self._manage("migrate", "--no-input")
        self._manage("seed_demo")
        log = self.log_path.open("wb")
        self.process = subprocess.Popen(
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
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        self._wait_healthy()
        return self

    def _wait_healthy(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"Daphne exited early:\n{self.log()}")
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=1) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"Daphne did not answer /healthz in {START_TIMEOUT_S} s:\n{self.log()}")

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def query(self, sql: str, *params: object) -> list[tuple]:
        """Read the server's database (the file is shared; WAL lets us read beside it)."""
        with sqlite3.connect(self.db_path, timeout=10) as conn:
            return conn.execute(sql, params).fetchall()
