"""On PostgreSQL a group of many runs' events is one statement, a group of settled model
calls (slots, refunds, tokens, ledger rows) is one, and a group of calls starting together
takes its quota in one and its slots in one: in autocommit, no transaction to open."""

from __future__ import annotations

import json

import pytest

from tests.scale.stack import Db, manage, stack_env

pytestmark = pytest.mark.scale

SCRIPT = """
import json
from django.contrib.auth import get_user_model
from django.db import connection
from agentweb.assistant.models import Run
from agentweb.assistant.runs import events
from agentweb.control import admission, quotas, settlement
from agentweb.control.models import ModelCallSlot
from agentweb.engine.events import Event, EventKind
from tests.sql_counts import counting_statements

players = [get_user_model().objects.get_or_create(username=f"groups-{n}")[0] for n in range(3)]
runs = [Run.objects.create(user=p, question="q", status="running", lease_owner="w1")
        for p in players]
ModelCallSlot.objects.bulk_create([ModelCallSlot(number=n) for n in range(1, 11)],
                                  ignore_conflicts=True)
day = quotas.today()
for p in players:
    quotas.reserve_model_call(p.pk)  # the day rows exist
out = {"autocommit": connection.get_autocommit()}

with counting_statements() as sent:
    written = events.persist([
        (run.pk, "w1", [Event(k, EventKind.ROUND_STARTED, {"k": k}) for k in range(1 + n)])
        for n, run in enumerate(runs)
    ])
out["events"] = sent.sql
out["seqs"] = [[row.seq for row in rows] for rows in written]

with counting_statements() as sent:
    admitted = admission.decide(
        [admission.Request(p.pk, day, run.pk, 30.0) for p, run in zip(players, runs)]
    )
out["admit"] = sent.sql
out["slots"] = [a.slot.pk for a in admitted]

usage = lambda p, run: {
    "user_id": p.pk, "run_id": run.pk, "workflow": "w", "purpose": "decide",
    "model": "m", "tokens_in": 10, "tokens_out": 5, "latency_ms": 50.0, "outcome": "ok",
}
items = [settlement.Settlement(p.pk, day, a.slot, usage(p, run) if n else None)
         for n, (p, run, a) in enumerate(zip(players, runs, admitted))]
with counting_statements() as sent:
    out["settled"] = [str(e) if e else None for e in settlement.write(items)]
out["settle"] = sent.sql
out["players"] = [p.pk for p in players]
out["runs"] = [run.pk for run in runs]
print("OUT=" + json.dumps(out))
"""


def first_words(sql: list[str]) -> list[str]:
    return [s.split(None, 1)[0].upper() for s in sql]


def test_a_group_of_events_settlements_or_admissions_opens_no_transaction(
    scale_db, scale_urls, model_server
):
    env = stack_env(
        scale_db[0], scale_urls[1], model_server.url, AGENTWEB_MAX_CONCURRENT_MODEL_CALLS="10"
    )
    out = json.loads(manage(env, "shell", "-c", SCRIPT).split("OUT=", 1)[1])
    db = Db(scale_db[0])
    players, runs = out["players"], out["runs"]

    assert out["autocommit"]
    assert first_words(out["events"]) == ["WITH"], out["events"]
    assert out["seqs"] == [[1], [1, 2], [1, 2, 3]]
    for run, count in zip(runs, (1, 2, 3), strict=True):
        seqs = db.rows("SELECT seq FROM assistant_runevent WHERE run_id = %s ORDER BY seq", run)
        assert [s for (s,) in seqs] == list(range(1, count + 1))
        assert db.value("SELECT last_seq FROM assistant_run WHERE id = %s", run) == count

    # The quota in one UPDATE, the three slots in one more.
    assert first_words(out["admit"]) == ["UPDATE", "WITH"], out["admit"]
    assert len(set(out["slots"])) == 3

    assert out["settled"] == [None, None, None]
    assert first_words(out["settle"]) == ["WITH"], out["settle"]
    held = db.value(
        "SELECT count(*) FROM control_modelcallslot WHERE id = ANY(%s) AND expires_at IS NOT NULL",
        out["slots"],
    )
    assert held == 0  # every slot given back
    calls = db.rows(
        "SELECT user_id, model_calls, tokens FROM control_dailyusage WHERE user_id = ANY(%s) "
        "ORDER BY user_id",
        players,
    )
    # The first call was never made (refunded); the others are billed 15 tokens each.
    assert calls == sorted([(players[0], 1, 0), (players[1], 2, 15), (players[2], 2, 15)])
    ledger = db.rows(
        "SELECT run_id FROM control_usageentry WHERE user_id = ANY(%s) ORDER BY run_id", players
    )
    assert ledger == [(runs[1],), (runs[2],)]
