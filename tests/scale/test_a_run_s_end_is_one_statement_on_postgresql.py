"""On PostgreSQL a run's own end — its row, ``run.finished`` and the exchange it leaves
in memory — is one statement, then one read of its inbox: no transaction is opened.
The exchange is still written only for a run that ended here, was not undone and
whose memory generation is the player's."""

from __future__ import annotations

import json

import pytest

from tests.scale.stack import Db, manage, stack_env

pytestmark = pytest.mark.scale

SCRIPT = """
import json
from django.contrib.auth import get_user_model
from django.db import connection
from agentweb.assistant.models import InboxEntry, MemoryState, Run
from agentweb.assistant.runs import end
from agentweb.engine import StopCode, StopReason
from tests.sql_counts import counting_statements

out = {"autocommit": connection.get_autocommit()}
cases = {}
for name in ("plain", "undone", "forgotten", "other_lease", "waiting", "cancelled"):
    player = get_user_model().objects.get_or_create(username=f"end-{name}")[0]
    MemoryState.objects.update_or_create(user=player, defaults={"generation": 1})
    run = Run.objects.create(user=player, question=f"q {name}", status="running",
                             lease_owner="w1", undo_requested=name == "undone",
                             memory_generation=1)
    if name == "forgotten":
        MemoryState.objects.filter(user=player).update(generation=2)
    if name == "waiting":
        InboxEntry.objects.create(user=player, run_id=run.pk, text="next")
    cases[name] = run
for name, run in cases.items():
    run = Run.objects.get(pk=run.pk)
    status = "cancelled" if name == "cancelled" else "completed"
    with counting_statements() as sent:
        stored, waiting = end.store(
            run, "w2" if name == "other_lease" else "w1", status,
            StopReason(StopCode.ANSWERED if status == "completed" else StopCode.CANCELLED),
            last=[], remembered=None if name == "cancelled" else f"a {name}", data={},
            answer=f"a {name}",
        )
    out[name] = {"sql": sent.sql, "seqs": [row.seq for row in stored], "waiting": waiting,
                 "run": run.pk}
print("OUT=" + json.dumps(out))
"""


def first_words(sql: list[str]) -> list[str]:
    return [s.split(None, 1)[0].upper() for s in sql]


def test_a_run_s_end_is_one_statement_and_remembers_only_what_it_may(
    scale_db, scale_urls, model_server
):
    env = stack_env(scale_db[0], scale_urls[1], model_server.url)
    out = json.loads(manage(env, "shell", "-c", SCRIPT).split("OUT=", 1)[1])
    db = Db(scale_db[0])

    assert out["autocommit"]
    for name in ("plain", "undone", "forgotten", "waiting", "cancelled"):
        case = out[name]
        assert first_words(case["sql"]) == ["WITH", "SELECT"], (name, case["sql"])
        assert case["seqs"] == [1], name
        assert db.value("SELECT status FROM assistant_run WHERE id = %s", case["run"]) in (
            "completed",
            "cancelled",
        )
        kinds = db.rows("SELECT kind FROM assistant_runevent WHERE run_id = %s", case["run"])
        assert kinds == [("run.finished",)], name
    assert out["waiting"]["waiting"] is True
    assert not any(out[n]["waiting"] for n in ("plain", "undone", "forgotten", "cancelled"))

    # Under another worker's lease: no end, no event, no memory, no inbox read.
    other = out["other_lease"]
    assert first_words(other["sql"]) == ["WITH"] and other["seqs"] == []
    assert db.value("SELECT status FROM assistant_run WHERE id = %s", other["run"]) == "running"

    remembered = dict(
        db.rows(
            "SELECT run_id, answer FROM assistant_exchange WHERE run_id = ANY(%s)",
            [out[n]["run"] for n in out if n != "autocommit"],
        )
    )
    assert remembered == {out["plain"]["run"]: "a plain", out["waiting"]["run"]: "a waiting"}
