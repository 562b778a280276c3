"""R-LOOP-5/6: recoverable errors with evidence get one finalization; none without."""

from agentweb.engine import AgentError, AgentFailure, EventKind, Purpose, RunStatus, StopCode
from tests.engine.kit import make_run, policy
from tests.replies import answer, tool


async def test_a_recoverable_error_with_evidence_leads_to_exactly_one_finalization():
    run = make_run(
        [
            tool("item.query", name="iron"),
            AgentError(AgentFailure.MODEL_ERROR, "boom"),
            answer("From what I found: iron.", [1]),
        ],
        pol=policy(reactIterations=5, modelCalls=6),
    )

    result = await run.go()

    assert run.model.calls == 3
    assert run.model.requests[2].purpose is Purpose.FINALIZE
    assert run.model.requests[2].payload()["final_only"] is True
    assert result.status is RunStatus.DEGRADED
    assert result.stop.code is StopCode.FINALIZED
    assert result.stop.failure is AgentFailure.MODEL_ERROR
    assert result.text == "From what I found: iron."
    assert [s.title for s in result.sources] == ["Item: Iron"]


async def test_a_failed_finalization_is_not_retried_and_keeps_the_cards():
    run = make_run(
        [
            tool("item.query", name="iron"),
            AgentError(AgentFailure.MODEL_ERROR, "boom"),
            AgentError(AgentFailure.MODEL_ERROR, "boom again"),
        ],
        pol=policy(reactIterations=5, modelCalls=6),
    )

    result = await run.go()

    assert run.model.calls == 3
    assert result.status is RunStatus.DEGRADED
    assert result.cards == [{"kind": "item", "name": "iron", "display": "Iron", "stack": 64}]
    assert "incomplete" in result.text


async def test_a_recoverable_error_without_evidence_gets_no_finalization():
    run = make_run([AgentError(AgentFailure.MODEL_TIMEOUT, "slow")])

    result = await run.go()

    assert run.model.calls == 1
    assert result.status is RunStatus.FAILED
    assert result.stop.failure is AgentFailure.MODEL_TIMEOUT
    assert run.sink.of(EventKind.ANSWER) == []


async def test_an_error_outside_the_recoverable_set_gets_no_finalization():
    run = make_run(
        [tool("item.query", name="iron"), AgentError(AgentFailure.MODEL_REFUSAL, "no")],
        pol=policy(reactIterations=5),
    )

    result = await run.go()

    assert run.model.calls == 2
    assert result.stop.code is StopCode.FAILED
    assert result.cards, "the cards found so far are kept"


async def test_finalization_never_raises_the_model_call_budget():
    run = make_run(
        [tool("item.query", name="iron"), AgentError(AgentFailure.MODEL_ERROR, "boom")],
        pol=policy(reactIterations=3, modelCalls=2),
    )

    result = await run.go()

    assert run.model.calls == 2
    assert result.stop.code is StopCode.MAX_ROUNDS or result.status is RunStatus.DEGRADED
    assert run.sink.of(EventKind.ANSWER) == []
