"""The loop's JSON protocol with the model (R-LOOP-3, SPEC §15).

Every request is a system prompt plus one user message whose content is a
JSON object; the model replies with one JSON object: a tool action
``{"type": "<tool>", "input": {...}}`` or an answer
``{"type": "answer", "text": "...", "sources": [1]}``. In the final round an
object with only the answer fields is accepted too. Anything else is an
invalid output. Private reasoning (``<think>`` blocks, reasoning fields) is
stripped before anything is parsed, stored or shown.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from pydantic_core import from_json

from agentweb.engine.failures import AgentError, AgentFailure

ANSWER = "answer"

_THINK_BLOCK = re.compile(r"<(think|thinking|reasoning)>.*?</\1>", re.DOTALL | re.IGNORECASE)
_UNCLOSED_THINK = re.compile(r"^\s*<(think|thinking|reasoning)>.*", re.DOTALL | re.IGNORECASE)
_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.DOTALL)
PRIVATE_KEYS = frozenset({"reasoning", "reasoning_content", "thinking", "thought", "thoughts"})
# A private key as it appears in reply text, followed by its colon.
_PRIVATE_KEY = re.compile(r'"(?:' + "|".join(sorted(PRIVATE_KEYS)) + r')"\s*:\s*', re.IGNORECASE)
_COMMA = re.compile(r"\s*,")
_DECODER = json.JSONDecoder()


@dataclass(frozen=True, slots=True)
class ToolAction:
    type: str
    input: dict[str, Any]

    def as_dict(self) -> dict[str, Any]:
        return {"type": self.type, "input": self.input}


@dataclass(frozen=True, slots=True)
class Answer:
    text: str
    sources: tuple[int, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"type": ANSWER, "text": self.text, "sources": list(self.sources), **self.extra}


Decision = ToolAction | Answer


def strip_private(text: str) -> str:
    """Remove ``<think>``-style blocks (closed, or unclosed at the start)."""
    if "<" not in text:
        return text
    text = _THINK_BLOCK.sub("", text)
    return _UNCLOSED_THINK.sub("", text)


def _drop_private(value: Any) -> Any:
    """``value`` without private-reasoning keys, at any depth."""
    if isinstance(value, dict):
        return {k: _drop_private(v) for k, v in value.items() if k.lower() not in PRIVATE_KEYS}
    if isinstance(value, list):
        return [_drop_private(v) for v in value]
    return value


def without_private(text: str) -> str:
    """A reply as it may be stored or shown: ``<think>`` blocks and reasoning fields removed.

    The one cleaner for reply text that leaves the engine (traces, failure
    details): a reply that is one JSON object is re-serialised without its
    private keys at any depth; one that does not parse (cut off, not an object,
    prose around it) loses each private ``"key": value`` pair where it stands,
    and everything after a private value that never ends.
    """
    text = strip_private(text)
    if not _PRIVATE_KEY.search(text):
        return text
    value, _ = _load_object(text)
    return _cut_private_pairs(text) if value is None else dumps(value)


def _cut_private_pairs(text: str) -> str:
    kept: list[str] = []
    pos = 0
    while (found := _PRIVATE_KEY.search(text, pos)) is not None:
        kept.append(text[pos : found.start()])
        try:
            _, pos = _DECODER.raw_decode(text, found.end())
        except ValueError:
            pos = len(text)
        comma = _COMMA.match(text, pos)
        if comma is not None:
            pos = comma.end()
    kept.append(text[pos:])
    return "".join(kept)


def parse_object(text: str) -> dict[str, Any]:
    """The single JSON object of a reply, private reasoning removed."""
    value, problem = _load_object(text)
    if value is None:
        raise invalid(problem, text)
    return value


def _load_object(text: str) -> tuple[dict[str, Any] | None, str]:
    """The reply's JSON object without private keys, or ``None`` and what is wrong."""
    body = strip_private(text).strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1)
    if not body.startswith("{"):
        start, end = body.find("{"), body.rfind("}")
        if start < 0 or end < start:
            return None, "The reply is not a JSON object"
        body = body[start : end + 1]
    try:
        value = json.loads(body)
        if not isinstance(value, dict):
            return None, "The reply must be one JSON object"
        return _drop_private(value), ""
    except ValueError:
        return None, "The reply is not valid JSON"
    except RecursionError:
        return None, "The reply is nested too deeply"


def parse_decision(text: str, *, final_only: bool, tool_types: Any = ()) -> Decision:
    """Parse a reply strictly; raise ``AgentError(MODEL_INVALID_OUTPUT)`` otherwise."""
    obj = parse_object(text)
    kind = obj.get("type")
    if kind == ANSWER or (kind is None and final_only and "text" in obj):
        return _answer(obj, text)
    if not isinstance(kind, str) or not kind:
        raise invalid('The reply has no "type"', text)
    if final_only:
        raise invalid(f"Tool action {kind!r} in the final round: only an answer is allowed", text)
    if kind not in tool_types:
        raise invalid(f"Unknown tool {kind!r}", text)
    tool_input = obj.get("input", {})
    if not isinstance(tool_input, dict):
        raise invalid('"input" must be a JSON object', text)
    return ToolAction(kind, tool_input)


def _answer(obj: dict[str, Any], raw: str) -> Answer:
    text = obj.get("text")
    if not isinstance(text, str) or not text.strip():
        raise invalid('An answer needs a non-empty "text"', raw)
    sources = obj.get("sources", [])
    if sources is None:
        sources = []
    if not isinstance(sources, list) or not all(
        isinstance(n, int) and not isinstance(n, bool) for n in sources
    ):
        raise invalid('"sources" must be a list of source numbers', raw)
    extra = {k: v for k, v in obj.items() if k not in ("type", "text", "sources")}
    return Answer(text.strip(), tuple(dict.fromkeys(sources)), extra)


@dataclass(frozen=True, slots=True)
class JsonSpan:
    """A JSON object or array inside a reply's text; ``end`` is ``None`` while it is still
    being written (the text ends inside it)."""

    start: int
    end: int | None
    value: Any


_JSON_START = re.compile(r"[{\[]")


def json_spans(text: str) -> Iterator[JsonSpan]:
    """Every JSON object or array in ``text``, in order: complete ones, and at the end one
    that the text stops in the middle of. Braces that start no JSON ("{curly}", "[Tip]")
    are prose."""
    pos = 0
    while (found := _JSON_START.search(text, pos)) is not None:
        start = found.start()
        try:
            value, end = _DECODER.raw_decode(text, start)
        except ValueError:
            try:
                value = from_json(text[start:].encode(), allow_partial=True)
            except ValueError:
                pos = start + 1
                continue
            yield JsonSpan(start, None, value)
            return
        except RecursionError:
            pos = start + 1
            continue
        yield JsonSpan(start, end, value)
        pos = end


def is_tool_action(value: Any) -> bool:
    """A tool action, or a list holding one: ``{"type": "item.source", …}``."""
    if isinstance(value, list):
        return any(is_tool_action(v) for v in value)
    if not isinstance(value, dict):
        return False
    kind = value.get("type")
    return (isinstance(kind, str) and kind != ANSWER) or "input" in value


def invalid(reason: str, raw: str) -> AgentError:
    return AgentError(
        AgentFailure.MODEL_INVALID_OUTPUT, reason, detail={"reply": without_private(raw)[:2000]}
    )


def dumps(payload: dict[str, Any]) -> str:
    """Compact JSON, readable non-ASCII (Chinese questions stay readable in traces)."""
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
