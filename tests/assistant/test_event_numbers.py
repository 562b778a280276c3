"""Every event takes the run's next seq from the database, in one statement per event."""

import pytest
from django.utils import timezone

from agentweb.assistant.models import Run, RunEvent, event_store
from agentweb.assistant.runs import events
from agentweb.engine.events import InboxQueued

pytestmark = pytest.mark.django_db


def _run(user, **fields) -> Run:
    return Run.objects.create(user=user, question="q", **fields)


def test_events_written_one_by_one_are_numbered_after_the_run_s_count(alice):
    run = _run(alice, last_seq=2)
    first = event_store.write_event(run.pk, "round.started", {"n": 1}, timezone.now())
    second = event_store.write_event(run.pk, "answer", {"text": "é"}, timezone.now())
    run.refresh_from_db()
    assert (first.seq, second.seq, run.last_seq) == (3, 4, 4)
    stored = RunEvent.objects.get(pk=second.pk)
    assert (stored.kind, stored.data, stored.seq) == ("answer", {"text": "é"}, 4)


def test_a_message_queued_between_two_events_takes_the_seq_between_them(alice):
    run = _run(alice, status="running")
    event_store.write_event(run.pk, "run.started", {}, timezone.now())
    queued = events.append(run.pk, InboxQueued(entry_id=1, text="and then?"))
    after = event_store.write_event(run.pk, "round.started", {}, timezone.now())
    assert (queued.seq, after.seq) == (2, 3)
    assert list(run.events.order_by("seq").values_list("seq", flat=True)) == [1, 2, 3]


def test_a_worker_without_the_lease_writes_nothing(alice):
    run = _run(alice, status="running", lease_owner="w1")
    assert event_store.write_event(run.pk, "x", {}, timezone.now(), owner="w2") is None
    assert event_store.write_event(run.pk, "x", {}, timezone.now(), owner="w1").seq == 1
    assert event_store.write_event(0, "x", {}, timezone.now()) is None
    assert RunEvent.objects.count() == 1


def test_deleting_a_run_deletes_its_events(alice):
    run = _run(alice)
    event_store.write_event(run.pk, "run.started", {}, timezone.now())
    run.delete()
    assert not RunEvent.objects.exists()
