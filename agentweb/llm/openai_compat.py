"""An OpenAI-compatible chat-completions provider (R-MODEL-2).

Works with OpenAI, vLLM, llama.cpp's server, Ollama and others that speak
``POST {base}/chat/completions``. Errors become typed failures:

| what happened                         | failure               | retried?            |
|---------------------------------------|-----------------------|---------------------|
| could not connect (nothing was sent)  | model_error           | once, at once       |
| timeout (per-call, from the policy)   | model_timeout         | never               |
| HTTP 429                              | model_rate_limited    | never               |
| HTTP 5xx / other HTTP error           | model_error           | never               |
| HTTP 400 naming ``response_format``   | —                     | once, without it    |
| body that is not a chat completion    | model_error           | never               |
| a refusal                             | model_refusal         | never               |

A request the server may have billed is never sent twice. A 400 about the
JSON response format was rejected before any generation, so it is resent
once without that field and the provider remembers not to send it again.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import httpx

from agentweb.engine import credentials
from agentweb.engine.failures import AgentError, AgentFailure
from agentweb.engine.model import ModelReply, ModelRequest
from agentweb.engine.protocol import without_private
from agentweb.engine.tokens import estimate_tokens
from agentweb.llm.http import LoopClients

logger = logging.getLogger("agentweb.llm")

# Connections kept open per provider; a run holds at most one at a time.
MAX_CONNECTIONS = 64
# How long to wait for a connection before counting it as a connect error.
CONNECT_TIMEOUT_S = 5.0


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

    def body(self, request: ModelRequest, *, json_mode: bool) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": [{"role": m.role, "content": m.content} for m in request.messages],
            "max_tokens": request.max_tokens,
        }
        if self.temperature is not None:
            body["temperature"] = self.temperature
        if json_mode:
            body["response_format"] = {"type": "json_object"}
        return body

    async def complete(self, request: ModelRequest) -> ModelReply:
        json_mode = self.json_mode and request.json_mode
        started = time.perf_counter()
        response = await self._post(request, json_mode)
        if json_mode and response.status_code == 400 and "response_format" in response.text:
            logger.warning("%s does not support response_format; sending without it", self.url)
            self.json_mode = False
            response = await self._post(request, False)
        reply = self._parse(response, request)
        reply.latency_ms = (time.perf_counter() - started) * 1000
        return reply

    async def _post(self, request: ModelRequest, json_mode: bool) -> httpx.Response:
        connect = min(CONNECT_TIMEOUT_S, request.timeout_s)
        timeout = httpx.Timeout(request.timeout_s, connect=connect)
        body = self.body(request, json_mode=json_mode)
        client = self._client()
        for attempt in (1, 2):
            try:
                return await client.post(self.url, json=body, timeout=timeout)
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
            except httpx.HTTPError as exc:
                raise AgentError(AgentFailure.MODEL_ERROR, f"Model request failed: {exc}") from None
        raise AssertionError("unreachable")

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
        tokens_in = usage.get("prompt_tokens")
        tokens_out = usage.get("completion_tokens")
        if not isinstance(tokens_in, int):
            tokens_in = sum(estimate_tokens(m.content) for m in request.messages)
        if not isinstance(tokens_out, int):
            tokens_out = estimate_tokens(content)
        # reasoning_content and similar fields are private: never read or stored.
        return ModelReply(
            content,
            tokens_in,
            tokens_out,
            finish_reason=str(choice.get("finish_reason") or "stop"),
            model=str(data.get("model") or self.model),
        )
