"""One follower: a second tab of the player (told by the announcement) and the run's SSE
stream, both joining while the answer is being written, carry the same events in the
same order once each, and their deltas add up to the same answer — what the tab that
sent the message got live."""

import json

import pytest
from django.test import AsyncClient

from agentweb.assistant.runs.executor import executor
from tests.fakes.model_server import Reply

pytestmark = pytest.mark.django_db(transaction=True)

TEXT = "Gold ore smelts into a gold ingot in any furnace."
ANSWER = json.dumps({"type": "answer", "text": TEXT, "sources": []})


def _sse(raw: str) -> list[tuple[str, dict]]:
    messages = []
    for block in raw.split("\n\n"):
        fields = dict(
            line.split(": ", 1) for line in block.splitlines() if ": " in line and line[0] != ":"
        )
        if "data" in fields:
            messages.append((fields["event"], json.loads(fields["data"])))
    return messages


async def test_a_second_tab_and_the_stream_carry_the_same_run(connect, alice, server):
    # The answer holds after its first words: both followers join mid-answer.
    head, tail = ANSWER.split("smelts")
    answer = Reply(ANSWER, chunks=[head, "smelts", tail], chunk_delay_s=0.005, hold_after=2)
    server.push(Reply('{"workflow":"system:reasoning"}'), answer)
    client = AsyncClient()
    await client.aforce_login(alice)
    sender, second = await connect(alice), await connect(alice)

    await sender.send({"type": "chat.send", "text": "how do I get gold ingots?"})
    run_id = (await sender.recv())["run_id"]
    early = await second.until(lambda f: f["type"] == "run.delta")
    response = await client.get(f"/api/runs/{run_id}/stream")
    pieces = response.streaming_content.__aiter__()
    raw = ""
    while "event: run.delta" not in raw:  # the stream has what was written so far
        raw += (await pieces.__anext__()).decode()
    server.release()
    raw += "".join([chunk.decode() async for chunk in pieces])
    sent = await sender.until_finished(run_id)
    heard = early + await second.until_finished(run_id)
    await executor.wait_all()

    streamed = _sse(raw)
    by_stream = [(d["seq"], d["kind"]) for event, d in streamed if event == "run.event"]
    by_tab = [(f["seq"], f["kind"]) for f in heard if f["type"] == "run.event"]
    by_sender = [(f["seq"], f["kind"]) for f in sent if f["type"] == "run.event"]
    assert by_stream == by_tab == by_sender
    assert [seq for seq, _ in by_tab] == list(range(1, len(by_tab) + 1))
    assert "".join(d["text"] for event, d in streamed if event == "run.delta") == TEXT
    assert "".join(f["text"] for f in heard if f["type"] == "run.delta") == TEXT
    assert await second.nothing()
