"""A model reply as it arrives: private reasoning dropped, tokens counted, the answer text live.

A streaming provider hands each piece of text to ``ReplyStream.feed`` (the
callback the context gives it). The stream drops ``<think>`` blocks and
reasoning deltas as they arrive (R-LOOP-3), counts output tokens so a
runaway reply is cut at ``outputTokens`` (R-X3-4), stops reading the moment
the request is cancelled (R-X3-3), and passes the visible text on to a
listener — the loop's ``AnswerText``, which turns the partial JSON of an
answer into the new words the player may already see.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any, Protocol

from pydantic_core import from_json

from agentweb.engine.failures import AgentError
from agentweb.engine.model import ModelReply, ModelRequest
from agentweb.engine.protocol import ANSWER, is_tool_action, json_spans
from agentweb.engine.tokens import TokenCounter, estimate_tokens

_THINK_TAGS = ("think", "thinking", "reasoning")
_OPEN_TAG = re.compile(r"<(think|thinking|reasoning)>", re.IGNORECASE)
# The longest opening tag: a "<" closer than this to the end may still become one.
_LONGEST_OPEN = max(len(f"<{tag}>") for tag in _THINK_TAGS)


class OutputLimitReached(Exception):
    """Raised inside the provider's read loop: the reply reached its token limit."""


class Cancelled(Protocol):
    reason: Any


class ThinkFilter:
    """Removes ``<think>…</think>``-style blocks from text that arrives in pieces."""

    __slots__ = ("_buf", "_closing")

    def __init__(self) -> None:
        self._buf = ""
        self._closing: str | None = None  # the closing tag while inside a block

    def feed(self, chunk: str) -> str:
        self._buf += chunk
        out: list[str] = []
        while self._buf:
            if self._closing is not None:
                end = self._buf.lower().find(self._closing)
                if end < 0:
                    # Keep only what could be the start of the closing tag.
                    self._buf = self._buf[-(len(self._closing) - 1) :]
                    break
                self._buf = self._buf[end + len(self._closing) :]
                self._closing = None
                continue
            start = self._buf.find("<")
            if start < 0:
                out.append(self._buf)
                self._buf = ""
                break
            out.append(self._buf[:start])
            self._buf = self._buf[start:]
            opened = _OPEN_TAG.match(self._buf)
            if opened:
                self._closing = f"</{opened.group(1).lower()}>"
                self._buf = self._buf[opened.end() :]
                continue
            if len(self._buf) < _LONGEST_OPEN and _may_open(self._buf):
                break  # wait for the rest of a possible tag
            out.append("<")
            self._buf = self._buf[1:]
        return "".join(out)

    def flush(self) -> str:
        """What is held back at the end of the reply (nothing, inside an unclosed block)."""
        rest = "" if self._closing is not None else self._buf
        self._buf = ""
        return rest


def _may_open(text: str) -> bool:
    lowered = text.lower()
    return any(f"<{tag}>".startswith(lowered) for tag in _THINK_TAGS)


TextListener = Callable[[str], None]


class ReplyStream:
    """The kernel's side of one streamed model call."""

    def __init__(
        self,
        request: ModelRequest,
        cancel: Cancelled,
        listener: TextListener | None = None,
    ) -> None:
        self.request = request
        self._cancel = cancel
        self._listener = listener
        self._think = ThinkFilter()
        self._parts: list[str] = []
        self.tokens = TokenCounter()
        self.started = time.perf_counter()
        self.first_token_at: float | None = None
        self.cut = False

    def feed(self, text: str, *, private: bool = False) -> None:
        """One piece of the reply; ``private`` text (a reasoning delta) is counted, never kept.

        Raises ``AgentError`` once the request is cancelled (nothing more is
        read) and ``OutputLimitReached`` when the reply reaches its token limit.
        """
        if self._cancel.reason is not None:
            raise AgentError(self._cancel.reason)
        if not text:
            return
        if self.first_token_at is None:
            self.first_token_at = time.perf_counter()
        self.tokens.add(text)
        if not private:
            visible = self._think.feed(text)
            if visible:
                self._parts.append(visible)
                if self._listener is not None:
                    self._listener(visible)
        if self.tokens.count > self.request.max_tokens:
            self.cut = True
            raise OutputLimitReached

    @property
    def text(self) -> str:
        return "".join(self._parts)

    @property
    def received(self) -> bool:
        return self.first_token_at is not None

    @property
    def ttft_ms(self) -> float | None:
        if self.first_token_at is None:
            return None
        return (self.first_token_at - self.started) * 1000

    def cut_reply(self, model: str) -> ModelReply:
        """The reply as read up to the token limit: a max-tokens stop (R-X3-4)."""
        self._parts.append(self._think.flush())
        return ModelReply(
            self.text,
            tokens_in=_tokens_in(self.request),
            tokens_out=min(self.tokens.count, self.request.max_tokens),
            finish_reason="length",
            model=model,
        )

    def partial_reply(self, model: str) -> ModelReply | None:
        """What arrived before the call failed or was cancelled: kept in the trace, billed."""
        if not self.received:
            return None
        return ModelReply(
            self.text,
            tokens_in=_tokens_in(self.request),
            tokens_out=self.tokens.count,
            finish_reason="incomplete",
            latency_ms=(time.perf_counter() - self.started) * 1000,
            model=model,
            ttft_ms=self.ttft_ms,
        )


def _tokens_in(request: ModelRequest) -> int:
    return sum(estimate_tokens(m.content) for m in request.messages)


class AnswerText:
    """The ``text`` of an answer while its JSON is still being written.

    Fed the visible reply piece by piece, it re-reads the partial JSON with
    pydantic-core's partial mode (jiter) and hands the new words to ``emit``.
    A tool decision has no answer text, so it streams nothing. What is sent
    is stripped like the final answer, so the pieces add up to its text.

    ``plain``: a reply that does not start with ``{`` is the answer as it is
    (the chat fallback), and a JSON reply's ``text`` counts without ``type``.
    Prose is shown up to the first JSON object in it that is (or may still
    become) a tool call or an answer object: no delta ever carries a tool call.
    """

    __slots__ = ("_emit", "_plain", "_raw", "sent")

    def __init__(self, emit: Callable[[str], None], *, plain: bool = False) -> None:
        self._emit = emit
        self._plain = plain
        self._raw = ""
        self.sent = ""

    def feed(self, text: str) -> None:
        self._raw += text
        answer = self._answer()
        if answer is None:
            return
        shown = answer.strip()
        if len(shown) > len(self.sent) and shown.startswith(self.sent):
            new, self.sent = shown[len(self.sent) :], shown
            self._emit(new)

    def _answer(self) -> str | None:
        body = self._raw.lstrip()
        if not body:
            return None
        if self._plain and not body.startswith(("{", "`")):
            return _prose_so_far(body)
        start = body.find("{")
        if start < 0:
            return None
        try:
            value = from_json(body[start:].encode(), allow_partial="trailing-strings")
        except ValueError:
            return None  # not JSON (yet): nothing to show
        if not isinstance(value, dict):
            return None
        if value.get("type") != ANSWER and not (self._plain and "type" not in value):
            return None
        answer = value.get("text")
        return answer if isinstance(answer, str) else None


def _prose_so_far(body: str) -> str | None:
    """A prose reply up to the first JSON value that is (or may still become) a tool call
    or an answer object; nothing while it is one JSON value (a JSON reply)."""
    for span in json_spans(body):
        if span.start == 0 and span.end in (None, len(body)):
            return None
        if span.end is None or is_tool_action(span.value) or _is_object_reply(span.value):
            return body[: span.start]
    return body


def _is_object_reply(value: Any) -> bool:
    return isinstance(value, dict) and ("type" in value or "text" in value)
