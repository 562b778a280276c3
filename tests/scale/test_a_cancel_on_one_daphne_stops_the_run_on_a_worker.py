"""Cancel from a socket on Daphne A while the run executes on a worker process (R-X3-3, R-SCALE)."""

from __future__ import annotations

import time

import pytest

from tests.scale.client import Player, started_round, until_called
from tests.scale.responders import Scripted

pytestmark = pytest.mark.scale

# R-X3-3: a model call in flight is abandoned, not waited out. The model holds each
# call far longer than any test: a run that ends meanwhile let go of its call, and the
# model server sees the connection closed. How fast (the 100 ms target, end to end:
# socket → Daphne A → Redis → worker → PostgreSQL → Redis → Daphne A → socket) is a
# benchmark figure: ``bench/scale.py`` reports cancel p50/p99, never a timed assertion here.


async def test_a_cancel_through_another_process_stops_the_call_in_flight(stack, model, db, players):
    model.responder = Scripted(hold_from_round=1)
    daphne_a = stack.daphnes[0]
    player = await Player.connect(daphne_a, players["cancel"]["session"])
    for attempt in range(3):
        first = model.calls
        run_id = await player.chat(f"Where does iron come from? ({attempt})")
        await player.until(started_round(run_id))
        await until_called(model, first + 2)  # the route, then the round's decision: held
        calls_before = model.calls
        cancelled_at = time.time()
        await player.send({"type": "run.cancel", "run_id": run_id})
        finished = await player.finished(run_id, timeout=60)
        assert finished["data"]["status"] == "cancelled"

        assert await model.client_closed(len(model.closed_at) - 1), "the call was waited out"
        # A next call (a finalization) would come before run.finished.
        assert model.calls == calls_before, "a model call started after the cancel"
        late_steps = db.value(
            "SELECT count(*) FROM assistant_runevent WHERE run_id = %s "
            "AND kind IN ('tool.started', 'model.called') AND ts > to_timestamp(%s)",
            run_id,
            cancelled_at,
        )
        assert late_steps == 0
        owner, status = db.rows(
            "SELECT lease_owner, status FROM assistant_run WHERE id = %s", run_id
        )[0]
        assert owner.startswith("worker-") and status == "cancelled"
    await player.close()
