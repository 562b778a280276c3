"""A client reconnects to another Daphne process mid-run and resumes by seq (R-X3-2, R-SCALE)."""

from __future__ import annotations

import pytest

from tests.scale.client import Player, seqs, started_round

pytestmark = pytest.mark.scale


async def test_resuming_on_another_process_has_no_gap_and_no_duplicate(stack, model, db, players):
    model.latency_s = 0.4
    daphne_a, daphne_b = stack.daphnes
    session = players["reconnect"]["session"]
    first = await Player.connect(daphne_a, session)
    run_id = await first.chat("Where does iron come from?")
    await first.until(started_round(run_id))
    before = first.events(run_id)
    await first.close()

    second = await Player.connect(daphne_b, session)
    await second.send({"type": "run.subscribe", "run_id": run_id, "after_seq": before[-1]["seq"]})
    finished = await second.finished(run_id)
    after = second.events(run_id)
    await second.close()

    seen = seqs(before) + seqs(after)
    assert seen == list(range(1, len(seen) + 1))
    assert finished["data"]["status"] == "completed"
    stored = [
        row[0]
        for row in db.rows(
            "SELECT seq FROM assistant_runevent WHERE run_id = %s ORDER BY seq", run_id
        )
    ]
    assert stored == seen
