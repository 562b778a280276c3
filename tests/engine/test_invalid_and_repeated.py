"""R-LOOP-1, R-LOOP-4: invalid output and repeated actions each consume a round."""

from agentweb.engine import EventKind, RunStatus
from tests.engine.kit import make_run
from tests.replies import answer, tool


async def test_an_invalid_output_consumes_a_round_and_the_model_is_told_why():
    run = make_run(["I think the answer is iron", tool("item.query", name="iron"), answer("ok")])

    result = await run.go()

    assert result.status is RunStatus.COMPLETED
    assert result.rounds_used == 3
    second = run.model.requests[1].payload()
    assert second["observations"][0]["error"] == "The reply is not a JSON object"
    assert [name for name, _ in run.world.executed] == ["item.query"]


async def test_a_repeated_action_is_not_run_again_and_the_next_round_must_answer():
    run = make_run(
        [tool("item.query", name="iron"), tool("item.query", name="iron"), answer("iron")],
        pol=None,
    )
    run.ctx.policy  # noqa: B018 - the reasoning default, 3 rounds

    result = await run.go()

    assert run.world.executed == [("item.query", {"name": "iron"})]
    assert result.rounds_used == 3
    assert run.model.requests[2].payload()["final_only"] is True
    repeated = [e for e in run.sink.of(EventKind.FAILURE) if e.data["failure"] == "repeated_action"]
    assert len(repeated) == 1


async def test_a_repeated_action_moves_a_long_loop_straight_to_final_answering():
    from agentweb.engine.policy import MODULE_DEFAULTS, QUESTION

    run = make_run(
        [tool("item.query", name="iron"), tool("item.query", name="iron"), answer("iron")],
        pol=MODULE_DEFAULTS[QUESTION],
    )

    result = await run.go()

    assert result.rounds_used == 3 and result.rounds_total == 3
    assert run.model.calls == 3


async def test_invalid_tool_input_is_an_invalid_output_not_a_crash():
    run = make_run([tool("item.query", name=""), tool("item.query"), answer("fine")])

    result = await run.go()

    assert result.status is RunStatus.COMPLETED
    assert run.world.executed == []
    errors = run.model.requests[2].payload()["observations"]
    assert all("Invalid input for item.query" in o["error"] for o in errors)


async def test_an_unknown_tool_is_an_invalid_output():
    run = make_run([tool("web.search", query="iron"), answer("no web")])

    result = await run.go()

    assert result.status is RunStatus.COMPLETED
    assert (
        "Unknown tool 'web.search'" in run.model.requests[1].payload()["observations"][0]["error"]
    )
