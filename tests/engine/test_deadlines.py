"""The request deadline (ttlMillis) and the per-call timeout stop a slow model."""

from agentweb.engine import AgentFailure, Budget, RunStatus
from tests.engine.kit import make_run, policy
from tests.replies import answer, tool


async def test_the_per_call_timeout_stops_a_slow_model():
    run = make_run(
        [tool("item.query", name="iron")],
        delay_s=5,
        pol=policy(modelTimeoutMillis=50, ttlMillis=60_000),
    )

    result = await run.go()

    assert result.status is RunStatus.FAILED
    assert result.stop.failure is AgentFailure.MODEL_TIMEOUT
    assert run.model.requests[0].timeout_s == 0.05


async def test_the_request_deadline_stops_a_slow_model_and_names_the_budget():
    run = make_run(
        [tool("item.query", name="iron")],
        delay_s=5,
        pol=policy(modelTimeoutMillis=10_000, ttlMillis=60),
    )

    result = await run.go()

    assert result.stop.failure is AgentFailure.BUDGET_EXHAUSTED
    assert result.stop.budget is Budget.DEADLINE
    assert run.model.requests[0].timeout_s <= 0.06


async def test_once_the_deadline_has_passed_no_further_model_call_is_made():
    now = [0.0]
    run = make_run([tool("item.query", name="iron"), answer()], pol=policy(ttlMillis=1000))
    run.ctx._clock = lambda: now[0]
    run.ctx.deadline = 1.0

    def jump_past_deadline(event):
        if event.kind.value == "tool.finished":
            now[0] = 5.0

    original = run.sink.emit

    async def emit(event):
        jump_past_deadline(event)
        await original(event)

    run.sink.emit = emit

    result = await run.go()

    assert run.model.calls == 1
    assert result.stop.budget is Budget.DEADLINE
