"""The model is told what is left of every budget, and which one ended its last round;
an answer it marks ``incomplete`` ends the run with that budget as the stop reason."""

from agentweb.engine import Budget, RunStatus, StopCode
from agentweb.engine.policy import MODULE_DEFAULTS
from tests.fakes.model_server import FakeModelServer
from tests.replies import answer, route, tool
from tests.workflows.kit import make_env, run

BUDGET_KEYS = {
    "rounds_left",
    "model_calls_left",
    "tool_calls_left",
    "tokens_left",
    "seconds_left",
    "wrap_up",
}


async def test_each_request_has_every_budget_and_the_last_round_says_rounds_ran_out():
    replies = [
        route("system:reasoning"),
        tool("item.query", name="iron"),
        tool("item.source", name="iron"),
        {**answer("Iron is smelted; I did not look up the quest.", [1]), "incomplete": True},
    ]
    with FakeModelServer(replies) as model:
        env, _, _ = make_env(model.url)
        outcome = await run(env, "how do I get iron and which quest needs it?")

    first, second, last = model.user_payloads()[1:]
    assert set(first["budget"]) == BUDGET_KEYS
    # The reasoning defaults (R-POL-2): 4 model calls, one spent on routing, this one sent.
    assert first["budget"]["model_calls_left"] == 2
    assert first["budget"]["tool_calls_left"] == 8
    assert second["budget"]["tool_calls_left"] == 7
    assert 0 < second["budget"]["tokens_left"] < first["budget"]["tokens_left"]
    assert 0 < first["budget"]["seconds_left"] <= 60
    assert "stopped" not in first
    assert last["stopped"]["by"] == "reactIterations"
    assert set(last["stopped"]["tools"]) == {t["type"] for t in first["tools"]}
    assert last["budget"]["rounds_left"] == 0
    assert outcome.status is RunStatus.DEGRADED
    assert outcome.stop.code is StopCode.MAX_ROUNDS
    assert outcome.stop.budget is Budget.ROUNDS


async def test_an_incomplete_answer_with_budget_to_spare_is_an_ordinary_answer():
    replies = [route("system:reasoning"), {**answer("Smelt raw iron."), "incomplete": True}]
    with FakeModelServer(replies) as model:
        env, _, _ = make_env(model.url)
        outcome = await run(env, "how do I get iron?")

    assert outcome.status is RunStatus.COMPLETED
    assert outcome.stop.code is StopCode.ANSWERED


async def test_no_tool_call_left_means_wrap_up_and_an_incomplete_answer_names_tool_calls():
    replies = [
        route("system:reasoning"),
        tool("item.query", name="iron"),
        {**answer("Iron is an ingot; I could not look up more.", [1]), "incomplete": True},
    ]
    with FakeModelServer(replies) as model:
        env, _, _ = make_env(model.url)
        env.policy = lambda workflow: MODULE_DEFAULTS[workflow].with_overrides(toolCalls=1)
        outcome = await run(env, "how do I get iron?")

    second = model.user_payloads()[2]
    assert second["budget"]["tool_calls_left"] == 0
    assert second["budget"]["wrap_up"] is True
    assert outcome.stop.code is StopCode.BUDGET_EXHAUSTED
    assert outcome.stop.budget is Budget.TOOL_CALLS
