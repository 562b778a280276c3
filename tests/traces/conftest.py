"""Fixtures of the trace viewer: recorded runs, and clients for the people of the root conftest."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from agentweb.assistant.models import Run, RunEvent
from tests.assistant.conftest import connect, model  # noqa: F401

T0 = dt.datetime(2026, 5, 1, 12, 0, tzinfo=dt.UTC)


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """Test users need no slow password hashing (a dozen players per list test)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def at(ms: float) -> dt.datetime:
    return T0 + dt.timedelta(milliseconds=ms)


# One recorded ReAct run: route, a tool round, an answer round (times in ms from T0).
REACT_EVENTS: list[tuple[str, float, dict[str, Any]]] = [
    ("run.started", 0, {"question": "how do I craft a torch", "allow_web": False}),
    ("model.called", 40, {"round": 0, "purpose": "route", "prompt": "router",
                          "request": '{"task":"route","question":"how do I craft a torch"}',
                          "reply": '{"workflow":"system:reasoning"}', "tokens_in": 30,
                          "tokens_out": 5, "latency_ms": 30.0, "model": "scripted"}),
    ("route.decided", 45, {"workflow": "system:reasoning", "by": "router",
                           "policy": {"modelCalls": 4, "reactIterations": 3}}),
    ("round.started", 50, {"round": 1, "rounds_total": 3, "final_only": False}),
    ("model.called", 150, {"round": 1, "purpose": "decide", "prompt": "react",
                           "request": '{"question":"how do I craft a torch","round":1}',
                           "reply": '{"type":"item.source","input":{"item":"torch"}}',
                           "tokens_in": 100, "tokens_out": 12, "latency_ms": 90.0,
                           "model": "scripted"}),
    ("decision", 152, {"round": 1, "type": "item.source", "input": {"item": "torch"}}),
    ("tool.started", 160, {"step_id": "r.s1", "tool": "item.source", "input": {"item": "torch"}}),
    ("tool.finished", 230, {"step_id": "r.s1", "tool": "item.source", "module": "game.items",
                            "input": {"item": "torch"}, "observation": {"found": True},
                            "output": {"item": "Torch"}, "card": None, "latency_ms": 60.0}),
    ("round.started", 240, {"round": 2, "rounds_total": 3, "final_only": False}),
    ("model.called", 400, {"round": 2, "purpose": "decide", "prompt": "react",
                           "request": '{"question":"how do I craft a torch","round":2}',
                           "reply": '{"type":"answer","text":"Coal and a stick.","sources":[]}',
                           "tokens_in": 140, "tokens_out": 20, "latency_ms": 150.0,
                           "model": "scripted"}),
    ("decision", 402, {"round": 2, "type": "answer", "text": "Coal and a stick.", "sources": []}),
    ("answer", 405, {"text": "Coal and a stick.", "sources": [], "cards": []}),
    ("run.finished", 410, {"workflow": "system:reasoning", "status": "completed",
                           "stop_reason": {"code": "answered", "message": ""}}),
]  # fmt: skip

# A run whose model output was invalid, then degraded without an answer.
FAILING_EVENTS = [
    ("run.started", 0, {"question": "buy a sword"}),
    ("route.decided", 5, {"workflow": "system:free_chat", "by": "router"}),
    ("round.started", 6, {"round": 1, "rounds_total": 2, "final_only": False}),
    ("model.called", 50, {"round": 1, "purpose": "decide", "prompt": "free_chat",
                          "request": "{}", "reply": "not json", "tokens_in": 9,
                          "tokens_out": 2, "latency_ms": 40.0}),
    ("failure", 52, {"round": 1, "failure": "model_invalid_output",
                     "message": "The reply is not JSON", "recoverable": True}),
    ("degraded", 60, {"failure": {"failure": "model_error", "message": "down"},
                      "finalized": False, "text": "Sorry", "cards": []}),
    ("run.finished", 61, {"status": "failed", "stop_reason": {"code": "failed"}}),
]  # fmt: skip

REACT_USAGE = {
    "usage": {"model_calls": 3, "tool_calls": 1, "steps": 4, "write_steps": 0,
              "tokens_in": 270, "tokens_out": 37, "total_tokens": 307},
    "limits": {"model_calls": 4, "tool_calls": 8, "steps": 14, "write_steps": 0,
               "total_tokens": 262144, "ttl_ms": 60000},
    "elapsed_ms": 410,
    "rounds": {"used": 2, "limit": 3},
}  # fmt: skip


@pytest.fixture
def record_run(db) -> Callable[..., Run]:
    """A finished run with its events, as the executor would have stored it."""

    def record(user: Any, events=REACT_EVENTS, **fields: Any) -> Run:
        defaults: dict[str, Any] = {
            "question": "how do I craft a torch",
            "workflow": "system:reasoning",
            "status": "completed",
            "stop_reason": {"code": "answered", "message": ""},
            "answer": "Coal and a stick.",
            "usage": REACT_USAGE,
            "policy_snapshot": {"modelCalls": 4, "toolCalls": 8, "reactIterations": 3},
            "prompt_snapshot": {"react": "You are the react prompt.", "router": "Route it."},
            "started_at": T0,
            "finished_at": at(410),
            "last_seq": len(events),
        }
        defaults.update(fields)
        run = Run.objects.create(user=user, **defaults)
        RunEvent.objects.bulk_create(
            RunEvent(run=run, seq=n, kind=kind, ts=at(ms), data=data)
            for n, (kind, ms, data) in enumerate(events, 1)
        )
        return run

    return record


def now() -> dt.datetime:
    return timezone.now()
