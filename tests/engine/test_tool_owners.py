"""R-LOOP-9: a loop's tools are frozen; a changed or disabled owner ends the run."""

from agentweb.engine import AgentFailure, RunStatus, StopCode
from tests.engine.kit import make_run
from tests.replies import answer, tool


async def test_a_module_reconfigured_during_the_run_ends_it_without_finalization():
    run = make_run([tool("item.query", name="iron"), tool("item.source", name="iron"), answer()])

    def reconfigure(request):
        run.modules.set("game.items", ("game.items", 2))
        return tool("item.source", name="iron")

    run.model.queue[1] = reconfigure

    result = await run.go()

    assert result.status is RunStatus.FAILED
    assert result.stop.code is StopCode.TERMINATED
    assert result.stop.failure is AgentFailure.MODULE_INVALIDATED
    assert [name for name, _ in run.world.executed] == ["item.query"]
    assert run.model.calls == 2


async def test_a_used_module_disabled_before_the_answer_stops_the_answer():
    run = make_run([tool("item.query", name="iron")])

    def disable_then_answer(request):
        run.modules.set("game.items", None)
        return answer("iron comes from ore")

    run.model.push(disable_then_answer)

    result = await run.go()

    assert result.stop.failure is AgentFailure.MODULE_INVALIDATED
    assert result.text != "iron comes from ore"


async def test_an_unused_module_change_does_not_matter():
    run = make_run([tool("item.query", name="iron")])

    def disable_ftb(request):
        run.modules.set("game.ftb", None)
        return answer("fine")

    run.model.push(disable_ftb)

    result = await run.go()

    assert result.status is RunStatus.COMPLETED
