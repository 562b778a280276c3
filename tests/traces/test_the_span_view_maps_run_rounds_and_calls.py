"""The OpenTelemetry view: run → round → model/tool spans, in OTLP/JSON."""

import pytest

from agentweb.traces.export import export_run
from agentweb.traces.otel import STATUS_ERROR, otel_view
from tests.traces.conftest import FAILING_EVENTS, at

pytestmark = pytest.mark.django_db


def _spans(document):
    return document["resourceSpans"][0]["scopeSpans"][0]["spans"]


def _attrs(span):
    return {a["key"]: next(iter(a["value"].values())) for a in span["attributes"]}


def _nanos(ms):
    return str(int(at(ms).timestamp() * 1_000_000) * 1000)


@pytest.fixture
def all_spans(alice, record_run):
    return _spans(otel_view(export_run(record_run(alice))))


@pytest.fixture
def spans(all_spans):
    """Runs and rounds by name (model spans share theirs: see ``children``)."""
    return {s["name"]: s for s in all_spans}


def children(all_spans, parent):
    return [s for s in all_spans if s["parentSpanId"] == parent["spanId"]]


def test_the_run_is_the_root_and_rounds_are_its_children(spans):
    root = spans[next(n for n in spans if n.startswith("run "))]

    assert root["parentSpanId"] == ""
    assert {n for n, s in spans.items() if s["parentSpanId"] == root["spanId"]} == {
        "routing",
        "round 1",
        "round 2",
    }
    assert root["startTimeUnixNano"] == _nanos(0) and root["endTimeUnixNano"] == _nanos(410)
    assert [e["name"] for e in root["events"]] == ["answer", "run.finished"]


def test_model_and_tool_calls_are_spans_under_their_round(spans, all_spans):
    under = children(all_spans, spans["round 1"])

    assert sorted(s["name"] for s in under) == ["chat scripted", "execute_tool item.source"]
    tool = spans["execute_tool item.source"]
    assert (tool["startTimeUnixNano"], tool["endTimeUnixNano"]) == (_nanos(160), _nanos(230))
    assert _attrs(tool)["gen_ai.tool.name"] == "item.source"
    assert _attrs(tool)["input.value"] == '{"item": "torch"}'


def test_a_model_span_carries_the_exact_messages_and_token_usage(spans, all_spans):
    [router] = children(all_spans, spans["routing"])

    attrs = _attrs(router)
    assert attrs["gen_ai.operation.name"] == "chat"
    assert attrs["gen_ai.usage.input_tokens"] == "30"
    assert '"content": "Route it."' in attrs["input.value"], "the system prompt snapshot"
    assert attrs["output.value"] == '{"workflow":"system:reasoning"}'
    assert router["kind"] == 3  # CLIENT
    assert (router["startTimeUnixNano"], router["endTimeUnixNano"]) == (_nanos(0), _nanos(40))


def test_ids_are_stable_and_well_formed(alice, record_run):
    document = export_run(record_run(alice))

    first, second = _spans(otel_view(document)), _spans(otel_view(document))

    assert [s["spanId"] for s in first] == [s["spanId"] for s in second]
    assert len({s["spanId"] for s in first}) == len(first)
    assert all(len(s["traceId"]) == 32 and len(s["spanId"]) == 16 for s in first)


def test_a_failed_run_and_its_failing_round_carry_an_error_status(alice, record_run):
    run = record_run(alice, events=FAILING_EVENTS, status="failed")

    spans = {s["name"]: s for s in _spans(otel_view(export_run(run)))}

    assert spans[f"run {run.pk}"]["status"]["code"] == STATUS_ERROR
    assert spans["round 1"]["status"] == {"code": STATUS_ERROR, "message": "model_invalid_output"}
