"""R-X3-4: a reply cut by the token limit is continued, at most 4 times, each billed."""

from agentweb.engine import EventKind, ModelReply, Purpose, RunStatus
from tests.engine.kit import make_run, policy


async def test_a_truncated_reply_is_continued_and_joined():
    run = make_run(
        [
            ModelReply('{"type":"answer","te', 10, 5, finish_reason="length"),
            ModelReply('xt":"joined answer"}', 10, 5),
        ]
    )

    result = await run.go()

    assert result.status is RunStatus.COMPLETED
    assert result.text == "joined answer"
    second = run.model.requests[1]
    assert second.purpose is Purpose.CONTINUE
    assert [m.role for m in second.messages] == ["system", "user", "assistant", "user"]
    assert run.ctx.usage.model_calls == 2, "each continuation is a billed model call"


async def test_there_are_at_most_four_continuations():
    cut = ModelReply("x", 1, 1, finish_reason="length")
    run = make_run([cut] * 6, pol=policy(modelCalls=10, reactIterations=1))

    result = await run.go()

    assert run.model.calls == 5, "the call and four continuations"
    continued = [e for e in run.sink.of(EventKind.MODEL_CALLED) if e.data["continuation"]]
    assert len(continued) == 4
    assert result.status is RunStatus.FAILED


async def test_continuations_stay_within_the_model_call_budget():
    cut = ModelReply("x", 1, 1, finish_reason="length")
    run = make_run([cut] * 6, pol=policy(modelCalls=2, reactIterations=1))

    await run.go()

    assert run.model.calls == 2
