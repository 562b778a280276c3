"""The trace viewer's run list follows runs over the socket (``runs.follow``): a reviewer's
socket gets ``runs.changed`` when any player's run starts, ends or is rated — a doorbell
naming the run, nothing of its content. A player's socket is refused and hears none."""

import pytest

from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


def _changed(frames):
    return [f["run_id"] for f in frames if f["type"] == "runs.changed"]


async def test_a_reviewer_hears_each_run_start_end_and_rating(connect, alice, rita, model):
    model.push(route("system:chat"), answer("Hello!"))
    reviewer, player = await connect(rita), await connect(alice)
    await reviewer.send({"type": "runs.follow"})
    assert await reviewer.recv() == {"type": "runs.following"}

    await player.send({"type": "chat.send", "text": "hello", "client_msg_id": "h"})
    run_id = (await player.recv())["run_id"]
    await player.until_finished(run_id)
    started_and_ended = await reviewer.recv(), await reviewer.recv()
    await player.send({"type": "run.feedback", "run_id": run_id, "rating": 1})
    rated = await reviewer.recv()

    assert _changed([*started_and_ended, rated]) == [run_id, run_id, run_id]
    assert rated == {"type": "runs.changed", "run_id": run_id}
    assert await reviewer.nothing()


async def test_a_player_may_not_follow_the_run_list(connect, alice, bob, model):
    model.push(route("system:chat"), answer("Hello!"))
    watcher, player = await connect(bob), await connect(alice)
    await watcher.send({"type": "runs.follow"})
    refused = await watcher.recv()

    await player.send({"type": "chat.send", "text": "hello"})
    await player.until_finished((await player.recv())["run_id"])

    assert refused["type"] == "error" and refused["code"] == "reviewers_only"
    assert await watcher.nothing()
