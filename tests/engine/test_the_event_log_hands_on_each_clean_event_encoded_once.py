"""The event log encodes each event's data once, for the credential check, and hands that
JSON on with the event (a sink that stores it need not encode it again); an event whose
data redaction changed carries no text, so nothing unredacted can be stored from it."""

import json

from agentweb.engine.credentials import REDACTED
from agentweb.engine.events import EventLog, ListSink, ModelCalled

CALLED = {
    "round": 1,
    "purpose": "decide",
    "prompt": "react",
    "continuation": 0,
    "request": "{}",
    "tokens_in": 1,
    "tokens_out": 1,
    "latency_ms": 2.5,
    "ttft_ms": None,
    "tokens_per_s": None,
    "finish_reason": "stop",
    "model": "m",
}


async def test_a_clean_event_carries_the_json_of_its_data():
    sink = ListSink()
    data = {**CALLED, "reply": "Wie baue ich das? 分析", "ttft_ms": 2.5}

    await EventLog(sink).emit(ModelCalled(**data))

    (event,) = sink.events
    assert event.data == data
    assert event.encoded == json.dumps(event.data)


async def test_a_redacted_event_carries_no_text():
    sink = ListSink()

    await EventLog(sink).emit(ModelCalled(**CALLED, reply="api_key=abcdef123456"))

    (event,) = sink.events
    assert event.data == {**CALLED, "reply": f"api_key={REDACTED}"}
    assert event.encoded is None
