"""R-POL-4: a run reads a snapshot of its policy; edits apply to new runs only."""

from agentweb.engine import ExecutionPolicy
from agentweb.engine.policy import MODULE_DEFAULTS, REASONING, policy_for
from tests.engine.kit import make_run
from tests.replies import answer, tool


async def test_a_policy_edit_during_a_run_does_not_change_that_run():
    overrides: dict[str, ExecutionPolicy] = {}
    snapshot = policy_for(REASONING, overrides)
    edited = False

    def edit_then_act(request):
        nonlocal edited
        overrides[REASONING] = snapshot.with_overrides(reactIterations=1, modelCalls=1)
        edited = True
        return tool("item.query", name="iron")

    run = make_run([edit_then_act, tool("item.source", name="iron"), answer("done")], pol=snapshot)

    result = await run.go()

    assert edited
    assert result.rounds_used == 3 and result.text == "done"
    assert policy_for(REASONING, overrides).react_iterations == 1, "new runs see the edit"
    assert MODULE_DEFAULTS[REASONING].react_iterations == 3, "defaults never change"


def test_per_request_overrides_work_on_a_copy():
    base = MODULE_DEFAULTS[REASONING]

    changed = base.with_overrides(reactIterations=8, autoRethink=True)

    assert changed.react_iterations == 8 and changed.auto_rethink
    assert base.react_iterations == 3 and not base.auto_rethink
