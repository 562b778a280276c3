"""Every step emits a typed event with a per-run sequence number starting at 1, no gaps."""

from agentweb.engine import EventKind, LoopHooks, RunStatus
from tests.engine.kit import make_run, policy
from tests.replies import answer, tool


async def test_events_are_numbered_from_one_without_gaps_in_order():
    run = make_run([tool("item.query", name="iron"), answer("iron", [1])])

    await run.go()

    seqs = [e.seq for e in run.sink.events]
    assert seqs == list(range(1, len(seqs) + 1))
    assert run.sink.kinds() == [
        "round.started",
        "model.called",
        "decision",
        "tool.started",
        "tool.finished",
        "round.started",
        "model.called",
        "decision",
        "answer",
    ]


async def test_the_answer_event_carries_cited_sources_and_cards():
    run = make_run([tool("item.query", name="iron"), answer("iron", [1, 7])])

    result = await run.go()

    event = run.sink.of(EventKind.ANSWER)[0]
    assert [s["n"] for s in event.data["sources"]] == [1], "unobserved source 7 dropped"
    assert event.data["cards"][0]["kind"] == "item"
    assert result.answer.sources == (1,)


async def test_messages_queued_during_the_run_are_claimed_at_the_next_round():
    class Inbox:
        def __init__(self):
            self.pending = []

        async def claim(self):
            claimed, self.pending = self.pending, []
            return claimed

    inbox = Inbox()
    run = make_run([tool("item.query", name="iron"), answer()], hooks=LoopHooks(inbox=inbox))

    def queue_then_act(request):
        inbox.pending.append("also, how about gold?")
        return tool("item.query", name="iron")

    run.model.queue[0] = queue_then_act

    await run.go()

    assert run.model.requests[1].payload()["followups"] == ["also, how about gold?"]
    assert run.sink.of(EventKind.INBOX_CLAIMED)[0].data["round"] == 2


async def test_a_workflow_with_zero_rounds_does_not_run_the_loop():
    run = make_run([answer()], pol=policy(reactIterations=0))

    result = await run.go()

    assert run.model.calls == 0
    assert result.status is RunStatus.FAILED
    assert result.stop.code.value == "loop_disabled"
