"""R-ROUTE-2: the router's call counts toward modelCalls, not toward rounds."""

from agentweb.engine import Message, Purpose, ScriptedModel
from agentweb.engine.policy import MODULE_DEFAULTS, QUESTION
from tests.engine.kit import make_run
from tests.replies import answer, tool


async def test_after_routing_a_6_by_6_policy_runs_at_most_5_rounds():
    replies = [{"workflow": "system:question"}] + [
        tool("item.query", name=f"item{i}") for i in range(10)
    ]
    run = make_run(replies, pol=MODULE_DEFAULTS[QUESTION])
    await run.ctx.model([Message("system", "route"), Message("user", "{}")], Purpose.ROUTE)

    result = await run.go()

    assert run.model.calls == 6, "router + 5 rounds, never more than modelCalls"
    assert result.rounds_total == 5
    assert len(run.world.executed) == 4, "the 5th round is final-only"
    assert run.model.requests[-1].payload()["final_only"] is True


async def test_without_routing_the_same_policy_runs_all_6_rounds():
    run = make_run(
        [tool("item.query", name=f"i{i}") for i in range(5)] + [answer()],
        pol=MODULE_DEFAULTS[QUESTION],
    )

    result = await run.go()

    assert result.rounds_used == 6 and run.model.calls == 6
    assert isinstance(run.model, ScriptedModel)
