"""system:free_chat: nested executions, shared counters, confirmation before any write."""

from agentweb.engine import EventKind, RunStatus
from tests.fakes.model_server import FakeModelServer
from tests.replies import answer, route, tool
from tests.workflows.kit import Confirm, make_env, run


async def test_a_write_happens_only_after_the_player_approves():
    confirm = Confirm(True)
    replies = [route("system:free_chat"), tool("player.signin"), answer("Signed in: +10 coins")]
    with FakeModelServer(replies) as model:
        env, sink, world = make_env(model.url, confirmer=confirm)
        outcome = await run(env, "sign me in please")

    assert world.balance == 10
    assert len(confirm.asked) == 1
    assert outcome.status is RunStatus.COMPLETED
    started = sink.of(EventKind.TOOL_STARTED)[0].data
    assert started["step_id"] == "r.1.w1", "write steps get their own nested prefix"


async def test_a_rejected_write_changes_nothing():
    replies = [route("system:free_chat"), tool("player.signin"), answer("OK, not signed in.")]
    with FakeModelServer(replies) as model:
        env, sink, world = make_env(model.url, confirmer=Confirm(False))
        await run(env, "sign me in")

    assert world.balance == 0
    assert world.executed == []
    observation = model.user_payloads()[2]["observations"][0]["result"]
    assert observation["rejected"] is True


async def test_without_a_confirmation_channel_no_write_ever_happens():
    replies = [route("system:free_chat"), tool("player.signin"), answer("x")]
    with FakeModelServer(replies) as model:
        env, _, world = make_env(model.url, confirmer=None)
        outcome = await run(env, "sign me in")

    assert world.balance == 0
    assert outcome.stop.failure.value == "permission_denied"


async def test_nested_tool_calls_share_the_requests_counters():
    replies = [
        route("system:free_chat"),
        tool("item.query", name="iron"),
        tool("item.source", name="iron"),
        answer("done", [1]),
    ]
    with FakeModelServer(replies) as model:
        env, sink, world = make_env(model.url, confirmer=Confirm(True))
        outcome = await run(env, "look up iron then tell me")

    usage = outcome.usage["usage"]
    assert usage["tool_calls"] == 2
    assert usage["model_calls"] == 4
    steps = [e.data["step_id"] for e in sink.of(EventKind.TOOL_STARTED)]
    assert steps == ["r.1.s1", "r.2.s1"]
    offered = {t["type"] for t in model.user_payloads()[1]["tools"]}
    assert "player.signin" in offered, "write tools are bound in free mode"
