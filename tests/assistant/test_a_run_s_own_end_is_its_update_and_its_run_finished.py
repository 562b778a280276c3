"""A run's own end (``finish_running``) is one conditional UPDATE of its row and the
``run.finished`` row numbered after its events, and only while it still runs under
the lease it was started with; a run's start (``begin``) is one UPDATE that returns
its row. Nothing else is written when the condition does not hold."""

import json

import pytest
from django.db import transaction
from django.utils import timezone

from agentweb.assistant.models import Run, RunEvent, Status, event_store, run_status
from agentweb.assistant.runs import events
from agentweb.engine import StopCode, StopReason
from tests.sql_counts import counting_statements

pytestmark = pytest.mark.django_db

DONE = StopReason(StopCode.ANSWERED, "answered")


def _running(user, owner: str = "") -> Run:
    run = Run.objects.create(user=user, question="q")
    run_status.claim(Run.objects.filter(pk=run.pk), owner=owner)
    return run


def test_the_end_is_two_statements_numbered_after_the_run_s_events(alice):
    run = _running(alice)
    for kind in ("run.started", "answer"):
        event_store.write_event(run.pk, kind, {}, timezone.now())

    with transaction.atomic(), counting_statements() as statements:
        (row,) = run_status.finish_running(
            run.pk, None, Status.COMPLETED, DONE, data={"workflow": "chat"}, answer="Mine it."
        )

    assert [s.split()[0] for s in statements.sql] == ["UPDATE", "INSERT"], statements.listing()
    assert (row.run_id, row.seq, row.kind) == (run.pk, 3, "run.finished")
    assert row.data == {"workflow": "chat", "status": "completed", "stop_reason": DONE.as_dict()}
    stored = Run.objects.get(pk=run.pk)
    assert (stored.status, stored.last_seq, stored.answer) == ("completed", 3, "Mine it.")
    assert stored.stop_reason == DONE.as_dict() and stored.finished_at is not None
    assert RunEvent.objects.get(pk=row.pk).data == row.data
    assert json.loads(events.broadcast_message(row)["text"])["data"] == row.data


def test_a_run_that_no_longer_runs_is_not_ended_again(alice):
    run = _running(alice)
    assert run_status.finish_running(run.pk, None, Status.COMPLETED, DONE)
    assert run_status.finish_running(run.pk, None, Status.FAILED, DONE) == []
    queued = Run.objects.create(user=alice, question="not started")
    assert run_status.finish_running(queued.pk, None, Status.COMPLETED, DONE) == []

    assert list(Run.objects.order_by("pk").values_list("status", "last_seq")) == [
        ("completed", 1),
        ("queued", 0),
    ]
    assert RunEvent.objects.count() == 1


def test_a_worker_ends_only_a_run_it_still_holds(alice):
    run = _running(alice, owner="worker-1")
    assert run_status.finish_running(run.pk, "worker-2", Status.COMPLETED, DONE) == []
    assert Run.objects.get(pk=run.pk).status == Status.RUNNING
    (row,) = run_status.finish_running(run.pk, "worker-1", Status.COMPLETED, DONE)
    assert row.seq == 1 and Run.objects.get(pk=run.pk).status == Status.COMPLETED


def test_text_with_a_nul_is_stored_and_sent_with_the_replacement_character(alice):
    run = _running(alice)
    (row,) = run_status.finish_running(
        run.pk, None, Status.COMPLETED, DONE, data={"text": "a\x00b"}, answer="x"
    )
    assert row.data["text"] == "a\ufffdb"
    assert RunEvent.objects.get(pk=row.pk).data["text"] == "a\ufffdb"
    assert json.loads(events.broadcast_message(row)["text"])["data"]["text"] == "a\ufffdb"


def test_the_start_claims_a_queued_run_or_a_worker_s_own_once(alice):
    queued = Run.objects.create(user=alice, question="q")
    with counting_statements() as statements:
        (claimed,) = run_status.begin(queued.pk, None, ["id", "status"], prompt_snapshot={"a": "b"})
    assert [s.split()[0] for s in statements.sql] == ["UPDATE"], statements.listing()
    assert claimed == (queued.pk, "running")
    assert run_status.begin(queued.pk, None, ["id"], prompt_snapshot={}) == []
    stored = Run.objects.get(pk=queued.pk)
    assert stored.prompt_snapshot == {"a": "b"} and stored.started_at is not None

    leased = _running(alice, owner="worker-1")
    assert run_status.begin(leased.pk, "worker-2", ["id"], prompt_snapshot={}) == []
    assert run_status.begin(leased.pk, "worker-1", ["id"], prompt_snapshot={}) == [(leased.pk,)]
    assert Run.objects.get(pk=leased.pk).lease_owner == "worker-1"


def test_many_runs_ended_at_once_each_get_their_run_finished(alice, monkeypatch):
    monkeypatch.setattr(event_store, "max_params", lambda: 11)
    started = [_running(alice) for _ in range(5)]
    event_store.write_event(started[0].pk, "run.started", {}, timezone.now())

    ended = run_status.interrupt(
        Run.objects.filter(pk__in=[r.pk for r in started]), {"code": "interrupted"}
    )

    assert sorted((row.run_id, row.seq) for row in ended) == [
        (run.pk, 2 if run is started[0] else 1) for run in started
    ]
    assert RunEvent.objects.filter(kind="run.finished").count() == 5
    assert set(Run.objects.values_list("status", flat=True)) == {"interrupted"}
