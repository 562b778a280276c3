"""Permission and cancellation failures end a run at once and beat everything."""

import asyncio

from agentweb.engine import (
    AgentError,
    AgentFailure,
    EventKind,
    Guard,
    LoopHooks,
    RunStatus,
    StopCode,
)
from tests.engine.kit import make_run, policy
from tests.replies import answer, tool


async def test_a_permission_failure_with_evidence_gets_no_finalization():
    async def deny_second(action, rc):
        if rc.observations:
            raise AgentError(AgentFailure.PERMISSION_DENIED, "not your quest")

    run = make_run(
        [tool("item.query", name="iron"), tool("ftb.quest.find", title="Secret"), answer()],
        pol=policy(reactIterations=5),
        hooks=LoopHooks(authorize=deny_second),
    )

    result = await run.go()

    assert run.model.calls == 2, "no finalization call after a permission failure"
    assert result.status is RunStatus.FAILED
    assert result.stop.code is StopCode.TERMINATED
    assert result.stop.failure is AgentFailure.PERMISSION_DENIED
    assert [name for name, _ in run.world.executed] == ["item.query"]


async def test_cancel_during_a_model_call_abandons_it_and_makes_no_further_call():
    abandoned = asyncio.Event()

    async def slow(request):
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            abandoned.set()
            raise

    run = make_run([tool("item.query", name="iron"), slow, answer()], pol=policy(reactIterations=5))
    task = asyncio.create_task(run.go())
    while run.model.calls < 2:
        await asyncio.sleep(0.001)
    run.ctx.cancel()

    result = await task

    assert abandoned.is_set(), "the call in flight was abandoned"
    assert result.status is RunStatus.CANCELLED
    assert result.stop.code is StopCode.CANCELLED
    assert run.model.calls == 2
    assert run.sink.kinds()[-1] == EventKind.FAILURE.value
    assert run.sink.events[-1].data["terminal"] is True


async def test_cancel_beats_a_recoverable_error_that_would_have_finalized():
    class CancelOnModelError(Guard):
        async def after_model(self, ctx, request, reply, error, made):
            if error is not None:
                ctx.cancel()

    run = make_run(
        [tool("item.query", name="iron"), AgentError(AgentFailure.MODEL_ERROR, "x"), answer()],
        pol=policy(reactIterations=5),
        guards=[CancelOnModelError()],
    )

    result = await run.go()

    assert run.model.calls == 2
    assert result.status is RunStatus.CANCELLED


async def test_undo_and_forget_end_the_run_without_a_model_call():
    for failure, status in (
        (AgentFailure.UNDONE, RunStatus.UNDONE),
        (AgentFailure.FORGOTTEN, RunStatus.FAILED),
    ):

        class StaleAfterFirstTool(Guard):
            async def check_state(self, ctx, failure=failure):
                if ctx.usage.tool_calls >= 1:
                    raise AgentError(failure)

        run = make_run([tool("item.query", name="iron"), answer()], guards=[StaleAfterFirstTool()])

        result = await run.go()

        assert run.model.calls == 1
        assert result.status is status
        assert result.stop.failure is failure
