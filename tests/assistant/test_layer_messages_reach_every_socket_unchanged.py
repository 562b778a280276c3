"""Through real consumers on the embedded setup's layer: each event is sent to the layer once,
as JSON encoded once, reaches every socket following the run, and no receiver changes a message
(the layer shares one message object among all its receivers instead of copying it)."""

import json

import pytest
from channels.layers import get_channel_layer

from agentweb.lib.inprocess_channel_layer import InProcessChannelLayer
from tests.fakes.model_server import Reply
from tests.fakes.recording_layer import use_recording_layer

pytestmark = pytest.mark.django_db(transaction=True)

TEXT = "Iron ingots come from smelting raw iron in a furnace, one ingot per ore."
ANSWER = json.dumps({"type": "answer", "text": TEXT, "sources": []})
ROUTE = Reply(json.dumps({"workflow": "system:reasoning"}))
# The pieces a held stream sends before it waits for the test: the JSON up to a few
# words of the text.
HELD_AFTER = 10


@pytest.fixture
def recording(settings):
    return use_recording_layer(settings).sent


def test_the_embedded_setup_uses_the_in_process_layer():
    assert isinstance(get_channel_layer(), InProcessChannelLayer)


async def test_two_sockets_get_every_event_once_and_no_message_is_changed(
    recording, connect, alice, server
):
    # The server holds the rest of the answer until the second socket follows the run.
    server.push(ROUTE, Reply(ANSWER, hold_after=HELD_AFTER, chunk_delay_s=0.03))
    first = await connect(alice)
    await first.send({"type": "chat.send", "text": "how do I get iron ingots?"})
    run_id = (await first.recv())["run_id"]
    early = await first.until(lambda f: f["type"] == "run.delta")
    second = await connect(alice)
    await second.send({"type": "run.subscribe", "run_id": run_id, "after_seq": 0})
    joined = await second.until(lambda f: f["type"] == "run.delta")
    server.release()

    got = [
        early + await first.until_finished(run_id),
        joined + await second.until_finished(run_id),
    ]

    # Nothing a receiver did changed a message it was handed.
    assert recording, "the consumers used the recording layer"
    for target, message, at_send in recording:
        assert message == at_send, f"a receiver changed a message to {target}"
    # Each event went to the run's group once, its frame already JSON.
    events = [m for t, m, _ in recording if m["type"] == "run.event"]
    seqs = [m["seq"] for m in events]
    assert seqs == list(range(1, len(seqs) + 1))
    assert all(json.loads(m["text"])["seq"] == m["seq"] for m in events)
    # Both sockets have every event once, and the whole answer.
    for frames in got:
        assert [f["seq"] for f in frames if f["type"] == "run.event"] == seqs
        assert "".join(f["text"] for f in frames if f["type"] == "run.delta") == TEXT
    # Live frames went out as the very text encoded once for the layer.
    live = {m["seq"]: m["text"] for m in events}
    assert json.dumps(got[0][-1]) == live[seqs[-1]]
