"""A message queued while the answer streams takes a seq in the trace, and the answer
goes on streaming: only a step of the loop ends the text a delta follows."""

import json

import pytest

from tests.fakes.model_server import Reply

pytestmark = pytest.mark.django_db(transaction=True)

WORDS = [f"word{i} " for i in range(39)] + ["word39"]
TEXT = "".join(WORDS)
PIECES = ['{"type":"answer","text":"', *WORDS, '","sources":[]}']


async def test_deltas_go_on_after_a_message_queued_mid_answer(connect, alice, server):
    server.push(
        Reply(json.dumps({"workflow": "system:reasoning"})),
        # Held half-way until the second message is queued.
        Reply("".join(PIECES), chunks=PIECES, chunk_delay_s=0.01, hold_after=len(PIECES) // 2),
    )
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "how do I get iron ingots?"})
    run_id = (await socket.recv())["run_id"]
    frames = await socket.until(lambda f: f["type"] == "run.delta")
    await socket.send({"type": "chat.send", "text": "and gold?", "client_msg_id": "q-1"})
    frames += await socket.until(lambda f: f.get("kind") == "inbox.queued")
    server.release()
    frames += await socket.until_finished(run_id)

    queued_at = next(i for i, f in enumerate(frames) if f.get("kind") == "inbox.queued")
    later = [f for f in frames[queued_at:] if f["type"] == "run.delta"]
    assert later, "the answer stopped streaming at the queued message"
    # As the page shows them: each delta's text from its offset on (the re-subscribe of
    # the queued message brings a sync of everything streamed so far, from offset 0).
    shown = ""
    for delta in (f for f in frames if f["type"] == "run.delta"):
        if delta["offset"] <= len(shown):
            shown += delta["text"][len(shown) - delta["offset"] :]
    assert shown == TEXT
    events = [f for f in frames if f["type"] == "run.event"]
    assert [f["seq"] for f in events] == list(range(1, len(events) + 1))
