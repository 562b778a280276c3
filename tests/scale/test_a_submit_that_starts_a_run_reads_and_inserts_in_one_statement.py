"""On PostgreSQL the usual submit — a message that starts a run at once — is the player's
lock and one statement that reads her and inserts the run. Every other case (a run
active, messages waiting behind an ended run, the assistant off, a resend, her first
message) inserts nothing there and goes on as before."""

from __future__ import annotations

import json

import pytest

from tests.scale.stack import Db, manage, stack_env

pytestmark = pytest.mark.scale

SCRIPT = """
import json
from django.contrib.auth import get_user_model
from agentweb.assistant import actions
from agentweb.assistant.errors import ServiceError
from agentweb.assistant.models import InboxEntry, MemoryState, Run
from tests.sql_counts import counting_statements

out = {}

def player(name, generation=4, enabled=True):
    user = get_user_model().objects.get_or_create(username=f"submit-{name}")[0]
    if generation is not None:
        MemoryState.objects.update_or_create(
            user=user, defaults={"generation": generation, "assistant_enabled": enabled}
        )
    return user

def submit(name, user, text, **kw):
    with counting_statements() as sent:
        try:
            started, entry = actions.submit(user, text, **kw)
            result = {**started.as_dict(), "promoted": started.promoted,
                      "entry": entry.pk if entry else None}
        except ServiceError as e:
            result = {"error": e.code}
    # From the player's lock on (the options' checks read the configuration once first).
    locked = next(i for i, s in enumerate(sent.sql) if "FOR NO KEY UPDATE" in s)
    out[name] = {**result, "user": user.pk,
                 "sql": [s.split(None, 1)[0].upper() for s in sent.sql[locked:]]}

plain = player("plain")
submit("plain", plain, "Where does iron come from?", allow_web=True, client_msg_id="c1",
       options={"reactIterations": 2})
submit("resent", plain, "Where does iron come from?", client_msg_id="c1")
submit("queued", plain, "and copper?")
submit("options_while_active", plain, "and tin?", options={"reactIterations": 2})

behind = player("behind")
ended = Run.objects.create(user=behind, question="ended", status="completed")
InboxEntry.objects.create(user=behind, run=ended, text="left behind")
submit("behind", behind, "after that")
out["behind"]["ended"] = ended.pk

submit("off", player("off", enabled=False), "hello?")
submit("first", player("first", generation=None), "my first message")
print("OUT=" + json.dumps(out))
"""


def test_the_usual_submit_is_the_lock_and_one_statement(quiet_db_url, scale_urls, model_server):
    env = stack_env(quiet_db_url, scale_urls[1], model_server.url)
    out = json.loads(manage(env, "shell", "-c", SCRIPT).split("OUT=", 1)[1])
    db = Db(quiet_db_url)

    def run(run_id):
        return db.rows(
            "SELECT user_id, question, allow_web, client_msg_id, options, memory_generation, "
            "status FROM assistant_run WHERE id = %s",
            run_id,
        )[0]

    def runs_of(name):
        return db.value("SELECT count(*) FROM assistant_run WHERE user_id = %s", out[name]["user"])

    plain = out["plain"]
    assert plain["sql"] == ["SELECT", "WITH"], plain
    assert not plain["queued"] and not plain["duplicate"]
    # The run as the ORM would have written it, with her memory generation.
    user, question, web, msg_id, options, generation, status = run(plain["run_id"])
    assert (user, question, web, msg_id) == (
        plain["user"],
        "Where does iron come from?",
        True,
        "c1",
    )
    assert (options, generation, status) == ({"reactIterations": 2}, 4, "queued")

    assert out["resent"]["duplicate"] and out["resent"]["run_id"] == plain["run_id"]
    # A resend inserts nothing (its run, still active, is locked as any active run is).
    assert out["resent"]["sql"] == ["SELECT", "WITH", "SELECT"]
    queued = out["queued"]
    assert queued["queued"] and queued["run_id"] == plain["run_id"] and queued["entry"]
    assert out["options_while_active"]["error"] == "options_need_new_run"
    assert runs_of("plain") == 1

    # Messages wait behind an ended run: they start first, this one queues behind them.
    behind = out["behind"]
    assert behind["queued"] and behind["promoted"] == behind["run_id"]
    assert run(behind["run_id"])[1] == "left behind"
    assert db.rows(
        "SELECT text, status FROM assistant_inboxentry WHERE user_id = %s ORDER BY id",
        behind["user"],
    ) == [("left behind", "started"), ("after that", "queued")]

    assert out["off"]["error"] == "assistant_off" and runs_of("off") == 0
    first = out["first"]
    assert not first["queued"] and run(first["run_id"])[5] == 0
    assert (
        db.value("SELECT generation FROM assistant_memorystate WHERE user_id = %s", first["user"])
        == 0
    )
