"""The frame broadcast for an event just written carries its data as encoded for the
INSERT: the same text as encoding the whole frame, without encoding the data twice."""

import json

import pytest
from django.utils import timezone

from agentweb.assistant.models import Run, RunEvent, event_store
from agentweb.assistant.runs import events
from agentweb.engine.events import Event, EventKind

pytestmark = pytest.mark.django_db

DATA = [
    {},
    {"text": "é — ünïcode ✓", "n": [1, 2.5, None, True], "nested": {"a": {"b": "c"}}},
    {"quote": 'say "hi"\n', "path": "C:\\mods\\x00data"},
]


def _frames(rows: list[RunEvent]) -> list[str]:
    return [events.broadcast_message(row)["text"] for row in rows]


def test_events_written_in_a_group_are_sent_as_their_whole_frame_encoded(alice):
    runs = [Run.objects.create(user=alice, question=f"q{i}") for i in range(2)]
    written = events.persist(
        [
            (run.pk, None, [Event(k, EventKind.TOOL_FINISHED, d) for k, d in enumerate(DATA)])
            for run in runs
        ]
    )
    rows = [row for group in written for row in group]
    assert all(getattr(row, "encoded", None) for row in rows)
    assert _frames(rows) == [json.dumps(row.as_frame()) for row in rows]
    stored = RunEvent.objects.order_by("run_id", "seq")
    assert [json.loads(text) for text in _frames(rows)] == [row.as_frame() for row in stored]


def test_an_event_written_alone_is_sent_the_same_way(alice):
    run = Run.objects.create(user=alice, question="q")
    row = event_store.write_event(run.pk, "answer", DATA[1], timezone.now())
    assert _frames([row]) == [json.dumps(row.as_frame())]


def test_a_row_read_back_from_the_database_is_encoded_whole(alice):
    run = Run.objects.create(user=alice, question="q")
    event_store.write_event(run.pk, "answer", DATA[2], timezone.now())
    row = RunEvent.objects.get()
    assert _frames([row]) == [json.dumps(row.as_frame())]
