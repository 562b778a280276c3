"""Undo from a Daphne process of a run executing on a worker (R-MEM-1, R-MEM-2, R-SCALE)."""

from __future__ import annotations

import pytest

from tests.scale.client import Player, started_round, until_called
from tests.scale.responders import Scripted

pytestmark = pytest.mark.scale


async def test_undo_stops_the_run_on_the_worker_and_marks_it_undone(stack, model, db, players):
    model.responder = Scripted(hold_from_round=1)  # a decision is held until let go
    session = players["confirm"]["session"]
    player = await Player.connect(stack.daphnes[1], session)
    run_id = await player.chat("Where does gold come from?")
    await player.until(started_round(run_id))
    await until_called(model, 2)  # the route, then the round's decision: in flight on the worker
    calls = model.calls
    await player.send({"type": "run.undo", "run_id": run_id})
    finished = await player.finished(run_id, timeout=60)
    await player.close()

    assert finished["data"]["status"] == "undone"
    # No compensation or finalization call (R-MEM-2): one would come before run.finished.
    assert model.calls == calls
    status, owner = db.rows("SELECT status, lease_owner FROM assistant_run WHERE id = %s", run_id)[
        0
    ]
    assert status == "undone" and owner.startswith("worker-")
    assert db.value("SELECT count(*) FROM assistant_exchange WHERE run_id = %s", run_id) == 0
