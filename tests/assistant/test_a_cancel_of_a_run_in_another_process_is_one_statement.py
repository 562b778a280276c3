"""A stop for a run that executes in another process (a worker) is one statement: the
flag's conditional UPDATE, which also checks that the run is the player's and active.
Another player's run is answered like an unknown one, an ended run is refused, and
nothing is written for either; a queued run ends at once."""

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant import actions
from agentweb.assistant.errors import ServiceError
from agentweb.assistant.models import Run, RunEvent, Status
from tests.sql_counts import counting_statements

pytestmark = pytest.mark.django_db(transaction=True)


def _run(user, status: Status) -> int:
    return Run.objects.create(user=user, question="q", status=status, lease_owner="w1").pk


async def test_a_run_running_elsewhere_is_flagged_in_one_statement(alice):
    run_id = await database_sync_to_async(_run)(alice, Status.RUNNING)
    with counting_statements() as sent:
        await actions.acancel(alice, run_id)
    assert sent.by_kind == {"UPDATE": 1}, sent.listing()
    run = await database_sync_to_async(Run.objects.get)(pk=run_id)
    # Its worker ends it (and writes run.finished) at its next step.
    assert run.cancel_requested and run.status == Status.RUNNING


async def test_another_player_s_run_is_unknown_and_an_ended_one_is_refused(alice, bob):
    hers = await database_sync_to_async(_run)(alice, Status.RUNNING)
    ended = await database_sync_to_async(_run)(alice, Status.COMPLETED)
    with pytest.raises(ServiceError) as refused:
        await actions.acancel(bob, hers)
    assert (refused.value.code, refused.value.status) == ("unknown_run", 404)
    with pytest.raises(ServiceError) as refused:
        await actions.acancel(bob, hers + ended + 1000)
    assert (refused.value.code, refused.value.status) == ("unknown_run", 404)
    with pytest.raises(ServiceError) as refused:
        await actions.acancel(alice, ended)
    assert (refused.value.code, refused.value.status) == ("not_running", 409)
    flags = await database_sync_to_async(
        lambda: dict(Run.objects.values_list("pk", "cancel_requested"))
    )()
    assert flags == {hers: False, ended: False}


async def test_a_queued_run_ends_before_it_starts(alice):
    run_id = await database_sync_to_async(lambda: Run.objects.create(user=alice, question="q").pk)()
    await actions.acancel(alice, run_id)
    run = await database_sync_to_async(Run.objects.get)(pk=run_id)
    assert (run.status, run.cancel_requested) == (Status.CANCELLED, True)
    kinds = await database_sync_to_async(
        lambda: list(RunEvent.objects.filter(run_id=run_id).values_list("kind", flat=True))
    )()
    assert kinds == ["run.finished"]
