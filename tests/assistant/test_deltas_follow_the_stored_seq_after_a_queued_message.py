"""A message queued mid-run takes a seq in the trace: the deltas that follow name the stored seq."""

import json

import pytest

from tests.fakes.model_server import Reply

pytestmark = pytest.mark.django_db(transaction=True)

TEXT = "Smelt raw iron in a furnace: one ingot per ore, a little experience too."
ANSWER = json.dumps({"type": "answer", "text": TEXT, "sources": []})


async def test_deltas_after_a_queued_message_carry_the_seq_the_socket_has(connect, alice, server):
    # The router's reply is held until the second message is queued.
    route = Reply(json.dumps({"workflow": "system:reasoning"}), hold_after=0)
    server.push(route, Reply(ANSWER, chunk_delay_s=0.01))
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "how do I get iron ingots?"})
    run_id = (await socket.recv())["run_id"]
    frames = await socket.until(lambda f: f.get("kind") == "model.started")
    await socket.send({"type": "chat.send", "text": "and gold?", "client_msg_id": "q-1"})
    frames += await socket.until(lambda f: f.get("kind") == "inbox.queued")
    server.release()
    frames += await socket.until_finished(run_id)

    events = [f for f in frames if f["type"] == "run.event"]
    queued = next(f for f in events if f["kind"] == "inbox.queued")
    answering = [f for f in events if f["kind"] == "model.started" and f["seq"] > queued["seq"]]
    deltas = [f for f in frames if f["type"] == "run.delta"]
    assert answering, "the answer's model call started after the queued message"
    assert deltas, "the answer streamed to the socket"
    assert {d["after_seq"] for d in deltas} == {answering[-1]["seq"]}
    assert "".join(d["text"] for d in deltas) == TEXT
    assert [f["seq"] for f in events] == list(range(1, len(events) + 1))
