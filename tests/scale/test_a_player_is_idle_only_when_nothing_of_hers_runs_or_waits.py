"""What the scale tests wait for before they count: a player none of whose runs is queued
or running and none of whose messages waits (``Db.player_idle``).

When a run ends, the oldest message queued behind it becomes the next run in one
commit (``inbox.promote_after``). A check that read the runs and the messages in two
statements could fall on either side of that commit — no run yet, then no message
any more — and call the player idle while her last run is only starting; the
counts that follow then find a run with no outcome yet.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.scale.stack import ROOT, Db, stack_env

pytestmark = pytest.mark.scale

# A player whose run has ended with one message queued behind it; the message becomes a
# run (the product's own promotion), held uncommitted until the test sends a line.
PROMOTING = """
import json, sys
from django.contrib.auth import get_user_model
from django.db import transaction
from agentweb.assistant.inbox import promote_after
from agentweb.assistant.models import InboxEntry, Run

player = get_user_model().objects.create(username="idle-check")
ended = Run.objects.create(user=player, question="first", status="failed")
InboxEntry.objects.create(user=player, run=ended, text="second")
with transaction.atomic():
    promoted = promote_after(ended.pk)
    print("PROMOTING=" + json.dumps({"player": player.pk, "run": promoted}), flush=True)
    sys.stdin.readline()
print("COMMITTED", flush=True)
"""


class CommitsAfterEachStatement(Db):
    """The database as a check sees it while another process commits right after the
    check's first statement."""

    def __init__(self, url: str, promoting: subprocess.Popen[str]) -> None:
        super().__init__(url)
        self.promoting = promoting
        self.statements = 0

    def rows(self, sql: str, *params: object) -> list[tuple]:
        found = super().rows(sql, *params)
        self.statements += 1
        if self.statements == 1:
            self.promoting.stdin.write("\n")
            self.promoting.stdin.flush()
            assert self.promoting.stdout.readline().strip() == "COMMITTED"
        return found


def test_a_message_that_becomes_a_run_during_the_check_is_never_missed(
    second_db_url, scale_urls, model_server
):
    # The session's copy of the database: no worker claims the promoted run meanwhile.
    env = stack_env(second_db_url, scale_urls[1], model_server.url)
    promoting = subprocess.Popen(
        [sys.executable, "manage.py", "shell", "-c", PROMOTING],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        line = ""
        while not line.startswith("PROMOTING="):  # after what the shell says first
            line = promoting.stdout.readline()
            assert line, "the promoting process exited"
        ids = json.loads(line.split("=", 1)[1])
        racing = CommitsAfterEachStatement(second_db_url, promoting)

        # Read before the commit (the message waits) or after it (its run is queued):
        # never neither.
        assert not racing.player_idle(ids["player"])
        assert promoting.wait(timeout=30) == 0
    finally:
        if promoting.poll() is None:
            promoting.kill()
            promoting.wait()

    db = Db(second_db_url)
    try:
        assert db.value("SELECT status FROM assistant_run WHERE id = %s", ids["run"]) == "queued"
        assert not db.player_idle(ids["player"])
    finally:  # no run is left queued for a stack that comes to this database later
        db.execute("UPDATE assistant_run SET status = 'failed' WHERE id = %s", ids["run"])
    assert db.player_idle(ids["player"])
