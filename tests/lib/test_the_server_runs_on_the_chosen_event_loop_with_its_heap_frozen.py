"""``python -m agentweb.serve``: Daphne on uvloop (or asyncio, when asked), the collector
tuned and the start-up heap frozen; a malformed ``AGENTWEB_EVENT_LOOP`` stops it before
it listens, naming the variable."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from agentweb.lib import server_process
from scripts.services import free_port

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 30.0


def _serve(event_loop: str | None) -> tuple[subprocess.Popen[bytes], int]:
    env = {k: v for k, v in os.environ.items() if k != "AGENTWEB_EVENT_LOOP"}
    if event_loop is not None:
        env["AGENTWEB_EVENT_LOOP"] = event_loop
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "agentweb.serve", "-b", "127.0.0.1", "-p", str(port)]
        + ["tests.fakes.loop_report:application"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    return server, port


def _report(server: subprocess.Popen[bytes], port: int) -> dict:
    deadline = time.monotonic() + START_TIMEOUT_S
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:
                return json.loads(response.read())
        except (urllib.error.URLError, ConnectionError):
            if server.poll() is not None or time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def _stop(server: subprocess.Popen[bytes]) -> int:
    server.send_signal(signal.SIGTERM)
    try:
        return server.wait(20)
    finally:
        if server.poll() is None:
            server.kill()


@pytest.mark.parametrize(
    ("setting", "loop"),
    [(None, "uvloop.Loop"), ("uvloop", "uvloop.Loop"), ("asyncio", "asyncio.unix_events")],
)
def test_it_serves_on_the_loop_the_setting_names_and_stops_on_sigterm(setting, loop):
    server, port = _serve(setting)
    try:
        report = _report(server, port)
    finally:
        code = _stop(server)
    assert report["loop"].startswith(loop), report
    assert code == 0, server.stdout.read().decode(errors="replace")


def test_its_collector_is_tuned_and_the_start_up_heap_frozen():
    server, port = _serve(None)
    try:
        report = _report(server, port)
    finally:
        _stop(server)
    assert report["thresholds"] == list(server_process.COLLECTOR_THRESHOLDS)
    # Django's and Daphne's modules, and everything else start-up made.
    assert report["frozen"] > 10_000


def test_a_malformed_event_loop_setting_stops_it_before_it_listens():
    server, port = _serve("tokio")
    try:
        code = server.wait(START_TIMEOUT_S)
    finally:
        if server.poll() is None:
            server.kill()
    output = server.stdout.read().decode(errors="replace")
    assert code != 0
    assert "AGENTWEB_EVENT_LOOP='tokio' must be one of uvloop, asyncio" in output
    with pytest.raises(OSError):
        urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2)
