"""R-MODEL-2: the OpenAI-compatible provider against a real HTTP server on 127.0.0.1."""

import asyncio
import json
import socket

import pytest

from agentweb.engine import AgentError, AgentFailure, Message, ModelRequest, Purpose
from agentweb.llm.openai_compat import OpenAICompatible
from tests.fakes.model_server import FakeModelServer, Reply


def _request(timeout_s: float = 5.0, max_tokens: int = 256) -> ModelRequest:
    user = json.dumps({"question": "q", "round": 1})
    return ModelRequest(
        (Message("system", "sys"), Message("user", user)),
        Purpose.DECIDE,
        max_tokens=max_tokens,
        timeout_s=timeout_s,
    )


async def _complete(server: FakeModelServer, **kwargs) -> object:
    provider = OpenAICompatible(server.url, "fake-model", **kwargs)
    try:
        return await provider.complete(_request())
    finally:
        await provider.aclose()


async def test_it_sends_the_system_and_user_messages_with_the_budgeted_max_tokens():
    with FakeModelServer([Reply('{"type":"answer","text":"hi"}')]) as server:
        reply = await _complete(server, api_key="sk-test")

    body = server.requests[0]
    assert [m["role"] for m in body["messages"]] == ["system", "user"]
    assert body["max_tokens"] == 256
    assert body["model"] == "fake-model"
    assert body["response_format"] == {"type": "json_object"}
    assert "temperature" not in body, "unset temperature is not sent (R-X3-6)"
    assert server.headers[0]["Authorization"] == "Bearer sk-test"
    assert reply.text == '{"type":"answer","text":"hi"}'
    assert (reply.tokens_in, reply.tokens_out) == (20, 8)


async def test_a_configured_temperature_is_sent():
    with FakeModelServer(["{}"]) as server:
        await _complete(server, temperature=0.3)

    assert server.requests[0]["temperature"] == 0.3


async def test_usage_is_estimated_when_the_server_reports_none():
    with FakeModelServer([Reply('{"type":"answer","text":"' + "x" * 400 + '"}', usage=None)]) as s:
        reply = await _complete(s)

    assert reply.tokens_out > 90
    assert reply.tokens_in > 0


async def test_a_length_cut_reply_is_reported_as_truncated():
    with FakeModelServer([Reply('{"type":"ans', finish_reason="length")]) as server:
        reply = await _complete(server)

    assert reply.truncated


@pytest.mark.parametrize(
    ("reply", "failure"),
    [
        (Reply(status=500, raw='{"error":"boom"}'), AgentFailure.MODEL_ERROR),
        (Reply(status=503, raw="unavailable"), AgentFailure.MODEL_ERROR),
        (Reply(status=429, raw='{"error":"slow down"}'), AgentFailure.MODEL_RATE_LIMITED),
        (Reply(raw='{"choices": [{"message": {"content": "x"'), AgentFailure.MODEL_ERROR),
        (Reply(raw='{"choices": []}'), AgentFailure.MODEL_ERROR),
        (Reply(raw="<html>proxy error</html>"), AgentFailure.MODEL_ERROR),
        (Reply(content=None, refusal="I can't help with that"), AgentFailure.MODEL_REFUSAL),
    ],
)
async def test_server_errors_become_typed_failures_and_are_never_retried(reply, failure):
    with FakeModelServer([reply, Reply("{}")]) as server, pytest.raises(AgentError) as caught:
        await _complete(server)

    assert caught.value.failure is failure
    assert server.calls == 1, "a request the server may have billed is never resent"


async def test_a_slow_server_times_out_as_model_timeout():
    with FakeModelServer([Reply("{}", delay_s=2)]) as server:
        provider = OpenAICompatible(server.url, "m")
        with pytest.raises(AgentError) as caught:
            await provider.complete(_request(timeout_s=0.2))
        await provider.aclose()

    assert caught.value.failure is AgentFailure.MODEL_TIMEOUT


async def test_a_connect_error_is_retried_once_then_fails():
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    provider = OpenAICompatible(f"http://127.0.0.1:{port}/v1", "m")

    with pytest.raises(AgentError) as caught:
        await provider.complete(_request())

    assert caught.value.failure is AgentFailure.MODEL_ERROR
    assert "connect" in caught.value.message.lower()


async def test_an_endpoint_without_json_mode_gets_the_request_again_without_it():
    rejected = Reply(status=400, raw='{"error": "response_format is not supported"}')
    ok = Reply('{"type":"answer","text":"ok"}')
    with FakeModelServer([rejected, ok, ok]) as server:
        provider = OpenAICompatible(server.url, "m")
        first = await provider.complete(_request())
        await provider.complete(_request())
        await provider.aclose()

    assert first.text == '{"type":"answer","text":"ok"}'
    assert "response_format" in server.requests[0]
    assert "response_format" not in server.requests[1]
    assert "response_format" not in server.requests[2], "remembered for later calls"


async def test_cancelling_the_caller_closes_the_request_at_once():
    with FakeModelServer([Reply("{}", delay_s=3)]) as server:
        provider = OpenAICompatible(server.url, "m")
        task = asyncio.create_task(provider.complete(_request(timeout_s=10)))
        while server.calls == 0:
            await asyncio.sleep(0.005)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        await provider.aclose()

    assert task.cancelled()
