"""An event whose data has a NUL (a model's or a web page's text) is stored with U+FFFD
in its place, alone or in a group, and the frame sent is the row stored (PostgreSQL
cannot hold U+0000; every backend stores the same)."""

import json

import pytest
from django.utils import timezone

from agentweb.assistant.models import Run, RunEvent, event_store
from agentweb.assistant.runs import events
from agentweb.engine.events import Event, EventKind

pytestmark = pytest.mark.django_db

DATA = {"text": "Iron\x00 ore", "sources": [{"title": "a\x00"}]}
STORED = {"text": "Iron\ufffd ore", "sources": [{"title": "a\ufffd"}]}


def _sent(row: RunEvent) -> dict:
    return json.loads(events.broadcast_message(row)["text"])


def test_an_event_written_alone_is_stored_with_the_replacement_character(alice):
    run = Run.objects.create(user=alice, question="q")
    row = event_store.write_event(run.pk, "answer", DATA, timezone.now())
    assert row.data == STORED
    assert RunEvent.objects.get(pk=row.pk).data == STORED
    assert _sent(row)["data"] == STORED


def test_events_written_in_a_group_are_stored_with_the_replacement_character(alice):
    run = Run.objects.create(user=alice, question="q")
    [rows] = events.persist([(run.pk, None, [Event(0, EventKind.ANSWER, DATA)])])
    assert [row.data for row in rows] == [STORED]
    assert [row.data for row in RunEvent.objects.filter(run=run)] == [STORED]
    assert [_sent(row)["data"] for row in rows] == [STORED]
