"""The socket whose message creates a run joins the run's group before the run starts:
every event reaches it live, in order, after ``chat.accepted``, with no read of the
run's events and no request for its streamed text. A resend of that message on
another socket, which joins a run already under way, still reads back all it missed."""

import pytest

from agentweb.assistant.runs.executor import executor
from tests.replies import answer, route
from tests.sql_counts import counting_statements

pytestmark = pytest.mark.django_db(transaction=True)
READ_BACK = 'later."seq"'  # the events-after read of a (re)subscription


async def test_a_new_run_s_events_reach_its_socket_live_with_no_read_back(connect, alice, model):
    model.push(route("system:chat"), answer("warm"), route("system:chat"), answer("Hi!"))
    socket = await connect(alice)
    await socket.send({"type": "chat.send", "text": "warm up", "client_msg_id": "w"})
    await socket.until_finished((await socket.recv())["run_id"])
    await executor.wait_all()

    with counting_statements() as statements:
        await socket.send({"type": "chat.send", "text": "hello", "client_msg_id": "m1"})
        frames = await socket.until(lambda f: f.get("kind") == "run.finished")
        await executor.wait_all()

    assert frames[0]["type"] == "chat.accepted" and frames[0]["duplicate"] is False
    events = [f for f in frames if f["type"] == "run.event"]
    assert [f["seq"] for f in events] == list(range(1, len(events) + 1))
    assert {f["run_id"] for f in events} == {frames[0]["run_id"]}
    assert not [s for s in statements.sql if READ_BACK in s], statements.listing()
    assert await socket.nothing()


async def test_a_resend_on_another_socket_reads_back_what_it_missed(connect, alice, model):
    model.push(route("system:chat"), answer("Hi!"))
    first = await connect(alice)
    await first.send({"type": "chat.send", "text": "hello", "client_msg_id": "m1"})
    run_id = (await first.recv())["run_id"]
    live = await first.until_finished(run_id)
    await executor.wait_all()

    second = await connect(alice)
    await second.send({"type": "chat.send", "text": "hello", "client_msg_id": "m1"})
    again = await second.until_finished(run_id)

    assert again[0]["type"] == "chat.accepted" and again[0]["duplicate"] is True
    replayed = [f for f in again if f["type"] == "run.event"]
    assert [f["seq"] for f in replayed] == [f["seq"] for f in live if f["type"] == "run.event"]
