"""An OpenAI-compatible chat-completions provider (R-MODEL-2).

Works with OpenAI, vLLM, llama.cpp's server, Ollama and others that speak
``POST {base}/chat/completions``. Replies stream (``stream: true`` with
``stream_options.include_usage``): the server-sent events are read with
``httpx-sse`` and each content delta goes to the caller's sink as it arrives;
reasoning deltas (``reasoning``/``reasoning_content``) are passed as private
text, counted but never kept. Usage comes from the final chunk, else it is
estimated. Errors become typed failures:

| what happened                         | failure               | retried?            |
|---------------------------------------|-----------------------|---------------------|
| could not connect (nothing was sent)  | model_error           | once, at once       |
| timeout (per-call, from the policy)   | model_timeout         | never               |
| HTTP 429                              | model_rate_limited    | never               |
| HTTP 5xx / other HTTP error           | model_error           | never               |
| HTTP 400 naming ``response_format``   | —                     | once, without it    |
| HTTP 400 naming ``stream``/``stream_options`` | —             | once, not streamed  |
| body that is not a chat completion    | model_error           | never               |
| a broken stream or malformed chunk    | model_error           | never               |
| a refusal                             | model_refusal         | never               |

A request the server may have billed is never sent twice. A 400 about the
JSON response format or about streaming was rejected before any generation,
so it is resent once without that field and the provider remembers (and logs
once) not to send it again. A server that ignores ``stream`` and answers with
one JSON body is read as a plain completion.
"""

from __future__ import annotations

import json
import logging
import time
from contextlib import asynccontextmanager
from typing import Any

import httpx
from httpx_sse import EventSource, SSEError

from agentweb.engine import credentials
from agentweb.engine.failures import AgentError, AgentFailure
from agentweb.engine.model import ModelReply, ModelRequest, TextSink
from agentweb.engine.protocol import without_private
from agentweb.engine.tokens import estimate_tokens
from agentweb.llm.http import LoopClients

logger = logging.getLogger("agentweb.llm")

# Connections kept open per provider; a run holds at most one at a time.
MAX_CONNECTIONS = 64
# How long to wait for a connection before counting it as a connect error.
CONNECT_TIMEOUT_S = 5.0
# The reasoning fields some servers stream beside the content (private: R-LOOP-3).
REASONING_FIELDS = ("reasoning_content", "reasoning")
# The end-of-stream marker of chat-completions streams.
DONE = "[DONE]"


class OpenAICompatible:
    """``ModelProvider`` for a chat-completions endpoint, with connection pooling."""

    name = "openai"

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        api_key: str = "",
        temperature: float | None = None,
        json_mode: bool = True,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.url = base_url.rstrip("/") + "/chat/completions"
        self.model = model
        self.api_key = api_key
        credentials.register(api_key)
        self.temperature = temperature
        self.json_mode = json_mode
        self.streaming = True
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._clients = LoopClients(
            lambda: httpx.AsyncClient(
                headers=headers,
                limits=httpx.Limits(max_connections=MAX_CONNECTIONS),
                transport=transport,
            )
        )

    def _client(self) -> httpx.AsyncClient:
        return self._clients.get()

    async def aclose(self) -> None:
        await self._clients.aclose()

    def body(self, request: ModelRequest, *, json_mode: bool, stream: bool) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": [{"role": m.role, "content": m.content} for m in request.messages],
            "max_tokens": request.max_tokens,
        }
        if self.temperature is not None:
            body["temperature"] = self.temperature
        if json_mode:
            body["response_format"] = {"type": "json_object"}
        if stream:
            body["stream"] = True
            body["stream_options"] = {"include_usage": True}
        return body

    async def complete(self, request: ModelRequest) -> ModelReply:
        """One reply, not streamed."""
        return await self._call(request, None)

    async def stream(self, request: ModelRequest, on_text: TextSink) -> ModelReply:
        """One reply, streamed: each content delta goes to ``on_text`` as it arrives."""
        return await self._call(request, on_text)

    async def _call(self, request: ModelRequest, on_text: TextSink | None) -> ModelReply:
        started = time.perf_counter()
        # At most one resend per field the server refused before generating anything.
        while True:
            json_mode = self.json_mode and request.json_mode
            stream = self.streaming and on_text is not None
            body = self.body(request, json_mode=json_mode, stream=stream)
            async with self._post(request, body) as response:
                if response.status_code == 400:
                    refused = (await response.aread()).decode(errors="replace")
                    if json_mode and "response_format" in refused:
                        logger.warning(
                            "%s does not support response_format; sending without it", self.url
                        )
                        self.json_mode = False
                        continue
                    if stream and "stream" in refused:
                        logger.warning("%s does not support streaming; not streaming", self.url)
                        self.streaming = False
                        continue
                if stream and _is_event_stream(response):
                    reply = await self._read_stream(response, request, on_text)
                else:
                    await response.aread()
                    reply = self._parse(response, request)
            reply.latency_ms = (time.perf_counter() - started) * 1000
            return reply

    @asynccontextmanager
    async def _post(self, request: ModelRequest, body: dict[str, Any]) -> Any:
        connect = min(CONNECT_TIMEOUT_S, request.timeout_s)
        timeout = httpx.Timeout(request.timeout_s, connect=connect)
        headers = {"Accept": "text/event-stream"} if body.get("stream") else {}
        client = self._client()
        for attempt in (1, 2):
            try:
                async with client.stream(
                    "POST", self.url, json=body, timeout=timeout, headers=headers
                ) as response:
                    yield response
                return
            except httpx.ConnectError as exc:
                if attempt == 2:
                    raise AgentError(
                        AgentFailure.MODEL_ERROR, f"Cannot connect to the model server: {exc}"
                    ) from None
            except httpx.TimeoutException:
                raise AgentError(
                    AgentFailure.MODEL_TIMEOUT,
                    f"The model did not answer within {request.timeout_s:.1f} s",
                ) from None
            except (httpx.HTTPError, SSEError) as exc:
                raise AgentError(AgentFailure.MODEL_ERROR, f"Model request failed: {exc}") from None
        raise AssertionError("unreachable")

    async def _read_stream(
        self, response: httpx.Response, request: ModelRequest, on_text: TextSink
    ) -> ModelReply:
        """Read the chunks; the sink may raise (cancel, token limit) to stop the read."""
        parts: list[str] = []
        finish_reason = "stop"
        usage: dict[str, Any] = {}
        model = self.model
        async for sse in EventSource(response).aiter_sse():
            if sse.data.strip() == DONE:
                break
            chunk = _chunk(sse.data)
            model = str(chunk.get("model") or model)
            if isinstance(chunk.get("usage"), dict):
                usage = chunk["usage"]
            for choice in chunk.get("choices") or ():
                if not isinstance(choice, dict):
                    continue
                delta = choice.get("delta") if isinstance(choice.get("delta"), dict) else {}
                if delta.get("refusal"):
                    raise AgentError(AgentFailure.MODEL_REFUSAL, "The model refused to answer")
                for name in REASONING_FIELDS:
                    if isinstance(delta.get(name), str):
                        on_text(delta[name], private=True)
                content = delta.get("content")
                if isinstance(content, str) and content:
                    parts.append(content)
                    on_text(content)
                if choice.get("finish_reason"):
                    finish_reason = str(choice["finish_reason"])
        return self._reply("".join(parts), usage, request, finish_reason, model)

    def _reply(
        self,
        content: str,
        usage: dict[str, Any],
        request: ModelRequest,
        finish_reason: str,
        model: str,
    ) -> ModelReply:
        tokens_in = usage.get("prompt_tokens")
        tokens_out = usage.get("completion_tokens")
        if not isinstance(tokens_in, int):
            tokens_in = sum(estimate_tokens(m.content) for m in request.messages)
        if not isinstance(tokens_out, int):
            tokens_out = estimate_tokens(content)
        return ModelReply(content, tokens_in, tokens_out, finish_reason=finish_reason, model=model)

    def _parse(self, response: httpx.Response, request: ModelRequest) -> ModelReply:
        status = response.status_code
        if status == 429:
            raise AgentError(AgentFailure.MODEL_RATE_LIMITED, "The model server is rate-limiting")
        if status >= 400:
            raise AgentError(
                AgentFailure.MODEL_ERROR,
                f"The model server answered HTTP {status}",
                detail={"status": status, "body": without_private(response.text)[:500]},
            )
        try:
            data = response.json()
            choice = data["choices"][0]
            message = choice["message"]
        except (ValueError, KeyError, IndexError, TypeError):
            raise AgentError(
                AgentFailure.MODEL_ERROR,
                "The model server sent a malformed chat completion",
                detail={"body": without_private(response.text)[:500]},
            ) from None
        if not isinstance(message, dict):
            raise AgentError(AgentFailure.MODEL_ERROR, "The model server sent no message")
        if message.get("refusal"):
            raise AgentError(AgentFailure.MODEL_REFUSAL, "The model refused to answer")
        content = message.get("content")
        if not isinstance(content, str):
            raise AgentError(AgentFailure.MODEL_ERROR, "The model sent no text content")
        usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
        # reasoning_content and similar fields are private: never read or stored.
        return self._reply(
            content,
            usage,
            request,
            str(choice.get("finish_reason") or "stop"),
            str(data.get("model") or self.model),
        )


def _is_event_stream(response: httpx.Response) -> bool:
    return response.status_code == 200 and "text/event-stream" in response.headers.get(
        "content-type", ""
    )


def _chunk(data: str) -> dict[str, Any]:
    try:
        chunk = json.loads(data)
    except ValueError:
        raise AgentError(
            AgentFailure.MODEL_ERROR,
            "The model server sent a malformed stream chunk",
            detail={"chunk": data[:500]},
        ) from None
    if not isinstance(chunk, dict):
        raise AgentError(AgentFailure.MODEL_ERROR, "The model server sent a malformed stream chunk")
    if "error" in chunk:
        raise AgentError(
            AgentFailure.MODEL_ERROR,
            "The model server reported an error mid-stream",
            detail={"chunk": data[:500]},
        )
    return chunk
