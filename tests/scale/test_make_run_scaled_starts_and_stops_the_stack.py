"""`make run-scaled` (scripts/run_scaled.py): the stack on one port, stopped by SIGTERM."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
import uuid

import psycopg
import pytest

from tests.scale.stack import ROOT, Db, free_port

pytestmark = pytest.mark.scale

START_TIMEOUT_S = 120
STOP_TIMEOUT_S = 45


def _get(url: str, headers: dict[str, str] | None = None) -> dict:
    request = urllib.request.Request(url, headers=headers or {})
    with urllib.request.urlopen(request, timeout=5) as response:
        return json.loads(response.read())


def _post(url: str, body: dict, headers: dict[str, str]) -> dict:
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json", **headers},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def _children(pid: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in found.split()]


def test_the_supervisor_serves_runs_on_one_port_and_stops_cleanly(scale_urls, tmp_path):
    admin = Db(scale_urls[0])
    name = f"agentweb_supervised_{uuid.uuid4().hex[:8]}"
    admin.execute(f"CREATE DATABASE {name}")
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": scale_urls[0].rsplit("/", 1)[0] + f"/{name}",
        "REDIS_URL": scale_urls[1],
        "PORT": str(port),
        "AGENTWEB_DAPHNES": "2",
        "AGENTWEB_WORKERS": "2",
        "AGENTWEB_DEMO_PASSWORD": "supervised-pass",
        "AGENTWEB_LLM": "offline",
    }
    log = (tmp_path / "supervisor.log").open("wb")
    supervisor = subprocess.Popen(
        [sys.executable, "scripts/run_scaled.py"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            try:
                assert _get(f"http://127.0.0.1:{port}/healthz")["status"] == "ok"
                break
            except OSError:
                assert supervisor.poll() is None, (tmp_path / "supervisor.log").read_text()
                assert time.monotonic() < deadline, (tmp_path / "supervisor.log").read_text()
                time.sleep(0.5)
        children = _children(supervisor.pid)
        assert len(children) == 4  # two Daphne processes, two workers

        token = _token(env)
        headers = {"Authorization": f"Bearer {token}"}
        base = f"http://127.0.0.1:{port}"
        run_id = _post(f"{base}/api/runs", {"text": "How do I craft an iron pickaxe?"}, headers)[
            "run_id"
        ]
        for _ in range(120):
            run = _get(f"{base}/api/runs/{run_id}", headers)
            if run["status"] not in ("queued", "running"):
                break
            time.sleep(0.25)
        assert run["status"] == "completed", run

        supervisor.send_signal(signal.SIGTERM)
        assert supervisor.wait(STOP_TIMEOUT_S) == 0
        for pid in children:
            assert not os.path.exists(f"/proc/{pid}") or _zombie(pid)
        assert "[run-scaled] stopped" in (tmp_path / "supervisor.log").read_text()
    finally:
        if supervisor.poll() is None:
            supervisor.kill()
            supervisor.wait()
        with psycopg.connect(admin.url, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def _zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/status") as status:
            return any(line.startswith("State:\tZ") for line in status)
    except FileNotFoundError:
        return True


def _token(env: dict[str, str]) -> str:
    script = (
        "from django.contrib.auth import get_user_model\n"
        "from agentweb.assistant.api.auth import new_token\n"
        "print('TOKEN=' + new_token(get_user_model().objects.get(username='alice'), 't')[1])\n"
    )
    out = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return out.split("TOKEN=", 1)[1].strip()
