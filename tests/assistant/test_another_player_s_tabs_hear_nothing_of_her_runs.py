"""A socket hears only its own player's runs: while alice's message runs, bob's open tab
gets no ``chat.accepted`` and no event of it — neither by the announcement to alice's
tabs nor by asking for the run (refused like an unknown run)."""

import pytest

from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


async def test_bob_s_tab_hears_nothing_while_alice_s_run_goes_on(connect, alice, bob, model):
    model.push(route("system:chat"), answer("Only for alice."))
    hers, his = await connect(alice), await connect(bob)

    await hers.send({"type": "chat.send", "text": "a secret question", "client_msg_id": "s"})
    run_id = (await hers.recv())["run_id"]
    await his.send({"type": "run.subscribe", "run_id": run_id, "after_seq": 0})
    refused = await his.recv()
    await hers.until_finished(run_id)

    assert refused == {
        "type": "error",
        "code": "unknown_run",
        "message": f"There is no run {run_id}.",
    }
    assert await his.nothing()
