"""R-X4-1: autoRethink adds rounds at the threshold but never lifts hard limits."""

from agentweb.engine import AgentFailure, Budget, EventKind
from tests.engine.kit import make_run, policy
from tests.replies import answer, tool


def _tools(n):
    return [tool("item.query", name=f"item{i}") for i in range(n)]


async def test_autorethink_is_off_by_default():
    run = make_run(_tools(2) + [answer()])

    result = await run.go()

    assert result.rounds_total == 3
    assert not any(e.data["rethink"] for e in run.sink.of(EventKind.ROUND_STARTED))


async def test_at_the_threshold_it_adds_rounds_and_injects_a_reflection():
    pol = policy(reactIterations=3, modelCalls=40, toolCalls=40, steps=100, autoRethink=True)
    run = make_run(_tools(5) + [answer("done")], pol=pol)

    result = await run.go()

    assert result.text == "done"
    assert result.rounds_used == 6, "more than the initial 3 rounds"
    started = run.sink.of(EventKind.ROUND_STARTED)
    assert started[1].data["rethink"] is True, "threshold max(3-1, floor(2.4)) = round 2"
    assert started[1].data["rounds_total"] == 13, "3 + max(10, 3 // 2)"
    assert "reflection" in run.model.requests[1].payload()
    assert "reflection" not in run.model.requests[0].payload()


async def test_it_never_lifts_the_model_call_limit():
    pol = policy(reactIterations=3, modelCalls=5, toolCalls=40, steps=100, autoRethink=True)
    run = make_run(_tools(10), pol=pol)

    result = await run.go()

    assert run.model.calls == 5
    assert result.rounds_total == 5
    assert run.model.requests[-1].payload()["final_only"] is True
    assert result.stop.failure is AgentFailure.MODEL_INVALID_OUTPUT
    assert result.stop.message == "Maximum rounds reached (5)"


async def test_it_never_lifts_the_deadline_or_token_limits():
    pol = policy(
        reactIterations=3, modelCalls=40, toolCalls=40, steps=100, autoRethink=True, totalTokens=40
    )
    run = make_run(_tools(10), pol=pol, tokens_in=10, tokens_out=5)

    result = await run.go()

    assert result.stop.budget is Budget.TOTAL_TOKENS
    assert run.ctx.usage.total_tokens <= 40
