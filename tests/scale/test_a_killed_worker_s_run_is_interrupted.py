"""``kill -9`` a worker mid-run: its lease expires and the run is interrupted (R-REL-1, R-SCALE).

The reaper interrupts rather than re-runs a run that has persisted events: it
may have made billed model calls, and a second execution would bill them again.
"""

from __future__ import annotations

import asyncio
import signal
import time

import pytest

from tests.scale.client import Player, seqs, started_round, until_called
from tests.scale.conftest import TEST_LEASE_S
from tests.scale.responders import Scripted

pytestmark = pytest.mark.scale

# Bounds of waits that would otherwise hang (the reap comes one lease and a beat later).
REAP_WITHIN_S = float(TEST_LEASE_S) * 4 + 60


async def test_the_run_of_a_killed_worker_is_interrupted_and_billed_once(stack, model, db, players):
    model.responder = Scripted(hold_from_round=2)
    player = await Player.connect(stack.daphnes[0], players["kill"]["session"])
    run_id = await player.chat("Where does iron come from?")
    await player.until(lambda f: f.get("kind") == "tool.finished" and f["run_id"] == run_id)
    await player.until(started_round(run_id))
    await until_called(model, 3)  # the route, then a decision per round: the second is in flight
    owner = db.value("SELECT lease_owner FROM assistant_run WHERE id = %s", run_id)
    victim = next(w for w in stack.workers if w.name == owner)
    seen_before_kill = list(player.events(run_id))

    victim.kill9()
    calls_at_kill = model.calls
    finished = await player.finished(run_id, timeout=REAP_WITHIN_S)
    stack.workers.remove(victim)
    stack.add_worker(f"{owner}-replacement").wait_ready()

    assert finished["data"]["status"] == "interrupted"
    assert "worker" in finished["data"]["stop_reason"]["message"]
    events = db.rows(
        "SELECT seq, kind FROM assistant_runevent WHERE run_id = %s ORDER BY seq", run_id
    )
    assert [seq for seq, _ in events] == list(range(1, len(events) + 1))
    assert [(f["seq"], f["kind"]) for f in seen_before_kill] == events[: len(seen_before_kill)]
    assert events[-1] == (finished["seq"], "run.finished")
    assert seqs(player.events(run_id)) == [seq for seq, _ in events]
    status, stop = db.rows("SELECT status, stop_reason FROM assistant_run WHERE id = %s", run_id)[0]
    assert status == "interrupted" and stop["code"] == "interrupted"

    # Nothing billed twice: the run ended interrupted (never re-run, so no call after the
    # kill), one ledger row per call that completed.
    assert model.calls == calls_at_kill
    billed = db.value("SELECT count(*) FROM control_usageentry WHERE run_id = %s", run_id)
    completed = sum(1 for _, kind in events if kind == "model.called")
    assert billed == completed
    assert calls_at_kill - 1 <= billed <= calls_at_kill  # the call in flight died with it
    await player.close()
    # The killed worker's model-call slot comes back by itself once its heartbeat
    # has stopped renewing it (one lease), nobody resets the gate.
    deadline = time.monotonic() + REAP_WITHIN_S
    while time.monotonic() < deadline:
        if db.value("SELECT count(*) FROM control_modelcallslot WHERE expires_at > now()") == 0:
            break
        await asyncio.sleep(0.1)
    assert db.value("SELECT count(*) FROM control_modelcallslot WHERE expires_at > now()") == 0


async def test_a_worker_stopped_with_sigterm_finishes_its_run_first(stack, model, db, players):
    model.latency_s = 0.5
    player = await Player.connect(stack.daphnes[1], players["kill"]["session"])
    run_id = await player.chat("Where does copper come from?")
    await player.until(started_round(run_id))
    owner = db.value("SELECT lease_owner FROM assistant_run WHERE id = %s", run_id)
    worker = next(w for w in stack.workers if w.name == owner)

    worker.popen.send_signal(signal.SIGTERM)  # a deploy: stop claiming, drain, exit
    finished = await player.finished(run_id, timeout=30)
    exit_code = await asyncio.to_thread(worker.popen.wait, 30)
    stack.workers.remove(worker)
    stack.add_worker(f"{owner}-next").wait_ready()
    await player.close()

    assert finished["data"]["status"] == "completed"
    assert exit_code == 0
    assert "stopped" in worker.log()
