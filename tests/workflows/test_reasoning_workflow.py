"""system:reasoning end to end: router, budgets of R-POL-2, no web tools."""

from agentweb.engine import EventKind, RunStatus
from tests.fakes.model_server import FakeModelServer
from tests.fakes.search_server import FakeSearchServer
from tests.replies import answer, route, tool
from tests.workflows.kit import make_env, run


async def test_a_model_that_never_stops_gets_exactly_the_reasoning_budget():
    tools = [tool("item.query", name=f"item{i}") for i in range(10)]
    with FakeModelServer([route("system:reasoning"), *tools]) as model, FakeSearchServer() as s:
        env, sink, world = make_env(model.url, s.url)
        outcome = await run(env, "What do I need for the quest Iron and where does it come from?")

    assert model.calls == 4, "modelCalls=4: the router and three rounds"
    assert len(world.executed) == 2, "3 rounds = at most 2 tools"
    assert outcome.workflow == "system:reasoning"
    assert outcome.stop.message == "Maximum rounds reached (3)"
    assert s.queries == [] and s.fetches == []


async def test_web_tools_are_absent_from_the_reasoning_catalog():
    with (
        FakeModelServer([route("system:reasoning"), answer("ok")]) as model,
        FakeSearchServer() as s,
    ):
        env, _, _ = make_env(model.url, s.url)
        await run(env, "combine things", allow_web=True)

    offered = {t["type"] for t in model.user_payloads()[1]["tools"]}
    assert offered == {"item.query", "item.source", "ftb.quest.find", "database.query"}
    assert not any(t.startswith("web.") for t in offered)
    assert "player.signin" not in offered


async def test_an_explicit_reason_request_skips_the_router():
    with FakeModelServer([tool("item.query", name="iron"), answer("iron", [1])]) as model:
        env, sink, _ = make_env(model.url)
        outcome = await run(env, "iron?", workflow="system:reasoning")

    assert model.calls == 2
    assert model.user_payloads()[0]["round"] == 1
    assert outcome.status is RunStatus.COMPLETED
    assert sink.of(EventKind.ROUTE_DECIDED)[0].data["by"] == "player"


async def test_the_run_is_traced_from_start_to_finish_with_the_policy_snapshot():
    with FakeModelServer([route("system:reasoning"), answer("fine")]) as model:
        env, sink, _ = make_env(model.url)
        await run(env, "hello there")

    kinds = sink.kinds()
    assert kinds[0] == "run.started"
    assert kinds[1] == "model.called"
    assert sink.events[1].data["purpose"] == "route"
    assert kinds[2] == "route.decided"
    assert sink.events[2].data["policy"]["reactIterations"] == 3
    assert kinds[-1] == "run.finished"
    finished = sink.events[-1].data
    assert finished["status"] == "completed"
    assert finished["usage"]["usage"]["model_calls"] == 2
