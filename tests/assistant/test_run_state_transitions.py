"""A run's status changes only through run_status's transitions, each a conditional UPDATE."""

import pytest

from agentweb.assistant.models import Run, run_status
from agentweb.assistant.runs import events
from agentweb.engine.events import EventKind, InboxQueued
from agentweb.engine.outcome import StopCode, StopReason
from tests.event_samples import SAMPLES

pytestmark = pytest.mark.django_db
QUEUED = SAMPLES[EventKind.INBOX_QUEUED]


def a_run(user, **fields):
    return Run.objects.create(user=user, question="q", **fields)


def test_a_queued_run_is_claimed_once(alice):
    run = a_run(alice)
    assert run_status.claim(Run.objects.filter(pk=run.pk)) == 1
    assert run_status.claim(Run.objects.filter(pk=run.pk)) == 0
    run.refresh_from_db()
    assert run.status == "running" and run.started_at is not None


def test_cancel_queued_leaves_a_running_run_alone(alice):
    running = a_run(alice, status="running")
    queued = a_run(alice)
    ended = run_status.cancel_queued(Run.objects.filter(pk__in=[running.pk, queued.pk]))
    assert [(e.run_id, e.kind, e.data["status"]) for e in ended] == [
        (queued.pk, "run.finished", "cancelled")
    ]
    running.refresh_from_db()
    queued.refresh_from_db()
    assert running.status == "running"
    assert queued.status == "cancelled" and queued.cancel_requested
    assert queued.stop_reason["code"] == "cancelled" and queued.finished_at is not None


def test_a_fenced_finish_does_nothing_once_another_worker_holds_the_run(alice):
    run = a_run(alice)
    run_status.claim(Run.objects.filter(pk=run.pk), owner="w2")
    stop = StopReason(StopCode.ANSWERED)
    assert run_status.finish(Run.objects.filter(pk=run.pk).fenced("w1"), "completed", stop) == []
    assert (
        len(
            run_status.finish(
                Run.objects.filter(pk=run.pk).fenced("w2"), "completed", stop, answer="a"
            )
        )
        == 1
    )
    run.refresh_from_db()
    assert (run.status, run.answer, run.stop_reason["code"]) == ("completed", "a", "answered")


def test_only_a_running_run_goes_back_to_the_queue(alice):
    done = a_run(alice, status="completed")
    assert run_status.requeue(Run.objects.filter(pk=done.pk)) == 0
    running = a_run(alice)
    run_status.claim(Run.objects.filter(pk=running.pk), owner="w1")
    assert run_status.requeue(Run.objects.filter(pk=running.pk)) == 1
    running.refresh_from_db()
    assert (running.status, running.lease_owner, running.started_at) == ("queued", "", None)


def test_an_event_written_outside_the_loop_takes_the_next_seq(alice):
    run = a_run(alice, last_seq=4)
    row = events.append(run.pk, InboxQueued(entry_id=1, text="hi"))
    run.refresh_from_db()
    assert row.seq == 5 and run.last_seq == 5


def test_an_event_for_a_run_in_another_status_is_not_written(alice):
    run = a_run(alice, status="running")
    assert events.append(run.pk, InboxQueued(**QUEUED), while_statuses=("queued",)) is None
    run.refresh_from_db()
    assert run.last_seq == 0 and not run.events.exists()


def test_every_finish_writes_one_run_finished_with_the_next_seq(alice):
    run = a_run(alice, status="running", last_seq=3)
    stop = StopReason(StopCode.ANSWERED)

    first = run_status.finish(
        Run.objects.filter(pk=run.pk, status="running"),
        "completed",
        stop,
        data={"text": "t"},
    )
    again = run_status.finish(Run.objects.filter(pk=run.pk, status="running"), "completed", stop)

    assert [(e.seq, e.data["status"], e.data["text"]) for e in first] == [(4, "completed", "t")]
    assert again == [], "a run ends once"
    assert run.events.filter(kind="run.finished").count() == 1
