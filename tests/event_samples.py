"""One event of every kind, as its emitters write it (``engine.events.EVENT_DATA``)."""

from agentweb.engine.events import EventKind

BUDGET = {
    "usage": {"model_calls": 1, "tool_calls": 1, "total_tokens": 132},
    "limits": {"model_calls": 6, "tool_calls": 8, "total_tokens": None},
    "elapsed_ms": 120,
}

SAMPLES: dict[EventKind, dict] = {
    EventKind.RUN_STARTED: {
        "question": "how do I craft a torch",
        "allow_web": False,
        "workflow": None,
        "budget": BUDGET,
    },
    EventKind.ROUTE_DECIDED: {"workflow": "system:reasoning", "by": "router", "policy": {}},
    EventKind.ROUND_STARTED: {
        "round": 1,
        "rounds_total": 4,
        "final_only": False,
        "rethink": False,
        "budget": BUDGET,
    },
    EventKind.MODEL_STARTED: {
        "round": 1,
        "purpose": "decide",
        "prompt": "react",
        "continuation": 0,
    },
    EventKind.MODEL_CALLED: {
        "round": 1,
        "purpose": "decide",
        "prompt": "react",
        "continuation": 0,
        "request": "{}",
        "reply": '{"type": "item.recipe"}',
        "tokens_in": 120,
        "tokens_out": 12,
        "latency_ms": 40.5,
        "ttft_ms": 10.0,
        "tokens_per_s": 300.0,
        "finish_reason": "stop",
        "model": "offline",
    },
    EventKind.DECISION: {"round": 1, "type": "item.recipe", "input": {"item": "torch"}},
    EventKind.TOOL_STARTED: {
        "step_id": "r1.t1",
        "tool": "item.recipe",
        "input": {"item": "torch"},
        "writes": False,
    },
    EventKind.TOOL_FINISHED: {
        "step_id": "r1.t1",
        "tool": "item.recipe",
        "module": "game",
        "input": {"item": "torch"},
        "observation": "torch: stick + coal",
        "output": {"item": "minecraft:torch"},
        "card": None,
        "latency_ms": 3.2,
        "writes": False,
    },
    EventKind.INBOX_QUEUED: {"entry_id": 7, "text": "and a lantern?"},
    EventKind.INBOX_CLAIMED: {"round": 2, "messages": ["and a lantern?"]},
    EventKind.COMPRESSED: {"round": 2, "folded": 1, "summary": "looked up the torch"},
    EventKind.ACTION_PENDING: {
        "action_id": "r2.t1",
        "step_id": "r2.t1",
        "tool": "quest.claim",
        "input": {"quest": "q1"},
        "text": "Claim the quest?",
    },
    EventKind.ACTION_CONFIRMED: {"action_id": "r2.t1", "decision": "approve"},
    EventKind.FAILURE: {
        "round": 2,
        "failure": "tool_failed",
        "message": "the tool failed",
        "recoverable": True,
    },
    EventKind.DEGRADED: {"failure": {"failure": "tool_failed", "message": "x"}, "finalized": True},
    EventKind.ANSWER: {"text": "Stick and coal.", "sources": [], "cards": [], "finalized": False},
    EventKind.RUN_FINISHED: {"status": "completed", "stop_reason": {"code": "answered"}},
}
