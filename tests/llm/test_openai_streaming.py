"""The OpenAI-compatible provider streams: SSE from a real server on 127.0.0.1, read through
the context's kernel (deltas, private reasoning, timeouts, the token limit, cancel)."""

import asyncio
import json
import logging

import pytest

from agentweb.engine import (
    MODULE_DEFAULTS,
    AgentError,
    AgentFailure,
    ExecutionContext,
    Message,
    Purpose,
)
from agentweb.engine.policy import REASONING
from agentweb.llm.openai_compat import OpenAICompatible
from tests.fakes.loop_clock import LoopClock
from tests.fakes.model_server import FakeModelServer, Reply

ANSWER = '{"type":"answer","text":"Iron ingots come from smelting raw iron."}'
MESSAGES = [Message("system", "sys"), Message("user", json.dumps({"question": "q"}))]
# A stalled stream: the pieces the server sends before it stops, and the call's timeout
# (long: the test moves the loop's clock past it once those pieces have arrived).
STALL_AFTER = 6
TIMEOUT_MS = 30_000


def _ctx(provider, **policy) -> ExecutionContext:
    return ExecutionContext(MODULE_DEFAULTS[REASONING].model_copy(update=policy), provider)


async def _call(server: FakeModelServer, **policy):
    provider = OpenAICompatible(server.url, "fake-model")
    pieces: list[str] = []
    try:
        reply = await _ctx(provider, **policy).model(
            MESSAGES, Purpose.DECIDE, on_text=pieces.append
        )
    finally:
        await provider.aclose()
    return reply, pieces


async def test_a_reply_streams_in_pieces_that_add_up_to_it_with_usage_from_the_last_chunk():
    with FakeModelServer([Reply(ANSWER, chunk_delay_s=0.002)]) as server:
        reply, pieces = await _call(server)

    body = server.requests[0]
    assert body["stream"] is True
    assert body["stream_options"] == {"include_usage": True}
    assert len(pieces) > 5, "the text arrives piece by piece"
    assert "".join(pieces) == reply.text == ANSWER
    assert (reply.tokens_in, reply.tokens_out) == (20, 8)
    assert reply.ttft_ms is not None and reply.ttft_ms <= reply.latency_ms


async def test_usage_is_estimated_when_the_stream_reports_none():
    with FakeModelServer([Reply(ANSWER, usage=None)]) as server:
        reply, _ = await _call(server)

    assert reply.tokens_out > 0 and reply.tokens_in > 0


async def test_reasoning_deltas_and_think_blocks_never_reach_the_listener():
    content = '<think>secret plan</think>{"type":"answer","text":"ok"}'
    reply = Reply(content, reasoning=["private ", "thoughts"], chunks=list(content))
    with FakeModelServer([reply]) as server:
        got, pieces = await _call(server)

    shown = "".join(pieces)
    assert shown == '{"type":"answer","text":"ok"}'
    assert "secret" not in shown and "thoughts" not in got.text


async def test_a_server_that_refuses_streaming_gets_one_plain_call_and_is_remembered(caplog):
    with FakeModelServer([Reply(ANSWER), Reply(ANSWER)], streaming=False) as server:
        provider = OpenAICompatible(server.url, "fake-model")
        ctx = _ctx(provider)
        with caplog.at_level(logging.WARNING, logger="agentweb.llm"):
            first = await ctx.model(MESSAGES, Purpose.DECIDE, on_text=lambda t: None)
            second = await ctx.model(MESSAGES, Purpose.DECIDE, on_text=lambda t: None)
        await provider.aclose()

    assert first.text == second.text == ANSWER
    assert [r.get("stream", False) for r in server.requests] == [True, False, False]
    assert len([r for r in caplog.records if "streaming" in r.getMessage()]) == 1


async def test_a_stalled_stream_fails_as_model_timeout_keeping_what_arrived():
    pieces: list[str] = []
    arrived = asyncio.Event()

    def listen(text: str) -> None:
        pieces.append(text)
        if len(pieces) == STALL_AFTER:
            arrived.set()

    with (
        FakeModelServer([Reply(ANSWER, stall_after=STALL_AFTER)]) as server,
        LoopClock() as clock,
    ):
        provider = OpenAICompatible(server.url, "fake-model")
        ctx = _ctx(provider, model_timeout_millis=TIMEOUT_MS)
        call = asyncio.create_task(ctx.model(MESSAGES, Purpose.DECIDE, on_text=listen))
        waiting = asyncio.create_task(arrived.wait())
        await asyncio.wait([call, waiting], return_when=asyncio.FIRST_COMPLETED)
        waiting.cancel()
        assert not call.done(), "the call waits on the stalled stream"
        # Every piece the server will ever send has arrived: now the timeout runs out.
        clock.advance(TIMEOUT_MS / 1000)
        with pytest.raises(AgentError) as caught:
            await call
        await provider.aclose()

    assert caught.value.failure is AgentFailure.MODEL_TIMEOUT
    assert caught.value.partial is not None
    sent = "".join(piece for _, piece in server.sent_pieces[0])
    assert caught.value.partial.text == "".join(pieces) == sent
    assert ANSWER.startswith(sent) and len(server.sent_pieces[0]) == STALL_AFTER
    assert caught.value.partial.tokens_out > 0, "billed with the tokens received"


async def test_a_runaway_stream_is_cut_at_output_tokens_and_the_response_closed():
    with FakeModelServer([Reply(ANSWER, runaway=True, chunk_delay_s=0.001)]) as server:
        reply, pieces = await _call(server, output_tokens=40)
        closed = await server.client_closed(0)

    assert reply.finish_reason == "length", "a max-tokens stop (R-X3-4)"
    assert reply.tokens_out == 40
    assert closed, "the read stopped at the limit"
    assert "".join(pieces) == reply.text


async def _cancel_once(server: FakeModelServer, after_pieces: int):
    """Cancel a streamed call once ``after_pieces`` pieces arrived: (error, pieces before
    the cancel, pieces after it, the run's usage)."""
    provider = OpenAICompatible(server.url, "fake-model")
    ctx = _ctx(provider)
    pieces: list[str] = []
    after_cancel: list[str] = []
    arrived = asyncio.Event()

    def listen(text: str) -> None:
        (after_cancel if ctx.cancelled else pieces).append(text)
        if len(pieces) == after_pieces:
            arrived.set()

    call = asyncio.create_task(ctx.model(MESSAGES, Purpose.DECIDE, on_text=listen))
    waiting = asyncio.create_task(arrived.wait())
    await asyncio.wait([call, waiting], return_when=asyncio.FIRST_COMPLETED)
    waiting.cancel()
    assert not call.done(), "the stream was still being read"
    ctx.cancel()
    with pytest.raises(AgentError) as caught:
        await call
    closed = await server.client_closed(0)
    await provider.aclose()
    assert closed, "the response was closed"
    return caught.value, pieces, after_cancel, ctx.usage


async def test_cancel_mid_stream_closes_the_response_and_reads_no_further_chunk():
    # The stream never ends by itself: only the cancel can end the call.
    with FakeModelServer([Reply(ANSWER, runaway=True, chunk_delay_s=0.005)]) as server:
        error, pieces, after_cancel, usage = await _cancel_once(server, 5)

    assert error.failure is AgentFailure.CANCELLED
    assert after_cancel == [], "no chunk is read after the cancel"
    assert error.partial.text == "".join(pieces)
    assert error.partial.tokens_out > 0, "billed with the tokens actually received"
    assert usage.tokens_out == error.partial.tokens_out


async def test_cancel_ends_a_stalled_stream_at_once_without_waiting_for_a_chunk():
    # The server sends nothing more and keeps the connection open: only the cancel,
    # not a next chunk nor the model timeout, can end the call as cancelled.
    with FakeModelServer([Reply(ANSWER, stall_after=STALL_AFTER)]) as server:
        error, pieces, after_cancel, _ = await _cancel_once(server, STALL_AFTER)

    assert error.failure is AgentFailure.CANCELLED
    assert after_cancel == []
    assert error.partial.text == "".join(pieces) == "".join(p for _, p in server.sent_pieces[0])
