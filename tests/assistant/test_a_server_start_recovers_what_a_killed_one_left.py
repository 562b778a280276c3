"""R-REL-1: starting a server recovers what a killed one left, with no command to remember.

``agentweb.serve`` calls ``recover_at_start`` as its loop starts (``make run`` and the
scaled stack start it; workers reap on their first beat). A run that had started is
interrupted with its ``run.finished``; one that never started runs now; the messages
that waited behind either run as their own runs, without the player writing again.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.models import InboxEntry, InboxStatus, Run, RunEvent, Status
from agentweb.assistant.runs.executor import executor
from agentweb.assistant.runs.recovery import recover_at_start
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


def _killed(user, *, started: bool, waiting: str = "") -> Run:
    run = Run.objects.create(user=user, question="a long question", status=Status.RUNNING)
    if started:
        now = datetime.now(UTC)
        RunEvent.objects.create(run=run, seq=1, kind="run.started", data={}, ts=now)
        RunEvent.objects.create(run=run, seq=2, kind="round.started", data={}, ts=now)
        Run.objects.filter(pk=run.pk).update(last_seq=2)
    if waiting:
        InboxEntry.objects.create(user=user, run=run, text=waiting)
    return run


def _kinds(run: Run) -> list[str]:
    return list(run.events.order_by("seq").values_list("kind", flat=True))


async def test_a_killed_run_ends_interrupted_and_the_message_behind_it_runs(alice, model):
    killed = await database_sync_to_async(_killed)(alice, started=True, waiting="and torches?")
    model.push(route("system:chat"), answer("Torches need coal."))

    await recover_at_start()
    await executor.wait_all()

    killed = await database_sync_to_async(Run.objects.get)(pk=killed.pk)
    assert killed.status == Status.INTERRUPTED
    assert (await database_sync_to_async(_kinds)(killed))[-1] == "run.finished"
    entry = await database_sync_to_async(InboxEntry.objects.get)()
    assert entry.status == InboxStatus.STARTED
    next_run = await database_sync_to_async(Run.objects.get)(pk=entry.started_run_id)
    assert (next_run.question, next_run.status) == ("and torches?", Status.COMPLETED)
    assert next_run.answer == "Torches need coal."


async def test_a_run_killed_before_it_started_runs_now(alice, model):
    killed = await database_sync_to_async(_killed)(alice, started=False)
    model.push(route("system:chat"), answer("Here it is."))

    await recover_at_start()
    await executor.wait_all()

    again = await database_sync_to_async(Run.objects.get)(pk=killed.pk)
    assert (again.status, again.answer) == (Status.COMPLETED, "Here it is.")


def _ended_with_a_message(user) -> Run:
    run = Run.objects.create(user=user, question="done", status=Status.COMPLETED)
    InboxEntry.objects.create(user=user, run=run, text="one more thing")
    return run


async def test_a_message_left_behind_an_ended_run_runs_without_the_player_writing(alice, model):
    await database_sync_to_async(_ended_with_a_message)(alice)
    model.push(route("system:chat"), answer("Sure."))

    await recover_at_start()
    await executor.wait_all()

    runs = await database_sync_to_async(
        lambda: list(Run.objects.order_by("pk").values_list("question", "status"))
    )()
    assert runs == [("done", Status.COMPLETED), ("one more thing", Status.COMPLETED)]


async def test_a_second_start_finds_nothing_to_do(alice, model):
    await database_sync_to_async(_killed)(alice, started=True)
    await recover_at_start()

    again = await recover_at_start()

    assert (again.finished, again.to_start, again.promoted) == ([], [], [])
