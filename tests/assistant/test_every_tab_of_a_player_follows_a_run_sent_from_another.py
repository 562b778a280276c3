"""A message sent in one tab reaches every other tab of the player: ``chat.accepted`` with
``origin: web`` and the message's text, then every event of its run, once and in order —
while the sending tab gets its own ``chat.accepted`` once, as before."""

import asyncio

import pytest

from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


def _events(frames, run_id):
    return [f for f in frames if f["type"] == "run.event" and f["run_id"] == run_id]


async def test_a_second_tab_hears_the_message_and_follows_its_run_live(connect, alice, model):
    model.push(route("system:chat"), answer("Torches need a stick and coal."))
    tab_a, tab_b = await connect(alice), await connect(alice)

    text = " how do I make a torch? "
    await tab_a.send({"type": "chat.send", "text": text, "client_msg_id": "t1"})
    sent = await tab_a.until(lambda f: f.get("kind") == "run.finished")
    heard = await tab_b.until(lambda f: f.get("kind") == "run.finished")

    own = [f for f in sent if f["type"] == "chat.accepted"]
    assert len(own) == 1 and own[0]["origin"] == "web" and "text" not in own[0]
    told = heard[0]
    run_id = own[0]["run_id"]
    assert told["type"] == "chat.accepted"
    assert told["run_id"] == run_id
    assert told["origin"] == "web"
    assert told["client_msg_id"] == "t1"
    assert told["text"] == "how do I make a torch?"
    assert told["queued"] is False
    events = _events(heard, run_id)
    assert [f["seq"] for f in events] == list(range(1, len(events) + 1))
    assert [f["seq"] for f in events] == [f["seq"] for f in _events(sent, run_id)]
    assert events[-1]["data"]["text"] == "Torches need a stick and coal."
    assert await tab_a.nothing() and await tab_b.nothing()


async def test_a_tab_that_joins_mid_run_gets_the_events_it_missed_then_the_rest(
    connect, alice, model
):
    gate = asyncio.Event()

    async def held(request):
        await gate.wait()
        return answer("Slowly, but surely.")

    model.push(route("system:chat"), held)
    tab_a, tab_b = await connect(alice), await connect(alice)
    await tab_a.send({"type": "chat.send", "text": "take your time", "client_msg_id": "t2"})
    run_id = (await tab_a.recv())["run_id"]
    await tab_b.until(lambda f: f.get("kind") == "model.started" and f["run_id"] == run_id)
    gate.set()
    heard = await tab_b.until_finished(run_id)

    await tab_a.until_finished(run_id)
    assert heard[-1]["data"]["status"] == "completed"
    assert await tab_b.nothing()
