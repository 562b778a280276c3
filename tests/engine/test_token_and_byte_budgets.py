"""inputBytes, outputTokens and totalTokens are enforced with a failure naming the budget."""

from agentweb.engine import AgentFailure, Budget, ModelReply, RunStatus
from tests.engine.kit import make_run, policy
from tests.replies import answer


async def test_an_input_over_input_bytes_is_refused_before_the_call():
    run = make_run([answer()], question="x" * 5000, pol=policy(inputBytes=1024))

    result = await run.go()

    assert run.model.calls == 0
    assert result.stop.failure is AgentFailure.BUDGET_EXHAUSTED
    assert result.stop.budget is Budget.INPUT_BYTES
    assert "inputBytes" in result.stop.message


async def test_a_reply_longer_than_output_tokens_fails_naming_the_budget():
    run = make_run(
        [ModelReply('{"type":"answer","text":"long"}', 10, 900)], pol=policy(outputTokens=100)
    )

    result = await run.go()

    assert run.model.requests[0].max_tokens == 100
    assert result.stop.budget is Budget.OUTPUT_TOKENS
    assert "outputTokens" in result.stop.message


async def test_total_tokens_stop_the_run_once_used_up():
    run = make_run(
        [ModelReply('{"type":"item.query","input":{"name":"a"}}', 2500, 50), answer()],
        pol=policy(totalTokens=2600),
    )

    result = await run.go()

    assert run.model.calls == 1, "the second call would not fit; it is never made"
    assert result.stop.budget is Budget.TOTAL_TOKENS
    assert result.status is RunStatus.DEGRADED, "the item card found is kept"


async def test_max_tokens_sent_never_exceeds_the_tokens_left():
    run = make_run(
        [ModelReply('{"type":"answer","text":"ok"}', 10, 5)],
        pol=policy(totalTokens=1200, outputTokens=1536),
    )

    await run.go()

    request = run.model.requests[0]
    assert request.max_tokens < 1200
