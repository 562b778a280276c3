"""On PostgreSQL a worker claims queued runs in one statement (no transaction): the
oldest first, up to its free capacity, each under its lease; a run another worker holds
locked meanwhile is skipped, not waited for, and nothing is claimed twice."""

from __future__ import annotations

import json

import pytest

from tests.scale.stack import Db, manage, stack_env

pytestmark = pytest.mark.scale

SCRIPT = """
import json
import threading
from django.contrib.auth import get_user_model
from django.db import connection, connections, transaction
from agentweb.assistant.models import Run
from agentweb.assistant import config
from agentweb.assistant.runs import leases, start
from tests.sql_counts import counting_statements

player = get_user_model().objects.get_or_create(username="claim-shape")[0]
# A private copy of the database: nothing else is queued, no worker claims here.
Run.objects.filter(status="queued").update(status="cancelled")
runs = [Run.objects.create(user=player, question=f"q {i}").pk for i in range(4)]
out = {"runs": runs, "autocommit": connection.get_autocommit()}
locked, release = threading.Event(), threading.Event()

def hold_the_oldest():
    with transaction.atomic():
        list(Run.objects.select_for_update().filter(pk=runs[0]).values_list("pk"))
        locked.set()
        release.wait(30)
    connections.close_all()

holder = threading.Thread(target=hold_the_oldest)
holder.start()
locked.wait(30)
with counting_statements() as first:
    out["first"] = leases.claim_queued("w-a", 2)
with counting_statements() as second:
    out["second"] = leases.claim_queued("w-b", 5)
# The run's start uses the row its worker's claim returned: no statement of its own,
# unless the prompts changed since or the row is too old.
prompts = config.snapshot().prompts
with counting_statements() as handed:
    run = start.claim(runs[1], "w-a", prompts)
out["handed"] = [[s for s in handed.sql if "control_" not in s], run.status, run.question]
with counting_statements() as changed:
    start.claim(runs[2], "w-a", {**prompts, "extra": "changed"})
start.HANDED_OVER_S = 0.0
with counting_statements() as stale:
    start.claim(runs[3], "w-b", prompts)
out["own"] = [[s for s in c.sql if "control_" not in s] for c in (changed, stale)]
release.set()
holder.join()
out["third"] = leases.claim_queued("w-b", 5)
out["empty"] = leases.claim_queued("w-a", 5)
# The configuration's statements (the settings row, re-read now and then) aside.
out["sql"] = [[s for s in c.sql if "control_" not in s] for c in (first, second)]
print("OUT=" + json.dumps(out))
"""


def test_queued_runs_are_claimed_in_one_statement_each_once(quiet_db_url, scale_urls, model_server):
    env = stack_env(quiet_db_url, scale_urls[1], model_server.url)
    out = json.loads(manage(env, "shell", "-c", SCRIPT).split("OUT=", 1)[1])
    runs = out["runs"]

    assert out["autocommit"]
    for sql in out["sql"]:
        assert [s.split(None, 1)[0].upper() for s in sql] == ["WITH"], sql
    # The oldest is locked elsewhere: skipped, not waited for; then claimed once it is free.
    assert out["first"] == runs[1:3]
    assert out["second"] == runs[3:]
    assert out["third"] == runs[:1]
    assert out["empty"] == []
    assert out["handed"] == [[], "running", "q 1"]
    for sql in out["own"]:
        assert [s.split(None, 1)[0].upper() for s in sql] == ["UPDATE"], sql
    owners = dict(
        Db(quiet_db_url).rows(
            "SELECT id, lease_owner FROM assistant_run WHERE id = ANY(%s) "
            "AND status = 'running' AND lease_expires_at > now() AND started_at IS NOT NULL",
            runs,
        )
    )
    assert owners == {runs[0]: "w-b", runs[1]: "w-a", runs[2]: "w-a", runs[3]: "w-b"}
    # Each with its prompt snapshot: the claim's, or the one its start wrote instead.
    snapshots = dict(
        Db(quiet_db_url).rows(
            "SELECT id, prompt_snapshot ? 'extra' FROM assistant_run "
            "WHERE id = ANY(%s) AND prompt_snapshot <> '{}'::jsonb",
            runs,
        )
    )
    assert snapshots == {runs[0]: False, runs[1]: False, runs[2]: True, runs[3]: False}
