"""A run with an event of every kind: the timeline places each one, the detail page shows
it, the export carries it and imports again."""

import json

import pytest
from django.utils import timezone

from agentweb.assistant.models import Run, Status, event_store
from agentweb.engine.events import EventKind
from agentweb.traces import timeline
from agentweb.traces.export import export_run
from agentweb.traces.importer import import_trace
from tests.event_samples import SAMPLES
from tests.traces.conftest import client_for

pytestmark = pytest.mark.django_db

# Not steps of their own: a call's start places the call, a decision joins its call.
JOINED = {EventKind.MODEL_STARTED, EventKind.DECISION}


@pytest.fixture
def every_kind(alice):
    run = Run.objects.create(user=alice, question="q", status=Status.COMPLETED)
    for kind, data in SAMPLES.items():
        event_store.write_event(run.pk, kind.value, data, timezone.now())
    return run


def test_the_timeline_places_an_event_of_every_kind(every_kind):
    rows = every_kind.events.order_by("seq").values_list("seq", "kind", "ts", "data")

    built = timeline.build(timeline.raw_events(rows))

    # A tool call's two events are one step ("tool").
    tool_events = {EventKind.TOOL_STARTED, EventKind.TOOL_FINISHED}
    marks = {k.value for k in EventKind if k not in JOINED | tool_events}
    assert {step.kind for step in built.steps} == marks | {"tool"}
    (model,) = [s for s in built.steps if s.span == "model"]
    assert model.decision == SAMPLES[EventKind.DECISION]
    (tool,) = [s for s in built.steps if s.span == "tool"]
    assert tool.finished and tool.data["observation"] == "torch: stick + coal"


def test_the_detail_page_shows_a_run_with_every_kind(every_kind, rita):
    response = client_for(rita).get(f"/traces/runs/{every_kind.pk}/")

    assert response.status_code == 200
    assert "and a lantern?" in response.content.decode()


def test_the_export_of_every_kind_imports_again(every_kind, rita):
    document = json.loads(json.dumps(export_run(every_kind)))

    copy = import_trace(document, rita)

    assert list(copy.events.order_by("seq").values_list("kind", "data")) == [
        (kind.value, data) for kind, data in SAMPLES.items()
    ]
