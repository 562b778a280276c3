"""An export as OpenTelemetry spans (OTLP/JSON), for Langfuse, Phoenix or any OTLP collector.

Mapping: one trace per run; a root span for the run; one child span per round
(round 0 is the routing); model calls and tool calls are spans under their
round. Instant events (decisions, failures, degradation, the answer) become
span events. Attributes follow the OpenTelemetry GenAI conventions
(``gen_ai.*``) plus OpenInference's ``input.value``/``output.value`` and
``openinference.span.kind``, which Phoenix and Langfuse both read.

IDs are derived from the run, so exporting the same run twice gives the same
trace and span ids (a collector deduplicates instead of doubling).
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from typing import Any

from django.utils.dateparse import parse_datetime

from agentweb.engine.events import (
    EventData,
    FailureSeen,
    ModelCalled,
    RunDegraded,
    ToolFinished,
    ToolStarted,
)
from agentweb.traces import timeline

SCOPE = "agentweb.traces"
# OTLP enum values (opentelemetry-proto trace.proto).
KIND_INTERNAL, KIND_CLIENT = 1, 3
STATUS_UNSET, STATUS_OK, STATUS_ERROR = 0, 1, 2
FAILED_STATUSES = frozenset({"failed", "cancelled", "interrupted", "undone"})


def _hex(seed: str, length: int) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()[:length]


def _nanos(when: datetime) -> str:
    # OTLP/JSON carries 64-bit integers as strings.
    return str(int(when.timestamp() * 1_000_000) * 1000)


def _value(value: Any) -> dict[str, Any]:
    if isinstance(value, bool):
        return {"boolValue": value}
    if isinstance(value, int):
        return {"intValue": str(value)}
    if isinstance(value, float):
        return {"doubleValue": value}
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return {"arrayValue": {"values": [{"stringValue": v} for v in value]}}
    if isinstance(value, str):
        return {"stringValue": value}
    return {"stringValue": json.dumps(value, ensure_ascii=False, sort_keys=True)}


def attributes(values: dict[str, Any]) -> list[dict[str, Any]]:
    """OTLP key/value pairs; ``None`` values are left out."""
    return [{"key": k, "value": _value(v)} for k, v in values.items() if v is not None]


class _Spans:
    def __init__(self, trace_id: str) -> None:
        self.trace_id = trace_id
        self.spans: list[dict[str, Any]] = []

    def add(
        self,
        key: str,
        parent: str,
        name: str,
        start: datetime,
        end: datetime,
        attrs: dict[str, Any],
        *,
        kind: int = KIND_INTERNAL,
        error: str | None = None,
        events: list[dict[str, Any]] | None = None,
    ) -> str:
        span_id = _hex(f"{self.trace_id}:{key}", 16)
        self.spans.append(
            {
                "traceId": self.trace_id,
                "spanId": span_id,
                "parentSpanId": parent,
                "name": name,
                "kind": kind,
                "startTimeUnixNano": _nanos(start),
                "endTimeUnixNano": _nanos(max(start, end)),
                "attributes": attributes(attrs),
                "events": events or [],
                "status": {"code": STATUS_ERROR, "message": error}
                if error
                else {"code": STATUS_UNSET},
            }
        )
        return span_id


def _span_event(step: timeline.Step) -> dict[str, Any]:
    data = {f"agentweb.{k}": v for k, v in step.data.items()}
    return {"timeUnixNano": _nanos(step.start), "name": step.kind, "attributes": attributes(data)}


def _model_attrs(step: timeline.Step, prompts: dict[str, str]) -> dict[str, Any]:
    d = step.event if isinstance(step.event, ModelCalled) else None
    if d is None:
        return {"openinference.span.kind": "LLM", "gen_ai.operation.name": "chat"}
    messages = [
        {"role": "system", "content": prompts.get(d.prompt or "", "")},
        {"role": "user", "content": d.request},
    ]
    return {
        "openinference.span.kind": "LLM",
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": d.model,
        "gen_ai.usage.input_tokens": d.tokens_in,
        "gen_ai.usage.output_tokens": d.tokens_out,
        "gen_ai.response.finish_reasons": [d.finish_reason] if d.finish_reason else None,
        "agentweb.purpose": d.purpose,
        "agentweb.prompt": d.prompt,
        "agentweb.latency_ms": d.latency_ms,
        "agentweb.ttft_ms": d.ttft_ms,
        "agentweb.tokens_per_s": d.tokens_per_s,
        "agentweb.partial": d.partial if "partial" in d.model_fields_set else None,
        "agentweb.decision": step.decision,
        "input.value": json.dumps(messages, ensure_ascii=False),
        "input.mime_type": "application/json",
        "output.value": d.reply,
    }


def _tool_attrs(step: timeline.Step) -> dict[str, Any]:
    d = step.event if isinstance(step.event, ToolStarted) else None
    if d is None:
        return {"openinference.span.kind": "TOOL", "gen_ai.operation.name": "execute_tool"}
    finished = d if isinstance(d, ToolFinished) else None
    return {
        "openinference.span.kind": "TOOL",
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": d.tool,
        "gen_ai.tool.call.id": d.step_id,
        "tool.name": d.tool,
        "agentweb.module": finished.module if finished else None,
        "agentweb.writes": d.writes,
        "input.value": json.dumps(d.input, ensure_ascii=False),
        "input.mime_type": "application/json",
        "output.value": json.dumps(finished.observation if finished else None, ensure_ascii=False),
        "output.mime_type": "application/json",
    }


def _events_of(doc: dict[str, Any]) -> list[timeline.RawEvent]:
    rows = []
    for e in doc.get("events", []):
        ts = parse_datetime(e["ts"]) if isinstance(e.get("ts"), str) else None
        if ts is not None:
            rows.append(timeline.RawEvent(e["seq"], e["kind"], ts, e.get("data") or {}))
    return rows


def _run_attrs(run: dict[str, Any], doc: dict[str, Any]) -> dict[str, Any]:
    usage = (doc.get("usage") or {}).get("usage") or {}
    stop = run.get("stop_reason") or {}
    return {
        "openinference.span.kind": "AGENT",
        "agentweb.run.id": run.get("id"),
        "agentweb.workflow": run.get("workflow"),
        "agentweb.status": run.get("status"),
        "agentweb.stop_reason": stop.get("code") if isinstance(stop, dict) else None,
        "agentweb.failure": run.get("failure") or None,
        "agentweb.redacted": run.get("redacted"),
        "user.id": run.get("player"),
        "gen_ai.usage.input_tokens": usage.get("tokens_in"),
        "gen_ai.usage.output_tokens": usage.get("tokens_out"),
        "input.value": run.get("question"),
        "output.value": run.get("answer"),
    }


def otel_view(doc: dict[str, Any]) -> dict[str, Any]:
    """The span view of an export document (``export.export_run``) as OTLP/JSON."""
    run = doc.get("run") or {}
    line = timeline.build(_events_of(doc))
    trace_id = _hex(f"agentweb:{run.get('id')}:{run.get('created_at')}", 32)
    spans = _Spans(trace_id)
    steps = line.steps
    if not steps:
        return _envelope(spans)
    start, end = min(s.start for s in steps), max(s.end for s in steps)
    status = str(run.get("status", ""))
    marks = [_span_event(s) for s in steps if s.round == timeline.END_ROUND]
    root = spans.add(
        "run",
        "",
        f"run {run.get('id')}",
        start,
        end,
        _run_attrs(run, doc),
        error=status if status in FAILED_STATUSES else None,
        events=marks,
    )
    prompts = doc.get("prompt_snapshot") or {}
    for rnd in line.rounds:
        if rnd.number == timeline.END_ROUND:
            continue
        name = "routing" if rnd.number == timeline.START_ROUND else f"round {rnd.number}"
        instant = [s for s in rnd.steps if s.span == "mark"]
        failed = next((_failure(s.event) for s in instant if s.failed), None)
        parent = spans.add(
            f"round:{rnd.number}",
            root,
            name,
            rnd.start,
            rnd.end,
            {"agentweb.round": rnd.number, **_round_attrs(rnd)},
            error=str(failed) if failed else None,
            events=[_span_event(s) for s in instant],
        )
        for step in rnd.steps:
            if step.span == "model":
                called = step.event if isinstance(step.event, ModelCalled) else None
                label = f"chat {(called and called.model) or 'model'}"
                spans.add(
                    f"seq:{step.seq}",
                    parent,
                    label,
                    step.start,
                    step.end,
                    _model_attrs(step, prompts),
                    kind=KIND_CLIENT,
                )
            elif step.span == "tool":
                spans.add(
                    f"seq:{step.seq}",
                    parent,
                    f"execute_tool {_tool_name(step.event)}",
                    step.start,
                    step.end,
                    _tool_attrs(step),
                    error=None if step.finished else "no result",
                )
    return _envelope(spans)


def _failure(event: EventData | None) -> str | None:
    """What a failure or a degraded answer failed with."""
    if isinstance(event, FailureSeen):
        return event.failure
    return str(event.failure.get("failure")) if isinstance(event, RunDegraded) else None


def _tool_name(event: EventData | None) -> str | None:
    return event.tool if isinstance(event, ToolStarted) else None


def _round_attrs(rnd: timeline.Round) -> dict[str, Any]:
    return {
        "agentweb.rounds_total": rnd.info.get("rounds_total"),
        "agentweb.final_only": rnd.info.get("final_only"),
    }


def _envelope(spans: _Spans) -> dict[str, Any]:
    return {
        "resourceSpans": [
            {
                "resource": {"attributes": attributes({"service.name": "agentweb"})},
                "scopeSpans": [{"scope": {"name": SCOPE, "version": "1"}, "spans": spans.spans}],
            }
        ],
    }
