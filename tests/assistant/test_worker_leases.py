"""Worker leases on the embedded database: claim, renew, reap, and fenced event writes.

The same functions run against PostgreSQL in ``tests/scale``; here they are
checked one by one, fast, on SQLite.
"""

from datetime import timedelta

import pytest
from django.utils import timezone

from agentweb.assistant.models import Run, RunEvent
from agentweb.assistant.runs import events, leases
from agentweb.assistant.runs.recovery import reap_expired
from agentweb.engine import AgentFailure
from agentweb.engine.events import Event, EventKind

pytestmark = pytest.mark.django_db


def queued(user, n=1):
    return [Run.objects.create(user=user, question=f"q{i}") for i in range(n)]


def test_a_queued_run_is_claimed_by_one_worker_only(alice):
    (run,) = queued(alice)
    assert leases.claim_queued("w1", 5) == [run.pk]
    assert leases.claim_queued("w2", 5) == []
    run.refresh_from_db()
    assert run.status == "running" and run.lease_owner == "w1"
    assert run.lease_expires_at > timezone.now()


def test_a_worker_claims_no_more_than_its_free_capacity_oldest_first(alice, bob):
    runs = queued(alice, 2) + queued(bob, 1)
    assert leases.claim_queued("w1", 2) == [runs[0].pk, runs[1].pk]


def test_renewing_reports_runs_taken_away_but_not_runs_that_finished(alice):
    kept, finished, reaped = queued(alice, 3)
    leases.claim_queued("w1", 3)
    Run.objects.filter(pk=finished.pk).update(status="completed")
    Run.objects.filter(pk=reaped.pk).update(status="interrupted")
    assert leases.renew("w1", [kept.pk, finished.pk, reaped.pk]).lost == {reaped.pk}


def test_renewing_reads_the_stop_and_undo_flags_of_the_runs_still_held(alice):
    plain, stopped, undone, gone = queued(alice, 4)
    leases.claim_queued("w1", 4)
    Run.objects.filter(pk=stopped.pk).update(cancel_requested=True)
    Run.objects.filter(pk=undone.pk).update(cancel_requested=True, undo_requested=True)
    Run.objects.filter(pk=gone.pk).update(status="cancelled", cancel_requested=True)
    renewal = leases.renew("w1", [plain.pk, stopped.pk, undone.pk, gone.pk])
    assert renewal.flagged == {
        stopped.pk: AgentFailure.CANCELLED,
        undone.pk: AgentFailure.UNDONE,
    }
    assert renewal.lost == set()


def test_another_worker_s_flags_are_not_read_by_this_one(alice):
    (run,) = queued(alice)
    leases.claim_queued("w2", 1)
    Run.objects.filter(pk=run.pk).update(cancel_requested=True)
    assert leases.renew("w1", [run.pk]).flagged == {}


def expire(run):
    Run.objects.filter(pk=run.pk).update(lease_expires_at=timezone.now() - timedelta(seconds=1))


def test_an_expired_run_that_never_started_goes_back_to_the_queue(alice):
    (run,) = queued(alice)
    leases.claim_queued("w1", 1)
    expire(run)
    reaped = reap_expired()
    run.refresh_from_db()
    assert reaped.requeued == [run.pk] and run.status == "queued" and run.lease_owner == ""


def test_an_expired_run_that_started_is_interrupted_with_a_final_event(alice):
    (run,) = queued(alice)
    leases.claim_queued("w1", 1)
    events.persist([(run.pk, "w1", [Event(1, EventKind.RUN_STARTED, {})])])
    expire(run)
    reaped = reap_expired()
    run.refresh_from_db()
    assert run.status == "interrupted" and run.stop_reason["code"] == "interrupted"
    assert [(e.seq, e.kind) for e in run.events.order_by("seq")] == [
        (1, "run.started"),
        (2, "run.finished"),
    ]
    assert reaped.finished[0].data["status"] == "interrupted"


def test_a_worker_that_lost_its_lease_writes_nothing_more(alice):
    (run,) = queued(alice)
    leases.claim_queued("w1", 1)
    events.persist([(run.pk, "w1", [Event(1, EventKind.RUN_STARTED, {})])])
    expire(run)
    reap_expired()
    late = events.persist([(run.pk, "w1", [Event(2, EventKind.ROUND_STARTED, {})])])
    assert isinstance(late[0], events.LeaseLost)
    assert RunEvent.objects.filter(run=run).count() == 2  # run.started + the reaper's end


def test_one_batch_writes_the_events_of_several_runs(alice, bob):
    first, second = queued(alice) + queued(bob)
    leases.claim_queued("w1", 2)
    rows = events.persist(
        [
            (
                first.pk,
                "w1",
                [Event(1, EventKind.RUN_STARTED, {}), Event(2, EventKind.ROUND_STARTED, {})],
            ),
            (second.pk, "w1", [Event(1, EventKind.RUN_STARTED, {})]),
        ]
    )
    assert [[(r.run_id, r.seq) for r in run_rows] for run_rows in rows] == [
        [(first.pk, 1), (first.pk, 2)],
        [(second.pk, 1)],
    ]
    first.refresh_from_db()
    assert first.last_seq == 2
