"""GET /api/runs/<id>/stream: persisted events (id = seq) and answer deltas as server-sent
events, resumable with Last-Event-ID."""

import asyncio
import json

import pytest
from django.test import AsyncClient

from agentweb.assistant.runs.executor import executor
from tests.fakes.model_server import Reply

pytestmark = pytest.mark.django_db(transaction=True)

TEXT = "Gold ore smelts into a gold ingot in any furnace."
ANSWER = json.dumps({"type": "answer", "text": TEXT, "sources": []})


@pytest.fixture
async def client(alice):
    client = AsyncClient()
    await client.aforce_login(alice)
    return client


async def _read(response) -> list[dict]:
    """The SSE messages of a response, as dicts of their fields (data parsed as JSON)."""
    raw = b"".join([chunk async for chunk in response.streaming_content]).decode()
    messages = []
    for block in raw.split("\n\n"):
        fields = {}
        for line in block.splitlines():
            if line.startswith(":") or ": " not in line:
                continue
            name, value = line.split(": ", 1)
            fields[name] = json.loads(value) if name == "data" else value
        if "data" in fields:
            messages.append(fields)
    return messages


async def _start(client) -> int:
    response = await client.post(
        "/api/runs", data={"text": "how do I get gold ingots?"}, content_type="application/json"
    )
    return response.json()["run_id"]


async def test_the_stream_carries_every_event_with_its_seq_and_the_answer_deltas_first(
    client, server
):
    server.push(Reply('{"workflow":"system:reasoning"}'), Reply(ANSWER, chunk_delay_s=0.01))
    run_id = await _start(client)
    response = await client.get(f"/api/runs/{run_id}/stream")
    messages = await _read(response)
    await executor.wait_all()

    assert response["Content-Type"] == "text/event-stream"
    events = [m for m in messages if m["event"] == "run.event"]
    deltas = [m for m in messages if m["event"] == "run.delta"]
    assert [int(m["id"]) for m in events] == [m["data"]["seq"] for m in events]
    assert [m["data"]["seq"] for m in events] == list(range(1, len(events) + 1))
    assert events[-1]["data"]["kind"] == "run.finished", "the stream ends with the run"
    assert all("id" not in m for m in deltas)
    assert "".join(m["data"]["text"] for m in deltas) == TEXT
    answer_at = next(i for i, m in enumerate(messages) if m["data"].get("kind") == "answer")
    assert all(messages.index(d) < answer_at for d in deltas)


async def test_a_client_that_reconnects_with_last_event_id_gets_only_what_it_missed(client, server):
    server.push(Reply('{"workflow":"system:reasoning"}'), Reply(ANSWER))
    run_id = await _start(client)
    first = await _read(await client.get(f"/api/runs/{run_id}/stream"))
    await executor.wait_all()
    last_seen = int([m for m in first if m["event"] == "run.event"][2]["id"])

    again = await _read(
        await client.get(f"/api/runs/{run_id}/stream", headers={"Last-Event-ID": str(last_seen)})
    )

    seqs = [int(m["id"]) for m in again if m["event"] == "run.event"]
    total = len([m for m in first if m["event"] == "run.event"])
    assert seqs == list(range(last_seen + 1, total + 1))


async def test_a_bad_last_event_id_or_another_players_run_is_refused(client, server, bob):
    server.push(Reply('{"workflow":"system:reasoning"}'), Reply(ANSWER))
    run_id = await _start(client)
    await executor.wait_all()
    other = AsyncClient()
    await other.aforce_login(bob)

    bad = await client.get(f"/api/runs/{run_id}/stream", headers={"Last-Event-ID": "x1"})
    foreign = await other.get(f"/api/runs/{run_id}/stream")

    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_field"
    assert foreign.status_code == 404


async def test_the_stream_goes_on_with_the_answer_after_a_message_queued_mid_answer(client, server):
    words = [f"word{i} " for i in range(29)] + ["word29"]
    pieces = ['{"type":"answer","text":"', *words, '","sources":[]}']
    server.push(
        Reply('{"workflow":"system:reasoning"}'),
        Reply("".join(pieces), chunks=pieces, chunk_delay_s=0.01, hold_after=len(pieces) // 2),
    )
    run_id = await _start(client)
    response = await client.get(f"/api/runs/{run_id}/stream")
    reading = asyncio.ensure_future(_read(response))
    # The answer is half written and held there: queue a message beside it.
    assert await server.holding()
    queued = await client.post(
        "/api/runs", data={"text": "and iron?"}, content_type="application/json"
    )
    server.release()
    messages = await reading
    await executor.wait_all()

    assert queued.json()["queued"] is True
    queued_at = next(i for i, m in enumerate(messages) if m["data"].get("kind") == "inbox.queued")
    assert any(m["event"] == "run.delta" for m in messages[queued_at:]), "streaming stopped"
    shown = ""
    for m in (m for m in messages if m["event"] == "run.delta"):
        if m["data"]["offset"] <= len(shown):
            shown += m["data"]["text"][len(shown) - m["data"]["offset"] :]
    assert shown == "".join(words)
