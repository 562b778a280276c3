"""An event is built from its kind's model, which refuses what the kind does not declare
(strict: a bug shows where the event is written); a stored row — written by an older
version, or imported — is read tolerantly: unknown fields left out, missing or malformed
ones ``None``, and it is still an instance of its kind's model."""

import pytest
from pydantic import ValidationError

from agentweb.engine.events import (
    EVENT_DATA,
    EventKind,
    EventLog,
    ListSink,
    MalformedEvent,
    ModelCalled,
    RoundStarted,
    ToolFinished,
    ToolStarted,
    event_data,
    stored_data,
)
from tests.event_samples import SAMPLES


@pytest.mark.parametrize("kind", list(EventKind))
def test_an_emitter_cannot_build_an_event_with_a_field_its_kind_does_not_declare(kind):
    with pytest.raises(ValidationError, match="not_a_field"):
        EVENT_DATA[kind](**SAMPLES[kind], not_a_field=1)


@pytest.mark.parametrize("kind", list(EventKind))
def test_an_unknown_field_in_emitted_data_is_refused_by_name(kind):
    with pytest.raises(MalformedEvent, match="not_a_field"):
        event_data(kind.value, {**SAMPLES[kind], "not_a_field": 1})


async def test_the_log_stores_what_the_emitter_gave_and_not_the_defaults_it_left_out():
    sink = ListSink()
    data = dict(SAMPLES[EventKind.MODEL_CALLED])

    await EventLog(sink).emit(ModelCalled(**data))

    (event,) = sink.events
    assert event.kind is EventKind.MODEL_CALLED
    assert event.data == data and "partial" not in event.data


@pytest.mark.parametrize("kind", list(EventKind))
def test_a_stored_row_of_every_kind_reads_as_its_kind_s_model(kind):
    assert isinstance(stored_data(kind.value, SAMPLES[kind]), EVENT_DATA[kind])


def test_an_older_row_lacking_fields_added_since_reads_with_them_none():
    old = {"round": 1, "purpose": "decide", "prompt": "react", "reply": "{}", "latency_ms": 5}

    read = stored_data("model.called", old)

    assert isinstance(read, ModelCalled)
    assert (read.latency_ms, read.ttft_ms, read.continuation, read.partial) == (
        5.0,
        None,
        None,
        False,
    )


def test_a_stored_row_s_unknown_and_malformed_fields_are_left_out():
    row = {**SAMPLES[EventKind.ROUND_STARTED], "round": "one", "retired_field": True}

    read = stored_data("round.started", row)

    assert isinstance(read, RoundStarted)
    assert read.round is None and read.rounds_total == 4
    assert "retired_field" not in read.model_dump()


def test_a_stored_tool_row_is_read_as_the_model_its_readers_match_on():
    started = stored_data("tool.started", {"step_id": "r.w1", "tool": "shop.buy", "writes": True})
    finished = stored_data("tool.finished", {"step_id": "r.w1", "output": {"ok": True}})

    assert isinstance(started, ToolStarted) and not isinstance(started, ToolFinished)
    assert isinstance(finished, ToolFinished) and finished.output == {"ok": True}


@pytest.mark.parametrize(
    ("kind", "data"), [("rethink", {}), ("answer", ["text"]), ("answer", None)]
)
def test_a_row_of_no_known_kind_or_no_object_is_not_read(kind, data):
    assert stored_data(kind, data) is None
