"""R-REL-2: every bad frame gets a clear error frame, the socket stays open, nothing changes."""

import json

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.models import InboxEntry, MemoryState, PendingAction, Run, RunEvent
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


def _counts():
    return (
        Run.objects.count(),
        RunEvent.objects.count(),
        InboxEntry.objects.count(),
        PendingAction.objects.count(),
        list(MemoryState.objects.values_list("generation")),
    )


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("not json at all", "bad_json"),
        ("[1, 2, 3]", "bad_frame"),
        ('{"type": "chat.explode"}', "unknown_type"),
        ('{"text": "no type"}', "unknown_type"),
        ('{"type": "chat.send"}', "bad_frame"),
        ('{"type": "chat.send", "text": 42}', "bad_frame"),
        ('{"type": "chat.send", "text": "hi", "allow_web": "yes"}', "bad_frame"),
        ('{"type": "chat.send", "text": "hi", "client_msg_id": "<script>"}', "bad_frame"),
        ('{"type": "chat.send", "text": "   "}', "empty_message"),
        ('{"type": "chat.send", "text": "hi\\u0000there"}', "bad_frame"),
        (
            '{"type": "action.confirm", "run_id": 1, "action_id": "a\\u0000", '
            '"decision": "reject"}',
            "bad_frame",
        ),
        (json.dumps({"type": "chat.send", "text": "x" * 70_000}), "message_too_large"),
        ('{"type": "run.cancel", "run_id": "7"}', "bad_frame"),
        ('{"type": "run.cancel", "run_id": -1}', "bad_frame"),
        ('{"type": "run.subscribe", "run_id": 999999}', "unknown_run"),
        ('{"type": "run.undo", "run_id": 999999}', "unknown_run"),
        (
            '{"type": "action.confirm", "run_id": 1, "action_id": "a", "decision": "maybe"}',
            "bad_frame",
        ),
    ],
)
async def test_a_bad_frame_gets_an_error_and_changes_nothing(connect, alice, frame, code):
    socket = await connect(alice)
    before = await database_sync_to_async(_counts)()

    await socket.send(frame)
    reply = await socket.recv()

    assert reply["type"] == "error"
    assert reply["code"] == code
    assert reply["message"]
    assert await database_sync_to_async(_counts)() == before
    await socket.send({"type": "run.subscribe", "run_id": 999999})
    assert (await socket.recv())["code"] == "unknown_run", "the socket is still open"


async def test_a_binary_frame_is_refused(connect, alice):
    socket = await connect(alice)

    await socket.c.send_to(bytes_data=b"\x00\x01")

    assert (await socket.recv())["type"] == "error"


async def test_another_players_run_answers_exactly_like_an_unknown_one(connect, alice, bob, model):
    model.push(route("system:chat"), answer("bob's secret"))
    bob_socket = await connect(bob)
    await bob_socket.send({"type": "chat.send", "text": "my secret question"})
    bob_run = (await bob_socket.recv())["run_id"]
    await bob_socket.until_finished(bob_run)
    alice_socket = await connect(alice)
    before = await database_sync_to_async(_counts)()

    replies = []
    for frame in (
        {"type": "run.subscribe", "run_id": bob_run, "after_seq": 0},
        {"type": "run.cancel", "run_id": bob_run},
        {"type": "run.undo", "run_id": bob_run},
        {"type": "action.confirm", "run_id": bob_run, "action_id": "r.w1", "decision": "approve"},
    ):
        await alice_socket.send(frame)
        replies.append(await alice_socket.recv())

    assert {r["code"] for r in replies} == {"unknown_run"}
    assert all(r["message"] == f"There is no run {bob_run}." for r in replies)
    assert await alice_socket.nothing(), "no event of bob's run leaked"
    assert await database_sync_to_async(_counts)() == before


async def test_a_refused_message_with_a_nul_still_names_its_client_msg_id(connect, alice):
    socket = await connect(alice)

    await socket.send('{"type": "chat.send", "text": "hi\\u0000there", "client_msg_id": "n-1"}')
    reply = await socket.recv()

    assert (reply["code"], reply["client_msg_id"]) == ("bad_frame", "n-1")
    assert "NUL" in reply["message"]
