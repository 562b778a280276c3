"""SPEC §15: every trace event has one title format, filled in from the event's data and
shown in the reader's language (render.js reads the same formats; see the browser test
``test_the_chat_trace_and_the_trace_viewer_name_steps_alike``)."""

from django.utils import translation

from agentweb.assistant.page.describe import describe, title
from agentweb.assistant.page.labels import event_titles, js_labels
from agentweb.engine.events import EventKind


def test_every_event_kind_has_a_format_and_nothing_else_does():
    assert set(event_titles()) == {kind.value for kind in EventKind}


def test_a_title_names_the_event_with_its_fields():
    data = {"purpose": "decide", "tokens_in": 120, "tokens_out": 30, "latency_ms": 49.5}

    assert describe("model.called", data) == "Model call · decide · 120+30 tokens · 50 ms"
    assert describe("tool.started", {"tool": "item.source"}) == "Tool call: item.source"
    assert (
        describe(
            "route.decided", {"workflow": "system:reasoning", "options": {"changed": ["a", "b"]}}
        )
        == "Route: system:reasoning · a, b"
    )


def test_an_optional_part_shows_only_when_its_fields_are_set():
    assert describe("round.started", {"round": 2, "rounds_total": 3}) == "Round 2/3"
    assert (
        describe("round.started", {"round": 3, "rounds_total": 3, "final_only": True})
        == "Round 3/3 · final answer only"
    )
    assert describe("failure", {"failure": "timeout", "message": ""}) == "Failure: timeout"


def test_a_missing_field_outside_an_optional_part_shows_as_a_question_mark():
    assert describe("tool.started", {}) == "Tool call: ?"
    assert describe("degraded", {"failure": {"failure": "budget"}}) == "Degraded: budget"


def test_values_with_a_label_are_translated_and_the_rest_is_shown_as_stored():
    with translation.override("zh-hans"):
        assert describe("run.finished", {"status": "completed"}) == "运行结束：已完成"
        assert describe("decision", {"type": "answer"}) == "决策：回答"
        assert describe("decision", {"type": "item.source"}) == "决策：item.source"
        assert describe("action.confirmed", {"decision": "reject"}) == "确认：已拒绝"


def test_an_unknown_kind_is_its_own_title():
    assert describe("something.new", {"x": 1}) == "something.new"


def test_a_value_that_looks_like_a_field_is_shown_as_it_is():
    labels = js_labels()

    assert title("Tool call: {tool}", {"tool": "{message}"}, labels) == "Tool call: {message}"
