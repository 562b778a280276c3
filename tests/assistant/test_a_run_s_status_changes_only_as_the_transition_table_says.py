"""Every status change of a run is an entry of ``run_status.TRANSITIONS``: a run in a
status the entry does not leave is not changed, one in a status it leaves reaches its
target, and a target the entry does not allow is refused with nothing written."""

import pytest

from agentweb.assistant.models import Run, RunEvent, Status, run_status
from agentweb.assistant.models.run_status import TRANSITIONS, IllegalTransition
from agentweb.engine.outcome import StopCode, StopReason

pytestmark = pytest.mark.django_db

STOP = StopReason(StopCode.TERMINATED, "test")

# Each transition on a queryset, and the status it reaches.
ON_A_QUERYSET = {
    "claim": (lambda runs: run_status.claim(runs), Status.RUNNING),
    "requeue": (lambda runs: run_status.requeue(runs), Status.QUEUED),
    "cancel_queued": (lambda runs: run_status.cancel_queued(runs), Status.CANCELLED),
    "interrupt": (lambda runs: run_status.interrupt(runs, STOP), Status.INTERRUPTED),
    "mark_undone": (lambda runs: run_status.mark_undone(runs, STOP, {}), Status.UNDONE),
    "finish_running": (
        lambda runs: run_status.finish(runs, Status.COMPLETED, STOP),
        Status.COMPLETED,
    ),
}


def test_every_transition_on_a_queryset_is_in_the_table():
    assert set(ON_A_QUERYSET) <= set(TRANSITIONS)
    assert set(TRANSITIONS) - set(ON_A_QUERYSET) == {"submit", "start_at_once", "import"}


@pytest.mark.parametrize("name", sorted(ON_A_QUERYSET))
def test_a_transition_changes_exactly_the_runs_in_its_sources(alice, name):
    change, target = ON_A_QUERYSET[name]
    runs = {
        status: Run.objects.create(user=alice, question="q", status=status) for status in Status
    }

    change(Run.objects.filter(pk__in=[run.pk for run in runs.values()]))

    after = dict(Run.objects.values_list("pk", "status"))
    for status, run in runs.items():
        expected = target if status in TRANSITIONS[name].sources else status
        assert after[run.pk] == expected, f"{name} of a {status} run"
    finished = set(RunEvent.objects.filter(kind="run.finished").values_list("run_id", flat=True))
    if target in (Status.QUEUED, Status.RUNNING):
        assert finished == set()
    else:
        assert finished == {runs[s].pk for s in TRANSITIONS[name].sources}


@pytest.mark.parametrize("target", [Status.QUEUED, Status.RUNNING, Status.INTERRUPTED])
def test_a_run_s_own_end_cannot_end_it_in_a_status_the_table_does_not_allow(alice, target):
    run = Run.objects.create(user=alice, question="q", status=Status.RUNNING)

    with pytest.raises(IllegalTransition):
        run_status.finish_running(run.pk, None, target, STOP)
    with pytest.raises(IllegalTransition):
        run_status.finish(Run.objects.filter(pk=run.pk), target, STOP)

    run.refresh_from_db()
    assert run.status == Status.RUNNING and not run.events.exists()


def test_a_new_run_starts_queued_a_driven_one_running_and_an_imported_one_ended(alice):
    with pytest.raises(IllegalTransition):
        run_status.new_run(user_id=alice.pk, question="q", status=Status.RUNNING)
    with pytest.raises(IllegalTransition):
        run_status.imported_run(Status.RUNNING, user_id=alice.pk, question="q")
    assert not Run.objects.exists()

    queued = run_status.new_run(user_id=alice.pk, question="q")
    imported = run_status.imported_run(Status.COMPLETED, user_id=alice.pk, question="q")

    assert Run.objects.get(pk=queued).status == Status.QUEUED
    assert Run.objects.get(pk=imported).status == Status.COMPLETED
    started = run_status.started_run(user_id=alice.pk, question="q")
    assert Run.objects.get(pk=started).status == Status.RUNNING
