"""On PostgreSQL, processes writing events of the same runs at once never take one number
twice: groups of many runs' events (fenced by a lease, and unfenced) and single events
appended from outside the loop leave each run's numbers gapless, each writer's in order."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys

import pytest

from tests.scale.stack import ROOT, Db, manage, stack_env

pytestmark = pytest.mark.scale

RUNS = 8
ROUNDS = 30
WRITERS = ("fenced", "unfenced", "append")

SETUP = """
from django.contrib.auth import get_user_model
from agentweb.assistant.models import Run
user, _ = get_user_model().objects.get_or_create(username="numbers")
runs = [Run.objects.create(user=user, question=f"q{i}", status="running", lease_owner="w1")
        for i in range(COUNT)]
print("RUNS=" + ",".join(str(run.pk) for run in runs))
"""

WRITER = """
import sys
from agentweb.assistant.runs import events
from agentweb.engine.events import Event, EventKind, InboxQueued
print("READY", flush=True)
sys.stdin.readline()  # all writers start together
for i in range(ROUNDS):
    if ROLE == "append":
        for run in RUN_IDS:
            assert events.append(run, InboxQueued(entry_id=i, text=ROLE))
        continue
    owner = "w1" if ROLE == "fenced" else None
    order = RUN_IDS if ROLE == "fenced" else RUN_IDS[::-1]
    items = [
        (run, owner, [Event(k, EventKind.ROUND_STARTED, {"w": ROLE, "i": i, "k": k})
                      for k in range(1 + (run + i) % 3)])
        for run in order
    ]
    failed = [r for r in events.persist(items) if isinstance(r, BaseException)]
    assert not failed, failed
print("WROTE")
"""


def test_concurrent_writers_in_three_processes_leave_every_run_gapless(
    scale_db, scale_urls, model_server
):
    env = stack_env(scale_db[0], scale_urls[1], model_server.url)
    out = manage(env, "shell", "-c", SETUP.replace("COUNT", str(RUNS)))
    run_ids = [int(pk) for pk in out.split("RUNS=", 1)[1].strip().split(",")]

    writers = [
        subprocess.Popen(
            [sys.executable, "manage.py", "shell", "-c", _writer(role, run_ids)],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for role in WRITERS
    ]
    for writer in writers:
        _wait_ready(writer)
    for writer in writers:
        writer.stdin.write("go\n")
        writer.stdin.flush()
    for writer in writers:
        output, _ = writer.communicate(timeout=300)
        assert writer.returncode == 0 and "WROTE" in output, output

    db = Db(scale_db[0])
    interleaved = 0
    for run in run_ids:
        rows = db.rows(
            "SELECT seq, data FROM assistant_runevent WHERE run_id = %s ORDER BY seq", run
        )
        # An appended event is an inbox.queued (its round as the entry id); the others say
        # who wrote them.
        rows = [
            (seq, d if "w" in d else {"w": d["text"], "i": d["entry_id"], "k": 0})
            for seq, d in rows
        ]
        seqs = [seq for seq, _ in rows]
        changes = sum(a["w"] != b["w"] for (_, a), (_, b) in itertools.pairwise(rows))
        interleaved += changes > len(WRITERS) - 1
        assert seqs == list(range(1, len(rows) + 1))
        assert db.value("SELECT last_seq FROM assistant_run WHERE id = %s", run) == len(rows)
        for role in WRITERS:
            mine = [(d["i"], d["k"]) for _, d in rows if d["w"] == role]
            expected = [
                (i, k)
                for i in range(ROUNDS)
                for k in range(1 if role == "append" else 1 + (run + i) % 3)
            ]
            assert mine == expected, role
    assert interleaved, "the writers never wrote at the same time"


def _writer(role: str, run_ids: list[int]) -> str:
    return (
        WRITER.replace("ROUNDS", str(ROUNDS))
        .replace("ROLE", json.dumps(role))
        .replace("RUN_IDS", repr(run_ids))
    )


def _wait_ready(writer: subprocess.Popen) -> None:
    seen = []
    while (line := writer.stdout.readline()) and line.strip() != "READY":
        seen.append(line)
    assert line, "".join(seen)
