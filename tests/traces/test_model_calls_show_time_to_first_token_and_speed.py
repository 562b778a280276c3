"""Each model call's time to first token and output speed: beside the call, in the run
summary and in the OpenTelemetry export; model.started places the call on the time axis."""

import pytest

from agentweb.traces import timeline
from agentweb.traces.export import export_run
from agentweb.traces.otel import otel_view
from tests.traces.conftest import at, client_for

pytestmark = pytest.mark.django_db

QUESTION = {"question": "how do I craft a torch", "allow_web": False}
CALL = {"round": 1, "purpose": "decide", "prompt": "react", "request": "{}",
        "reply": '{"type":"answer","text":"Coal and a stick."}', "tokens_in": 100,
        "tokens_out": 40, "model": "fake"}  # fmt: skip
STREAMED_EVENTS = [
    ("run.started", 0, QUESTION),
    ("round.started", 5, {"round": 1, "rounds_total": 3, "final_only": False}),
    ("model.started", 10, {"round": 1, "purpose": "decide", "prompt": "react"}),
    ("model.called", 900, {**CALL, "latency_ms": 880.0, "ttft_ms": 480.0, "tokens_per_s": 100.0}),
    ("answer", 905, {"text": "Coal and a stick.", "sources": [], "cards": []}),
    ("run.finished", 910, {"status": "completed", "stop_reason": {"code": "answered"}}),
]


def _attrs(span):
    return {a["key"]: next(iter(a["value"].values())) for a in span["attributes"]}


def test_a_model_call_starts_at_its_model_started_event(alice, record_run):
    run = record_run(alice, STREAMED_EVENTS, last_seq=len(STREAMED_EVENTS))
    rows = run.events.order_by("seq").values_list("seq", "kind", "ts", "data")

    line = timeline.build(timeline.raw_events(rows))

    model = next(s for s in line.steps if s.span == "model")
    assert model.start == at(10) and model.end == at(900)
    assert "model.started" not in [s.kind for s in line.steps]


def test_the_run_page_shows_ttft_and_speed_beside_the_call_and_in_the_summary(
    alice, rita, record_run
):
    run = record_run(alice, STREAMED_EVENTS, last_seq=len(STREAMED_EVENTS))

    html = client_for(rita).get(f"/traces/runs/{run.pk}/").content.decode()

    assert "first token 480 ms" in html
    assert "100 tokens/s" in html
    summary = html.split('id="model-speed"')[1].split("</div>")[0]
    assert "first token 480 ms (median)" in summary and "100 tokens/s" in summary


def test_the_otel_export_carries_them_as_span_attributes(alice, record_run):
    run = record_run(alice, STREAMED_EVENTS, last_seq=len(STREAMED_EVENTS))

    spans = otel_view(export_run(run))["resourceSpans"][0]["scopeSpans"][0]["spans"]

    model = next(s for s in spans if _attrs(s).get("openinference.span.kind") == "LLM")
    assert _attrs(model)["agentweb.ttft_ms"] == 480.0
    assert _attrs(model)["agentweb.tokens_per_s"] == 100.0


def test_the_run_page_says_which_policy_fields_the_request_changed(alice, rita, record_run):
    decided = {
        "workflow": "system:reasoning",
        "by": "router",
        "policy": {"reactIterations": 1, "modelTimeoutMillis": 12000},
        "options": {"requested": {"reactIterations": 1}, "changed": ["reactIterations"]},
    }
    events = [STREAMED_EVENTS[0], ("route.decided", 2, decided), *STREAMED_EVENTS[1:]]
    run = record_run(alice, events, last_seq=len(events), policy_snapshot=decided["policy"])

    html = client_for(rita).get(f"/traces/runs/{run.pk}/").content.decode()

    options = html.split('id="policy-options"')[1].split("</p>")[0]
    assert "<strong>reactIterations</strong>" in options
