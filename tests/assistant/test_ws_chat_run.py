"""A chat message starts a run whose events stream in order, persisted first (R-X3-2)."""

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.models import Exchange, Run, RunEvent
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_question_streams_every_event_from_one_without_gaps(connect, alice, model):
    model.push(route("system:chat"), answer("Hello, miner!"))
    socket = await connect(alice)

    await socket.send({"type": "chat.send", "text": "hi there", "client_msg_id": "m1"})
    accepted = await socket.recv()
    frames = await socket.until_finished(accepted["run_id"])

    assert accepted["type"] == "chat.accepted"
    events = [f for f in frames if f["type"] == "run.event"]
    assert [f["seq"] for f in events] == list(range(1, len(events) + 1))
    assert events[0]["kind"] == "run.started"
    assert events[-1]["data"]["status"] == "completed"
    assert any(f["kind"] == "answer" and f["data"]["text"] == "Hello, miner!" for f in events)
    stored = await database_sync_to_async(
        lambda: list(RunEvent.objects.filter(run_id=accepted["run_id"]).values_list("seq", "kind"))
    )()
    assert [(f["seq"], f["kind"]) for f in events] == stored


async def test_the_finished_run_keeps_its_answer_usage_and_memory(connect, alice, model):
    model.push(route("system:chat"), answer("Hi!"))
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "hello"})
    accepted = await socket.recv()
    await socket.until_finished(accepted["run_id"])

    run = await database_sync_to_async(Run.objects.get)(pk=accepted["run_id"])
    assert run.status == "completed"
    assert run.answer == "Hi!"
    assert run.workflow == "system:chat"
    assert run.usage["usage"]["model_calls"] == 2
    assert run.policy_snapshot["modelCalls"] == 2
    assert run.prompt_snapshot["chat"]
    exchange = await database_sync_to_async(Exchange.objects.get)(run_id=run.pk)
    assert (exchange.question, exchange.answer) == ("hello", "Hi!")


async def test_a_resend_with_the_same_client_msg_id_starts_nothing_new(connect, alice, model):
    model.push(route("system:chat"), answer("once"))
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "hello", "client_msg_id": "same-1"})
    first = await socket.recv()
    await socket.until_finished(first["run_id"])

    await socket.send({"type": "chat.send", "text": "hello", "client_msg_id": "same-1"})
    again = await socket.until(lambda f: f["type"] == "chat.accepted")

    assert again[-1]["run_id"] == first["run_id"]
    assert again[-1]["duplicate"] is True
    assert await database_sync_to_async(Run.objects.count)() == 1
    assert model.calls == 2
