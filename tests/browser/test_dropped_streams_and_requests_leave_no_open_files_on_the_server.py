"""On a real server, requests and dropped streams leave no database handle or socket open.

Each HTTP request is served in a thread of its own, and SQLite connections
are kept open for the event loop's database thread; a request's connection
stayed open until the collector found it (about never) — a few hundred
requests held hundreds of file handles. Here a hundred streams are opened on
a running run and dropped mid-stream, a hundred plain requests are made, and
the server process ends up with the files it had before.
"""

from __future__ import annotations

import json
import os
import socket
import time
import urllib.request

import pytest

pytestmark = pytest.mark.browser

STREAMS = REQUESTS = 100
# Handles that may come and go beside the requests (a log file rotating, the lane's own).
SLACK = 4
# How long the server may take to notice the last dropped connections.
SETTLE_S = 30


def _open_files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def _setup(live) -> tuple[str, int]:
    # A player of its own: the shared server's players must not have a run held open.
    code = (
        "from django.contrib.auth import get_user_model\n"
        "from agentweb.assistant.api.auth import new_token\n"
        "from agentweb.assistant.models import Run, Status\n"
        "streamer = get_user_model().objects.create_user('streamer')\n"
        "run = Run.objects.create(user=streamer, question='held open', status=Status.RUNNING)\n"
        "print(new_token(streamer, 'streams')[1], run.pk)\n"
    )
    key, run_id = live.shell(code).split()[-2:]
    return key, int(run_id)


def _drop_stream(port: int, run_id: int, key: str) -> None:
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(
            f"GET /api/runs/{run_id}/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Authorization: Bearer {key}\r\n\r\n".encode()
        )
        assert b"200 OK" in sock.recv(4096)


def test_the_server_holds_no_more_files_after_requests_and_dropped_streams(server):
    key, run_id = _setup(server)
    headers = {"Authorization": f"Bearer {key}"}

    def get(path: str) -> dict:
        request = urllib.request.Request(server.url + path, headers=headers)
        with urllib.request.urlopen(request) as response:
            return json.loads(response.read())

    get(f"/api/runs/{run_id}")  # the first request opens what the process keeps
    before = _open_files(server.process.pid)
    for _ in range(STREAMS):
        _drop_stream(server.port, run_id, key)
    for _ in range(REQUESTS):
        assert get(f"/api/runs/{run_id}")["status"] == "running"

    deadline = time.monotonic() + SETTLE_S
    while _open_files(server.process.pid) > before + SLACK and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _open_files(server.process.pid) <= before + SLACK
