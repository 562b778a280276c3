"""Without the database's foreign-key checks on the hot rows (runs, events, exchanges,
ledger rows), deleting a player or a run still removes or clears what refers to it."""

import pytest
from django.utils import timezone

from agentweb.assistant.models import Exchange, Run, RunEvent, event_store
from agentweb.control import quotas
from agentweb.control.models import UsageEntry

pytestmark = pytest.mark.django_db


def _answered_run(user) -> Run:
    """A run with an event, an exchange and a ledger row, written as a run writes them."""
    run = Run.objects.create(user=user, question="q", status="succeeded")
    event_store.write_event(run.pk, "answer", {"text": "a"}, timezone.now())
    Exchange.objects.create(user=user, run=run, generation=0, question="q", answer="a")
    quotas.record_usage(
        user_id=user.pk,
        run_id=run.pk,
        workflow="reasoning",
        purpose="answer",
        model="m",
        tokens_in=3,
        tokens_out=4,
        latency_ms=5,
    )
    return run


def test_deleting_a_run_deletes_its_events_and_exchange_and_keeps_its_ledger_rows(alice):
    run = _answered_run(alice)
    kept = _answered_run(alice)
    run.delete()
    assert list(RunEvent.objects.values_list("run_id", flat=True)) == [kept.pk]
    assert list(Exchange.objects.values_list("run_id", flat=True)) == [kept.pk]
    ledger = sorted(UsageEntry.objects.values_list("run_id", "user_id"), key=str)
    assert ledger == sorted([(None, alice.pk), (kept.pk, alice.pk)], key=str)


def test_deleting_a_player_deletes_their_runs_and_exchanges_and_keeps_the_ledger(alice, bob):
    _answered_run(alice)
    _answered_run(alice)
    bobs = _answered_run(bob)
    alice.delete()
    assert list(Run.objects.values_list("pk", flat=True)) == [bobs.pk]
    assert list(RunEvent.objects.values_list("run_id", flat=True)) == [bobs.pk]
    assert list(Exchange.objects.values_list("user_id", flat=True)) == [bob.pk]
    ledger = sorted(UsageEntry.objects.values_list("user_id", "run_id"), key=str)
    assert ledger == sorted([(None, None), (None, None), (bob.pk, bobs.pk)], key=str)
