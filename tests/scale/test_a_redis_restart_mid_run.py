"""Redis restarted mid-run: the run goes on, clients resume from the database (R-SCALE, R-X3-2).

The channel layer is only a doorbell: events are persisted first, a failed
broadcast is logged and skipped, and a client that reconnects replays from its
last seq. After the restart the processes re-join their groups, so new runs,
live events and cancels work again without restarting anything.
"""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from agentweb.assistant.bus import REJOIN_S
from tests.scale.client import Player, seqs, started_round
from tests.scale.responders import Scripted
from tests.scale.stack import Db, Stack

pytestmark = pytest.mark.scale

RECOVERY_TIMEOUT_S = 30


async def test_runs_survive_a_redis_restart_and_clients_resume(
    stack_env_vars, second_db_url, own_redis, model, players, tmp_path
):
    env = {**stack_env_vars, "DATABASE_URL": second_db_url, "REDIS_URL": own_redis.redis_url}
    stack = Stack(env, tmp_path)
    db = Db(second_db_url)
    try:
        stack.start(daphnes=1, workers=1)
        model.latency_s = 0.5
        model.responder = Scripted(tools=3)
        session = players["redis"]["session"]
        player = await Player.connect(stack.daphnes[0], session)
        run_id = await player.chat("Where does iron come from?")
        await player.until(started_round(run_id))

        own_redis.restart_redis()

        # The old socket may be closed by the server or simply hear nothing more:
        # the client reconnects and resumes from the last seq it saw.
        await asyncio.sleep(0.5)
        with contextlib.suppress(Exception):
            await player.close()
        last = player.events(run_id)[-1]["seq"]
        again = await Player.connect(stack.daphnes[0], session, retry_for=RECOVERY_TIMEOUT_S)
        await again.send({"type": "run.subscribe", "run_id": run_id, "after_seq": last})
        finished = await again.finished(run_id, timeout=RECOVERY_TIMEOUT_S)
        seen = seqs(player.events(run_id)) + seqs(again.events(run_id))
        assert seen == list(range(1, len(seen) + 1))
        assert finished["data"]["status"] == "completed"
        stored = db.value("SELECT last_seq FROM assistant_run WHERE id = %s", run_id)
        assert stored == seen[-1]

        # The layer is back: a new run is picked up, streams live and can be cancelled.
        model.latency_s = 1.0
        await asyncio.sleep(REJOIN_S + 1)  # every listener has re-joined its group by now
        second = await again.chat("And where does copper come from?")
        await again.until(started_round(second), timeout=RECOVERY_TIMEOUT_S)
        await again.send({"type": "run.cancel", "run_id": second})
        stopped = await again.finished(second, timeout=RECOVERY_TIMEOUT_S)
        assert stopped["data"]["status"] == "cancelled"
        await again.close()
    except BaseException:
        print(stack.logs())
        raise
    finally:
        stack.stop()
