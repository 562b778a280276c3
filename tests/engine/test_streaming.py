"""The loop streams answers as they are written; tool decisions stream nothing; every model
call is announced by model.started and traced with its time to first token."""

import asyncio
import json

import pytest

from agentweb.engine import AgentFailure, EventKind, RunStatus
from agentweb.engine.streaming import AnswerText, ThinkFilter
from tests.engine.kit import make_run, policy
from tests.replies import answer, tool

LONG = "Iron ore is smelted in a furnace and each ore gives one iron ingot for the quest."


async def test_answer_deltas_add_up_to_the_answer_and_a_tool_decision_streams_nothing():
    run = make_run([tool("item.query", name="iron"), answer(LONG, [1])], streaming=True)

    await run.go()

    deltas = run.sink.deltas
    assert len(deltas) > 3
    assert "".join(text for _, _, text in deltas) == run.sink.of(EventKind.ANSWER)[0].data["text"]
    decide_started = run.sink.of(EventKind.MODEL_STARTED)
    assert {after for after, _, _ in deltas} == {decide_started[1].seq}, "only the answer call"


async def test_every_model_call_is_announced_and_traced_with_time_to_first_token():
    run = make_run([tool("item.query", name="iron"), answer(LONG, [1])], streaming=True)

    await run.go()

    kinds = run.sink.kinds()
    for i, kind in enumerate(kinds):
        if kind == "model.called":
            assert kinds[i - 1] == "model.started"
    called = run.sink.of(EventKind.MODEL_CALLED)
    assert all(e.data["ttft_ms"] is not None for e in called)
    assert all(e.data["tokens_per_s"] is not None for e in called)


async def test_a_reply_cut_at_output_tokens_is_continued_like_a_max_tokens_stop():
    first = '{"type":"answer","text":"' + "word " * 60
    run = make_run([first, 'more"}'], pol=policy(outputTokens=30), streaming=True)

    result = await run.go()

    called = run.sink.of(EventKind.MODEL_CALLED)
    assert called[0].data["finish_reason"] == "length"
    assert called[0].data["tokens_out"] == 30
    assert called[1].data["purpose"] == "continue"
    assert result.status is RunStatus.COMPLETED


async def test_cancel_mid_stream_keeps_the_partial_reply_in_the_trace():
    run = make_run([answer(LONG * 4)], delay_s=2.0, streaming=True)
    task = asyncio.create_task(run.go())
    while len(run.sink.deltas) < 3:
        await asyncio.sleep(0.01)
    run.ctx.cancel()
    result = await task

    assert result.status is RunStatus.CANCELLED
    called = run.sink.of(EventKind.MODEL_CALLED)
    assert called[0].data["partial"] is True
    assert called[0].data["failure"] == AgentFailure.CANCELLED.value
    assert called[0].data["reply"].startswith('{"type": "answer", "text": "Iron ore')
    assert run.ctx.usage.tokens_out == called[0].data["tokens_out"] > 0


@pytest.mark.parametrize(
    "pieces",
    [
        ["<think>plan</think>", "visible"],
        ["<th", "ink>pl", "an</thi", "nk>vis", "ible"],
        ["<THINKING>a<b</THINKING>", "visible"],
        ["visible", "<reasoning>x"],
    ],
)
def test_think_blocks_are_dropped_however_the_stream_splits_them(pieces):
    think = ThinkFilter()
    shown = "".join(think.feed(p) for p in pieces) + think.flush()
    assert shown == "visible"


def test_text_that_only_looks_like_a_tag_is_kept():
    think = ThinkFilter()
    assert (
        think.feed("a < b and <b>bold</b> <thin") + think.flush() == "a < b and <b>bold</b> <thin"
    )


def test_the_answer_text_is_read_from_partial_json_escapes_included():
    shown: list[str] = []
    text = AnswerText(shown.append)
    reply = json.dumps({"type": "answer", "text": 'Say "hi"\nthen 铁锭 ✓'}, ensure_ascii=True)
    for i in range(0, len(reply), 3):
        text.feed(reply[i : i + 3])
    assert "".join(shown) == 'Say "hi"\nthen 铁锭 ✓'


def test_a_tool_decision_yields_no_answer_text():
    shown: list[str] = []
    text = AnswerText(shown.append)
    text.feed('{"type":"item.query","input":{"text":"iron"}}')
    assert shown == []
