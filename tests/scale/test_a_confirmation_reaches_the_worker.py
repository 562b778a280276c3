"""A write confirmed on one Daphne process wakes the run waiting on a worker (R-FREE-2, R-SCALE).

The decision is a database row; the worker is woken through the control group
at once rather than at its next poll of the row.
"""

from __future__ import annotations

import pytest

from tests.scale.client import Player
from tests.scale.responders import Scripted

pytestmark = pytest.mark.scale


async def test_approving_on_daphne_b_lets_the_run_on_a_worker_go_on(stack, model, db, players):
    model.responder = Scripted(tools=1, workflow="system:free_chat", tool=("player.signin", {}))
    session = players["confirm"]["session"]
    watcher = await Player.connect(stack.daphnes[0], session)
    run_id = await watcher.chat("sign me in for today")
    pending = await watcher.until(lambda f: f.get("kind") == "action.pending")

    decider = await Player.connect(stack.daphnes[1], session)
    await decider.send(
        {
            "type": "action.confirm",
            "run_id": run_id,
            "action_id": pending["data"]["action_id"],
            "decision": "approve",
        }
    )
    confirmed = await watcher.until(lambda f: f.get("kind") == "action.confirmed")
    finished = await watcher.finished(run_id)
    await watcher.close()
    await decider.close()

    assert confirmed["data"]["decision"] == "approve"
    assert finished["data"]["status"] == "completed"
    kinds = [f["kind"] for f in watcher.events(run_id)]
    assert kinds.index("action.confirmed") < kinds.index("tool.finished")
    status = db.value("SELECT status FROM assistant_pendingaction WHERE run_id = %s", run_id)
    assert status == "approved"
