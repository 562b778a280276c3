"""The engine's view of a model: one request in, one reply out — streamed when it can be.

Providers (offline planner, OpenAI-compatible endpoint, scripted) live in
``agentweb.llm`` or in tests; the engine only knows this interface. A
``StreamingProvider`` also has ``stream(request, on_text)``: it hands each
piece of the reply to ``on_text`` as it arrives (the context's kernel counts,
filters and forwards it) and returns the whole reply at the end.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from agentweb.engine.failures import AgentError


class Purpose(StrEnum):
    DECIDE = "decide"
    ROUTE = "route"
    FINALIZE = "finalize"
    CONTINUE = "continue"
    CHAT = "chat"


@dataclass(frozen=True, slots=True)
class Message:
    role: str  # "system" | "user" | "assistant"
    content: str


@dataclass(frozen=True, slots=True)
class ModelRequest:
    messages: tuple[Message, ...]
    purpose: Purpose
    max_tokens: int
    timeout_s: float
    json_mode: bool = True

    @property
    def system(self) -> str:
        return self.messages[0].content if self.messages else ""

    @property
    def user(self) -> str:
        return self.messages[1].content if len(self.messages) > 1 else ""

    def payload(self) -> dict[str, Any]:
        """The user JSON as an object (a provider that reads it, like the offline planner)."""
        return json.loads(self.user)

    def input_bytes(self) -> int:
        return sum(len(m.content.encode("utf-8")) for m in self.messages)


@dataclass(slots=True)
class ModelReply:
    text: str
    tokens_in: int = 0
    tokens_out: int = 0
    finish_reason: str = "stop"  # "stop" | "length"
    latency_ms: float = 0.0
    model: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    # Time to the first token of a streamed reply (None: not streamed).
    ttft_ms: float | None = None
    # False when no model wrote it (the offline planner's rules): its speed means nothing.
    timed: bool = True

    @property
    def truncated(self) -> bool:
        return self.finish_reason == "length"


class ModelProvider(Protocol):
    """Anything that answers a ``ModelRequest``; raises ``AgentError`` on failure."""

    name: str

    async def complete(self, request: ModelRequest) -> ModelReply: ...


class TextSink(Protocol):
    """Where a streaming provider puts each piece of a reply.

    ``private`` marks reasoning the model shows apart from its reply
    (``reasoning_content`` deltas): counted against the token limit, never kept.
    The sink may raise to stop the read (cancel, token limit); the provider
    lets that propagate and closes its response.
    """

    def __call__(self, text: str, *, private: bool = False) -> None: ...


class StreamingProvider(ModelProvider, Protocol):
    async def stream(self, request: ModelRequest, on_text: TextSink) -> ModelReply: ...


# A word and the spaces after it: the pieces a provider that has the whole
# reply at once (offline planner, scripted model) streams it in.
_WORDS = re.compile(r"\S+\s*|\s+")


async def stream_in_words(text: str, on_text: TextSink, delay_s: float = 0.0) -> None:
    """Hand ``text`` to ``on_text`` word by word, spreading ``delay_s`` over the words."""
    words = _WORDS.findall(text)
    pause = delay_s / len(words) if words else 0.0
    for word in words:
        if pause:
            await asyncio.sleep(pause)
        on_text(word)


ScriptItem = str | dict | ModelReply | AgentError | Callable[[ModelRequest], Any]


class ScriptedModel:
    """A queue of replies for tests (R-MODEL-3).

    Each item is a reply text, a dict (sent as JSON), a ``ModelReply``, an
    ``AgentError`` to raise, or a callable that gets the request and returns
    one of those (possibly awaitable). ``delay_s`` makes every call slow.
    """

    name = "scripted"

    def __init__(
        self,
        replies: Iterable[ScriptItem] = (),
        *,
        delay_s: float = 0.0,
        tokens_in: int = 10,
        tokens_out: int = 5,
    ) -> None:
        self.queue: deque[ScriptItem] = deque(replies)
        self.requests: list[ModelRequest] = []
        self.delay_s = delay_s
        self.tokens_in = tokens_in
        self.tokens_out = tokens_out

    def push(self, *items: ScriptItem) -> None:
        self.queue.extend(items)

    @property
    def calls(self) -> int:
        return len(self.requests)

    async def complete(self, request: ModelRequest) -> ModelReply:
        self.requests.append(request)
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        if not self.queue:
            raise AssertionError(f"scripted model has no reply left for call {self.calls}")
        item = self.queue.popleft()
        if callable(item) and not isinstance(item, AgentError):
            item = item(request)
            if isinstance(item, Awaitable):
                item = await item
        return self._reply(item)

    def _reply(self, item: Any) -> ModelReply:
        if isinstance(item, AgentError):
            raise item
        if isinstance(item, ModelReply):
            return item
        text = json.dumps(item) if isinstance(item, dict) else str(item)
        return ModelReply(text, self.tokens_in, self.tokens_out)


class ScriptedStream(ScriptedModel):
    """A ``ScriptedModel`` that streams each reply word by word, ``delay_s`` spread over it."""

    async def stream(self, request: ModelRequest, on_text: TextSink) -> ModelReply:
        delay_s, self.delay_s = self.delay_s, 0.0
        try:
            reply = await self.complete(request)
        finally:
            self.delay_s = delay_s
        await stream_in_words(reply.text, on_text, delay_s)
        return reply
