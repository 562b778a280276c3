"""Starting the server (``python -m agentweb.serve``, as ``make run`` does) is the recovery.

A copy of a live server's database gets a run left ``running`` by a killed
server, with a message waiting behind it; a new server starts on it, with no
``recover_runs`` before it. The run ends ``interrupted`` with its
``run.finished``, and the message runs as its own run.
"""

from __future__ import annotations

import sqlite3
import time

import pytest

from tests.browser.server import LiveServer

pytestmark = pytest.mark.browser

# Migrating a copy is a no-op and seeding is idempotent; the offline model answers at once.
SETTLE_S = 60

KILLED = """
from datetime import UTC, datetime
from django.contrib.auth import get_user_model
from agentweb.assistant.models import InboxEntry, Run, RunEvent
alice = get_user_model().objects.get(username="alice")
run = Run.objects.create(user=alice, question="killed mid-run", status="running", last_seq=1)
RunEvent.objects.create(run=run, seq=1, kind="run.started", data={}, ts=datetime.now(UTC))
InboxEntry.objects.create(user=alice, run=run, text="how do I craft a torch?")
print(run.pk)
"""


def test_a_new_server_interrupts_the_killed_run_and_runs_the_waiting_message(server, tmp_path):
    restarted = LiveServer(tmp_path, "restarted")
    with sqlite3.connect(server.db_path) as live, sqlite3.connect(restarted.db_path) as copy:
        live.backup(copy)
    run_id = int(restarted.shell(KILLED).split()[-1])
    restarted.start()
    try:
        deadline = time.monotonic() + SETTLE_S
        while time.monotonic() < deadline and not restarted.query(
            "SELECT 1 FROM assistant_run WHERE question = ? AND status = 'completed'",
            "how do I craft a torch?",
        ):
            time.sleep(0.2)
        killed = restarted.query("SELECT status FROM assistant_run WHERE id = ?", run_id)
        last = restarted.query(
            "SELECT kind FROM assistant_runevent WHERE run_id = ? ORDER BY seq DESC LIMIT 1", run_id
        )
        message = restarted.query(
            "SELECT status FROM assistant_run WHERE question = ?", "how do I craft a torch?"
        )
    finally:
        restarted.stop()

    assert killed == [("interrupted",)]
    assert last == [("run.finished",)]
    assert message == [("completed",)]
