"""Replies stream to the page: run.delta frames from a real SSE model server on 127.0.0.1."""

import json

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.models import RunEvent
from tests.fakes.model_server import Reply

pytestmark = pytest.mark.django_db(transaction=True)

TEXT = "Iron ingots come from smelting raw iron in a furnace, one ingot per ore."
ANSWER = json.dumps({"type": "answer", "text": TEXT, "sources": []})
ROUTE = Reply(json.dumps({"workflow": "system:reasoning"}))
# The pieces a held stream sends before it waits for the test: the JSON up to a few
# words of the text.
HELD_AFTER = 10


def _events(run_id: int) -> list[RunEvent]:
    return list(RunEvent.objects.filter(run_id=run_id).order_by("seq"))


async def test_deltas_arrive_before_the_answer_event_and_add_up_to_its_text(connect, alice, server):
    server.push(ROUTE, Reply(ANSWER, chunk_delay_s=0.01))
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "how do I get iron ingots?"})
    run_id = (await socket.recv())["run_id"]
    frames = await socket.until_finished(run_id)

    deltas = [f for f in frames if f["type"] == "run.delta"]
    answer_at = next(i for i, f in enumerate(frames) if f.get("kind") == "answer")
    assert len(deltas) > 1, "the answer arrives in several pieces"
    assert all(frames.index(d) < answer_at for d in deltas)
    assert "".join(d["text"] for d in deltas) == frames[answer_at]["data"]["text"] == TEXT
    assert {d["kind"] for d in deltas} == {"answer.delta"}
    assert all("seq" not in d for d in deltas)
    started = next(f for f in frames if f.get("kind") == "model.started" and f["seq"] > 3)
    assert all(d["after_seq"] == started["seq"] for d in deltas)
    kinds = await database_sync_to_async(lambda: [e.kind for e in _events(run_id)])()
    assert "run.delta" not in kinds and "answer.delta" not in kinds, "deltas are not persisted"


async def test_private_reasoning_in_the_stream_is_never_shown_or_persisted(connect, alice, server):
    content = "<think>SECRET-PLAN</think>" + ANSWER
    server.push(ROUTE, Reply(content, reasoning=["SECRET-THOUGHT"], chunk_delay_s=0.002))
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "how do I get iron ingots?"})
    run_id = (await socket.recv())["run_id"]
    frames = await socket.until_finished(run_id)

    assert "SECRET" not in json.dumps(frames)
    rows = await database_sync_to_async(_events)(run_id)
    assert "SECRET" not in json.dumps([r.data for r in rows])
    assert frames[-1]["data"]["status"] == "completed"


async def test_cancel_mid_stream_ends_the_run_closes_the_stream_and_keeps_the_partial_text(
    connect, alice, server
):
    # The stream stalls with the connection open: only the cancel can end the run as cancelled.
    server.push(ROUTE, Reply(ANSWER, stall_after=8, chunk_delay_s=0.01))
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "how do I get iron ingots?"})
    run_id = (await socket.recv())["run_id"]
    await socket.until(lambda f: f["type"] == "run.delta")

    await socket.send({"type": "run.cancel", "run_id": run_id})
    frames = await socket.until_finished(run_id)

    assert frames[-1]["data"]["status"] == "cancelled"
    assert await server.client_closed(1), "the model's response was closed"
    rows = await database_sync_to_async(_events)(run_id)
    called = [r.data for r in rows if r.kind == "model.called" and r.data["purpose"] == "decide"]
    assert called and called[0]["partial"] is True and called[0]["failure"] == "cancelled"
    received = "".join(piece for _, piece in server.sent_pieces[1])
    assert called[0]["reply"] and received.startswith(called[0]["reply"])
    assert called[0]["tokens_out"] > 0, "billed with the tokens received"
    assert server.calls == 2, "no model call after the cancel"


async def test_a_socket_that_subscribes_mid_answer_gets_the_replay_then_the_text_so_far(
    connect, alice, server
):
    # The server holds the rest of the answer until the second socket has subscribed.
    server.push(ROUTE, Reply(ANSWER, hold_after=HELD_AFTER, chunk_delay_s=0.01))
    first = await connect(alice)
    await first.send({"type": "chat.send", "text": "how do I get iron ingots?"})
    run_id = (await first.recv())["run_id"]
    shown: list[str] = []

    def two_characters_shown(frame: dict) -> bool:
        if frame["type"] == "run.delta":
            shown.append(frame["text"])
        return len("".join(shown)) > 1

    await first.until(two_characters_shown)

    second = await connect(alice)
    await second.send({"type": "run.subscribe", "run_id": run_id, "after_seq": 0})
    frames = await second.until(lambda f: f["type"] == "run.delta")
    server.release()
    frames += await second.until_finished(run_id)

    deltas = [f for f in frames if f["type"] == "run.delta"]
    events = [f for f in frames if f["type"] == "run.event"]
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1)), "the whole replay"
    first_delta = frames.index(deltas[0])
    assert all(f["type"] == "run.event" for f in frames[:first_delta])
    assert deltas[0]["offset"] == 0 and len(deltas[0]["text"]) > 1, "the text so far at once"
    assert "".join(d["text"] for d in deltas) == TEXT


async def test_a_fast_stream_is_sent_in_fewer_deltas_than_pieces(connect, alice, server):
    pieces = [ANSWER[i : i + 2] for i in range(0, len(ANSWER), 2)]
    server.push(ROUTE, Reply(ANSWER, chunks=pieces))
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "how do I get iron ingots?"})
    run_id = (await socket.recv())["run_id"]
    frames = await socket.until_finished(run_id)

    deltas = [f for f in frames if f["type"] == "run.delta"]
    assert 0 < len(deltas) < len(pieces) / 2, "deltas are throttled per run"
    assert "".join(d["text"] for d in deltas) == TEXT
