"""An event written from outside the loop (``events.append``: a queued message, undo) is one
statement, its status condition read in it; nothing is written to a run without that status."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from agentweb.assistant.models import ACTIVE_STATUSES, Run
from agentweb.assistant.runs import events
from agentweb.engine.events import EventKind, InboxQueued, RunFinished
from tests.event_samples import SAMPLES

pytestmark = pytest.mark.django_db
QUEUED, FINISHED = SAMPLES[EventKind.INBOX_QUEUED], SAMPLES[EventKind.RUN_FINISHED]


def test_a_queued_message_s_event_is_one_statement(alice):
    run = Run.objects.create(user=alice, question="q", status="running", last_seq=3)
    with CaptureQueriesContext(connection) as captured:
        row = events.append(
            run.pk, InboxQueued(entry_id=1, text="and?"), while_statuses=ACTIVE_STATUSES
        )
    assert len(captured.captured_queries) == 1
    assert (row.seq, row.kind, row.data) == (4, "inbox.queued", {"entry_id": 1, "text": "and?"})
    assert run.events.get().pk == row.pk


def test_a_run_that_ended_gets_no_event_and_keeps_its_count(alice):
    run = Run.objects.create(user=alice, question="q", status="completed", last_seq=3)
    assert events.append(run.pk, InboxQueued(**QUEUED), while_statuses=ACTIVE_STATUSES) is None
    run.refresh_from_db()
    assert run.last_seq == 3 and not run.events.exists()


def test_without_a_condition_any_existing_run_gets_its_event(alice):
    run = Run.objects.create(user=alice, question="q", status="undone")
    assert events.append(run.pk, RunFinished(**FINISHED)).seq == 1
    assert events.append(0, RunFinished(**FINISHED)) is None
