"""Rows an older version stored — fields since added missing, fields since removed still
there, a kind no longer emitted — still display on the run's page and in the timeline,
as they were stored."""

import pytest

from agentweb.traces import timeline
from tests.traces.conftest import client_for

pytestmark = pytest.mark.django_db

OLD_EVENTS = [
    ("run.started", 0, {"question": "how do I craft a torch", "cost_cents": 3}),
    ("round.started", 5, {"round": 1, "meters": [1, 2]}),
    ("model.called", 900, {"round": 1, "purpose": "decide", "reply": "{}", "latency_ms": 880}),
    ("decision", 901, {"round": 1, "type": "answer", "text": "Coal.", "confidence": 0.9}),
    ("tool.started", 902, {"step_id": "r.s1", "tool": "item.recipe", "input": {"item": "x"}}),
    ("tool.finished", 950, {"step_id": "r.s1", "observation": "torch: stick + coal"}),
    ("rethink", 951, {"why": "an event kind no longer emitted"}),
    ("answer", 960, {"text": "Coal and a stick, said long ago."}),
    ("run.finished", 970, {"status": "completed", "stop_reason": {"code": "answered"}}),
]


def test_an_older_run_s_page_shows_its_events_as_stored(alice, rita, record_run):
    run = record_run(alice, OLD_EVENTS, last_seq=len(OLD_EVENTS))

    response = client_for(rita).get(f"/traces/runs/{run.pk}/")

    assert response.status_code == 200
    html = response.content.decode()
    assert "torch: stick + coal" in html and "rethink" in html


def test_an_older_run_s_timeline_places_its_steps(alice, record_run):
    run = record_run(alice, OLD_EVENTS, last_seq=len(OLD_EVENTS))
    rows = run.events.order_by("seq").values_list("seq", "kind", "ts", "data")

    line = timeline.build(timeline.raw_events(rows))

    (model,) = [s for s in line.steps if s.span == "model"]
    assert model.latency_ms == 880.0 and model.content == ("answer", None, "Coal.")
    (tool,) = [s for s in line.steps if s.span == "tool"]
    assert tool.finished and tool.signature == "tool:item.recipe"
    assert tool.data["observation"] == "torch: stick + coal"
    assert [r.number for r in line.rounds] == [0, 1, -1]
