"""R-X3-5 and R-X4-2: the model input is compressed and truncated to fit."""

from agentweb.engine import EventKind
from agentweb.engine.history import MIN_HISTORY_TOKENS, history_budget
from tests.engine.kit import make_run, policy
from tests.replies import answer, tool


def test_the_budget_is_window_minus_system_minus_output_minus_1024():
    assert history_budget(128_000, 2_000, 1_536) == 128_000 - 2_000 - 1_536 - 1_024


def test_the_budget_never_drops_below_4096():
    assert history_budget(8_000, 3_000, 4_000) == MIN_HISTORY_TOKENS


async def test_older_observations_are_folded_into_key_facts_and_recent_ones_stay():
    pol = policy(reactIterations=6, modelCalls=6, toolCalls=6, steps=20, inputBytes=6000)
    replies = [tool("item.query", name=f"item{i}-" + "x" * 300) for i in range(4)] + [answer()]
    run = make_run(replies, pol=pol)

    await run.go()

    last = run.model.requests[-1].payload()
    assert "summary" in last and "item0" in last["summary"]
    assert [o["n"] for o in last["observations"]][-2:] == [3, 4]
    assert len(run.model.requests[-1].user.encode()) <= 6000
    assert run.sink.of(EventKind.COMPRESSED)


async def test_the_oldest_memory_goes_first():
    run = make_run([answer()], pol=policy(inputBytes=3000))
    run.rc.memory = [{"q": f"old question {i}", "a": "y" * 400} for i in range(10)]

    await run.go()

    sent = run.model.requests[0].payload()["memory"]
    assert 0 < len(sent) < 10
    assert sent[-1]["q"] == "old question 9", "the newest memory is kept"
