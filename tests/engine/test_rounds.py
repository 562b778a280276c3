"""Rounds: 3 rounds = at most 2 tools then an answer; the last round is final-only."""

from agentweb.engine import EventKind, RunStatus, StopCode
from tests.engine.kit import make_run
from tests.replies import answer, tool


async def test_three_rounds_run_at_most_two_tools_then_answer():
    run = make_run(
        [
            tool("ftb.quest.find", title="Iron"),
            tool("item.source", name="iron_ingot"),
            answer("Smelt raw iron.", [1]),
        ]
    )

    result = await run.go()

    assert result.status is RunStatus.COMPLETED
    assert result.stop.code is StopCode.ANSWERED
    assert result.text == "Smelt raw iron."
    assert [name for name, _ in run.world.executed] == ["ftb.quest.find", "item.source"]
    assert result.rounds_used == 3 and result.rounds_total == 3
    rounds = run.sink.of(EventKind.ROUND_STARTED)
    assert [e.data["final_only"] for e in rounds] == [False, False, True]


async def test_the_final_round_request_offers_no_tools_and_says_final_only():
    run = make_run([tool("item.query", name="a"), tool("item.query", name="b"), answer()])

    await run.go()

    first, _, last = (r.payload() for r in run.model.requests)
    assert first["final_only"] is False and len(first["tools"]) == 3
    assert last["final_only"] is True and last["tools"] == []
    assert last["round"] == 3 and last["rounds_total"] == 3
    assert {"question", "round", "rounds_total", "final_only", "tools", "observations"} <= set(last)
    assert [o["tool"] for o in last["observations"]] == ["item.query", "item.query"]


async def test_a_model_that_keeps_asking_for_tools_in_the_final_round_gets_none_run():
    run = make_run(
        [
            tool("item.query", name="iron_ingot"),
            tool("item.source", name="iron_ingot"),
            tool("ftb.quest.find", title="Iron"),
        ]
    )

    result = await run.go()

    assert [name for name, _ in run.world.executed] == ["item.query", "item.source"]
    assert run.model.calls == 3
    assert result.stop.code is StopCode.MAX_ROUNDS
    assert result.stop.message == "Maximum rounds reached (3)"
    assert result.status is RunStatus.DEGRADED
    assert "incomplete" in result.text and result.cards, "keeps the cards it produced"
    assert "{" not in result.text, "never raw tool JSON as the answer"


async def test_an_answer_only_object_is_accepted_in_the_final_round():
    run = make_run(
        [
            tool("item.query", name="a"),
            tool("item.query", name="b"),
            {"text": "short answer", "sources": [1]},
        ]
    )

    result = await run.go()

    assert result.status is RunStatus.COMPLETED
    assert result.text == "short answer"
