"""Which model the assistant talks to, from the settings (SPEC §12, §15)."""

from __future__ import annotations

import asyncio
from functools import cache

from django.conf import settings

from agentweb.engine.model import (
    ModelProvider,
    ModelReply,
    ModelRequest,
    TextSink,
    stream_in_words,
)


class Delayed:
    """Wraps a provider with a fixed latency per call (``AGENTWEB_OFFLINE_DELAY_MS``).

    Lets a person or a browser test watch a run step by step, and stop it,
    with the offline planner, which otherwise answers in microseconds. A
    streamed reply comes word by word with the latency spread over its words,
    the way a model writes it.
    """

    def __init__(self, inner: ModelProvider, delay_s: float) -> None:
        self.inner = inner
        self.delay_s = delay_s
        self.name = inner.name

    async def complete(self, request: ModelRequest) -> ModelReply:
        await asyncio.sleep(self.delay_s)
        return await self.inner.complete(request)

    async def stream(self, request: ModelRequest, on_text: TextSink) -> ModelReply:
        reply = await self.inner.complete(request)
        await stream_in_words(reply.text, on_text, self.delay_s)
        return reply


@cache
def build_provider() -> ModelProvider:
    """The process's provider: one instance, so HTTP connections are pooled."""
    provider: ModelProvider
    if settings.AGENTWEB_LLM == "openai":
        from agentweb.llm.openai_compat import OpenAICompatible

        provider = OpenAICompatible(
            settings.AGENTWEB_LLM_BASE_URL,
            settings.AGENTWEB_LLM_MODEL,
            api_key=settings.AGENTWEB_LLM_API_KEY,
            temperature=settings.AGENTWEB_TEMPERATURE,
        )
    else:
        from agentweb.llm.offline import OfflinePlanner

        provider = OfflinePlanner()
    delay_ms = settings.AGENTWEB_OFFLINE_DELAY_MS
    return Delayed(provider, delay_ms / 1000) if delay_ms else provider
